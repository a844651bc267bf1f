# SPDX-License-Identifier: MIT
"""What the exact instruction counts of bench/<arch>/count.py share: the
disassembly and symbols of the bench program, where the library's code lies
in it (from the link map), the pc table that sorts each executed
instruction into a region and a class, qemu's options (-dfilter's address
ranges, the one-instruction-per-block switch) and the Markdown tables of
the report."""
import os
import re
import subprocess
import sys
import tempfile


def run(cmd):
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def symbols(nm, path):
    """name -> (address, size) of the defined text symbols that have a size."""
    table = {}
    for line in run(nm.split() + ["-S", "--defined-only", path]).splitlines():
        f = line.split()
        if len(f) == 4 and f[2] in "Tt":
            table[f[3]] = (int(f[0], 16), int(f[1], 16))
    return table


def library_functions(nm, lib):
    """The names of the functions libuaccess.a defines."""
    names = set()
    for line in run(nm.split() + ["--defined-only", lib]).splitlines():
        f = line.split()
        if len(f) == 3 and f[1] in "Tt":
            names.add(f[2])
    return names


def library_imports(nm, lib):
    """The names libuaccess.a uses but does not define, less the section
    bounds (__start_*, __stop_*) the linker provides: what the library's
    code could reach outside its own text."""
    defined, used = set(), set()
    for line in run(nm.split() + [lib]).splitlines():
        f = line.split()
        if len(f) == 2 and f[0] == "U":
            used.add(f[1])
        elif len(f) == 3:
            defined.add(f[2])
    return sorted(n for n in used - defined if not n.startswith(("__start_", "__stop_")))


def pc_table(objdump, binary, ranges, classify, digits, operands=False):
    """pc as qemu logs it (`digits` hex digits) -> (region, classify(mnemonic))
    for the instructions inside ranges; classify(mnemonic, operands) with
    operands=True, for an ISA where the mnemonic alone does not say (dc zva
    and dc civac are both "dc")."""
    table = {}
    insn = re.compile(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)")
    for line in run(objdump.split() + ["-d", "--no-show-raw-insn", binary]).splitlines():
        m = insn.match(line)
        if not m:
            continue
        pc = int(m.group(1), 16)
        for start, end, region in ranges:
            if start <= pc < end:
                cls = classify(m.group(2), m.group(3)) if operands else classify(m.group(2))
                table[b"%0*x" % (digits, pc)] = (region, cls)
                break
    return table


def code_sections(objdump, binary):
    """[start, end) of each section of binary that holds code (objdump -h: CODE)."""
    out, lines = [], run(objdump.split() + ["-h", binary]).splitlines()
    for head, flags in zip(lines, lines[1:]):
        f = head.split()
        if len(f) >= 4 and f[0].isdigit() and "CODE" in flags:
            out.append((int(f[3], 16), int(f[3], 16) + int(f[2], 16)))
    return out


def library_text(map_path, lib, code):
    """[start, end) of every input section that the GNU ld link map map_path
    shows taken from the archive lib and lying inside one of the ranges code
    (code_sections()): all of the library's code in the program, whichever
    function, sized or not, global or local, holds an instruction. The map
    puts a long section name on a line of its own, the address, size and
    member on the next."""
    lib = os.path.realpath(lib)
    entry = re.compile(r"^ (\S+)?\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S.*)\(([^()]+)\)$")
    out, started = [], False
    with open(map_path) as f:
        for line in f:
            started = started or line.startswith("Linker script and memory map")
            m = entry.match(line.rstrip("\n")) if started else None
            if not m or os.path.realpath(m.group(4)) != lib:
                continue
            start, size = int(m.group(2), 16), int(m.group(3), 16)
            if size and any(s <= start and start + size <= e for s, e in code):
                out.append((start, start + size))
    return out


def one_insn_option(qemu):
    """qemu's switch for one guest instruction per translation block: QEMU 8.1
    renamed -singlestep (gone from 9.0 on) to -one-insn-per-tb."""
    qemu_help = subprocess.run(qemu.split() + ["-h"], capture_output=True, text=True).stdout
    return "-one-insn-per-tb" if "-one-insn-per-tb" in qemu_help else "-singlestep"


def dfilter(ranges):
    """qemu's -dfilter argument for the [start, end) ranges, joined where they touch."""
    return ",".join("0x%x+0x%x" % (s, e - s) for s, e in merge(ranges))


def merge(ranges):
    """Adjacent or overlapping [start, end) ranges joined, for -dfilter."""
    out = []
    for start, end in sorted(ranges):
        if out and start <= out[-1][1]:
            out[-1][1] = max(out[-1][1], end)
        else:
            out.append([start, end])
    return out


def md_table(head, rows):
    """A Markdown table, every column right-aligned (numbers, mostly)."""
    out = ["| " + " | ".join(head) + " |", "|" + "---:|" * len(head)]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return out


def count_cells(cmd, begin, end, pcs, new_cell):
    """Run cmd (qemu with "-d exec,nochain -D /dev/stderr") and count, for
    each stretch between an execution of begin and one of end (pcs as qemu
    prints them), the instructions of each region and class of pcs into a
    cell that new_cell() starts. Returns (cells, logged lines, stray pcs,
    the program's stdout, its exit status)."""
    cells, cur, lines, stray = [], None, 0, 0
    # The log comes through stderr, read as it is written; the program's
    # own output goes to a file, so neither pipe can fill up and stall qemu.
    with tempfile.TemporaryFile() as out, \
            subprocess.Popen(cmd, stdout=out, stderr=subprocess.PIPE) as proc:
        for line in proc.stderr:
            if not line.startswith(b"Trace "):
                sys.stderr.write(line.decode(errors="replace"))   # the program's own
                continue
            lines += 1
            pc = line.split(b"/", 2)[1]
            if pc == begin:
                cur = new_cell()
            elif pc == end:
                cells.append(cur)
                cur = None
            elif cur is not None:
                region, cls = pcs.get(pc, (None, None))
                if region is None:
                    stray += 1
                    continue
                cur[region] += 1
                if region == "routine" and cls != "other":
                    cur[cls] += 1
        proc.wait()
        out.seek(0)
        stdout = out.read().decode()
    return cells, lines, stray, stdout, proc.returncode


def write_report(out_dir, md, seconds):
    """results.md in out_dir from the report lines md, the run's time last;
    printed too, with the names of the files written."""
    text = "\n".join(md + ["", "make bench: %.1f s in all" % seconds]) + "\n"
    with open(os.path.join(out_dir, "results.md"), "w") as f:
        f.write(text)
    sys.stdout.write(text)
    print("\nwritten: %s, %s" % (os.path.join(out_dir, "results.md"),
                                 os.path.join(out_dir, "results.csv")))

