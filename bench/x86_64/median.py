# SPDX-License-Identifier: MIT
"""make bench-median: the band table and the replay ratios over several
runs of uaccess-bench. A band's figure: each run's geometric mean over
the band's fixed sizes of that run's ratios, then the median of those
over the runs; its worst size: the size whose median ratio over the runs
is highest (one run's worst size is mostly noise on a shared machine).
Within a run the columns are measured round by round, side by side;
between runs a shared machine's speed may drift by half, which a ratio of
two cells' medians taken from different runs would keep.

Usage: python3 bench/x86_64/median.py RUN_DIR...
Each RUN_DIR holds one run's results.csv, results.md and replay.dat. The
bands are read from the first run's results.md (report.c holds them).
"""
import csv
import math
import re
import statistics
import sys
from collections import defaultdict

FIGURES = ('linux', 'best', 'again')


def load_csv(path):
    cells = defaultdict(dict)
    with open(path) as f:
        for r in csv.DictReader(f):
            cells[(r['op'], r['row'])][r['column']] = float(r['ticks'])
    return cells


def bands_of(md_path):
    """(op, lo, hi) per line of the band table."""
    with open(md_path) as f:
        return [(op, int(lo), int(hi)) for op, lo, hi in
                re.findall(r'^\| (\w+) \| (\d+)\.\.(\d+) \|', f.read(), re.M)]


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
    """One run's ratios at one size: lib over linux, over the best ok+
    reference, and lib:again over lib."""
    best = min(v for c, v in cells.items() if c.startswith('ok+'))
    return {'linux': cells['lib'] / cells['linux'], 'best': cells['lib'] / best,
            'again': cells['lib:again'] / cells['lib']}


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def main(dirs):
    runs = [load_csv(d + '/results.csv') for d in dirs]
    print('# median of %d runs of uaccess-bench (%s)\n' % (len(dirs), ', '.join(dirs)))
    print('Per band: the median over the runs of each run\'s geometric mean; worst: the '
          'size with the highest median ratio, at that size. best: the best ok+ reference '
          '(behind the library\'s check and mask); noise: lib:again / lib.\n')
    print('| op | sizes | lib / linux | worst | lib / ok+best | worst | noise |')
    print('|---|---|---:|---:|---:|---:|---:|')
    for op, lo, hi in bands_of(dirs[0] + '/results.md'):
        sizes = sorted(int(row) for o, row in runs[0] if o == op and row.isdigit() and
                       lo <= int(row) <= hi and all((o, row) in r for r in runs))
        # per_run[k][n]: run k's ratios at size n
        per_run = [{n: ratios(r[(op, str(n))]) for n in sizes} for r in runs]
        cell = []
        for c in FIGURES:
            cell.append('%.2f' % statistics.median(geomean([q[n][c] for n in sizes])
                                                   for q in per_run))
            if c != 'again':
                worst = max((statistics.median(q[n][c] for q in per_run), n) for n in sizes)
                cell.append('%.2f (%d)' % worst)
        print('| %s | %d..%d | %s |' % (op, lo, hi, ' | '.join(cell)))
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
