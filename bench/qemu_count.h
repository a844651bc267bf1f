/* SPDX-License-Identifier: MIT */
/*
 * The seam of the instruction-count benches (bench/qemu_count.c, the
 * driver, and bench/<arch>/bench.c, what an architecture adds): the
 * architecture names its calls (columns), the cells `count` counts and
 * the sweep `check` runs, in one struct bench_arch; the driver runs them
 * and gives back the buffers, the checks and the output it uses.
 */
#ifndef BENCH_QEMU_COUNT_H
#define BENCH_QEMU_COUNT_H

#include <stdbool.h>
#include <stddef.h>
#include <uaccess.h>
#include "sys.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define PAGE_SIZE	4096UL

typedef unsigned long call_fn(char *to, const char *from, unsigned long n);

/*
 * Every call the benchmark makes is one of these functions, called through
 * a pointer: qemu_count.py finds them by their bench_call_ name and counts
 * their own instructions as the caller's share (for the library: the
 * inline access_ok(), the Spectre-v1 mask and the call of <uaccess.h>, as a
 * kernel's call site has them). Global and only called through pointers,
 * so GCC neither inlines nor clones them.
 */
#define BENCH_CALL(name, expr)						\
	unsigned long name(char *to, const char *from, unsigned long n);	\
	__attribute__((noinline))					\
	unsigned long name(char *to, const char *from, unsigned long n)	\
	{								\
		(void)to, (void)from;					\
		return expr;						\
	}

/*
 * A clear's call: (to, n) in the first two argument registers, as a
 * kernel's clear_user(to, n) has them, so that no move is counted as the
 * caller's. The harness passes n as its second argument (bench_arg()).
 */
#define BENCH_CLEAR_CALL(name, expr)					\
	unsigned long name(char *to, const char *n_arg, unsigned long unused); \
	__attribute__((noinline))					\
	unsigned long name(char *to, const char *n_arg, unsigned long unused) \
	{								\
		const unsigned long n = (unsigned long)n_arg;		\
									\
		(void)unused;						\
		return expr;						\
	}

/* ref.S's routine as bench_call_<routine>, declared here. */
#define REF_CLEAR_CALL(routine)						\
	unsigned long routine(void *to, unsigned long n);		\
	BENCH_CLEAR_CALL(bench_call_##routine, routine(to, n))
#define REF_COPY_CALL(routine)						\
	unsigned long routine(void *to, const void *from, unsigned long n); \
	BENCH_CALL(bench_call_##routine, routine(to, from, n))

/*
 * A Linux-shaped reference behind asm-generic's access_ok() (a constant
 * limit: size <= limit && addr <= limit - size), as a kernel calls it:
 * bench_call_<routine>_ok, beside the library's public checked call.
 */
#define REF_ACCESS_OK(p, n)						\
	((n) <= UACCESS_USER_END && (unsigned long)(p) <= UACCESS_USER_END - (n))
#define REF_CHECKED_CLEAR_CALL(routine)					\
	BENCH_CLEAR_CALL(bench_call_##routine##_ok,			\
		   REF_ACCESS_OK(to, n) ? routine(to, n) : n)
#define REF_CHECKED_COPY_CALL(routine, user)				\
	BENCH_CALL(bench_call_##routine##_ok,				\
		   REF_ACCESS_OK(user, n) ? routine(to, from, n) : n)

struct column {
	const char *op;		/* "clear_user", "copy_user", "copy_to_user", ... */
	const char *name;
	call_fn *call;
	void (*setup)(const struct column *col);	/* before its calls, or NULL */
	bool (*runs)(void);	/* whether it can run here; NULL: always */
	unsigned long features;	/* for setup: the library's feature set */
};
#define COLUMN(op, name, call) { op, name, call, NULL, NULL, 0 }

/* Offsets of the destination and the source from where the ranges start. */
struct placement {
	unsigned long dst, src;
};

/*
 * Cells: every column at every placement (a clear: those without a source
 * offset) and size. TABLE(cols): cols at the cells every architecture
 * counts, bench_sizes with both sides aligned, the destination at +3 and
 * the source at +5 (bench_placements, qemu_count.c).
 */
struct table {
	const struct column *columns;
	size_t nr_columns;
	const struct placement *placements;
	size_t nr_placements;
	const unsigned long *sizes;
	size_t nr_sizes;
};
extern const unsigned long bench_sizes[14];
extern const struct placement bench_placements[3];
#define TABLE(cols) { cols, ARRAY_SIZE(cols), bench_placements, \
		      ARRAY_SIZE(bench_placements), bench_sizes, ARRAY_SIZE(bench_sizes) }

/*
 * The check sweep: every size below every_size_below, then sizes[]; clears
 * at each destination offset of clear_offsets[], copies at every
 * destination and source offset below copy_offsets.
 */
struct sweep {
	unsigned long every_size_below;
	const unsigned long *sizes;
	size_t nr_sizes;
	const unsigned long *clear_offsets;
	size_t nr_clear_offsets;
	unsigned long copy_offsets;
};

struct bench_arch {
	const struct column *columns;	/* every column, for the sweep */
	size_t nr_columns;
	const struct table *tables;	/* what `count` counts, in order */
	size_t nr_tables;
	struct sweep sweep;
	unsigned long guard;	/* checked bytes on each side of a range */
	unsigned long page_offset;	/* where in a page ranges start (-a) */
	void (*strings)(void);	/* count the string cells after the tables, or NULL */
	void (*init)(void);	/* before any mode, or NULL */
	void (*header)(void);	/* count's "# uaccess-bench count" line, or NULL */
	/* Another mode: false if `mode` is none of the architecture's. */
	bool (*mode)(const char *mode, int argc, char **argv);
	const char *usage;	/* of those modes */
};
extern const struct bench_arch bench_arch;

/* What the driver gives an architecture's modes. */
#define bench_print(...) linux_print(1, __VA_ARGS__)
__attribute__((noreturn, format(printf, 1, 2))) void bench_die(const char *fmt, ...);
bool bench_number(const char *s, unsigned long *v);
/* Map the buffers, with room for sizes up to largest; then bench_dst(). */
void bench_map(unsigned long largest);
char *bench_dst(unsigned long offset);
const char *bench_src(unsigned long offset);
/* The guard around to[0, n) and the range itself set to be checked. */
void bench_fill(char *to, unsigned long n);
/* Dies unless col's call left nothing undone and wrote to[0, n) alone. */
/* A column's second argument: a copy's source, or a clear's n (BENCH_CLEAR_CALL). */
const char *bench_arg(const struct column *col, const char *from, unsigned long n);
void bench_check(const struct column *col, const char *to, const char *from,
		 unsigned long n, unsigned long left);
/* The sweep of every column that runs here; the calls made. */
unsigned long bench_sweep(void);

/* qemu_strings.c: the string cells, for an arch that counts them. */
void bench_count_strings(void);
#define BENCH_STR_LONGEST	4096
#define BENCH_STR_SLACK		64	/* count = length + this: the NUL is found */

#define BENCH_GUARD_BYTE	0x5a

/* ref.S (bench/ref_asm.h): the markers around each counted call. */
void bench_cell_begin(void);
void bench_cell_end(void);

#endif
