// SPDX-License-Identifier: MIT
/*
 * The demo kernel: the library at work in a real kernel, in a short report
 * a newcomer can read. Same machine setup as the test kernel (kernel.c,
 * mmu.c, trap.c); instead of the suite it initialises the library the way
 * a kernel does (uaccess_init(), with the text-poke hook) and shows:
 *
 *  1. what uaccess_init() chose for this CPU;
 *  2. clear_user running into an unmapped page: the ELF loader's "padzero"
 *     of the bss tail, with the count of bytes not cleared;
 *  3. copy_from_user from a partly unmapped buffer: the short count and
 *     the zero-filled tail of the kernel buffer;
 *  4. get_user / put_user on a kernel address: refused by access_ok;
 *  5. SMAP catching a stray kernel access to user memory.
 *
 * Steps 2-4 read the same on PowerPC (examples/demo_common.c); this
 * file has the x86-64's own. Every step checks what it shows; the run
 * passes only if all hold.
 */
#include <uaccess.h>
#include "kernel.h"
#include "platform.h"
#include "../demo_common.h"

const char kernel_name[] = "demo";

static void stray_access(void)
{
	unsigned char *u = plat_alloc_pages(1);
	unsigned long f0 = trap_last_fault.count;
	int faulted, inside;

	plat_printf("5. a kernel load from user page %p outside a user-access window\n", u);
	if (!smap_on) {
		plat_printf("   this CPU has no SMAP: nothing would catch it (try -cpu max)\n\n");
		return;
	}
	faulted = kprobe_load(u);
	plat_printf("   %s: #PF, error code %#lx (present page, supervisor read: only\n"
		"   SMAP refuses that), cr2 %#lx\n", faulted ? "caught" : "NOT CAUGHT",
		trap_last_fault.error, trap_last_fault.address);
	plat_user_begin();
	inside = kprobe_load(u);
	plat_user_end();
	plat_printf("   the same load between stac and clac: %s\n",
		inside ? "FAULTED" : "fine");
	demo_verdict(faulted && trap_last_fault.count == f0 + 1 &&
		     trap_last_fault.error == 0x1 && !inside);
}

bool kernel_run(const char *set)
{
	unsigned long f = uaccess_cpu_features();
	int r;

	(void)set;
	uaccess_set_text_poke(text_poke);
	r = uaccess_init();
	plat_printf("\n1. uaccess_init() on this CPU (CPUID:%s%s%s%s) patched in:\n"
		"   %s%s\n", f & UACCESS_FEAT_ERMS ? " ERMS" : "",
		f & UACCESS_FEAT_FSRM ? " FSRM" : "",
		f & UACCESS_FEAT_SMAP ? " SMAP" : "", f ? "" : " none of interest",
		uaccess_strategy_name(),
		f & UACCESS_FEAT_SMAP ? ", stac/clac around every user access" : "");
	demo_verdict(r == 0);

	demo_padzero(" page fault, resolved through uaccess_fixup()");
	demo_partial_copy();
	demo_kernel_address();
	stray_access();
	return demo_done();
}
