// SPDX-License-Identifier: MIT
/*
 * The AArch64 demo kernel (make demo): the library at work in an EL1
 * kernel, in a short report a newcomer can read. The same machine setup
 * as the test kernel (start.S, trap.c, mmu.c, console.c); instead of the
 * suite it initialises the library the way a kernel does and shows:
 *
 *  1. what uaccess_init() chose, and what guards user memory: PAN, and
 *     software PAN (TTBR0 switching) where the library calls the hooks;
 *  2. clear_user running into an unmapped page: the ELF loader's "padzero"
 *     of the bss tail, with the count of bytes not cleared;
 *  3. copy_from_user from a partly unmapped buffer: the short count and
 *     the zero-filled tail of the kernel buffer;
 *  4. get_user / put_user on a kernel address: refused by access_ok;
 *  5. PAN catching a stray plain load from user memory (and software PAN,
 *     when on, catching it with the window closed);
 *  6. the windows: balanced around every call, PAN set after them.
 *
 * Steps 2-4 read the same on every architecture (examples/demo_common.c);
 * this file has AArch64's own. Every step checks what it shows; the run
 * passes only if all hold.
 */
#include <uaccess.h>
#include "kernel.h"
#include "platform.h"
#include "../demo_common.h"

__attribute__((noreturn)) void kernel_main(void);

static void init_choice(int r, enum software_pan_state sw)
{
	plat_printf("1. uaccess_init() chose: %s\n"
		    "   Every user access is an unprivileged ldtr/sttr, which checks "
		    "EL0's\n   permissions, so the kernel keeps PAN %s.\n"
		    "   Software PAN (TTBR0 switching in the window hooks): %s\n",
		    uaccess_strategy_name(),
		    cpu_has_pan ? "set (SCTLR_EL1.SPAN = 0\n   sets it on every "
				  "exception entry)" : "off: this CPU has none",
		    sw == SW_PAN_ON ? "on" : sw == SW_PAN_NO_HOOKS ?
		    "off: the library does not call the hooks" : "BROKEN");
	demo_verdict(r == 0 && sw != SW_PAN_HOOKS_UNCALLED);
}

/*
 * A plain ldrb of a mapped, writable user page: with the user root in
 * TTBR0 only PAN can refuse it (a permission fault), with the window
 * closed software PAN does (a translation fault). The probe carries the
 * kernel's own fixup (start.S).
 */
static void stray_access(void)
{
	unsigned char *u = plat_alloc_pages(1);
	struct kfault *k = &this_cpu()->kfault;
	unsigned long f0 = k->count;
	unsigned char v;
	int caught, closed = 0, inside;
	bool ok;

	plat_printf("5. a plain kernel load (ldrb) from user page %p\n", (void *)u);
	mmu_software_window(true);
	caught = kprobe_load(u, &v);
	mmu_software_window(false);
	plat_printf("   with PAN set: %s: ESR %#lx (EC %#lx data abort, DFSC %#lx "
		    "permission fault),\n   FAR %#lx: the page is mapped and EL0 may "
		    "read it, so EL1 may not\n", caught ? "caught" : "NOT CAUGHT",
		    k->esr, ESR_EC(k->esr), ESR_DFSC(k->esr), k->far);
	ok = caught == cpu_has_pan && (!caught || (k->count == f0 + 1 &&
	     ESR_DFSC(k->esr) == DFSC_PERMISSION_L3 && k->far == (unsigned long)u));
	if (software_pan) {
		if (cpu_has_pan)
			pan_write(false);
		f0 = k->count;
		closed = kprobe_load(u, &v);
		if (cpu_has_pan)
			pan_write(true);
		plat_printf("   with PAN clear but the window closed: %s: DFSC %#lx "
			    "(translation fault):\n   outside a window TTBR0 holds "
			    "a root without the user region\n",
			    closed ? "caught" : "NOT CAUGHT", ESR_DFSC(k->esr));
		ok = ok && closed && k->count == f0 + 1;
	}
	plat_user_begin();
	inside = kprobe_load(u, &v);
	plat_user_end();
	plat_printf("   the same load inside a window (PAN clear, the user root): %s\n",
		    inside ? "FAULTED" : "fine");
	demo_verdict(ok && !inside);
}

static void windows(void)
{
	const struct kuap_counts *s = &this_cpu()->kuap;
	bool balanced = s->allows == s->prevents && !s->open && !s->misuse;
	bool pan_set = !cpu_has_pan || pan_read();

	plat_printf("6. the window hooks (uaccess/kuap.h) around the calls above: "
		    "%lu opened,\n   %lu closed, %s; %lu library faults on user "
		    "memory with the window closed;\n   PAN %s now\n", s->allows,
		    s->prevents, balanced ? "none nested" : "UNBALANCED",
		    closed_window_faults, cpu_has_pan ? (pan_set ? "set" : "CLEAR")
						      : "absent");
	demo_verdict(balanced && (!software_pan || s->allows > 0) &&
		     !closed_window_faults && pan_set && plat_window_state() <= 0);
}

void kernel_main(void)
{
	enum software_pan_state sw;
	bool pass;
	int r;

	/* access_ok() refuses everything outside the user region. */
	uaccess_set_user_range(USER_BASE, USER_END);
	r = uaccess_init();
	sw = mmu_software_pan_init();

	plat_printf("# uaccess demo: AArch64 EL1, bare metal on QEMU virt (4 KiB "
		    "pages, 39-bit VAs)\n\n");
	init_choice(r, sw);
	demo_padzero(" translation faults (ESR_EL1.EC 0x25), resolved through\n"
		     "   uaccess_fixup(ELR_EL1)");
	demo_partial_copy();
	demo_kernel_address();
	stray_access();
	windows();
	pass = demo_done();
	plat_printf("# kernel: %s\n", pass ? "pass" : "fail");
	kernel_exit(pass);
}
