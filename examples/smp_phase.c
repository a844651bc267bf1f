// SPDX-License-Identifier: MIT
/*
 * The concurrent phase shared by the kernels with two CPUs (smp_phase.h):
 * the handshake between the two CPUs, the second CPU's run, its output,
 * and its cases counted on the boot CPU. Both CPUs allocate from the one
 * locked page allocator, so each works on user pages of its own; faults
 * and timer counts are per CPU. First, both hammer one user word with the
 * futex atomics, under their timers.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <uaccess.h>
#include "harness.h"
#include "platform.h"
#include "suite.h"
#include "console.h"
#include "smp_phase.h"

enum { SECOND_DOWN, SECOND_UP, SECOND_GO, SECOND_DONE };
static volatile int second_state;
static volatile unsigned long second_passed, second_failed;

static int state(void)
{
	return __atomic_load_n(&second_state, __ATOMIC_ACQUIRE);
}

static void set_state(int s)
{
	__atomic_store_n(&second_state, s, __ATOMIC_RELEASE);
}

/*
 * The second CPU's plat_printf (its copy of the harness calls it by this
 * name): each line prefixed so that only the boot CPU's closing line
 * reads as one; the closing line's counts are kept for the boot CPU to
 * add.
 */
int ap_plat_printf(const char *fmt, ...);
int ap_plat_printf(const char *fmt, ...)
{
	char buf[600];
	va_list ap;
	int n;

	va_start(ap, fmt);
	if (!strcmp(fmt, "%lu passed, %lu failed\n")) {
		va_list cp;

		va_copy(cp, ap);
		second_passed = va_arg(cp, unsigned long);
		second_failed = va_arg(cp, unsigned long);
		va_end(cp);
	}
	memcpy(buf, "# cpu1: ", 8);
	n = vsnprintf(buf + 8, sizeof(buf) - 8, fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(buf) - 9)
		n = (int)sizeof(buf) - 9;
	console_write(buf, (unsigned long)n + 8);
	return n;
}

/*
 * Both CPUs at once, on one user page: HAMMER_ROUNDS futex ADDs of 1 to
 * word 0 each, and as many rounds of a spin lock on word 1 (compare-
 * exchange 0 -> owner, release owner -> 0) around a read, add and write
 * of a kernel counter that nothing else makes atomic. A lost update of
 * either shows in the totals; a release that finds another owner counts
 * as an error.
 */
#define HAMMER_ROUNDS 20000
static unsigned int *hammer_page;
static volatile unsigned long hammer_counter;
static volatile unsigned long hammer_errors[2];

static void hammer(unsigned int cpu)
{
	unsigned int __user *sum = (unsigned int __user *)hammer_page;
	unsigned int __user *lock = sum + 1;
	unsigned int old, cur, me = cpu + 1;
	unsigned long errors = 0;

	for (unsigned long i = 0; i < HAMMER_ROUNDS; i++) {
		if (uaccess_futex_op(UACCESS_FUTEX_OP_ADD, 1, &old, sum))
			errors++;
		for (;;) {
			if (uaccess_futex_cmpxchg(&cur, lock, 0, me)) {
				errors++;
				goto out;
			}
			if (cur == 0)
				break;
			cpu_relax();
		}
		hammer_counter = hammer_counter + 1;
		if (uaccess_futex_cmpxchg(&cur, lock, me, 0) || cur != me)
			errors++;
	}
out:
	hammer_errors[cpu] = errors;
}

static void hammer_report(void)
{
	unsigned int sum, lock;

	plat_user_begin();
	sum = hammer_page[0];
	lock = hammer_page[1];
	plat_user_end();
	t_group_begin("SMP: futex atomics from both CPUs");
	t_case(hammer_errors[0] == 0 && hammer_errors[1] == 0,
	       "errors: %lu on CPU 0, %lu on CPU 1", hammer_errors[0],
	       hammer_errors[1]);
	t_case(sum == 2 * HAMMER_ROUNDS, "futex ADD total %u, want %u", sum,
	       2 * HAMMER_ROUNDS);
	t_case(hammer_counter == 2 * HAMMER_ROUNDS && lock == 0,
	       "counter under the compare-exchange lock %lu, want %u; lock word %u",
	       hammer_counter, 2 * HAMMER_ROUNDS, lock);
	t_group_end();
}

void smp_second_cpu_run(void)
{
	set_state(SECOND_UP);
	while (state() != SECOND_GO)
		cpu_relax();
	timer_start();
	hammer(1);
	ap_suite_run(test_features, test_init_status, test_user_start,
		     test_user_end);
	/* The spins of known window state, here; the boot CPU reports them. */
	timer_probe_spins();
	set_state(SECOND_DONE);
}

bool smp_second_cpu_up(unsigned long spins)
{
	for (unsigned long i = 0; state() == SECOND_DOWN && i < spins; i++)
		cpu_relax();
	return state() == SECOND_UP;
}

void smp_run_both(const struct timer_cpu *second)
{
	plat_printf("# SMP: both CPUs hammer one user word with the futex atomics, then run macros, generic, bulk, nofault\n");
	hammer_page = plat_alloc_pages(1);
	set_state(SECOND_GO);
	hammer(0);
	test_macros();
	test_generic();
	test_bulk();
	test_nofault();
	while (state() != SECOND_DONE)
		cpu_relax();

	hammer_report();
	t_group_begin("SMP: the second CPU's cases (%lu passed, %lu failed)",
		      second_passed, second_failed);
	t_case(second_passed > 0, "the second CPU passed no case");
	for (unsigned long i = 0; i < second_passed; i++)
		t_case(true, "a case of the second CPU");
	for (unsigned long i = 0; i < second_failed; i++)
		t_case(false, "a case of the second CPU failed (see its # cpu1 lines)");
	t_group_end();
	timer_report(second);
}
