# SPDX-License-Identifier: MIT
"""make style: the rules that keep code, comments and docs from drifting.

One case per (rule, file) in the log, "ok - ..." or "not ok - ..." with
the offending lines under it, then "N passed, N failed" (make check counts
it). Exits non-zero if any case fails. The rules:

  columns    no line over 100 columns in include/, lib/, arch/
  macro      no backslash continuation into a blank line or the end of a
             file (a macro whose continuation was lost or left dangling)
  paths      every repository path named in a doc or a source file
             (include/..., lib/..., arch/..., tests/..., examples/...,
             bench/..., docs/..., scripts/...) exists, and every file
             named without its directory (harness.c) is somewhere
  no-docs    library code (include/, lib/, arch/) names nothing in docs/:
             a vendored copy usually does not carry docs/
  budget     each doc within its size, README and docs/ together within
             TOTAL_BUDGET bytes
  history    no build-history words (the narration of an experiment) in
             docs or in the library's code
  figures    no benchmark figure in the library's code: no tick counts, no
             CPU model names, no "measured" with a number (figures live
             in commit bodies and docs/BENCHMARKS.md's tables)
  mutants    every mutant's text is found once in its file
             (tests/arch/*/mutants.py --check), so moved code cannot
             leave a mutant that no longer applies

Usage: python3 tests/tools/style.py [LOG]   (from the repository root)
"""
import os
import re
import subprocess
import sys

LIBRARY = ('include/', 'lib/', 'arch/')
TOP = ('include', 'lib', 'arch', 'tests', 'examples', 'bench', 'docs', 'scripts')
MAX_COLUMNS = 100

# Bytes. A doc not listed here has no budget of its own but counts in the total.
BUDGETS = {
    'README.md': 6000,
    'docs/INTEGRATION.md': 13000,
    'docs/PORTING.md': 10000,
    'docs/TESTING.md': 6000,
    'docs/BENCHMARKS.md': 11000,
    'docs/x86_64.md': 4000,
    'docs/powerpc32.md': 4000,
    'docs/riscv64.md': 4000,
    'docs/aarch64.md': 4000,
    'docs/armv7m.md': 4000,
}
TOTAL_BUDGET = 68000

# Words that narrate how the code came to be rather than what it is.
HISTORY = re.compile(r'\b(was dropped|were dropped|tried and dropped|no longer|used to|'
                     r'previously|at first|this session|we tried)\b', re.I)
# In the library's comments a decision stands without its experiment.
HISTORY_CODE = re.compile(r'\b(measured (slower|faster|better|worse)|were tried|'
                          r'was tried|dropped)\b', re.I)

# A benchmark figure in the library's code: ticks, a CPU model, "measured" with a number.
FIGURES = re.compile(r'(\d[\d.]*\s*(TSC\s+)?ticks?\b|\bZen ?\d|\b(EPYC|Xeon|EMR|SPR)\b|'
                     r'\b[A-Z]\w*(well|lake)\b|\b[A-Z]\w* (Lake|Rapids|Bridge)\b|\bmeasured\b[^.;]*\d|'
                     r'\d[^.;]*\bmeasured\b)')

# A file named without its directory: some file of the tree has that name.
BASENAME = re.compile(r'(?<![\w/.$<*-])([\w-]{2,}\.(?:c|h|S|md|mk|ld|py|sh|gp))(?![\w.])')
# Names that are not the tree's files: the C library's and QEMU's headers,
# musl's atomic.h, what make bench writes, and Python's re.S flag.
ELSEWHERE = {'stdint.h', 'stddef.h', 'stdbool.h', 'stdarg.h', 'qemu-plugin.h', 'atomic.h',
             'results.md', 'count.md', 'callgrind.h', 're.S'}
PATH = re.compile(r'(?<![\w/.$<-])((?:%s)/[\w./+-]*[\w/])' % '|'.join(TOP))

cases = []


def case(ok, name, lines=()):
    cases.append((ok, name, list(lines)))


def tracked():
    """The tree's files: git's list in a checkout, else every file outside
    build/ (a copy without .git)."""
    r = subprocess.run(['git', 'ls-files', '-co', '--exclude-standard'],
                       capture_output=True, text=True)
    if r.returncode == 0 and r.stdout:
        return sorted(f for f in r.stdout.splitlines() if os.path.isfile(f))
    found = []
    for d, dirs, names in os.walk('.'):
        dirs[:] = [x for x in dirs if x not in ('.git', 'build')]
        found += [os.path.relpath(os.path.join(d, n)) for n in names]
    return sorted(found)


def text_of(path):
    try:
        with open(path, encoding='utf-8') as f:
            return f.read()
    except (UnicodeDecodeError, OSError):
        return None


def is_doc(path):
    return path.endswith('.md')


def is_source(path):
    return re.search(r'\.(c|h|S|ld|mk|py|sh|gp)$|(^|/)Makefile$|^\.ci/', path) is not None


def looks_like_path(p, after):
    """A name in the tree, not a placeholder (arch/ARCH/), a glob (lib/strn*)
    or a ratio of two columns (lib/ref)."""
    parts = [c for c in p.split('/') if c]
    if after == '*' or any(c.isupper() for c in parts):
        return False
    return p.endswith('/') or '.' in parts[-1] or len(parts) > 2


def main():
    log = open(sys.argv[1], 'w') if len(sys.argv) > 1 else sys.stdout
    files = tracked()
    basenames = {os.path.basename(f) for f in files}
    docs = [f for f in files if is_doc(f)]
    for f in files:
        text = text_of(f)
        if text is None or not (is_doc(f) or is_source(f)):
            continue
        lines = text.split('\n')
        if f.startswith(LIBRARY):
            bad = ['%s:%d: %d columns' % (f, i + 1, len(l.expandtabs(8)))
                   for i, l in enumerate(lines) if len(l.expandtabs(8)) > MAX_COLUMNS]
            case(not bad, 'columns ' + f, bad)
            bad = ['%s:%d: continuation into %s' % (f, i + 1,
                   'the end of the file' if i + 1 >= len(lines) or
                   (i + 2 == len(lines) and not lines[i + 1]) else 'a blank line')
                   for i, l in enumerate(lines)
                   if l.endswith('\\') and (i + 1 >= len(lines) or not lines[i + 1].strip())]
            case(not bad, 'macro ' + f, bad)
            bad = ['%s:%d: %s' % (f, i + 1, l.strip()) for i, l in enumerate(lines)
                   if 'docs/' in l]
            case(not bad, 'no-docs ' + f, bad)
            bad = ['%s:%d: %s' % (f, i + 1, l.strip()) for i, l in enumerate(lines)
                   if HISTORY.search(l) or HISTORY_CODE.search(l)]
            case(not bad, 'history ' + f, bad)
            bad = ['%s:%d: %s' % (f, i + 1, l.strip()) for i, l in enumerate(lines)
                   if FIGURES.search(l)]
            case(not bad, 'figures ' + f, bad)
        if is_doc(f):
            bad = ['%s:%d: %s' % (f, i + 1, l.strip()) for i, l in enumerate(lines)
                   if HISTORY.search(l)]
            case(not bad, 'history ' + f, bad)
        bad = []
        for i, l in enumerate(lines):
            for m in PATH.finditer(l):
                p = m.group(1).rstrip('.')
                if looks_like_path(p, l[m.end():m.end() + 1]) and not os.path.exists(p):
                    bad.append('%s:%d: %s does not exist' % (f, i + 1, p))
            for m in BASENAME.finditer(l):
                if m.group(1) not in basenames | ELSEWHERE:
                    bad.append('%s:%d: no file is named %s' % (f, i + 1, m.group(1)))
        case(not bad, 'paths ' + f, bad)
    total = 0
    for f in ['README.md'] + [d for d in docs if d.startswith('docs/')]:
        size = os.path.getsize(f)
        total += size
        if f in BUDGETS:
            case(size <= BUDGETS[f], 'budget %s' % f,
                 ['%s: %d bytes, budget %d' % (f, size, BUDGETS[f])] if size > BUDGETS[f] else [])
    case(total <= TOTAL_BUDGET, 'budget README.md and docs/',
         ['%d bytes, budget %d' % (total, TOTAL_BUDGET)] if total > TOTAL_BUDGET else [])
    for m in sorted(f for f in tracked() if re.match(r'tests/arch/[^/]+/mutants\.py$', f)):
        r = subprocess.run([sys.executable, m, '--check'], capture_output=True, text=True)
        case(r.returncode == 0, 'mutants ' + m, (r.stdout + r.stderr).splitlines()[:10])
    failed = 0
    for ok, name, lines in cases:
        print('%s - %s' % ('ok' if ok else 'not ok', name), file=log)
        for l in lines:
            print('#   ' + l, file=log)
        failed += not ok
    print('%d passed, %d failed' % (len(cases) - failed, failed), file=log)
    if log is not sys.stdout:
        log.close()
        for ok, name, lines in cases:
            if not ok:
                print('not ok - ' + name)
                for l in lines[:5]:
                    print('#   ' + l)
        print('%d passed, %d failed' % (len(cases) - failed, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
