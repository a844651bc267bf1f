/* SPDX-License-Identifier: MIT */
/*
 * What the parts of uaccess-bench share. main.c parses the options, sets
 * up the buffers and the library, and runs the parts in turn: bulk.c
 * measures clear_user and the copies against the references, report.c
 * writes the header and bulk.c's tables (markdown, csv, plot data),
 * strings.c and hardening.c measure and print their own small tables,
 * replay.c replays recorded traces and prints their table. The timing core
 * they all use is timing.h.
 *
 * "User" and "kernel" buffers are both ordinary memory of this process,
 * at the same offset into their pages. The library's SMAP feature is
 * always masked: stac/clac fault in ring 3.
 */
#ifndef BENCH_H
#define BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "timing.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define PAGE_SIZE	4096UL
#define MAX_SIZE	(1UL << 20)	/* the largest fixed size */
/* Room for MAX_SIZE after any page offset and aliasing shift. */
#define BUF_BYTES	(MAX_SIZE + 2 * PAGE_SIZE)
#define DEFAULT_ROUNDS	31

/* main.c: the run's options and buffers, set up once before any table. */
struct bench_env {
	int rounds;			/* -r: samples per cell */
	unsigned long page_offset;	/* -a: where in its page a buffer starts */
	char *user_buf, *kernel_buf;	/* BUF_BYTES each */
};
extern struct bench_env env;
/*
 * Switch the library to a feature set. A refused patch leaves baseline code
 * in place, so the column would not show what it claims: exits.
 */
void configure_library(unsigned long features);

/* bulk.c: clear_user, copy_to_user, copy_from_user. */
enum op { OP_CLEAR, OP_COPY_TO, OP_COPY_FROM, NR_OPS };
extern const char *const op_names[NR_OPS];

/*
 * The feature sets forced onto the library, one column each after "lib"
 * (the set this CPU reports), and the reference strategies of ref.S; the
 * compiler checks these counts against bulk.c's tables.
 */
#define NR_FORCED_SETS	6
#define NR_REFERENCES	4

struct forced_set {
	const char *name;
	unsigned long features;
};
extern const struct forced_set forced_sets[NR_FORCED_SETS];

struct reference {
	const char *name;
	const char *about;
	timer_fn *clear, *copy;
	timer_fn *checked[NR_OPS];	/* the same behind access_ok() */
};
extern const struct reference references[NR_REFERENCES];

/* What a kernel's checked call does around a strategy: access_ok first. */
#define CHECKED(p, n, call) (access_ok(p, n) ? (call) : (n))

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
 * The columns of the tables: "lib", "lib:__", the forced sets, the
 * references, "glibc", "linux" (Linux's checked call on this CPU). Then,
 * measured for the bounds table and results.csv only: each reference again
 * behind access_ok() (named "ok+" and the strategy); "lib:nomask", the
 * library's __ call behind the same access_ok(): the checked call less
 * its Spectre-v1 mask; and "lib:again", the checked call once more, whose
 * ratio to "lib" is the run's noise.
 */
#define NR_SHOWN_COLUMNS (4 + NR_FORCED_SETS + NR_REFERENCES)
#define NR_COLUMNS (NR_SHOWN_COLUMNS + NR_REFERENCES + 2)

struct column {
	const char *name;
	bool uses_lib;		/* uaccess_init_features(features) first */
	unsigned long features;
	char strategy[64];	/* uaccess_strategy_name() for them (main.c) */
	bool is_reference;
	bool is_checked_reference;
	timer_fn *time[NR_OPS];
};
extern struct column columns[NR_COLUMNS];
/* What the "linux" column runs on this CPU, in words (setup_columns()). */
extern const char *linux_about, *linux_about_copy;

enum row_kind { ROW_SIZE, ROW_MIX, ROW_ALIAS };

struct row {
	enum row_kind kind;
	char label[32];
	unsigned long n;		/* ROW_SIZE, ROW_ALIAS */
	uint16_t *mix;			/* ROW_MIX: MIX_LEN sizes */
	unsigned long next_size;	/* ROW_MIX: where the next sample starts */
	unsigned long dst_shift;	/* ROW_ALIAS: dst - src mod 4096 */
};

#define MAX_ROWS 256
#define MIX_LEN		65536	/* sizes drawn per random mix */
extern struct row rows[MAX_ROWS];
extern int nr_rows;

/* The median ticks per call of each cell, once measure_bulk() is done. */
extern double ticks[NR_OPS][MAX_ROWS][NR_COLUMNS];

void setup_rows(void);
void setup_columns(unsigned long lib_features);
/* Each reference against memset/memcpy; exits if one is wrong. */
void check_references(void);
/* Calibration, then `rounds` rounds over every cell, then the medians. */
void measure_bulk(void);
bool row_applies(enum op op, const struct row *r);
int column_index(const char *name);
int size_row(unsigned long n);

/* report.c: results.md (and stdout), results.csv, clear_user.dat. */
void open_report(const char *dir);
/* DIR/NAME opened for writing; exits if it cannot be. */
FILE *open_output(const char *dir, const char *name);
void close_report(void);
/* Markdown: to stdout and to results.md alike. */
void out(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The machine, the library's strategies, the columns and the method. */
void report_header(unsigned long detected, int cpu, double ghz,
		   bool strings_only);
/* Per op: ticks per call, GB/s at the large sizes, the summary lines. */
void report_bulk(double ghz);
void write_csv(const char *dir);
void write_plot_data(const char *dir);

/* strings.c: strnlen_user and strncpy_from_user. */
void strings_table(void);

/*
 * One cell of a strings or hardening table: a timer, run on a user string
 * of len bytes.
 */
struct cell {
	timer_fn *timer;
	unsigned long len;
};
/*
 * Time a table's cells as measure_bulk() does its own; med[i] is
 * cells[i]'s median ticks per call.
 */
void time_cells(const struct cell *cells, size_t nr_cells, double *med);

/* hardening.c: the range check, the Spectre-v1 mask, the barrier. */
void hardening_table(void);

/*
 * count.c: every column's calls at fixed sizes, for callgrind to
 * count (make bench-count, bench/x86_64/count.py); prints nothing.
 */
void count_table(void);

/*
 * replay.c: recorded size traces replayed in order. load_trace() reads a
 * file of "clear|to|from SIZE" lines (gzipped if it ends in .gz); exits if
 * it cannot. replay_table() prints the table of the traces loaded, if any,
 * and writes DIR/replay.dat for bench/x86_64/replay.gp.
 */
void load_trace(const char *path);
void replay_table(const char *dir);

#endif
