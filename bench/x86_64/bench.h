/* SPDX-License-Identifier: MIT */
/*
 * uaccess-bench: its parts and what they share. main.c reads the options,
 * maps the buffers, sets up the library through library.c and calls the
 * parts in order, each with its inputs as arguments: bulk.c sets up and
 * measures clear_user and the copies against the references (struct bulk,
 * bulk.h); report.c prints the header and bulk.c's tables and writes
 * their data; count.c runs bulk.c's columns for callgrind; strings.c,
 * hardening.c and replay.c measure and print their own tables. No part
 * calls another: they share only what is below, timing.h (the timing
 * core) and ref.h (the reference routines), and only library.c patches
 * the library.
 *
 * "User" and "kernel" buffers are both ordinary memory of this process,
 * at the same offset into their pages. The library's SMAP feature is
 * always masked: stac/clac fault in ring 3.
 */
#ifndef BENCH_H
#define BENCH_H

#include <cpuid.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <uaccess.h>
#include "timing.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define PAGE_SIZE	4096UL
#define MAX_SIZE	(1UL << 20)	/* the largest fixed size */
/* Room for MAX_SIZE after any page offset and aliasing shift. */
#define BUF_BYTES	(MAX_SIZE + 2 * PAGE_SIZE)
#define DEFAULT_ROUNDS	31
#define MAX_TRACES	16

/* The run's options and buffers, set up once by main.c. */
struct bench_env {
	int rounds;			/* -r: samples per cell */
	unsigned long page_offset;	/* -a: where in its page a buffer starts */
	char *user_buf, *kernel_buf;	/* BUF_BYTES each */
};

/* What a kernel's checked call does around a strategy: access_ok first. */
#define CHECKED(p, n, call) (access_ok(p, n) ? (call) : (n))

/*
 * The library's checked calls around a strategy: access_ok() and the
 * Spectre-v1 mask, call an expression of the masked pointer, masked_. The
 * library's own sequence for both (_UACCESS_CHECK_MASK, what clear_user()
 * runs before its routine), not access_ok() then uaccess_mask_ptr(): the
 * same contract at the same cost, so that a strategy is compared with the
 * library's choice of strategy, not with its check. (A new variable, not
 * p masked in place: that would chain each call's mask to the last's.)
 */
#define CHECKED_MASKED(p, n, call) ({					\
	bool ok_;							\
	__typeof__(p) masked_ = _UACCESS_CHECK_MASK(p, n, &ok_);	\
	__builtin_expect(ok_, 1) ? (call) : (n);			\
})

/*
 * Linux 6.12 and later check copy_from_user() on x86-64 by a mask alone,
 * no access_ok(): a source above the top of user space becomes that top,
 * a guard page (cmp and cmova against a boot-time constant; here the top
 * of 4-level user space less one). copy_to_user() and clear_user() keep
 * access_ok() and no mask.
 */
static inline const char *linux_mask_user_address(const char *p)
{
	__asm__("cmpq %1, %0\n\tcmovaq %1, %0"
		: "+r"(p) : "r"(0x00007ffffffff000UL - 1) : "cc");
	return p;
}

/*
 * FSRS, fast short rep stosb (CPUID.(EAX=7,ECX=1):EAX[11]): Linux's test
 * for its inline clear. The library has no use for the bit, so the bench
 * reads it itself.
 */
static inline bool cpu_has_fsrs(void)
{
	unsigned int a, b, c, d;

	return __get_cpuid_count(7, 1, &a, &b, &c, &d) && (a >> 11 & 1);
}

/*
 * What Linux 6.x runs on this CPU, in words (bulk.c's "linux" column and
 * replay.c's run it): clears an inline rep stosb with FSRS, else its
 * out-of-line routine; copies an inline rep movsb with FSRM (in f, the
 * library's features), else its out-of-line routine.
 */
static inline const char *linux_clears(void)
{
	return cpu_has_fsrs() ? "clears: inline rep stosb (FSRS)" :
				"clears: out-of-line ref_clear_linux (no FSRS)";
}

static inline const char *linux_copies(unsigned long f)
{
	return f & UACCESS_FEAT_FSRM ? "copies: inline rep movsb (FSRM)" :
				       "copies: out-of-line ref_copy_linux (no FSRM)";
}

enum op { OP_CLEAR, OP_COPY_TO, OP_COPY_FROM, NR_OPS };
static const char *const op_names[NR_OPS] __attribute__((unused)) = {
	[OP_CLEAR] = "clear_user",
	[OP_COPY_TO] = "copy_to_user",
	[OP_COPY_FROM] = "copy_from_user",
};

/*
 * library.c: the library's setup, the only code that patches it. Once
 * set up it runs the detected feature set (less SMAP), the set returned;
 * a part that selects another restores it before it returns. A refused
 * patch leaves baseline code in place, so a column would not show what it
 * claims: each of these exits instead.
 */
unsigned long library_setup(unsigned long *detected);
void library_select(unsigned long features);
void library_restore(void);
/* The strategy of a feature set in words (uaccess_strategy_name()). */
void library_strategy(unsigned long features, char *buf, size_t len);

/* output.c: results.md and the data files of the run's directory. */
void open_report(const char *dir);
void close_report(void);
/* Markdown: to stdout and to results.md alike. */
void out(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* DIR/NAME opened for writing; exits if it cannot be. */
FILE *open_output(const char *dir, const char *name);

/*
 * timing.c, for the small tables (strings.c, hardening.c): a cell is a
 * timer run on a user string of len bytes; time_cells() times them as
 * bulk.c times its own and puts cells[i]'s median ticks per call in
 * med[i]. str_batch(): the batch of calls on such a string.
 */
struct cell {
	timer_fn *timer;
	unsigned long len;
};
void time_cells(const struct bench_env *env, const struct cell *cells,
		size_t nr_cells, double *med);
struct batch str_batch(const struct bench_env *env, unsigned long len,
		       unsigned long calls);
#define STR_SLACK	64	/* count = length + STR_SLACK: the NUL is found */

/* The parts, in main.c's order; those that time bulk calls return not_done. */
struct bulk;
struct trace;
struct bulk *bulk_setup(const struct bench_env *env, unsigned long lib);
void report_header(const struct bench_env *env, const struct bulk *bulk,
		   unsigned long detected, int cpu, double ghz, bool no_bulk);
unsigned long bulk_measure(const struct bench_env *env, struct bulk *bulk);
void report_bulk(const struct bulk *bulk, double ghz);
void write_csv(const struct bulk *bulk, const char *dir);
void write_plot_data(const struct bulk *bulk, const char *dir);
unsigned long count_table(const struct bench_env *env, const struct bulk *bulk);
/*
 * replay.c: load_trace() reads a file of "clear|to|from SIZE" lines
 * (gzipped if it ends in .gz), or exits; replay_table() prints the table
 * of the traces and writes DIR/replay.dat for bench/x86_64/plot.gp.
 */
struct trace *load_trace(const char *path);
unsigned long replay_table(const struct bench_env *env, struct trace *const *traces,
			   int nr_traces, unsigned long lib, const char *dir);
void strings_table(const struct bench_env *env, const char *lib_strategy);
void hardening_table(const struct bench_env *env);

#endif
