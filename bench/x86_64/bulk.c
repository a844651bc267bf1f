// SPDX-License-Identifier: MIT
/*
 * The bulk tables: ticks per call of clear_user, copy_to_user and
 * copy_from_user at fixed sizes, random mixes of sizes and aliasing
 * shifts, for the library as shipped, its unchecked calls, the library
 * forced onto each feature set, the reference strategies of ref.S and
 * glibc's memset/memcpy (the columns).
 *
 * One round measures every column, op and row once, so slow drifts of a
 * shared machine (other tenants, clock changes) fall on all columns
 * alike. Columns are not interleaved more finely than that: switching the
 * library to another feature set re-patches its code, which is too slow
 * to do per sample.
 *
 * A fixed-size row repeats one call, so caches and branch predictors are
 * warm: the best case. The random mixes show what unpredictable sizes
 * cost. Sizes are run-time values throughout, so inline paths that the
 * library keeps for sizes known at compile time are not measured here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uaccess.h>
#include "bench.h"
#include "ref.h"

/* A mix sample averages over at least this many sizes, however slow. */
#define MIN_MIX_CALLS	64UL

const char *const op_names[NR_OPS] = {
	[OP_CLEAR] = "clear_user",
	[OP_COPY_TO] = "copy_to_user",
	[OP_COPY_FROM] = "copy_from_user",
};

/* ---- Timers ---------------------------------------------------------- */

DEFINE_TIMER(time_lib_clear, clear_user(to, n))
DEFINE_TIMER(time_lib_copy_to, copy_to_user(to, from, n))
DEFINE_TIMER(time_lib_copy_from, copy_from_user(to, from, n))
DEFINE_TIMER(time_raw_clear, __clear_user(to, n))
DEFINE_TIMER(time_raw_copy_to, __copy_to_user(to, from, n))
DEFINE_TIMER(time_raw_copy_from, __copy_from_user(to, from, n))
DEFINE_TIMER(time_nomask_clear, CHECKED(to, n, __clear_user(to, n)))
DEFINE_TIMER(time_nomask_copy_to, CHECKED(to, n, __copy_to_user(to, from, n)))
DEFINE_TIMER(time_nomask_copy_from, CHECKED(from, n, __copy_from_user(to, from, n)))

DEFINE_TIMER(time_bytes_clear, ref_clear_bytes(to, n))
DEFINE_TIMER(time_bytes_copy, ref_copy_bytes(to, from, n))
DEFINE_TIMER(time_loop_clear, ref_clear_loop(to, n))
DEFINE_TIMER(time_loop_copy, ref_copy_loop(to, from, n))
DEFINE_TIMER(time_rep_clear, ref_clear_rep(to, n))
DEFINE_TIMER(time_rep_copy, ref_copy_rep(to, from, n))
DEFINE_TIMER(time_repq_clear, ref_clear_repq(to, n))
DEFINE_TIMER(time_repq_copy, ref_copy_repq(to, from, n))

/* Each reference behind the access_ok() of a kernel's checked call. */
#define DEFINE_CHECKED_TIMERS(name, clear_fn, copy_fn)			\
	DEFINE_TIMER(time_ok_##name##_clear, CHECKED(to, n, clear_fn(to, n))) \
	DEFINE_TIMER(time_ok_##name##_to, CHECKED(to, n, copy_fn(to, from, n))) \
	DEFINE_TIMER(time_ok_##name##_from, CHECKED(from, n, copy_fn(to, from, n)))
#define CHECKED_TIMERS(name) \
	{ time_ok_##name##_clear, time_ok_##name##_to, time_ok_##name##_from }

DEFINE_CHECKED_TIMERS(bytes, ref_clear_bytes, ref_copy_bytes)
DEFINE_CHECKED_TIMERS(loop, ref_clear_loop, ref_copy_loop)
DEFINE_CHECKED_TIMERS(rep, ref_clear_rep, ref_copy_rep)
DEFINE_CHECKED_TIMERS(repq, ref_clear_repq, ref_copy_repq)
/* Linux's own checks (bench.h): access_ok(), and the mask for copy_from_user(). */
DEFINE_TIMER(time_ok_linux_clear, CHECKED(to, n, ref_clear_linux(to, n)))
DEFINE_TIMER(time_ok_linux_to, CHECKED(to, n, ref_copy_linux(to, from, n)))
DEFINE_TIMER(time_masked_linux_from, ref_copy_linux(to, linux_mask_user_address(from), n))
DEFINE_TIMER(time_masked_rep_from, ref_copy_rep(to, linux_mask_user_address(from), n))

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

/* Add a line to compare another feature set (and count it in bench.h). */
const struct forced_set forced_sets[] = {
	{ "none", 0 },
	{ "erms", UACCESS_FEAT_ERMS },
	{ "erms+stosb", UACCESS_FEAT_ERMS | UACCESS_FEAT_FSRM |
			UACCESS_FEAT_SHORT_STOSB },
	{ "erms+movsb", UACCESS_FEAT_ERMS | UACCESS_FEAT_FSRM |
			UACCESS_FEAT_MID_MOVSB },
	{ "erms+late", UACCESS_FEAT_ERMS | UACCESS_FEAT_FSRM |
		       UACCESS_FEAT_LATE_STOSB },
	{ "erms+low", UACCESS_FEAT_ERMS | UACCESS_FEAT_FSRM |
		      UACCESS_FEAT_LOW_FIRST },
};

/* The summary compares the library with the best of these. */
const struct reference references[] = {
	{ "ref:bytes", "byte loop", time_bytes_clear, time_bytes_copy,
	  CHECKED_TIMERS(bytes) },
	{ "ref:unrolled", "8-byte stores, 64 per iteration, then quadword and byte loops",
	  time_loop_clear, time_loop_copy, CHECKED_TIMERS(loop) },
	{ "ref:rep", "rep stosb / rep movsb only", time_rep_clear, time_rep_copy,
	  CHECKED_TIMERS(rep) },
	{ "ref:repq", "rep stosq / rep movsq, then a byte loop",
	  time_repq_clear, time_repq_copy, CHECKED_TIMERS(repq) },
};

struct column columns[NR_COLUMNS];
const char *linux_about, *linux_about_copy;

static void add_lib_column(int *c, const char *name, unsigned long features)
{
	columns[(*c)++] = (struct column){
		.name = name, .uses_lib = true, .features = features,
		.time = { time_lib_clear, time_lib_copy_to, time_lib_copy_from },
	};
}

void setup_columns(unsigned long lib_features)
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
	/*
	 * What Linux 6.x runs on this CPU, checked as it checks (bench.h):
	 * clears an inline rep stosb with FSRS, else its out-of-line routine;
	 * copies an inline rep movsb with FSRM, else its out-of-line routine.
	 */
	columns[c++] = (struct column){
		.name = "linux",
		.time = {
			lib_features & UACCESS_FEAT_FSRS ? time_ok_rep_clear
							 : time_ok_linux_clear,
			lib_features & UACCESS_FEAT_FSRM ? time_ok_rep_to
							 : time_ok_linux_to,
			lib_features & UACCESS_FEAT_FSRM ? time_masked_rep_from
							 : time_masked_linux_from,
		},
	};
	linux_about = lib_features & UACCESS_FEAT_FSRS ?
		      "clears: inline rep stosb (FSRS)" :
		      "clears: out-of-line ref_clear_linux (no FSRS)";
	linux_about_copy = lib_features & UACCESS_FEAT_FSRM ?
			   "copies: inline rep movsb (FSRM)" :
			   "copies: out-of-line ref_copy_linux (no FSRM)";
	for (size_t i = 0; i < ARRAY_SIZE(references); i++) {
		static char names[NR_REFERENCES][32];

		snprintf(names[i], sizeof(names[i]), "ok+%s",
			 references[i].name + strlen("ref:"));
		columns[c++] = (struct column){
			.name = names[i], .is_checked_reference = true,
			.time = { references[i].checked[OP_CLEAR],
				  references[i].checked[OP_COPY_TO],
				  references[i].checked[OP_COPY_FROM] },
		};
	}
	columns[c++] = (struct column){
		.name = "lib:nomask", .uses_lib = true, .features = lib_features,
		.time = { time_nomask_clear, time_nomask_copy_to, time_nomask_copy_from },
	};
	add_lib_column(&c, "lib:again", lib_features);
}

int column_index(const char *name)
{
	for (size_t c = 0; c < NR_COLUMNS; c++)
		if (!strcmp(columns[c].name, name))
			return (int)c;
	fprintf(stderr, "bench: no column %s\n", name);
	exit(2);
}

/* ---- Rows ------------------------------------------------------------ */

/* 144 is struct stat, the commonest copy of 128 bytes or more in the compile trace. */
static const unsigned long large_sizes[] = {
	144, 192, 256, 384, 512, 640, 768, 1024, 2048, 4096, 65536, MAX_SIZE,
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

struct row rows[MAX_ROWS];
int nr_rows;

static struct row *add_row(enum row_kind kind)
{
	struct row *r = &rows[nr_rows++];

	r->kind = kind;
	return r;
}

void setup_rows(void)
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
bool row_applies(enum op op, const struct row *r)
{
	return !(op == OP_CLEAR && r->kind == ROW_ALIAS);
}

int size_row(unsigned long n)
{
	for (int i = 0; i < nr_rows; i++)
		if (rows[i].kind == ROW_SIZE && rows[i].n == n)
			return i;
	fprintf(stderr, "bench: no row for size %lu\n", n);
	exit(2);
}

/* ---- Batches --------------------------------------------------------- */

static struct batch batch_for(enum op op, struct row *r, unsigned long calls)
{
	char *user = env.user_buf + env.page_offset;
	char *kernel = env.kernel_buf + env.page_offset;
	struct batch b = { .n = r->n, .calls = calls };

	/*
	 * A mix sample takes the next `calls` sizes of a long sequence. Had
	 * every sample replayed the same short one, the branch predictors
	 * would learn it, and a column run right after another with the same
	 * code would inherit the trained predictor.
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

/* ---- Measurement ----------------------------------------------------- */

/* Per (op, row, column): calls per batch, then samples, then the median. */
static unsigned long calls_per_batch[NR_OPS][MAX_ROWS][NR_COLUMNS];
static double *samples;		/* [op][row][column][round] */
double ticks[NR_OPS][MAX_ROWS][NR_COLUMNS];

static double *sample_at(int op, int row, int col, int round)
{
	return &samples[(((size_t)op * MAX_ROWS + row) * NR_COLUMNS + col) *
			env.rounds + round];
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
				 * the same column first: without it, columns
				 * running the same rep stosb disagreed.
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

static void take_medians(void)
{
	for (int op = 0; op < NR_OPS; op++)
		for (int i = 0; i < nr_rows; i++)
			for (int c = 0; c < (int)NR_COLUMNS; c++) {
				double *s = sample_at(op, i, c, 0);

				qsort(s, (size_t)env.rounds, sizeof(*s), compare_double);
				ticks[op][i][c] = s[env.rounds / 2];
			}
}

/*
 * A reference routine that skipped work would look fast: check each one
 * against memset/memcpy first, bytes around the range included.
 */
void check_references(void)
{
	static const unsigned long sizes[] = { 0, 1, 7, 8, 9, 63, 64, 65, 127,
					       200, 4095, 4096, 65537 };
	char *dst = env.user_buf + env.page_offset, *src = env.kernel_buf + env.page_offset;

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
	memset(env.user_buf, 0x5a, BUF_BYTES);
	memset(env.kernel_buf, 0x5a, BUF_BYTES);
}

void measure_bulk(void)
{
	samples = calloc((size_t)NR_OPS * MAX_ROWS * NR_COLUMNS * env.rounds,
			 sizeof(*samples));
	if (!samples) {
		perror("calloc");
		exit(2);
	}
	fprintf(stderr, "bench: calibrating, then %d rounds\n", env.rounds);
	for (int i = 0; i < 3; i++)
		run_round(-1);
	for (int round = 0; round < env.rounds; round++)
		run_round(round);
	take_medians();
}
