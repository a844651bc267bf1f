// SPDX-License-Identifier: MIT
/*
 * The second CPU's copy of the harness and of the tests it runs at the
 * same time as the boot CPU, in the kernels with two CPUs (smp_phase.c
 * runs it). Their kernel.mk links this file with its own copies
 * of tests/harness/harness.c and the tests below into one object whose symbols
 * are all local but ap_suite_run(): its counters, group names and static
 * buffers are the second CPU's, apart from the boot CPU's.
 *
 * Only tests that leave the library's global state alone run here: no
 * uaccess_set_user_range(), no re-patching, no module registration, no
 * change to the exception table. Those run on the boot CPU alone.
 */
#include "harness.h"
#include "suite.h"
#include "smp_phase.h"

const struct test suite[] = {
	{ "macros", test_macros },
	{ "generic", test_generic },
	{ "bulk", test_bulk },
	{ "nofault", test_nofault },
	{ NULL, NULL },
};

unsigned long ap_suite_run(unsigned long features, int init_status,
			   unsigned long user_start, unsigned long user_end)
{
	test_features = features;
	test_init_status = init_status;
	test_user_start = user_start;
	test_user_end = user_end;
	return t_run_suite();
}
