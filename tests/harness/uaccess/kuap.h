/* SPDX-License-Identifier: MIT */
/*
 * KUAP hooks for the test built with -DUACCESS_KUAP semantics
 * (test_kuap.c defines UACCESS_KUAP before including <uaccess.h>): what a
 * kernel with KUAP puts in its own <uaccess/kuap.h>. These forward to the
 * test, which counts the calls and, in its emulation mode, makes the user
 * pages reachable only while the window is open.
 */
#ifndef TEST_UACCESS_KUAP_H
#define TEST_UACCESS_KUAP_H

void test_kuap_allow(const void __user *addr, unsigned long n, int dir);
void test_kuap_prevent(const void __user *addr, unsigned long n, int dir);

static inline void uaccess_kuap_allow(const void __user *addr, unsigned long n,
				      int dir)
{
	test_kuap_allow(addr, n, dir);
}

static inline void uaccess_kuap_prevent(const void __user *addr,
					unsigned long n, int dir)
{
	test_kuap_prevent(addr, n, dir);
}

#endif
