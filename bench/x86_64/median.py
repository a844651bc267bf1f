# SPDX-License-Identifier: MIT
"""make bench-median: the bounds table and the replay ratios over several
runs of uaccess-bench, each ratio the median across the runs of that
ratio within each run (one run's worst size is mostly noise on a shared
machine; the median of five is what the project quotes). Within a run the
columns are measured round by round, side by side; between runs a shared
machine's speed may drift by half, which a ratio of two cells' medians
taken from different runs would keep.

Usage: python3 bench/x86_64/median.py RUN_DIR...
Each RUN_DIR holds one run's results.csv, results.md and replay.dat. The
bands and their bounds are read from the first run's results.md (report.c
holds them).
"""
import csv
import re
import statistics
import sys
from collections import defaultdict


def load_csv(path):
    cells = defaultdict(dict)
    with open(path) as f:
        for r in csv.DictReader(f):
            cells[(r['op'], r['row'])][r['column']] = float(r['ticks'])
    return cells


def bands_of(md_path):
    """(op, lo, hi, bound) per line of the bounds table."""
    with open(md_path) as f:
        return [(op, int(lo), int(hi), float(bound)) for op, lo, hi, bound in
                re.findall(r'^\| (\w+) \| (\d+)\.\.(\d+) \| ([\d.]+) \|', f.read(), re.M)]


def load_replay(path):
    """{column: [ticks / lib's, one per trace]}, and the trace names."""
    cols, names = {}, []
    with open(path) as f:
        for line in f:
            words = line.split()
            if line.startswith('#'):
                names = words[2:]
            elif len(words) > 2:
                cols[words[1]] = [float(x) for x in words[2:]]
    return cols, names


def ratios(cells):
    """One run's ratios of one size: lib and lib:nomask over the best ok+
    reference, lib over linux, lib:again over lib."""
    best = min(v for c, v in cells.items() if c.startswith('ok+'))
    return {'lib': cells['lib'] / best, 'lib:nomask': cells['lib:nomask'] / best,
            'linux': cells['lib'] / cells['linux'], 'again': cells['lib:again'] / cells['lib']}


def main(dirs):
    runs = [load_csv(d + '/results.csv') for d in dirs]
    med = {}
    for key in runs[0]:
        if all(key in r for r in runs):
            per_run = [ratios(r[key]) for r in runs]
            med[key] = {c: statistics.median(q[c] for q in per_run) for c in per_run[0]}
    print('# median of %d runs of uaccess-bench (%s)\n' % (len(dirs), ', '.join(dirs)))
    print('| op | sizes | bound | worst lib / ok+best | at | over '
          '| worst lib:nomask / ok+best | at | over | worst lib / linux | at | noise |')
    print('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
    for op, lo, hi, bound in bands_of(dirs[0] + '/results.md'):
        band = [(int(row), r) for (o, row), r in med.items()
                if o == op and row.isdigit() and lo <= int(row) <= hi]
        worst = {c: max(((r[c], n) for n, r in band), key=lambda x: x[0], default=(0, None))
                 for c in ('lib', 'lib:nomask', 'linux')}
        over = {c: sum(r[c] > bound for _, r in band) for c in ('lib', 'lib:nomask')}
        noise, sizes = max([1] + [max(r['again'], 1 / r['again']) for _, r in band]), len(band)
        print('| %s | %d..%d | %.2f | %.2f | %s | %d of %d | %.2f | %s | %d of %d | %.2f | %s | %.2f |' %
              (op, lo, hi, bound, worst['lib'][0], worst['lib'][1], over['lib'], sizes,
               worst['lib:nomask'][0], worst['lib:nomask'][1], over['lib:nomask'], sizes,
               worst['linux'][0], worst['linux'][1], noise))
    replays = [load_replay(d + '/replay.dat') for d in dirs]
    names = replays[0][1]
    if names:
        print('\n| trace | lib / linux | lib / best single (rep, unrolled) |')
        print('|---|---:|---:|')
        for i, name in enumerate(names):
            linux = statistics.median(1 / cols['linux'][i] for cols, _ in replays)
            best = statistics.median(1 / min(cols['rep'][i], cols['unrolled'][i])
                                     for cols, _ in replays)
            print('| %s | %.2f | %.2f |' % (name, linux, best))


if __name__ == '__main__':
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
