# SPDX-License-Identifier: MIT
"""Count the instructions uaccess-bench's calls execute, exactly, under qemu-aarch64.

Method (as bench/riscv64/count.py, shared code in bench/qemu_count.py).
qemu-aarch64 -singlestep (-one-insn-per-tb from QEMU 8.1 on) translates one
guest instruction per translation block, and -d exec,nochain logs every
block it executes, with the guest pc: one line per executed instruction.
-dfilter keeps only the pcs of the code we care about: all of the library's
code in the program (every input section the link map shows taken from
libuaccess.a, so a helper it calls is counted wherever it lies), ref.S's
routines, the bench_call_* functions that make the calls, and the two
markers. The program calls bench_cell_begin() and bench_cell_end() around
each counted call and prints one "cell" line per call, in order; the i-th
cell is what ran between the i-th pair of markers. Each pc is classified
by joining it with objdump -d of the binary: loads, stores, dc zva, other.

Each CPU model of --cpus gets two runs: the program's check sweep without
the log (every column over many sizes and offsets; any wrong byte stops
the bench), then the count. Before reporting, every count of ref.S's
routines is checked against closed forms worked out from their code by
hand, ref_clear_zva's from the dc zva block the CPU announced: if one
instruction were missed or counted twice anywhere, they would not match.

Output: results.md (also printed) and results.csv in --out.
"""

import argparse
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from qemu_count import (run, symbols, pc_table, code_sections, library_text,  # noqa: E402
                        library_imports, one_insn_option, dfilter, md_table, count_cells,
                        write_report)

OPS = ["clear_user", "copy_to_user", "copy_from_user"]
COLUMNS = {
    "clear_user": ["lib", "ref:bytes", "ref:dwords", "ref:x8", "ref:stp", "ref:zva"],
    "copy_to_user": ["lib", "ref:bytes", "ref:dwords"],
    "copy_from_user": ["lib", "ref:bytes", "ref:dwords"],
}
CLASSES = ["loads", "stores", "dc zva"]
ROUTINES = ["_uaccess_clear_user", "_uaccess_copy_to_user", "_uaccess_copy_from_user"]
DZP = 1 << 4


def alignment_name(dst, src):
    return "aligned" if not dst and not src else \
        "dst+%d" % dst if dst else "src+%d" % src


def zva_block(dczid):
    """The dc zva block in bytes that DCZID_EL0 announces, 0 if DZP prohibits it."""
    return 0 if dczid & DZP else 4 << (dczid & 15)


# Instructions ref.S's routines execute for n bytes, worked out from ref.S
# by hand (its header comment); ref_clear_zva also by the destination's
# offset from a block and DCZID_EL0.
def _x8(n):
    return 8 + 11 * (n // 64) + 4 * (n % 64 // 8 + n % 8)


def _zva(n, off, dczid):
    block = zva_block(dczid)
    if not block:
        return 2 + _x8(n)
    first, last = -(-off // block) * block, (off + n) // block * block
    if first >= last:
        return 12 + _x8(n)
    head, tail = first - off, off + n - last
    return (18 + 4 * (last - first) // block + (_x8(head) - 2 if head else 0) +
            (_x8(tail) - 2 if tail else 0))


EXPECTED = {
    ("clear_user", "ref:bytes"): lambda n, off, dczid: 3 + 4 * n,
    ("clear_user", "ref:dwords"): lambda n, off, dczid: 6 + 4 * (n // 8 + n % 8),
    ("clear_user", "ref:x8"): lambda n, off, dczid: _x8(n),
    ("clear_user", "ref:stp"): lambda n, off, dczid:
        8 + 6 * (n // 64) + 3 * (n % 64 // 8 + n % 8),
    ("clear_user", "ref:zva"): _zva,
}
for _op in ("copy_to_user", "copy_from_user"):
    EXPECTED[(_op, "ref:bytes")] = lambda n, off, dczid: 3 + 6 * n
    EXPECTED[(_op, "ref:dwords")] = lambda n, off, dczid: 6 + 6 * (n // 8 + n % 8)


def classify(mnemonic, operands):
    if mnemonic == "dc" and operands.split(",")[0] in ("zva", "gzva"):
        return "dc zva"
    if mnemonic.startswith("ld"):       # ldr, ldp, ldtr, ldur, ldxr, ... and their forms
        return "loads"
    if mnemonic.startswith("st"):       # str, stp, sttr, stur, stxr, ...
        return "stores"
    return "other"


def new_cell():
    cell = {"routine": 0, "caller": 0}
    cell.update({c: 0 for c in CLASSES})
    return cell


def prepare(args):
    """The pc table, the markers' pcs, the -dfilter argument, the size of the
    library's code and the names it uses from outside."""
    syms = symbols(args.nm, args.bin)
    lib_text = library_text(args.map, args.lib, code_sections(args.objdump, args.bin))
    ranges = [(s, e, "routine") for s, e in lib_text]
    for name, (addr, size) in syms.items():
        if name in ("bench_cell_begin", "bench_cell_end"):
            ranges.append((addr, addr + size, name))
        elif name.startswith("bench_call_"):
            ranges.append((addr, addr + size, "caller"))
        elif name.startswith("ref_"):
            ranges.append((addr, addr + size, "routine"))
    for needed in ["bench_cell_begin", "bench_cell_end", "ref_clear_zva",
                   "bench_call_lib_clear"] + ROUTINES:
        if needed not in syms:
            sys.exit("count.py: %s has no symbol %s" % (args.bin, needed))
    for name in ROUTINES:
        if not any(s <= syms[name][0] < e for s, e in lib_text):
            sys.exit("count.py: %s is not in the library's code that %s shows"
                     % (name, args.map))
    pcs = pc_table(args.objdump, args.bin, ranges, classify, 16, operands=True)
    return {"pcs": pcs, "begin": b"%016x" % syms["bench_cell_begin"][0],
            "end": b"%016x" % syms["bench_cell_end"][0],
            "dfilter": dfilter((s, e) for s, e, _ in ranges),
            "lib_bytes": sum(e - s for s, e in lib_text),
            "imports": library_imports(args.nm, args.lib)}


def count(args, cpu, prepared, one_insn):
    qemu = args.qemu.split() + ["-cpu", cpu]
    # The sweep's own messages (the first wrong byte) go straight to stderr.
    sweep = subprocess.run(qemu + [args.bin, "check"], stdout=subprocess.PIPE, text=True)
    if sweep.returncode:
        sys.exit("count.py: -cpu %s: the check sweep failed (exit status %d)"
                 % (cpu, sweep.returncode))
    checked = sweep.stdout.strip()
    cmd = qemu + [one_insn, "-d", "exec,nochain", "-dfilter", prepared["dfilter"],
                  "-D", "/dev/stderr", args.bin, "count"]
    t0 = time.time()
    cells, lines, stray, stdout, rc = count_cells(cmd, prepared["begin"], prepared["end"],
                                                  prepared["pcs"], new_cell)
    if rc:
        sys.exit("count.py: %s ... count exited with %d" % (" ".join(qemu), rc))
    header = [l for l in stdout.splitlines() if l.startswith("# uaccess-bench count")]
    rows = [l.split() for l in stdout.splitlines() if l.startswith("cell ")]
    if len(rows) != len(cells) or stray or not rows or not header:
        sys.exit("count.py: -cpu %s: %d cells printed, %d counted, %d stray pcs" %
                 (cpu, len(rows), len(cells), stray))
    m = re.search(r"dczid 0x([0-9a-f]+); library: (.*)$", header[0])
    results = {}
    for (_, op, col, n, dst, src), cell in zip(rows, cells):
        results[(op, col, int(n), int(dst), int(src))] = cell
    return results, {"cpu": cpu, "dczid": int(m.group(1), 16), "strategy": m.group(2),
                     "checked": checked, "seconds": time.time() - t0, "log_lines": lines}


def self_check(results, info):
    problems, checked = [], 0
    for (op, col, n, dst, src), cell in results.items():
        want = EXPECTED.get((op, col))
        if not want:
            continue
        checked += 1
        expected = want(n, dst, info["dczid"])
        if cell["routine"] != expected:
            problems.append("-cpu %s: %s %s %d (%s): counted %d, expected %d" %
                            (info["cpu"], op, col, n, alignment_name(dst, src),
                             cell["routine"], expected))
    return checked, problems


def zva_crossover(results, align):
    """The smallest size from which ref:zva runs fewer instructions than
    ref:x8 at every larger size of the table, with both counts; None if
    it never does."""
    sizes = sorted({n for (op, c, n, d, s) in results if op == "clear_user"})
    found = None
    for n in reversed(sizes):
        zva = results[("clear_user", "ref:zva", n) + align]["routine"]
        x8 = results[("clear_user", "ref:x8", n) + align]["routine"]
        if zva >= x8:
            break
        found = (n, zva, x8)
    return found


def report(args, runs, info):
    md = []
    w = md.append
    w("# uaccess benchmark: AArch64, instructions counted under qemu-aarch64")
    w("")
    w("- date: %s; qemu: %s; library: `%s`, built by %s"
      % (time.strftime("%Y-%m-%d"), info["version"], args.cflags, args.cc))
    w("- CPU models: %s" % "; ".join(
        "`-cpu %s`: DCZID_EL0 %#x, %s; the library after `uaccess_init()`: \"%s\""
        % (r["cpu"], r["dczid"], "dc zva block %d bytes" % zva_block(r["dczid"])
           if zva_block(r["dczid"]) else "dc zva prohibited (DZP)", r["strategy"])
        for _, r in runs))
    w("- what: `_uaccess_clear_user`, `_uaccess_copy_to_user`, `_uaccess_copy_from_user` "
      "(clear_user, copy_to_user, copy_from_user after their inline checks), one call per "
      "cell, at a page-aligned destination and source (aligned), the destination 3 bytes "
      "further (dst+3) or, for copies, the source 5 bytes further (src+5)")
    w("- columns: **lib** = the library: every instruction run in its code, whichever of "
      "its functions runs it (%d bytes of code, from the link map); ref.S: **ref:bytes** = "
      "`sttrb` (copies: `ldrb`/`ldtrb` + `sttrb`/`strb`) per byte; **ref:dwords** = `sttr "
      "xzr` (copies: `ldr` + `sttr`, `ldtr` + `str`) per 8 bytes, bytes after; **ref:x8** "
      "= `sttr xzr` unrolled x8 (64 bytes a round), then doublewords, then bytes; "
      "**ref:stp** = `stp xzr, xzr` unrolled x4 with post-index, `str`, `strb`: plain "
      "stores, what a kernel could run with PAN cleared; **ref:zva** = `dc zva` over the "
      "whole DCZID_EL0 blocks of the range (block size read on every call), ref:x8's loop "
      "for the head and tail, ref:x8 whole without a whole block or with DZP set. "
      "**best** = the reference with the fewest; **lib / best** over it" % info["lib_bytes"])
    w("- %s" % ("the library uses no symbol from outside itself (`nm`), so all it runs is in "
                "the counted code" if not info["imports"] else
                "**the library uses %s from outside itself: instructions run there are not "
                "counted**" % ", ".join("`%s`" % n for n in info["imports"])))
    w("- method: `qemu-aarch64 -cpu CPU %s -d exec,nochain -dfilter <the code>` logs one "
      "line per executed instruction; count.py counts the lines between the program's "
      "markers around each call and classifies each pc by `objdump -d` (stores: every "
      "`st*`; loads: every `ld*`; `dc zva`). Exact: checked against ref.S's routines, whose "
      "counts are known in closed form (%s). Every call's result is checked byte by byte "
      "(a wrong one stops the bench), and before each count the program's check sweep "
      "runs: %s." % (info["one_insn"], info["check"], "; ".join(
          "%s: %s" % (cpu, r["checked"]) for cpu, r in runs)))
    callers = {}
    for _, r in runs:
        for (op, col, n, d, s), c in r["results"].items():
            callers.setdefault((op, "lib" if col == "lib" else "ref"), set()).add(c["caller"])
    w("- counts are the routine's own instructions; the calling function adds a constant "
      "per call, not in the tables (for the library its inline `access_ok()`, Spectre-v1 "
      "mask and call; for a reference its call): %s" % ", ".join(
          "%s %s %s" % (op, who, "/".join(str(v) for v in sorted(s)))
          for (op, who), s in sorted(callers.items())))
    w("- instruction counts are exact and follow from the code; time needs a real core, "
      "where a `dc zva` block is far cheaper than the stores it replaces and `stp` "
      "stores 16 bytes at once")
    w("- count runs: %s" % ", ".join("-cpu %s %.1f s (%d logged instructions)"
                                     % (cpu, r["seconds"], r["log_lines"]) for cpu, r in runs))

    for cpu, r in runs:
        res = r["results"]
        block = zva_block(r["dczid"])
        for op in OPS:
            refs = COLUMNS[op][1:]
            aligns = sorted({(d, s) for (o, c, n, d, s) in res if o == op},
                            key=lambda a: (a[1], a[0]))
            sizes = sorted({n for (o, c, n, d, s) in res if o == op})
            w("")
            w("## %s, `-cpu %s` (dc zva block %s): instructions per call"
              % (op, cpu, "%d bytes" % block if block else "prohibited"))
            w("")
            rows = []
            for a in aligns:
                for n in sizes:
                    c = {col: res[(op, col, n) + a]["routine"] for col in COLUMNS[op]}
                    best = min(refs, key=lambda col: c[col])
                    rows.append([alignment_name(*a), n] + [c[col] for col in COLUMNS[op]] +
                                [best, "%.2f" % (c["lib"] / c[best])])
            md.extend(md_table(["alignment", "size"] + COLUMNS[op] + ["best", "lib / best"],
                               rows))
            if op == "clear_user":
                w("")
                for a in aligns:
                    x = zva_crossover(res, a)
                    w("- %s: ref:zva runs fewer instructions than ref:x8 %s" % (
                        alignment_name(*a), "from %d bytes on (%d against %d)" % x if x
                        else "at none of these sizes"))

    w("")
    w("## clear_user: the library's instructions by kind, 4 KiB and 16 KiB")
    w("")
    rows = []
    for cpu, r in runs:
        for (op, col, n, d, s), c in sorted(r["results"].items()):
            if op == "clear_user" and col == "lib" and n in (4096, 16384):
                rows.append(["`%s`" % cpu, alignment_name(d, s), n, c["routine"], c["stores"],
                             c["dc zva"], c["loads"],
                             c["routine"] - c["stores"] - c["dc zva"] - c["loads"]])
    md.extend(md_table(["CPU", "alignment", "size", "instructions", "stores", "dc zva",
                        "loads", "other"], rows))

    with open(os.path.join(args.out, "results.csv"), "w") as f:
        f.write("op,cpu,zva_block,column,size,dst_offset,src_offset,instructions,"
                "caller_instructions,loads,stores,dc_zva,method\n")
        for cpu, r in runs:
            for (op, col, n, d, s), c in r["results"].items():
                f.write("%s,%s,%d,%s,%d,%d,%d,%d,%d,%d,%d,%d,qemu-aarch64 instruction count "
                        "(exact)\n" % (op, cpu, zva_block(r["dczid"]), col, n, d, s,
                                       c["routine"], c["caller"], c["loads"], c["stores"],
                                       c["dc zva"]))
    return md


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bin", required=True)
    p.add_argument("--lib", required=True)
    p.add_argument("--map", required=True, help="the program's GNU ld link map")
    p.add_argument("--out", required=True)
    p.add_argument("--qemu", default="qemu-aarch64")
    p.add_argument("--cpus", default="max cortex-a53", help="qemu CPU models, one run each")
    p.add_argument("--nm", default="aarch64-linux-gnu-nm")
    p.add_argument("--objdump", default="aarch64-linux-gnu-objdump")
    p.add_argument("--cflags", default="", help="the library's build flags, for the report")
    p.add_argument("--cc", default="aarch64-linux-gnu-gcc", help="the compiler, for the report")
    args = p.parse_args()

    t0 = time.time()
    args.cc = "%s (%s)" % (args.cc, run(args.cc.split() + ["--version"]).splitlines()[0])
    prepared = prepare(args)
    info = {"one_insn": one_insn_option(args.qemu), "lib_bytes": prepared["lib_bytes"],
            "imports": prepared["imports"],
            "version": run(args.qemu.split() + ["--version"]).splitlines()[0]}
    runs, problems, checked = [], [], 0
    for cpu in args.cpus.split():
        results, run_info = count(args, cpu, prepared, info["one_insn"])
        run_info["results"] = results
        runs.append((cpu, run_info))
        n, p_ = self_check(results, run_info)
        checked += n
        problems += p_
    if problems or not checked:
        sys.exit("count.py: the count is not exact:\n  " + "\n  ".join(problems or ["nothing checked"]))
    info["check"] = "%d cells matched" % checked
    md = report(args, runs, info)
    write_report(args.out, md, time.time() - t0)


if __name__ == "__main__":
    main()
