// SPDX-License-Identifier: MIT
/*
 * uaccess-bench for the instruction counts under QEMU: the driver every
 * such architecture shares. Its bench.c gives the columns, the cells and
 * the sweep (struct bench_arch, qemu_count.h); this file runs them.
 *
 *   uaccess-bench check [-a OFFSET]
 *	Every column over the sweep's sizes and offsets, each call checked;
 *	nothing is counted. A run of its own, without qemu's instruction
 *	log: the sweep is long.
 *
 *   uaccess-bench count [-a OFFSET]
 *	The architecture's header line, then one call per cell of its
 *	tables (and of its string cells, qemu_strings.c), each between
 *	bench_cell_begin() and bench_cell_end() (ref.S), and one line per
 *	call on stdout in the same order: "cell OP COLUMN SIZE DST SRC
 *	ADDRESS STRATEGY" (offsets from where the ranges start, the
 *	destination's address, the library's strategy as the last column's
 *	setup left it, or "-"). qemu_count.py runs this under qemu with an
 *	instruction log and pairs the i-th line with what ran between the
 *	i-th pair of markers, so nothing else may call them.
 *
 * -a OFFSET, right after the mode, starts the ranges OFFSET bytes into
 * their pages (default: bench_arch.page_offset). Every call is checked
 * (nothing left undone, the range cleared or copied, the guard bytes
 * around it untouched), so no figure comes from a routine that skipped or
 * overshot work. The program uses no C library (tests/harness/nolibc), so the
 * same static binary also runs on boards whose CPU cannot run one.
 */
#include <stdarg.h>
#include <string.h>
#include "linux_arch.h"
#include "qemu_count.h"

#define PROT_READ	1
#define PROT_WRITE	2
#define MAP_PRIVATE	0x02
#define MAP_ANONYMOUS	0x20

const unsigned long bench_sizes[14] = {
	1, 7, 8, 31, 32, 63, 64, 100, 144, 256, 512, 1000, 4096, 16384,
};
const struct placement bench_placements[3] = { { 0, 0 }, { 3, 0 }, { 0, 5 } };

static char *dst_buf, *src_buf;	/* a page, the range and its guard */
static unsigned long page_offset, buf_bytes;

void bench_die(const char *fmt, ...)
{
	va_list ap;

	linux_write_all(2, "uaccess-bench: ", 15);
	va_start(ap, fmt);
	linux_vprint(2, fmt, ap);
	va_end(ap);
	linux_exit_group(1);
}

bool bench_number(const char *s, unsigned long *v)
{
	*v = 0;
	if (!*s)
		return false;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || *v > (-1UL - 9) / 10)
			return false;
		*v = *v * 10 + (unsigned long)(*s - '0');
	}
	return true;
}

static char *map_pages(unsigned long bytes)
{
	long p = linux_syscall(NR_mmap, 0, (long)bytes, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if ((unsigned long)p > -4096UL)
		bench_die("mmap of %lu bytes: errno %ld\n", bytes, -p);
	return (char *)p;
}

char *bench_dst(unsigned long offset)
{
	return dst_buf + PAGE_SIZE + page_offset + offset;
}

const char *bench_src(unsigned long offset)
{
	return src_buf + PAGE_SIZE + page_offset + offset;
}

/* The largest size plus offset that a table or the sweep uses. */
static unsigned long largest_use(void)
{
	const struct sweep *sw = &bench_arch.sweep;
	unsigned long most = bench_arch.strings ? BENCH_STR_LONGEST + BENCH_STR_SLACK + 1 : 0;
	unsigned long off = sw->copy_offsets;

	for (size_t t = 0; t < bench_arch.nr_tables; t++) {
		const struct table *tb = &bench_arch.tables[t];

		for (size_t k = 0; k < tb->nr_sizes; k++)
			for (size_t p = 0; p < tb->nr_placements; p++) {
				const struct placement *at = &tb->placements[p];
				unsigned long n = tb->sizes[k] +
					(at->dst > at->src ? at->dst : at->src);

				most = n > most ? n : most;
			}
	}
	for (size_t i = 0; i < sw->nr_clear_offsets; i++)
		off = sw->clear_offsets[i] > off ? sw->clear_offsets[i] : off;
	for (size_t k = 0; k < sw->nr_sizes; k++)
		most = sw->sizes[k] + off > most ? sw->sizes[k] + off : most;
	return most > sw->every_size_below + off ? most : sw->every_size_below + off;
}

/*
 * The source: a pattern with no zero byte, so that a copy cannot pass as a
 * clear; written once, since no call writes to it.
 */
void bench_map(unsigned long largest)
{
	unsigned long use = largest_use();

	use = largest > use ? largest : use;
	buf_bytes = (2 * PAGE_SIZE + page_offset + use + bench_arch.guard +
		     PAGE_SIZE - 1) & ~(PAGE_SIZE - 1);
	dst_buf = map_pages(buf_bytes);
	src_buf = map_pages(buf_bytes);
	for (unsigned long i = PAGE_SIZE; i < buf_bytes; i++)
		src_buf[i] = (char)(i * 7 % 251 + 1);
}

void bench_fill(char *to, unsigned long n)
{
	memset(to - bench_arch.guard, BENCH_GUARD_BYTE, n + 2 * bench_arch.guard);
}

/*
 * Whether p[0, n) holds a byte other than c: word by word where it can,
 * since the sweep checks a large guard around every call (nolibc's memcmp
 * goes byte by byte).
 */
static bool differs(const char *p, char c, unsigned long n)
{
	typedef unsigned long __attribute__((may_alias)) word;
	word w = (unsigned char)c * (~0UL / 0xff);

	for (; n && (unsigned long)p % sizeof(word); n--, p++)
		if (*p != c)
			return true;
	for (; n >= sizeof(word); n -= sizeof(word), p += sizeof(word))
		if (*(const word *)p != w)
			return true;
	for (; n; n--, p++)
		if (*p != c)
			return true;
	return false;
}

static bool is_clear(const struct column *col)
{
	return !strncmp(col->op, "clear", 5);
}

const char *bench_arg(const struct column *col, const char *from, unsigned long n)
{
	return is_clear(col) ? (const char *)n : from;
}

void bench_check(const struct column *col, const char *to, const char *from,
		 unsigned long n, unsigned long left)
{
	unsigned long guard = bench_arch.guard, bad = 0;

	if (left)
		bench_die("%s %s of %lu bytes at %p from %p left %lu undone\n",
			  col->op, col->name, n, to, from, left);
	if (differs(to - guard, BENCH_GUARD_BYTE, guard) ||
	    differs(to + n, BENCH_GUARD_BYTE, guard))
		bench_die("%s %s of %lu bytes at %p from %p wrote outside the range\n",
			  col->op, col->name, n, to, from);
	if (is_clear(col) ? !differs(to, 0, n) : !memcmp(to, from, n))
		return;
	while (is_clear(col) ? !to[bad] : to[bad] == from[bad])
		bad++;
	bench_die("%s %s of %lu bytes at %p from %p: wrong byte at %lu\n",
		  col->op, col->name, n, to, from, bad);
}

static bool runs(const struct column *col)
{
	return !col->runs || col->runs();
}

unsigned long bench_sweep(void)
{
	const struct sweep *sw = &bench_arch.sweep;
	unsigned long calls = 0;

	for (size_t c = 0; c < bench_arch.nr_columns; c++) {
		const struct column *col = &bench_arch.columns[c];
		const unsigned long *dsts = is_clear(col) ? sw->clear_offsets : NULL;
		unsigned long nd = dsts ? sw->nr_clear_offsets : sw->copy_offsets;
		unsigned long ns = is_clear(col) ? 1 : sw->copy_offsets;

		if (!runs(col))
			continue;
		if (col->setup)
			col->setup(col);
		for (unsigned long k = 0; k < sw->every_size_below + sw->nr_sizes; k++) {
			unsigned long n = k < sw->every_size_below ? k :
					  sw->sizes[k - sw->every_size_below];

			for (unsigned long d = 0; d < nd; d++)
				for (unsigned long s = 0; s < ns; s++, calls++) {
					char *to = bench_dst(dsts ? dsts[d] : d);

					bench_fill(to, n);
					bench_check(col, to, bench_src(s), n,
						    col->call(to, bench_arg(col, bench_src(s), n), n));
				}
		}
	}
	return calls;
}

/* strategy: the library's since the last column that set it up, or "-". */
static void count_table(const struct table *tb, const char **strategy)
{
	for (size_t c = 0; c < tb->nr_columns; c++) {
		const struct column *col = &tb->columns[c];

		if (!runs(col))
			continue;
		if (col->setup) {
			col->setup(col);
			*strategy = uaccess_strategy_name();
		}
		for (size_t p = 0; p < tb->nr_placements; p++) {
			const struct placement *at = &tb->placements[p];

			if (at->src && is_clear(col))
				continue;	/* a clear has no source */
			for (size_t k = 0; k < tb->nr_sizes; k++) {
				unsigned long n = tb->sizes[k], left;
				char *to = bench_dst(at->dst);
				const char *from = bench_src(at->src);

				bench_fill(to, n);
				bench_cell_begin();
				left = col->call(to, bench_arg(col, from, n), n);
				bench_cell_end();
				bench_check(col, to, from, n, left);
				bench_print("cell %s %s %lu %lu %lu %#lx %s\n", col->op,
					    col->name, n, at->dst, at->src,
					    (unsigned long)to, *strategy);
			}
		}
	}
}

static __attribute__((noreturn)) void usage(void)
{
	bench_die("usage: uaccess-bench check|count [-a OFFSET]\n%s"
		  "  -a OFFSET  ranges start OFFSET bytes into a page (0..4095, %lu)\n",
		  bench_arch.usage ? bench_arch.usage : "", bench_arch.page_offset);
}

static int bench_main(int argc, char **argv)
{
	unsigned long v;

	if (argc < 2)
		usage();
	page_offset = bench_arch.page_offset;
	if (argc > 3 && !strcmp(argv[2], "-a")) {	/* then as if MODE came with the rest */
		if (!bench_number(argv[3], &v) || v >= PAGE_SIZE)
			usage();
		page_offset = v;
		argv[3] = argv[1];
		argv += 2;
		argc -= 2;
	}
	if (bench_arch.init)
		bench_arch.init();
	if (!strcmp(argv[1], "check") && argc == 2) {
		bench_map(0);
		bench_print("checked %lu calls\n", bench_sweep());
	} else if (!strcmp(argv[1], "count") && argc == 2) {
		const char *strategy = "-";

		bench_map(0);
		if (bench_arch.header)
			bench_arch.header();
		for (size_t t = 0; t < bench_arch.nr_tables; t++)
			count_table(&bench_arch.tables[t], &strategy);
		if (bench_arch.strings)
			bench_arch.strings();
	} else if (!bench_arch.mode || !bench_arch.mode(argv[1], argc, argv)) {
		usage();
	}
	return 0;
}

/* Called by _start (tests/harness/nolibc/linux/<arch>/start.S): argc, then argv[]. */
__attribute__((noreturn)) void linux_start(unsigned long *sp);
void linux_start(unsigned long *sp)
{
	linux_exit_group(bench_main((int)sp[0], (char **)(sp + 1)));
}
