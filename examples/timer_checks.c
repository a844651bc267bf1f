// SPDX-License-Identifier: MIT
/*
 * What the timer handlers of x86-64 and AArch64 do alike (timer_checks.h):
 * user accesses of their own through the library, the unchecked forms, as
 * a test may have moved the user range; some of them fault, a fault
 * nested in an interrupt that may itself sit inside an open window. Every
 * result is checked exactly. Nothing is printed from the handler: a failed
 * check is counted and the first one kept for the report.
 */
#include <stddef.h>
#include <uaccess.h>
#include "extable_entries.h"
#include "platform.h"
#include "timer_checks.h"

extern struct uaccess_extable_entry __start_uaccess_extable[],
	__stop_uaccess_extable[];

static struct {
	const char *what;
	unsigned long value, tick;
	unsigned int cpu;
} first_failure;

void timer_cpu_init(struct timer_cpu *t, unsigned int cpu)
{
	t->cpu = cpu;
	t->page = plat_alloc_pages(2);
	t->hole = t->page + plat_page_size();
	plat_protect(t->hole, 1, PLAT_NONE);
}

void timer_check(struct timer_cpu *t, bool ok, const char *what,
		 unsigned long value)
{
	if (ok) {
		t->passed++;
		return;
	}
	if (!t->failed++ && !first_failure.what) {
		first_failure.what = what;
		first_failure.value = value;
		first_failure.tick = t->ticks;
		first_failure.cpu = t->cpu;
	}
}

bool timer_extable_sorted(void)
{
	unsigned long prev = 0;

	for (const struct uaccess_extable_entry *e = __start_uaccess_extable;
	     e < __stop_uaccess_extable; e++) {
		if (abs_insn(e) <= prev)
			return false;
		prev = abs_insn(e);
	}
	return true;
}

void timer_user_accesses(struct timer_cpu *t)
{
	unsigned char *hole = t->hole;
	unsigned long tick = t->ticks, faults, v, got = ~0UL;
	unsigned int h32 = ~0U;
	unsigned long before = tick % 16 + 1, n = before + 1 + tick % 7, r;
	unsigned char src[32], back[32], last = 0xff;
	unsigned long *slot = (unsigned long *)t->page + tick % 64;
	int e;

	t->accesses++;
	v = tick * 0x9e3779b97f4a7c15UL;
	e = __put_user(v, (unsigned long __user *)slot);
	timer_check(t, e == 0, "__put_user to the handler's page", (unsigned long)e);
	e = __get_user(got, (unsigned long __user *)slot);
	timer_check(t, e == 0 && got == v, "__get_user of the value just put", got);

	faults = t->faults;
	e = __get_user(h32, (unsigned int __user *)hole);
	timer_check(t, e == -UACCESS_EFAULT && h32 == 0, "__get_user from the hole",
		    (unsigned long)e);
	timer_check(t, t->faults == faults + 1, "faults of __get_user from the hole",
		    t->faults - faults);

	for (unsigned long i = 0; i < n; i++)
		src[i] = (unsigned char)(tick + i * 7 + 1);
	faults = t->faults;
	r = __copy_to_user(UPTR(hole - before), src, n);
	timer_check(t, r == n - before, "__copy_to_user into the hole: bytes not copied",
		    r);
	timer_check(t, t->faults > faults, "__copy_to_user into the hole: no fault",
		    t->faults - faults);
	r = __copy_from_user(back, UPTR(hole - before), before);
	timer_check(t, r == 0, "__copy_from_user of the bytes before the hole", r);
	for (unsigned long i = 0; i < before; i++)
		if (back[i] != src[i]) {
			timer_check(t, false, "byte before the hole not as copied", i);
			break;
		}
	r = __clear_user(UPTR(hole - before), n);
	timer_check(t, r == n - before, "__clear_user into the hole: bytes not cleared",
		    r);
	e = __get_user(last, (unsigned char __user *)(hole - 1));
	timer_check(t, e == 0 && last == 0, "last byte before the hole not cleared", last);
}

/*
 * The most reads of the tick count timer_still_ticking() makes: far more
 * than the ticks take at any speed QEMU runs the kernels, and few enough
 * that a kernel whose interrupts stopped fails here, not at the runner's
 * timeout.
 */
#define TIMER_WAIT_READS (1UL << 28)

bool timer_still_ticking(struct timer_cpu *t)
{
	const volatile unsigned long *ticks = &t->ticks;
	unsigned long start = *ticks;

	for (unsigned long i = 0; i < TIMER_WAIT_READS; i++)
		if (*ticks - start >= TIMER_SPIN_TICKS)
			break;
	t->ticks_after = *ticks - start;
	return t->ticks_after >= TIMER_SPIN_TICKS;
}

void timer_spin_record(struct timer_spins *s, const char *name,
		       unsigned long hits, unsigned long wrong)
{
	if (s->count == sizeof(s->spin) / sizeof(s->spin[0]))
		return;
	s->spin[s->count].name = name;
	s->spin[s->count].hits = hits;
	s->spin[s->count].wrong = wrong;
	s->count++;
}

const char *timer_first_failure(unsigned int *cpu, unsigned long *tick,
				unsigned long *value)
{
	*cpu = first_failure.cpu;
	*tick = first_failure.tick;
	*value = first_failure.value;
	return first_failure.what;
}
