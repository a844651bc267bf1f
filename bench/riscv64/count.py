# SPDX-License-Identifier: MIT
"""Count the instructions uaccess-bench's calls execute, exactly, under qemu-riscv64.

Method (as bench/powerpc32/count.py). qemu-riscv64 -singlestep
(-one-insn-per-tb from QEMU 8.1 on) translates one guest instruction per
translation block, and -d exec,nochain logs every block it executes
(nochain: no block jumps straight into the next one, which would skip the
log), with the guest pc. So the log has one line per executed instruction.
-dfilter keeps only the pcs of the functions we care about: every .text
symbol of libuaccess.a, ref.S's loops and ref_strings.h's ref_str_bytes,
the bench_call_* functions that make the calls, and the two markers. The
program calls bench_cell_begin() and bench_cell_end() around each counted
call and prints one "cell" line per call, in order; the i-th cell is what
ran between the i-th pair of markers. Each pc is classified by joining it
with objdump -d of the binary (loads, stores, other). No QEMU plugin is
needed.

The log is read from a pipe as qemu writes it, never stored. Before
reporting, the counts of ref.S's loops are checked against formulas worked
out from their code by hand: if one instruction were missed or counted
twice anywhere, they would not match.

Output: results.md (also printed) and results.csv in --out.
"""

import argparse
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from qemu_count import run, symbols, library_functions, pc_table, merge, md_table, count_cells, write_report  # noqa: E402

CLEAR_COLUMNS = ["lib", "ref:words", "ref:bytes"]
COPY_COLUMNS = ["lib:to", "lib:from", "ref:words", "ref:bytes"]
STR_OPS = ["strnlen_user", "strncpy_from_user"]
CLASSES = ["loads", "stores"]

# Instructions ref.S's loops execute for n bytes with an aligned
# destination, worked out from ref.S by hand (its header comment).
def _words(base, per8, small):
    return lambda n: small(n) if n < 8 else (base + per8 * n // 8 if n % 8 == 0 else None)

EXPECTED = {
    ("clear_user", "ref:words"): _words(10, 3, lambda n: 6 + 3 * n),
    ("copy_user", "ref:words"): _words(10, 5, lambda n: 6 + 5 * n),
    ("clear_user", "ref:bytes"): lambda n: 4 + 3 * n,
    ("copy_user", "ref:bytes"): lambda n: 4 + 5 * n,
}

LOAD = re.compile(r"^(c\.)?(lb|lbu|lh|lhu|lw|lwu|ld|flw|fld)(sp)?$")
STORE = re.compile(r"^(c\.)?(sb|sh|sw|sd|fsw|fsd)(sp)?$")


def classify(mnemonic):
    if LOAD.match(mnemonic):
        return "loads"
    if STORE.match(mnemonic):
        return "stores"
    return "other"


def count(args):
    syms = symbols(args.nm, args.bin)
    lib = library_functions(args.nm, args.lib)
    ranges = []
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
    for needed in ("bench_cell_begin", "bench_cell_end", "_uaccess_clear_user",
                   "_uaccess_copy_user", "ref_clear_words", "ref_str_bytes",
                   "bench_call_lib_clear"):
        if needed not in syms:
            sys.exit("count.py: %s has no symbol %s" % (args.bin, needed))
    pcs = pc_table(args.objdump, args.bin, ranges, classify, 16)
    begin = b"%016x" % syms["bench_cell_begin"][0]
    end = b"%016x" % syms["bench_cell_end"][0]
    dfilter = ",".join("0x%x+0x%x" % (s, e - s) for s, e in merge((s, e) for s, e, _ in ranges))

    qemu_help = subprocess.run(args.qemu.split() + ["-h"], capture_output=True, text=True).stdout
    one_insn = "-one-insn-per-tb" if "-one-insn-per-tb" in qemu_help else "-singlestep"
    version = run(args.qemu.split() + ["--version"]).splitlines()[0]
    cmd = args.qemu.split() + [one_insn, "-d", "exec,nochain", "-dfilter", dfilter,
                               "-D", "/dev/stderr", args.bin]
    t0 = time.time()
    cells, lines, stray, stdout, rc = count_cells(
        cmd, begin, end, pcs, lambda: {"routine": 0, "caller": 0, "loads": 0, "stores": 0})
    if rc:
        sys.exit("count.py: %s exited with %d" % (" ".join(cmd[:3]), rc))
    rows = [l.split() for l in stdout.splitlines() if l.startswith("cell ")]
    if len(rows) != len(cells) or stray or not rows:
        sys.exit("count.py: %d cells printed, %d counted, %d stray pcs" %
                 (len(rows), len(cells), stray))
    results = {}
    for (_, op, col, n, off), cell in zip(rows, cells):
        cell.update(n=int(n), off=int(off))
        results[(op, col, int(n), int(off))] = cell
    return results, {"seconds": time.time() - t0, "log_lines": lines,
                     "one_insn": one_insn, "version": version}


def self_check(results):
    problems, checked = [], 0
    for (op, col, n, off), cell in results.items():
        want = EXPECTED.get((op, col))
        expected = want(n) if want else None
        if expected is None:
            continue
        checked += 1
        if cell["routine"] != expected:
            problems.append("%s %s %d (source +%d): counted %d, expected %d" %
                            (op, col, n, off, cell["routine"], expected))
    return checked, problems


def report(args, results, info):
    sizes = sorted({n for (op, _, n, _) in results if op == "clear_user"})
    offsets = sorted({off for (op, _, _, off) in results if op == "copy_user"})
    md = []
    w = md.append
    w("# uaccess benchmark: RISC-V 64, instructions counted under qemu-riscv64")
    w("")
    w("- what: `_uaccess_clear_user` (clear_user) and `_uaccess_copy_user` (copy_to_user "
      "and copy_from_user: one routine), one call per cell; destination 8-byte aligned, "
      "copy sources at +%s bytes from an 8-byte boundary"
      % ", +".join(str(o) for o in offsets))
    w("- columns: **lib** / **lib:to** / **lib:from** = the library (clear_user, "
      "copy_to_user, copy_from_user), **ref:words** = ref.S's plain doubleword loop "
      "(bytes to a destination boundary, then `sd` or `ld` + `sd` per 8 bytes, the `ld` "
      "misaligned when the source is, then bytes), **ref:bytes** = ref.S's byte loop")
    w("- qemu: %s; library: `%s`, built by %s" % (info["version"], args.cflags, args.cc))
    w("- method: `qemu-riscv64 %s -d exec,nochain -dfilter <the functions>` logs one line "
      "per executed instruction; count.py counts the lines between the program's markers "
      "around each call and classifies each pc by `objdump -d`. Exact: checked against "
      "ref.S's loops, whose counts are known in closed form (%s)."
      % (info["one_insn"], info["check"]))
    w("- counts are the routine's own instructions (the library's functions, or the ref "
      "function). Instruction counts are exact and follow from the code; time needs real "
      "hardware, and a misaligned `ld` of ref:words, one instruction here, may trap to "
      "M-mode and be emulated on a real core.")
    callers = {}
    for (op, col, n, off), c in results.items():
        callers.setdefault((op, col), set()).add(c["caller"])
    w("- the calling function (not in the tables) adds a constant per call: %s"
      % ", ".join("%s %s %s" % (op, col, "/".join(str(v) for v in sorted(s)))
                  for (op, col), s in sorted(callers.items())))
    w("- count run: %.1f s, %d logged instructions" % (info["seconds"], info["log_lines"]))

    w("")
    w("## clear_user: instructions per call (loads/stores: stores of the routine)")
    w("")
    rows = []
    for n in sizes:
        c = [results[("clear_user", col, n, 0)] for col in CLEAR_COLUMNS]
        rows.append([n] + [x["routine"] for x in c] +
                    ["%.2f" % (c[0]["routine"] / c[1]["routine"])] + [x["stores"] for x in c])
    md.extend(md_table(["size"] + CLEAR_COLUMNS + ["lib / ref:words"] +
                       ["stores " + col for col in CLEAR_COLUMNS], rows))

    for off in offsets:
        w("")
        w("## copy: source +%d, instructions per call" % off)
        w("")
        rows = []
        for n in sizes:
            c = [results[("copy_user", col, n, off)] for col in COPY_COLUMNS]
            rows.append([n] + [x["routine"] for x in c] +
                        ["%.2f" % (c[0]["routine"] / c[2]["routine"])] +
                        ["%d/%d" % (x["loads"], x["stores"]) for x in (c[0], c[2])])
        md.extend(md_table(["size"] + COPY_COLUMNS + ["lib / ref:words",
                                                      "lib loads/stores", "ref:words loads/stores"],
                           rows))

    w("")
    w("## strings: instructions per call (count = length + 64, so the NUL is found)")
    w("")
    w("lib: `strnlen_user` / `strncpy_from_user` (lib/, aligned words); ref:bytes: "
      "ref_strings.h's `ref_str_bytes`, the same window with one `unsafe_get_user` per byte.")
    w("")
    rows = []
    for op in STR_OPS:
        for n in sorted({n for (o, _, n, _) in results if o == op}):
            lib, ref = results[(op, "lib", n, 0)], results[(op, "ref:bytes", n, 0)]
            rows.append([op, n, lib["routine"], lib["loads"], ref["routine"], ref["loads"],
                         "%.2f" % (ref["routine"] / lib["routine"])])
    md.extend(md_table(["op", "length", "lib", "lib loads", "ref:bytes", "ref:bytes loads",
                        "ref:bytes / lib"], rows))

    with open(os.path.join(args.out, "results.csv"), "w") as f:
        f.write("op,column,size,source_offset,instructions,caller_instructions,loads,stores,method\n")
        for (op, col, n, off), c in results.items():
            f.write("%s,%s,%d,%d,%d,%d,%d,%d,qemu-riscv64 instruction count (exact)\n"
                    % (op, col, n, off, c["routine"], c["caller"], c["loads"], c["stores"]))
    return md


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bin", required=True)
    p.add_argument("--lib", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--qemu", default="qemu-riscv64")
    p.add_argument("--nm", default="riscv64-linux-gnu-nm")
    p.add_argument("--objdump", default="riscv64-linux-gnu-objdump")
    p.add_argument("--cflags", default="", help="the library's build flags, for the report")
    p.add_argument("--cc", default="riscv64-linux-gnu-gcc", help="the compiler, for the report")
    args = p.parse_args()

    t0 = time.time()
    args.cc = "%s (%s)" % (args.cc, run(args.cc.split() + ["--version"]).splitlines()[0])
    results, info = count(args)
    checked, problems = self_check(results)
    if problems or not checked:
        sys.exit("count.py: the count is not exact:\n  " + "\n  ".join(problems or ["nothing checked"]))
    info["check"] = "%d cells matched" % checked
    md = report(args, results, info)
    write_report(args.out, md, time.time() - t0)


if __name__ == "__main__":
    main()
