/* SPDX-License-Identifier: MIT */
/*
 * The KUAP hooks of the e500 test kernel: what <uaccess/arch.h> calls
 * around every user access when built with -DUACCESS_KUAP.
 *
 * The protection is real, the way 40x/44x Linux does it with PID: every
 * user page's TLB entry carries TID = KUAP_USER_PID, and an entry with a
 * nonzero TID matches only while the PID register holds that value. The
 * kernel runs with PID = 0, so a user access outside a window misses the
 * TLB, and the DTLB-miss handler (mmu.c) sees the closed window and
 * reports it. allow() sets PID, prevent() clears it; both are followed by
 * isync, which makes the new PID apply to the very next access.
 *
 * The hooks also count, and call tests/cases/test_kuap.c's hooks when it is
 * built with them (examples/kuap_counts.h): mmu.c checks at every fault,
 * and the kernel after the suite, that windows never nest and always
 * close.
 */
#ifndef BAREMETAL_UACCESS_KUAP_H
#define BAREMETAL_UACCESS_KUAP_H

#define KUAP_USER_PID	1

#include "../../kuap_counts.h"

extern struct kuap_counts kuap_count;
/* The counts tests/cases/test_kuap.c reads. */
#define KUAP_COUNT kuap_count

static inline void uaccess_kuap_allow(const void __user *addr, unsigned long n,
				      int dir)
{
	kuap_count_allow(&kuap_count, dir);
	__asm__ volatile("mtspr 48, %0\n\tisync"	/* PID = user */
			 : : "r"(KUAP_USER_PID) : "memory");
	kuap_chain_allow(addr, n, dir);
}

static inline void uaccess_kuap_prevent(const void __user *addr,
					unsigned long n, int dir)
{
	kuap_chain_prevent(addr, n, dir);
	__asm__ volatile("mtspr 48, %0\n\tisync"	/* PID = kernel */
			 : : "r"(0) : "memory");
	kuap_count_prevent(&kuap_count);
}

#endif
