// SPDX-License-Identifier: MIT
/*
 * The checked entry points: access_ok() in front of the arch's unchecked
 * routines, plus the zero-fill that keeps copy_from_user from handing back
 * stale kernel data.
 */
#include <uaccess.h>

unsigned long uaccess_user_start = UACCESS_USER_START;
unsigned long uaccess_user_end = UACCESS_USER_END;

void uaccess_set_user_range(unsigned long start, unsigned long end)
{
	uaccess_user_start = start;
	uaccess_user_end = end;
}

unsigned long clear_user(void __user *to, unsigned long n)
{
	if (!access_ok(to, n))
		return n;
	return __clear_user(to, n);
}

unsigned long copy_to_user(void __user *to, const void *from, unsigned long n)
{
	if (!access_ok(to, n))
		return n;
	return __copy_to_user(to, from, n);
}

unsigned long copy_from_user(void *to, const void __user *from, unsigned long n)
{
	unsigned long left = n;

	if (access_ok(from, n))
		left = __copy_from_user(to, from, n);
	if (left)
		_uaccess_kernel_zero((char *)to + (n - left), left);
	return left;
}
