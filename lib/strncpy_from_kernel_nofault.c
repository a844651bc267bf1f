// SPDX-License-Identifier: MIT
/*
 * strncpy_from_kernel_nofault(): the contract is in <uaccess.h>. A probe of
 * kernel memory: no range check, no mask, no window. One byte load at a
 * time, each through the arch's probe accessor and its table entry: a
 * probe is not a hot path, and a byte load reads nothing the call does not
 * copy (an aligned word could reach past the string into a device
 * register). Only src[0, count - 1) is ever read: the last byte of dst is
 * the NUL either way.
 */
#include <uaccess.h>

long uaccess_strncpy_from_kernel_nofault(char *dst, const void *src, long count)
{
	const unsigned char *s = src;
	unsigned long long c;
	long i;

	if (count <= 0)
		return 0;
	for (i = 0; i < count - 1; i++) {
		if (_uaccess_arch_kernel_get_nofault(&c, s + i, 1)) {
			dst[i] = '\0';
			return -UACCESS_EFAULT;
		}
		dst[i] = (char)c;
		if (!c)
			return i + 1;
	}
	dst[count - 1] = '\0';
	return count;
}
