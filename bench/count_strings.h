/* SPDX-License-Identifier: MIT */
/*
 * The string cells of the instruction-count benches (bench/<arch>/bench.c,
 * counted under QEMU by count.py): strnlen_user and strncpy_from_user on
 * strings of str_lengths bytes (count = length + STR_SLACK, so the NUL is
 * found), the library (lib/, aligned words) against the byte-at-a-time
 * reference with the same window (ref_str_bytes, ref_strings.h). The ref_
 * name puts the reference's instructions in count.py's "routine" share,
 * the bench_call_* wrappers in the caller's, as for the bulk routines.
 */
#ifndef BENCH_COUNT_STRINGS_H
#define BENCH_COUNT_STRINGS_H

#include <stdbool.h>
#include <string.h>
#include <uaccess.h>
#include "ref_strings.h"

#define STR_SLACK	64

static const unsigned long str_lengths[] = { 8, 64, 256, 4096 };

typedef long str_fn(char *to, const char *from, long n);

void bench_cell_begin(void);
void bench_cell_end(void);
long bench_call_lib_strnlen(char *to, const char *from, long n);
long bench_call_lib_strncpy(char *to, const char *from, long n);
long bench_call_ref_strnlen(char *to, const char *from, long n);
long bench_call_ref_strncpy(char *to, const char *from, long n);

__attribute__((noinline))
long bench_call_lib_strnlen(char *to, const char *from, long n)
{
	(void)to;
	return strnlen_user((const char __user *)from, n);
}

__attribute__((noinline))
long bench_call_lib_strncpy(char *to, const char *from, long n)
{
	return strncpy_from_user(to, (const char __user *)from, n);
}

__attribute__((noinline))
long bench_call_ref_strnlen(char *to, const char *from, long n)
{
	return ref_str_bytes(to, from, n, false);
}

__attribute__((noinline))
long bench_call_ref_strncpy(char *to, const char *from, long n)
{
	return ref_str_bytes(to, from, n, true);
}

static const struct {
	const char *op, *col;
	str_fn *call;
	bool copy;
} str_cells[] = {
	{ "strnlen_user", "lib", bench_call_lib_strnlen, false },
	{ "strnlen_user", "ref:bytes", bench_call_ref_strnlen, false },
	{ "strncpy_from_user", "lib", bench_call_lib_strncpy, true },
	{ "strncpy_from_user", "ref:bytes", bench_call_ref_strncpy, true },
};
#define NR_STR_CELLS (sizeof(str_cells) / sizeof(str_cells[0]))
#define NR_STR_LENGTHS (sizeof(str_lengths) / sizeof(str_lengths[0]))

/*
 * One counted call of str_cells[c] on a string of str_lengths[k] bytes
 * at from, copied (by the strncpy cells) to to; false if its result or
 * its copy is wrong. The caller prints the cell line count.py reads.
 */
static bool count_string_cell(size_t c, size_t k, char *to, char *from,
			      long *result)
{
	str_fn *volatile call = str_cells[c].call;	/* as the bulk columns */
	unsigned long len = str_lengths[k];
	long r;

	memset(from, 'x', len);
	from[len] = '\0';
	memset(to, 0x5a, len + 1);
	bench_cell_begin();
	r = call(to, from, (long)(len + STR_SLACK));
	bench_cell_end();
	*result = r;
	return r == (long)len + (str_cells[c].copy ? 0 : 1) &&
	       (!str_cells[c].copy || !memcmp(to, from, len + 1));
}

#endif
