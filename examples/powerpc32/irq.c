// SPDX-License-Identifier: MIT
/*
 * The decrementer storm of the e500 test kernel: a periodic interrupt at a
 * high rate for the whole suite, so that interrupts land inside the
 * library's routines, its KUAP windows, its fixups and byte-retry loops,
 * and inside the test's own windows.
 *
 * The decrementer counts down at the timebase rate and interrupts at zero
 * (IVOR10) while TCR[DIE] and MSR[EE] are set; TCR[ARE] reloads it from
 * DECAR, so the period does not depend on how long the handler takes.
 * Writing TSR[DIS] clears the pending interrupt.
 *
 * Every interrupt is counted (where it landed: in the library's text,
 * bracketed by kernel.ld; at an instruction of the exception table; inside
 * a library KUAP window), then the handler makes user accesses of its own
 * with the library, on two pages of its own: one read-write, one a hole.
 * Some of them fault, so the fault path (DTLB miss, uaccess_fixup) nests
 * inside an interrupt that may itself have hit an open window or a fixup.
 * It checks every result against constants and counts passes and
 * failures; nothing is printed before the suite ends.
 *
 * KUAP state. The interrupted code's window is three things: the PID
 * register (the MMU's view), kuap_count.open (the library hooks' count,
 * global) and the test window count of plat_user_begin() (mmu.c). An
 * interrupt does not change PID, so the handler starts with the
 * interrupted window open or closed; it checks that state for
 * consistency, saves all three, runs with the window closed (PID 0, both
 * counts 0) except inside its own library windows, and restores all three
 * before returning. Saving the counts, not just PID, keeps the hooks'
 * bookkeeping exact: the handler's windows open and close from 0 as any
 * other call does (so a nested open is not "misuse", and the fault path
 * sees exactly one window open at each of the handler's faults), and the
 * interrupted window finds its count where it left it. The rest of
 * kuap_count (windows opened and closed, misuse) is restored too: the
 * interrupted code may be in the middle of incrementing one of them, and
 * would store its old value over the handler's; the handler checks its
 * own windows' part of the count instead. The fault count
 * that tests read (plat_fault_count()) is saved and restored the same
 * way, so the handler's faults never show up in a test's arithmetic.
 *
 * The handler's accesses depend on global state that some tests rewrite
 * on purpose: the exception table (reversed, then sorted again) and the
 * user range. A kernel does that with interrupts off; the suite does it
 * in test code, so the handler checks first and, while the table is not
 * strictly sorted or the range is not the kernel's, counts the interrupt
 * but makes no user access (counted as skipped).
 */
#include <uaccess.h>
#include <uaccess/extable.h>
#include "extable_entries.h"
#include "harness.h"
#include "kernel.h"
#include "platform.h"

/*
 * The period in timebase ticks: QEMU's ppce500 timebase runs at 400 MHz
 * of virtual time, so this is about 2 kHz, short enough for thousands of
 * interrupts in a boot and long enough that the handler always returns
 * well inside one period.
 */
#define DEC_PERIOD	200000UL

/* The library's text (kernel.ld). */
extern const char __uaccess_text_start[], __uaccess_text_end[];
extern struct uaccess_extable_entry __start_uaccess_extable[];
extern struct uaccess_extable_entry __stop_uaccess_extable[];

static struct {
	unsigned long taken, in_library, at_access, in_window, in_test_window;
	unsigned long skipped, passed, failed;
	unsigned long long start_tb, handler_tb; /* timebase: storm, handlers */
	unsigned long first_failure;	/* the check number of the first */
} irq;

static unsigned char *irq_page, *irq_hole;	/* read-write, then a hole */

static unsigned long long timebase(void)
{
	unsigned long hi, lo;

	do {
		hi = mfspr(SPR_TBU);
		lo = mfspr(SPR_TBL);
	} while (hi != mfspr(SPR_TBU));
	return (unsigned long long)hi << 32 | lo;
}

static void check(bool ok, unsigned long which)
{
	if (ok) {
		irq.passed++;
		return;
	}
	if (!irq.failed++)
		irq.first_failure = which;
}

/* The table is usable by uaccess_fixup(): strictly sorted. */
static bool extable_settled(void)
{
	const struct uaccess_extable_entry *t = __start_uaccess_extable;
	unsigned long prev = 0;

	for (; t < __stop_uaccess_extable; t++) {
		unsigned long insn = abs_insn(t);

		if (insn <= prev)
			return false;
		prev = insn;
	}
	return true;
}

/* The window is closed while the handler is outside its own windows. */
static void check_closed(unsigned long which)
{
	check(mfspr(SPR_PID) == 0 && kuap_count.open == 0, which);
}

/*
 * The handler's own user accesses. v varies with the interrupt so that a
 * stale value cannot pass; every expected result is a constant of the
 * layout: irq_page is mapped read-write, irq_hole right after it is not.
 */
#define USER_WORK_WINDOWS 8	/* library calls that open a window */

static void user_work(unsigned long v)
{
	unsigned long k = 1 + v % 15;		/* bytes before the hole */
	unsigned long off = (v * 4) % (PAGE_SIZE - 64);
	unsigned char src[32], dst[32];
	unsigned int u32 = 0;
	unsigned char u8 = 0xff;
	bool same = true;

	check(!put_user((unsigned int)v, (unsigned int __user *)(irq_page + off)), 10);
	check_closed(11);
	check(!get_user(u32, (unsigned int __user *)(irq_page + off)) &&
	      u32 == (unsigned int)v, 12);
	check(get_user(u8, (unsigned char __user *)irq_hole) == -UACCESS_EFAULT &&
	      u8 == 0, 13);
	check(put_user((unsigned short)v, (unsigned short __user *)irq_hole) ==
	      -UACCESS_EFAULT, 14);
	check_closed(15);

	/* k bytes before the hole are done, the rest is reported. */
	for (unsigned long i = 0; i < 2 * k; i++) {
		src[i] = (unsigned char)(v + i) | 1;
		dst[i] = 0xee;
	}
	check(copy_to_user(UPTR(irq_hole - k), src, 2 * k) == k, 16);
	check(copy_from_user(dst, UPTR(irq_hole - k), 2 * k) == k, 17);
	for (unsigned long i = 0; i < 2 * k; i++)
		same &= dst[i] == (i < k ? src[i] : 0);
	check(same, 18);
	check(clear_user(UPTR(irq_hole - k), k + 3) == 3, 19);
	check(!get_user(u8, (unsigned char __user *)(irq_hole - 1)) && u8 == 0, 20);
	check_closed(21);
}

static void decrementer(struct trap_frame *f)
{
	unsigned long long tb = timebase();
	unsigned long pid = mfspr(SPR_PID), faults = plat_fault_count();
	struct kuap_counts count = kuap_count;
	long open = count.open;
	int test_window = mmu_test_window_swap(0);

	mtspr(SPR_TSR, TSR_DIS);
	irq.taken++;
	if (f->srr0 >= (unsigned long)__uaccess_text_start &&
	    f->srr0 < (unsigned long)__uaccess_text_end)
		irq.in_library++;
	if (uaccess_fixup(f->srr0))
		irq.at_access++;
	if (pid == KUAP_USER_PID && open)
		irq.in_window++;
	if (pid == KUAP_USER_PID && test_window)
		irq.in_test_window++;
	/*
	 * What the interrupted code may hold: PID 0 or the user PID, at most
	 * one library window, and the user PID only inside a window (the
	 * hooks and plat_user_begin() count before they set PID and clear it
	 * before they count down).
	 */
	check((pid == 0 || pid == KUAP_USER_PID) && (open == 0 || open == 1) &&
	      (pid == 0 || open || test_window), 1);

	/* The handler's own state: the window closed, nothing counted open. */
	mtspr(SPR_PID, 0);
	__asm__ volatile("isync" : : : "memory");
	kuap_count.open = 0;
	if (uaccess_user_start == USER_BASE && uaccess_user_end == USER_END &&
	    extable_settled()) {
		user_work(irq.taken);
		check(kuap_count.allows - count.allows == USER_WORK_WINDOWS &&
		      kuap_count.prevents - count.prevents == USER_WORK_WINDOWS &&
		      kuap_count.misuse == count.misuse, 3);
	} else {
		irq.skipped++;
	}

	/* Back to the interrupted window, all three parts of it. */
	kuap_count = count;
	mmu_test_window_swap(test_window);
	plat_fault_count_set(faults);
	mtspr(SPR_PID, pid);
	__asm__ volatile("isync" : : : "memory");
	check(mfspr(SPR_PID) == pid, 2);
	irq.handler_tb += timebase() - tb;
}

void irq_start(void)
{
	irq_page = plat_alloc_pages(2);
	irq_hole = irq_page + PAGE_SIZE;
	plat_protect(irq_hole, 1, PLAT_NONE);
	trap_decrementer = decrementer;
	irq.start_tb = timebase();
	/*
	 * Auto-reload on before DEC is loaded: a DEC that reached 0 without
	 * ARE would stay there, and the storm would never start. If it
	 * reaches 0 before EE is set, TSR[DIS] holds the interrupt until then.
	 */
	mtspr(SPR_TSR, TSR_DIS);
	mtspr(SPR_DECAR, DEC_PERIOD);
	mtspr(SPR_TCR, TCR_DIE | TCR_ARE);
	mtspr(SPR_DEC, DEC_PERIOD);
	__asm__ volatile("wrteei 1" : : : "memory");
}

/*
 * Interrupts the storm must still bring after the suite, and the periods
 * it gets for them: a library call that left MSR[EE] clear stops it.
 */
#define AFTER_SUITE_IRQS	20
#define AFTER_SUITE_PERIODS	1000

/* The interrupts that came while it waited, up to AFTER_SUITE_IRQS. */
static unsigned long irqs_after_suite(void)
{
	const volatile unsigned long *taken = &irq.taken;
	unsigned long start = *taken;
	unsigned long long tb = timebase();

	while (*taken - start < AFTER_SUITE_IRQS &&
	       timebase() - tb < AFTER_SUITE_PERIODS * (unsigned long long)DEC_PERIOD)
		;
	return *taken - start;
}

/*
 * After the suite: stop the storm and count its checks as cases of the
 * suite. It must have landed where it matters, or it proved nothing, and
 * still come once the suite's library calls ran.
 */
void irq_stop_and_check(void)
{
	unsigned long long total_tb;
	unsigned long after = irqs_after_suite();

	__asm__ volatile("wrteei 0" : : : "memory");
	total_tb = timebase() - irq.start_tb;
	mtspr(SPR_TCR, 0);
	mtspr(SPR_TSR, TSR_DIS);

	t_group_begin("kernel: decrementer interrupts during the suite");
	t_case(!irq.failed, "%lu of the handler's checks failed, the first "
	       "check %lu", irq.failed, irq.first_failure);
	t_case(irq.taken >= 1000, "only %lu interrupts", irq.taken);
	t_case(after >= AFTER_SUITE_IRQS, "interrupts stopped after the suite's "
	       "library calls: %lu in %d periods", after, AFTER_SUITE_PERIODS);
	t_case(irq.in_library > 0 && irq.in_window > 0 && irq.at_access > 0,
	       "%lu in library code, %lu in a KUAP window, %lu at a user access",
	       irq.in_library, irq.in_window, irq.at_access);
	t_case(irq.passed > 0, "the handler checked nothing");
	t_group_end();
	plat_printf("# decrementer: %lu interrupts, %lu in library code, %lu "
		    "inside a KUAP window, handler checks: %lu passed, %lu "
		    "failed\n", irq.taken, irq.in_library, irq.in_window,
		    irq.passed, irq.failed);
	plat_printf("# decrementer: %lu at a user-access instruction, %lu in "
		    "a test window, %lu without user accesses (table or range "
		    "being rewritten), %lu%% of the time in the handler\n",
		    irq.at_access, irq.in_test_window, irq.skipped,
		    /* 32-bit division: no libgcc here */
		    (unsigned long)(irq.handler_tb >> 10) * 100 /
		    ((unsigned long)(total_tb >> 10) + 1));
}
