# SPDX-License-Identifier: MIT
"""Count the instructions uaccess-bench's calls execute, exactly, under qemu-ppc.

The method and the runs are bench/qemu_count.py's, on --cpus (one model)
and on each other line's build (--build); this file adds what PowerPC32
has of its own: the classes of its instructions (loads, stores, dcbz,
dcbt), the formulas of ref.S's loops (EXPECTED, worked out from their code
by hand; dcbz never beyond whole lines) and the tables. The library
(dcbz) is also counted against ref.S's Linux-shaped clear and copy
(ref:linux) at sizes 1..16 KiB, aligned, with the destination at +3 and
with the source at +5, every build's line in one table.

Output: results.md (also printed) and results.csv in --out, then the
program's time-base mode run under qemu without logging, appended to
results.md only to show it works: under emulation its ticks mean nothing.
"""

import re

from qemu_count import check_table, csv_lines, md_table, run, section, strings_table

COLUMNS = ["dcbz", "words", "ref:words", "ref:bytes"]
OPS = ["clear_user", "copy_user"]
# The classes counted apart, a regex over "mnemonic operands" each. Every
# PowerPC mnemonic that starts with "l" is a load (but li, lis and la), every
# one that starts with "st" a store (stb, sth, stw, stmw, stswi, stwcx., stf*,
# their u/x forms). dcbz and dcbt as prefixes, since objdump's default
# dialect prints some encodings under Book E names (plain dcbt as "dcbtct").
CLASSES = {"loads": r"l(?!(i|is|a) )", "stores": r"st", "dcbz": r"dcbz", "dcbt": r"dcbt"}
ROUTINES = ["_uaccess_asm_clear_user", "_uaccess_asm_copy_user"]
NEEDED = ["ref_clear_words"]

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
# routine (the most, from which size, in words).
LIMITS = {"clear_user": (0.25, 1024, "sizes >= 1 KiB, at most 0.25x the word loop"),
          "copy_user": (1.1, 0, "every size, at most 1.1x the word copy")}

# The library against ref:linux: every cell at most VS_LIMIT, or VS_LIMIT_MISALIGNED
# where the reference stores a word to a misaligned destination (the library
# never does: docs/powerpc32.md).
VS_ALIGNS = {(0, 0): "aligned", (3, 0): "dst+3", (0, 5): "src+5"}
VS_LIMIT, VS_LIMIT_MISALIGNED = 1.00, 1.25


def ref_misaligned(op, dst, n, line):
    """Whether ref.S's Linux-shaped routine stores a word to a misaligned
    address for n bytes at dst, from its code: the clear's first word goes
    to the destination itself; the copy stores words from a misaligned
    destination when the range ends before the destination's next line."""
    if dst % 4 == 0 or n < 4:
        return False
    return op == "clear_user" or n < -dst % line


def annotate(run):
    """The build's line, what dcbz clears, and each cell's whole destination lines."""
    run["line"] = int(re.search(r"UACCESS_DCBZ_LINE (\d+)", run["header"][0]).group(1))
    run["measured"] = int(re.search(r"dcbz clears (\d+)", run["header"][0]).group(1))
    line = run["line"] or 32   # built without dcbz: the loops still work in 32s
    for (_, _, n, _, _), cell in run["results"].items():
        cell.update(n=n, whole_lines=max(0, (cell["addr"] + n) // line -
                                         (cell["addr"] + line - 1) // line))


def expected(run, op, col, n, d, s, cell):
    want, aligned = EXPECTED.get((op, col), (None, False))
    if want and n >= 1 and (not aligned or (cell["addr"] % 4 == 0 and n % 4 == 0)):
        return want(n)
    return None


def more_problems(run):
    """dcbz never beyond whole lines."""
    return ["%s %s %d: %d dcbz for %d whole lines" % (op, col, n, c["dcbz"], c["whole_lines"])
            for (op, col, n, _, _), c in run["results"].items()
            if c["dcbz"] > c["whole_lines"]]


def main_cells(run):
    """The cells of the first tables, keyed (op, column, size)."""
    sizes = {n for (_, col, n, _, _) in run["results"] if col == "words"}
    return {(op, col, n): c for (op, col, n, d, s), c in run["results"].items()
            if (d, s) == (0, 0) and n in sizes and op in OPS}


def vs_cells(run):
    """The cells against ref:linux, keyed (op, "lib@ALIGN" or "linux@ALIGN", size)."""
    sizes = {n for (_, col, n, _, _) in run["results"] if col == "ref:linux"}
    return {(op, ("lib@" if col == "dcbz" else "linux@") + VS_ALIGNS[(d, s)], n): c
            for (op, col, n, d, s), c in run["results"].items()
            if n in sizes and col in ("dcbz", "ref:linux")}


def per_kib(cell):
    return cell["routine"] * 1024.0 / cell["n"]


def report(args, runs, info):
    run, results = runs[0], main_cells(runs[0])
    args.cpu = run["cpu"]
    sizes = sorted({n for (op, col, n) in results if op in OPS and col in COLUMNS})
    strategy = {col: results[("clear_user", col, sizes[0])]["strategy"] for col in COLUMNS}
    md = []
    w = md.append
    w("# uaccess benchmark: PowerPC32, instructions counted under qemu-ppc")
    w("")
    w("- what: `_uaccess_asm_clear_user` (clear_user) and `_uaccess_asm_copy_user` (copy_to_user; copy_from_user "
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
          "strategy; choose BENCH_QEMU_CPU with the build's line" % (run["measured"], run["line"]))
    w("- build: UACCESS_DCBZ_LINE=%d; qemu-ppc -cpu %s, whose dcbz clears %d bytes"
      % (run["line"], args.cpu, run["measured"]))
    w("- method: `qemu-ppc %s -d exec,nochain -dfilter <the functions>` logs one line "
      "per executed instruction (one instruction per translation block, no chaining); "
      "count.py counts the lines between the program's markers around each call and "
      "classifies each pc by `objdump -d`. Exact: checked against ref.S's loops, whose "
      "counts are known in closed form (%d cells matched)." % (info["one_insn"], run["matched"]))
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
    w("- instructions are the routine's own (library: `_uaccess_asm_clear_user`/`_uaccess_asm_copy_user`; refs: "
      "their ref.S function), which is where the strategies differ. The calling "
      "function adds a constant per call, not in the tables (%s): for the library the "
      "inline `access_ok()` and the call of `<uaccess.h>`, for the refs a tail call."
      % "; ".join(callers))
    w("- count run: %.1f s, %d logged instructions" % (run["seconds"], run["log_lines"]))

    for op in OPS:
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
        md += section("%s: instructions per call, and per KiB" % op, head, rows)
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

        shown = [(col, cls) for col in COLUMNS for cls in CLASSES
                 if any(results[(op, col, n)][cls] for n in sizes)]
        md += section("%s: loads, stores, dcbz and dcbt per call" % op, ["size"] + [
            "%s: %s" % (col, "dcbz (lines established)" if cls == "dcbz" else cls)
            for col, cls in shown], [[n] + [results[(op, col, n)][cls] for col, cls in shown]
                                     for n in sizes])

    md.extend(strings_table(run["results"], " Routine instructions only, loads "
                                       "among them."))

    verdict = {}
    rows = []
    for op in OPS:
        limit, from_size, _ = LIMITS[op]
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
    md += section("Targets: dcbz instructions / plain word loop instructions",
                  ["op", "size", "dcbz", "ref:words", "ratio", "limit",
                   "lines established by dcbz", "whole dst lines", "holds"], rows)
    w("")
    for op, (_, _, what) in LIMITS.items():
        if strategy["dcbz"] != "dcbz":
            w("- %s, %s: **not judged**: the library refused dcbz here" % (op, what))
        else:
            w("- %s, %s: **%s**" % (op, what, "holds" if not verdict[op] else
                                     "exceeded at " + ", ".join(verdict[op])))

    # The library's strategy at each cell; the first tables' references show "-".
    cells = [(op, col, n, c, "-" if col.startswith("ref") else c["strategy"], args.cpu)
             for op in OPS for col in COLUMNS for n in sizes for c in [results[(op, col, n)]]]
    cells += [(op, col, n, c, c["strategy"], r["cpu"]) for r in runs
              for (op, col, n), c in sorted(vs_cells(r).items())]
    csv = csv_lines(["op", "column", "strategy", "size", "dst_addr", "instructions",
                     "instructions_per_kib", "caller_instructions", "loads", "stores", "dcbz",
                     "dcbt", "lines_established_by_dcbz", "whole_dst_lines", "method"],
                    [(op, col, strat, n, "%#x" % c["addr"], c["routine"], "%.2f" % per_kib(c))
                     + tuple(c[f] for f in ("caller", "loads", "stores", "dcbz", "dcbt", "dcbz",
                                            "whole_lines")) +
                     ("qemu-ppc -cpu %s instruction count (exact)" % cpu,)
                     for op, col, n, c, strat, cpu in cells])
    return (md + vs_report([(vs_cells(r), r) for r in runs]) +
            check_table(runs, [(op, c) for op in OPS for c in ("dcbz", "ref:linux",
                                                            "ref:linux+ok")]) +
            time_mode(args)), csv


def time_mode(args):
    """The time-base mode, under qemu: it runs, and says its figures mean nothing."""
    timed = run(args.qemu.split() + ["-cpu", args.cpu, args.bin, "time"] + args.bench_args +
                ["-e"])
    return ["", timed.rstrip("\n").split("\n", 1)[1] if timed.startswith("\n")
            else timed.rstrip("\n")]


def vs_report(builds):
    """The library against ref:linux, lib/ref per cell, every build's line side by
    side; the verdict against VS_LIMIT."""
    builds = [(res, inf) for res, inf in builds if any("@" in col for _, col, _ in res)]
    title = "The library against a Linux-shaped reference (ref:linux)"
    if not builds:
        return ["", "## " + title, "",
                "Not counted: ref:linux needs a CPU whose dcbz clears the build's line."]
    cols = [(res, inf, op, a) for res, inf in builds for op in OPS for a in VS_ALIGNS.values()
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
    md = ["", "## " + title, "", "Instructions of the routine, library (dcbz) / ref:linux, "
          "and the ratio; `m`: the reference stores words to a misaligned destination there, "
          "which the library never does (limit %.2f there, %.2f elsewhere). Clears have no "
          "source." % (VS_LIMIT_MISALIGNED, VS_LIMIT)] + md_table(head, rows)
    w = md.append
    w("")
    w("- worst lib/ref:linux: " + "; ".join(
        "%d-byte lines %s %.2f" % (line, "where the reference stores misaligned" if mis else
                                   "elsewhere", v) for (line, mis), v in sorted(worst.items())))
    w("- every cell <= %.2f (<= %.2f where `m`): **%s**" % (
        VS_LIMIT, VS_LIMIT_MISALIGNED, "holds" if not failed else
        "exceeded at " + ", ".join(failed)))
    return md



