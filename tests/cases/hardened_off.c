// SPDX-License-Identifier: MIT
/*
 * The copies of a file built with UACCESS_HARDENED 0, for test_hardened.c:
 * the setting is read by the inline calls alone, so one file of a kernel
 * may turn the check off while the rest keep it. Each helper is one call;
 * hardened_sized_object() is here so that test_hardened.c sees only its
 * declaration.
 */
#define UACCESS_HARDENED 0
#include <uaccess.h>
#include "suite.h"

unsigned long hardened_off_copy_from_user(void *to, const void __user *from,
					  unsigned long n)
{
	return copy_from_user(to, from, n);
}

void *hardened_sized_object(void *p, unsigned long size)
{
	(void)size;
	return p;
}

unsigned long hardened_off_copy_to_user(void __user *to, const void *from,
					unsigned long n)
{
	return copy_to_user(to, from, n);
}
