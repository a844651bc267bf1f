// SPDX-License-Identifier: MIT
/*
 * The report of bulk.c's cells (struct bulk): the header (machine,
 * strategies, columns, method) and the bulk tables in markdown, on stdout
 * and in results.md alike (out()); results.csv (every bulk cell);
 * clear_user.dat, the plot data of plot.gp.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uaccess.h>
#include "bulk.h"

static int size_row(const struct bulk *b, unsigned long n)
{
	for (int i = 0; i < b->nr_rows; i++)
		if (b->rows[i].kind == ROW_SIZE && b->rows[i].n == n)
			return i;
	fprintf(stderr, "bench: no row for size %lu\n", n);
	exit(2);
}

/* ---- Header ----------------------------------------------------------- */

/*
 * The value of key in /proc/cpuinfo ("key\t...: value", the first CPU's),
 * or "unknown". The kernel has decoded CPUID there: the brand string
 * trimmed, the display family and model with their extended fields added.
 */
static void cpuinfo(const char *key, char *buf, size_t len)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[256];
	size_t n = strlen(key);

	snprintf(buf, len, "unknown");
	while (f && fgets(line, sizeof(line), f)) {
		if (strncmp(line, key, n) || line[n] != '\t' || !strstr(line, ": "))
			continue;
		line[strcspn(line, "\n")] = '\0';
		snprintf(buf, len, "%s", strstr(line, ": ") + 2);
		break;
	}
	if (f)
		fclose(f);
}

/* The names of the features in f, upper case, in bit order. */
static const char *feature_names(unsigned long f, char *buf, size_t len)
{
	static const char *const names[] = UACCESS_FEATURE_NAMES;
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < ARRAY_SIZE(names) && used < len; i++)
		if (names[i] && f & 1UL << i)
			used += (size_t)snprintf(buf + used, len - used, " %s", names[i]);
	for (char *c = buf; *c; c++)
		*c = (char)toupper((unsigned char)*c);
	return used ? buf + 1 : "(none)";
}

void report_header(const struct bench_env *env, const struct bulk *b,
		   unsigned long detected, int cpu, double ghz, bool no_bulk)
{
	char brand[128], vendor[32], family[16], model[16], stepping[16], names[128];
	unsigned long lib = b->columns[0].features;

	cpuinfo("model name", brand, sizeof(brand));
	cpuinfo("vendor_id", vendor, sizeof(vendor));
	cpuinfo("cpu family", family, sizeof(family));
	cpuinfo("model", model, sizeof(model));
	cpuinfo("stepping", stepping, sizeof(stepping));

	out("# uaccess benchmark\n\n");
	/*
	 * The family and model too: a brand string such as "AMD EPYC" names no
	 * generation, these do (AMD family 0x19 is Zen 3 and Zen 4, 0x1a Zen 5;
	 * Intel family 6 model 0xcf Emerald Rapids).
	 */
	out("- cpu: %s (%s, family %#x, model %#x, stepping %s)\n", brand, vendor,
	    atoi(family), atoi(model), stepping);
	out("- features: %s (uaccess_cpu_features(): CPUID's and the per-CPU "
	    "table's, arch/x86_64/cpu_features.c; SMAP is masked in user space)\n",
	    feature_names(detected, names, sizeof(names)));
	out("- tsc: %.3f GHz (rdtsc against CLOCK_MONOTONIC)\n", ghz);
	out("- lib strategy: %s (uaccess_strategy_name())\n", b->columns[0].strategy);
	for (const struct column *c = b->columns + COL_FORCED; c < b->columns + COL_REF; c++)
		out("- forced %s: uaccess_init_features(%#lx), strategy %s\n",
		    c->name, c->features, c->strategy);
	for (const struct column *c = b->columns + COL_REF; c < b->columns + COL_GLIBC; c++)
		out("- %s: %s (bench/x86_64/ref.S)\n", c->name, c->about);
	out("- glibc: memset / memcpy, the user-space ceiling\n");
	out("- linux: Linux 6.x's checked call on this CPU's features, access_ok() "
	    "in front (copy_from_user: Linux 6.12's mask instead, bench.h): %s; %s "
	    "(bench/x86_64/ref.S)\n", linux_clears(), linux_copies(lib));
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

/* The best (fewest ticks) reference from column first on at a row; which: its index. */
static double best_of(const struct bulk *b, int first, int op, int row, int *which)
{
	double best = 0;

	for (int c = first; c < first + NR_REFERENCES; c++)
		if (!best || b->ticks[op][row][c] < best) {
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

/* The worst ratio so far and at which row. */
struct worst {
	double ratio;
	int at;
};

static void worse(struct worst *w, double ratio, int row)
{
	if (ratio > w->ratio) {
		w->ratio = ratio;
		w->at = row;
	}
}

static void summary(const struct bulk *b, int op)
{
	int rep = COL_REF + REF_REP, unrolled = COL_REF + REF_UNROLLED;
	int row256 = size_row(b, 256), row4096 = size_row(b, 4096);

	for (int col = 0; col < 2; col++) {
		/* Over the fixed sizes >= 64 and the mixes (big), the fixed sizes < 64. */
		struct worst big = { 0, -1 }, small = { 0, -1 };

		for (int i = 0; i < b->nr_rows; i++) {
			const struct row *r = &b->rows[i];

			if (r->kind == ROW_MIX || (r->kind == ROW_SIZE && r->n >= 64))
				worse(&big, col_ratio(b, op, i, col), i);
			else if (r->kind == ROW_SIZE)
				worse(&small, col_ratio(b, op, i, col), i);
		}
		out("\n- %s: worst ratio %s / best reference: %.2f at %s (sizes >= 64 and mixes),"
		    " %.2f at %s (sizes < 64)\n", op_names[op], b->columns[col].name,
		    big.ratio, b->rows[big.at].label, small.ratio, b->rows[small.at].label);
		out("- %s: %s vs rep-only at 256 B: %.2fx faster; vs unrolled-only at 4096 B: %.2fx faster\n",
		    op_names[op], b->columns[col].name,
		    b->ticks[op][row256][rep] / b->ticks[op][row256][col],
		    b->ticks[op][row4096][unrolled] / b->ticks[op][row4096][col]);
	}
}

/* ---- Bands ---------------------------------------------------------- */

/*
 * The fixed-size bands of the band table (median.py reads them back from
 * results.md): the routines' size classes below 64 and to 127, their
 * 64-byte blocks, then where rep takes over (bands.h).
 */
static const struct {
	unsigned long lo, hi;
} bands[] = {
	{ 0, 63 }, { 64, 127 }, { 128, 511 }, { 512, 4096 },
};

/* A ratio over a band's sizes: the sum of its logarithms, the worst size. */
struct band_ratio {
	double log_sum;
	struct worst worst;
};

static void add_ratio(struct band_ratio *r, double ratio, int row)
{
	r->log_sum += log(ratio);
	worse(&r->worst, ratio, row);
}

static void band_table(const struct bulk *b)
{
	out("\n## Fixed sizes by band: the checked call against Linux and the "
	    "best single strategy\n\n");
	out("- lib / linux: the library's checked call over Linux 6.x's on this CPU "
	    "(the linux column, checked and masked as Linux checks and masks)\n");
	out("- lib / ok+best: over the best ok+ reference at each size: the ref: "
	    "strategies behind the library's own access_ok() and Spectre-v1 mask, "
	    "the contract of its checked calls\n");
	out("- each the geometric mean over the band's fixed sizes (below 1: lib "
	    "is faster), then the worst size's ratio (at that size)\n");
	out("- noise: lib:again / lib, the checked call timed twice, the same mean\n\n");
	out("| op | sizes | lib / linux | worst | lib / ok+best | worst | noise |\n");
	out("|---|---|---:|---:|---:|---:|---:|\n");
	for (int op = 0; op < NR_OPS; op++)
		for (size_t bd = 0; bd < ARRAY_SIZE(bands); bd++) {
			struct band_ratio to_linux = { 0, { 0, -1 } };
			struct band_ratio to_best = to_linux, noise = to_linux;
			int sizes = 0, which;

			for (int i = 0; i < b->nr_rows; i++) {
				const double *t = b->ticks[op][i];

				if (b->rows[i].kind != ROW_SIZE || b->rows[i].n < bands[bd].lo ||
				    b->rows[i].n > bands[bd].hi)
					continue;
				sizes++;
				add_ratio(&to_linux, t[COL_LIB] / t[COL_LINUX], i);
				add_ratio(&to_best, t[COL_LIB] / best_of(b, COL_OK, op, i, &which),
					  i);
				add_ratio(&noise, t[COL_AGAIN] / t[COL_LIB], i);
			}
			if (!sizes)
				continue;
			out("| %s | %lu..%lu | %.2f | %.2f (%s) | %.2f | %.2f (%s) | %.2f |\n",
			    op_names[op], bands[bd].lo, bands[bd].hi, exp(to_linux.log_sum / sizes),
			    to_linux.worst.ratio, b->rows[to_linux.worst.at].label,
			    exp(to_best.log_sum / sizes), to_best.worst.ratio,
			    b->rows[to_best.worst.at].label, exp(noise.log_sum / sizes));
		}
}

void report_bulk(const struct bulk *b, double ghz)
{
	for (int op = 0; op < NR_OPS; op++) {
		ticks_table(b, op);
		throughput_table(b, op, ghz);
		summary(b, op);
	}
	band_table(b);
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

