# SPDX-License-Identifier: MIT
"""Count the instructions uaccess-bench's calls execute, exactly, under qemu-arm.

The method and the runs are bench/qemu_count.py's; this file adds what the
Cortex-M bench has of its own: the classes of its instructions (loads,
stores), the closed forms of ref.S's routines (EXPECTED, worked out from
their code by hand, by the destination's and source's offsets in a word)
and the tables. The code is Thumb-2 for Cortex-M, run by an A-profile CPU
model: qemu-arm has none of M-profile for a Linux process.
"""

import time

from qemu_count import callers, csv_lines, imports_note, section

OPS = ["clear_user", "copy_to_user", "copy_from_user"]
COLUMNS = ["lib", "ref:bytes", "ref:words"]
# The classes counted apart, a regex over "mnemonic operands" each: every
# load (ldr, ldrb, ldrt, ldrbt, ..., pop) and every store (str..., push).
CLASSES = {"loads": r"(ldr|ldm|pop)", "stores": r"(str|stm|push)"}
ROUTINES = ["_uaccess_asm_clear_user", "_uaccess_asm_copy_to_user",
            "_uaccess_asm_copy_from_user"]
NEEDED = ["ref_clear_words", "ref_copy_to_words", "ref_copy_from_words"]


def alignment_name(dst, src):
    return "aligned" if not dst and not src else \
        "dst+%d" % dst if dst else "src+%d" % src


# Instructions ref.S's routines execute for n bytes with the destination
# at dst and the source at src (addresses), worked out from ref.S by hand
# (its header comment).
def _split(n, dst):
    """h head bytes to the destination's word boundary, then w words, r bytes."""
    a = -dst & 3
    h = min(n, a)
    return a, h, (n - h) // 4, (n - h) % 4


def clear_words(n, dst, src):
    a, h, w, r = _split(n, dst)
    return 6 + 7 * n if n < a else 9 + 7 * h + 4 * (w + r)


def copy_words(n, dst, src):
    if (dst ^ src) & 3:
        return 6 + 6 * n
    a, h, w, r = _split(n, dst)
    return 8 + 9 * n if n < a else 11 + 9 * h + 6 * (w + r)


EXPECTED = {("clear_user", "ref:bytes"): lambda n, dst, src: 4 + 4 * n,
            ("clear_user", "ref:words"): clear_words}
for _op in ("copy_to_user", "copy_from_user"):
    EXPECTED[(_op, "ref:bytes")] = lambda n, dst, src: 3 + 6 * n
    EXPECTED[(_op, "ref:words")] = copy_words


def expected(run, op, col, n, d, s, cell):
    want = EXPECTED.get((op, col))
    # The source lies as far into its page as the destination, s - d on.
    return want(n, cell["addr"], cell["addr"] - d + s) if want else None


def report(args, runs, info):
    run = runs[0]
    res = run["results"]
    md = []
    w = md.append
    w("# uaccess benchmark: Arm Cortex-M, instructions counted under qemu-arm")
    w("")
    w("- date: %s; qemu: %s, `-cpu %s`; library: `%s`, built by %s"
      % (time.strftime("%Y-%m-%d"), info["version"], run["cpu"], args.cflags, args.cc))
    w("- what: `_uaccess_asm_clear_user`, `_uaccess_asm_copy_to_user`, "
      "`_uaccess_asm_copy_from_user` (arch/armv7m/, Thumb-2 `ldrt`/`strt`), one call "
      "per cell, at a page-aligned destination and source (aligned), the destination 3 "
      "bytes further (dst+3) or, for copies, the source 5 bytes further (src+5)")
    w("- columns: **lib** = the library: every instruction run in its code, whichever "
      "of its functions runs it (%d bytes of code, from the link map); ref.S: "
      "**ref:bytes** = `strbt` (copies: `ldrb` + `strbt`, `ldrbt` + `strb`) per byte; "
      "**ref:words** = bytes to a word boundary, `strt` (copies: `ldr` + `strt`, "
      "`ldrt` + `str`) per word, bytes after; a copy whose sides differ modulo 4 goes "
      "byte by byte, as the library's does" % info["lib_bytes"])
    w("- " + imports_note(info["imports"]))
    w("- method: `qemu-arm -cpu %s %s -d exec,nochain -dfilter <the code>` logs one line "
      "per executed instruction; count.py counts the lines between the program's markers "
      "around each call and classifies each pc by `objdump -d` (loads: `ldr*`, `pop`; "
      "stores: `str*`, `push`). Exact: every ref.S cell matches its closed form (%d "
      "cells). Every call's result is checked byte by byte, and before the count the "
      "check sweep runs every column: %s."
      % (run["cpu"], info["one_insn"], run["matched"], run["checked"]))
    w("- qemu-arm has no M-profile CPU for a Linux process, so an A-profile core runs the "
      "same Thumb-2 code, `ldrt`/`strt` as plain user accesses: the counts are exact for "
      "a Cortex-M too; its cycles (wait states, the M7's dual issue) are not modelled")
    w("- counts are the routine's own instructions; the calling function adds a constant "
      "per call, not in the tables (for the library its inline `access_ok()`, "
      "Spectre-v1 mask and call; for a reference its call): %s"
      % callers(runs, lambda col: "lib" if col == "lib" else "ref"))
    w("- count run: %.1f s (%d logged instructions)" % (run["seconds"], run["log_lines"]))

    for op in OPS:
        aligns = sorted({(d, s) for (o, c, n, d, s) in res if o == op},
                        key=lambda a: (a[1], a[0]))
        sizes = sorted({n for (o, c, n, d, s) in res if o == op})
        rows = []
        for a in aligns:
            for n in sizes:
                c = {col: res[(op, col, n) + a] for col in COLUMNS}
                rows.append([alignment_name(*a), n] + [c[col]["routine"] for col in COLUMNS] +
                            ["%.2f" % (c["lib"]["routine"] / c[ref]["routine"])
                             for ref in COLUMNS[1:]] +
                            ["%d/%d" % (c["lib"]["loads"], c["lib"]["stores"])])
        md += section("%s: instructions per call" % op,
                      ["alignment", "size"] + COLUMNS +
                      ["lib / ref:bytes", "lib / ref:words", "lib loads/stores"], rows)

    csv = csv_lines(["op", "cpu", "column", "size", "dst_offset", "src_offset",
                     "instructions", "caller_instructions", "loads", "stores", "method"],
                    [(op, run["cpu"], col, n, d, s) +
                     tuple(c[f] for f in ("routine", "caller", "loads", "stores")) +
                     ("qemu-arm instruction count (exact)",)
                     for (op, col, n, d, s), c in sorted(res.items())])
    return md, csv
