// SPDX-License-Identifier: MIT
/*
 * SUM has to matter: with sstatus.SUM clear, a supervisor load or store to
 * a mapped, writable user page must raise a load or store page fault
 * (scause 13, 15) at that address and leave the page unchanged; with SUM
 * set the same accesses go through. The probes (start.S) carry the
 * kernel's own fixup, so this does not depend on the library. If the
 * hart let the stray access through, the case fails: the kernel would be
 * testing nothing. Run before the suite, and again after it, with SUM
 * and the library's windows checked closed.
 */
#include <uaccess.h>
#include "harness.h"
#include "kernel.h"
#include "platform.h"

#define PATTERN	0x5a
#define STRAY	0xa5

static unsigned char *page;

static void expect_fault(int faulted, unsigned long before, unsigned long cause,
			 const void *p, const char *what)
{
	t_case(faulted && probe_fault.count == before + 1 &&
	       probe_fault.scause == cause &&
	       probe_fault.stval == (unsigned long)p,
	       "stray supervisor %s of user page %p with SUM clear: %s "
	       "(scause %#lx, stval %#lx; want scause %#lx there)", what, p,
	       faulted ? "faulted" : "went through", probe_fault.scause,
	       probe_fault.stval, cause);
}

static void stray_accesses(const char *when)
{
	unsigned char v = 0;
	unsigned long before;
	int faulted;

	t_group_begin("kernel: SUM clear stops a stray supervisor access to a "
		      "user page (%s)", when);
	t_case(!(csr_read(sstatus) & SSTATUS_SUM), "SUM is set %s", when);
	before = probe_fault.count;
	faulted = kprobe_load(page, &v);
	expect_fault(faulted, before, CAUSE_LOAD_PAGE_FAULT, page, "load");
	before = probe_fault.count;
	faulted = kprobe_store(page + 1, STRAY);
	expect_fault(faulted, before, CAUSE_STORE_PAGE_FAULT, page + 1, "store");

	plat_user_begin();
	t_case(page[1] == PATTERN, "the faulting store changed the byte to %#x",
	       page[1]);
	before = probe_fault.count;
	faulted = kprobe_load(page, &v);
	t_case(!faulted && v == PATTERN && probe_fault.count == before,
	       "load with SUM set: %s, read %#x (want %#x)",
	       faulted ? "faulted" : "went through", v, PATTERN);
	faulted = kprobe_store(page + 2, STRAY);
	t_case(!faulted && page[2] == STRAY && probe_fault.count == before,
	       "store with SUM set: %s, byte now %#x (want %#x)",
	       faulted ? "faulted" : "went through", page[2], STRAY);
	page[2] = PATTERN;
	plat_user_end();
	t_group_end();
}

/*
 * The entry code clears SUM: a trap taken inside a window (SUM set, then
 * ebreak) runs its handler with SUM clear, so the handler's own stray
 * access to a user page faults, and sret gives the interrupted code its
 * SUM back (start.S restores sstatus).
 */
static void entry_test(void)
{
	unsigned long after;

	t_group_begin("kernel: trap entry clears SUM (SUM set, then ebreak)");
	bp_probe.ran = false;
	bp_probe.page = page;
	__asm__ volatile("csrs sstatus, %1\n\tebreak\n\tcsrr %0, sstatus\n\t"
			 "csrc sstatus, %1"
			 : "=&r"(after) : "r"(SSTATUS_SUM) : "memory");
	t_case(bp_probe.ran, "the breakpoint handler did not run the probe");
	t_case(bp_probe.frame_sstatus & SSTATUS_SUM,
	       "interrupted code's sstatus %#lx: SUM not set by csrs",
	       bp_probe.frame_sstatus);
	t_case(!(bp_probe.handler_sstatus & SSTATUS_SUM),
	       "the handler ran with SUM set (sstatus %#lx)",
	       bp_probe.handler_sstatus);
	t_case(bp_probe.faulted,
	       "the handler's stray load of user page %p went through",
	       (void *)page);
	t_case(after & SSTATUS_SUM, "after sret: sstatus %#lx, SUM not put back",
	       after);
	t_group_end();
}

void sum_test(void)
{
	page = plat_alloc_pages(1);
	plat_user_begin();
	for (unsigned long i = 0; i < PAGE_SIZE; i++)
		page[i] = PATTERN;
	plat_user_end();
	stray_accesses("before the suite");
	entry_test();
}

void sum_checked(void)
{
	stray_accesses("after the suite");
	t_group_begin("kernel: every library window closed, every library "
		      "fault on a user page inside one");
	t_case(!sum_left_open, "%lu times a window (SUM) was found open "
	       "where every window is closed", sum_left_open);
	t_case(!sum_closed_faults, "%lu library faults on a user page with "
	       "SUM clear", sum_closed_faults);
	t_group_end();
}
