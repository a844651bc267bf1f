/* SPDX-License-Identifier: MIT */
/*
 * The concurrent phase of the kernels with two CPUs (x86-64's and
 * AArch64's smp.c), in smp_phase.c. After the boot CPU ran the whole
 * suite alone, the second CPU runs its copy of the harness and of the
 * tests that leave the library's global state alone (ap_suite.c) under
 * its own timer, while the boot CPU runs the same tests again on its own
 * counters; then the boot CPU counts the second CPU's cases and its
 * timer's in its own closing line.
 *
 * The kernel provides how the second CPU starts and what it sets up
 * there (its smp.c, which ends in smp_second_cpu_run() on that CPU), the
 * timer of timer_checks.h on both, console_write() of console.h, and
 * cpu_relax().
 */
#ifndef BAREMETAL_SMP_PHASE_H
#define BAREMETAL_SMP_PHASE_H

#include <stdbool.h>
#include "timer_checks.h"

/*
 * The entry of the second CPU's copy of the harness (ap_suite.c): the
 * boot CPU's setup in, the failed cases out.
 */
unsigned long ap_suite_run(unsigned long features, int init_status,
			   unsigned long user_start, unsigned long user_end);

/* The kernel's: the hint a spin-wait loop gives its CPU (pause, yield). */
void cpu_relax(void);

/*
 * On the second CPU, once it is set up: tell the boot CPU it is up, wait
 * for smp_run_both(), run the tests and the spins of its timer, tell the
 * boot CPU it is done. Returns to the kernel, which parks the CPU.
 */
void smp_second_cpu_run(void);

/*
 * On the boot CPU: whether the second CPU said it is up, waiting for it
 * for up to `spins` rounds of cpu_relax().
 */
bool smp_second_cpu_up(unsigned long spins);

/*
 * On the boot CPU, the second one up: both run the tests, then the second
 * CPU's cases and its timer's record (second) count as the boot CPU's.
 */
void smp_run_both(const struct timer_cpu *second);

#endif
