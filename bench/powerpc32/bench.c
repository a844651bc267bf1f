// SPDX-License-Identifier: MIT
/*
 * uaccess-bench for PowerPC32: clear_user and copy_to_user with each of the
 * library's two strategies, next to the plain loops of ref.S. Columns:
 *
 *   dcbz       the library after uaccess_init_features(UACCESS_FEAT_DCBZ)
 *   words      the library after uaccess_init_features(0)
 *   ref:words  a word loop as kernels had before dcbz (ref.S)
 *   ref:bytes  a byte loop (ref.S)
 *   ref:linux  a Linux-shaped clear and copy with dcbz (ref.S), run only
 *              where dcbz clears the build's line (as the library's dcbz)
 *
 * Two modes, one binary:
 *
 *   uaccess-bench count [-a OFFSET]
 *	One call per cell (op, column, size), each between bench_cell_begin()
 *	and bench_cell_end() (ref.S), and one "cell" line per call on
 *	stdout, in the same order. count.py runs this under qemu-ppc with an
 *	instruction log and counts what ran between the markers: exact
 *	counts of executed instructions, which is what an emulator can give.
 *	Then the library (dcbz) against ref:linux at the sizes and
 *	alignments of vs_sizes and vs_aligns, the same way.
 *
 *   uaccess-bench time [-e] [-r ROUNDS] [-a OFFSET] [SIZE...]
 *	Time-base ticks per call and MB/s on real hardware: the median over
 *	ROUNDS batches of calls, each batch long enough that reading the time
 *	base costs nothing per call. MB/s needs the time-base frequency, read
 *	from the "timebase" line of /proc/cpuinfo; without it, ticks only.
 *	-e says the run is emulated: the output then says the figures are
 *	meaningless. SIZE... replaces the default sizes (1048576 matches
 *	dd bs=1M from /dev/zero, the usual clear_user throughput test).
 *
 * The binary uses no C library (tests/nolibc: start.S, string functions,
 * vsnprintf) and no floating point, so the same static program runs on any
 * 32-bit PowerPC Linux, FPU-less MPC8xx, e300c2 and e500 boards included:
 * those are where dcbz's gain was measured and where it should be checked.
 * Build it for the board's line (DCBZ_LINE=16 on 8xx): the library refuses
 * dcbz when the line it measures differs, and the dcbz column then says so.
 *
 * Every call is checked (nothing left undone, the range cleared or copied,
 * the bytes around it untouched), and every column is checked at small
 * misaligned sizes first, so no figure comes from a routine that skipped
 * work.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <uaccess.h>
#include "linux_arch.h"
#include "sys.h"
#include "../count_strings.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* System call numbers of 32-bit PowerPC Linux that linux_arch.h lacks. */
#define NR_read		3
#define NR_open		5
#define NR_close	6

#define PAGE_SIZE	4096UL
#define PROT_READ	1
#define PROT_WRITE	2
#define MAP_PRIVATE	0x02
#define MAP_ANONYMOUS	0x20

#define MAX_SIZES	32
#define GUARD		64	/* checked bytes on each side of a range */
#define DEFAULT_ROUNDS	11
#define MAX_ROUNDS	101
#define MAX_CALLS	65536UL


/* ref.S */
unsigned long ref_clear_words(void *to, unsigned long n);
unsigned long ref_copy_words(void *to, const void *from, unsigned long n);
unsigned long ref_clear_bytes(void *to, unsigned long n);
unsigned long ref_copy_bytes(void *to, const void *from, unsigned long n);
unsigned long ref_linux_clear(void *to, unsigned long n);
unsigned long ref_linux_copy(void *to, const void *from, unsigned long n);
void bench_cell_begin(void);
void bench_cell_end(void);

/* ---- Output and system calls ----------------------------------------- */

#define out(...) linux_print(1, __VA_ARGS__)

static __attribute__((noreturn, format(printf, 1, 2))) void die(const char *fmt,
								 ...)
{
	char buf[512];
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	linux_write_all(2, "uaccess-bench: ", 15);
	linux_write_all(2, buf, len < (int)sizeof(buf) ? (size_t)len : sizeof(buf) - 1);
	linux_exit_group(1);
}

static char *map_pages(unsigned long bytes)
{
	long p = linux_syscall(NR_mmap, 0, (long)bytes, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if ((unsigned long)p > -4096UL)
		die("mmap of %lu bytes: errno %ld\n", bytes, -p);
	return (char *)p;
}

/*
 * The time-base frequency in Hz from /proc/cpuinfo ("timebase : 16666666"),
 * 0 if there is no such line. Linux prints it on PowerPC; qemu-user passes
 * the host's file through, which has none.
 */
static unsigned long cpuinfo_timebase(void)
{
	static char text[16384];
	long fd = linux_syscall(NR_open, (long)"/proc/cpuinfo", 0, 0, 0, 0, 0);
	size_t len = 0;
	char *line;

	if (fd < 0)
		return 0;
	while (len < sizeof(text) - 1) {
		long r = linux_syscall(NR_read, fd, (long)(text + len),
				       (long)(sizeof(text) - 1 - len), 0, 0, 0);

		if (r <= 0)
			break;
		len += (size_t)r;
	}
	linux_syscall(NR_close, fd, 0, 0, 0, 0, 0);
	text[len] = '\0';
	for (line = text; *line; ) {
		if (!strncmp(line, "timebase", 8)) {
			unsigned long hz = 0;
			char *p = line + 8;

			while (*p == ' ' || *p == '\t' || *p == ':')
				p++;
			while (*p >= '0' && *p <= '9')
				hz = hz * 10 + (unsigned long)(*p++ - '0');
			return hz;
		}
		line += strcspn(line, "\n");
		if (*line)
			line++;
	}
	return 0;
}

/* ---- 64-bit arithmetic without libgcc -------------------------------- */

/*
 * The program links no libgcc (nor any C library), and GCC turns a 64-bit
 * division on a 32-bit target into a call to __udivdi3: divide by hand,
 * one bit at a time. Only for printing results, so speed does not matter.
 */
static uint64_t udiv64(uint64_t n, uint64_t d)
{
	uint64_t q = 0, r = 0;

	for (int i = 63; i >= 0; i--) {
		r = r << 1 | (n >> i & 1);
		q <<= 1;
		if (r >= d) {
			r -= d;
			q |= 1;
		}
	}
	return q;
}

/* ---- The time base --------------------------------------------------- */

/*
 * The 64-bit time base, read as upper, lower, upper until the upper half
 * did not change in between. How to read it follows Linux: the MPC8xx
 * only has mftb (its line is the only 16-byte one, hence the test), every
 * other 32-bit core reads TBL/TBU as SPRs 268/269, which Book E cores
 * (e500) require. The "memory" clobbers keep the timed calls between the
 * two reads.
 */
#if UACCESS_DCBZ_LINE == 16
#define READ_TBU "mftbu %0"
#define READ_TBL "mftb %0"
#else
#define READ_TBU "mfspr %0, 269"
#define READ_TBL "mfspr %0, 268"
#endif

static inline uint64_t read_tb(void)
{
	unsigned long hi, lo, hi2;

	do {
		__asm__ volatile(READ_TBU : "=r"(hi) : : "memory");
		__asm__ volatile(READ_TBL : "=r"(lo) : : "memory");
		__asm__ volatile(READ_TBU : "=r"(hi2) : : "memory");
	} while (hi != hi2);
	return (uint64_t)hi << 32 | lo;
}

/* ---- Columns --------------------------------------------------------- */

enum op { OP_CLEAR, OP_COPY, NR_OPS };

static const char *const op_names[NR_OPS] = {
	[OP_CLEAR] = "clear_user",
	[OP_COPY] = "copy_user",
};

typedef unsigned long call_fn(char *to, const char *from, unsigned long n);

/*
 * Every call the benchmark makes is one of these functions, called through
 * a pointer: count.py finds them by name and counts their own instructions
 * as the caller's share (for the library: the inline access_ok() and the
 * call of <uaccess.h>, as a kernel's call site has them). Global and only
 * called through pointers, so GCC neither inlines nor clones them.
 */
unsigned long bench_call_lib_clear(char *to, const char *from, unsigned long n);
unsigned long bench_call_lib_copy(char *to, const char *from, unsigned long n);
unsigned long bench_call_ref_clear_words(char *to, const char *from,
					 unsigned long n);
unsigned long bench_call_ref_copy_words(char *to, const char *from,
					unsigned long n);
unsigned long bench_call_ref_clear_bytes(char *to, const char *from,
					 unsigned long n);
unsigned long bench_call_ref_copy_bytes(char *to, const char *from,
					unsigned long n);
unsigned long bench_call_ref_linux_clear(char *to, const char *from,
					 unsigned long n);
unsigned long bench_call_ref_linux_copy(char *to, const char *from,
					unsigned long n);

__attribute__((noinline))
unsigned long bench_call_lib_clear(char *to, const char *from, unsigned long n)
{
	(void)from;
	return clear_user((void __user *)to, n);
}

/* copy_to_user: copy_from_user runs the same routine (_uaccess_copy_user). */
__attribute__((noinline))
unsigned long bench_call_lib_copy(char *to, const char *from, unsigned long n)
{
	return copy_to_user((void __user *)to, from, n);
}

__attribute__((noinline))
unsigned long bench_call_ref_clear_words(char *to, const char *from,
					 unsigned long n)
{
	(void)from;
	return ref_clear_words(to, n);
}

__attribute__((noinline))
unsigned long bench_call_ref_copy_words(char *to, const char *from,
					unsigned long n)
{
	return ref_copy_words(to, from, n);
}

__attribute__((noinline))
unsigned long bench_call_ref_clear_bytes(char *to, const char *from,
					 unsigned long n)
{
	(void)from;
	return ref_clear_bytes(to, n);
}

__attribute__((noinline))
unsigned long bench_call_ref_copy_bytes(char *to, const char *from,
					unsigned long n)
{
	return ref_copy_bytes(to, from, n);
}

__attribute__((noinline))
unsigned long bench_call_ref_linux_clear(char *to, const char *from,
					 unsigned long n)
{
	(void)from;
	return ref_linux_clear(to, n);
}

__attribute__((noinline))
unsigned long bench_call_ref_linux_copy(char *to, const char *from,
					unsigned long n)
{
	return ref_linux_copy(to, from, n);
}

static const struct column {
	const char *name;
	bool lib;			/* the library, set to `features` */
	unsigned long features;
	call_fn *call[NR_OPS];
	bool dcbz;			/* runs dcbz whatever the features */
} columns[] = {
	{ "dcbz", true, UACCESS_FEAT_DCBZ,
	  { bench_call_lib_clear, bench_call_lib_copy }, false },
	{ "words", true, 0, { bench_call_lib_clear, bench_call_lib_copy }, false },
	{ "ref:words", false, 0,
	  { bench_call_ref_clear_words, bench_call_ref_copy_words }, false },
	{ "ref:bytes", false, 0,
	  { bench_call_ref_clear_bytes, bench_call_ref_copy_bytes }, false },
	{ "ref:linux", false, 0,
	  { bench_call_ref_linux_clear, bench_call_ref_linux_copy }, true },
};

#define NR_COLUMNS ARRAY_SIZE(columns)
#define COL_DCBZ	0	/* the library with dcbz, against ref:linux */
#define COL_LINUX	4
/* The count's first tables: every column but ref:linux. */
#define NR_TABLE_COLUMNS COL_LINUX

/*
 * Whether a column may run here: ref:linux uses dcbz on the build's line
 * unconditionally, so only where dcbz clears exactly that line.
 */
static bool runs_here(const struct column *col)
{
	return !col->dcbz || (UACCESS_DCBZ_LINE &&
			      uaccess_dcbz_line_size() == UACCESS_DCBZ_LINE);
}

/*
 * Set the library to the column's feature set. The strategy it reports
 * says what really runs: "words" in the dcbz column means the library
 * refused dcbz (the line it measured is not UACCESS_DCBZ_LINE).
 */
static const char *configure(const struct column *col)
{
	if (!col->lib)
		return "-";
	if (uaccess_init_features(col->features))
		die("uaccess_init_features(%#lx) failed\n", col->features);
	return uaccess_strategy_name();
}

/* ---- Buffers and checks ---------------------------------------------- */

static const unsigned long default_sizes[] = {
	16, 32, 64, 128, 256, 512, 1024, 4096, 16384, 65536,
};

static unsigned long sizes[MAX_SIZES];
static int nr_sizes;
static unsigned long max_size;
static unsigned long page_offset;	/* -a: where in a page ranges start */
static char *dst_buf, *src_buf;		/* a page, the range, GUARD bytes */

/*
 * The "user" destination and "kernel" source are both this process's
 * memory, at the same offset into their pages (as in a read() into a
 * buffer that starts where the page cache's copy does).
 */
static char *dst_at(unsigned long extra)
{
	return dst_buf + PAGE_SIZE + page_offset + extra;
}

static const char *src_at(unsigned long extra)
{
	return src_buf + PAGE_SIZE + page_offset + extra;
}

static void map_buffers(void)
{
	unsigned long bytes = (2 * PAGE_SIZE + page_offset + max_size + GUARD +
			       PAGE_SIZE - 1) & ~(PAGE_SIZE - 1);

	dst_buf = map_pages(bytes);
	src_buf = map_pages(bytes);
}

/* A pattern with no zero byte, so that a copy cannot pass as a clear. */
static char pattern(unsigned long i)
{
	return (char)(i * 7 % 251 + 1);
}

static void fill(char *to, const char *from, unsigned long n)
{
	char *src = (char *)from;

	memset(to - GUARD, 0x5a, n + 2 * GUARD);
	for (unsigned long i = 0; i < n + GUARD; i++)
		src[i] = pattern(i);
}

static void check(enum op op, const char *name, char *to, const char *from,
		  unsigned long n, unsigned long left)
{
	if (left)
		die("%s %s of %lu bytes left %lu undone\n", op_names[op], name,
		    n, left);
	for (unsigned long i = 1; i <= GUARD; i++)
		if (to[-(long)i] != 0x5a || to[n + i - 1] != 0x5a)
			die("%s %s of %lu bytes wrote outside the range\n",
			    op_names[op], name, n);
	for (unsigned long i = 0; i < n; i++)
		if (to[i] != (op == OP_CLEAR ? 0 : from[i]))
			die("%s %s of %lu bytes: wrong byte at %lu\n",
			    op_names[op], name, n, i);
}

/*
 * Before anything is measured: every column at small sizes and all four
 * destination and source alignments, so a reference loop with a wrong
 * head or tail cannot post a figure.
 */
static void check_columns(void)
{
	static const unsigned long check_sizes[] = {
		0, 1, 2, 3, 4, 5, 7, 8, 15, 16, 31, 32, 33, 63, 64, 65, 100, 129,
	};

	for (size_t c = 0; c < NR_COLUMNS; c++) {
		if (!runs_here(&columns[c]))
			continue;
		configure(&columns[c]);
		for (int op = 0; op < NR_OPS; op++)
			for (size_t k = 0; k < ARRAY_SIZE(check_sizes); k++)
				for (unsigned long d = 0; d < 4; d++)
					for (unsigned long s = 0; s < 4; s++) {
						unsigned long n = check_sizes[k];
						char *to = dst_at(d);
						const char *from = src_at(s);

						fill(to, from, n);
						check(op, columns[c].name, to, from, n,
						      columns[c].call[op](to, from, n));
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
	out("# uaccess-bench count: UACCESS_DCBZ_LINE %d, dcbz clears %lu bytes here\n",
	    UACCESS_DCBZ_LINE, uaccess_dcbz_line_size());
	for (size_t c = 0; c < NR_TABLE_COLUMNS; c++) {
		const char *strategy = configure(&columns[c]);

		for (int op = 0; op < NR_OPS; op++)
			for (int k = 0; k < nr_sizes; k++) {
				unsigned long n = sizes[k], left;
				char *to = dst_at(0);
				const char *from = src_at(0);

				fill(to, from, n);
				bench_cell_begin();
				left = columns[c].call[op](to, from, n);
				bench_cell_end();
				check(op, columns[c].name, to, from, n, left);
				out("cell %s %s %lu %#lx %s\n", op_names[op],
				    columns[c].name, n, (unsigned long)to, strategy);
			}
	}
}

/*
 * The library with dcbz against ref:linux: every size of vs_sizes at each
 * alignment of vs_aligns (clears: those with the source aligned). A cell
 * line's column is "lib@NAME" or "linux@NAME". Nothing if ref:linux cannot
 * run here.
 */
static const unsigned long vs_sizes[] = {
	1, 7, 8, 31, 32, 63, 64, 100, 144, 256, 512, 1000, 4096, 16384,
};

static const struct {
	const char *name;
	unsigned long dst, src;		/* offsets from the page offset */
} vs_aligns[] = {
	{ "aligned", 0, 0 }, { "dst+3", 3, 0 }, { "src+5", 0, 5 },
};

static void run_count_vs(void)
{
	static const size_t cols[] = { COL_DCBZ, COL_LINUX };

	if (!runs_here(&columns[COL_LINUX])) {
		out("# no ref:linux: dcbz clears %lu bytes here, not %d\n",
		    uaccess_dcbz_line_size(), UACCESS_DCBZ_LINE);
		return;
	}
	configure(&columns[COL_DCBZ]);
	for (int op = 0; op < NR_OPS; op++)
		for (size_t a = 0; a < ARRAY_SIZE(vs_aligns); a++) {
			if (op == OP_CLEAR && vs_aligns[a].src)
				continue;
			for (size_t k = 0; k < ARRAY_SIZE(vs_sizes); k++)
				for (size_t c = 0; c < ARRAY_SIZE(cols); c++) {
					const struct column *col = &columns[cols[c]];
					unsigned long n = vs_sizes[k], left;
					char *to = dst_at(vs_aligns[a].dst);
					const char *from = src_at(vs_aligns[a].src);

					fill(to, from, n);
					bench_cell_begin();
					left = col->call[op](to, from, n);
					bench_cell_end();
					check(op, col->name, to, from, n, left);
					out("cell %s %s@%s %lu %#lx %s\n", op_names[op],
					    col->lib ? "lib" : "linux", vs_aligns[a].name,
					    n, (unsigned long)to, uaccess_strategy_name());
				}
		}
}

/* ---- strings (count mode) --------------------------------------------- */

/* One counted call per (op, column, length) of ../count_strings.h. */
static void run_count_strings(void)
{
	for (size_t c = 0; c < NR_STR_CELLS; c++)
		for (size_t k = 0; k < NR_STR_LENGTHS; k++) {
			char *to = dst_at(0), *from = (char *)src_at(0);
			long r;

			if (!count_string_cell(c, k, to, from, &r))
				die("%s %s of length %lu: wrong (%ld)\n",
				    str_cells[c].op, str_cells[c].col,
				    str_lengths[k], r);
			out("cell %s %s %lu %#lx -\n", str_cells[c].op,
			    str_cells[c].col, str_lengths[k], (unsigned long)from);
		}
}

/* ---- time ------------------------------------------------------------ */

static int rounds = DEFAULT_ROUNDS;

struct timing {
	unsigned long calls;		/* per batch */
	uint64_t ticks;			/* the median batch */
};

static struct timing timings[NR_OPS][NR_COLUMNS][MAX_SIZES];
static const char *strategies[NR_COLUMNS];

static uint64_t time_batch(call_fn *call, char *to, const char *from,
			   unsigned long n, unsigned long calls)
{
	unsigned long left = 0;
	uint64_t start = read_tb();

	for (unsigned long i = 0; i < calls; i++)
		left |= call(to, from, n);
	start = read_tb() - start;
	if (left)
		die("a timed call left %lu bytes undone\n", left);
	return start;
}

/*
 * Batches of one size, doubled until one lasts target ticks (or MAX_CALLS
 * calls); the median of `rounds` such batches. The first batches also warm
 * the caches, so these are warm-cache figures until the size outgrows the
 * data cache (as a dd from /dev/zero with a small block size is).
 */
static struct timing measure(call_fn *call, char *to, const char *from,
			     unsigned long n, uint64_t target)
{
	uint64_t samples[MAX_ROUNDS];
	struct timing t = { .calls = 1 };

	while (t.calls < MAX_CALLS && time_batch(call, to, from, n, t.calls) < target)
		t.calls *= 2;
	for (int r = 0; r < rounds; r++) {
		uint64_t s = time_batch(call, to, from, n, t.calls);
		int i = r;

		for (; i > 0 && samples[i - 1] > s; i--)	/* insertion sort */
			samples[i] = samples[i - 1];
		samples[i] = s;
	}
	t.ticks = samples[rounds / 2];
	return t;
}

/* x / calls with two decimals, as "12.34". */
static void print_per_call(uint64_t x, unsigned long calls)
{
	uint64_t hundredths = udiv64(x * 100 + calls / 2, calls);

	out(" %7llu.%02llu |", (unsigned long long)udiv64(hundredths, 100),
	    (unsigned long long)(hundredths - udiv64(hundredths, 100) * 100));
}

/*
 * MB/s (10^6 bytes, as dd prints them) with one decimal. bytes / ticks
 * first (scaled by 10^4, so that no product overflows 64 bits for any
 * time base up to 4 GHz), then times the frequency.
 */
static void print_mbps(unsigned long n, const struct timing *t,
		       unsigned long tb_hz)
{
	uint64_t per_tick = udiv64((uint64_t)n * t->calls * 10000, t->ticks);
	uint64_t tenths = udiv64(per_tick * (tb_hz / 1000), 1000000);

	out(" %8llu.%llu |", (unsigned long long)udiv64(tenths, 10),
	    (unsigned long long)(tenths - udiv64(tenths, 10) * 10));
}

static void run_time(bool emulated)
{
	unsigned long tb_hz = cpuinfo_timebase();
	/* A batch of at least 2 ms, or 20000 ticks at an unknown rate. */
	uint64_t target = tb_hz ? tb_hz / 500 : 20000;

	if (target < 1000)
		target = 1000;
	for (size_t c = 0; c < NR_COLUMNS; c++) {
		if (!runs_here(&columns[c]))
			continue;
		strategies[c] = configure(&columns[c]);
		for (int op = 0; op < NR_OPS; op++)
			for (int k = 0; k < nr_sizes; k++) {
				unsigned long n = sizes[k];
				char *to = dst_at(0);
				const char *from = src_at(0);

				fill(to, from, n);
				timings[op][c][k] = measure(columns[c].call[op],
							    to, from, n, target);
				check(op, columns[c].name, to, from, n, 0);
			}
	}

	out("\n## Time base: ticks per call%s\n\n", tb_hz ? " and MB/s" : "");
	if (emulated)
		out("**Emulated (qemu-ppc): the time base here follows the host's clock and\n"
		    "the instructions run as translated host code, so these figures say\n"
		    "nothing about any PowerPC. They only show that this part of the\n"
		    "program works. Run the binary on the board for real figures.**\n\n");
	if (tb_hz)
		out("- time base: %lu Hz (/proc/cpuinfo); MB/s = 10^6 bytes per second\n",
		    tb_hz);
	else
		out("- time base: frequency unknown (no \"timebase\" line in /proc/cpuinfo): ticks only\n");
	out("- method: median of %d batches per cell, each batch the same size doubled\n"
	    "  until it lasts %llu ticks (at most %lu calls); warm caches up to the\n"
	    "  data cache's size; buffers at offset %lu in their pages\n",
	    rounds, (unsigned long long)target, MAX_CALLS, page_offset);
	for (size_t c = 0; c < NR_COLUMNS; c++)
		if (columns[c].lib)
			out("- %s: uaccess_init_features(%s), strategy \"%s\"\n",
			    columns[c].name, columns[c].features ? "UACCESS_FEAT_DCBZ" : "0",
			    strategies[c]);

	for (int op = 0; op < NR_OPS; op++) {
		out("\n### %s: time-base ticks per call%s\n\n| %8s |", op_names[op],
		    tb_hz ? ", MB/s" : "", "size");
		for (size_t c = 0; c < NR_COLUMNS; c++)
			out(" %10s |", columns[c].name);
		if (tb_hz)
			for (size_t c = 0; c < NR_COLUMNS; c++) {
				char head[32];

				snprintf(head, sizeof(head), "MB/s %s", columns[c].name);
				out(" %10s |", head);
			}
		out("\n|---------:|");
		for (size_t c = 0; c < NR_COLUMNS * (tb_hz ? 2 : 1); c++)
			out("-----------:|");
		out("\n");
		for (int k = 0; k < nr_sizes; k++) {
			out("| %8lu |", sizes[k]);
			for (size_t c = 0; c < NR_COLUMNS; c++) {
				if (runs_here(&columns[c]))
					print_per_call(timings[op][c][k].ticks,
						       timings[op][c][k].calls);
				else
					out(" %10s |", "-");
			}
			for (size_t c = 0; tb_hz && c < NR_COLUMNS; c++) {
				if (runs_here(&columns[c]))
					print_mbps(sizes[k], &timings[op][c][k], tb_hz);
				else
					out(" %10s |", "-");
			}
			out("\n");
		}
	}
}

/* ---- main ------------------------------------------------------------ */

static __attribute__((noreturn)) void usage(void)
{
	die("usage: uaccess-bench count [-a OFFSET]\n"
	    "       uaccess-bench time [-e] [-r ROUNDS] [-a OFFSET] [SIZE...]\n"
	    "  -a OFFSET  ranges start OFFSET bytes into a page (0..4095, 0)\n"
	    "  -e         the run is emulated: say that the times are meaningless\n"
	    "  -r ROUNDS  batches per cell, the median is reported (1..%d, %d)\n",
	    MAX_ROUNDS, DEFAULT_ROUNDS);
}

static bool parse_number(const char *s, unsigned long *v)
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

static int bench_main(int argc, char **argv)
{
	bool count, emulated = false;
	unsigned long v;
	int i = 2;

	if (argc < 2)
		usage();
	if (!strcmp(argv[1], "count"))
		count = true;
	else if (!strcmp(argv[1], "time"))
		count = false;
	else
		usage();
	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "-e") && !count) {
			emulated = true;
		} else if (!strcmp(argv[i], "-a") && i + 1 < argc &&
			   parse_number(argv[i + 1], &v) && v < PAGE_SIZE) {
			page_offset = v;
			i++;
		} else if (!strcmp(argv[i], "-r") && !count && i + 1 < argc &&
			   parse_number(argv[i + 1], &v) && v >= 1 && v <= MAX_ROUNDS) {
			rounds = (int)v;
			i++;
		} else {
			usage();
		}
	}
	for (; i < argc; i++) {
		if (count || nr_sizes == MAX_SIZES || !parse_number(argv[i], &v) || !v)
			usage();
		sizes[nr_sizes++] = v;
	}
	if (!nr_sizes)
		for (size_t k = 0; k < ARRAY_SIZE(default_sizes); k++)
			sizes[nr_sizes++] = default_sizes[k];
	for (int k = 0; k < nr_sizes; k++)
		if (sizes[k] > max_size)
			max_size = sizes[k];
	if (max_size < 256)
		max_size = 256;		/* room for check_columns() */
	if (count && max_size < 16384 + 8)
		max_size = 16384 + 8;	/* run_count_vs(): src + 5 */
	if (count && max_size < 4096 + STR_SLACK + 1)
		max_size = 4096 + STR_SLACK + 1;	/* run_count_strings() */

	map_buffers();
	check_columns();
	if (count) {
		run_count();
		run_count_vs();
		run_count_strings();
	}
	else
		run_time(emulated);
	return 0;
}

/* Called by _start (start.S) with the initial stack: argc, then argv[]. */
__attribute__((noreturn)) void linux_start(unsigned long *sp);
void linux_start(unsigned long *sp)
{
	linux_exit_group(bench_main((int)sp[0], (char **)(sp + 1)));
}
