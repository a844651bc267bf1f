// SPDX-License-Identifier: MIT
/*
 * The test kernel's work: the suite of tests/, through t_main() as in the
 * hosted harness, then the SMAP test of the kernel itself (smap.c), after
 * the last test (t_after_suite): it checks the library's windows too, so
 * it needs the library set up, and its cases count in the closing line.
 * So do the two-CPU phase (smp.c) and the timer handler's checks.
 */
#include <string.h>
#include <uaccess.h>
#include "harness.h"
#include "kernel.h"
#include "platform.h"

const char kernel_name[] = "test kernel";

/*
 * The kernel's own cases, once the suite ran: SMAP, the concurrent phase
 * on two CPUs when there are two (smp.c), then the timer's
 * (examples/timer_report.c).
 */
static void after_suite(void)
{
	smap_test();
	if (smp_cpus > 1)
		smp_run();
	if (smap_on) {
		t_group_begin("kernel: no window left open by the library");
		t_case(!ac_left_open, "%lu times AC was found set where every "
		       "window is closed", ac_left_open);
		t_group_end();
	}
	timer_probe_spins();
	timer_report(&this_cpu()->timer);
}

bool kernel_run(const char *set)
{
	char name[128];
	size_t len = strlen(set);

	/* kernel.c gave the library our user region: the suite checks it. */
	test_user_start = uaccess_user_start;
	test_user_end = uaccess_user_end;

	/*
	 * With CR4.SMAP on, a library patched for a set without SMAP ("none",
	 * "erms+fsrm") would fault on its first user access: it must open its
	 * window, so SMAP joins whatever set was asked for ("native" has it
	 * already).
	 */
	if (len + sizeof("+smap") > sizeof(name)) {
		plat_printf("# feature set name too long: %s\n", set);
		return false;
	}
	memcpy(name, set, len + 1);
	if (smap_on)
		memcpy(name + len, "+smap", sizeof("+smap"));

	t_after_suite = after_suite;
	return t_main(name) == 0;
}
