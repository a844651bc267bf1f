// SPDX-License-Identifier: MIT
/*
 * uaccess-bench for RISC-V 64: clear_user, copy_to_user and copy_from_user
 * next to ref.S's Linux-shaped routines and plain loops, and the string
 * cells of
 * ../count_strings.h (shared with the PowerPC32 bench): the library next to
 * the byte reference. A static program for qemu-riscv64 (the
 * library built for U-mode, as the hosted suite's: empty windows).
 *
 *   uaccess-bench
 *	One call per cell (op, column, size, destination and source offsets
 *	from an 8-byte boundary), each between
 *	bench_cell_begin() and bench_cell_end() (ref.S), and one "cell" line
 *	per call on stdout, in the same order. count.py runs this under
 *	qemu-riscv64 with an instruction log and counts what ran between the
 *	markers: exact counts of executed instructions.
 *
 * Every call is checked (nothing left undone, the range cleared or copied,
 * the bytes around it untouched), and every column is first checked at
 * small sizes with every destination and source offset in a doubleword, so
 * no figure comes from a routine that skipped work.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <uaccess.h>
#include "../count_strings.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define PAGE_SIZE	4096UL
#define GUARD		64	/* checked bytes on each side of a range */
#define MAX_SIZE	20480UL	/* room for every size, offset and string */

/* ref.S */
unsigned long ref_clear_linux(void *to, unsigned long n);
unsigned long ref_copy_linux(void *to, const void *from, unsigned long n);
unsigned long ref_clear_words(void *to, unsigned long n);
unsigned long ref_copy_words(void *to, const void *from, unsigned long n);
unsigned long ref_clear_bytes(void *to, unsigned long n);
unsigned long ref_copy_bytes(void *to, const void *from, unsigned long n);
void bench_cell_begin(void);
void bench_cell_end(void);

static __attribute__((noreturn, format(printf, 1, 2))) void die(const char *fmt, ...);

/* ---- The calls -------------------------------------------------------- */

/*
 * Every call the benchmark makes is one of these functions, called through
 * a pointer: count.py finds them by name and counts their own instructions
 * as the caller's share (for the library: the inline access_ok(), the
 * Spectre-v1 mask and the call of <uaccess.h>, as a kernel's call site has
 * them). Global and only called through pointers, so GCC neither inlines
 * nor clones them.
 */
typedef unsigned long call_fn(char *to, const char *from, unsigned long n);

unsigned long bench_call_lib_clear(char *to, const char *from, unsigned long n);
unsigned long bench_call_lib_copy_to(char *to, const char *from, unsigned long n);
unsigned long bench_call_lib_copy_from(char *to, const char *from, unsigned long n);
unsigned long bench_call_ref_clear_linux(char *to, const char *from, unsigned long n);
unsigned long bench_call_ref_copy_linux(char *to, const char *from, unsigned long n);
unsigned long bench_call_ref_clear_words(char *to, const char *from, unsigned long n);
unsigned long bench_call_ref_copy_words(char *to, const char *from, unsigned long n);
unsigned long bench_call_ref_clear_bytes(char *to, const char *from, unsigned long n);
unsigned long bench_call_ref_copy_bytes(char *to, const char *from, unsigned long n);

__attribute__((noinline))
unsigned long bench_call_lib_clear(char *to, const char *from, unsigned long n)
{
	(void)from;
	return clear_user((void __user *)to, n);
}

__attribute__((noinline))
unsigned long bench_call_lib_copy_to(char *to, const char *from, unsigned long n)
{
	return copy_to_user((void __user *)to, from, n);
}

__attribute__((noinline))
unsigned long bench_call_lib_copy_from(char *to, const char *from, unsigned long n)
{
	return copy_from_user(to, (const void __user *)from, n);
}

__attribute__((noinline))
unsigned long bench_call_ref_clear_linux(char *to, const char *from, unsigned long n)
{
	(void)from;
	return ref_clear_linux(to, n);
}

__attribute__((noinline))
unsigned long bench_call_ref_copy_linux(char *to, const char *from, unsigned long n)
{
	return ref_copy_linux(to, from, n);
}

__attribute__((noinline))
unsigned long bench_call_ref_clear_words(char *to, const char *from, unsigned long n)
{
	(void)from;
	return ref_clear_words(to, n);
}

__attribute__((noinline))
unsigned long bench_call_ref_copy_words(char *to, const char *from, unsigned long n)
{
	return ref_copy_words(to, from, n);
}

__attribute__((noinline))
unsigned long bench_call_ref_clear_bytes(char *to, const char *from, unsigned long n)
{
	(void)from;
	return ref_clear_bytes(to, n);
}

__attribute__((noinline))
unsigned long bench_call_ref_copy_bytes(char *to, const char *from, unsigned long n)
{
	return ref_copy_bytes(to, from, n);
}

static const struct column {
	const char *op;		/* "clear" or "copy" */
	const char *name;
	call_fn *call;
} columns[] = {
	{ "clear", "lib", bench_call_lib_clear },
	{ "clear", "ref:linux", bench_call_ref_clear_linux },
	{ "clear", "ref:words", bench_call_ref_clear_words },
	{ "clear", "ref:bytes", bench_call_ref_clear_bytes },
	{ "copy", "lib:to", bench_call_lib_copy_to },
	{ "copy", "lib:from", bench_call_lib_copy_from },
	{ "copy", "ref:linux", bench_call_ref_copy_linux },
	{ "copy", "ref:words", bench_call_ref_copy_words },
	{ "copy", "ref:bytes", bench_call_ref_copy_bytes },
};

static const unsigned long sizes[] = {
	1, 7, 8, 31, 32, 63, 64, 100, 144, 256, 512, 1000, 4096, 16384,
};

/* Offsets from an 8-byte boundary: both aligned, dst + 3, src + 5. */
static const struct placement {
	unsigned long dst, src;
} placements[] = { { 0, 0 }, { 3, 0 }, { 0, 5 } };
#define NR_CLEAR_PLACEMENTS	2	/* a clear has no source */

/* ---- Buffers and checks ---------------------------------------------- */

static char *dst_buf, *src_buf;		/* a page, MAX_SIZE, a page */

static char *dst_at(unsigned long off)
{
	return dst_buf + PAGE_SIZE + off;
}

static char *src_at(unsigned long off)
{
	return src_buf + PAGE_SIZE + off;
}

static char *map_buffer(void)
{
	void *p = mmap(NULL, 2 * PAGE_SIZE + MAX_SIZE, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		die("mmap failed\n");
	return p;
}

static void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("uaccess-bench: ", stderr);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	exit(1);
}

/* A pattern with no zero byte, so that a copy cannot pass as a clear. */
static char pattern(unsigned long i)
{
	return (char)(i * 7 % 251 + 1);
}

static void fill(char *to, char *from, unsigned long n)
{
	memset(to - GUARD, 0x5a, n + 2 * GUARD);
	for (unsigned long i = 0; i < n + GUARD; i++)
		from[i] = pattern(i);
}

static void check(const struct column *col, const char *to, const char *from,
		  unsigned long n, unsigned long left)
{
	bool clear = !strcmp(col->op, "clear");

	if (left)
		die("%s %s of %lu bytes left %lu undone\n", col->op, col->name,
		    n, left);
	for (unsigned long i = 1; i <= GUARD; i++)
		if (to[-(long)i] != 0x5a || to[n + i - 1] != 0x5a)
			die("%s %s of %lu bytes wrote outside the range\n",
			    col->op, col->name, n);
	for (unsigned long i = 0; i < n; i++)
		if (to[i] != (clear ? 0 : from[i]))
			die("%s %s of %lu bytes: wrong byte at %lu\n", col->op,
			    col->name, n, i);
}

/*
 * Before anything is counted: every column at the sizes around each
 * routine's thresholds and every destination (and source) offset in a
 * doubleword, so a reference with a wrong head, tail or shift cannot post
 * a figure.
 */
static void check_columns(void)
{
	static const unsigned long check_sizes[] = {
		0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 23, 24, 31, 39, 40, 47, 63,
		64, 65, 71, 72, 73, 79, 80, 100, 127, 128, 129, 135, 136, 137,
		143, 191, 192, 200, 255, 256, 263,
	};

	for (size_t c = 0; c < ARRAY_SIZE(columns); c++) {
		unsigned long sources = strcmp(columns[c].op, "copy") ? 1 : 8;

		for (size_t k = 0; k < ARRAY_SIZE(check_sizes); k++)
			for (unsigned long d = 0; d < 8; d++)
				for (unsigned long s = 0; s < sources; s++) {
					unsigned long n = check_sizes[k];
					char *to = dst_at(d), *from = src_at(s);

					fill(to, from, n);
					check(&columns[c], to, from, n,
					      columns[c].call(to, from, n));
				}
	}
}

/* ---- count ----------------------------------------------------------- */

/*
 * One call per cell between the markers. count.py pairs the i-th "cell"
 * line with the i-th pair of markers in the log, so nothing else may call
 * them, and the lines must come in call order.
 */
static void run_count(void)
{
	for (size_t c = 0; c < ARRAY_SIZE(columns); c++) {
		bool copy = !strcmp(columns[c].op, "copy");

		for (size_t p = 0; p < (copy ? ARRAY_SIZE(placements) :
					NR_CLEAR_PLACEMENTS); p++)
			for (size_t k = 0; k < ARRAY_SIZE(sizes); k++) {
				const struct placement *at = &placements[p];
				unsigned long n = sizes[k], left;
				char *to = dst_at(at->dst), *from = src_at(at->src);

				fill(to, from, n);
				bench_cell_begin();
				left = columns[c].call(to, from, n);
				bench_cell_end();
				check(&columns[c], to, from, n, left);
				printf("cell %s_user %s %lu %lu %lu\n",
				       columns[c].op, columns[c].name, n, at->dst,
				       at->src);
			}
	}
}

/* One counted call per (op, column, length) of ../count_strings.h. */
static void run_count_strings(void)
{
	for (size_t c = 0; c < NR_STR_CELLS; c++)
		for (size_t k = 0; k < NR_STR_LENGTHS; k++) {
			char *to = dst_at(0), *from = src_at(0);
			long r;

			if (!count_string_cell(c, k, to, from, &r))
				die("%s %s of length %lu: wrong (%ld)\n",
				    str_cells[c].op, str_cells[c].col,
				    str_lengths[k], r);
			printf("cell %s %s %lu 0 0\n", str_cells[c].op,
			       str_cells[c].col, str_lengths[k]);
		}
}

int main(void)
{
	dst_buf = map_buffer();
	src_buf = map_buffer();
	check_columns();
	run_count();
	run_count_strings();
	return fflush(stdout) ? 1 : 0;
}
