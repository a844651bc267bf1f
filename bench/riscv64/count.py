# SPDX-License-Identifier: MIT
"""Count the instructions uaccess-bench's calls execute, exactly, under qemu-riscv64.

Method (as bench/powerpc32/count.py). qemu-riscv64 -singlestep
(-one-insn-per-tb from QEMU 8.1 on) translates one guest instruction per
translation block, and -d exec,nochain logs every block it executes
(nochain: no block jumps straight into the next one, which would skip the
log), with the guest pc. So the log has one line per executed instruction.
-dfilter keeps only the pcs of the functions we care about: every .text
symbol of libuaccess.a, ref.S's routines and ref_strings.h's ref_str_bytes,
the bench_call_* functions that make the calls, and the two markers. The
program calls bench_cell_begin() and bench_cell_end() around each counted
call and prints one "cell" line per call, in order; the i-th cell is what
ran between the i-th pair of markers. Each pc is classified by joining it
with objdump -d of the binary (loads, stores, other). No QEMU plugin is
needed.

The log is read from a pipe as qemu writes it, never stored. Before
reporting, the count of every ref.S cell is checked against a model worked
out from its code by hand (REF_MODELS): if one instruction were missed or
counted twice anywhere, they would not match.

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

CLEAR_COLUMNS = ["lib", "ref:linux", "ref:words", "ref:bytes"]
COPY_COLUMNS = ["lib:to", "lib:from", "ref:linux", "ref:words", "ref:bytes"]
# (destination, source) offsets from an 8-byte boundary, as bench.c places them.
PLACEMENTS = [(0, 0), (3, 0), (0, 5)]
PLACEMENT_NAMES = {(0, 0): "aligned", (3, 0): "dst+3", (0, 5): "src+5"}
STR_OPS = ["strnlen_user", "strncpy_from_user"]
CLASSES = ["loads", "stores"]


# Instructions each ref.S routine executes for n bytes with the destination
# d and the source s bytes past an 8-byte boundary, worked out from ref.S
# by hand (each term names the code it counts).
def _ends(d, n):
    """Head bytes to the first boundary, whole doublewords, tail bytes."""
    first = (d + 7) & -8
    last = (d + n) & -8
    return first - d, (last - first) // 8, d + n - last


def clear_bytes(d, s, n):
    return 3 if n == 0 else 4 + 3 * n


def copy_bytes(d, s, n):
    return 3 if n == 0 else 4 + 5 * n


def clear_words(d, s, n):
    if n < 8:
        return 6 + 3 * n
    h, w, r = _ends(d, n)       # head: 5 a byte and 2 to leave; words, tail
    return 3 + 5 * h + 2 + 2 + 3 * w + 1 + 3 * r + 2


def copy_words(d, s, n):
    if n < 8:
        return 6 + 5 * n
    h, w, r = _ends(d, n)
    return 3 + 7 * h + 2 + 2 + 5 * w + 1 + 5 * r + 2


def clear_linux(d, s, n):
    h, w, r = _ends(d, n)
    if w <= 0:                  # no whole doubleword: bytes only
        return 5 + 1 + (3 * n + 1 if n else 0) + 2
    return (6 + (3 * h + 1 if h else 0) + 3 * w + 1 + (3 * r + 1 if r else 0) + 2)


def copy_linux(d, s, n):
    if n < 72:
        return 3 + 1 + 5 * n + 2
    h = -d & 7
    head = 3 + 3 + 5 * h + 2    # size test, boundary, bytes, source test
    if (s + h) % 8 == 0:        # 64-byte rounds, then bytes
        rounds, r = divmod(n - h, 64)
        return head + 1 + 19 * rounds + 2 + 1 + 5 * r + 2
    _, w, r = _ends(d, n)       # shifting loop, then bytes
    return head + 6 + 8 * w + 1 + 1 + 5 * r + 2


REF_MODELS = {
    ("clear_user", "ref:bytes"): clear_bytes,
    ("copy_user", "ref:bytes"): copy_bytes,
    ("clear_user", "ref:words"): clear_words,
    ("copy_user", "ref:words"): copy_words,
    ("clear_user", "ref:linux"): clear_linux,
    ("copy_user", "ref:linux"): copy_linux,
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
                   "_uaccess_copy_user", "ref_clear_linux", "ref_copy_linux",
                   "ref_clear_words", "ref_str_bytes",
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
    for (_, op, col, n, d, s), cell in zip(rows, cells):
        results[(op, col, int(n), int(d), int(s))] = cell
    return results, {"seconds": time.time() - t0, "log_lines": lines,
                     "one_insn": one_insn, "version": version}


def self_check(results):
    problems, checked = [], 0
    for (op, col, n, d, s), cell in results.items():
        model = REF_MODELS.get((op, col))
        if model is None:
            continue
        checked += 1
        if cell["routine"] != model(d, s, n):
            problems.append("%s %s %d (dst +%d, src +%d): counted %d, expected %d" %
                            (op, col, n, d, s, cell["routine"], model(d, s, n)))
    return checked, problems


def ratio(lib, ref):
    return "%.2f" % (lib["routine"] / ref["routine"])


def report(args, results, info):
    sizes = sorted({n for (op, _, n, _, _) in results if op == "clear_user"})
    clear_at = [p for p in PLACEMENTS if ("clear_user", "lib", sizes[0]) + p in results]
    md = []
    w = md.append
    w("# uaccess benchmark: RISC-V 64, instructions counted under qemu-riscv64")
    w("")
    w("- what: `_uaccess_clear_user` (clear_user) and `_uaccess_copy_user` (copy_to_user "
      "and copy_from_user: one routine), one call per cell, warm buffers; clears with the "
      "destination aligned and at +3 from an 8-byte boundary, copies both aligned, "
      "destination +3 and source +5")
    w("- columns: **lib** / **lib:to** / **lib:from** = the library (clear_user, "
      "copy_to_user, copy_from_user); **ref:linux** = ref.S's routines of the shape of "
      "Linux 6.x's scalar `__clear_user` and `__asm_copy_to_user` (bytes to a boundary, "
      "doublewords, bytes; copies: bytes below 72, else 64-byte rounds when both sides "
      "are aligned, a shifting loop of 8 instructions a doubleword when not; no "
      "misaligned access); **ref:words** = a plain doubleword loop (its `ld` misaligned "
      "when the source is); **ref:bytes** = a byte loop")
    w("- qemu: %s; library: `%s`, built by %s" % (info["version"], args.cflags, args.cc))
    w("- method: `qemu-riscv64 %s -d exec,nochain -dfilter <the functions>` logs one line "
      "per executed instruction; count.py counts the lines between the program's markers "
      "around each call and classifies each pc by `objdump -d`. Exact: every ref.S cell "
      "matches its model worked out from the code (%s). Every call's result is checked, "
      "and every column first at the sizes around each routine's thresholds (0 to 263) "
      "with every offset in a doubleword."
      % (info["one_insn"], info["check"]))
    w("- counts are the routine's own instructions (the library's functions, or the ref "
      "function). Instruction counts are exact and follow from the code; time needs real "
      "hardware, and a misaligned `ld` of ref:words, one instruction here, may trap to "
      "M-mode and be emulated on a real core.")
    callers = {}
    for (op, col, n, d, s), c in results.items():
        callers.setdefault((op, col), set()).add(c["caller"])
    w("- the calling function (not in the tables) adds a constant per call: %s"
      % ", ".join("%s %s %s" % (op, col, "/".join(str(v) for v in sorted(s)))
                  for (op, col), s in sorted(callers.items())))
    w("- count run: %.1f s, %d logged instructions" % (info["seconds"], info["log_lines"]))

    w("")
    w("## library / ref:linux, instructions per call")
    w("")
    cols = [("clear_user", "lib", p) for p in clear_at] + \
        [("copy_user", "lib:to", p) for p in PLACEMENTS]
    rows, over, worst = [], [], None
    for n in sizes:
        row = [n]
        for op, lib_col, p in cols:
            lib = results[(op, lib_col, n) + p]
            ref = results[(op, "ref:linux", n) + p]
            row.append(ratio(lib, ref))
            q = lib["routine"] / ref["routine"]
            if q > 1:
                over.append("%s %s %d" % (op, PLACEMENT_NAMES[p], n))
            if worst is None or q > worst[0]:
                worst = (q, "%s %s %d" % (op, PLACEMENT_NAMES[p], n))
        rows.append(row)
    md.extend(md_table(["size"] + ["%s %s" % (op.split("_")[0], PLACEMENT_NAMES[p])
                                   for op, _, p in cols], rows))
    w("")
    w("Worst: %.2f (%s); cells over 1.00: %s." %
      (worst[0], worst[1], ", ".join(over) if over else "none"))

    for p in clear_at:
        w("")
        w("## clear_user, destination %s: instructions per call (stores: the routine's)"
          % PLACEMENT_NAMES[p])
        w("")
        rows = []
        for n in sizes:
            c = [results[("clear_user", col, n) + p] for col in CLEAR_COLUMNS]
            rows.append([n] + [x["routine"] for x in c] + [ratio(c[0], c[1])] +
                        [x["stores"] for x in c[:3]])
        md.extend(md_table(["size"] + CLEAR_COLUMNS + ["lib / ref:linux"] +
                           ["stores " + col for col in CLEAR_COLUMNS[:3]], rows))

    for p in PLACEMENTS:
        w("")
        w("## copy, %s: instructions per call" % PLACEMENT_NAMES[p])
        w("")
        rows = []
        for n in sizes:
            c = [results[("copy_user", col, n) + p] for col in COPY_COLUMNS]
            rows.append([n] + [x["routine"] for x in c] + [ratio(c[0], c[2])] +
                        ["%d/%d" % (x["loads"], x["stores"]) for x in (c[0], c[2])])
        md.extend(md_table(["size"] + COPY_COLUMNS + ["lib / ref:linux",
                                                      "lib loads/stores",
                                                      "ref:linux loads/stores"], rows))

    w("")
    w("## strings: instructions per call (count = length + 64, so the NUL is found)")
    w("")
    w("lib: `strnlen_user` / `strncpy_from_user` (lib/, aligned words); ref:bytes: "
      "ref_strings.h's `ref_str_bytes`, the same window with one `unsafe_get_user` per byte.")
    w("")
    rows = []
    for op in STR_OPS:
        for n in sorted({n for (o, _, n, _, _) in results if o == op}):
            lib, ref = results[(op, "lib", n, 0, 0)], results[(op, "ref:bytes", n, 0, 0)]
            rows.append([op, n, lib["routine"], lib["loads"], ref["routine"], ref["loads"],
                         "%.2f" % (ref["routine"] / lib["routine"])])
    md.extend(md_table(["op", "length", "lib", "lib loads", "ref:bytes", "ref:bytes loads",
                        "ref:bytes / lib"], rows))

    with open(os.path.join(args.out, "results.csv"), "w") as f:
        f.write("op,column,size,dst_offset,src_offset,instructions,caller_instructions,"
                "loads,stores,method\n")
        for (op, col, n, d, s), c in results.items():
            f.write("%s,%s,%d,%d,%d,%d,%d,%d,%d,qemu-riscv64 instruction count (exact)\n"
                    % (op, col, n, d, s, c["routine"], c["caller"], c["loads"], c["stores"]))
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
