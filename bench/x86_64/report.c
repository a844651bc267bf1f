// SPDX-License-Identifier: MIT
/*
 * The report: the header (machine, strategies, columns, method) and the
 * bulk tables in markdown, on stdout and in results.md alike; results.csv
 * (every bulk cell); clear_user.dat, the plot data of bench.gp.
 */
#include <cpuid.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uaccess.h>
#include "bench.h"

/* ---- Output ----------------------------------------------------------- */

static FILE *md_file;

void out(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	va_start(ap, fmt);
	vfprintf(md_file, fmt, ap);
	va_end(ap);
}

FILE *open_output(const char *dir, const char *name)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(2);
	}
	return f;
}

void open_report(const char *dir)
{
	md_file = open_output(dir, "results.md");
}

void close_report(void)
{
	fclose(md_file);
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

void report_header(unsigned long detected, int cpu, double ghz,
		   bool strings_only)
{
	char brand[49], names[64], sig[80];

	cpu_brand(brand);
	cpu_signature(sig, sizeof(sig));
	feature_names(detected, names, sizeof(names));

	out("# uaccess benchmark\n\n");
	out("- cpu: %s (%s)\n", brand, sig);
	out("- features: %s (uaccess_cpu_features(): CPUID's and the per-CPU "
	    "table's, arch/x86_64/cpu_features.c; SMAP is masked in user space)\n",
	    names);
	out("- tsc: %.3f GHz (rdtsc against CLOCK_MONOTONIC)\n", ghz);
	out("- lib strategy: %s (uaccess_strategy_name())\n", columns[0].strategy);
	for (size_t i = 0; i < ARRAY_SIZE(forced_sets); i++)
		out("- forced %s: uaccess_init_features(%#lx), strategy %s\n",
		    forced_sets[i].name, forced_sets[i].features,
		    columns[column_index(forced_sets[i].name)].strategy);
	for (size_t i = 0; i < ARRAY_SIZE(references); i++)
		out("- %s: %s (bench/x86_64/ref.S)\n", references[i].name,
		    references[i].about);
	out("- glibc: memset / memcpy, the user-space ceiling\n");
	out("- linux: Linux 6.x's checked call on this CPU's features, access_ok() "
	    "in front (copy_from_user: Linux 6.12's mask instead, bench.h): %s; %s "
	    "(bench/x86_64/ref.S)\n", linux_about, linux_about_copy);
	out("- method: TSC ticks per call, median of %d rounds of ~%.0f-tick batches; "
	    "buffers at page offset %lu; cpu %d\n",
	    env.rounds, TARGET_TICKS, env.page_offset, cpu);
	out("- mixes: sizes drawn uniformly (fixed seed), each sample the next ones of %d; "
	    "ticks are the mean per call\n", MIX_LEN);
	if (!strings_only) {
		double rnd, pre, miss = mispredict_ticks(env.rounds, &rnd, &pre);

		out("- branch: %.1f ticks per random 50/50 branch, %.1f per predicted one: "
		    "one mispredict costs %.1f ticks (what a size branch pays on a "
		    "random mix)\n", rnd, pre, miss);
	}
	fflush(stdout);
}

/* ---- Bulk tables ------------------------------------------------------ */

static int column_width(int c)
{
	int w = (int)strlen(columns[c].name);

	return w < 8 ? 8 : w;
}

static double best_reference(int op, int row, int *which)
{
	double best = 0;

	for (int c = 0; c < (int)NR_COLUMNS; c++)
		if (columns[c].is_reference &&
		    (!best || ticks[op][row][c] < best)) {
			best = ticks[op][row][c];
			*which = c;
		}
	return best;
}

/* Column col over the best reference; the 0.5-tick floor keeps near-empty
 * cells from making huge ratios out of noise. */
static double col_ratio(int op, int row, int col)
{
	int which;
	double lib = ticks[op][row][col], ref = best_reference(op, row, &which);

	return (lib > 0.5 ? lib : 0.5) / (ref > 0.5 ? ref : 0.5);
}

/* The header and alignment lines; `extra` cells (name, dashes) follow. */
static void table_header(const char *extra_names, const char *extra_dashes)
{
	out("\n| %-18s |", "size");
	for (int c = 0; c < (int)NR_SHOWN_COLUMNS; c++)
		out(" %*s |", column_width(c), columns[c].name);
	out("%s\n|-------------------:|", extra_names);
	for (int c = 0; c < (int)NR_SHOWN_COLUMNS; c++)
		out("%.*s:|", column_width(c) + 1, "--------------------");
	out("%s\n", extra_dashes);
}

static void ticks_table(int op)
{
	out("\n## %s: ticks per call\n", op_names[op]);
	table_header(" best ref     | lib/ref | __/ref |",
		     "--------------|--------:|-------:|");
	for (int i = 0; i < nr_rows; i++) {
		int which;

		if (!row_applies(op, &rows[i]))
			continue;
		out("| %18s |", rows[i].label);
		for (int c = 0; c < (int)NR_SHOWN_COLUMNS; c++)
			out(" %*.1f |", column_width(c), ticks[op][i][c]);
		best_reference(op, i, &which);
		out(" %-12s | %7.2f | %6.2f |\n", columns[which].name + strlen("ref:"),
		    col_ratio(op, i, 0), col_ratio(op, i, 1));
	}
}

static void throughput_table(int op, double ghz)
{
	out("\n%s: GB/s at sizes >= 64 KiB (bytes / (ticks / %.3f GHz))\n",
	    op_names[op], ghz);
	table_header("", "");
	for (int i = 0; i < nr_rows; i++) {
		if (rows[i].kind != ROW_SIZE || rows[i].n < 65536)
			continue;
		out("| %18s |", rows[i].label);
		for (int c = 0; c < (int)NR_SHOWN_COLUMNS; c++)
			out(" %*.2f |", column_width(c),
			    (double)rows[i].n * ghz / ticks[op][i][c]);
		out("\n");
	}
}

/*
 * The worst ratio of column col to the best reference, over the fixed sizes
 * >= 64 and the mixes (big) or the fixed sizes < 64 (small).
 */
static void worst_rows(int op, int col, int *worst_big, int *worst_small)
{
	*worst_big = *worst_small = -1;
	for (int i = 0; i < nr_rows; i++) {
		int *worst;

		if (rows[i].kind == ROW_MIX ||
		    (rows[i].kind == ROW_SIZE && rows[i].n >= 64))
			worst = worst_big;
		else if (rows[i].kind == ROW_SIZE)
			worst = worst_small;
		else
			continue;
		if (*worst < 0 || col_ratio(op, i, col) > col_ratio(op, *worst, col))
			*worst = i;
	}
}

static void summary(int op)
{
	int rep = column_index("ref:rep");
	int unrolled = column_index("ref:unrolled");
	int row256 = size_row(256), row4096 = size_row(4096);

	for (int col = 0; col < 2; col++) {
		int big, small;

		worst_rows(op, col, &big, &small);
		out("\n- %s: worst ratio %s / best reference: %.2f at %s (sizes >= 64 and mixes),"
		    " %.2f at %s (sizes < 64)\n", op_names[op], columns[col].name,
		    col_ratio(op, big, col), rows[big].label,
		    col_ratio(op, small, col), rows[small].label);
		out("- %s: %s vs rep-only at 256 B: %.2fx faster; vs unrolled-only at 4096 B: %.2fx faster\n",
		    op_names[op], columns[col].name,
		    ticks[op][row256][rep] / ticks[op][row256][col],
		    ticks[op][row4096][unrolled] / ticks[op][row4096][col]);
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

/* The best checked reference (ok+) at a row. */
static double best_checked(int op, int row)
{
	double best = 0;

	for (int c = 0; c < (int)NR_COLUMNS; c++)
		if (columns[c].is_checked_reference &&
		    (!best || ticks[op][row][c] < best))
			best = ticks[op][row][c];
	return best;
}

static void bounds_table(void)
{
	int linux_col = column_index("linux"), nomask_col = column_index("lib:nomask");
	int again_col = column_index("lib:again");

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
		for (size_t b = 0; b < ARRAY_SIZE(bands); b++) {
			const int col[2] = { 0, nomask_col };
			double worst[2] = { 0, 0 }, worst_linux = 0, noise = 1;
			int at[2] = { -1, -1 }, over[2] = { 0, 0 }, at_linux = -1, sizes = 0;

			for (int i = 0; i < nr_rows; i++) {
				double best, twice;

				if (rows[i].kind != ROW_SIZE || rows[i].n < bands[b].lo ||
				    rows[i].n > bands[b].hi)
					continue;
				sizes++;
				if (ticks[op][i][0] / ticks[op][i][linux_col] > worst_linux) {
					worst_linux = ticks[op][i][0] / ticks[op][i][linux_col];
					at_linux = i;
				}
				twice = ticks[op][i][again_col] / ticks[op][i][0];
				if (twice < 1)
					twice = 1 / twice;
				if (twice > noise)
					noise = twice;
				best = best_checked(op, i);
				for (int k = 0; k < 2; k++) {
					double r = ticks[op][i][col[k]] / best;

					if (r > worst[k]) {
						worst[k] = r;
						at[k] = i;
					}
					over[k] += r > bands[b].bound;
				}
			}
			if (!sizes)
				continue;
			out("| %s | %lu..%lu | %.2f | %.2f | %s | %d of %d | %.2f | %s | %d of %d "
			    "| %.2f | %s | %.2f |\n",
			    op_names[op], bands[b].lo, bands[b].hi, bands[b].bound,
			    worst[0], rows[at[0]].label, over[0], sizes, worst[1],
			    rows[at[1]].label, over[1], sizes, worst_linux,
			    rows[at_linux].label, noise);
		}
}

void report_bulk(double ghz)
{
	for (int op = 0; op < NR_OPS; op++) {
		ticks_table(op);
		throughput_table(op, ghz);
		summary(op);
	}
	bounds_table();
}

/* ---- csv and plot data ------------------------------------------------ */

void write_csv(const char *dir)
{
	FILE *f = open_output(dir, "results.csv");

	fprintf(f, "op,row,column,ticks\n");
	for (int op = 0; op < NR_OPS; op++)
		for (int i = 0; i < nr_rows; i++)
			for (int c = 0; c < (int)NR_COLUMNS; c++)
				if (row_applies(op, &rows[i]))
					fprintf(f, "%s,%s,%s,%.2f\n", op_names[op],
						rows[i].label, columns[c].name,
						ticks[op][i][c]);
	fclose(f);
}

/*
 * clear_user.dat for bench.gp: fixed sizes >= 1 (log scale), one column per
 * strategy; the '#' header line names the columns.
 */
void write_plot_data(const char *dir)
{
	FILE *f = open_output(dir, "clear_user.dat");

	fprintf(f, "# size");
	for (int c = 0; c < (int)NR_SHOWN_COLUMNS; c++)
		fprintf(f, " %s", columns[c].name);
	fprintf(f, "\n");
	for (int i = 0; i < nr_rows; i++) {
		if (rows[i].kind != ROW_SIZE || rows[i].n == 0)
			continue;
		fprintf(f, "%lu", rows[i].n);
		for (int c = 0; c < (int)NR_SHOWN_COLUMNS; c++)
			fprintf(f, " %.2f", ticks[OP_CLEAR][i][c]);
		fprintf(f, "\n");
	}
	fclose(f);
}

