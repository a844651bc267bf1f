/* SPDX-License-Identifier: MIT */
/*
 * The window hooks of the AArch64 test kernel: what <uaccess/arch.h>
 * calls around every user access when built with -DUACCESS_KUAP (the
 * contract of arch/powerpc32/include/uaccess/arch.h: allow and prevent
 * with the same range and direction; user_access_end() closes with
 * (NULL, 0, dir)).
 *
 * Software PAN, by switching TTBR0: there are two roots (mmu.c), one
 * mapping the kernel and the user region, one the kernel only. allow()
 * loads the user root, prevent() the kernel-only one (kuap_ttbr0_closed;
 * the same as the user root until mmu_software_pan_init() found that the
 * library calls these hooks) and then drops this CPU's user translations
 * (TLBI ASIDE1: only user pages are non-global), each followed by isb, so
 * the very next access sees it. Outside a window every user access
 * faults, an unprivileged ldtr/sttr included: on a CPU without FEAT_PAN
 * this is the only thing that keeps the kernel's plain loads and stores
 * out of user memory.
 *
 * Both roots have one ASID. With an ASID each, no switch would need TLB
 * maintenance, but QEMU flushes its whole TLB on every ASID change, twice
 * a window, which makes a boot several times slower than one flush a
 * window. With one ASID, opening needs none either: the kernel root's
 * tables are the user root's less two entries of the root itself, and a
 * walk that meets an invalid entry caches nothing. Closing drops what the
 * window may have cached.
 *
 * The hooks also count, per CPU (TPIDR_EL1 points at this CPU's struct
 * kuap_counts), and call tests/cases/test_kuap.c's hooks when it is built with
 * them (examples/kuap_counts.h): the kernel checks after the suite, and
 * the exception handlers at every fault, that windows never nest and
 * always close. An exception entry (start.S) closes the window and its
 * return restores the interrupted TTBR0; the timer handler saves and
 * restores the counts. tests/cases/test_kuap.c reads this CPU's counts.
 */
#ifndef BAREMETAL_A64_UACCESS_KUAP_H
#define BAREMETAL_A64_UACCESS_KUAP_H

/* The ASID of both roots, in TTBR0 bits 63..48 and TLBI operands. */
#define KUAP_ASID	1
#define KUAP_ASID_SHIFT	48

#ifndef __ASSEMBLER__
#include "../../kuap_counts.h"

extern unsigned long kuap_ttbr0_open, kuap_ttbr0_closed;

static inline struct kuap_counts *kuap_this_cpu(void)
{
	struct kuap_counts *s;

	__asm__ volatile("mrs %0, tpidr_el1" : "=r"(s));
	return s;
}

/* The counts tests/cases/test_kuap.c reads: this CPU's. */
#define KUAP_COUNT (*kuap_this_cpu())

static inline void kuap_load_open(void)
{
	__asm__ volatile("msr ttbr0_el1, %0\n\tisb"
			 : : "r"(kuap_ttbr0_open) : "memory");
}

/* The kernel root, then no user translation left in this CPU's TLB. */
static inline void kuap_load_closed(void)
{
	__asm__ volatile("msr ttbr0_el1, %0\n\tisb\n\t"
			 "tlbi aside1, %1\n\tdsb nsh\n\tisb"
			 : : "r"(kuap_ttbr0_closed),
			     "r"((unsigned long)KUAP_ASID << KUAP_ASID_SHIFT)
			 : "memory");
}

static inline void uaccess_kuap_allow(const void __user *addr, unsigned long n,
				      int dir)
{
	kuap_count_allow(kuap_this_cpu(), dir);
	kuap_load_open();
	kuap_chain_allow(addr, n, dir);
}

static inline void uaccess_kuap_prevent(const void __user *addr,
					unsigned long n, int dir)
{
	kuap_chain_prevent(addr, n, dir);
	kuap_load_closed();
	kuap_count_prevent(kuap_this_cpu());
}

#endif /* !__ASSEMBLER__ */
#endif
