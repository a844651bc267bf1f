#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Record the user copies a workload makes a Linux x86-64 kernel do, as a
# size trace for the replay table of uaccess-bench (one "op size" line per
# copy, op = clear, to or from, in recorded order; gzipped). What each
# system call costs in copies is the table at the top of trace2copies.py.
#
#   record.sh [-n MAX] OUT.gz COMMAND [ARG...]   run COMMAND under strace
#   record.sh [-n MAX] --elf OUT.gz FILE...      the ELF loader's clears of
#                                                exec'ing each FILE in turn
#   record.sh --all DIR                          the traces committed in
#                                                bench/x86_64/traces, again
#
# A trace keeps its first MAX copies (100000): enough for a replay to
# see the workload's order, small enough to commit.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
max=100000
if [ "${1-}" = -n ]; then
	max=$2
	shift 2
fi
[ $# -ge 2 ] || { sed -n '4,15p' "$0" >&2; exit 2; }

case $1 in
--all)
	dir=$2
	repo=$(cd "$here/../../.." && pwd)
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	# A compile of a C project: this library, one job, from clean.
	"$0" "$dir/compile.gz" make -s -C "$repo" -j1 O="$tmp/build" all
	# File-heavy: every header under /usr/include through cat into a pipe.
	"$0" "$dir/files.gz" sh -c \
		'find /usr/include -type f -name "*.h" | sort | xargs cat | wc -c'
	# ELF loading: exec'ing every program in /usr/bin, in name order.
	"$0" --elf "$dir/elf.gz" $(ls /usr/bin/* | sort)
	exit 0
	;;
--elf)
	out=$2
	shift 2
	python3 "$here/trace2copies.py" -n "$max" --elf "$@" | gzip -9n > "$out"
	;;
*)
	out=$1
	shift
	command -v strace >/dev/null || { echo "record.sh: needs strace" >&2; exit 1; }
	log=$(mktemp)
	trap 'rm -f "$log"' EXIT
	strace -f -qq -y -s 0 -o "$log" \
		-e raw=rt_sigaction,rt_sigprocmask \
		-e trace=read,write,pread64,pwrite64,readv,writev,lseek,fstat,newfstatat,stat,lstat,statx,rt_sigaction,rt_sigprocmask,getdents64,execve,openat \
		"$@" >/dev/null
	python3 "$here/trace2copies.py" -n "$max" "$log" | gzip -9n > "$out"
	;;
esac
echo "$out: $(gzip -dc "$out" | wc -l) copies, $(wc -c < "$out") bytes" >&2
