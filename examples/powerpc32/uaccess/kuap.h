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
 * The hooks also count: mmu.c checks at every fault, and the kernel after
 * the suite, that windows never nest and always close.
 *
 * tests/test_kuap.c has hooks of its own that check the
 * calls' arguments. It is built with -DKUAP_CHAIN_TEST_HOOKS: these hooks
 * then call its hooks too, inside the window.
 */
#ifndef BAREMETAL_UACCESS_KUAP_H
#define BAREMETAL_UACCESS_KUAP_H

#define KUAP_USER_PID	1

struct kuap_count {
	unsigned long allows, prevents;
	long open;		/* windows open now: 0 or 1 */
	unsigned long misuse;	/* nested opens, closes without an open */
	int dirs;		/* every window's direction, OR-ed (a test clears it) */
};
extern struct kuap_count kuap_count;
/* The counts tests/test_kuap.c reads. */
#define KUAP_COUNT kuap_count

#ifdef KUAP_CHAIN_TEST_HOOKS
void test_kuap_allow(const void __user *addr, unsigned long n, int dir);
void test_kuap_prevent(const void __user *addr, unsigned long n, int dir);
#endif

static inline void uaccess_kuap_allow(const void __user *addr, unsigned long n,
				      int dir)
{
	if (kuap_count.open++)
		kuap_count.misuse++;
	kuap_count.allows++;
	kuap_count.dirs |= dir;
	__asm__ volatile("mtspr 48, %0\n\tisync"	/* PID = user */
			 : : "r"(KUAP_USER_PID) : "memory");
#ifdef KUAP_CHAIN_TEST_HOOKS
	test_kuap_allow(addr, n, dir);
#else
	(void)addr, (void)n;
#endif
}

static inline void uaccess_kuap_prevent(const void __user *addr,
					unsigned long n, int dir)
{
#ifdef KUAP_CHAIN_TEST_HOOKS
	test_kuap_prevent(addr, n, dir);
#else
	(void)addr, (void)n, (void)dir;
#endif
	__asm__ volatile("mtspr 48, %0\n\tisync"	/* PID = kernel */
			 : : "r"(0) : "memory");
	if (--kuap_count.open)
		kuap_count.misuse++;
	kuap_count.prevents++;
}

#endif
