# SPDX-License-Identifier: MIT
"""The driver of the exact instruction counts under qemu-user (powerpc32,
riscv64, aarch64): bench/<arch>/count.py holds what its architecture adds
(the classes of instructions, the models of ref.S's routines, the tables).

Usage: qemu_count.py bench/<arch>/count.py --bin BIN --lib LIB --out DIR ...

Method. qemu -singlestep (-one-insn-per-tb from QEMU 8.1 on) translates one
guest instruction per translation block, and -d exec,nochain logs every
block it executes (nochain: no block jumps straight into the next one,
which would skip the log), with the guest pc: one line per executed
instruction. -dfilter keeps only the pcs of the code we care about: all of
the library's code in the program (every input section the link map shows
taken from libuaccess.a, so a helper it calls is counted wherever it
lies), ref.S's routines and ref_strings.h's ref_str_bytes (ref_*), the
bench_call_* functions that make the calls, and the two markers. The
program (bench/qemu_count.c) calls bench_cell_begin() and bench_cell_end()
around each counted call and prints one "cell" line per call, in order;
the i-th cell is what ran between the i-th pair of markers. Each pc is
classified by joining it with objdump -d of the binary. No QEMU plugin is
needed; the log is read from a pipe as qemu writes it, never stored.

Each CPU model (--cpus; none: qemu's default) and each other build
(--build) gets two runs: the program's check sweep without the log (any
wrong byte stops the bench), then the count. Before reporting, every cell
of ref.S's routines is checked against the count its model (the arch's
expected()) works out from the code by hand: if one instruction were
missed or counted twice anywhere, they would not match.

Output: results.md (also printed) and results.csv in --out.
"""
import argparse
import importlib.util
import os
import re
import subprocess
import sys
import tempfile
import time


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


def imports_note(imports):
    """The report's line on what the library calls outside itself."""
    if not imports:
        return ("the library uses no symbol from outside itself (`nm`), so all it runs is "
                "in the counted code")
    return ("**the library uses %s from outside itself: instructions run there are not "
            "counted**" % ", ".join("`%s`" % n for n in imports))


def classify(classes, insn):
    """The first class of classes (name -> regex) whose regex matches the
    start of insn ("mnemonic operands"), else "other"."""
    return next((name for name, rx in classes.items() if re.match(rx, insn)), "other")


def pc_table(objdump, binary, ranges, classes, digits):
    """pc as qemu logs it (`digits` hex digits) -> (region, class) for the
    instructions inside ranges."""
    table = {}
    insn = re.compile(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)")
    for line in run(objdump.split() + ["-d", "--no-show-raw-insn", binary]).splitlines():
        m = insn.match(line)
        if not m:
            continue
        pc = int(m.group(1), 16)
        for start, end, region in ranges:
            if start <= pc < end:
                table[b"%0*x" % (digits, pc)] = (region, classify(
                    classes, m.group(2) + " " + m.group(3)))
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


def section(title, head, rows, note=None):
    """A section of results.md: "## title", the note if any, the table."""
    return ["", "## " + title, ""] + ([note, ""] if note else []) + md_table(head, rows)


def csv_lines(head, rows):
    """results.csv: the names of the fields, then one line per row."""
    return [",".join(head)] + [",".join(str(f) for f in r) for r in rows]


def callers(runs, who):
    """What the calling functions add per call, grouped by (op, who(column)):
    "op name a/b/..." joined by commas, the counts of each group sorted."""
    groups = {}
    for r in runs:
        for (op, col, _, _, _), c in r["results"].items():
            groups.setdefault((op, who(col)), set()).add(c["caller"])
    return ", ".join("%s %s %s" % (op, name, "/".join(str(v) for v in sorted(counts)))
                     for (op, name), counts in sorted(groups.items()))


def check_table(runs, cols):
    """The check and call: what the calling function runs besides the
    routine, for each (op, column) of cols: the library's public checked
    call and the Linux-shaped reference with and without access_ok()."""
    rows = []
    for op, col in cols:
        counts = sorted({c["caller"] for r in runs for (o, k, *_), c in r["results"].items()
                         if (o, k) == (op, col)})
        rows.append([op, col, "/".join(str(v) for v in counts)])
    return section("check and call: instructions besides the routine", ["op", "column",
                   "instructions"], rows, "The calling function's own instructions (its "
                   "inline check, Spectre mask, call or tail call and return), constant per "
                   "call; `+ok`: the reference behind asm-generic's `access_ok()` with a "
                   "constant limit, as Linux's `clear_user()` / `copy_to_user()` call theirs. "
                   "Library code that the call reaches besides the routine (an out-of-line "
                   "zero fill) is counted as the routine's.")


def strings_table(results, note=""):
    """The table of the string cells (qemu_strings.c) of one run's results."""
    rows = []
    for op in ("strnlen_user", "strncpy_from_user"):
        for n in sorted({k[2] for k in results if k[0] == op}):
            lib, ref = results[(op, "lib", n, 0, 0)], results[(op, "ref:bytes", n, 0, 0)]
            rows.append([op, n, lib["routine"], lib["loads"], ref["routine"], ref["loads"],
                         "%.2f" % (ref["routine"] / lib["routine"])])
    return section("strings: instructions per call (count = length + 64, so the NUL is found)",
                   ["op", "length", "lib", "lib loads", "ref:bytes", "ref:bytes loads",
                    "ref:bytes / lib"], rows,
                   "lib: `strnlen_user` / `strncpy_from_user` (lib/, aligned words); ref:bytes: "
                   "ref_strings.h's `ref_str_bytes`, the same window with one `unsafe_get_user` "
                   "per byte." + note)


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


def prepare(arch, args, binary, lib):
    """The pc table, the markers' pcs, the -dfilter argument and the size of
    the library's code in binary (its link map is binary.map)."""
    syms = symbols(args.nm, binary)
    lib_text = library_text(binary + ".map", lib, code_sections(args.objdump, binary))
    ranges = [(s, e, "routine") for s, e in lib_text]
    for name, (addr, size) in syms.items():
        if name in ("bench_cell_begin", "bench_cell_end"):
            ranges.append((addr, addr + size, name))
        elif name.startswith("bench_call_"):
            ranges.append((addr, addr + size, "caller"))
        elif name.startswith("ref_"):
            ranges.append((addr, addr + size, "routine"))
    for name in ["bench_cell_begin", "bench_cell_end", "bench_call_lib_clear"] + \
            arch.NEEDED + arch.ROUTINES:
        if name not in syms:
            sys.exit("count.py: %s has no symbol %s" % (binary, name))
    for name in arch.ROUTINES:
        if not any(s <= syms[name][0] < e for s, e in lib_text):
            sys.exit("count.py: %s is not in the library's code that %s.map shows"
                     % (name, binary))
    with open(binary, "rb") as f:
        digits = 8 * f.read(5)[4]      # ELF class 1 (32-bit) or 2: as wide as qemu logs a pc
    return {"pcs": pc_table(args.objdump, binary, ranges, arch.CLASSES, digits),
            "begin": b"%0*x" % (digits, syms["bench_cell_begin"][0]),
            "end": b"%0*x" % (digits, syms["bench_cell_end"][0]),
            "dfilter": ",".join("0x%x+0x%x" % (s, e - s)
                                for s, e in merge((s, e) for s, e, _ in ranges)),
            "lib_bytes": sum(e - s for s, e in lib_text)}


def count(arch, args, binary, cpu, prepared, one_insn):
    """One CPU model's check sweep and count of binary: a run, its cells
    keyed (op, column, size, dst, src), each with its address and strategy."""
    qemu = args.qemu.split() + (["-cpu", cpu] if cpu else [])
    where = "%s%s" % (binary, " -cpu " + cpu if cpu else "")
    # The sweep's own messages (the first wrong byte) go straight to stderr.
    sweep = subprocess.run(qemu + [binary, "check"] + args.bench_args,
                           stdout=subprocess.PIPE, text=True)
    if sweep.returncode:
        sys.exit("count.py: %s: the check sweep failed (exit status %d)"
                 % (where, sweep.returncode))
    cmd = qemu + [one_insn, "-d", "exec,nochain", "-dfilter", prepared["dfilter"],
                  "-D", "/dev/stderr", binary, "count"] + args.bench_args
    t0 = time.time()
    cells, lines, stray, stdout, rc = count_cells(
        cmd, prepared["begin"], prepared["end"], prepared["pcs"],
        lambda: dict({"routine": 0, "caller": 0}, **{c: 0 for c in arch.CLASSES}))
    if rc:
        sys.exit("count.py: %s: the count exited with %d" % (where, rc))
    rows = [l.split(None, 7) for l in stdout.splitlines() if l.startswith("cell ")]
    if len(rows) != len(cells) or stray or not rows:
        sys.exit("count.py: %s: %d cells printed, %d counted, %d stray pcs" %
                 (where, len(rows), len(cells), stray))
    results = {}
    for (_, op, col, n, d, s, addr, strategy), cell in zip(rows, cells):
        cell.update(addr=int(addr, 16), strategy=strategy)
        results[(op, col, int(n), int(d), int(s))] = cell
    return {"cpu": cpu, "binary": binary, "results": results,
            "header": [l for l in stdout.splitlines() if l.startswith("# uaccess-bench")],
            "checked": sweep.stdout.strip(), "seconds": time.time() - t0,
            "log_lines": lines}


def self_check(arch, run_):
    """Every cell that has a model against it; the number checked, the problems."""
    checked, problems = 0, []
    for (op, col, n, d, s), cell in run_["results"].items():
        want = arch.expected(run_, op, col, n, d, s, cell)
        if want is None:
            continue
        checked += 1
        if cell["routine"] != want:
            problems.append("%s: %s %s %d (dst +%d, src +%d): counted %d, expected %d" %
                            (run_["cpu"] or run_["binary"], op, col, n, d, s,
                             cell["routine"], want))
    return checked, problems + getattr(arch, "more_problems", lambda r: [])(run_)


def main():
    sys.modules.setdefault("qemu_count", sys.modules[__name__])   # for the arch's imports
    spec = importlib.util.spec_from_file_location("count", sys.argv.pop(1))
    arch = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(arch)
    p = argparse.ArgumentParser(description=arch.__doc__.splitlines()[0])
    for name in ("--bin", "--lib", "--out", "--qemu", "--nm", "--objdump", "--cc"):
        p.add_argument(name, required=True)
    p.add_argument("--cpus", default="", help="qemu CPU models, one run each")
    p.add_argument("--build", action="append", default=[], metavar="BIN,LIB,CPU",
                   help="another build of the program, counted on CPU")
    p.add_argument("--cflags", default="", help="the library's build flags, for the report")
    p.add_argument("bench_args", nargs="*", help="options for the program (-a OFFSET)")
    args = p.parse_args()

    t0 = time.time()
    args.cc = "%s (%s)" % (args.cc, run(args.cc.split() + ["--version"]).splitlines()[0])
    info = {"one_insn": "-one-insn-per-tb" if "-one-insn-per-tb" in subprocess.run(
                args.qemu.split() + ["-h"], capture_output=True, text=True).stdout
            else "-singlestep",   # QEMU 8.1 renamed it, 9.0 dropped the old name
            "version": run(args.qemu.split() + ["--version"]).splitlines()[0],
            "imports": library_imports(args.nm, args.lib)}
    builds = [(args.bin, args.lib, cpu) for cpu in args.cpus.split() or [""]]
    builds += [tuple(b.split(",")) for b in args.build]
    runs, problems, prepared = [], [], {}
    for binary, lib, cpu in builds:
        if binary not in prepared:
            prepared[binary] = prepare(arch, args, binary, lib)
        info.setdefault("lib_bytes", prepared[binary]["lib_bytes"])
        r = count(arch, args, binary, cpu, prepared[binary], info["one_insn"])
        getattr(arch, "annotate", lambda r: None)(r)
        r["matched"], more = self_check(arch, r)
        problems += more if r["matched"] else more + ["%s: nothing checked" % binary]
        runs.append(r)
    if problems:
        sys.exit("count.py: the count is not exact:\n  " + "\n  ".join(problems))
    md, csv = arch.report(args, runs, info)
    text = "\n".join(md + ["", "make bench: %.1f s in all" % (time.time() - t0)]) + "\n"
    paths = [os.path.join(args.out, name) for name in ("results.md", "results.csv")]
    for path, body in zip(paths, (text, "\n".join(csv) + "\n")):
        with open(path, "w") as f:
            f.write(body)
    sys.stdout.write(text)
    print("\nwritten: %s, %s" % tuple(paths))


if __name__ == "__main__":
    main()
