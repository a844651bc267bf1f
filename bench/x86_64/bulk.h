/* SPDX-License-Identifier: MIT */
/*
 * The bulk tables' data: what bulk_setup() and bulk_measure() (bulk.c)
 * hand to report.c and count.c through main.c.
 *
 * The columns: "lib", "lib:__", the forced sets, the references, "glibc",
 * "linux" (Linux's checked call on this CPU); then, measured for the
 * band table and results.csv only: each reference again behind the
 * library's access_ok() and Spectre-v1 mask, the contract of its checked
 * calls (named "ok+" and the strategy); and "lib:again", the checked call
 * once more, whose ratio to "lib" is the run's noise.
 */
#ifndef BENCH_BULK_H
#define BENCH_BULK_H

#include "bench.h"

/*
 * The feature sets forced onto the library, one column each after "lib"
 * (the set this CPU reports), and the reference strategies of ref.S; the
 * compiler checks these counts against bulk.c's tables. Then each
 * column's index, in the order above (COL_REF + REF_REP is "ref:rep",
 * COL_OK + REF_REP "ok+rep"); the tables show those before COL_OK.
 */
#define NR_FORCED_SETS	3
enum { REF_BYTES, REF_UNROLLED, REF_REP, REF_REPQ, NR_REFERENCES };
enum {
	COL_LIB, COL_RAW, COL_FORCED,
	COL_REF = COL_FORCED + NR_FORCED_SETS,
	COL_GLIBC = COL_REF + NR_REFERENCES, COL_LINUX,
	NR_SHOWN_COLUMNS,
	COL_OK = NR_SHOWN_COLUMNS,
	COL_AGAIN = COL_OK + NR_REFERENCES, NR_COLUMNS
};

struct column {
	const char *name;
	bool uses_lib;		/* library_select(features) first */
	unsigned long features;
	char strategy[64];	/* uaccess_strategy_name() for them */
	const char *about;	/* COL_REF: the strategy in words */
	timer_fn *time[NR_OPS];
};

enum row_kind { ROW_SIZE, ROW_MIX, ROW_ALIAS };

struct row {
	enum row_kind kind;
	char label[32];
	unsigned long n;		/* ROW_SIZE, ROW_ALIAS */
	uint16_t *mix;			/* ROW_MIX: MIX_LEN sizes */
	unsigned long next_size;	/* ROW_MIX: where the next sample starts */
	unsigned long dst_shift;	/* ROW_ALIAS: dst - src mod 4096 */
};

#define MAX_ROWS	256
#define MIX_LEN		65536	/* sizes drawn per random mix */

struct bulk {
	struct column columns[NR_COLUMNS];
	struct row rows[MAX_ROWS];
	int nr_rows;
	/* The median ticks per call of each cell, once measured. */
	double ticks[NR_OPS][MAX_ROWS][NR_COLUMNS];
};

/* Aliasing is about a copy's loads meeting its stores: clears have none. */
static inline bool row_applies(enum op op, const struct row *r)
{
	return !(op == OP_CLEAR && r->kind == ROW_ALIAS);
}

#endif
