#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""make bench-count: instructions per call of the x86-64 bulk columns
(the checked references, ok+, among them),
counted by valgrind's callgrind (exact, repeatable on any x86-64 CPU).

Usage: count.py BENCH_BIN OUT_DIR

Runs BENCH_BIN -c under callgrind (count.c: each cell's timer on a batch
of one call and of two, each counted alone and dumped under the cell's
name), then per call = the two-call count - the one-call count - the same
difference of an empty timer (its loop). Prints the table and writes it to
OUT_DIR/count.md. Callgrind counts a rep-prefixed string instruction once
per iteration (a byte of rep movsb/stosb, 8 of movsq/stosq), where a CPU
retires it as one instruction: the rep columns count the work, not what a
core executes."""
import glob
import os
import re
import subprocess
import sys

SHOWN = ['lib', 'lib:__', 'none', 'ok+unrolled', 'ok+rep', 'linux']
OPS = ['clear_user', 'copy_to_user', 'copy_from_user']


def main():
    binary, out = sys.argv[1], sys.argv[2]
    dumps = os.path.join(out, 'callgrind')
    os.makedirs(dumps, exist_ok=True)
    for f in glob.glob(os.path.join(dumps, 'cg.out*')):
        os.remove(f)
    # --smc-check=all: the library patches its code at each feature set.
    r = subprocess.run(['valgrind', '--tool=callgrind', '--smc-check=all',
                        '--callgrind-out-file=' + os.path.join(dumps, 'cg.out'),
                        binary, '-c'], capture_output=True, text=True)
    if r.returncode:
        sys.exit('count.py: %s -c failed under valgrind:\n%s' % (binary, r.stderr))
    strategies = [l for l in r.stdout.splitlines() if l.startswith('column ')]
    counts = {}
    for f in glob.glob(os.path.join(dumps, 'cg.out.*')):
        with open(f) as fh:
            text = fh.read()
        label = re.search(r'^desc: Trigger: Client Request: (\S+) (\S+) (\d+) (\d+)$', text, re.M)
        ir = re.search(r'^summary: (\d+)', text, re.M)
        if label and ir:
            op, col, n, calls = label.groups()
            counts[(op, col, int(n), int(calls))] = int(ir.group(1))
    loop = counts[('empty', '-', 0, 2)] - counts[('empty', '-', 0, 1)]
    cols = sorted({k[1] for k in counts if k[0] != 'empty'},
                  key=lambda c: (SHOWN.index(c) if c in SHOWN else len(SHOWN), c))
    sizes = sorted({k[2] for k in counts if k[0] != 'empty'})
    version = subprocess.run(['valgrind', '--version'], capture_output=True, text=True).stdout
    lines = ['# x86-64 instruction counts (callgrind)', '',
             '- cpu: %s' % cpu_name(), '- valgrind: %s' % version.strip(),
             '- per call: two calls less one, less the empty loop (%d)' % loop,
             '- a rep string instruction counts once per iteration']
    lines += ['- ' + s for s in strategies]
    for op in OPS:
        lines += ['', '## %s' % op, '',
                  '| size | ' + ' | '.join(cols) + ' | lib/linux | lib/ok+unrolled |',
                  '|---:|' + '---:|' * (len(cols) + 2)]
        for n in sizes:
            per = {c: counts[(op, c, n, 2)] - counts[(op, c, n, 1)] - loop for c in cols}
            ratio = lambda a, b: '%.2f' % (per[a] / per[b]) if per.get(b) else '-'
            lines.append('| %d | ' % n + ' | '.join(str(per[c]) for c in cols) +
                         ' | %s | %s |' % (ratio('lib', 'linux'), ratio('lib', 'ok+unrolled')))
    text = '\n'.join(lines) + '\n'
    with open(os.path.join(out, 'count.md'), 'w') as fh:
        fh.write(text)
    sys.stdout.write(text)


def cpu_name():
    with open('/proc/cpuinfo') as fh:
        return next((line.split(':', 1)[1].strip() for line in fh
                     if line.startswith('model name')), 'unknown')


if __name__ == '__main__':
    main()
