# SPDX-License-Identifier: MIT
"""The mutation driver every tests/arch/*/mutants.py uses (make mutants): apply
one mutant (replace `old` by `new` in a source file, which must hold `old`
exactly once), build, run until one run fails, restore the source.

Mutants never touch the tracked tree: the driver copies it to
build/mutants-src-ARCH (git's file list) and works there, every build and run
inside the copy. In the copy, each file a mutant names has its comments
stripped first (C's /* */ and //, and a line left empty by them), so that
`old` is code only: a reworded comment breaks no mutant, and no mutant can
pass by editing a comment.

A run is either a hosted run (a command of the arch's choosing) or
'qemu:CONFIG', one boot of the bare-metal kernel in that configuration
(make qemu-test QEMU_CONFIGS=CONFIG), for what only a real kernel shows
(SMAP, KUAP). A mutant that no run catches is MISSED; one that does not
build counts as missed too. Arguments pick mutants by a word of their name.
"""
import os
import re
import shutil
import subprocess
import sys

# One copy per architecture's mutants.py, so that two can run at once.
COPY = 'build/mutants-src-' + os.path.basename(os.path.dirname(os.path.abspath(sys.argv[0])))
_COMMENT = re.compile(r'"(?:\\.|[^"\\\n])*"|/\*.*?\*/|//[^\n]*', re.S)
_COMMENT_C = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|/\*.*?\*/|//[^\n]*',
                        re.S)

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


def build_checks(make_args):
    """The build checks (make build-checks), which read the disassembly.
    Their log is piped through tee: a failure is a "not ok" line."""
    r = subprocess.run(['make', '-s'] + make_args + ['build-checks'],
                       capture_output=True, text=True)
    lines = r.stdout.splitlines()
    failed = r.returncode or any(l.startswith('not ok') for l in lines)
    return _result(1 if failed else 0, lines)


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


def strip_comments(text, path):
    """text without its C comments; a line that held only comments goes,
    and one that ended in a comment loses its trailing blanks. Strings
    stay; in C, character constants too (in assembly a ' is plain text)."""
    pattern = _COMMENT_C if path.endswith(('.c', '.h')) else _COMMENT
    marked = pattern.sub(lambda m: m.group(0) if m.group(0)[0] in '"\''
                         else '\0' + '\n\0' * m.group(0).count('\n'), text)
    lines = []
    for line in marked.split('\n'):
        if '\0' in line:
            line = line.replace('\0', '').rstrip()
            if not line:
                continue
        lines.append(line)
    return '\n'.join(lines)


def make_copy(files):
    """The tree's files copied to COPY (replacing an older copy's sources,
    keeping its build/), the named files stripped of comments; then the
    working directory is the copy."""
    listed = subprocess.run(['git', 'ls-files', '-co', '--exclude-standard'],
                            capture_output=True, text=True, check=True).stdout.split('\n')
    # A file the tree no longer has must not stay in the copy, where the
    # build would still find it (lib/*.c and arch/*/ are wildcards).
    keep = set(listed)
    for d, _, names in os.walk(COPY):
        rel = os.path.relpath(d, COPY)
        if rel == 'build' or rel.startswith('build' + os.sep):
            continue
        for n in names:
            f = os.path.normpath(os.path.join(rel, n))
            if f not in keep:
                os.remove(os.path.join(d, n))
    for f in listed:
        if f and os.path.isfile(f) and not f.startswith('build/'):
            os.makedirs(os.path.join(COPY, os.path.dirname(f)), exist_ok=True)
            shutil.copy2(f, os.path.join(COPY, f))
    for f in files:
        dst = os.path.join(COPY, f)
        with open(dst) as h:
            text = h.read()
        with open(dst, 'w') as h:
            h.write(strip_comments(text, f))
    os.chdir(COPY)


def main(mutants, build, run_hosted, run_qemu):
    """mutants: (name, file, old, new, runs, key); build(key): the make
    arguments of the hosted suite's build for that mutant; run_hosted(key,
    run) and run_qemu(config): one run each, as hosted() and qemu()."""
    make_copy(sorted({m[1] for m in mutants}))
    if '--check' in sys.argv:
        bad = [m[0] for m in mutants if open(m[1]).read().count(m[2]) != 1]
        for name in bad:
            print(f"NO MATCH {name}")
        sys.exit(1 if bad else 0)
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
