/* SPDX-License-Identifier: MIT */
/*
 * The timing core of uaccess-bench: reading the TSC, the timed batch and
 * the two shapes of timing loop, the batch sizes, and what every table
 * needs from the machine (its TSC rate, one CPU, a mispredict's price).
 *
 * A sample times a batch of calls between two reads of the TSC and divides
 * by the number of calls. A calibration pass sizes each batch to take
 * about TARGET_TICKS: long enough that reading the TSC costs nothing per
 * call, short enough that few samples catch an interrupt. Every table cell
 * is the median of its samples.
 */
#ifndef BENCH_TIMING_H
#define BENCH_TIMING_H

#include <stdint.h>

#define TARGET_TICKS	20000.0	/* per sample: ~10 us at 2 GHz */
#define MAX_CALLS	8192UL
#define CALIBRATION_CALLS 16UL

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
 * OR of every bulk call's return value: all must be 0 (nothing left
 * undone). Writing it after each batch also keeps the compiler from
 * dropping the calls; str_sink, the sum of the single calls' results,
 * does the same for DEFINE_STR_TIMER. Each file that times has its own,
 * and a part returns its not_done to main.c.
 */
static volatile unsigned long not_done __attribute__((unused));
static volatile long str_sink __attribute__((unused));

/*
 * FRESH(p): p as a value the compiler cannot see through, in every call. A
 * kernel gets a new pointer with each system call; without this, the
 * compiler would check and mask a loop-invariant pointer once, outside the
 * timed loop, and keep the result in a register (which made it spill
 * another, so that the checked copies reloaded their source from the
 * stack in every iteration and timed that, not the check).
 */
#define FRESH(p) __asm__("" : "+r"(p))

/*
 * One timing function per routine, each calling it directly: the library's
 * calls are inline code patched at init, and calling them here puts that
 * code in the timed loop itself, as in a kernel. `call` is an expression of
 * to, from and n. Each starts on its own 64-byte line, so that where the
 * linker happens to put one column's code does not change another's
 * timing.
 *
 * DEFINE_TIMER: the bulk calls (clear and copies), n from the batch or
 * from its mix, their results ORed into not_done.
 */
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

/*
 * DEFINE_STR_TIMER: single calls that return a value (the strings,
 * get_user and put_user), n a signed count, the call number i in scope,
 * their results summed into str_sink.
 */
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

/*
 * A calibration sample of per ticks per call: raise *calls to the batch
 * that takes about TARGET_TICKS, at least `least` and at most MAX_CALLS.
 */
static inline void calibrate(unsigned long *calls, double per, unsigned long least)
{
	unsigned long want = (unsigned long)(TARGET_TICKS / (per + 1.0));

	want = want < least ? least : want > MAX_CALLS ? MAX_CALLS : want;
	if (want > *calls)
		*calls = want;
}

/* The median of s[0, n), which it sorts. */
double median(double *s, int n);

/*
 * splitmix64 from a fixed seed: every run draws the same mixes and branch
 * bits, in that order.
 */
uint64_t prng_next(void);

double now_ns(void);
/* Ticks per nanosecond, from rdtsc against CLOCK_MONOTONIC over 50 ms. */
double estimate_tsc_ghz(void);
/* Pin to the CPU we run on; returns it, or -1. */
int pin_to_this_cpu(void);
/*
 * What one mispredicted branch costs (the median of `rounds` samples, 101
 * at most), with the ticks per random and per predicted branch it comes
 * from.
 */
double mispredict_ticks(int rounds, double *random_out, double *predicted_out);

#endif
