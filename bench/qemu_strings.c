// SPDX-License-Identifier: MIT
/*
 * The string cells of the instruction-count benches, for an architecture
 * that counts them (bench_arch.strings = bench_count_strings; its bench.mk
 * adds this file): strnlen_user and strncpy_from_user on strings of
 * str_lengths bytes, count = length + BENCH_STR_SLACK so that every call
 * finds its NUL, the library (lib/, aligned words) against the
 * byte-at-a-time reference with the same window (ref_strings.h, whose
 * ref_ name puts its instructions in the routine's share, as the
 * bench_call_ wrappers' go in the caller's). One counted call per cell and
 * length, as bench/qemu_count.c counts its tables, with a "cell OP COLUMN
 * LENGTH 0 0 ADDRESS -" line.
 */
#include <string.h>
#include "qemu_count.h"
#include "ref_strings.h"

/* n and the result pass as the calls' long, through call_fn's unsigned long. */
BENCH_CALL(bench_call_lib_strnlen, strnlen_user((const char __user *)from, n))
BENCH_CALL(bench_call_lib_strncpy, strncpy_from_user(to, (const char __user *)from, n))
BENCH_CALL(bench_call_ref_strnlen, ref_str_bytes(to, from, n, false))
BENCH_CALL(bench_call_ref_strncpy, ref_str_bytes(to, from, n, true))

static const struct {
	const char *op, *col;
	call_fn *call;
	bool copy;
} str_cells[] = {
	{ "strnlen_user", "lib", bench_call_lib_strnlen, false },
	{ "strnlen_user", "ref:bytes", bench_call_ref_strnlen, false },
	{ "strncpy_from_user", "lib", bench_call_lib_strncpy, true },
	{ "strncpy_from_user", "ref:bytes", bench_call_ref_strncpy, true },
};

static const unsigned long str_lengths[] = { 8, 64, 256, BENCH_STR_LONGEST };

void bench_count_strings(void)
{
	char *to = bench_dst(0), *from = (char *)bench_src(0);

	for (size_t c = 0; c < ARRAY_SIZE(str_cells); c++)
		for (size_t k = 0; k < ARRAY_SIZE(str_lengths); k++) {
			call_fn *volatile call = str_cells[c].call;	/* as the columns */
			unsigned long len = str_lengths[k];
			bool copy = str_cells[c].copy;
			long r;

			memset(from, 'x', len);
			from[len] = '\0';
			memset(to, BENCH_GUARD_BYTE, len + 1);
			bench_cell_begin();
			r = (long)call(to, from, len + BENCH_STR_SLACK);
			bench_cell_end();
			if (r != (long)len + !copy || (copy && memcmp(to, from, len + 1)))
				bench_die("%s %s of length %lu: wrong (%ld)\n",
					  str_cells[c].op, str_cells[c].col, len, r);
			bench_print("cell %s %s %lu 0 0 %#lx -\n", str_cells[c].op,
				    str_cells[c].col, len, (unsigned long)to);
		}
}
