// SPDX-License-Identifier: MIT
/*
 * uaccess-bench: TSC ticks per call of clear_user, copy_to_user and
 * copy_from_user, next to the library forced onto each feature set, the
 * reference strategies of ref.S and glibc's memset/memcpy; then the
 * replayed traces (-t), the strings and the hardening tables. bench.h says which file does what.
 *
 * This file: the options, the buffers, the library's text patching in a
 * Linux process, and the order of the run.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <uaccess.h>
#include "bench.h"

struct bench_env env = { .rounds = DEFAULT_ROUNDS };

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

/*
 * The library patches its code (the inline calls in this program's own
 * timing loops included) at init. Text pages of a Linux process are not
 * writable: open them around each write. Writable and executable at once,
 * since the page being patched may hold the code doing the patching.
 */
static void poke_text(void *dst, const void *src, unsigned long len)
{
	unsigned long page = (unsigned long)sysconf(_SC_PAGESIZE);
	unsigned long lo = (unsigned long)dst & ~(page - 1);
	unsigned long hi = ((unsigned long)dst + len + page - 1) & ~(page - 1);

	if (mprotect((void *)lo, hi - lo, PROT_READ | PROT_WRITE | PROT_EXEC)) {
		perror("mprotect text");
		exit(2);
	}
	memcpy(dst, src, len);
	if (mprotect((void *)lo, hi - lo, PROT_READ | PROT_EXEC)) {
		perror("mprotect text");
		exit(2);
	}
}

/*
 * A refused patch leaves baseline code in place, so the column would not
 * show what it claims: stop.
 */
void configure_library(unsigned long features)
{
	if (uaccess_init_features(features)) {
		fprintf(stderr, "bench: uaccess_init_features(%#lx) could not patch\n",
			features);
		exit(1);
	}
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
		"             repeatable\n"
		"  -R         the replay table only\n"
		"  -c         the calls callgrind counts, nothing else (make bench-count)\n",
		prog, DEFAULT_ROUNDS);
	exit(2);
}

int main(int argc, char **argv)
{
	const char *dir = ".";
	unsigned long detected;
	double ghz, t0;
	bool strings_only = false, replay_only = false, count_only = false;
	int opt, cpu;

	while ((opt = getopt(argc, argv, "o:r:a:st:Rch")) != -1) {
		switch (opt) {
		case 'o':
			dir = optarg;
			break;
		case 'r':
			env.rounds = atoi(optarg);
			break;
		case 'a':
			env.page_offset = strtoul(optarg, NULL, 0);
			break;
		case 's':
			strings_only = true;
			break;
		case 't':
			load_trace(optarg);
			break;
		case 'R':
			replay_only = true;
			break;
		case 'c':
			count_only = true;
			break;
		default:
			usage(argv[0]);
		}
	}
	if (env.rounds < 1 || env.page_offset >= PAGE_SIZE)
		usage(argv[0]);

	cpu = pin_to_this_cpu();
	env.user_buf = map_buffer();
	env.kernel_buf = map_buffer();
	setup_rows();
	check_references();

	detected = uaccess_cpu_features();
	setup_columns(detected & ~UACCESS_FEAT_SMAP);
	uaccess_set_text_poke(poke_text);
	/* What each library column runs, in words: the report patches nothing. */
	for (size_t c = 0; c < NR_COLUMNS; c++)
		if (columns[c].uses_lib) {
			configure_library(columns[c].features);
			snprintf(columns[c].strategy, sizeof(columns[c].strategy),
				 "%s", uaccess_strategy_name());
		}
	configure_library(columns[0].features);
	if (count_only) {
		count_table();
		return not_done ? 1 : 0;
	}

	open_report(dir);
	ghz = estimate_tsc_ghz();
	report_header(detected, cpu, ghz, strings_only || replay_only);

	t0 = now_ns();
	if (!strings_only && !replay_only) {
		measure_bulk();
		report_bulk(ghz);
	}
	if (!strings_only)
		replay_table(dir);
	if (!replay_only) {
		strings_table();
		hardening_table();
	}
	out("\nmeasured in %.1f s\n", (now_ns() - t0) / 1e9);
	if (not_done)
		out("\nWARNING: a routine reported bytes not done (%#lx)\n",
		    not_done);
	close_report();
	if (!strings_only && !replay_only) {
		write_csv(dir);
		write_plot_data(dir);
	}
	return not_done ? 1 : 0;
}
