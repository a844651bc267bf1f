// SPDX-License-Identifier: MIT
/*
 * The report of bulk.c's cells (struct bulk): the header (machine,
 * strategies, columns, method) and the bulk tables in markdown, on stdout
 * and in results.md alike (out()); results.csv (every bulk cell);
 * clear_user.dat, the plot data of plot.gp.
 */
#include <cpuid.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uaccess.h>
#include "bulk.h"

static int column_index(const struct bulk *b, const char *name)
{
	for (size_t c = 0; c < NR_COLUMNS; c++)
		if (!strcmp(b->columns[c].name, name))
			return (int)c;
	fprintf(stderr, "bench: no column %s\n", name);
	exit(2);
}

static int size_row(const struct bulk *b, unsigned long n)
{
	for (int i = 0; i < b->nr_rows; i++)
		if (b->rows[i].kind == ROW_SIZE && b->rows[i].n == n)
			return i;
	fprintf(stderr, "bench: no row for size %lu\n", n);
	exit(2);
}

/* ---- Header ----------------------------------------------------------- */

static void cpu_brand(char brand[49])
{
	unsigned int regs[12], max, ebx, ecx, edx;

	strcpy(brand, "unknown");
	if (!__get_cpuid(0x80000000, &max, &ebx, &ecx, &edx) || max < 0x80000004)
		return;
	for (unsigned int i = 0; i < 3; i++)
		__cpuid(0x80000002 + i, regs[4 * i], regs[4 * i + 1],
			regs[4 * i + 2], regs[4 * i + 3]);
	memcpy(brand, regs, 48);
	brand[48] = '\0';
	/* CPUs pad the string with spaces, some in front. */
	memmove(brand, brand + strspn(brand, " "), strlen(brand) + 1);
	for (size_t len = strlen(brand); len && brand[len - 1] == ' '; len--)
		brand[len - 1] = '\0';
}

/*
 * The vendor and the display family and model of CPUID leaf 1 (the
 * extended fields added as the vendors' manuals say): a brand string such
 * as "AMD EPYC" names no generation, these do (AMD family 0x19 is Zen 3
 * and Zen 4, 0x1a Zen 5; Intel family 6 model 0xcf Emerald Rapids).
 */
static void cpu_signature(char *buf, size_t len)
{
	unsigned int regs[3], eax, ebx, ecx, edx, family, model;
	char vendor[13];

	if (!__get_cpuid(0, &eax, &regs[0], &regs[2], &regs[1]) ||
	    !__get_cpuid(1, &eax, &ebx, &ecx, &edx)) {
		snprintf(buf, len, "unknown");
		return;
	}
	memcpy(vendor, regs, 12);
	vendor[12] = '\0';
	family = (eax >> 8) & 0xf;
	model = (eax >> 4) & 0xf;
	if (family == 0xf)
		family += (eax >> 20) & 0xff;
	if (family == 0x6 || family >= 0xf)
		model |= ((eax >> 16) & 0xf) << 4;
	snprintf(buf, len, "%s, family %#x, model %#x, stepping %u", vendor,
		 family, model, eax & 0xf);
}

/* The names of the features in f, upper case, in bit order. */
static void feature_names(unsigned long f, char *buf, size_t len)
{
	static const char *const names[] = UACCESS_FEATURE_NAMES;
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < ARRAY_SIZE(names) && used + 1 < len; i++) {
		if (!names[i] || !(f & (1UL << i)))
			continue;
		if (used)
			buf[used++] = ' ';
		for (const char *c = names[i]; *c && used + 1 < len; c++)
			buf[used++] = (char)toupper((unsigned char)*c);
		buf[used] = '\0';
	}
	if (!used)
		snprintf(buf, len, "(none)");
}

void report_header(const struct bench_env *env, const struct bulk *b,
		   unsigned long detected, int cpu, double ghz, bool no_bulk)
{
	char brand[49], names[64], sig[80];
	unsigned long lib = b->columns[0].features;

	cpu_brand(brand);
	cpu_signature(sig, sizeof(sig));
	feature_names(detected, names, sizeof(names));

	out("# uaccess benchmark\n\n");
	out("- cpu: %s (%s)\n", brand, sig);
	out("- features: %s (uaccess_cpu_features(): CPUID's and the per-CPU "
	    "table's, arch/x86_64/cpu_features.c; SMAP is masked in user space)\n",
	    names);
	out("- tsc: %.3f GHz (rdtsc against CLOCK_MONOTONIC)\n", ghz);
	out("- lib strategy: %s (uaccess_strategy_name())\n", b->columns[0].strategy);
	for (const struct column *c = b->columns; c < b->columns + NR_COLUMNS; c++)
		if (c->kind == COL_FORCED)
			out("- forced %s: uaccess_init_features(%#lx), strategy %s\n",
			    c->name, c->features, c->strategy);
	for (const struct column *c = b->columns; c < b->columns + NR_COLUMNS; c++)
		if (c->kind == COL_REF)
			out("- %s: %s (bench/x86_64/ref.S)\n", c->name, c->about);
	out("- glibc: memset / memcpy, the user-space ceiling\n");
	out("- linux: Linux 6.x's checked call on this CPU's features, access_ok() "
	    "in front (copy_from_user: Linux 6.12's mask instead, bench.h): %s; %s "
	    "(bench/x86_64/ref.S)\n", linux_clears(lib), linux_copies(lib));
	out("- method: TSC ticks per call, median of %d rounds of ~%.0f-tick batches; "
	    "buffers at page offset %lu; cpu %d\n",
	    env->rounds, TARGET_TICKS, env->page_offset, cpu);
	out("- mixes: sizes drawn uniformly (fixed seed), each sample the next ones of %d; "
	    "ticks are the mean per call\n", MIX_LEN);
	if (!no_bulk) {
		double rnd, pre, miss = mispredict_ticks(env->rounds, &rnd, &pre);

		out("- branch: %.1f ticks per random 50/50 branch, %.1f per predicted one: "
		    "one mispredict costs %.1f ticks (what a size branch pays on a "
		    "random mix)\n", rnd, pre, miss);
	}
	fflush(stdout);
}

/* ---- Bulk tables ------------------------------------------------------ */

static int column_width(const struct bulk *b, int c)
{
	int w = (int)strlen(b->columns[c].name);

	return w < 8 ? 8 : w;
}

/* The best (fewest ticks) column of a kind at a row; which: its index. */
static double best_of(const struct bulk *b, enum column_kind kind, int op, int row,
		      int *which)
{
	double best = 0;

	for (int c = 0; c < (int)NR_COLUMNS; c++)
		if (b->columns[c].kind == kind && (!best || b->ticks[op][row][c] < best)) {
			best = b->ticks[op][row][c];
			*which = c;
		}
	return best;
}

/* Column col over the best reference; the 0.5-tick floor keeps near-empty
 * cells from making huge ratios out of noise. */
static double col_ratio(const struct bulk *b, int op, int row, int col)
{
	int which = 0;
	double lib = b->ticks[op][row][col], ref = best_of(b, COL_REF, op, row, &which);

	return (lib > 0.5 ? lib : 0.5) / (ref > 0.5 ? ref : 0.5);
}

/* The header and alignment lines; `extra` cells (name, dashes) follow. */
static void table_header(const struct bulk *b, const char *extra_names,
			 const char *extra_dashes)
{
	out("\n| %-18s |", "size");
	for (int c = 0; c < (int)NR_SHOWN_COLUMNS; c++)
		out(" %*s |", column_width(b, c), b->columns[c].name);
	out("%s\n|-------------------:|", extra_names);
	for (int c = 0; c < (int)NR_SHOWN_COLUMNS; c++)
		out("%.*s:|", column_width(b, c) + 1, "--------------------");
	out("%s\n", extra_dashes);
}

static void ticks_table(const struct bulk *b, int op)
{
	out("\n## %s: ticks per call\n", op_names[op]);
	table_header(b, " best ref     | lib/ref | __/ref |",
		     "--------------|--------:|-------:|");
	for (int i = 0; i < b->nr_rows; i++) {
		int which = 0;

		if (!row_applies(op, &b->rows[i]))
			continue;
		out("| %18s |", b->rows[i].label);
		for (int c = 0; c < (int)NR_SHOWN_COLUMNS; c++)
			out(" %*.1f |", column_width(b, c), b->ticks[op][i][c]);
		best_of(b, COL_REF, op, i, &which);
		out(" %-12s | %7.2f | %6.2f |\n", b->columns[which].name + strlen("ref:"),
		    col_ratio(b, op, i, 0), col_ratio(b, op, i, 1));
	}
}

static void throughput_table(const struct bulk *b, int op, double ghz)
{
	out("\n%s: GB/s at sizes >= 64 KiB (bytes / (ticks / %.3f GHz))\n",
	    op_names[op], ghz);
	table_header(b, "", "");
	for (int i = 0; i < b->nr_rows; i++) {
		if (b->rows[i].kind != ROW_SIZE || b->rows[i].n < 65536)
			continue;
		out("| %18s |", b->rows[i].label);
		for (int c = 0; c < (int)NR_SHOWN_COLUMNS; c++)
			out(" %*.2f |", column_width(b, c),
			    (double)b->rows[i].n * ghz / b->ticks[op][i][c]);
		out("\n");
	}
}

/*
 * The worst ratio of column col to the best reference, over the fixed sizes
 * >= 64 and the mixes (big) or the fixed sizes < 64 (small).
 */
static void worst_rows(const struct bulk *b, int op, int col, int *worst_big,
		       int *worst_small)
{
	*worst_big = *worst_small = -1;
	for (int i = 0; i < b->nr_rows; i++) {
		int *worst;

		if (b->rows[i].kind == ROW_MIX ||
		    (b->rows[i].kind == ROW_SIZE && b->rows[i].n >= 64))
			worst = worst_big;
		else if (b->rows[i].kind == ROW_SIZE)
			worst = worst_small;
		else
			continue;
		if (*worst < 0 || col_ratio(b, op, i, col) > col_ratio(b, op, *worst, col))
			*worst = i;
	}
}

static void summary(const struct bulk *b, int op)
{
	int rep = column_index(b, "ref:rep");
	int unrolled = column_index(b, "ref:unrolled");
	int row256 = size_row(b, 256), row4096 = size_row(b, 4096);

	for (int col = 0; col < 2; col++) {
		int big, small;

		worst_rows(b, op, col, &big, &small);
		out("\n- %s: worst ratio %s / best reference: %.2f at %s (sizes >= 64 and mixes),"
		    " %.2f at %s (sizes < 64)\n", op_names[op], b->columns[col].name,
		    col_ratio(b, op, big, col), b->rows[big].label,
		    col_ratio(b, op, small, col), b->rows[small].label);
		out("- %s: %s vs rep-only at 256 B: %.2fx faster; vs unrolled-only at 4096 B: %.2fx faster\n",
		    op_names[op], b->columns[col].name,
		    b->ticks[op][row256][rep] / b->ticks[op][row256][col],
		    b->ticks[op][row4096][unrolled] / b->ticks[op][row4096][col]);
	}
}

/* ---- Bounds --------------------------------------------------------- */

/*
 * The fixed-size bands and the most the library's checked call may cost
 * over the best single strategy in each: copies below 64 bytes carry the
 * check and the call in a few ticks, so they get the most room. Clears
 * are reported against the same numbers.
 */
static const struct {
	unsigned long lo, hi;
	double bound;
} bands[] = {
	{ 0, 63, 1.30 },
	{ 64, 127, 1.15 },
	{ 128, MAX_SIZE, 1.10 },
};

static void bounds_table(const struct bulk *b)
{
	int linux_col = column_index(b, "linux"), nomask_col = column_index(b, "lib:nomask");
	int again_col = column_index(b, "lib:again");

	out("\n## Fixed sizes: the checked call against the best single strategy\n\n");
	out("- lib: the library's checked call (access_ok, Spectre-v1 mask, the "
	    "copy); best single: the best of the ref: strategies at that size, "
	    "with the same access_ok() in front (ok+)\n");
	out("- lib:nomask: the same less the mask (the library's __ call behind "
	    "access_ok()): what the routines cost against the same references\n");
	out("- every fixed size of the band; worst: the size with the highest "
	    "ratio; over: how many sizes exceed the bound\n");
	out("- linux: the worst ratio to Linux's checked call on this CPU\n");
	out("- noise: the checked call timed twice (lib:again / lib), the worst "
	    "size either way: a miss smaller than that is not measured\n\n");
	out("| op | sizes | bound | worst lib / ok+best | at | over "
	    "| worst lib:nomask / ok+best | at | over | worst lib / linux | at | noise |\n");
	out("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
	for (int op = 0; op < NR_OPS; op++)
		for (size_t bd = 0; bd < ARRAY_SIZE(bands); bd++) {
			const int col[2] = { 0, nomask_col };
			double worst[2] = { 0, 0 }, worst_linux = 0, noise = 1;
			int at[2] = { -1, -1 }, over[2] = { 0, 0 }, at_linux = -1, sizes = 0;
			int which;

			for (int i = 0; i < b->nr_rows; i++) {
				double best, twice;

				if (b->rows[i].kind != ROW_SIZE || b->rows[i].n < bands[bd].lo ||
				    b->rows[i].n > bands[bd].hi)
					continue;
				sizes++;
				if (b->ticks[op][i][0] / b->ticks[op][i][linux_col] > worst_linux) {
					worst_linux = b->ticks[op][i][0] / b->ticks[op][i][linux_col];
					at_linux = i;
				}
				twice = b->ticks[op][i][again_col] / b->ticks[op][i][0];
				if (twice < 1)
					twice = 1 / twice;
				if (twice > noise)
					noise = twice;
				best = best_of(b, COL_CHECKED_REF, op, i, &which);
				for (int k = 0; k < 2; k++) {
					double r = b->ticks[op][i][col[k]] / best;

					if (r > worst[k]) {
						worst[k] = r;
						at[k] = i;
					}
					over[k] += r > bands[bd].bound;
				}
			}
			if (!sizes)
				continue;
			out("| %s | %lu..%lu | %.2f | %.2f | %s | %d of %d | %.2f | %s | %d of %d "
			    "| %.2f | %s | %.2f |\n",
			    op_names[op], bands[bd].lo, bands[bd].hi, bands[bd].bound,
			    worst[0], b->rows[at[0]].label, over[0], sizes, worst[1],
			    b->rows[at[1]].label, over[1], sizes, worst_linux,
			    b->rows[at_linux].label, noise);
		}
}

void report_bulk(const struct bulk *b, double ghz)
{
	for (int op = 0; op < NR_OPS; op++) {
		ticks_table(b, op);
		throughput_table(b, op, ghz);
		summary(b, op);
	}
	bounds_table(b);
}

/* ---- csv and plot data ------------------------------------------------ */

void write_csv(const struct bulk *b, const char *dir)
{
	FILE *f = open_output(dir, "results.csv");

	fprintf(f, "op,row,column,ticks\n");
	for (int op = 0; op < NR_OPS; op++)
		for (int i = 0; i < b->nr_rows; i++)
			for (int c = 0; c < (int)NR_COLUMNS; c++)
				if (row_applies(op, &b->rows[i]))
					fprintf(f, "%s,%s,%s,%.2f\n", op_names[op],
						b->rows[i].label, b->columns[c].name,
						b->ticks[op][i][c]);
	fclose(f);
}

/*
 * clear_user.dat for plot.gp: fixed sizes >= 1 (log scale), one column per
 * strategy; the '#' header line names the columns.
 */
void write_plot_data(const struct bulk *b, const char *dir)
{
	FILE *f = open_output(dir, "clear_user.dat");

	fprintf(f, "# size");
	for (int c = 0; c < (int)NR_SHOWN_COLUMNS; c++)
		fprintf(f, " %s", b->columns[c].name);
	fprintf(f, "\n");
	for (int i = 0; i < b->nr_rows; i++) {
		if (b->rows[i].kind != ROW_SIZE || b->rows[i].n == 0)
			continue;
		fprintf(f, "%lu", b->rows[i].n);
		for (int c = 0; c < (int)NR_SHOWN_COLUMNS; c++)
			fprintf(f, " %.2f", b->ticks[OP_CLEAR][i][c]);
		fprintf(f, "\n");
	}
	fclose(f);
}

