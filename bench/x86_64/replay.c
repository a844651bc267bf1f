// SPDX-License-Identifier: MIT
/*
 * The replay table: size traces recorded from real workloads
 * (bench/x86_64/traces/, record.sh) replayed call by call in their recorded
 * order, since the order is what the branch predictors see. Each column
 * replays the whole trace per sample, every call with the same warm
 * buffers (user and kernel, room for the largest size, reused), and puts
 * the same access_ok() in front of each call; the library's checked calls
 * have it built in (and their Spectre-v1 mask).
 *
 * Columns: the library; what Linux 6.x runs on this CPU, by its features
 * as Linux tests them (copies: an inline rep movsb with FSRM, else the
 * out-of-line ref_copy_linux; clears: an inline rep stosb with FSRS, else
 * the out-of-line ref_clear_linux; copy_from_user checked by Linux 6.12's
 * mask, bench.h); Linux 6.x on an ERMS CPU without FSRM or FSRS (both out
 * of line); rep only; the unrolled loop only. A cell is
 * the median over rounds of the ticks per call of one whole replay.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uaccess.h>
#include "bench.h"
#include "ref.h"

/* One call: its size, shifted left by 2, ORed with its enum op. */
struct trace {
	char name[64];
	uint32_t *call;
	unsigned long nr_calls;
	unsigned long count[NR_OPS];
};

typedef uint64_t replay_fn(const struct trace *t, char *user, char *kernel);

/*
 * One replay timer per column: clear, to_user and from_user are
 * expressions of u (the user buffer), k (the kernel buffer) and n.
 */
#define DEFINE_REPLAY(name, clear, to_user, from_user)			\
__attribute__((noinline, aligned(64)))					\
static uint64_t name(const struct trace *t, char *user, char *kernel)	\
{									\
	unsigned long left = 0;						\
	uint64_t start, ticks;						\
									\
	start = tsc_begin();						\
	for (unsigned long i = 0; i < t->nr_calls; i++) {		\
		uint32_t c = t->call[i];				\
		unsigned long n = c >> 2;				\
		char *u = user, *k = kernel;				\
									\
		FRESH(u);						\
		FRESH(k);						\
		switch (c & 3) {					\
		case OP_CLEAR:						\
			left |= clear;					\
			break;						\
		case OP_COPY_TO:					\
			left |= to_user;				\
			break;						\
		default:						\
			left |= from_user;				\
			break;						\
		}							\
	}								\
	ticks = tsc_end() - start;					\
	not_done |= left;						\
	return ticks;							\
}

DEFINE_REPLAY(replay_lib, clear_user(u, n), copy_to_user(u, k, n),
	      copy_from_user(k, u, n))
DEFINE_REPLAY(replay_linux_fsrm,
	      CHECKED(u, n, ref_clear_linux(u, n)),
	      CHECKED(u, n, ref_copy_rep(u, k, n)),
	      ref_copy_rep(k, linux_mask_user_address(u), n))
DEFINE_REPLAY(replay_linux_fsrm_fsrs,
	      CHECKED(u, n, ref_clear_rep(u, n)),
	      CHECKED(u, n, ref_copy_rep(u, k, n)),
	      ref_copy_rep(k, linux_mask_user_address(u), n))
DEFINE_REPLAY(replay_linux_fsrs,
	      CHECKED(u, n, ref_clear_rep(u, n)),
	      CHECKED(u, n, ref_copy_linux(u, k, n)),
	      ref_copy_linux(k, linux_mask_user_address(u), n))
DEFINE_REPLAY(replay_linux_erms,
	      CHECKED(u, n, ref_clear_linux(u, n)),
	      CHECKED(u, n, ref_copy_linux(u, k, n)),
	      ref_copy_linux(k, linux_mask_user_address(u), n))
DEFINE_REPLAY(replay_rep,
	      CHECKED(u, n, ref_clear_rep(u, n)),
	      CHECKED(u, n, ref_copy_rep(u, k, n)),
	      CHECKED(u, n, ref_copy_rep(k, u, n)))
DEFINE_REPLAY(replay_unrolled,
	      CHECKED(u, n, ref_clear_loop(u, n)),
	      CHECKED(u, n, ref_copy_loop(u, k, n)),
	      CHECKED(u, n, ref_copy_loop(k, u, n)))

struct replay_column {
	const char *name;
	const char *about;
	replay_fn *replay;
};

/*
 * What Linux 6.x runs, by the two features it tests: [FSRM][FSRS]; the
 * same choice as the bulk tables' "linux" column (bulk.c), and the same
 * words (bench.h).
 */
static replay_fn *const linux_replays[2][2] = {
	{ replay_linux_erms, replay_linux_fsrs },
	{ replay_linux_fsrm, replay_linux_fsrm_fsrs },
};

/* Column 1, "linux", is set for this CPU by replay_table(). */
static char linux_words[192];
static struct replay_column replay_columns[] = {
	{ "lib", "the library's checked calls on this CPU's feature set",
	  replay_lib },
	{ "linux", "", NULL },
	{ "linux:erms", "Linux 6.x with ERMS, without FSRM or FSRS: "
	  "out-of-line copy (ref_copy_linux) and clear (ref_clear_linux), "
	  "copy_from_user masked",
	  replay_linux_erms },
	{ "rep", "rep stosb / rep movsb only (ref:rep)", replay_rep },
	{ "unrolled", "the unrolled loop only (ref:unrolled)", replay_unrolled },
};
#define NR_REPLAY_COLUMNS ARRAY_SIZE(replay_columns)
/* The best single strategy: the best of these columns. */
#define FIRST_SINGLE	3

struct trace *load_trace(const char *path)
{
	static const char *const ops[NR_OPS] = {
		[OP_CLEAR] = "clear", [OP_COPY_TO] = "to", [OP_COPY_FROM] = "from" };
	const char *base = strrchr(path, '/');
	struct trace *t = calloc(1, sizeof(*t));
	char cmd[4200], op[16];
	unsigned long n;
	size_t cap = 0;
	FILE *f;

	if (!t) {
		perror("calloc");
		exit(2);
	}
	/* Its name: the file's, without the directory and the extensions. */
	snprintf(t->name, sizeof(t->name), "%s", base ? base + 1 : path);
	t->name[strcspn(t->name, ".")] = '\0';
	/* gzip -f passes a file that is not gzipped through as it is. */
	snprintf(cmd, sizeof(cmd), "gzip -dcf '%s'", path);
	f = popen(cmd, "r");
	if (!f) {
		perror(path);
		exit(2);
	}
	while (fscanf(f, "%15s %lu", op, &n) == 2) {
		int o = 0;

		while (o < NR_OPS && strcmp(op, ops[o]))
			o++;
		if (o == NR_OPS)
			break;
		if (n > MAX_SIZE) {
			fprintf(stderr, "bench: %s: size %lu over %lu\n", path, n,
				MAX_SIZE);
			exit(2);
		}
		if (t->nr_calls == cap) {
			cap = cap ? 2 * cap : 4096;
			t->call = realloc(t->call, cap * sizeof(*t->call));
			if (!t->call) {
				perror("realloc");
				exit(2);
			}
		}
		t->call[t->nr_calls++] = (uint32_t)(n << 2 | (unsigned long)o);
		t->count[o]++;
	}
	if (!feof(f) || pclose(f) || !t->nr_calls) {
		fprintf(stderr, "bench: %s: not a trace of \"clear|to|from SIZE\" lines\n",
			path);
		exit(2);
	}
	return t;
}

/*
 * replay.dat: one row per column (its index and name), one field per trace:
 * the column's ticks per call over the library's, so that every trace's
 * line starts at 1. The '#' line names the traces.
 */
static void write_replay_data(const char *dir, struct trace *const *traces,
			      int nr_traces, double med[MAX_TRACES][NR_REPLAY_COLUMNS])
{
	FILE *f = open_output(dir, "replay.dat");

	fprintf(f, "# column");
	for (int i = 0; i < nr_traces; i++)
		fprintf(f, " %s", traces[i]->name);
	fprintf(f, "\n");
	for (size_t c = 0; c < NR_REPLAY_COLUMNS; c++) {
		fprintf(f, "%zu %s", c, replay_columns[c].name);
		for (int i = 0; i < nr_traces; i++)
			fprintf(f, " %.3f", med[i][c] / med[i][0]);
		fprintf(f, "\n");
	}
	fclose(f);
}

unsigned long replay_table(const struct bench_env *env, struct trace *const *traces,
			   int nr_traces, unsigned long lib, const char *dir)
{
	char *user = env->user_buf + env->page_offset;
	char *kernel = env->kernel_buf + env->page_offset;
	double *s, med[MAX_TRACES][NR_REPLAY_COLUMNS];

	if (!nr_traces)
		return 0;
	s = calloc((size_t)nr_traces * NR_REPLAY_COLUMNS * env->rounds, sizeof(*s));
	if (!s) {
		perror("calloc");
		exit(2);
	}
	/* The library's column runs this CPU's features: Linux's follows them. */
	replay_columns[1].replay = linux_replays[!!(lib & UACCESS_FEAT_FSRM)]
						[cpu_has_fsrs()];
	snprintf(linux_words, sizeof(linux_words),
		 "Linux 6.x on this CPU: %s; %s; copy_from_user masked, no access_ok()",
		 linux_clears(), linux_copies(lib));
	replay_columns[1].about = linux_words;
	/* One warm-up replay each, then rounds, each starting a column on. */
	for (int round = -1; round < env->rounds; round++)
		for (int i = 0; i < nr_traces; i++)
			for (size_t k = 0; k < NR_REPLAY_COLUMNS; k++) {
				size_t c = (k + (size_t)(round > 0 ? round : 0)) %
					   NR_REPLAY_COLUMNS;
				uint64_t t = replay_columns[c].replay(traces[i], user, kernel);

				if (round >= 0)
					s[((size_t)i * NR_REPLAY_COLUMNS + c) * env->rounds + round] =
						(double)t / (double)traces[i]->nr_calls;
			}
	for (int i = 0; i < nr_traces; i++)
		for (size_t c = 0; c < NR_REPLAY_COLUMNS; c++)
			med[i][c] = median(s + ((size_t)i * NR_REPLAY_COLUMNS + c) * env->rounds,
					   env->rounds);
	free(s);

	out("\n## Replayed traces: ticks per call\n\n");
	for (size_t c = 0; c < NR_REPLAY_COLUMNS; c++)
		out("- %s: %s\n", replay_columns[c].name, replay_columns[c].about);
	out("- every column: access_ok() in front of each call; the whole trace "
	    "in recorded order per sample, median of %d rounds\n", env->rounds);
	out("\n| trace | calls | clear/to/from | ");
	for (size_t c = 0; c < NR_REPLAY_COLUMNS; c++)
		out("%s | ", replay_columns[c].name);
	for (size_t c = 1; c < NR_REPLAY_COLUMNS; c++)
		out("lib/%s | ", replay_columns[c].name);
	out("lib/best single |\n|---|---:|---:|");
	for (size_t c = 0; c < 2 * NR_REPLAY_COLUMNS; c++)
		out("---:|");
	out("\n");
	for (int i = 0; i < nr_traces; i++) {
		const struct trace *t = traces[i];
		double best = 0;

		out("| %s | %lu | %lu/%lu/%lu | ", t->name, t->nr_calls,
		    t->count[OP_CLEAR], t->count[OP_COPY_TO], t->count[OP_COPY_FROM]);
		for (size_t c = 0; c < NR_REPLAY_COLUMNS; c++)
			out("%.1f | ", med[i][c]);
		for (size_t c = 1; c < NR_REPLAY_COLUMNS; c++)
			out("%.2f | ", med[i][0] / med[i][c]);
		for (size_t c = FIRST_SINGLE; c < NR_REPLAY_COLUMNS; c++)
			if (!best || med[i][c] < best)
				best = med[i][c];
		out("%.2f |\n", med[i][0] / best);
	}
	fflush(stdout);
	write_replay_data(dir, traces, nr_traces, med);
	return not_done;
}
