// SPDX-License-Identifier: MIT
/*
 * uaccess-bench: TSC ticks per call of clear_user, copy_to_user and
 * copy_from_user, next to the library forced onto each feature set, the
 * reference strategies of ref.S and glibc's memset/memcpy; then the
 * replayed traces (-t), the strings and the hardening tables. bench.h says
 * which file does what.
 *
 * This file: the options, the buffers, and the parts called in order.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "bulk.h"

static char *map_buffer(void)
{
	char *p = mmap(NULL, BUF_BYTES, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);

	if (p == MAP_FAILED) {
		perror("mmap");
		exit(2);
	}
	/* Small pages, as user memory usually is, whatever THP is set to. */
	madvise(p, BUF_BYTES, MADV_NOHUGEPAGE);
	memset(p, 0x5a, BUF_BYTES);	/* fault every page in now */
	return p;
}

static void usage(const char *prog)
{
	fprintf(stderr,
		"usage: %s [-o DIR] [-r ROUNDS] [-a OFFSET] [-s] [-R] [-t TRACE]...\n"
		"  -o DIR     write results.md, results.csv, clear_user.dat there (.)\n"
		"  -r ROUNDS  samples per cell, the median is reported (%d)\n"
		"  -a OFFSET  start buffers OFFSET bytes into a page (0..4095, 0)\n"
		"  -s         the strings and hardening tables only\n"
		"  -t TRACE   replay the size trace TRACE (bench/x86_64/traces/, .gz or not);\n"
		"             repeatable, up to %d\n"
		"  -R         the replay table only\n"
		"  -c         the calls callgrind counts, nothing else (make bench-count)\n",
		prog, DEFAULT_ROUNDS, MAX_TRACES);
	exit(2);
}

int main(int argc, char **argv)
{
	struct bench_env env = { .rounds = DEFAULT_ROUNDS };
	struct trace *traces[MAX_TRACES];
	const char *dir = ".";
	unsigned long detected, lib, left = 0;
	struct bulk *bulk;
	double ghz, t0;
	int opt, cpu, nr_traces = 0, only = 0;	/* 's', 'R', 'c' or 0: all */

	while ((opt = getopt(argc, argv, "o:r:a:st:Rch")) != -1) {
		if (opt == 'o')
			dir = optarg;
		else if (opt == 'r')
			env.rounds = atoi(optarg);
		else if (opt == 'a')
			env.page_offset = strtoul(optarg, NULL, 0);
		else if (opt == 't' && nr_traces < MAX_TRACES)
			traces[nr_traces++] = load_trace(optarg);
		else if (opt == 's' || opt == 'R' || opt == 'c')
			only = opt;
		else
			usage(argv[0]);
	}
	if (env.rounds < 1 || env.page_offset >= PAGE_SIZE)
		usage(argv[0]);

	cpu = pin_to_this_cpu();
	env.user_buf = map_buffer();
	env.kernel_buf = map_buffer();
	lib = library_setup(&detected);
	bulk = bulk_setup(&env, lib);
	if (only == 'c')
		return count_table(&env, bulk) ? 1 : 0;

	open_report(dir);
	ghz = estimate_tsc_ghz();
	report_header(&env, bulk, detected, cpu, ghz, only);

	t0 = now_ns();
	if (!only) {
		left |= bulk_measure(&env, bulk);
		report_bulk(bulk, ghz);
	}
	if (only != 's')
		left |= replay_table(&env, traces, nr_traces, lib, dir);
	if (only != 'R') {
		strings_table(&env, bulk->columns[0].strategy);
		hardening_table(&env);
	}
	out("\nmeasured in %.1f s\n", (now_ns() - t0) / 1e9);
	if (left)
		out("\nWARNING: a routine reported bytes not done (%#lx)\n", left);
	close_report();
	if (!only) {
		write_csv(bulk, dir);
		write_plot_data(bulk, dir);
	}
	return left ? 1 : 0;
}
