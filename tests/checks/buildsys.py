# SPDX-License-Identifier: MIT
"""make buildsys: CMakeLists.txt and meson.build build what uaccess.mk builds.

For each architecture, with its defaults and then with each documented
setting (the `#   UACCESS_X := value` lines atop uaccess.mk and
arch/ARCH/uaccess.mk, which must name every setting the makefiles read),
the compile commands of the three: make's (make -n through uaccess.mk's
rules), CMake's and Meson's (compile_commands.json, configured from a clean
directory). One case per build system and configuration: the same
sources (so the same objects), and for each the same compiler and the same
flags (as a multiset, the -I directories in the same order). Ignored: the
output and dependency-file flags, Meson's private -I directory and the two
flags Meson adds to every compile (-D_FILE_OFFSET_BITS=64, for a C
library's headers the library never includes, and -fdiagnostics-color).
Then "N passed, N failed".

Usage: python3 tests/checks/buildsys.py OUTDIR ARCH... (from the repository root)
"""
import json
import os
import re
import shlex
import subprocess
import sys

ROOT = os.getcwd()
# What only a Makefile has: where, with what, and uaccess.mk's own rules.
MAKE_ONLY = {'UACCESS_ARCH', 'UACCESS_DIR', 'UACCESS_O', 'UACCESS_CC', 'UACCESS_RULES'}
DOC = re.compile(r'^#\s+(UACCESS_[A-Z0-9_]+) := (\S+)')
CROSS = {'powerpc32': 'powerpc-linux-gnu-', 'riscv64': 'riscv64-linux-gnu-',
         'aarch64': 'aarch64-linux-gnu-', 'armv7m': 'arm-none-eabi-'}
passed = failed = 0


def result(ok, name, lines=()):
    global passed, failed
    print('%s - %s' % ('ok' if ok else 'not ok', name))
    for l in lines:
        print('#   ' + l)
    passed += ok
    failed += not ok


def settings(arch):
    """The settings the makefiles read, those documented with a value, and
    which of those are the architecture's."""
    read, made, documented = set(), set(), {}
    for mk in ('arch/%s/uaccess.mk' % arch, 'uaccess.mk'):
        text = open(mk).read()
        read |= set(re.findall(r'\$\((UACCESS_[A-Z0-9_]+)\)', text))
        made |= set(re.findall(r'^(UACCESS_[A-Z0-9_]+) :=', text, re.M))
        for line in text.split('\n'):
            m = DOC.match(line)
            if m and m.group(1) not in MAKE_ONLY:
                documented[m.group(1)] = m.group(2)
        if mk != 'uaccess.mk':
            arch_own = dict(documented)
    return read - made - MAKE_ONLY, documented, arch_own


def run(cmd, log, clang):
    """Configure, with the native compiler make's is (cross: the cross files')."""
    env = dict(os.environ, CC='clang' if clang else 'gcc')
    with open(log, 'w') as f:
        return subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, env=env).returncode == 0


def normalise(args, directory, builddir=None):
    """(compiler, sorted flags, -I directories in order, source) of one command."""
    flags, incs, src, skip = [], [], None, False
    args = list(args)
    compiler = os.path.basename(args.pop(0))
    for i, a in enumerate(args):
        if skip:
            skip = False
            continue
        if a in ('-o', '-MQ', '-MF', '-MT', '-target'):
            skip = True
            if a == '-target':
                flags.append('--target=' + args[i + 1])
            continue
        if a == '-c':
            src = os.path.normpath(os.path.join(directory, args[i + 1]))
            skip = True
            continue
        if a in ('-MD', '-MMD', '-MP', '-D_FILE_OFFSET_BITS=64',
                 '-fno-color-diagnostics') or a.startswith('-fdiagnostics-color'):
            continue
        if a.startswith('-I'):
            d = os.path.normpath(os.path.join(directory, a[2:]))
            if builddir and d.startswith(builddir + os.sep):
                continue
            incs.append(d)
            a = '-I' + d
        flags.append(a)
    return compiler, sorted(flags), incs, src


def make_commands(arch, cc, setting, out):
    env = {k: v for k, v in os.environ.items()
           if not k.startswith('UACCESS_') and k not in ('MAKEFLAGS', 'MFLAGS')}
    r = subprocess.run(['make', '-n', '--no-print-directory', '-f', 'tests/checks/link/kernel.mk',
                        'ARCH=' + arch, 'CC=' + cc, 'UACCESS_O=' + out] +
                       ['%s=%s' % kv for kv in setting.items()],
                       capture_output=True, text=True, env=env)
    cmds = {}
    for line in r.stdout.split('\n'):
        for part in line.split('&&'):
            if ' -c ' in part:
                c = normalise(shlex.split(part), ROOT)
                cmds[c[3]] = c
    return cmds


def json_commands(builddir):
    cmds = {}
    for e in json.load(open(os.path.join(builddir, 'compile_commands.json'))):
        args = e.get('arguments') or shlex.split(e['command'])
        c = normalise(args, e['directory'], builddir)
        cmds[c[3]] = c
    return cmds


def cmake_commands(arch, clang, setting, builddir):
    cmd = ['cmake', '-S', ROOT, '-B', builddir, '-G', 'Ninja',
           '-DCMAKE_EXPORT_COMPILE_COMMANDS=ON']
    if arch in CROSS:
        cmd.append('-DCMAKE_TOOLCHAIN_FILE=%s/cmake/%s.cmake' % (ROOT, arch))
    if clang:
        cmd.append('-DCMAKE_C_COMPILER=clang')
    cmd += ['-D%s=%s' % kv for kv in setting.items()]
    return json_commands(builddir) if run(cmd, builddir + '.log', clang) else None


def meson_commands(arch, clang, setting, builddir):
    cmd = ['meson', 'setup', builddir, ROOT]
    if arch in CROSS:
        cmd.append('--cross-file=%s/meson/%s.ini' % (ROOT, arch))
        if clang:
            cmd.append('--cross-file=%s/meson/clang.ini' % ROOT)
    cmd += ['-D%s=%s' % kv for kv in setting.items()]
    return json_commands(builddir) if run(cmd, builddir + '.log', clang) else None


def compare(mine, make):
    """The differences between a build system's commands and make's."""
    if mine is None:
        return ['configuration failed (its log)']
    rel = lambda s: os.path.relpath(s, ROOT)
    bad = ['only make builds ' + rel(s) for s in sorted(set(make) - set(mine))]
    bad += ['only it builds ' + rel(s) for s in sorted(set(mine) - set(make))]
    for s in sorted(set(make) & set(mine)):
        (mc, mf, mi, _), (c, f, i, _) = make[s], mine[s]
        if mc != c:
            bad.append('%s: compiler %s, make\'s %s' % (rel(s), c, mc))
        if mf != f:
            bad.append('%s: only make: %s; only it: %s' % (
                rel(s), ' '.join(x for x in mf if x not in f) or '-',
                ' '.join(x for x in f if x not in mf) or '-'))
        elif mi != i:
            bad.append('%s: -I order %s, make\'s %s' % (rel(s), i, mi))
    return bad


def main():
    out = os.path.abspath(sys.argv[1])
    os.makedirs(out, exist_ok=True)
    for arch in sys.argv[2:]:
        read, documented, arch_own = settings(arch)
        missing = sorted(read - set(documented))
        result(not missing, '%s: every setting the makefiles read is documented '
               'atop uaccess.mk or arch/%s/uaccess.mk, so compared here' % (arch, arch),
               missing)
        gcc = CROSS.get(arch, '') + 'gcc'
        configs = [('defaults', {}, False), ('defaults, clang', {}, True),
                   ('every setting', documented, False)]
        configs += [(k + '=' + v, {k: v}, False) for k, v in sorted(arch_own.items())]
        for n, (name, setting, clang) in enumerate(configs):
            cc = 'clang --target=' + CROSS[arch][:-1] if clang and arch in CROSS else \
                'clang' if clang else gcc
            d = '%s/%s-%d' % (out, arch, n)
            subprocess.run(['rm', '-rf', d + '-make', d + '-cmake', d + '-meson'])
            make = make_commands(arch, cc, setting, d + '-make')
            if not make:
                result(False, '%s (%s): make -n printed no compile command' % (arch, name))
                continue
            for tool, get in (('cmake', cmake_commands), ('meson', meson_commands)):
                bad = compare(get(arch, clang, setting, '%s-%s' % (d, tool)), make)
                result(not bad, '%s %s (%s): the %d sources and flags of uaccess.mk (%s-%s)' % (
                    tool, arch, name, len(make), d, tool), bad)
    print('%d passed, %d failed' % (passed, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
