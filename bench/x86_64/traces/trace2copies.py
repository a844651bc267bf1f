#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""
Turn an strace log into the user copies a Linux x86-64 kernel makes for it:
one line "op size" per copy, in the recorded order, op one of clear (a
clear_user), to (a copy_to_user), from (a copy_from_user).

usage: trace2copies.py [-n MAX] STRACE_LOG     (from record.sh)
       trace2copies.py --elf [-n MAX] FILE...  (padzero clears of exec'ing each)

The log must come from record.sh's `strace -f -y -s 0 -e raw=rt_sigaction,rt_sigprocmask
-e trace=...` (the calls below). What each call costs in copies (x86-64,
Linux 6.x; PAGE = 4096):

  call                      copies
  read, pread64, readv      to: the bytes returned, split where the file
                            position crosses a page (page-cache reads copy
                            one page, or folio piece, at a time); reading
                            /dev/zero is clear_user in the same pieces;
                            /dev/null and failed calls copy nothing
  write, pwrite64, writev   from: likewise; writing /dev/null copies nothing
  fstat, newfstatat, stat,
  lstat                     to 144 (struct stat) when it returns 0
  statx                     to 256 (struct statx) when it returns 0
  rt_sigaction              from 32 if act is not NULL, to 32 if oldact is
                            not NULL (struct sigaction, 4 x 8 bytes)
  rt_sigprocmask            from 8 if set is not NULL, to 8 if oldset is
                            not NULL (the 8-byte sigset)
  getdents64                to: the bytes returned (the kernel writes each
                            entry by itself; one copy of the total is the
                            approximation)
  execve                    clear: for the program and its PT_INTERP, each
                            PT_LOAD with 0 < p_filesz < p_memsz clears from
                            p_vaddr + p_filesz to the end of its page
                            (padzero), when that is not page-aligned. The
                            shared libraries are mapped by ld.so in user
                            space and cleared with its memset: no clear_user
  lseek, openat             no copy; they set the file position tracked

Not mapped: path strings (strncpy_from_user), the argument and environment
strings of execve, the iovec arrays (read with unsafe_get_user), ioctl,
poll, wait4 and the rest. A file position is tracked per process and file
descriptor from openat and lseek; one inherited across fork starts at 0.
"""
import argparse
import functools
import os
import re
import subprocess

PAGE = 4096

LINE = re.compile(r'^(?:\[pid\s+)?(\d+)\]?\s+(.*)$')
CALL = re.compile(r'^(\w+)\((.*)\)\s+=\s+(-?\d+|0x[0-9a-f]+)(?:<([^>]*)>)?')


def split_args(s):
    """Top-level comma-separated arguments; <>, {}, [], () and "" nest."""
    args, depth, cur, quote = [], 0, '', False
    for ch in s:
        if quote:
            cur += ch
            if ch == '"':
                quote = False
            continue
        if ch == '"':
            quote = True
        elif ch in '<{[(':
            depth += 1
        elif ch in '>}])':
            depth -= 1
        elif ch == ',' and depth == 0:
            args.append(cur.strip())
            cur = ''
            continue
        cur += ch
    if cur.strip():
        args.append(cur.strip())
    return args


def fd_of(arg):
    """'3</path>' -> (3, '/path')."""
    m = re.match(r'^(-?\d+)(?:<(.*)>)?$', arg)
    if not m:
        return None, ''
    return int(m.group(1)), m.group(2) or ''


def pieces(pos, n):
    """n bytes from position pos, split at page boundaries."""
    while n > 0:
        k = min(n, PAGE - pos % PAGE)
        yield k
        pos += k
        n -= k


@functools.lru_cache(maxsize=None)
def padzero(path):
    """The clear_user sizes of loading ELF file path, and its interpreter."""
    path = os.path.realpath(path)
    clears, interp = [], None
    try:
        text = subprocess.run(['readelf', '-lW', path], capture_output=True,
                              text=True, check=False).stdout
    except OSError:
        text = ''
    for line in text.splitlines():
        m = re.search(r'Requesting program interpreter: (\S+)\]', line)
        if m:
            interp = m.group(1)
        f = line.split()
        if len(f) >= 6 and f[0] == 'LOAD':
            vaddr, filesz, memsz = (int(f[2], 16), int(f[4], 16), int(f[5], 16))
            end = vaddr + filesz
            if 0 < filesz < memsz and end % PAGE:
                clears.append(PAGE - end % PAGE)
    if interp:
        clears += padzero(interp)
    return clears


class Mapper:
    def __init__(self, limit):
        self.limit = limit
        self.count = 0
        self.pos = {}          # (pid, fd) -> file position

    def emit(self, op, n):
        if self.count >= self.limit:
            raise StopIteration
        print(op, n)
        self.count += 1

    def data(self, op, pid, fd, path, n, at=None):
        if n <= 0 or path == '/dev/null':
            return
        key = (pid, fd)
        pos = self.pos.get(key, 0) if at is None else at
        if path == '/dev/zero' and op == 'to':
            op = 'clear'
        for k in pieces(pos, n):
            self.emit(op, k)
        if at is None:
            self.pos[key] = pos + n

    def call(self, pid, name, args, ret, retpath):
        a = split_args(args)
        ok = ret >= 0
        if name == 'openat' and ok:
            self.pos[(pid, ret)] = 0
        elif name == 'lseek' and ok:
            fd, _ = fd_of(a[0])
            self.pos[(pid, fd)] = ret
        elif name in ('read', 'write', 'readv', 'writev') and ok:
            fd, path = fd_of(a[0])
            self.data('to' if name.startswith('read') else 'from',
                      pid, fd, path, ret)
        elif name in ('pread64', 'pwrite64') and ok:
            fd, path = fd_of(a[0])
            self.data('to' if name == 'pread64' else 'from',
                      pid, fd, path, ret, int(a[3], 0))
        elif name in ('fstat', 'newfstatat', 'stat', 'lstat') and ret == 0:
            self.emit('to', 144)
        elif name == 'statx' and ret == 0:
            self.emit('to', 256)
        elif name in ('rt_sigaction', 'rt_sigprocmask') and ok:
            size = 32 if name == 'rt_sigaction' else 8
            if int(a[1], 0):
                self.emit('from', size)
            if int(a[2], 0):
                self.emit('to', size)
        elif name == 'getdents64' and ret > 0:
            self.emit('to', ret)
        elif name == 'execve' and ret == 0:
            m = re.match(r'^"(.*)"$', a[0])
            if m:
                for k in padzero(m.group(1)):
                    self.emit('clear', k)

    def log(self, f):
        pending = {}           # pid -> the text of an unfinished call
        for line in f:
            m = LINE.match(line.rstrip('\n'))
            if not m:
                continue
            pid, text = int(m.group(1)), m.group(2)
            if text.endswith('<unfinished ...>'):
                pending[pid] = text[:-len('<unfinished ...>')].rstrip()
                continue
            r = re.match(r'^<\.\.\. \w+ resumed>\s?(.*)$', text)
            if r:
                text = pending.pop(pid, '') + r.group(1)
            c = CALL.match(text)
            if c:
                self.call(pid, c.group(1), c.group(2), int(c.group(3), 0),
                          c.group(4))


def main():
    p = argparse.ArgumentParser(usage=__doc__)
    p.add_argument('-n', type=int, default=100000, help='the most copies kept')
    p.add_argument('--elf', action='store_true', help="FILE...: the ELF loader's clears")
    p.add_argument('files', nargs='+', metavar='STRACE_LOG | FILE')
    args = p.parse_args()
    m = Mapper(args.n)
    try:
        if args.elf:
            for path in args.files:
                for k in padzero(path):
                    m.emit('clear', k)
        else:
            with open(args.files[0]) as f:
                m.log(f)
    except StopIteration:
        pass


if __name__ == '__main__':
    main()
