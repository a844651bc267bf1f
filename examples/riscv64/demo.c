// SPDX-License-Identifier: MIT
/*
 * The RISC-V demo kernel (make demo): the library at work in an S-mode
 * kernel, in a short report a newcomer can read. The same machine setup as
 * the test kernel (start.S, trap.c, mmu.c, console.c); instead of the
 * suite it initialises the library the way a kernel does and shows:
 *
 *  1. what uaccess_init() chose: nothing to patch on RISC-V, the windows
 *     are sstatus.SUM;
 *  2. clear_user running into an unmapped page: the ELF loader's "padzero"
 *     of the bss tail, with the count of bytes not cleared;
 *  3. copy_from_user from a partly unmapped buffer: the short count and
 *     the zero-filled tail of the kernel buffer;
 *  4. get_user / put_user on a kernel address: refused by access_ok;
 *  5. SUM catching a stray kernel access to user memory;
 *  6. the library's windows: every fault of the steps above on a user page
 *     came with SUM set, and SUM is clear after them.
 *
 * Steps 2-4 read the same on every architecture (examples/demo_common.c);
 * this file has the RISC-V's own. Every step checks what it shows; the run
 * passes only if all hold.
 */
#include <uaccess.h>
#include "kernel.h"
#include "platform.h"
#include "../demo_common.h"

__attribute__((noreturn)) void kernel_main(unsigned long hart, const void *fdt);

static void stray_access(void)
{
	unsigned char *u = plat_alloc_pages(1);
	unsigned long f0 = probe_fault.count;
	unsigned char v;
	int faulted, inside;

	plat_printf("5. a kernel load from user page %p with sstatus.SUM clear\n",
		    (void *)u);
	faulted = kprobe_load(u, &v);
	plat_printf("   %s: scause %lu (load page fault), stval %#lx: the page "
		    "is mapped\n   and readable, but it is a user page (U = 1)\n",
		    faulted ? "caught" : "NOT CAUGHT", probe_fault.scause,
		    probe_fault.stval);
	plat_user_begin();
	inside = kprobe_load(u, &v);
	plat_user_end();
	plat_printf("   the same load with SUM set (a window open): %s\n",
		    inside ? "FAULTED" : "fine");
	demo_verdict(faulted && probe_fault.count == f0 + 1 &&
		     probe_fault.scause == CAUSE_LOAD_PAGE_FAULT &&
		     probe_fault.stval == (unsigned long)u && !inside);
}

static void windows(void)
{
	bool closed = !(csr_read(sstatus) & SSTATUS_SUM);

	plat_printf("6. the library's windows (csrs/csrc sstatus, SUM) around "
		    "the calls above:\n   %lu faults on user pages with SUM "
		    "clear, %lu windows left open,\n   SUM %s now\n",
		    sum_closed_faults, sum_left_open, closed ? "clear" : "SET");
	demo_verdict(closed && !sum_closed_faults && !sum_left_open);
}

void kernel_main(unsigned long hart, const void *fdt)
{
	bool pass;
	int r;

	(void)hart, (void)fdt;
	console_init();
	traps_init();
	mmu_init();
	/* access_ok() refuses everything outside the user region. */
	uaccess_set_user_range(USER_BASE, USER_END);
	r = uaccess_init();

	plat_printf("# uaccess demo: RISC-V S-mode, bare metal on QEMU virt "
		    "(Sv39)\n\n");
	plat_printf("1. uaccess_init(): %s, nothing to patch; every user access "
		    "sits\n   inside a window that sets sstatus.SUM\n",
		    uaccess_strategy_name());
	demo_verdict(r == 0);
	demo_padzero(" load/store page faults, resolved through "
		     "uaccess_fixup(sepc)");
	demo_partial_copy();
	demo_kernel_address();
	stray_access();
	windows();
	pass = demo_done();
	plat_printf("# kernel: %s\n", pass ? "pass" : "fail");
	power_off(pass);
}
