// SPDX-License-Identifier: MIT
/*
 * The count table (-c; make bench-count): instructions per call of the
 * bulk tables' columns (the checked references too), at fixed sizes, by
 * valgrind's callgrind. Each cell runs its timer on a batch of one call
 * and on a batch of two, each between a zeroing of the counts and a dump
 * named after the cell; an empty timer does the same. count.py reads the
 * dumps: per call, a cell's two-call count less its one-call count, less
 * the empty loop's. Exact and repeatable, on any x86-64 CPU (valgrind
 * reports the host's CPUID, so "lib" runs this CPU's choice). Outside
 * valgrind the requests do nothing. Prints what each library column runs.
 */
#include <stdlib.h>
#include <uaccess.h>
#include "bulk.h"

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>

static const unsigned long count_sizes[] = {
	1, 7, 8, 31, 32, 63, 64, 100, 144, 256, 512, 1000, 4096, 16384,
};

DEFINE_TIMER(count_empty, (n & 0))

/* Run t on b once warm, then once counted: the dump's name is the cell. */
static void count_cell(timer_fn *t, struct batch *b, const char *op,
		       const char *col)
{
	char label[96];

	b->calls = 1;
	t(b);
	for (unsigned long calls = 1; calls <= 2; calls++) {
		b->calls = calls;
		snprintf(label, sizeof(label), "%s %s %lu %lu", op, col, b->n,
			 calls);
		CALLGRIND_ZERO_STATS;
		t(b);
		CALLGRIND_DUMP_STATS_AT(label);
	}
}

unsigned long count_table(const struct bench_env *env, const struct bulk *bulk)
{
	char *user = env->user_buf + env->page_offset;
	char *kernel = env->kernel_buf + env->page_offset;
	struct batch b = { .to = user, .from = kernel };

	count_cell(count_empty, &b, "empty", "-");
	for (int c = 0; c < NR_COLUMNS; c++) {
		const struct column *col = &bulk->columns[c];

		if (c == COL_AGAIN)
			continue;	/* the same code as "lib" */
		if (col->uses_lib) {
			library_select(col->features);
			printf("column %s: %s\n", col->name, col->strategy);
		}
		for (int op = 0; op < NR_OPS; op++)
			for (size_t i = 0; i < ARRAY_SIZE(count_sizes); i++) {
				b.n = count_sizes[i];
				b.to = op == OP_COPY_FROM ? kernel : user;
				b.from = op == OP_COPY_FROM ? user : kernel;
				count_cell(col->time[op], &b, op_names[op], col->name);
			}
	}
	library_restore();
	return not_done;
}
#else
unsigned long count_table(const struct bench_env *env, const struct bulk *bulk)
{
	(void)env, (void)bulk;
	fprintf(stderr, "bench: built without <valgrind/callgrind.h>: "
		"make bench-count installs valgrind\n");
	exit(2);
}
#endif
