// SPDX-License-Identifier: MIT
/*
 * The checked calls as a kernel makes them, for tests/checks/build-checks.sh:
 * a variable size and a kernel object of unknown size, the result
 * returned. Their fast path must build no stack frame (the architecture
 * says which instructions build one): the never-taken calls (the
 * hardened check's, copy_from_user's zero fill) are tail calls.
 */
#include <uaccess.h>

unsigned long checked_clear(void __user *to, unsigned long n);
unsigned long checked_clear(void __user *to, unsigned long n)
{
	return clear_user(to, n);
}

unsigned long checked_copy_to(void __user *to, const void *from, unsigned long n);
unsigned long checked_copy_to(void __user *to, const void *from, unsigned long n)
{
	return copy_to_user(to, from, n);
}

unsigned long checked_copy_from(void *to, const void __user *from, unsigned long n);
unsigned long checked_copy_from(void *to, const void __user *from, unsigned long n)
{
	return copy_from_user(to, from, n);
}
