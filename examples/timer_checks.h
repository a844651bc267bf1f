/* SPDX-License-Identifier: MIT */
/*
 * The timer storm of the kernels whose timer handler calls the library
 * (x86-64's and AArch64's timer.c), the part that does not depend on the
 * CPU: the handler's own user accesses and their exact checks
 * (timer_checks.c, in every kernel with the handler), and after the suite
 * what the handler saw, as cases of the suite (timer_report.c, in the
 * test kernels).
 *
 * The kernel provides the interrupt and what is its CPU's own: it counts
 * ticks, in_lib and in_window from the interrupted frame, checks its
 * window state through timer_check(), calls timer_user_accesses() while
 * the library may be called (timer_extable_sorted(), and whatever its
 * patching needs), and counts in faults the user-memory faults taken
 * inside the handler. After the suite, timer_probe_spins() asks
 * timer_still_ticking() whether the interrupt still comes, then runs its
 * spins of known window state and fills spins.
 */
#ifndef BAREMETAL_TIMER_CHECKS_H
#define BAREMETAL_TIMER_CHECKS_H

#include <stdbool.h>

/* Ticks each spin of known state must take for its case to count. */
#define TIMER_SPIN_TICKS 20

/*
 * Spins that hold one window state each until TIMER_SPIN_TICKS ticks
 * landed inside; the handler records what each interrupted frame said.
 */
struct timer_spins {
	const char *state;	/* what they hold, in the report: "AC" */
	unsigned long lost;	/* iterations that read back another state */
	unsigned int count;	/* spins this CPU ran */
	struct {
		const char *name;	/* the state it holds: "AC set" */
		unsigned long hits;	/* ticks that landed inside */
		unsigned long wrong;	/* of those, frames that said otherwise */
	} spin[4];
};

/*
 * One CPU's timer handler: its user page, what it saw and checked.
 *   ticks       interrupts taken
 *   in_lib      of those, the interrupted pc inside the library's text
 *   in_window   of those, inside a user-access window
 *   accesses    ticks whose handler made its own user accesses (none while
 *               the library is not in a state to be called: a test
 *               re-patching it or reversing its exception table)
 *   faults      user-memory faults the handler's accesses took
 *   passed, failed  the handler's own checks
 *   ticks_after ticks that came while timer_still_ticking() waited
 */
struct timer_cpu {
	unsigned int cpu;		/* its index, as the report names it */
	unsigned char *page, *hole;	/* the handler's user page, a hole after */
	unsigned long ticks, in_lib, in_window, accesses, faults;
	unsigned long passed, failed, ticks_after;
	struct timer_spins spins;
};

/* The kernel's: the interrupt on and off on this CPU. */
void timer_start(void);
void timer_stop(void);
/*
 * The kernel's: this CPU's spins, then the timer off; fills its spins
 * once, after the suite.
 */
void timer_probe_spins(void);

/*
 * In timer_probe_spins(), first: whether this CPU's interrupt still comes
 * now that the suite's library calls ran (a call that left interrupts
 * masked stops it). Waits for TIMER_SPIN_TICKS ticks, for a bounded
 * number of reads of the count, and keeps what came in ticks_after for
 * timer_report(). The spins need the ticks: on false the kernel stops its
 * timer and runs none.
 */
bool timer_still_ticking(struct timer_cpu *t);

/* In timer_probe_spins(): one spin this CPU ran, in report order. */
void timer_spin_record(struct timer_spins *s, const char *name,
		       unsigned long hits, unsigned long wrong);

/* Before this CPU's first tick: the handler's page and the hole after it. */
void timer_cpu_init(struct timer_cpu *t, unsigned int cpu);

/* Count one check of the handler; the first failure of any CPU is kept. */
void timer_check(struct timer_cpu *t, bool ok, const char *what,
		 unsigned long value);

/* The exception table in order: the handler's faults find their fixups. */
bool timer_extable_sorted(void);

/*
 * The handler's own user accesses, on its page and the hole after it:
 * a put and a get of a value that changes every tick, a get from the hole
 * (-EFAULT, 0, one fault), a copy that runs into the hole (the exact
 * count not copied, the bytes before the hole written), a copy back, and
 * a clear into the hole: at least three faults a tick.
 */
void timer_user_accesses(struct timer_cpu *t);

/* The first failed check, if any: what, and on which CPU at which tick. */
const char *timer_first_failure(unsigned int *cpu, unsigned long *tick,
				unsigned long *value);

/*
 * After the suite, for each CPU: what its handler saw, as cases of the
 * suite (one per check that failed, so a broken handler fails the run).
 */
void timer_report(const struct timer_cpu *t);

#endif
