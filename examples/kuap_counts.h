/* SPDX-License-Identifier: MIT */
/*
 * The window bookkeeping of the kernels whose <uaccess/kuap.h> hooks
 * switch real protection (AArch64's TTBR0, the e500's PID), included by
 * those headers and so by every caller of the library there. Each hook
 * counts its window here around its own switch; the kernel checks the
 * counts at every fault and after the suite (windows never nest and
 * always close), and tests/cases/test_kuap.c reads them as KUAP_COUNT.
 *
 * Built with -DKUAP_CHAIN_TEST_HOOKS (tests/cases/test_kuap.c, which has hooks
 * of its own that check the calls' arguments), the hooks call those too,
 * inside the window.
 */
#ifndef BAREMETAL_KUAP_COUNTS_H
#define BAREMETAL_KUAP_COUNTS_H

#include <uaccess/compiler.h>

struct kuap_counts {
	unsigned long allows, prevents;
	long open;		/* windows open now: 0 or 1 */
	unsigned long misuse;	/* nested opens, closes without an open */
	int dirs;		/* every window's direction, OR-ed (a test clears it) */
};

#ifdef KUAP_CHAIN_TEST_HOOKS
void test_kuap_allow(const void __user *addr, unsigned long n, int dir);
void test_kuap_prevent(const void __user *addr, unsigned long n, int dir);
#endif

/* In allow(), before the switch opens the window. */
static inline void kuap_count_allow(struct kuap_counts *c, int dir)
{
	if (c->open++)
		c->misuse++;
	c->allows++;
	c->dirs |= dir;
}

/* In prevent(), after the switch closed the window. */
static inline void kuap_count_prevent(struct kuap_counts *c)
{
	if (--c->open)
		c->misuse++;
	c->prevents++;
}

/* Last in allow(), first in prevent(): inside the window. */
static inline void kuap_chain_allow(const void __user *addr, unsigned long n,
				    int dir)
{
#ifdef KUAP_CHAIN_TEST_HOOKS
	test_kuap_allow(addr, n, dir);
#else
	(void)addr, (void)n, (void)dir;
#endif
}

static inline void kuap_chain_prevent(const void __user *addr, unsigned long n,
				      int dir)
{
#ifdef KUAP_CHAIN_TEST_HOOKS
	test_kuap_prevent(addr, n, dir);
#else
	(void)addr, (void)n, (void)dir;
#endif
}

#endif
