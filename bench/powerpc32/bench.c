// SPDX-License-Identifier: MIT
/*
 * The PowerPC32 columns of uaccess-bench (bench/qemu_count.c runs them):
 * clear_user and copy_to_user with each of the library's two strategies,
 * next to the plain loops of ref.S, and the string cells:
 *
 *   dcbz       the library after uaccess_init_features(UACCESS_FEAT_DCBZ)
 *   words      the library after uaccess_init_features(0)
 *   ref:words  a word loop as kernels had before dcbz (ref.S)
 *   ref:bytes  a byte loop (ref.S)
 *   ref:linux  a Linux-shaped clear and copy with dcbz (ref.S), run only
 *              where dcbz clears the build's line (as the library's dcbz)
 *
 * count counts every column but ref:linux at the sizes of default_sizes,
 * then the library (dcbz) against ref:linux at the cells every
 * architecture counts (TABLE, qemu_count.h).
 * A mode of its own times them on real hardware:
 *
 *   uaccess-bench time [-a OFFSET] [-e] [SIZE...]
 *	Time-base ticks per call and MB/s: the median over TIME_ROUNDS
 *	batches of calls, each batch long enough that reading the time base
 *	costs nothing per call. MB/s needs the time-base frequency, read from
 *	the "timebase" line of /proc/cpuinfo; without it, ticks only. -e
 *	says the run is emulated: the output then says the figures are
 *	meaningless. SIZE... replaces the default sizes (1048576 matches dd
 *	bs=1M from /dev/zero, the usual clear_user throughput test).
 *
 * The program uses no floating point either, so the same static binary runs
 * on any 32-bit PowerPC Linux, FPU-less MPC8xx, e300c2 and e500 boards
 * included: those are where dcbz's gain was measured and where it should
 * be checked. Build it for the board's line (DCBZ_LINE=16 on 8xx): the
 * library refuses dcbz when the line it measures differs, and the dcbz
 * column then says so.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "qemu_count.h"

/* System call numbers of 32-bit PowerPC Linux that linux_arch.h lacks. */
#define NR_read		3
#define NR_open		5
#define NR_close	6

#define MAX_SIZES	32
#define TIME_ROUNDS	11
#define MAX_CALLS	65536UL

BENCH_CLEAR_CALL(bench_call_lib_clear, clear_user((void __user *)to, n))
/* copy_to_user: copy_from_user runs the same routine (_uaccess_asm_copy_user). */
BENCH_CALL(bench_call_lib_copy, copy_to_user((void __user *)to, from, n))
REF_CLEAR_CALL(ref_clear_words)
REF_COPY_CALL(ref_copy_words)
REF_CLEAR_CALL(ref_clear_bytes)
REF_COPY_CALL(ref_copy_bytes)
REF_CLEAR_CALL(ref_linux_clear)
REF_COPY_CALL(ref_linux_copy)
REF_CHECKED_CLEAR_CALL(ref_linux_clear)
REF_CHECKED_COPY_CALL(ref_linux_copy, to)

/*
 * Set the library to a column's feature set. The strategy it reports says
 * what really runs: "words" in the dcbz column means the library refused
 * dcbz (the line it measured is not UACCESS_DCBZ_LINE).
 */
static void configure(const struct column *col)
{
	if (uaccess_init_features(col->features))
		bench_die("uaccess_init_features(%#lx) failed\n", col->features);
}

/* ref:linux uses dcbz on the build's line unconditionally. */
static bool dcbz_clears_the_line(void)
{
	return UACCESS_DCBZ_LINE && uaccess_dcbz_line_size() == UACCESS_DCBZ_LINE;
}

enum op { OP_CLEAR, OP_COPY, NR_OPS };

/*
 * Column c's op o is columns[NR_OPS * c + o], in the time mode's order
 * of time_order[]: the first tables count every column but ref:linux, the
 * table against ref:linux dcbz and ref:linux.
 */
static const struct column columns[] = {
	{ "clear_user", "words", bench_call_lib_clear, configure, NULL, 0 },
	{ "copy_user", "words", bench_call_lib_copy, configure, NULL, 0 },
	COLUMN("clear_user", "ref:words", bench_call_ref_clear_words),
	COLUMN("copy_user", "ref:words", bench_call_ref_copy_words),
	COLUMN("clear_user", "ref:bytes", bench_call_ref_clear_bytes),
	COLUMN("copy_user", "ref:bytes", bench_call_ref_copy_bytes),
	{ "clear_user", "dcbz", bench_call_lib_clear, configure, NULL, UACCESS_FEAT_DCBZ },
	{ "copy_user", "dcbz", bench_call_lib_copy, configure, NULL, UACCESS_FEAT_DCBZ },
	{ "clear_user", "ref:linux", bench_call_ref_linux_clear, NULL,
	  dcbz_clears_the_line, 0 },
	{ "copy_user", "ref:linux", bench_call_ref_linux_copy, NULL,
	  dcbz_clears_the_line, 0 },
	{ "clear_user", "ref:linux+ok", bench_call_ref_linux_clear_ok, NULL,
	  dcbz_clears_the_line, 0 },
	{ "copy_user", "ref:linux+ok", bench_call_ref_linux_copy_ok, NULL,
	  dcbz_clears_the_line, 0 },
};
#define NR_COLUMNS	(ARRAY_SIZE(columns) / NR_OPS)
static const int time_order[NR_COLUMNS] = { 3, 0, 1, 2, 4, 5 };

static const unsigned long default_sizes[] = {
	16, 32, 64, 128, 256, 512, 1024, 4096, 16384, 65536,
};
static const struct placement aligned[] = { { 0, 0 } };

/* The check and call: ref:linux behind access_ok(), one size. */
static const unsigned long check_call_sizes[] = { 64 };

static const struct table tables[] = {
	{ columns, 8, aligned, 1, default_sizes, ARRAY_SIZE(default_sizes) },
	{ columns + 6, 4, bench_placements, 3, bench_sizes, ARRAY_SIZE(bench_sizes) },
	{ columns + 10, 2, aligned, 1, check_call_sizes, ARRAY_SIZE(check_call_sizes) },
};

/* Small sizes at every destination and source offset in a word. */
static const unsigned long check_sizes[] = {
	0, 1, 2, 3, 4, 5, 7, 8, 15, 16, 31, 32, 33, 63, 64, 65, 100, 129,
};

static void header(void)
{
	bench_print("# uaccess-bench count: UACCESS_DCBZ_LINE %d, dcbz clears %lu bytes here\n",
		    UACCESS_DCBZ_LINE, uaccess_dcbz_line_size());
}

/* ---- The time base --------------------------------------------------- */

/*
 * The time-base frequency in Hz from /proc/cpuinfo ("timebase : 16666666"),
 * 0 if there is no such line. Linux prints it on PowerPC; qemu-user passes
 * the host's file through, which has none.
 */
static unsigned long cpuinfo_timebase(void)
{
	static char text[16384];
	long fd = linux_syscall(NR_open, (long)"/proc/cpuinfo", 0, 0, 0, 0, 0), r = 1;
	size_t len = 0;
	unsigned long hz = 0;
	char *p = text;

	if (fd < 0)
		return 0;
	while (len < sizeof(text) - 1 && r > 0) {
		r = linux_syscall(NR_read, fd, (long)(text + len),
				  (long)(sizeof(text) - 1 - len), 0, 0, 0);
		len += r > 0 ? (size_t)r : 0;
	}
	linux_syscall(NR_close, fd, 0, 0, 0, 0, 0);
	text[len] = '\0';
	while (*p && strncmp(p, "timebase", 8)) {	/* the first line that starts so */
		p += strcspn(p, "\n");
		p += *p == '\n';
	}
	for (p += strcspn(p, ":\n"); *p == ':' || *p == ' ' || *p == '\t'; p++)
		;
	while (*p >= '0' && *p <= '9')
		hz = hz * 10 + (unsigned long)(*p++ - '0');
	return hz;
}

/*
 * The program links no libgcc, and GCC turns a 64-bit division on a 32-bit
 * target into a call to __udivdi3: divide by hand, one bit at a time. Only
 * for printing results, so speed does not matter.
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

/* ---- time ------------------------------------------------------------ */

struct timing {
	unsigned long calls;		/* per batch */
	uint64_t ticks;			/* the median batch */
};

static uint64_t time_batch(call_fn *call, char *to, const char *from,
			   unsigned long n, unsigned long calls)
{
	unsigned long left = 0;
	uint64_t start = read_tb();

	for (unsigned long i = 0; i < calls; i++)
		left |= call(to, from, n);
	start = read_tb() - start;
	if (left)
		bench_die("a timed call left %lu bytes undone\n", left);
	return start;
}

/*
 * Batches of one size, doubled until one lasts target ticks (or MAX_CALLS
 * calls); the median of TIME_ROUNDS such batches. The first batches also warm
 * the caches, so these are warm-cache figures until the size outgrows the
 * data cache (as a dd from /dev/zero with a small block size is).
 */
static struct timing measure(call_fn *call, char *to, const char *from,
			     unsigned long n, uint64_t target)
{
	uint64_t samples[TIME_ROUNDS];
	struct timing t = { .calls = 1 };

	while (t.calls < MAX_CALLS && time_batch(call, to, from, n, t.calls) < target)
		t.calls *= 2;
	for (int r = 0; r < TIME_ROUNDS; r++) {
		uint64_t s = time_batch(call, to, from, n, t.calls);
		int i = r;

		for (; i > 0 && samples[i - 1] > s; i--)	/* insertion sort */
			samples[i] = samples[i - 1];
		samples[i] = s;
	}
	t.ticks = samples[TIME_ROUNDS / 2];
	return t;
}

/* x / calls with two decimals, as "12.34". */
static void print_per_call(uint64_t x, unsigned long calls)
{
	uint64_t hundredths = udiv64(x * 100 + calls / 2, calls);

	bench_print(" %7llu.%02llu |", (unsigned long long)udiv64(hundredths, 100),
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

	bench_print(" %8llu.%llu |", (unsigned long long)udiv64(tenths, 10),
		    (unsigned long long)(tenths - udiv64(tenths, 10) * 10));
}

/* The time mode's column c (of either half of a table row): its first op. */
static const struct column *time_column(size_t c)
{
	return &columns[NR_OPS * time_order[c % NR_COLUMNS]];
}

static void time_table(bool emulated, const unsigned long *sizes,
		       int nr_sizes)
{
	static struct timing timings[NR_OPS][NR_COLUMNS][MAX_SIZES];
	const char *strategies[NR_COLUMNS];
	unsigned long tb_hz = cpuinfo_timebase();
	/* A batch of at least 2 ms, or 20000 ticks at an unknown rate. */
	uint64_t target = tb_hz ? tb_hz / 500 : 20000;

	if (target < 1000)
		target = 1000;
	for (size_t c = 0; c < NR_COLUMNS; c++) {
		const struct column *col = time_column(c);

		if (col->runs && !col->runs())
			continue;
		if (col->setup)
			col->setup(col);
		strategies[c] = uaccess_strategy_name();
		for (int op = 0; op < NR_OPS; op++)
			for (int k = 0; k < nr_sizes; k++) {
				unsigned long n = sizes[k];
				char *to = bench_dst(0);
				const char *from = bench_src(0);

				bench_fill(to, n);
				timings[op][c][k] = measure(col[op].call, to,
							    bench_arg(&col[op], from, n),
							    n, target);
				bench_check(&col[op], to, from, n, 0);
			}
	}

	bench_print("\n## Time base: ticks per call%s\n\n", tb_hz ? " and MB/s" : "");
	if (emulated)
		bench_print("**Emulated (qemu-ppc): the time base here follows the host's clock and\n"
			    "the instructions run as translated host code, so these figures say\n"
			    "nothing about any PowerPC. They only show that this part of the\n"
			    "program works. Run the binary on the board for real figures.**\n\n");
	if (tb_hz)
		bench_print("- time base: %lu Hz (/proc/cpuinfo); MB/s = 10^6 bytes per second\n",
			    tb_hz);
	else
		bench_print("- time base: frequency unknown (no \"timebase\" line in /proc/cpuinfo): ticks only\n");
	bench_print("- method: median of %d batches per cell, each batch the same size doubled\n"
		    "  until it lasts %llu ticks (at most %lu calls); warm caches up to the\n"
		    "  data cache's size; buffers at offset %lu in their pages\n",
		    TIME_ROUNDS, (unsigned long long)target, MAX_CALLS,
		    (unsigned long)bench_dst(0) % PAGE_SIZE);
	for (size_t c = 0; c < NR_COLUMNS; c++)
		if (time_column(c)->setup)
			bench_print("- %s: uaccess_init_features(%s), strategy \"%s\"\n",
				    time_column(c)->name, time_column(c)->features ?
				    "UACCESS_FEAT_DCBZ" : "0", strategies[c]);

	for (int op = 0; op < NR_OPS; op++) {
		bench_print("\n### %s: time-base ticks per call%s\n\n| %8s |",
			    columns[op].op, tb_hz ? ", MB/s" : "", "size");
		for (size_t c = 0; c < NR_COLUMNS * (tb_hz ? 2 : 1); c++) {
			char head[32];

			snprintf(head, sizeof(head), "%s%s", c < NR_COLUMNS ? "" : "MB/s ",
				 time_column(c)->name);
			bench_print(" %10s |", head);
		}
		bench_print("\n|---------:|");
		for (size_t c = 0; c < NR_COLUMNS * (tb_hz ? 2 : 1); c++)
			bench_print("-----------:|");
		bench_print("\n");
		for (int k = 0; k < nr_sizes; k++) {
			bench_print("| %8lu |", sizes[k]);
			for (size_t c = 0; c < NR_COLUMNS * (tb_hz ? 2 : 1); c++) {
				const struct timing *t = &timings[op][c % NR_COLUMNS][k];

				if (time_column(c)->runs && !time_column(c)->runs())
					bench_print(" %10s |", "-");
				else if (c < NR_COLUMNS)
					print_per_call(t->ticks, t->calls);
				else
					print_mbps(sizes[k], t, tb_hz);
			}
			bench_print("\n");
		}
	}
}

/* time [-e] [SIZE...] (-a is the driver's). */
static bool time_mode(const char *mode, int argc, char **argv)
{
	unsigned long sizes[MAX_SIZES], v, largest = 256;	/* the sweep's room */
	int nr_sizes = 0;
	bool emulated = argc > 2 && !strcmp(argv[2], "-e");

	if (strcmp(mode, "time"))
		return false;
	for (int i = 2 + emulated; i < argc; i++) {
		if (nr_sizes == MAX_SIZES || !bench_number(argv[i], &v) || !v)
			return false;
		sizes[nr_sizes++] = v;
		largest = v > largest ? v : largest;
	}
	/* default_sizes ascend: the last is the largest */
	bench_map(nr_sizes ? largest : default_sizes[ARRAY_SIZE(default_sizes) - 1]);
	bench_sweep();
	if (nr_sizes)
		time_table(emulated, sizes, nr_sizes);
	else
		time_table(emulated, default_sizes, ARRAY_SIZE(default_sizes));
	return true;
}

const struct bench_arch bench_arch = {
	.columns = columns, .nr_columns = ARRAY_SIZE(columns),
	.tables = tables, .nr_tables = ARRAY_SIZE(tables),
	.sweep = { .sizes = check_sizes, .nr_sizes = ARRAY_SIZE(check_sizes),
		   .copy_offsets = 4 },
	.guard = 64,
	.strings = bench_count_strings,
	.header = header,
	.mode = time_mode,
	.usage = "       uaccess-bench time [-a OFFSET] [-e] [SIZE...]\n"
		 "  -e         the run is emulated: say that the times are meaningless\n",
};
