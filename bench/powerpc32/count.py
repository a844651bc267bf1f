# SPDX-License-Identifier: MIT
"""Count the instructions uaccess-bench's calls execute, exactly, under qemu-ppc.

Method. qemu-ppc -singlestep (-one-insn-per-tb from QEMU 8.1 on) translates
one guest instruction per translation block, and -d exec,nochain logs every
block it executes (nochain: blocks return to the main loop instead of
jumping straight to the next one, which would skip the log), with the guest
pc. So the log has one line per executed instruction. -dfilter keeps only
the pcs inside the functions we care about: every .text symbol of
libuaccess.a, the loops of ref.S, the bench_call_* functions that make the
calls, and the two markers. The program calls bench_cell_begin() and
bench_cell_end() around each counted call and prints one "cell" line per
call, in order; the i-th cell is what ran between the i-th pair of markers.
Each pc is classified by joining it with objdump -d of the binary: loads,
stores, dcbz, dcbt, other. No QEMU plugin (and no plugin header) is needed.

The log is read from a pipe as qemu writes it (about a million lines, never
stored). Before reporting, the counts of ref.S's loops are checked against
formulas worked out from their code by hand: if one instruction were
missed or counted twice anywhere, they would not match.

The program also counts the library (dcbz) against ref.S's Linux-shaped
clear and copy (ref:linux) at sizes 1..16 KiB, aligned, with the
destination at +3 and with the source at +5; --vs BIN,LIB,CPU adds the
same cells of another build (the other line size), so that one table has
both.

Output: results.md (also printed) and results.csv in --out, then the
program's time-base mode run under qemu without logging, appended to
results.md only to show it works: under emulation its ticks mean nothing.
"""

import argparse
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from qemu_count import run, symbols, library_functions, pc_table, merge, md_table, count_cells, write_report  # noqa: E402

COLUMNS = ["dcbz", "words", "ref:words", "ref:bytes"]
OPS = ["clear_user", "copy_user"]
# The string calls: the library (aligned words) against ref_strings.h's byte loop.
STR_OPS = ["strnlen_user", "strncpy_from_user"]
STR_COLUMNS = ["lib", "ref:bytes"]
CLASSES = ["loads", "stores", "dcbz", "dcbt"]
ROUTINE_NAME = {"clear_user": "_uaccess_clear_user", "copy_user": "_uaccess_copy_user"}

# Instructions ref.S's loops execute for n bytes, worked out from ref.S by
# hand: (formula, whether it needs a word-aligned destination and n a
# multiple of 4). The byte loops hold for any destination and n >= 1.
EXPECTED = {
    ("clear_user", "ref:words"): (lambda n: 16 + n // 2, True),     # stwu, bdnz a word
    ("copy_user", "ref:words"): (lambda n: 18 + 3 * n // 4, True),  # lwzu, stwu, bdnz
    ("clear_user", "ref:bytes"): (lambda n: 7 + 2 * n, False),      # stbu, bdnz a byte
    ("copy_user", "ref:bytes"): (lambda n: 7 + 3 * n, False),       # lbzu, stbu, bdnz
}

# The targets of the dcbz routines: dcbz against the plain word loop, routine against
# routine. clear_user from 1 KiB on, copy_user at every size.
LIMITS = {"clear_user": (0.25, 1024), "copy_user": (1.1, 0)}

# The library against ref:linux: every cell at most VS_LIMIT, or VS_LIMIT_MISALIGNED
# where the reference stores a word to a misaligned destination (the library
# never does: docs/powerpc32.md).
VS_ALIGNS = ["aligned", "dst+3", "src+5"]
VS_LIMIT, VS_LIMIT_MISALIGNED = 1.00, 1.25


def ref_misaligned(op, dst, n, line):
    """Whether ref.S's Linux-shaped routine stores a word to a misaligned
    address for n bytes at dst, from its code: the clear's first word goes
    to the destination itself; the copy stores words from a misaligned
    destination when the range ends before the destination's next line."""
    if dst % 4 == 0 or n < 4:
        return False
    return op == "clear_user" or n < -dst % line


def classify(mnemonic):
    # Prefixes, since objdump's default dialect prints some encodings under
    # Book E names (plain dcbt as "dcbtct").
    if mnemonic.startswith("dcbz"):
        return "dcbz"
    if mnemonic.startswith("dcbt"):
        return "dcbt"
    # Every PowerPC mnemonic that starts with "st" is a store (stb, sth,
    # stw, stmw, stswi, stwcx., stf*, their u/x forms); those that start
    # with "l" are loads, except li, lis and la.
    if mnemonic.startswith("st"):
        return "stores"
    if mnemonic.startswith("l") and mnemonic not in ("li", "lis", "la"):
        return "loads"
    return "other"


def new_cell():
    cell = {"routine": 0, "caller": 0}
    cell.update({c: 0 for c in CLASSES})
    return cell


def count(args, binary, library, cpu):
    syms = symbols(args.nm, binary)
    lib = library_functions(args.nm, library)
    ranges = []   # (start, end, region)
    for name, (addr, size) in syms.items():
        if name in ("bench_cell_begin", "bench_cell_end"):
            region = name
        elif name.startswith("bench_call_"):
            region = "caller"
        elif name in lib or name.startswith("ref_"):
            region = "routine"
        else:
            continue
        ranges.append((addr, addr + size, region))
    for needed in ("bench_cell_begin", "bench_cell_end", "_uaccess_clear_user", "_uaccess_copy_user",
                   "ref_clear_words", "bench_call_lib_clear"):
        if needed not in syms:
            sys.exit("count.py: %s has no symbol %s" % (binary, needed))
    pcs = pc_table(args.objdump, binary, ranges, classify, 8)
    begin = b"%08x" % syms["bench_cell_begin"][0]
    end = b"%08x" % syms["bench_cell_end"][0]
    dfilter = ",".join("0x%x+0x%x" % (s, e - s) for s, e in merge((s, e) for s, e, _ in ranges))

    # QEMU 8.1 renamed -singlestep (gone from 9.0 on) to -one-insn-per-tb.
    qemu_help = subprocess.run(args.qemu.split() + ["-h"], capture_output=True, text=True).stdout
    one_insn = "-one-insn-per-tb" if "-one-insn-per-tb" in qemu_help else "-singlestep"
    cmd = args.qemu.split() + ["-cpu", cpu, one_insn, "-d", "exec,nochain",
                               "-dfilter", dfilter, "-D", "/dev/stderr",
                               binary, "count"] + args.bench_args
    t0 = time.time()
    cells, lines, stray, stdout, rc = count_cells(cmd, begin, end, pcs, new_cell)
    if rc:
        sys.exit("count.py: %s exited with %d" % (" ".join(cmd[:3]), rc))
    seconds = time.time() - t0

    header = [l for l in stdout.splitlines() if l.startswith("# uaccess-bench count")]
    line_size = int(re.search(r"UACCESS_DCBZ_LINE (\d+)", header[0]).group(1))
    measured = int(re.search(r"dcbz clears (\d+)", header[0]).group(1))
    rows = [l.split() for l in stdout.splitlines() if l.startswith("cell ")]
    if len(rows) != len(cells) or stray:
        sys.exit("count.py: %d cells printed, %d counted, %d stray pcs" %
                 (len(rows), len(cells), stray))
    results = {}
    for (_, op, col, n, addr, strategy), cell in zip(rows, cells):
        n, addr = int(n), int(addr, 16)
        line = line_size or 32   # built without dcbz: the loops still work in 32s
        cell["whole_lines"] = max(0, (addr + n) // line - (addr + line - 1) // line)
        cell.update(n=n, addr=addr, strategy=strategy)
        results[(op, col, n)] = cell
    return results, {"line": line_size, "measured": measured, "seconds": seconds,
                     "log_lines": lines, "one_insn": one_insn, "cpu": cpu}


def self_check(results):
    """ref.S's loops against their formulas; dcbz never beyond whole lines."""
    problems, checked = [], 0
    for (op, col, n), cell in results.items():
        want, aligned = EXPECTED.get((op, col), (None, False))
        if want and n >= 1 and (not aligned or (cell["addr"] % 4 == 0 and n % 4 == 0)):
            checked += 1
            if cell["routine"] != want(n):
                problems.append("%s %s %d: counted %d, expected %d" %
                                (op, col, n, cell["routine"], want(n)))
        if cell["dcbz"] > cell["whole_lines"]:
            problems.append("%s %s %d: %d dcbz for %d whole lines" %
                            (op, col, n, cell["dcbz"], cell["whole_lines"]))
    return checked, problems


def per_kib(cell):
    return cell["routine"] * 1024.0 / cell["n"]


def report(args, results, info):
    sizes = sorted({n for (op, col, n) in results if op in OPS and col in COLUMNS})
    strategy = {col: results[("clear_user", col, sizes[0])]["strategy"] for col in COLUMNS}
    md = []
    w = md.append
    w("# uaccess benchmark: PowerPC32, instructions counted under qemu-ppc")
    w("")
    w("- what: `_uaccess_clear_user` (clear_user) and `_uaccess_copy_user` (copy_to_user; copy_from_user "
      "runs the same routine), one call per size; destination and source at offset %d "
      "into their pages (`BENCH_ARGS=\"-a OFFSET\"` to change it)"
      % (results[("clear_user", "dcbz", sizes[0])]["addr"] % 4096))
    w("- columns: **dcbz** = the library after `uaccess_init_features(UACCESS_FEAT_DCBZ)` "
      "(strategy \"%s\"), **words** = after `uaccess_init_features(0)` (strategy \"%s\"), "
      "**ref:words** = ref.S's plain word loop (clear: `stwu` + `bdnz` per word; copy: "
      "`lwzu` + `stwu` + `bdnz` per word), **ref:bytes** = ref.S's byte loop"
      % (strategy["dcbz"], strategy["words"]))
    if strategy["dcbz"] != "dcbz":
        w("- **the library refused dcbz on this CPU** (the line it measured, %d bytes, is "
          "not the build's UACCESS_DCBZ_LINE %d), so the dcbz column runs the word "
          "strategy; choose BENCH_QEMU_CPU with the build's line" % (info["measured"], info["line"]))
    w("- build: UACCESS_DCBZ_LINE=%d; qemu-ppc -cpu %s, whose dcbz clears %d bytes"
      % (info["line"], args.cpu, info["measured"]))
    w("- method: `qemu-ppc %s -d exec,nochain -dfilter <the functions>` logs one line "
      "per executed instruction (one instruction per translation block, no chaining); "
      "count.py counts the lines between the program's markers around each call and "
      "classifies each pc by `objdump -d`. Exact: checked against ref.S's loops, whose "
      "counts are known in closed form (%s)." % (info["one_insn"], info["check"]))
    w("- **instruction counts are exact and CPU-independent** (they follow from the code and "
      "the line size, not from the emulator's speed). **Time, MB/s, cache misses and "
      "memory traffic need real hardware**: dcbz's gain is that a line it establishes is "
      "never read from memory, which no instruction count shows (run `uaccess-bench time` "
      "on the board).")
    callers = []
    for col in COLUMNS:
        per_op = ["%s %s" % (op.split("_")[0], "/".join(
            str(v) for v in sorted({results[(op, col, n)]["caller"] for n in sizes})))
            for op in OPS]
        callers.append("%s: %s" % (col, ", ".join(per_op)))
    w("- instructions are the routine's own (library: `_uaccess_clear_user`/`_uaccess_copy_user`; refs: "
      "their ref.S function), which is where the strategies differ. The calling "
      "function adds a constant per call, not in the tables (%s): for the library the "
      "inline `access_ok()` and the call of `<uaccess.h>`, for the refs a tail call."
      % "; ".join(callers))
    w("- count run: %.1f s, %d logged instructions" % (info["seconds"], info["log_lines"]))

    for op in OPS:
        w("")
        w("## %s: instructions per call, and per KiB" % op)
        w("")
        head = ["size", "whole lines"]
        for col in COLUMNS:
            head += [col, "/KiB"]
        head += ["dcbz / ref:words", "dcbz / words"]
        rows = []
        for n in sizes:
            cells = [results[(op, col, n)] for col in COLUMNS]
            r = [n, cells[0]["whole_lines"]]
            for c in cells:
                r += [c["routine"], "%.1f" % per_kib(c)]
            r += ["%.3f" % (cells[0]["routine"] / cells[2]["routine"]),
                  "%.3f" % (cells[0]["routine"] / cells[1]["routine"])]
            rows.append(r)
        md.extend(md_table(head, rows))
        big, small = sizes[-1], sizes[-2]
        lines = (results[(op, "dcbz", big)]["whole_lines"] -
                 results[(op, "dcbz", small)]["whole_lines"])
        if lines > 0:
            w("")
            w("Marginal cost per %d-byte line (%d B against %d B): %s instructions."
              % ((big - small) // lines, big, small, ", ".join(
                  "%s %.2f" % (col, (results[(op, col, big)]["routine"] -
                                     results[(op, col, small)]["routine"]) / lines)
                  for col in COLUMNS)))

        w("")
        w("## %s: loads, stores, dcbz and dcbt per call" % op)
        w("")
        shown = [(col, cls) for col in COLUMNS for cls in CLASSES
                 if any(results[(op, col, n)][cls] for n in sizes)]
        head = ["size"] + ["%s: %s" % (col, "dcbz (lines established)" if cls == "dcbz" else cls)
                           for col, cls in shown]
        rows = [[n] + [results[(op, col, n)][cls] for col, cls in shown] for n in sizes]
        md.extend(md_table(head, rows))

    w("")
    w("## strings: instructions per call (count = length + 64, so the NUL is found)")
    w("")
    w("lib: `strnlen_user` / `strncpy_from_user` (lib/, aligned words); ref:bytes: "
      "ref_strings.h's `ref_str_bytes`, the same window with one `unsafe_get_user` per byte. "
      "Routine instructions only, loads among them.")
    w("")
    rows = []
    for op in STR_OPS:
        for n in sorted({n for (o, _, n) in results if o == op}):
            lib, ref = (results[(op, col, n)] for col in STR_COLUMNS)
            rows.append([op, n, lib["routine"], lib["loads"], ref["routine"],
                         ref["loads"], "%.2f" % (ref["routine"] / lib["routine"])])
    md.extend(md_table(["op", "length", "lib", "lib loads", "ref:bytes",
                        "ref:bytes loads", "ref:bytes / lib"], rows))

    w("")
    w("## Targets: dcbz instructions / plain word loop instructions")
    w("")
    verdict = {}
    rows = []
    for op in OPS:
        limit, from_size = LIMITS[op]
        failed = []
        for n in sizes:
            if n < from_size:
                continue
            d, ref = results[(op, "dcbz", n)], results[(op, "ref:words", n)]
            ratio = d["routine"] / ref["routine"]
            if ratio > limit:
                failed.append("%d B (%.3f: %d against %d%s)" % (
                    n, ratio, d["routine"], ref["routine"],
                    "; no dcbz at this size, the same code as words" if not d["dcbz"] else
                    "; %d lines established" % d["dcbz"]))
            rows.append([op, n, d["routine"], ref["routine"], "%.3f" % ratio,
                         "<= %.2f" % limit, d["dcbz"], d["whole_lines"],
                         "yes" if ratio <= limit else "**no**"])
        verdict[op] = failed
    md.extend(md_table(["op", "size", "dcbz", "ref:words", "ratio", "limit",
                        "lines established by dcbz", "whole dst lines", "holds"], rows))
    w("")
    for op, what in (("clear_user", "sizes >= 1 KiB, at most 0.25x the word loop"),
                     ("copy_user", "every size, at most 1.1x the word copy")):
        if strategy["dcbz"] != "dcbz":
            w("- %s, %s: **not judged**: the library refused dcbz here" % (op, what))
        else:
            w("- %s, %s: **%s**" % (op, what, "holds" if not verdict[op] else
                                     "exceeded at " + ", ".join(verdict[op])))

    with open(os.path.join(args.out, "results.csv"), "w") as f:
        f.write("op,column,strategy,size,dst_addr,instructions,instructions_per_kib,"
                "caller_instructions,loads,stores,dcbz,dcbt,lines_established_by_dcbz,"
                "whole_dst_lines,method\n")
        for op in OPS:
            for col in COLUMNS:
                for n in sizes:
                    c = results[(op, col, n)]
                    f.write("%s,%s,%s,%d,%#x,%d,%.2f,%d,%d,%d,%d,%d,%d,%d,"
                            "qemu-ppc -cpu %s instruction count (exact)\n"
                            % (op, col, c["strategy"], n, c["addr"], c["routine"],
                               per_kib(c), c["caller"], c["loads"], c["stores"],
                               c["dcbz"], c["dcbt"], c["dcbz"], c["whole_lines"], args.cpu))
        for res, inf in args.builds:
            for (op, col, n), c in sorted(res.items()):
                if "@" in col:
                    f.write("%s,%s,%s,%d,%#x,%d,%.2f,%d,%d,%d,%d,%d,%d,%d,"
                            "qemu-ppc -cpu %s instruction count (exact)\n"
                            % (op, col, c["strategy"], n, c["addr"], c["routine"],
                               per_kib(c), c["caller"], c["loads"], c["stores"],
                               c["dcbz"], c["dcbt"], c["dcbz"], c["whole_lines"], inf["cpu"]))
    return md, verdict


def vs_report(builds):
    """The library against ref:linux, lib/ref per cell, every build's line side by
    side; the verdict against VS_LIMIT."""
    builds = [(res, inf) for res, inf in builds if any("@" in col for _, col, _ in res)]
    md = []
    w = md.append
    w("")
    w("## The library against a Linux-shaped reference (ref:linux)")
    w("")
    if not builds:
        w("Not counted: ref:linux needs a CPU whose dcbz clears the build's line.")
        return md, []
    w("Instructions of the routine, library (dcbz) / ref:linux, and the ratio; `m`: the "
      "reference stores words to a misaligned destination there, which the library never "
      "does (limit %.2f there, %.2f elsewhere). Clears have no source." %
      (VS_LIMIT_MISALIGNED, VS_LIMIT))
    cols = [(res, inf, op, a) for res, inf in builds for op in OPS for a in VS_ALIGNS
            if (op, "lib@" + a) in {(o, c) for o, c, _ in res}]
    sizes = sorted({n for res, _ in builds for (_, col, n) in res if "@" in col})
    head = ["size"] + ["%d: %s %s" % (inf["line"], op.split("_")[0], a) for _, inf, op, a in cols]
    rows, failed, worst = [], [], {}
    for n in sizes:
        r = [n]
        for res, inf, op, a in cols:
            lib, ref = res[(op, "lib@" + a, n)], res[(op, "linux@" + a, n)]
            ratio = lib["routine"] / ref["routine"]
            mis = ref_misaligned(op, lib["addr"], n, inf["line"])
            limit = VS_LIMIT_MISALIGNED if mis else VS_LIMIT
            r.append("%d/%d %.2f%s%s" % (lib["routine"], ref["routine"], ratio,
                                         " m" if mis else "", "" if ratio <= limit else " **!**"))
            if ratio > limit:
                failed.append("%d-byte lines %s %s %d B (%.2f)" % (inf["line"], op, a, n, ratio))
            key = (inf["line"], mis)
            worst[key] = max(worst.get(key, 0), ratio)
        rows.append(r)
    md.extend(md_table(head, rows))
    w("")
    w("- worst lib/ref:linux: " + "; ".join(
        "%d-byte lines %s %.2f" % (line, "where the reference stores misaligned" if mis else
                                   "elsewhere", v) for (line, mis), v in sorted(worst.items())))
    w("- every cell <= %.2f (<= %.2f where `m`): **%s**" % (
        VS_LIMIT, VS_LIMIT_MISALIGNED, "holds" if not failed else
        "exceeded at " + ", ".join(failed)))
    return md, failed


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bin", required=True)
    p.add_argument("--lib", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--qemu", default="qemu-ppc")
    p.add_argument("--cpu", default="750")
    p.add_argument("--nm", default="powerpc-linux-gnu-nm")
    p.add_argument("--objdump", default="powerpc-linux-gnu-objdump")
    p.add_argument("--vs", action="append", default=[], metavar="BIN,LIB,CPU",
                   help="another build whose library-against-ref:linux cells join the table")
    p.add_argument("bench_args", nargs="*", help="options for the program (-a OFFSET)")
    args = p.parse_args()

    t0 = time.time()
    args.builds = []
    for binary, library, cpu in [(args.bin, args.lib, args.cpu)] + [v.split(",") for v in args.vs]:
        res, inf = count(args, binary, library, cpu)
        checked, problems = self_check(res)
        if problems or not checked:
            sys.exit("count.py: the count of %s is not exact:\n  " % binary +
                     "\n  ".join(problems or ["nothing checked"]))
        inf["check"] = "%d cells matched" % checked
        args.builds.append((res, inf))
    results, info = args.builds[0]
    md, verdict = report(args, results, info)
    md += vs_report(args.builds)[0]

    # The time-base mode, under qemu: it runs, and says its figures mean nothing.
    timed = run(args.qemu.split() + ["-cpu", args.cpu, args.bin, "time", "-e"] + args.bench_args)
    md.append("")
    md.append(timed.rstrip("\n").split("\n", 1)[1] if timed.startswith("\n") else timed.rstrip("\n"))
    write_report(args.out, md, time.time() - t0)


if __name__ == "__main__":
    main()
