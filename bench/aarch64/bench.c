// SPDX-License-Identifier: MIT
/*
 * uaccess-bench for AArch64: clear_user, copy_to_user and copy_from_user
 * next to the references of ref.S. A static program for qemu-aarch64 (the
 * library built for EL0, as the hosted suite's), run by count.py once per
 * CPU model in each mode:
 *
 *   uaccess-bench check
 *	Every column over a sweep of sizes and of destination and source
 *	offsets, each call checked; nothing is counted. Its own run, without
 *	the instruction log, because the sweep is long and the dc zva paths
 *	need sizes of several blocks to be reached at all.
 *
 *   uaccess-bench count
 *	One "# uaccess-bench count" line (DCZID_EL0 and what the library
 *	chose), then one call per cell (op, column, size, alignment), each
 *	between bench_cell_begin() and bench_cell_end() (ref.S), and one
 *	"cell" line per call on stdout, in the same order. count.py runs this
 *	with qemu's instruction log and counts what ran between the markers.
 *
 * Every counted call is checked as well (nothing left undone, the range
 * cleared or copied byte by byte, the bytes around it untouched), so no
 * figure comes from a routine that skipped or overshot work. The guard
 * around a range is the largest dc zva block DCZID_EL0 can announce, so
 * that a block zeroed in the wrong place is seen wherever it lands.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <uaccess.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define PAGE_SIZE	4096UL
#define GUARD		2048UL	/* the largest dc zva block (BS = 9) */
#define MAX_SIZE	16384UL
#define MAX_OFFSET	512UL	/* above every offset the sweep uses */
#define GUARD_BYTE	0x5a

/* ref.S */
unsigned long ref_clear_bytes(void *to, unsigned long n);
unsigned long ref_clear_dwords(void *to, unsigned long n);
unsigned long ref_clear_x8(void *to, unsigned long n);
unsigned long ref_clear_stp(void *to, unsigned long n);
unsigned long ref_clear_zva(void *to, unsigned long n);
unsigned long ref_copy_to_bytes(void *to, const void *from, unsigned long n);
unsigned long ref_copy_to_dwords(void *to, const void *from, unsigned long n);
unsigned long ref_copy_from_bytes(void *to, const void *from, unsigned long n);
unsigned long ref_copy_from_dwords(void *to, const void *from, unsigned long n);
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

#define CLEAR_CALL(name, expr)						\
	unsigned long name(char *to, const char *from, unsigned long n);	\
	__attribute__((noinline))					\
	unsigned long name(char *to, const char *from, unsigned long n)	\
	{								\
		(void)from;						\
		return expr;						\
	}

#define COPY_CALL(name, expr)						\
	unsigned long name(char *to, const char *from, unsigned long n);	\
	__attribute__((noinline))					\
	unsigned long name(char *to, const char *from, unsigned long n)	\
	{								\
		return expr;						\
	}

CLEAR_CALL(bench_call_lib_clear, clear_user((void __user *)to, n))
CLEAR_CALL(bench_call_ref_clear_bytes, ref_clear_bytes(to, n))
CLEAR_CALL(bench_call_ref_clear_dwords, ref_clear_dwords(to, n))
CLEAR_CALL(bench_call_ref_clear_x8, ref_clear_x8(to, n))
CLEAR_CALL(bench_call_ref_clear_stp, ref_clear_stp(to, n))
CLEAR_CALL(bench_call_ref_clear_zva, ref_clear_zva(to, n))
COPY_CALL(bench_call_lib_copy_to, copy_to_user((void __user *)to, from, n))
COPY_CALL(bench_call_ref_copy_to_bytes, ref_copy_to_bytes(to, from, n))
COPY_CALL(bench_call_ref_copy_to_dwords, ref_copy_to_dwords(to, from, n))
COPY_CALL(bench_call_lib_copy_from,
	  copy_from_user(to, (const void __user *)from, n))
COPY_CALL(bench_call_ref_copy_from_bytes, ref_copy_from_bytes(to, from, n))
COPY_CALL(bench_call_ref_copy_from_dwords, ref_copy_from_dwords(to, from, n))

enum op { OP_CLEAR, OP_COPY_TO, OP_COPY_FROM };

static const char *const op_names[] = {
	[OP_CLEAR] = "clear_user",
	[OP_COPY_TO] = "copy_to_user",
	[OP_COPY_FROM] = "copy_from_user",
};

/* In count.py's order: the library first, then the references. */
static const struct column {
	enum op op;
	const char *name;
	call_fn *call;
} columns[] = {
	{ OP_CLEAR, "lib", bench_call_lib_clear },
	{ OP_CLEAR, "ref:bytes", bench_call_ref_clear_bytes },
	{ OP_CLEAR, "ref:dwords", bench_call_ref_clear_dwords },
	{ OP_CLEAR, "ref:x8", bench_call_ref_clear_x8 },
	{ OP_CLEAR, "ref:stp", bench_call_ref_clear_stp },
	{ OP_CLEAR, "ref:zva", bench_call_ref_clear_zva },
	{ OP_COPY_TO, "lib", bench_call_lib_copy_to },
	{ OP_COPY_TO, "ref:bytes", bench_call_ref_copy_to_bytes },
	{ OP_COPY_TO, "ref:dwords", bench_call_ref_copy_to_dwords },
	{ OP_COPY_FROM, "lib", bench_call_lib_copy_from },
	{ OP_COPY_FROM, "ref:bytes", bench_call_ref_copy_from_bytes },
	{ OP_COPY_FROM, "ref:dwords", bench_call_ref_copy_from_dwords },
};

static const unsigned long sizes[] = {
	1, 7, 8, 31, 32, 63, 64, 100, 144, 256, 512, 1000, 4096, 16384,
};

/* The counted alignments: offsets of destination and source from a page. */
static const struct alignment {
	unsigned long dst, src;
	bool copies_only;
} alignments[] = {
	{ 0, 0, false },
	{ 3, 0, false },
	{ 0, 5, true },
};

/* ---- Buffers and checks ---------------------------------------------- */

static char *dst_buf, *src_buf;	/* a page, the guard, the range, a guard, a page */
static char zeros[MAX_SIZE];
static char guard_bytes[GUARD];

/*
 * The buffers are page-aligned and PAGE_SIZE + GUARD is a multiple of
 * every dc zva block (at most 2 KiB), so an offset here is also the offset
 * from a block: count.py works out ref_clear_zva's count from it.
 */
static char *dst_at(unsigned long off)
{
	return dst_buf + PAGE_SIZE + GUARD + off;
}

static char *src_at(unsigned long off)
{
	return src_buf + PAGE_SIZE + GUARD + off;
}

static char *map_buffer(void)
{
	void *p = mmap(NULL, 2 * PAGE_SIZE + 2 * GUARD + MAX_OFFSET + MAX_SIZE,
		       PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

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

/*
 * The source: a pattern with no zero byte, so that a copy cannot pass as a
 * clear. Written once; no routine writes to it.
 */
static void fill_source(void)
{
	char *from = src_at(0);

	for (unsigned long i = 0; i < MAX_OFFSET + MAX_SIZE + GUARD; i++)
		from[i] = (char)(i * 7 % 251 + 1);
}

/* The destination: the range and the guards around it. */
static void fill(char *to, unsigned long n)
{
	memset(to - GUARD, GUARD_BYTE, n + 2 * GUARD);
}

static bool all_guard(const char *p)
{
	return !memcmp(p, guard_bytes, GUARD);
}

/* The first byte of to[0, n) that differs from want[0, n); n if none. */
static unsigned long first_difference(const char *to, const char *want,
				      unsigned long n)
{
	unsigned long i = 0;

	if (!memcmp(to, want, n))
		return n;
	while (to[i] == want[i])
		i++;
	return i;
}

static void check(const struct column *col, const char *to, const char *from,
		  unsigned long n, unsigned long dst_off, unsigned long src_off,
		  unsigned long left)
{
	const char *want = col->op == OP_CLEAR ? zeros : from;
	unsigned long bad;

	if (left)
		die("%s %s of %lu bytes (destination +%lu, source +%lu) left %lu undone\n",
		    op_names[col->op], col->name, n, dst_off, src_off, left);
	if (!all_guard(to - GUARD) || !all_guard(to + n))
		die("%s %s of %lu bytes (destination +%lu, source +%lu) wrote outside the range\n",
		    op_names[col->op], col->name, n, dst_off, src_off);
	bad = first_difference(to, want, n);
	if (bad < n)
		die("%s %s of %lu bytes (destination +%lu, source +%lu): wrong byte at %lu\n",
		    op_names[col->op], col->name, n, dst_off, src_off, bad);
}

static void call_checked(const struct column *col, unsigned long n,
			 unsigned long dst_off, unsigned long src_off)
{
	char *to = dst_at(dst_off), *from = src_at(src_off);

	fill(to, n);
	check(col, to, from, n, dst_off, src_off, col->call(to, from, n));
}

/* ---- check ----------------------------------------------------------- */

/*
 * Every column at every size up to 300 and at sizes around 1, 2, 4 and 8
 * KiB; clears at destination offsets that put the start anywhere in a
 * doubleword and near the start and end of a 64- and a 512-byte block
 * (the dc zva blocks under qemu), copies at every destination and source
 * offset in a doubleword. A wrong head, tail or block loop cannot pass.
 */
static unsigned long check_all(void)
{
	static const unsigned long big_sizes[] = {
		448, 511, 512, 513, 575, 576, 577, 1000, 1023, 1024, 1025, 1535,
		1536, 1537, 2047, 2048, 2049, 4095, 4096, 4097, 8191, 8192,
	};
	static const unsigned long clear_offsets[] = {
		0, 1, 2, 3, 4, 5, 6, 7, 8, 15, 56, 63, 64, 65, 255, 448, 504, 511,
	};
	unsigned long calls = 0;

	for (size_t c = 0; c < ARRAY_SIZE(columns); c++) {
		const struct column *col = &columns[c];
		unsigned long nd = col->op == OP_CLEAR ? ARRAY_SIZE(clear_offsets) : 8;
		unsigned long ns = col->op == OP_CLEAR ? 1 : 8;

		for (unsigned long k = 0; k <= 300 + ARRAY_SIZE(big_sizes); k++) {
			unsigned long n = k <= 300 ? k : big_sizes[k - 301];

			for (unsigned long d = 0; d < nd; d++)
				for (unsigned long s = 0; s < ns; s++) {
					call_checked(col, n, col->op == OP_CLEAR ?
						     clear_offsets[d] : d, s);
					calls++;
				}
		}
	}
	return calls;
}

/* ---- count ----------------------------------------------------------- */

/*
 * One call per cell between the markers. count.py pairs the i-th "cell"
 * line with the i-th pair of markers in the log, so nothing else may call
 * them, and the lines must come in call order.
 */
static void count_all(void)
{
	for (size_t c = 0; c < ARRAY_SIZE(columns); c++)
		for (size_t a = 0; a < ARRAY_SIZE(alignments); a++) {
			const struct alignment *al = &alignments[a];

			if (al->copies_only && columns[c].op == OP_CLEAR)
				continue;
			for (size_t k = 0; k < ARRAY_SIZE(sizes); k++) {
				unsigned long n = sizes[k], left;
				char *to = dst_at(al->dst), *from = src_at(al->src);

				fill(to, n);
				bench_cell_begin();
				left = columns[c].call(to, from, n);
				bench_cell_end();
				check(&columns[c], to, from, n, al->dst, al->src, left);
				printf("cell %s %s %lu %lu %lu\n", op_names[columns[c].op],
				       columns[c].name, n, al->dst, al->src);
			}
		}
}

int main(int argc, char **argv)
{
	unsigned long dczid;

	if (argc != 2 || (strcmp(argv[1], "check") && strcmp(argv[1], "count")))
		die("usage: uaccess-bench check|count\n");
	/* What a kernel does before its first user access. */
	if (uaccess_init())
		die("uaccess_init() failed: %s\n", uaccess_init_error());
	dst_buf = map_buffer();
	src_buf = map_buffer();
	fill_source();
	memset(guard_bytes, GUARD_BYTE, GUARD);
	if (!strcmp(argv[1], "check")) {
		printf("checked %lu calls\n", check_all());
	} else {
		__asm__ volatile("mrs %0, dczid_el0" : "=r"(dczid));
		printf("# uaccess-bench count: dczid 0x%lx; library: %s\n", dczid,
		       uaccess_strategy_name());
		count_all();
	}
	return fflush(stdout) ? 1 : 0;
}
