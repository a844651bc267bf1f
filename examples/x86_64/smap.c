// SPDX-License-Identifier: MIT
/*
 * SMAP has to matter: with CR4.SMAP on, a kernel load or store to a mapped,
 * writable user page outside a stac/clac window must fault, with an error
 * code that says "present page, supervisor access" (P=1, U/S=0): nothing
 * but SMAP refuses such an access. Inside a window the same accesses must
 * go through. The probes (kprobe.S) carry the kernel's own fixup, so this
 * does not depend on the library's table. Without SMAP the test is skipped
 * and counts nothing.
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

void smap_test(void)
{
	unsigned char *user = plat_alloc_pages(1);
	unsigned long before;
	int r;

	if (!smap_on) {
		kprintf("# SMAP negative test skipped: this CPU has no SMAP\n");
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
		t_case(!r && !(flags & (1UL << 18)),
		       "kernel probes with AC clear: %d, AC %s before", r,
		       flags & (1UL << 18) ? "set" : "clear");
		before = trap_last_fault.count;
		r = kprobe_load(user);
		expect_fault(r, before, user, PF_PRESENT, "load after the kernel probes");
	}
	t_group_end();
}
