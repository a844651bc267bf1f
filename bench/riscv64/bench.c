// SPDX-License-Identifier: MIT
/*
 * The RISC-V 64 columns of uaccess-bench (bench/qemu_count.c runs them):
 * clear_user, copy_to_user and copy_from_user next to ref.S's
 * Linux-shaped routines and plain loops, and the string cells. The
 * library is built for U-mode, as the hosted suite's: empty windows.
 */
#include "qemu_count.h"

BENCH_CLEAR_CALL(bench_call_lib_clear, clear_user((void __user *)to, n))
BENCH_CALL(bench_call_lib_copy_to, copy_to_user((void __user *)to, from, n))
BENCH_CALL(bench_call_lib_copy_from, copy_from_user(to, (const void __user *)from, n))
REF_CLEAR_CALL(ref_clear_linux)
REF_COPY_CALL(ref_copy_linux)
REF_CHECKED_CLEAR_CALL(ref_clear_linux)
REF_CHECKED_COPY_CALL(ref_copy_linux, to)
REF_CLEAR_CALL(ref_clear_words)
REF_COPY_CALL(ref_copy_words)
REF_CLEAR_CALL(ref_clear_bytes)
REF_COPY_CALL(ref_copy_bytes)

/* copy_to_user and copy_from_user run one routine: columns of one op. */
static const struct column columns[] = {
	COLUMN("clear_user", "lib", bench_call_lib_clear),
	COLUMN("clear_user", "ref:linux", bench_call_ref_clear_linux),
	COLUMN("clear_user", "ref:words", bench_call_ref_clear_words),
	COLUMN("clear_user", "ref:bytes", bench_call_ref_clear_bytes),
	COLUMN("clear_user", "ref:linux+ok", bench_call_ref_clear_linux_ok),
	COLUMN("copy_user", "lib:to", bench_call_lib_copy_to),
	COLUMN("copy_user", "lib:from", bench_call_lib_copy_from),
	COLUMN("copy_user", "ref:linux", bench_call_ref_copy_linux),
	COLUMN("copy_user", "ref:words", bench_call_ref_copy_words),
	COLUMN("copy_user", "ref:bytes", bench_call_ref_copy_bytes),
	COLUMN("copy_user", "ref:linux+ok", bench_call_ref_copy_linux_ok),
};

static const struct table tables[] = { TABLE(columns) };

/* The sizes around each routine's thresholds, at every offset in a doubleword. */
static const unsigned long check_sizes[] = {
	0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 23, 24, 31, 39, 40, 47, 63,
	64, 65, 71, 72, 73, 79, 80, 100, 127, 128, 129, 135, 136, 137,
	143, 191, 192, 200, 255, 256, 263,
};

const struct bench_arch bench_arch = {
	.columns = columns, .nr_columns = ARRAY_SIZE(columns),
	.tables = tables, .nr_tables = ARRAY_SIZE(tables),
	.sweep = { .sizes = check_sizes, .nr_sizes = ARRAY_SIZE(check_sizes),
		   .copy_offsets = 8 },
	.guard = 64,
	.strings = bench_count_strings,
};
