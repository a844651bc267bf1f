# SPDX-License-Identifier: MIT
"""The mutation driver both tests/arch/*/mutants.py use (make mutants): apply
one mutant (replace `old` by `new` in a source file, which must hold `old`
exactly once), build, run until one run fails, restore the source.

A run is either a hosted run (a command of the arch's choosing) or
'qemu:CONFIG', one boot of the bare-metal kernel in that configuration
(make qemu-test QEMU_CONFIGS=CONFIG), for what only a real kernel shows
(SMAP, KUAP). A mutant that no run catches is MISSED; one that does not
build counts as missed too. Arguments pick mutants by a word of their name.
"""
import subprocess
import sys

FAILURE = ('# FAIL', '# SMAP fault', 'not ok')


def _result(rc, lines, more=()):
    """(rc, the result lines, the first failure line)."""
    return (rc, [l for l in lines if ' passed, ' in l],
            [l for l in list(more) + lines
             if l.startswith(FAILURE) or 'unexpected' in l][:1])


def hosted(cmd):
    """One run of the hosted suite."""
    r = subprocess.run(['timeout', '600'] + cmd, capture_output=True, text=True)
    return _result(r.returncode, r.stdout.splitlines())


def qemu(make_args, out, config):
    """One boot of the bare-metal kernel, built in out: rc None if it did
    not build."""
    r = subprocess.run(['make', '-s'] + make_args + [f'O={out}',
                        f'QEMU_CONFIGS={config}', 'qemu-test'],
                       capture_output=True, text=True)
    lines = r.stdout.splitlines()
    if not any(l.startswith(('ok - ', 'not ok - ')) for l in lines):
        return None, [r.stderr[-500:]], []
    try:
        log = open(f'{out}/qemu-{config}.log', errors='replace').read().splitlines()
    except OSError:
        log = []
    return _result(r.returncode, lines, log)


def main(mutants, build, run_hosted, run_qemu):
    """mutants: (name, file, old, new, runs, key); build(key): the make
    arguments of the hosted suite's build for that mutant; run_hosted(key,
    run) and run_qemu(config): one run each, as hosted() and qemu()."""
    missed = 0
    for name, f, old, new, runs, key in mutants:
        if len(sys.argv) > 1 and not any(a in name for a in sys.argv[1:]):
            continue
        src = open(f).read()
        assert src.count(old) == 1, (name, src.count(old))
        open(f, 'w').write(src.replace(old, new))
        try:
            if any(not s.startswith('qemu:') for s in runs):
                b = subprocess.run(['make', '-s'] + build(key),
                                   capture_output=True, text=True)
                if b.returncode:
                    print(f"BUILD FAIL {name}: {b.stderr[-500:]}")
                    missed += 1
                    continue
            rc, last, first = 0, [], []
            for s in runs:
                if s.startswith('qemu:'):
                    rc, last, first = run_qemu(s[5:])
                else:
                    rc, last, first = run_hosted(key, s)
                if rc:
                    break
            if rc is None:
                print(f"BUILD FAIL {name}: {last[0]}")
                missed += 1
                continue
            missed += rc == 0
            print(f"{'CAUGHT' if rc else 'MISSED'} {name}: {s} rc={rc} "
                  f"{last[-1] if last else '(no result line)'} {first}",
                  flush=True)
        finally:
            open(f, 'w').write(src)
    sys.exit(1 if missed else 0)
