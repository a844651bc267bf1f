# SPDX-License-Identifier: MIT
"""Count the instructions uaccess-bench's calls execute, exactly, under qemu-aarch64.

The method and the runs are bench/qemu_count.py's, once per CPU model of
--cpus; this file adds what AArch64 has of its own: the classes of its
instructions (loads, stores, dc zva), the closed forms of ref.S's routines
(EXPECTED, worked out from their code by hand; ref_clear_zva's from the dc
zva block the CPU announced) and the tables.
"""

import re
import time

from qemu_count import callers, check_table, csv_lines, imports_note, section

OPS = ["clear_user", "copy_to_user", "copy_from_user"]
COLUMNS = {
    "clear_user": ["lib", "ref:bytes", "ref:dwords", "ref:x8", "ref:stp", "ref:zva"],
    "copy_to_user": ["lib", "ref:bytes", "ref:dwords"],
    "copy_from_user": ["lib", "ref:bytes", "ref:dwords"],
}
# The classes counted apart, a regex over "mnemonic operands" each: every
# ld* (ldr, ldp, ldtr, ldur, ldxr, ...), every st*, and dc zva / gzva.
CLASSES = {"loads": r"ld", "stores": r"st", "dc zva": r"dc g?zva,"}
ROUTINES = ["_uaccess_asm_clear_user", "_uaccess_asm_copy_to_user", "_uaccess_asm_copy_from_user"]
DZP = 1 << 4
NEEDED = ["ref_clear_zva"]


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


def annotate(run):
    m = re.search(r"dczid 0x([0-9a-f]+); library: (.*)$", run["header"][0])
    run.update(dczid=int(m.group(1), 16), strategy=m.group(2))


def expected(run, op, col, n, d, s, cell):
    want = EXPECTED.get((op, col))
    return want(n, d, run["dczid"]) if want else None


def zva_crossover(results, align):
    """The smallest size from which ref:zva runs fewer instructions than
    ref:x8 at every larger size of the table, with both counts; None if
    it never does."""
    found = None
    for n in sorted({n for (op, c, n, d, s) in results if op == "clear_user"}, reverse=True):
        zva, x8 = (results[("clear_user", c, n) + align]["routine"] for c in ("ref:zva", "ref:x8"))
        if zva >= x8:
            break
        found = (n, zva, x8)
    return found


def report(args, runs, info):
    runs = [(r["cpu"], r) for r in runs]
    info["check"] = "%d cells matched" % sum(r["matched"] for _, r in runs)
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
    w("- what: `_uaccess_asm_clear_user`, `_uaccess_asm_copy_to_user`, `_uaccess_asm_copy_from_user` "
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
    w("- " + imports_note(info["imports"]))
    w("- method: `qemu-aarch64 -cpu CPU %s -d exec,nochain -dfilter <the code>` logs one "
      "line per executed instruction; count.py counts the lines between the program's "
      "markers around each call and classifies each pc by `objdump -d` (stores: every "
      "`st*`; loads: every `ld*`; `dc zva`). Exact: checked against ref.S's routines, whose "
      "counts are known in closed form (%s). Every call's result is checked byte by byte "
      "(a wrong one stops the bench), and before each count the program's check sweep "
      "runs: %s." % (info["one_insn"], info["check"], "; ".join(
          "%s: %s" % (cpu, r["checked"]) for cpu, r in runs)))
    w("- counts are the routine's own instructions; the calling function adds a constant "
      "per call, not in the tables (for the library its inline `access_ok()`, Spectre-v1 "
      "mask and call; for a reference its call): %s"
      % callers([r for _, r in runs], lambda col: "lib" if col == "lib" else "ref"))
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
            rows = []
            for a in aligns:
                for n in sizes:
                    c = {col: res[(op, col, n) + a]["routine"] for col in COLUMNS[op]}
                    best = min(refs, key=lambda col: c[col])
                    rows.append([alignment_name(*a), n] + [c[col] for col in COLUMNS[op]] +
                                [best, "%.2f" % (c["lib"] / c[best])])
            md += section("%s, `-cpu %s` (dc zva block %s): instructions per call"
                          % (op, cpu, "%d bytes" % block if block else "prohibited"),
                          ["alignment", "size"] + COLUMNS[op] + ["best", "lib / best"], rows)
            if op == "clear_user":
                w("")
                for a in aligns:
                    x = zva_crossover(res, a)
                    w("- %s: ref:zva runs fewer instructions than ref:x8 %s" % (
                        alignment_name(*a), "from %d bytes on (%d against %d)" % x if x
                        else "at none of these sizes"))

    rows = []
    for cpu, r in runs:
        for (op, col, n, d, s), c in sorted(r["results"].items()):
            if op == "clear_user" and col == "lib" and n in (4096, 16384):
                rows.append(["`%s`" % cpu, alignment_name(d, s), n, c["routine"], c["stores"],
                             c["dc zva"], c["loads"],
                             c["routine"] - c["stores"] - c["dc zva"] - c["loads"]])
    md += section("clear_user: the library's instructions by kind, 4 KiB and 16 KiB",
                  ["CPU", "alignment", "size", "instructions", "stores", "dc zva", "loads",
                   "other"], rows)
    md += check_table([r for _, r in runs], [(op, c) for op in OPS
                                             for c in ("lib", "ref:dwords", "ref:dwords+ok")])
    csv = csv_lines(["op", "cpu", "zva_block", "column", "size", "dst_offset", "src_offset",
                     "instructions", "caller_instructions", "loads", "stores", "dc_zva",
                     "method"],
                    [(op, cpu, zva_block(r["dczid"]), col, n, d, s) +
                     tuple(c[f] for f in ("routine", "caller", "loads", "stores", "dc zva")) +
                     ("qemu-aarch64 instruction count (exact)",)
                     for cpu, r in runs for (op, col, n, d, s), c in r["results"].items()])
    return md, csv

