// SPDX-License-Identifier: MIT
/*
 * uaccess-bench: TSC ticks per call of clear_user, copy_to_user and
 * copy_from_user, next to the library forced onto each feature set, the
 * reference strategies of ref.S and glibc's memset/memcpy.
 *
 * Method. A sample times a batch of calls between two reads of the TSC and
 * divides by the number of calls. A calibration pass sizes each batch to
 * take about TARGET_TICKS: long enough that reading the TSC costs nothing
 * per call, short enough that few samples catch an interrupt. Every table
 * cell is the median over `rounds` samples. One round measures every
 * column, op and row once, so slow drifts of a shared machine (other
 * tenants, clock changes) fall on all columns alike. Columns are not
 * interleaved more finely than that: switching the library to another
 * feature set re-patches its code, which is too slow to do per sample.
 *
 * A fixed-size row repeats one call, so caches and branch predictors are
 * warm: the best case. The random mixes show what unpredictable sizes
 * cost. Sizes are run-time values throughout, so inline paths that the
 * library keeps for sizes known at compile time are not measured here.
 *
 * "User" and "kernel" buffers are both ordinary memory of this process,
 * at the same offset into their pages. The library's SMAP feature is
 * always masked: stac/clac fault in ring 3.
 */
#define _GNU_SOURCE
#include <cpuid.h>
#include <sched.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <uaccess.h>
#include "ref.h"
#include "ref_strings.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define PAGE_SIZE	4096UL
#define MAX_SIZE	(1UL << 20)	/* the largest fixed size */
/* Room for MAX_SIZE after any page offset and aliasing shift. */
#define BUF_BYTES	(MAX_SIZE + 2 * PAGE_SIZE)
#define MIX_LEN		65536	/* sizes drawn per random mix */
#define TARGET_TICKS	20000.0	/* per sample: ~10 us at 2 GHz */
#define MAX_CALLS	8192UL
/* A mix sample averages over at least this many sizes, however slow. */
#define MIN_MIX_CALLS	64UL
#define CALIBRATION_CALLS 16UL
#define DEFAULT_ROUNDS	31
#define MAX_ROUNDS_STR	101	/* samples kept per cell by time_cells() */

enum op { OP_CLEAR, OP_COPY_TO, OP_COPY_FROM, NR_OPS };

static const char *const op_names[NR_OPS] = {
	[OP_CLEAR] = "clear_user",
	[OP_COPY_TO] = "copy_to_user",
	[OP_COPY_FROM] = "copy_from_user",
};

/* ---- Timing ---------------------------------------------------------- */

/*
 * lfence before rdtsc: the TSC is read only once everything before it has
 * completed. The lfence after the first read keeps the timed calls from
 * starting early. The "memory" clobbers stop the compiler from moving
 * loads and stores across either read.
 */
static inline uint64_t tsc_begin(void)
{
	uint32_t lo, hi;

	__asm__ volatile("lfence\n\trdtsc\n\tlfence"
			 : "=a"(lo), "=d"(hi) : : "memory");
	return (uint64_t)hi << 32 | lo;
}

static inline uint64_t tsc_end(void)
{
	uint32_t lo, hi;

	__asm__ volatile("lfence\n\trdtsc" : "=a"(lo), "=d"(hi) : : "memory");
	return (uint64_t)hi << 32 | lo;
}

/* One timed batch: the arguments of every call in it. */
struct batch {
	char *to;
	const char *from;
	unsigned long n;		/* the size of each call ... */
	const uint16_t *mix;		/* ... or, if set, one size per call */
	unsigned long calls;
};

typedef uint64_t timer_fn(const struct batch *b);

/*
 * OR of every return value: all must be 0 (nothing left undone). Writing
 * it after each batch also keeps the compiler from dropping the calls.
 */
static volatile unsigned long not_done;

/*
 * One timing function per routine, each calling it directly: the library's
 * calls are inline code patched at init, and calling them here puts that
 * code in the timed loop itself, as in a kernel. `call` is an expression of
 * to, from and n. Each starts on its own 64-byte line, so that where the
 * linker happens to put one column's code does not change another's
 * timing (without this, a change to one column moved others by 1-2 ticks).
 */
/*
 * FRESH(p): p as a value the compiler cannot see through, in every call. A
 * kernel gets a new pointer with each system call; without this, the
 * compiler would check and mask a loop-invariant pointer once, outside the
 * timed loop, and keep the result in a register (which made it spill
 * another: the checked copies then reloaded their source from the stack
 * in every iteration and lost 2-3 ticks to that, not to the check).
 */
#define FRESH(p) __asm__("" : "+r"(p))

#define DEFINE_TIMER(name, call)					\
__attribute__((noinline, aligned(64)))					\
static uint64_t name(const struct batch *b)				\
{									\
	char *to = b->to;						\
	const char *from = b->from;					\
	unsigned long n = b->n, left = 0;				\
	uint64_t start, ticks;						\
									\
	(void)from;							\
	start = tsc_begin();						\
	if (b->mix) {							\
		for (unsigned long i = 0; i < b->calls; i++) {		\
			n = b->mix[i];					\
			FRESH(to);					\
			FRESH(from);					\
			left |= call;					\
		}							\
	} else {							\
		for (unsigned long i = 0; i < b->calls; i++) {		\
			FRESH(to);					\
			FRESH(from);					\
			left |= call;					\
		}							\
	}								\
	ticks = tsc_end() - start;					\
	not_done |= left;						\
	return ticks;							\
}

DEFINE_TIMER(time_lib_clear, clear_user(to, n))
DEFINE_TIMER(time_lib_copy_to, copy_to_user(to, from, n))
DEFINE_TIMER(time_lib_copy_from, copy_from_user(to, from, n))
DEFINE_TIMER(time_raw_clear, __clear_user(to, n))
DEFINE_TIMER(time_raw_copy_to, __copy_to_user(to, from, n))
DEFINE_TIMER(time_raw_copy_from, __copy_from_user(to, from, n))

DEFINE_TIMER(time_bytes_clear, ref_clear_bytes(to, n))
DEFINE_TIMER(time_bytes_copy, ref_copy_bytes(to, from, n))
DEFINE_TIMER(time_loop_clear, ref_clear_loop(to, n))
DEFINE_TIMER(time_loop_copy, ref_copy_loop(to, from, n))
DEFINE_TIMER(time_rep_clear, ref_clear_rep(to, n))
DEFINE_TIMER(time_rep_copy, ref_copy_rep(to, from, n))
DEFINE_TIMER(time_repq_clear, ref_clear_repq(to, n))
DEFINE_TIMER(time_repq_copy, ref_copy_repq(to, from, n))

/*
 * glibc through volatile pointers: the compiler cannot tell which function
 * it calls, so it can neither inline memset/memcpy nor expand them for a
 * size it happens to know.
 */
static void *(*volatile libc_memset)(void *, int, size_t) = memset;
static void *(*volatile libc_memcpy)(void *, const void *, size_t) = memcpy;

DEFINE_TIMER(time_glibc_clear, (libc_memset(to, 0, n), 0UL))
DEFINE_TIMER(time_glibc_copy, (libc_memcpy(to, from, n), 0UL))

/* ---- Columns --------------------------------------------------------- */

/*
 * The feature sets forced onto the library, one column each after "lib"
 * (the set this CPU reports). Add a line to compare another set.
 */
static const struct {
	const char *name;
	unsigned long features;
} forced_sets[] = {
	{ "none", 0 },
	{ "erms", UACCESS_FEAT_ERMS },
	{ "erms+fsrm", UACCESS_FEAT_ERMS | UACCESS_FEAT_FSRM },
	{ "erms+fsrm+fsrs",
	  UACCESS_FEAT_ERMS | UACCESS_FEAT_FSRM | UACCESS_FEAT_FSRS },
};

/* ref.S; the summary compares the library with the best of these. */
static const struct {
	const char *name;
	const char *about;
	timer_fn *clear, *copy;
} references[] = {
	{ "ref:bytes", "byte loop", time_bytes_clear, time_bytes_copy },
	{ "ref:unrolled", "8-byte stores, 64 per iteration, then quadword and byte loops",
	  time_loop_clear, time_loop_copy },
	{ "ref:rep", "rep stosb / rep movsb only", time_rep_clear, time_rep_copy },
	{ "ref:repq", "rep stosq / rep movsq, then a byte loop",
	  time_repq_clear, time_repq_copy },
};

struct column {
	const char *name;
	bool uses_lib;		/* uaccess_init_features(features) first */
	unsigned long features;
	bool is_reference;
	timer_fn *time[NR_OPS];
};

#define NR_COLUMNS (3 + ARRAY_SIZE(forced_sets) + ARRAY_SIZE(references))

static struct column columns[NR_COLUMNS];

static void add_lib_column(int *c, const char *name, unsigned long features)
{
	columns[(*c)++] = (struct column){
		.name = name, .uses_lib = true, .features = features,
		.time = { time_lib_clear, time_lib_copy_to, time_lib_copy_from },
	};
}

static void setup_columns(unsigned long lib_features)
{
	int c = 0;

	add_lib_column(&c, "lib", lib_features);
	/* The same without access_ok(): like for like with the references. */
	columns[c++] = (struct column){
		.name = "lib:__", .uses_lib = true, .features = lib_features,
		.time = { time_raw_clear, time_raw_copy_to, time_raw_copy_from },
	};
	for (size_t i = 0; i < ARRAY_SIZE(forced_sets); i++)
		add_lib_column(&c, forced_sets[i].name, forced_sets[i].features);
	for (size_t i = 0; i < ARRAY_SIZE(references); i++)
		columns[c++] = (struct column){
			.name = references[i].name, .is_reference = true,
			.time = { references[i].clear, references[i].copy,
				  references[i].copy },
		};
	columns[c++] = (struct column){
		.name = "glibc",
		.time = { time_glibc_clear, time_glibc_copy, time_glibc_copy },
	};
}

static int column_index(const char *name)
{
	for (size_t c = 0; c < NR_COLUMNS; c++)
		if (!strcmp(columns[c].name, name))
			return (int)c;
	fprintf(stderr, "bench: no column %s\n", name);
	exit(2);
}

/* ---- Rows ------------------------------------------------------------ */

enum row_kind { ROW_SIZE, ROW_MIX, ROW_ALIAS };

struct row {
	enum row_kind kind;
	char label[32];
	unsigned long n;		/* ROW_SIZE, ROW_ALIAS */
	uint16_t *mix;			/* ROW_MIX: MIX_LEN sizes */
	unsigned long next_size;	/* ROW_MIX: where the next sample starts */
	unsigned long dst_shift;	/* ROW_ALIAS: dst - src mod 4096 */
};

static const unsigned long large_sizes[] = {
	192, 256, 384, 512, 640, 768, 1024, 2048, 4096, 65536, MAX_SIZE,
};

/*
 * Uniform sizes in [lo, hi]. "padzero" is the ELF loader clearing the rest
 * of a page after the end of a segment's file data.
 */
static const struct {
	const char *label;
	unsigned long lo, hi;
} mixes[] = {
	{ "mix 0..64", 0, 64 },
	{ "mix 0..256", 0, 256 },
	{ "mix 0..4096", 0, 4096 },
	{ "padzero 3500..4000", 3500, 4000 },
};

/*
 * Copies whose destination lies d bytes above the source modulo 4096. A
 * load whose address matches an older store's in bits 11:0 waits for that
 * store ("4K aliasing"), and d small and positive makes every load match a
 * store just issued. d = 0 is the ordinary case for comparison.
 */
static const unsigned long alias_sizes[] = { 64, 256 };
static const unsigned long alias_shifts[] = { 0, 1, 8, 32, 63 };

#define MAX_ROWS 256
static struct row rows[MAX_ROWS];
static int nr_rows;

/* splitmix64: a fixed seed gives every run the same mixes. */
static uint64_t prng_state = 0x5eed;

static uint64_t prng_next(void)
{
	uint64_t z = (prng_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static struct row *add_row(enum row_kind kind)
{
	struct row *r = &rows[nr_rows++];

	r->kind = kind;
	return r;
}

static void setup_rows(void)
{
	struct row *r;

	for (unsigned long n = 0; n <= 128; n++) {
		r = add_row(ROW_SIZE);
		r->n = n;
		snprintf(r->label, sizeof(r->label), "%lu", n);
	}
	for (size_t i = 0; i < ARRAY_SIZE(large_sizes); i++) {
		r = add_row(ROW_SIZE);
		r->n = large_sizes[i];
		snprintf(r->label, sizeof(r->label), "%lu", r->n);
	}
	for (size_t i = 0; i < ARRAY_SIZE(mixes); i++) {
		unsigned long span = mixes[i].hi - mixes[i].lo + 1;

		r = add_row(ROW_MIX);
		snprintf(r->label, sizeof(r->label), "%s", mixes[i].label);
		r->mix = malloc(MIX_LEN * sizeof(*r->mix));
		if (!r->mix) {
			perror("malloc");
			exit(2);
		}
		for (int k = 0; k < MIX_LEN; k++)
			r->mix[k] = (uint16_t)(mixes[i].lo + prng_next() % span);
	}
	for (size_t i = 0; i < ARRAY_SIZE(alias_sizes); i++)
		for (size_t k = 0; k < ARRAY_SIZE(alias_shifts); k++) {
			r = add_row(ROW_ALIAS);
			r->n = alias_sizes[i];
			r->dst_shift = alias_shifts[k];
			snprintf(r->label, sizeof(r->label), "alias %lu d=%lu",
				 r->n, r->dst_shift);
		}
}

/* Aliasing is about a copy's loads meeting its stores: clears have none. */
static bool row_applies(enum op op, const struct row *r)
{
	return !(op == OP_CLEAR && r->kind == ROW_ALIAS);
}

static int size_row(unsigned long n)
{
	for (int i = 0; i < nr_rows; i++)
		if (rows[i].kind == ROW_SIZE && rows[i].n == n)
			return i;
	fprintf(stderr, "bench: no row for size %lu\n", n);
	exit(2);
}

/* ---- Buffers --------------------------------------------------------- */

static char *user_buf, *kernel_buf;
static unsigned long page_offset;	/* -a: where in its page a buffer starts */

static char *map_buffer(void)
{
	char *p = mmap(NULL, BUF_BYTES, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);

	if (p == MAP_FAILED) {
		perror("mmap");
		exit(2);
	}
	/* Small pages, as user memory usually is, whatever THP is set to. */
	madvise(p, BUF_BYTES, MADV_NOHUGEPAGE);
	memset(p, 0x5a, BUF_BYTES);	/* fault every page in now */
	return p;
}

static struct batch batch_for(enum op op, struct row *r, unsigned long calls)
{
	char *user = user_buf + page_offset;
	char *kernel = kernel_buf + page_offset;
	struct batch b = { .n = r->n, .calls = calls };

	/*
	 * A mix sample takes the next `calls` sizes of a long sequence. Had
	 * every sample replayed the same short one, the branch predictors
	 * would learn it: a column run right after another with the same code
	 * measured up to 40% faster.
	 */
	if (r->mix) {
		if (r->next_size + calls > MIX_LEN)
			r->next_size = 0;
		b.mix = r->mix + r->next_size;
		r->next_size += calls;
	}

	if (op == OP_COPY_FROM) {
		b.to = kernel;
		b.from = user;
	} else {
		b.to = user;
		b.from = kernel;
	}
	b.to += r->dst_shift;
	return b;
}

/* ---- Configuring the library ---------------------------------------- */

/*
 * The library patches its code (the inline calls in this program's own
 * timing loops included) at init. Text pages of a Linux process are not
 * writable: open them around each write. Writable and executable at once,
 * since the page being patched may hold the code doing the patching.
 */
static void poke_text(void *dst, const void *src, unsigned long len)
{
	unsigned long page = (unsigned long)sysconf(_SC_PAGESIZE);
	unsigned long lo = (unsigned long)dst & ~(page - 1);
	unsigned long hi = ((unsigned long)dst + len + page - 1) & ~(page - 1);

	if (mprotect((void *)lo, hi - lo, PROT_READ | PROT_WRITE | PROT_EXEC)) {
		perror("mprotect text");
		exit(2);
	}
	memcpy(dst, src, len);
	if (mprotect((void *)lo, hi - lo, PROT_READ | PROT_EXEC)) {
		perror("mprotect text");
		exit(2);
	}
}

/*
 * Switch the library to a feature set. A refused patch leaves baseline code
 * in place, so the column would not show what it claims: stop.
 */
static void configure_library(unsigned long features)
{
	if (uaccess_init_features(features)) {
		fprintf(stderr, "bench: uaccess_init_features(%#lx) could not patch\n",
			features);
		exit(1);
	}
}

/* ---- Measurement ----------------------------------------------------- */

static int rounds = DEFAULT_ROUNDS;
/* Per (op, row, column): calls per batch, then samples, then the median. */
static unsigned long calls_per_batch[NR_OPS][MAX_ROWS][NR_COLUMNS];
static double *samples;		/* [op][row][column][round] */
static double ticks[NR_OPS][MAX_ROWS][NR_COLUMNS];

static double *sample_at(int op, int row, int col, int round)
{
	return &samples[(((size_t)op * MAX_ROWS + row) * NR_COLUMNS + col) *
			rounds + round];
}

/*
 * One round: every column, op and row once. round < 0 is a calibration
 * round, which also warms caches and branch predictors: its batches have
 * CALIBRATION_CALLS calls and size the batches that follow. The fastest
 * calibration sample decides, since an interrupt in the only one would
 * leave batches so short that reading the TSC dominated them.
 */
static void run_round(int round)
{
	for (int k = 0; k < (int)NR_COLUMNS; k++) {
		/*
		 * Each round starts one column further on, so that what runs
		 * just before a column (and what it leaves in the caches and
		 * predictors) is spread over all columns.
		 */
		int c = (k + (round > 0 ? round : 0)) % (int)NR_COLUMNS;
		const struct column *col = &columns[c];

		if (col->uses_lib)
			configure_library(col->features);
		for (int op = 0; op < NR_OPS; op++)
			for (int i = 0; i < nr_rows; i++) {
				struct row *r = &rows[i];
				unsigned long *calls = &calls_per_batch[op][i][c];
				unsigned long want;
				struct batch b;
				double per_call;

				if (!row_applies(op, r))
					continue;
				b = batch_for(op, r, round < 0 ? CALIBRATION_CALLS : *calls);
				/*
				 * A batch of a few calls (the large sizes) would
				 * time the caches as the cells before it left
				 * them: warm the buffers with one untimed call of
				 * the same column first. (Without it, 1 MiB clears
				 * differed by 20% between columns running the same
				 * rep stosb.)
				 */
				if (b.calls < 4)
					col->time[op](&b);
				per_call = (double)col->time[op](&b) / (double)b.calls;
				if (round >= 0) {
					*sample_at(op, i, c, round) = per_call;
					continue;
				}
				want = (unsigned long)(TARGET_TICKS / (per_call + 1.0));
				if (want < (r->mix ? MIN_MIX_CALLS : 1))
					want = r->mix ? MIN_MIX_CALLS : 1;
				if (want > MAX_CALLS)
					want = MAX_CALLS;
				if (want > *calls)
					*calls = want;
			}
	}
}

static int compare_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void take_medians(void)
{
	for (int op = 0; op < NR_OPS; op++)
		for (int i = 0; i < nr_rows; i++)
			for (int c = 0; c < (int)NR_COLUMNS; c++) {
				double *s = sample_at(op, i, c, 0);

				qsort(s, (size_t)rounds, sizeof(*s), compare_double);
				ticks[op][i][c] = s[rounds / 2];
			}
}

/*
 * A reference routine that skipped work would look fast: check each one
 * against memset/memcpy first, bytes around the range included.
 */
static void check_references(void)
{
	static const unsigned long sizes[] = { 0, 1, 7, 8, 9, 63, 64, 65, 127,
					       200, 4095, 4096, 65537 };
	char *dst = user_buf + page_offset, *src = kernel_buf + page_offset;

	for (size_t i = 0; i < ARRAY_SIZE(references); i++)
		for (size_t k = 0; k < ARRAY_SIZE(sizes); k++) {
			unsigned long n = sizes[k];
			struct batch b = { .to = dst + 1, .from = src, .n = n,
					   .calls = 1 };
			bool ok = true;

			for (unsigned long j = 0; j < n + 2; j++) {
				dst[j] = (char)0xee;
				src[j] = (char)(j * 7 + 1);
			}
			references[i].clear(&b);
			for (unsigned long j = 0; j < n; j++)
				ok &= dst[j + 1] == 0;
			ok &= dst[0] == (char)0xee && dst[n + 1] == (char)0xee;
			references[i].copy(&b);
			ok &= !memcmp(dst + 1, src, n);
			ok &= dst[0] == (char)0xee && dst[n + 1] == (char)0xee;
			if (!ok) {
				fprintf(stderr, "bench: %s is wrong at size %lu\n",
					references[i].name, n);
				exit(1);
			}
		}
	memset(user_buf, 0x5a, BUF_BYTES);
	memset(kernel_buf, 0x5a, BUF_BYTES);
}

/* ---- About the machine ----------------------------------------------- */

static void cpu_brand(char brand[49])
{
	unsigned int regs[12], max, ebx, ecx, edx;

	strcpy(brand, "unknown");
	if (!__get_cpuid(0x80000000, &max, &ebx, &ecx, &edx) || max < 0x80000004)
		return;
	for (unsigned int i = 0; i < 3; i++)
		__cpuid(0x80000002 + i, regs[4 * i], regs[4 * i + 1],
			regs[4 * i + 2], regs[4 * i + 3]);
	memcpy(brand, regs, 48);
	brand[48] = '\0';
	/* CPUs pad the string with spaces, some in front. */
	memmove(brand, brand + strspn(brand, " "), strlen(brand) + 1);
	for (size_t len = strlen(brand); len && brand[len - 1] == ' '; len--)
		brand[len - 1] = '\0';
}

static void feature_names(unsigned long f, char *buf, size_t len)
{
	static const struct {
		unsigned long bit;
		const char *name;
	} names[] = {
		{ UACCESS_FEAT_ERMS, "ERMS" }, { UACCESS_FEAT_FSRM, "FSRM" },
		{ UACCESS_FEAT_FSRS, "FSRS" }, { UACCESS_FEAT_SMAP, "SMAP" },
		{ UACCESS_FEAT_REP_GOOD, "REP_GOOD" },
	};
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < ARRAY_SIZE(names) && used < len; i++)
		if (f & names[i].bit)
			used += (size_t)snprintf(buf + used, len - used, "%s%s",
						 used ? " " : "", names[i].name);
	if (!used)
		snprintf(buf, len, "(none)");
}

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* Ticks per nanosecond, from rdtsc against CLOCK_MONOTONIC over 50 ms. */
static double estimate_tsc_ghz(void)
{
	double t0 = now_ns(), t1;
	uint64_t c0 = tsc_end(), c1;

	do
		t1 = now_ns();
	while (t1 - t0 < 50e6);
	c1 = tsc_end();
	return (double)(c1 - c0) / (t1 - t0);
}

/* Pin to the CPU we run on (taskset may have chosen it already). */
static int pin_to_this_cpu(void)
{
	int cpu = sched_getcpu();
	cpu_set_t set;

	if (cpu < 0)
		return -1;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set) ? -1 : cpu;
}

/* ---- What a mispredicted branch costs --------------------------------- */

/*
 * A loop that branches on each of BRANCH_BITS bytes, timed over random
 * bits (half of the branches mispredicted) and over zeros (all predicted).
 * Twice the difference per iteration is the price of one mispredict: what
 * a branch on the size pays on a random mix, against rep's microcode. The
 * bits are drawn afresh for every sample, so the predictor cannot learn
 * them. Median over the bench's rounds.
 */
#define BRANCH_BITS 4096

static volatile unsigned long branch_sink;

__attribute__((noinline, aligned(64)))
static uint64_t time_branches(const uint8_t *bits)
{
	unsigned long sum = 0;
	uint64_t start = tsc_begin();

	for (int i = 0; i < BRANCH_BITS; i++)
		__asm__ volatile("testl $1, %k1\n\t"
				 "jz 1f\n\t"
				 "addq $3, %0\n"
				 "1:"
				 : "+r"(sum) : "r"((unsigned int)bits[i]) : "cc");
	start = tsc_end() - start;
	branch_sink = sum;
	return start;
}

static double mispredict_ticks(double *random_out, double *predicted_out)
{
	static uint8_t bits[BRANCH_BITS];
	double *rnd = calloc((size_t)rounds, sizeof(double));
	double *pre = calloc((size_t)rounds, sizeof(double));

	if (!rnd || !pre) {
		perror("calloc");
		exit(2);
	}
	for (int r = -3; r < rounds; r++) {
		uint64_t t;

		for (int i = 0; i < BRANCH_BITS; i++)
			bits[i] = (uint8_t)(prng_next() & 1);
		t = time_branches(bits);
		memset(bits, 0, sizeof(bits));
		if (r >= 0) {
			rnd[r] = (double)t / BRANCH_BITS;
			pre[r] = (double)time_branches(bits) / BRANCH_BITS;
		}
	}
	qsort(rnd, (size_t)rounds, sizeof(double), compare_double);
	qsort(pre, (size_t)rounds, sizeof(double), compare_double);
	*random_out = rnd[rounds / 2];
	*predicted_out = pre[rounds / 2];
	free(rnd);
	free(pre);
	return 2.0 * (*random_out - *predicted_out);
}

/* ---- Report ---------------------------------------------------------- */

static FILE *md_file;

/* Markdown goes to stdout and to results.md alike. */
static void out(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	va_start(ap, fmt);
	vfprintf(md_file, fmt, ap);
	va_end(ap);
}

static int column_width(int c)
{
	int w = (int)strlen(columns[c].name);

	return w < 8 ? 8 : w;
}

static double best_reference(int op, int row, int *which)
{
	double best = 0;

	for (int c = 0; c < (int)NR_COLUMNS; c++)
		if (columns[c].is_reference &&
		    (!best || ticks[op][row][c] < best)) {
			best = ticks[op][row][c];
			*which = c;
		}
	return best;
}

/* Column col over the best reference; the 0.5-tick floor keeps near-empty
 * cells from making huge ratios out of noise. */
static double col_ratio(int op, int row, int col)
{
	int which;
	double lib = ticks[op][row][col], ref = best_reference(op, row, &which);

	return (lib > 0.5 ? lib : 0.5) / (ref > 0.5 ? ref : 0.5);
}

/* The header and alignment lines; `extra` cells (name, dashes) follow. */
static void table_header(const char *extra_names, const char *extra_dashes)
{
	out("\n| %-18s |", "size");
	for (int c = 0; c < (int)NR_COLUMNS; c++)
		out(" %*s |", column_width(c), columns[c].name);
	out("%s\n|-------------------:|", extra_names);
	for (int c = 0; c < (int)NR_COLUMNS; c++)
		out("%.*s:|", column_width(c) + 1, "--------------------");
	out("%s\n", extra_dashes);
}

static void ticks_table(int op)
{
	out("\n## %s: ticks per call\n", op_names[op]);
	table_header(" best ref     | lib/ref | __/ref |",
		     "--------------|--------:|-------:|");
	for (int i = 0; i < nr_rows; i++) {
		int which;

		if (!row_applies(op, &rows[i]))
			continue;
		out("| %18s |", rows[i].label);
		for (int c = 0; c < (int)NR_COLUMNS; c++)
			out(" %*.1f |", column_width(c), ticks[op][i][c]);
		best_reference(op, i, &which);
		out(" %-12s | %7.2f | %6.2f |\n", columns[which].name + strlen("ref:"),
		    col_ratio(op, i, 0), col_ratio(op, i, 1));
	}
}

static void throughput_table(int op, double ghz)
{
	out("\n%s: GB/s at sizes >= 64 KiB (bytes / (ticks / %.3f GHz))\n",
	    op_names[op], ghz);
	table_header("", "");
	for (int i = 0; i < nr_rows; i++) {
		if (rows[i].kind != ROW_SIZE || rows[i].n < 65536)
			continue;
		out("| %18s |", rows[i].label);
		for (int c = 0; c < (int)NR_COLUMNS; c++)
			out(" %*.2f |", column_width(c),
			    (double)rows[i].n * ghz / ticks[op][i][c]);
		out("\n");
	}
}

/*
 * The worst ratio of column col to the best reference, over the fixed sizes
 * >= 64 and the mixes (big) or the fixed sizes < 64 (small).
 */
static void worst_rows(int op, int col, int *worst_big, int *worst_small)
{
	*worst_big = *worst_small = -1;
	for (int i = 0; i < nr_rows; i++) {
		int *worst;

		if (rows[i].kind == ROW_MIX ||
		    (rows[i].kind == ROW_SIZE && rows[i].n >= 64))
			worst = worst_big;
		else if (rows[i].kind == ROW_SIZE)
			worst = worst_small;
		else
			continue;
		if (*worst < 0 || col_ratio(op, i, col) > col_ratio(op, *worst, col))
			*worst = i;
	}
}

static void summary(int op)
{
	int rep = column_index("ref:rep");
	int unrolled = column_index("ref:unrolled");
	int row256 = size_row(256), row4096 = size_row(4096);

	for (int col = 0; col < 2; col++) {
		int big, small;

		worst_rows(op, col, &big, &small);
		out("\n- %s: worst ratio %s / best reference: %.2f at %s (sizes >= 64 and mixes),"
		    " %.2f at %s (sizes < 64)\n", op_names[op], columns[col].name,
		    col_ratio(op, big, col), rows[big].label,
		    col_ratio(op, small, col), rows[small].label);
		out("- %s: %s vs rep-only at 256 B: %.2fx faster; vs unrolled-only at 4096 B: %.2fx faster\n",
		    op_names[op], columns[col].name,
		    ticks[op][row256][rep] / ticks[op][row256][col],
		    ticks[op][row4096][unrolled] / ticks[op][row4096][col]);
	}
}

static FILE *open_output(const char *dir, const char *name)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(2);
	}
	return f;
}

static void write_csv(const char *dir)
{
	FILE *f = open_output(dir, "results.csv");

	fprintf(f, "op,row,column,ticks\n");
	for (int op = 0; op < NR_OPS; op++)
		for (int i = 0; i < nr_rows; i++)
			for (int c = 0; c < (int)NR_COLUMNS; c++)
				if (row_applies(op, &rows[i]))
					fprintf(f, "%s,%s,%s,%.2f\n", op_names[op],
						rows[i].label, columns[c].name,
						ticks[op][i][c]);
	fclose(f);
}

/*
 * clear_user.dat for bench.gp: fixed sizes >= 1 (log scale), one column per
 * strategy; the '#' header line names the columns.
 */
static void write_plot_data(const char *dir)
{
	FILE *f = open_output(dir, "clear_user.dat");

	fprintf(f, "# size");
	for (int c = 0; c < (int)NR_COLUMNS; c++)
		fprintf(f, " %s", columns[c].name);
	fprintf(f, "\n");
	for (int i = 0; i < nr_rows; i++) {
		if (rows[i].kind != ROW_SIZE || rows[i].n == 0)
			continue;
		fprintf(f, "%lu", rows[i].n);
		for (int c = 0; c < (int)NR_COLUMNS; c++)
			fprintf(f, " %.2f", ticks[OP_CLEAR][i][c]);
		fprintf(f, "\n");
	}
	fclose(f);
}

/* ---- Strings --------------------------------------------------------- */

/*
 * strnlen_user and strncpy_from_user at a few string lengths, the library
 * (aligned words, lib/) against a byte-at-a-time reference (ref_strings.h)
 * with the same window and one unsafe_get_user per byte. count is the
 * length + STR_SLACK, so every call finds its NUL. A third column times an
 * empty window (user_access_begin + user_access_end): the check and the
 * speculation barrier (lfence) that every string call pays once, which
 * masking the pointer instead would replace by a few integer instructions.
 */
#define STR_SLACK	64

static const unsigned long str_lengths[] = { 8, 64, 256, 4096 };

enum str_op { STR_NLEN, STR_NCPY, NR_STR_OPS };
enum str_col { STR_LIB, STR_BYTES, STR_WINDOW, NR_STR_COLS };

static const char *const str_op_names[NR_STR_OPS] = {
	[STR_NLEN] = "strnlen_user", [STR_NCPY] = "strncpy_from_user",
};
static const char *const str_col_names[NR_STR_COLS] = {
	[STR_LIB] = "lib", [STR_BYTES] = "ref:bytes", [STR_WINDOW] = "window",
};

static long ref_strnlen_bytes(const char *s, long n)
{
	return ref_str_bytes(NULL, s, n, false);
}

static long ref_strncpy_bytes(char *dst, const char *src, long count)
{
	return ref_str_bytes(dst, src, count, true);
}

static long empty_window(const char *s, long n)
{
	if (!user_access_begin(s, (unsigned long)n))
		return 0;
	user_access_end();
	return 1;
}

static volatile long str_sink;

#define DEFINE_STR_TIMER(name, call)					\
__attribute__((noinline, aligned(64)))					\
static uint64_t name(const struct batch *b)				\
{									\
	char *to = b->to;						\
	const char *from = b->from;					\
	long n = (long)b->n, sum = 0;					\
	uint64_t start, ticks;						\
									\
	(void)to, (void)n;						\
	start = tsc_begin();						\
	for (unsigned long i = 0; i < b->calls; i++) {			\
		FRESH(to);						\
		FRESH(from);						\
		sum += call;						\
	}								\
	ticks = tsc_end() - start;					\
	str_sink += sum;						\
	return ticks;							\
}

DEFINE_STR_TIMER(time_lib_strnlen, strnlen_user(from, n))
DEFINE_STR_TIMER(time_lib_strncpy, strncpy_from_user(to, from, n))
DEFINE_STR_TIMER(time_ref_strnlen, ref_strnlen_bytes(from, n))
DEFINE_STR_TIMER(time_ref_strncpy, ref_strncpy_bytes(to, from, n))
DEFINE_STR_TIMER(time_window, empty_window(from, n))

static timer_fn *const str_timers[NR_STR_OPS][NR_STR_COLS] = {
	[STR_NLEN] = { time_lib_strnlen, time_ref_strnlen, time_window },
	[STR_NCPY] = { time_lib_strncpy, time_ref_strncpy, time_window },
};

#define NR_STR_LENGTHS ARRAY_SIZE(str_lengths)

/* The string of length len at the user buffer's page offset, NUL after. */
static struct batch str_batch(unsigned long len, unsigned long calls)
{
	char *user = user_buf + page_offset;

	memset(user, 'x', len);
	user[len] = '\0';
	return (struct batch){ .to = kernel_buf + page_offset, .from = user,
			       .n = len + STR_SLACK, .calls = calls };
}

/* Library and reference agree, and the library's copy is the string. */
static void check_strings(void)
{
	for (size_t l = 0; l < NR_STR_LENGTHS; l++) {
		struct batch b = str_batch(str_lengths[l], 1);
		long n = (long)b.n, len = (long)str_lengths[l];

		memset(b.to, 0x5a, b.n);
		if (strnlen_user(b.from, n) != len + 1 ||
		    ref_strnlen_bytes(b.from, n) != len + 1 ||
		    ref_strncpy_bytes(b.to, b.from, n) != len ||
		    strncpy_from_user(b.to, b.from, n) != len ||
		    memcmp(b.to, b.from, (size_t)len + 1)) {
			fprintf(stderr, "bench: strings are wrong at length %ld\n", len);
			exit(1);
		}
	}
}

/* One cell of a timed table: a timer, run on a string of len bytes. */
struct cell {
	timer_fn *timer;
	unsigned long len;
};

/*
 * Time a table's cells as run_round() does: three calibration passes size
 * each cell's batches to about TARGET_TICKS, then the rounds run across
 * all cells in turn (so that a slow moment of the machine spreads over the
 * whole table, not one cell); med[i] is cells[i]'s median ticks per call.
 */
static void time_cells(const struct cell *cells, size_t nr_cells, double *med)
{
	int nr = rounds < MAX_ROUNDS_STR ? rounds : MAX_ROUNDS_STR;
	double (*s)[MAX_ROUNDS_STR] = calloc(nr_cells, sizeof(*s));
	unsigned long *calls = calloc(nr_cells, sizeof(*calls));

	if (!s || !calls) {
		perror("calloc");
		exit(1);
	}
	for (int round = -3; round < nr; round++)
		for (size_t i = 0; i < nr_cells; i++) {
			struct batch b = str_batch(cells[i].len,
				round < 0 ? CALIBRATION_CALLS : calls[i]);
			double per = (double)cells[i].timer(&b) / (double)b.calls;
			unsigned long want;

			if (round >= 0) {
				s[i][round] = per;
				continue;
			}
			if (round == -3)
				calls[i] = 1;
			want = (unsigned long)(TARGET_TICKS / (per + 1.0));
			want = want < 1 ? 1 : want > MAX_CALLS ? MAX_CALLS : want;
			if (want > calls[i])
				calls[i] = want;
		}
	for (size_t i = 0; i < nr_cells; i++) {
		qsort(s[i], (size_t)nr, sizeof(double), compare_double);
		med[i] = s[i][nr / 2];
	}
	free(s);
	free(calls);
}

static void strings_table(void)
{
	struct cell cells[NR_STR_OPS][NR_STR_LENGTHS][NR_STR_COLS];
	double med[NR_STR_OPS][NR_STR_LENGTHS][NR_STR_COLS];

	check_strings();
	configure_library(columns[0].features);
	for (int op = 0; op < NR_STR_OPS; op++)
		for (size_t l = 0; l < NR_STR_LENGTHS; l++)
			for (int c = 0; c < NR_STR_COLS; c++)
				cells[op][l][c] = (struct cell){
					str_timers[op][c], str_lengths[l] };
	time_cells(&cells[0][0][0], NR_STR_OPS * NR_STR_LENGTHS * NR_STR_COLS,
		   &med[0][0][0]);

	out("\n## strings: ticks per call (count = length + %d, lib strategy %s)\n",
	    STR_SLACK, uaccess_strategy_name());
	out("\nlib: aligned words (lib/strnlen_user.c, lib/strncpy_from_user.c); "
	    "ref:bytes: the same window, one unsafe_get_user per byte; "
	    "window: user_access_begin + user_access_end alone (check + lfence)\n");
	out("\n| %-17s | length | %8s | %9s | %8s | bytes/lib |\n"
	    "|:------------------|-------:|---------:|----------:|---------:|----------:|\n",
	    "op", str_col_names[STR_LIB], str_col_names[STR_BYTES],
	    str_col_names[STR_WINDOW]);
	for (int op = 0; op < NR_STR_OPS; op++)
		for (size_t l = 0; l < NR_STR_LENGTHS; l++) {
			double *m = med[op][l];

			out("| %-17s | %6lu | %8.1f | %9.1f | %8.1f | %9.2f |\n",
			    str_op_names[op], str_lengths[l], m[STR_LIB],
			    m[STR_BYTES], m[STR_WINDOW],
			    m[STR_BYTES] / (m[STR_LIB] > 0.5 ? m[STR_LIB] : 0.5));
		}
}

/* ---- hardening: what the range check, the mask and the barrier cost --- */

/*
 * One 4-byte get_user / put_user per call, four ways: no check (__ form);
 * the check without the mask (access_ok + __ form: what the library did
 * before Spectre-v1 masking); as shipped (check + mask); and a window
 * (user_access_begin: check + lfence, unsafe_ access, user_access_end).
 * mask = shipped - check; barrier = window - check.
 */
enum { HD_RAW, HD_CHECK, HD_SHIPPED, HD_WINDOW, NR_HD_COLS };
enum { HD_GET, HD_PUT, NR_HD_OPS };
static const char *const hd_col_names[NR_HD_COLS] = {
	"__ form", "check", "shipped", "window",
};
static const char *const hd_op_names[NR_HD_OPS] = {
	"get_user 4 B", "put_user 4 B",
};

static long get_check(const uint32_t *p)
{
	uint32_t v = 0;

	if (!access_ok(p, sizeof(*p)))
		return -UACCESS_EFAULT;
	return __get_user(v, p) + (long)v;
}

static long get_window(const uint32_t *p)
{
	uint32_t v;

	if (!user_access_begin(p, sizeof(*p)))
		return -UACCESS_EFAULT;
	unsafe_get_user(v, p, efault);
	user_access_end();
	return (long)v;
efault:
	user_access_end();
	return -UACCESS_EFAULT;
}

static long put_check(uint32_t *p, uint32_t v)
{
	if (!access_ok(p, sizeof(*p)))
		return -UACCESS_EFAULT;
	return __put_user(v, p);
}

static long put_window(uint32_t *p, uint32_t v)
{
	if (!user_access_begin(p, sizeof(*p)))
		return -UACCESS_EFAULT;
	unsafe_put_user(v, p, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -UACCESS_EFAULT;
}

static inline long get_raw(const uint32_t *p)
{
	uint32_t v = 0;

	return __get_user(v, p) + (long)v;
}

static inline long get_shipped(const uint32_t *p)
{
	uint32_t v = 0;

	return get_user(v, p) + (long)v;
}

#define UPTR ((uint32_t *)(uintptr_t)from)
DEFINE_STR_TIMER(time_get_raw, get_raw(UPTR))
DEFINE_STR_TIMER(time_get_check, get_check(UPTR))
DEFINE_STR_TIMER(time_get_shipped, get_shipped(UPTR))
DEFINE_STR_TIMER(time_get_window, get_window(UPTR))
DEFINE_STR_TIMER(time_put_raw, __put_user((uint32_t)i, UPTR))
DEFINE_STR_TIMER(time_put_check, put_check(UPTR, (uint32_t)i))
DEFINE_STR_TIMER(time_put_shipped, put_user((uint32_t)i, UPTR))
DEFINE_STR_TIMER(time_put_window, put_window(UPTR, (uint32_t)i))

static timer_fn *const hd_timers[NR_HD_OPS][NR_HD_COLS] = {
	[HD_GET] = { time_get_raw, time_get_check, time_get_shipped,
		     time_get_window },
	[HD_PUT] = { time_put_raw, time_put_check, time_put_shipped,
		     time_put_window },
};

static void hardening_table(void)
{
	struct cell cells[NR_HD_OPS][NR_HD_COLS];
	double med[NR_HD_OPS][NR_HD_COLS];

	configure_library(columns[0].features);
	/* One 4-byte access at the start of an 8-byte string. */
	for (int op = 0; op < NR_HD_OPS; op++)
		for (int c = 0; c < NR_HD_COLS; c++)
			cells[op][c] = (struct cell){ hd_timers[op][c], 8 };
	time_cells(&cells[0][0], NR_HD_OPS * NR_HD_COLS, &med[0][0]);

	out("\n## hardening: ticks per call (Spectre-v1 mask vs barrier)\n");
	out("\n__ form: no check; check: access_ok + __ form; shipped: "
	    "get_user/put_user (check + mask); window: user_access_begin "
	    "(check + lfence) + unsafe_ access + user_access_end\n");
	out("\n| %-12s | %7s | %7s | %7s | %7s | mask | barrier |\n"
	    "|:-------------|--------:|--------:|--------:|--------:|-----:|--------:|\n",
	    "op", hd_col_names[0], hd_col_names[1], hd_col_names[2],
	    hd_col_names[3]);
	for (int op = 0; op < NR_HD_OPS; op++) {
		double *m = med[op];

		out("| %-12s | %7.1f | %7.1f | %7.1f | %7.1f | %4.1f | %7.1f |\n",
		    hd_op_names[op], m[HD_RAW], m[HD_CHECK], m[HD_SHIPPED],
		    m[HD_WINDOW], m[HD_SHIPPED] - m[HD_CHECK],
		    m[HD_WINDOW] - m[HD_CHECK]);
	}
}

static void usage(const char *prog)
{
	fprintf(stderr,
		"usage: %s [-o DIR] [-r ROUNDS] [-a OFFSET]\n"
		"  -o DIR     write results.md, results.csv, clear_user.dat there (.)\n"
		"  -r ROUNDS  samples per cell, the median is reported (%d)\n"
		"  -a OFFSET  start buffers OFFSET bytes into a page (0..4095, 0)\n"
		"  -s         the strings and hardening tables only\n",
		prog, DEFAULT_ROUNDS);
	exit(2);
}

int main(int argc, char **argv)
{
	const char *dir = ".";
	unsigned long detected;
	char brand[49], names[64];
	double ghz, t0;
	bool strings_only = false;
	int opt, cpu;

	while ((opt = getopt(argc, argv, "o:r:a:sh")) != -1) {
		switch (opt) {
		case 'o':
			dir = optarg;
			break;
		case 'r':
			rounds = atoi(optarg);
			break;
		case 'a':
			page_offset = strtoul(optarg, NULL, 0);
			break;
		case 's':
			strings_only = true;
			break;
		default:
			usage(argv[0]);
		}
	}
	if (rounds < 1 || page_offset >= PAGE_SIZE)
		usage(argv[0]);

	cpu = pin_to_this_cpu();
	user_buf = map_buffer();
	kernel_buf = map_buffer();
	samples = calloc((size_t)NR_OPS * MAX_ROWS * NR_COLUMNS * rounds,
			 sizeof(*samples));
	if (!samples) {
		perror("calloc");
		exit(2);
	}
	setup_rows();
	check_references();

	detected = uaccess_cpu_features();
	setup_columns(detected & ~UACCESS_FEAT_SMAP);
	uaccess_set_text_poke(poke_text);
	configure_library(columns[0].features);

	md_file = open_output(dir, "results.md");
	cpu_brand(brand);
	feature_names(detected, names, sizeof(names));
	ghz = estimate_tsc_ghz();
	out("# uaccess benchmark\n\n");
	out("- cpu: %s\n", brand);
	out("- features: %s (uaccess_cpu_features(); SMAP is masked in user space)\n",
	    names);
	out("- tsc: %.3f GHz (rdtsc against CLOCK_MONOTONIC)\n", ghz);
	out("- lib strategy: %s (uaccess_strategy_name())\n",
	    uaccess_strategy_name());
	for (size_t i = 0; i < ARRAY_SIZE(forced_sets); i++) {
		configure_library(forced_sets[i].features);
		out("- forced %s: uaccess_init_features(%#lx), strategy %s\n",
		    forced_sets[i].name, forced_sets[i].features,
		    uaccess_strategy_name());
	}
	for (size_t i = 0; i < ARRAY_SIZE(references); i++)
		out("- %s: %s (tests/bench/ref.S)\n", references[i].name,
		    references[i].about);
	out("- glibc: memset / memcpy, the user-space ceiling\n");
	out("- method: TSC ticks per call, median of %d rounds of ~%.0f-tick batches; "
	    "buffers at page offset %lu; cpu %d\n",
	    rounds, TARGET_TICKS, page_offset, cpu);
	out("- mixes: sizes drawn uniformly (fixed seed), each sample the next ones of %d; "
	    "ticks are the mean per call\n", MIX_LEN);
	if (!strings_only) {
		double rnd, pre, miss = mispredict_ticks(&rnd, &pre);

		out("- branch: %.1f ticks per random 50/50 branch, %.1f per predicted one: "
		    "one mispredict costs %.1f ticks (what a size branch pays on a "
		    "random mix)\n", rnd, pre, miss);
	}
	fflush(stdout);

	t0 = now_ns();
	if (!strings_only) {
		fprintf(stderr, "bench: calibrating, then %d rounds\n", rounds);
		for (int i = 0; i < 3; i++)
			run_round(-1);
		for (int round = 0; round < rounds; round++)
			run_round(round);
		take_medians();

		for (int op = 0; op < NR_OPS; op++) {
			ticks_table(op);
			throughput_table(op, ghz);
			summary(op);
		}
	}
	strings_table();
	hardening_table();
	out("\nmeasured in %.1f s\n", (now_ns() - t0) / 1e9);
	if (not_done)
		out("\nWARNING: a routine reported bytes not done (%#lx)\n",
		    not_done);
	fclose(md_file);
	if (!strings_only) {
		write_csv(dir);
		write_plot_data(dir);
	}
	return not_done ? 1 : 0;
}
