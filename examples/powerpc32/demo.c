// SPDX-License-Identifier: MIT
/*
 * The e500 demo kernel (make demo): the library at work in a real kernel,
 * in a short report a newcomer can read. The same machine setup as the
 * test kernel (start.S, trap.c, mmu.c, console.c); instead of the suite it
 * initialises the library the way a kernel does and shows:
 *
 *  1. what uaccess_init() measured: the bytes one dcbz clears here;
 *  2. clear_user running into an unmapped page: the ELF loader's "padzero"
 *     of the bss tail, with the count of bytes not cleared;
 *  3. copy_from_user from a partly unmapped buffer: the short count and
 *     the zero-filled tail of the kernel buffer;
 *  4. get_user / put_user on a kernel address: refused by access_ok;
 *  5. KUAP (the PID register) catching a stray kernel access to user
 *     memory;
 *  6. the library's KUAP windows: opened and closed around every call,
 *     faults included.
 *
 * Steps 2-4 read the same on x86-64 (examples/demo_common.c); this
 * file has the e500's own. Every step checks what it shows; the run passes
 * only if all hold.
 */
#include <uaccess.h>
#include "kernel.h"
#include "platform.h"
#include "test_arch.h"
#include "../demo_common.h"

__attribute__((noreturn)) void kernel_main(const void *fdt);

static void line_size(void)
{
	unsigned long line = uaccess_dcbz_line_size();

	plat_printf("1. uaccess_init() measured what one dcbz clears on this CPU:"
		    " %lu bytes\n   (the library was built for %d-byte lines), "
		    "so it chose: %s\n", line, UACCESS_DCBZ_LINE,
		    uaccess_strategy_name());
	demo_verdict(line == UACCESS_DCBZ_LINE || line == 0);
}

/*
 * KUAP: user pages' TLB entries match only while PID = KUAP_USER_PID, so
 * a kernel access outside a window misses the TLB and faults. The probe
 * (test_arch_probe_read()) carries its own exception-table entry.
 */
static void stray_access(void)
{
	unsigned char *u = plat_alloc_pages(1);
	unsigned long f0 = plat_fault_count(), closed = kuap_closed_faults;
	bool outside, inside;

	plat_printf("5. a kernel load from user page %p outside a KUAP window\n",
		    (void *)u);
	outside = test_arch_probe_read(u);
	kuap_closed_faults = closed;	/* that one was on purpose */
	plat_printf("   %s: the page is mapped, but its TLB entries match only "
		    "while\n   PID = %d, and the kernel runs with PID = 0\n",
		    outside ? "NOT CAUGHT" : "caught", KUAP_USER_PID);
	plat_user_begin();
	inside = test_arch_probe_read(u);
	plat_user_end();
	plat_printf("   the same load with PID = %d (a window open): %s\n",
		    KUAP_USER_PID, inside ? "fine" : "FAULTED");
	demo_verdict(!outside && plat_fault_count() == f0 + 1 && inside);
}

static void kuap_windows(void)
{
	bool balanced = kuap_count.allows == kuap_count.prevents &&
			!kuap_count.open && !kuap_count.misuse;

	plat_printf("6. the library's KUAP hooks (uaccess/kuap.h) around the "
		    "calls above:\n   %lu windows opened, %lu closed, %s; "
		    "%lu library faults with none open\n", kuap_count.allows,
		    kuap_count.prevents, balanced ? "none nested" : "UNBALANCED",
		    kuap_closed_faults);
	demo_verdict(balanced && kuap_count.allows > 0 && !kuap_closed_faults &&
		     !kuap_open_elsewhere);
}

void kernel_main(const void *fdt)
{
	(void)fdt;
	console_init();
	traps_init();
	mmu_init();
	/* access_ok() refuses everything outside the user region. */
	uaccess_set_user_range(USER_BASE, USER_END);
	uaccess_init();

	plat_printf("# uaccess demo: PowerPC e500 (PVR %#lx), bare metal on QEMU "
		    "ppce500\n\n", mfspr(SPR_PVR));
	line_size();
	demo_padzero(" faults resolved through uaccess_fixup() (the fast loop's,"
		     " then the\n   byte-by-byte finish's at the exact first "
		     "unmapped byte)");
	demo_partial_copy();
	demo_kernel_address();
	stray_access();
	kuap_windows();
	plat_printf("# kernel: %s\n", demo_done() ? "pass" : "fail");
	power_off();
}
