// SPDX-License-Identifier: MIT
/*
 * The strings table: strnlen_user and strncpy_from_user at a few string
 * lengths, the library (aligned words, lib/) against a byte-at-a-time
 * reference (ref_strings.h) with the same window and one unsafe_get_user
 * per byte. count is the length + STR_SLACK, so every call finds its NUL.
 * A third column times an empty window (user_access_begin +
 * user_access_end): the check and the speculation barrier (lfence), which
 * the string calls do without by masking their pointer instead.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uaccess.h>
#include "bench.h"
#include "ref_strings.h"

static const unsigned long str_lengths[] = { 8, 64, 256, 4096 };
#define NR_STR_LENGTHS ARRAY_SIZE(str_lengths)
enum str_op { STR_NLEN, STR_NCPY, NR_STR_OPS };
enum str_col { STR_LIB, STR_BYTES, STR_WINDOW, NR_STR_COLS };
static const char *const str_op_names[NR_STR_OPS] = { "strnlen_user", "strncpy_from_user" };

static long empty_window(const char *s, long n)
{
	if (!user_access_begin(s, (unsigned long)n))
		return 0;
	user_access_end();
	return 1;
}

DEFINE_STR_TIMER(time_lib_strnlen, strnlen_user(from, n))
DEFINE_STR_TIMER(time_lib_strncpy, strncpy_from_user(to, from, n))
DEFINE_STR_TIMER(time_ref_strnlen, ref_str_bytes(NULL, from, n, false))
DEFINE_STR_TIMER(time_ref_strncpy, ref_str_bytes(to, from, n, true))
DEFINE_STR_TIMER(time_window, empty_window(from, n))

static timer_fn *const str_timers[NR_STR_OPS][NR_STR_COLS] = {
	[STR_NLEN] = { time_lib_strnlen, time_ref_strnlen, time_window },
	[STR_NCPY] = { time_lib_strncpy, time_ref_strncpy, time_window },
};

/* Library and reference agree, and the library's copy is the string. */
static void check_strings(const struct bench_env *env)
{
	for (size_t l = 0; l < NR_STR_LENGTHS; l++) {
		struct batch b = str_batch(env, str_lengths[l], 1);
		long n = (long)b.n, len = (long)str_lengths[l];

		memset(b.to, 0x5a, b.n);
		if (strnlen_user(b.from, n) != len + 1 ||
		    ref_str_bytes(NULL, b.from, n, false) != len + 1 ||
		    ref_str_bytes(b.to, b.from, n, true) != len ||
		    strncpy_from_user(b.to, b.from, n) != len ||
		    memcmp(b.to, b.from, (size_t)len + 1)) {
			fprintf(stderr, "bench: strings are wrong at length %ld\n", len);
			exit(1);
		}
	}
}

void strings_table(const struct bench_env *env, const char *lib_strategy)
{
	struct cell cells[NR_STR_OPS][NR_STR_LENGTHS][NR_STR_COLS];
	double med[NR_STR_OPS][NR_STR_LENGTHS][NR_STR_COLS];

	check_strings(env);
	for (int op = 0; op < NR_STR_OPS; op++)
		for (size_t l = 0; l < NR_STR_LENGTHS; l++)
			for (int c = 0; c < NR_STR_COLS; c++)
				cells[op][l][c] = (struct cell){
					str_timers[op][c], str_lengths[l] };
	time_cells(env, &cells[0][0][0], NR_STR_OPS * NR_STR_LENGTHS * NR_STR_COLS,
		   &med[0][0][0]);

	out("\n## strings: ticks per call (count = length + %d, lib strategy %s)\n",
	    STR_SLACK, lib_strategy);
	out("\nlib: aligned words (lib/strnlen_user.c, lib/strncpy_from_user.c); "
	    "ref:bytes: the same window, one unsafe_get_user per byte; "
	    "window: user_access_begin + user_access_end alone (check + lfence)\n");
	out("\n| op                | length |      lib | ref:bytes |   window | bytes/lib |\n"
	    "|:------------------|-------:|---------:|----------:|---------:|----------:|\n");
	for (int op = 0; op < NR_STR_OPS; op++)
		for (size_t l = 0; l < NR_STR_LENGTHS; l++) {
			double *m = med[op][l];

			out("| %-17s | %6lu | %8.1f | %9.1f | %8.1f | %9.2f |\n",
			    str_op_names[op], str_lengths[l], m[STR_LIB],
			    m[STR_BYTES], m[STR_WINDOW],
			    m[STR_BYTES] / (m[STR_LIB] > 0.5 ? m[STR_LIB] : 0.5));
		}
}

