// SPDX-License-Identifier: MIT
/*
 * After the suite, what a timer handler saw on one CPU (timer_checks.h),
 * as cases of the suite: the storm reached the library and its windows
 * and still came after the suite's last library call, the handler's
 * accesses faulted as they must, the spins found every frame as its code
 * left it, and no check of the handler failed. In the test kernels of
 * x86-64 and AArch64; their demos run the handler without the suite.
 */
#include "harness.h"
#include "platform.h"
#include "timer_checks.h"

void timer_report(const struct timer_cpu *t)
{
	const struct timer_spins *s = &t->spins;
	unsigned long tick, value;
	unsigned int cpu;
	const char *what = timer_first_failure(&cpu, &tick, &value);

	plat_printf("# timer (CPU %u): %lu interrupts, %lu in library code, %lu inside a "
		    "user-access window, handler checks: %lu passed, %lu failed\n",
		    t->cpu, t->ticks, t->in_lib, t->in_window, t->passed, t->failed);
	plat_printf("# timer (CPU %u): %lu ticks made user accesses, %lu faults in the "
		    "handler\n", t->cpu, t->accesses, t->faults);
	t_group_begin("timer interrupt during the suite on CPU %u: the handler's checks",
		      t->cpu);
	t_case(t->ticks >= 1000, "only %lu interrupts during the suite", t->ticks);
	t_case(t->ticks_after >= TIMER_SPIN_TICKS, "interrupts stopped after the "
	       "suite's library calls: %lu ticks while waiting for %d",
	       t->ticks_after, TIMER_SPIN_TICKS);
	t_case(t->in_lib > 0, "none of %lu interrupts landed in library code",
	       t->ticks);
	/* Only where the CPU has a window to see. */
	if (plat_window_state() >= 0)
		t_case(t->in_window > 0,
		       "none of %lu interrupts landed inside a window", t->ticks);
	t_case(t->accesses > 0 && t->faults >= 3 * t->accesses,
	       "%lu ticks made user accesses, %lu faults (want at least 3 each)",
	       t->accesses, t->faults);
	t_case(s->lost == 0, "%s changed under %lu iterations of the spins",
	       s->state, s->lost);
	for (unsigned int k = 0; k < s->count; k++)
		t_case(s->spin[k].hits >= TIMER_SPIN_TICKS && s->spin[k].wrong == 0,
		       "spin with %s: %lu of %lu frames said otherwise",
		       s->spin[k].name, s->spin[k].wrong, s->spin[k].hits);
	if (!t->failed)
		t_case(true, "handler checks");
	for (unsigned long i = 0; i < t->failed; i++)
		t_case(false, "handler check failed %lu times; first (CPU %u, "
		       "tick %lu): %s (%#lx)", t->failed, cpu, tick,
		       what ? what : "?", value);
	t_group_end();
}
