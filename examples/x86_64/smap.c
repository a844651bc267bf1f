// SPDX-License-Identifier: MIT
/*
 * SMAP has to matter: with CR4.SMAP on, a kernel load or store to a mapped,
 * writable user page outside a stac/clac window must fault, with an error
 * code that says "present page, supervisor access" (P=1, U/S=0): nothing
 * but SMAP refuses such an access. Inside a window the same accesses must
 * go through. The probes (kprobe.S) carry the kernel's own fixup, so this
 * does not depend on the library's table. Without SMAP the test is skipped
 * and counts nothing. Two tests of the kernel's entry code go with it: a
 * trap clears AC (with SMAP), and #GP reaches the library's fixup (always).
 */
#include <uaccess.h>
#include "harness.h"
#include "kernel.h"
#include "platform.h"

#define PF_PRESENT	0x1
#define PF_WRITE	0x2

/* Expect the probe to fault at p with error code `error`. */
static void expect_fault(int faulted, unsigned long before, void *p,
			 unsigned long error, const char *what)
{
	t_case(faulted && trap_last_fault.count == before + 1 &&
	       trap_last_fault.address == (unsigned long)p &&
	       trap_last_fault.error == error,
	       "%s outside a window: %s (error code %#lx, cr2 %#lx; want %#lx at %p)",
	       what, faulted ? "faulted" : "did not fault", trap_last_fault.error,
	       trap_last_fault.address, error, p);
}

/*
 * #GP reaches the library's fixup: a non-canonical source raises #GP, not
 * #PF, and an unchecked call given one must still return its count (every
 * byte not copied), whatever the size's code path.
 */
static void gp_test(void)
{
	static const unsigned long sizes[] = { 1, 8, 15, 64, 300, 5000 };
	const unsigned long bad_addr = 0x8000000000000000UL;
	const char __user *bad = (const char __user *)bad_addr;
	static unsigned char dst[5000];

	t_group_begin("#GP on a non-canonical address resumes at the fixup");
	for (unsigned int i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		unsigned long before = trap_last_fault.gp_count;
		unsigned long r = __copy_from_user(dst, bad, sizes[i]);

		/* One #GP or more: a fixup may retry byte by byte. */
		t_case(r == sizes[i] && trap_last_fault.gp_count > before,
		       "__copy_from_user(%lu bytes) from %#lx: %lu not copied, "
		       "%lu #GP resolved (want %lu, at least 1)", sizes[i],
		       bad_addr, r, trap_last_fault.gp_count - before,
		       sizes[i]);
	}
	t_group_end();
}

/*
 * The kernel's entry code clears AC: with AC set (stac) when a trap comes,
 * the handler's own stray access to a user page must still fault as SMAP
 * says, and the interrupted code gets its AC back (iretq restores RFLAGS).
 * Without the clac of entry.S the load inside the handler goes through.
 */
static void entry_ac_test(unsigned char *user)
{
	struct trap_bp_probe *p = &trap_bp_probe;
	unsigned long after;

	t_group_begin("SMAP: trap entry clears AC (stac, then int3)");
	p->page = user;
	p->faulted = false;
	__asm__ volatile("stac\n\tint3\n\tpushfq\n\tpopq %0\n\tclac"
			 : "=r"(after) : : "memory", "cc");
	t_case(p->page == NULL, "the breakpoint handler did not run the probe");
	t_case(p->frame_rflags & RFLAGS_AC,
	       "interrupted code's RFLAGS %#lx: AC not set by stac",
	       p->frame_rflags);
	t_case(!(p->handler_rflags & RFLAGS_AC),
	       "handler runs with RFLAGS %#lx: AC still set on entry",
	       p->handler_rflags);
	t_case(p->faulted && p->error == PF_PRESENT &&
	       p->address == (unsigned long)user,
	       "stray load in the handler with AC set before the trap: %s "
	       "(error code %#lx, cr2 %#lx; want %#x at %p)",
	       p->faulted ? "faulted" : "did not fault", p->error, p->address,
	       PF_PRESENT, (void *)user);
	t_case(after & RFLAGS_AC, "after iretq RFLAGS %#lx: AC not restored",
	       after);
	p->page = NULL;
	t_group_end();
}

void smap_test(void)
{
	unsigned char *user = plat_alloc_pages(1);
	unsigned long before;
	int r;

	gp_test();
	if (!smap_on) {
		plat_printf("# SMAP negative test skipped: this CPU has no SMAP\n");
		return;
	}
	t_group_begin("SMAP: kernel access to a user page outside a window faults");
	before = trap_last_fault.count;
	r = kprobe_load(user);
	expect_fault(r, before, user, PF_PRESENT, "load");
	before = trap_last_fault.count;
	r = kprobe_store(user);
	expect_fault(r, before, user, PF_PRESENT | PF_WRITE, "store");

	before = trap_last_fault.count;
	plat_user_begin();
	r = kprobe_load(user) | kprobe_store(user);
	plat_user_end();
	t_case(!r && trap_last_fault.count == before,
	       "load and store inside a stac/clac window faulted");

	/*
	 * The library's own windows close again: after user_access_end(),
	 * and after a checked call (which opens and closes one), the same
	 * probes fault. A missing clac would leave AC set for everything
	 * after it.
	 */
	if (user_access_begin(UPTR(user), 1))
		user_access_end();
	before = trap_last_fault.count;
	r = kprobe_load(user);
	expect_fault(r, before, user, PF_PRESENT, "load after user_access_end()");
	r = clear_user(UPTR(user), 8) != 0;
	t_case(!r, "clear_user of a mapped user page: %d", r);
	before = trap_last_fault.count;
	r = kprobe_store(user);
	expect_fault(r, before, user, PF_PRESENT | PF_WRITE, "store after clear_user()");

	/*
	 * The probes of kernel memory run with AC clear (no stac of their
	 * own), and leave it clear.
	 */
	{
		unsigned char *k = plat_alloc_kernel_pages(1);
		unsigned long flags;

		__asm__ volatile("pushfq\n\tpopq %0" : "=r"(flags));
		r = copy_to_kernel_nofault(k, k + 64, 64) |
		    copy_from_kernel_nofault(k + 128, k, 64);
		t_case(!r && !(flags & RFLAGS_AC),
		       "kernel probes with AC clear: %d, AC %s before", r,
		       flags & RFLAGS_AC ? "set" : "clear");
		before = trap_last_fault.count;
		r = kprobe_load(user);
		expect_fault(r, before, user, PF_PRESENT, "load after the kernel probes");
	}
	t_group_end();
	entry_ac_test(user);
}
