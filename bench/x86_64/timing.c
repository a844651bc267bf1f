// SPDX-License-Identifier: MIT
/*
 * The timing core's functions (timing.h): the machine and its clocks, the
 * medians; and how the small tables time their cells (bench.h).
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "bench.h"

#define MAX_SAMPLES	101	/* kept per cell by time_cells() and mispredict_ticks() */

static int compare_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double median(double *s, int n)
{
	qsort(s, (size_t)n, sizeof(*s), compare_double);
	return s[n / 2];
}

static uint64_t prng_state = 0x5eed;

uint64_t prng_next(void)
{
	uint64_t z = (prng_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

double estimate_tsc_ghz(void)
{
	double t0 = now_ns(), t1;
	uint64_t c0 = tsc_end(), c1;

	do
		t1 = now_ns();
	while (t1 - t0 < 50e6);
	c1 = tsc_end();
	return (double)(c1 - c0) / (t1 - t0);
}

/* taskset may have chosen the CPU already: stay on it. */
int pin_to_this_cpu(void)
{
	int cpu = sched_getcpu();
	cpu_set_t set;

	if (cpu < 0)
		return -1;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set) ? -1 : cpu;
}

/*
 * A loop that branches on each of BRANCH_BITS bytes, timed over random
 * bits (half of the branches mispredicted) and over zeros (all predicted).
 * Twice the difference per iteration is the price of one mispredict: what
 * a branch on the size pays on a random mix, against rep's microcode. The
 * bits are drawn afresh for every sample, so the predictor cannot learn
 * them.
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

double mispredict_ticks(int rounds, double *random_out, double *predicted_out)
{
	static uint8_t bits[BRANCH_BITS];
	double rnd[MAX_SAMPLES], pre[MAX_SAMPLES];
	int nr = rounds < MAX_SAMPLES ? rounds : MAX_SAMPLES;

	for (int r = -3; r < nr; r++) {
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
	*random_out = median(rnd, nr);
	*predicted_out = median(pre, nr);
	return 2.0 * (*random_out - *predicted_out);
}

/* The string of length len at the user buffer's page offset, NUL after. */
struct batch str_batch(const struct bench_env *env, unsigned long len,
		       unsigned long calls)
{
	char *user = env->user_buf + env->page_offset;

	memset(user, 'x', len);
	user[len] = '\0';
	return (struct batch){ .to = env->kernel_buf + env->page_offset, .from = user,
			       .n = len + STR_SLACK, .calls = calls };
}

/*
 * Time a table's cells as bulk.c's run_round() does: three calibration
 * passes size each cell's batches to about TARGET_TICKS, then the rounds
 * run across all cells in turn (so that a slow moment of the machine
 * spreads over the whole table, not one cell).
 */
void time_cells(const struct bench_env *env, const struct cell *cells,
		size_t nr_cells, double *med)
{
	int nr = env->rounds < MAX_SAMPLES ? env->rounds : MAX_SAMPLES;
	double (*s)[MAX_SAMPLES] = calloc(nr_cells, sizeof(*s));
	unsigned long *calls = calloc(nr_cells, sizeof(*calls));

	if (!s || !calls) {
		perror("calloc");
		exit(1);
	}
	for (int round = -3; round < nr; round++)
		for (size_t i = 0; i < nr_cells; i++) {
			struct batch b = str_batch(env, cells[i].len,
				round < 0 ? CALIBRATION_CALLS : calls[i]);
			double per = (double)cells[i].timer(&b) / (double)b.calls;

			if (round >= 0)
				s[i][round] = per;
			else
				calibrate(&calls[i], per, 1);
		}
	for (size_t i = 0; i < nr_cells; i++)
		med[i] = median(s[i], nr);
	free(s);
	free(calls);
}
