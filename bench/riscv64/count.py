# SPDX-License-Identifier: MIT
"""Count the instructions uaccess-bench's calls execute, exactly, under qemu-riscv64.

The method and the runs are bench/qemu_count.py's; this file adds what
RISC-V 64 has of its own: the classes of its instructions (loads, stores),
the models of ref.S's routines (REF_MODELS: each cell of theirs must match
the model worked out from the code by hand) and the tables. The check sweep
covers every column at the sizes around each routine's thresholds with
every offset in a doubleword (bench.c).
"""

from qemu_count import callers, check_table, csv_lines, section, strings_table

CLEAR_COLUMNS = ["lib", "ref:linux", "ref:words", "ref:bytes"]
COPY_COLUMNS = ["lib:to", "lib:from", "ref:linux", "ref:words", "ref:bytes"]
# (destination, source) offsets from an 8-byte boundary, as bench.c places them.
PLACEMENTS = [(0, 0), (3, 0), (0, 5)]
PLACEMENT_NAMES = {(0, 0): "aligned", (3, 0): "dst+3", (0, 5): "src+5"}
# The classes counted apart: a regex over "mnemonic operands" each.
CLASSES = {"loads": r"(c\.)?(lb|lbu|lh|lhu|lw|lwu|ld|flw|fld)(sp)? ",
           "stores": r"(c\.)?(sb|sh|sw|sd|fsw|fsd)(sp)? "}
NEEDED = ["ref_clear_linux", "ref_copy_linux", "ref_clear_words", "ref_str_bytes"]
ROUTINES = ["_uaccess_asm_clear_user", "_uaccess_asm_copy_user"]


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

def expected(run, op, col, n, d, s, cell):
    model = REF_MODELS.get((op, col))
    return model(d, s, n) if model else None


def ratio(lib, ref):
    return "%.2f" % (lib["routine"] / ref["routine"])


def report(args, runs, info):
    results, run = runs[0]["results"], runs[0]
    sizes = sorted({n for (op, _, n, _, _) in results if op == "clear_user"})
    clear_at = [p for p in PLACEMENTS if ("clear_user", "lib", sizes[0]) + p in results]
    md = []
    w = md.append
    w("# uaccess benchmark: RISC-V 64, instructions counted under qemu-riscv64")
    w("")
    w("- what: `_uaccess_asm_clear_user` (clear_user) and `_uaccess_asm_copy_user` (copy_to_user "
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
      % (info["one_insn"], "%d cells matched" % run["matched"]))
    w("- counts are the routine's own instructions (the library's functions, or the ref "
      "function). Instruction counts are exact and follow from the code; time needs real "
      "hardware, and a misaligned `ld` of ref:words, one instruction here, may trap to "
      "M-mode and be emulated on a real core.")
    w("- the calling function (not in the tables) adds a constant per call: %s"
      % callers(runs, lambda col: col))
    w("- count run: %.1f s, %d logged instructions" % (run["seconds"], run["log_lines"]))

    cols = [("clear_user", "lib", p) for p in clear_at] + \
        [("copy_user", "lib:to", p) for p in PLACEMENTS]
    where = {c: "%s %s" % (c[0], PLACEMENT_NAMES[c[2]]) for c in cols}
    # lib / ref:linux per (size, column), in the table's order: max() finds the first worst.
    q = {(n, c): results[(c[0], c[1], n) + c[2]]["routine"] /
         results[(c[0], "ref:linux", n) + c[2]]["routine"] for n in sizes for c in cols}
    worst = max(q, key=q.get)
    md += section("library / ref:linux, instructions per call",
                  ["size"] + ["%s %s" % (op.split("_")[0], PLACEMENT_NAMES[p])
                              for op, _, p in cols],
                  [[n] + ["%.2f" % q[(n, c)] for c in cols] for n in sizes])
    over = ["%s %d" % (where[c], n) for n, c in q if q[(n, c)] > 1]
    w("")
    w("Worst: %.2f (%s %d); cells over 1.00: %s." %
      (q[worst], where[worst[1]], worst[0], ", ".join(over) if over else "none"))

    for p in clear_at:
        rows = []
        for n in sizes:
            c = [results[("clear_user", col, n) + p] for col in CLEAR_COLUMNS]
            rows.append([n] + [x["routine"] for x in c] + [ratio(c[0], c[1])] +
                        [x["stores"] for x in c[:3]])
        md += section("clear_user, destination %s: instructions per call (stores: the "
                      "routine's)" % PLACEMENT_NAMES[p], ["size"] + CLEAR_COLUMNS +
                      ["lib / ref:linux"] + ["stores " + col for col in CLEAR_COLUMNS[:3]], rows)

    for p in PLACEMENTS:
        rows = []
        for n in sizes:
            c = [results[("copy_user", col, n) + p] for col in COPY_COLUMNS]
            rows.append([n] + [x["routine"] for x in c] + [ratio(c[0], c[2])] +
                        ["%d/%d" % (x["loads"], x["stores"]) for x in (c[0], c[2])])
        md += section("copy, %s: instructions per call" % PLACEMENT_NAMES[p],
                      ["size"] + COPY_COLUMNS + ["lib / ref:linux", "lib loads/stores",
                                                 "ref:linux loads/stores"], rows)

    md += check_table(runs, [("clear_user", c) for c in ("lib", "ref:linux", "ref:linux+ok")] +
                      [("copy_user", c) for c in ("lib:to", "lib:from", "ref:linux",
                                                   "ref:linux+ok")])
    md.extend(strings_table(results))
    csv = csv_lines(["op", "column", "size", "dst_offset", "src_offset", "instructions",
                     "caller_instructions", "loads", "stores", "method"],
                    [k + tuple(c[f] for f in ("routine", "caller", "loads", "stores")) +
                     ("qemu-riscv64 instruction count (exact)",) for k, c in results.items()])
    return md, csv
