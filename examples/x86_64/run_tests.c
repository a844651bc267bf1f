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
 * After the suite, on each CPU: the two spins of known AC, the timer off,
 * then what the handler saw, as cases of the suite (one per check that
 * failed, so a broken handler fails the run).
 */
void timer_report(struct cpu *c, unsigned long lost, unsigned long hits[2],
		  unsigned long wrong[2])
{
	struct timer_stats *t = &c->timer;
	unsigned long tick, value;
	unsigned int cpu;
	const char *what = timer_first_failure(&cpu, &tick, &value);
	plat_printf("# timer (CPU %u): %lu interrupts, %lu in library code, %lu inside a "
		    "user-access window, handler checks: %lu passed, %lu failed\n",
		    c->index, t->ticks, t->in_lib, t->in_window, t->passed, t->failed);
	plat_printf("# timer (CPU %u): %lu ticks made user accesses, %lu faults in the "
		    "handler\n", c->index, t->accesses, t->faults);
	t_group_begin("timer interrupt during the suite on CPU %u: the handler's checks",
		      c->index);
	t_case(t->ticks >= 1000, "only %lu interrupts during the suite", t->ticks);
	t_case(t->in_lib > 0, "none of %lu interrupts landed in library code",
	       t->ticks);
	if (smap_on)
		t_case(t->in_window > 0,
		       "none of %lu interrupts landed inside a window (AC set)",
		       t->ticks);
	t_case(t->accesses > 0 && t->faults >= 2 * t->accesses,
	       "%lu ticks made user accesses, %lu faults (want at least 2 each)",
	       t->accesses, t->faults);
	t_case(lost == 0, "AC changed under %lu iterations of the spins", lost);
	t_case(hits[1] >= 20 && wrong[1] == 0,
	       "spin with AC set: %lu frames of %lu without AC",
	       wrong[1], hits[1]);
	t_case(hits[0] >= 20 && wrong[0] == 0,
	       "spin with AC clear: %lu frames of %lu with AC",
	       wrong[0], hits[0]);
	if (!t->failed)
		t_case(true, "handler checks");
	for (unsigned long i = 0; i < t->failed; i++)
		t_case(false, "handler check failed %lu times; first (CPU %u, "
		       "tick %lu): %s (%#lx)", t->failed, cpu, tick,
		       what ? what : "?", value);
	t_group_end();
}

/*
 * The kernel's own cases, once the suite ran: SMAP, the concurrent phase
 * on two CPUs when there are two (smp.c), then the timer's.
 */
static void after_suite(void)
{
	unsigned long hits[2], wrong[2], lost;

	smap_test();
	if (smp_cpus > 1)
		smp_run();
	if (smap_on) {
		t_group_begin("kernel: no window left open by the library");
		t_case(!ac_left_open, "%lu times AC was found set where every "
		       "window is closed", ac_left_open);
		t_group_end();
	}
	lost = timer_ac_probe(20, hits, wrong);
	timer_report(this_cpu(), lost, hits, wrong);
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
		kprintf("# feature set name too long: %s\n", set);
		return false;
	}
	memcpy(name, set, len + 1);
	if (smap_on)
		memcpy(name + len, "+smap", sizeof("+smap"));

	t_after_suite = after_suite;
	return t_main(name) == 0;
}
