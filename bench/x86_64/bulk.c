// SPDX-License-Identifier: MIT
/*
 * The bulk tables' cells (struct bulk, bulk.h): ticks per call of
 * clear_user, copy_to_user and copy_from_user at fixed sizes, random mixes
 * of sizes and aliasing shifts, for the library as shipped, its unchecked
 * calls, the library forced onto each feature set, the reference
 * strategies of ref.S and glibc's memset/memcpy (the columns).
 * bulk_setup() builds the rows and columns, bulk_measure() fills the
 * ticks; report.c prints them.
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
#include "bulk.h"
#include "ref.h"

/* A mix sample averages over at least this many sizes, however slow. */
#define MIN_MIX_CALLS	64UL

/* ---- Timers ---------------------------------------------------------- */

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

/* Each reference behind the library's check and mask (bench.h). */
#define DEFINE_CHECKED_TIMERS(name, clear_fn, copy_fn)			\
	DEFINE_TIMER(time_ok_##name##_clear, CHECKED_MASKED(to, n, clear_fn(masked_, n))) \
	DEFINE_TIMER(time_ok_##name##_to, CHECKED_MASKED(to, n, copy_fn(masked_, from, n))) \
	DEFINE_TIMER(time_ok_##name##_from, CHECKED_MASKED(from, n, copy_fn(to, masked_, n)))
#define CHECKED_TIMERS(name) \
	{ time_ok_##name##_clear, time_ok_##name##_to, time_ok_##name##_from }

DEFINE_CHECKED_TIMERS(bytes, ref_clear_bytes, ref_copy_bytes)
DEFINE_CHECKED_TIMERS(loop, ref_clear_loop, ref_copy_loop)
DEFINE_CHECKED_TIMERS(rep, ref_clear_rep, ref_copy_rep)
DEFINE_CHECKED_TIMERS(repq, ref_clear_repq, ref_copy_repq)
/*
 * Linux's routines, inline rep and out of line, behind its own checks
 * (bench.h): access_ok(), and the mask alone for copy_from_user().
 */
DEFINE_TIMER(time_linux_rep_clear, CHECKED(to, n, ref_clear_rep(to, n)))
DEFINE_TIMER(time_linux_rep_to, CHECKED(to, n, ref_copy_rep(to, from, n)))
DEFINE_TIMER(time_linux_rep_from, ref_copy_rep(to, linux_mask_user_address(from), n))
DEFINE_TIMER(time_linux_clear, CHECKED(to, n, ref_clear_linux(to, n)))
DEFINE_TIMER(time_linux_to, CHECKED(to, n, ref_copy_linux(to, from, n)))
DEFINE_TIMER(time_linux_from, ref_copy_linux(to, linux_mask_user_address(from), n))

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

/* Add a line to compare another feature set (and count it in bulk.h). */
static const struct {
	const char *name;
	unsigned long features;
} forced_sets[] = {
	{ "none", 0 },
	{ "erms", UACCESS_FEAT_ERMS },
	{ "erms+late", UACCESS_FEAT_ERMS | UACCESS_FEAT_FSRM |
		       UACCESS_FEAT_LATE_STOSB },
};

/*
 * The summary compares the library with the best of these (from COL_REF);
 * Linux's own routines last, checked with them, not columns of their own.
 */
static const struct reference {
	const char *name;
	const char *about;
	unsigned long (*clear)(void *to, unsigned long n);
	unsigned long (*copy)(void *to, const void *from, unsigned long n);
	timer_fn *time[2];		/* clear, copy */
	timer_fn *checked[NR_OPS];	/* the same behind the check and mask */
} references[] = {
	[REF_BYTES] = { "ref:bytes", "byte loop", ref_clear_bytes, ref_copy_bytes,
	  { time_bytes_clear, time_bytes_copy }, CHECKED_TIMERS(bytes) },
	[REF_UNROLLED] = { "ref:unrolled",
	  "8-byte stores, 64 per iteration, then quadword and byte loops",
	  ref_clear_loop, ref_copy_loop, { time_loop_clear, time_loop_copy },
	  CHECKED_TIMERS(loop) },
	[REF_REP] = { "ref:rep", "rep stosb / rep movsb only", ref_clear_rep, ref_copy_rep,
	  { time_rep_clear, time_rep_copy }, CHECKED_TIMERS(rep) },
	[REF_REPQ] = { "ref:repq", "rep stosq / rep movsq, then a byte loop", ref_clear_repq,
	  ref_copy_repq, { time_repq_clear, time_repq_copy }, CHECKED_TIMERS(repq) },
	{ "ref_clear_linux / ref_copy_linux", NULL, ref_clear_linux, ref_copy_linux,
	  { NULL, NULL }, { NULL } },
};
_Static_assert(ARRAY_SIZE(forced_sets) == NR_FORCED_SETS, "bulk.h counts them");
_Static_assert(ARRAY_SIZE(references) == NR_REFERENCES + 1, "bulk.h counts them");

#define LIB_TIMERS { time_lib_clear, time_lib_copy_to, time_lib_copy_from }

static void setup_columns(struct column *col, unsigned long lib)
{
	static char ok_names[NR_REFERENCES][32];

	col[COL_LIB] = (struct column){ "lib", true, lib, .time = LIB_TIMERS };
	/* The same without access_ok(): like for like with the references. */
	col[COL_RAW] = (struct column){ "lib:__", true, lib, .time = {
		time_raw_clear, time_raw_copy_to, time_raw_copy_from } };
	for (size_t i = 0; i < NR_FORCED_SETS; i++)
		col[COL_FORCED + i] = (struct column){ forced_sets[i].name, true,
			forced_sets[i].features, .time = LIB_TIMERS };
	for (size_t i = 0; i < NR_REFERENCES; i++) {
		const struct reference *r = &references[i];

		snprintf(ok_names[i], sizeof(ok_names[i]), "ok+%s", r->name + strlen("ref:"));
		col[COL_REF + i] = (struct column){ r->name, .about = r->about,
			.time = { r->time[0], r->time[1], r->time[1] } };
		col[COL_OK + i] = (struct column){ ok_names[i], .time = {
			r->checked[OP_CLEAR], r->checked[OP_COPY_TO], r->checked[OP_COPY_FROM] } };
	}
	col[COL_GLIBC] = (struct column){ "glibc", .time = {
		time_glibc_clear, time_glibc_copy, time_glibc_copy } };
	/* What Linux 6.x runs on this CPU (bench.h), checked as it checks. */
	col[COL_LINUX] = (struct column){ "linux", .time = {
		cpu_has_fsrs() ? time_linux_rep_clear : time_linux_clear,
		lib & UACCESS_FEAT_FSRM ? time_linux_rep_to : time_linux_to,
		lib & UACCESS_FEAT_FSRM ? time_linux_rep_from : time_linux_from,
	} };
	col[COL_AGAIN] = (struct column){ "lib:again", true, lib, .time = LIB_TIMERS };
	/* What each library column runs, in words: the report patches nothing. */
	for (int c = 0; c < NR_COLUMNS; c++)
		if (col[c].uses_lib)
			library_strategy(col[c].features, col[c].strategy, sizeof(col[c].strategy));
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

static struct row *add_row(struct bulk *b, enum row_kind kind)
{
	struct row *r = &b->rows[b->nr_rows++];

	r->kind = kind;
	return r;
}

static void setup_rows(struct bulk *b)
{
	struct row *r;

	/* Every size up to 128, then large_sizes. */
	for (size_t i = 0; i < 129 + ARRAY_SIZE(large_sizes); i++) {
		r = add_row(b, ROW_SIZE);
		r->n = i < 129 ? i : large_sizes[i - 129];
		snprintf(r->label, sizeof(r->label), "%lu", r->n);
	}
	for (size_t i = 0; i < ARRAY_SIZE(mixes); i++) {
		unsigned long span = mixes[i].hi - mixes[i].lo + 1;

		r = add_row(b, ROW_MIX);
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
			r = add_row(b, ROW_ALIAS);
			r->n = alias_sizes[i];
			r->dst_shift = alias_shifts[k];
			snprintf(r->label, sizeof(r->label), "alias %lu d=%lu",
				 r->n, r->dst_shift);
		}
}

/*
 * A reference routine that skipped work would look fast: check each one
 * against memset/memcpy first, bytes around the range included.
 */
static void check_references(const struct bench_env *env)
{
	static const unsigned long sizes[] = { 0, 1, 7, 8, 9, 63, 64, 65, 127,
					       144, 200, 4095, 4096, 65537 };
	char *dst = env->user_buf + env->page_offset;
	char *src = env->kernel_buf + env->page_offset;

	for (size_t i = 0; i < ARRAY_SIZE(references); i++)
		for (size_t k = 0; k < ARRAY_SIZE(sizes); k++) {
			unsigned long n = sizes[k];
			bool ok = true;

			for (unsigned long j = 0; j < n + 2; j++) {
				dst[j] = (char)0xee;
				src[j] = (char)(j * 7 + 1);
			}
			references[i].clear(dst + 1, n);
			for (unsigned long j = 0; j < n; j++)
				ok &= dst[j + 1] == 0;
			ok &= dst[0] == (char)0xee && dst[n + 1] == (char)0xee;
			references[i].copy(dst + 1, src, n);
			ok &= !memcmp(dst + 1, src, n);
			ok &= dst[0] == (char)0xee && dst[n + 1] == (char)0xee;
			if (!ok) {
				fprintf(stderr, "bench: %s is wrong at size %lu\n",
					references[i].name, n);
				exit(1);
			}
		}
	memset(env->user_buf, 0x5a, BUF_BYTES);
	memset(env->kernel_buf, 0x5a, BUF_BYTES);
}

struct bulk *bulk_setup(const struct bench_env *env, unsigned long lib)
{
	struct bulk *b = calloc(1, sizeof(*b));

	if (!b) {
		perror("calloc");
		exit(2);
	}
	setup_rows(b);
	check_references(env);
	setup_columns(b->columns, lib);
	return b;
}

/* ---- Measurement ----------------------------------------------------- */

struct measure {
	const struct bench_env *env;
	struct bulk *b;
	/* Per (op, row, column): calls per batch, then samples, then the median. */
	unsigned long calls[NR_OPS][MAX_ROWS][NR_COLUMNS];
	double *samples;		/* [op][row][column][round] */
};

static double *sample_at(struct measure *m, int op, int row, int col, int round)
{
	return &m->samples[(((size_t)op * MAX_ROWS + row) * NR_COLUMNS + col) *
			   m->env->rounds + round];
}

static struct batch batch_for(const struct bench_env *env, enum op op,
			      struct row *r, unsigned long calls)
{
	char *user = env->user_buf + env->page_offset;
	char *kernel = env->kernel_buf + env->page_offset;
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

	b.to = (op == OP_COPY_FROM ? kernel : user) + r->dst_shift;
	b.from = op == OP_COPY_FROM ? user : kernel;
	return b;
}

/*
 * One round: every column, op and row once. round < 0 is a calibration
 * round, which also warms caches and branch predictors: its batches have
 * CALIBRATION_CALLS calls and size the batches that follow. The fastest
 * calibration sample decides, since an interrupt in the only one would
 * leave batches so short that reading the TSC dominated them.
 */
static void run_round(struct measure *m, int round)
{
	for (int k = 0; k < (int)NR_COLUMNS; k++) {
		/*
		 * Each round starts one column further on, so that what runs
		 * just before a column (and what it leaves in the caches and
		 * predictors) is spread over all columns.
		 */
		int c = (k + (round > 0 ? round : 0)) % (int)NR_COLUMNS;
		const struct column *col = &m->b->columns[c];

		if (col->uses_lib)
			library_select(col->features);
		for (int op = 0; op < NR_OPS; op++)
			for (int i = 0; i < m->b->nr_rows; i++) {
				struct row *r = &m->b->rows[i];
				unsigned long *calls = &m->calls[op][i][c];
				struct batch b;
				double per_call;

				if (!row_applies(op, r))
					continue;
				b = batch_for(m->env, op, r, round < 0 ? CALIBRATION_CALLS : *calls);
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
				if (round >= 0)
					*sample_at(m, op, i, c, round) = per_call;
				else
					calibrate(calls, per_call, r->mix ? MIN_MIX_CALLS : 1);
			}
	}
}

unsigned long bulk_measure(const struct bench_env *env, struct bulk *b)
{
	struct measure *m = calloc(1, sizeof(*m));

	if (m)
		m->samples = calloc((size_t)NR_OPS * MAX_ROWS * NR_COLUMNS * env->rounds,
				    sizeof(*m->samples));
	if (!m || !m->samples) {
		perror("calloc");
		exit(2);
	}
	m->env = env;
	m->b = b;
	fprintf(stderr, "bench: calibrating, then %d rounds\n", env->rounds);
	for (int i = 0; i < 3; i++)
		run_round(m, -1);
	for (int round = 0; round < env->rounds; round++)
		run_round(m, round);
	library_restore();
	for (int op = 0; op < NR_OPS; op++)
		for (int i = 0; i < b->nr_rows; i++)
			for (int c = 0; c < (int)NR_COLUMNS; c++)
				b->ticks[op][i][c] = median(sample_at(m, op, i, c, 0),
							    env->rounds);
	free(m->samples);
	free(m);
	return not_done;
}
