// SPDX-License-Identifier: MIT
/*
 * The Arm Cortex-M columns of uaccess-bench (bench/qemu_count.c runs
 * them): clear_user, copy_to_user and copy_from_user next to ref.S's byte
 * and word loops. The library is the hosted suite's build of the Thumb-2
 * routines (tests/arch/armv7m/tests.mk), run by qemu-arm on an A-profile
 * CPU model, where ldrt/strt and their byte forms are plain user accesses:
 * the counts are those of the same code on a Cortex-M.
 */
#include "qemu_count.h"

BENCH_CLEAR_CALL(bench_call_lib_clear, clear_user((void __user *)to, n))
REF_CLEAR_CALL(ref_clear_bytes)
REF_CLEAR_CALL(ref_clear_words)
BENCH_CALL(bench_call_lib_copy_to, copy_to_user((void __user *)to, from, n))
REF_COPY_CALL(ref_copy_to_bytes)
REF_COPY_CALL(ref_copy_to_words)
BENCH_CALL(bench_call_lib_copy_from, copy_from_user(to, (const void __user *)from, n))
REF_COPY_CALL(ref_copy_from_bytes)
REF_COPY_CALL(ref_copy_from_words)

/* In count.py's order: the library first, then the references. */
static const struct column columns[] = {
	COLUMN("clear_user", "lib", bench_call_lib_clear),
	COLUMN("clear_user", "ref:bytes", bench_call_ref_clear_bytes),
	COLUMN("clear_user", "ref:words", bench_call_ref_clear_words),
	COLUMN("copy_to_user", "lib", bench_call_lib_copy_to),
	COLUMN("copy_to_user", "ref:bytes", bench_call_ref_copy_to_bytes),
	COLUMN("copy_to_user", "ref:words", bench_call_ref_copy_to_words),
	COLUMN("copy_from_user", "lib", bench_call_lib_copy_from),
	COLUMN("copy_from_user", "ref:bytes", bench_call_ref_copy_from_bytes),
	COLUMN("copy_from_user", "ref:words", bench_call_ref_copy_from_words),
};

/*
 * The counted cells: every architecture's (TABLE) and the sizes around
 * 1, 2 and 4 KiB and 8 KiB at the same placements.
 */
static const unsigned long more_sizes[] = {
	2, 3, 4, 15, 16, 17, 1023, 1024, 1025, 2048, 8192,
};
static const struct table tables[] = {
	TABLE(columns),
	{ columns, ARRAY_SIZE(columns), bench_placements, ARRAY_SIZE(bench_placements),
	  more_sizes, ARRAY_SIZE(more_sizes) },
};

/*
 * The sweep: every size up to 300 and sizes around 1, 2, 4 and 8 KiB;
 * clears and copies at every destination (and source) offset in two
 * words, so that every head, group, word and tail path of each routine
 * runs with every alignment.
 */
static const unsigned long big_sizes[] = {
	511, 512, 513, 1023, 1024, 1025, 2047, 2048, 2049, 4095, 4096, 4097,
	8191, 8192, 8193,
};
static const unsigned long clear_offsets[] = { 0, 1, 2, 3, 4, 5, 6, 7 };

/* What a kernel does before its first user access. */
static void init(void)
{
	if (uaccess_init())
		bench_die("uaccess_init() failed: %s\n", uaccess_init_error());
}

const struct bench_arch bench_arch = {
	.columns = columns, .nr_columns = ARRAY_SIZE(columns),
	.tables = tables, .nr_tables = ARRAY_SIZE(tables),
	.sweep = { 301, big_sizes, ARRAY_SIZE(big_sizes), clear_offsets,
		   ARRAY_SIZE(clear_offsets), 8 },
	.guard = 64,
	.init = init,
};
