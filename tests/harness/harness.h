/* SPDX-License-Identifier: MIT */
/*
 * The test suite's own harness: no dependencies beyond the platform layer,
 * so the same cases run in a Linux process and in the bare-metal kernels.
 *
 * A test (one entry of the suite table) runs many cases. Each case is
 * counted once, as passed or failed; a failed case prints what it was. The
 * closing line is "N passed, N failed" over all cases.
 */
#ifndef TEST_HARNESS_H
#define TEST_HARNESS_H

#include <stdbool.h>
#include <stddef.h>

/* What the platform layer initialised the library with. */
extern unsigned long test_features;
extern int test_init_status;

/*
 * The user range a platform gave uaccess_set_user_range() before t_main()
 * (a kernel with its own user region); the library's defaults otherwise.
 */
extern unsigned long test_user_start, test_user_end;

/*
 * The status registers (plat_status_read()) as t_main() found them, before
 * the suite's first library call: as every call must leave them, so that
 * one changed for good by an earlier test shows in tests/cases/test_state.c.
 */
struct plat_status;
extern struct plat_status test_status_at_start;

struct test {
	const char *name;
	void (*run)(void);
};

/* Count one case; on failure print the message (first few per test only). */
void t_case(bool ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A group of cases inside a test: prints "ok"/"not ok" with its counts. */
void t_group_begin(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void t_group_end(void);

/* Offset of the first byte of p[0, n) that is not v, or n. */
size_t t_first_not(const unsigned char *p, size_t n, unsigned char v);

/*
 * A platform's own cases that can only be judged once the suite has run
 * (a bare-metal kernel's balance of user-access windows): set it before
 * t_main(), and t_run_suite() calls it after the last test, so that its
 * cases count in the same closing line. NULL (the default): nothing.
 */
extern void (*t_after_suite)(void);

/* Run the suite table, then t_after_suite; returns the failed cases. */
unsigned long t_run_suite(void);

/*
 * What a platform's main() does once its fault handler is in place: set
 * up the library for the feature set named `set` (test_arch_parse_features)
 * and run the suite. Returns the exit status: 0, 1 (failures) or 2 (an
 * unknown feature set).
 */
int t_main(const char *set);

/*
 * The main() of a Linux process, the command line [FEATURES [TEST...]]:
 * t_main(FEATURES, "native" by default), running only the tests named
 * (a name of the suite table, '_' for a space, or test_NAME), in the
 * table's order. An unknown name prints the names and returns 2.
 */
int t_main_args(int argc, char **argv);

#endif
