/* SPDX-License-Identifier: MIT */
/*
 * The byte-at-a-time reference every bench/<arch>/ holds strnlen_user and
 * strncpy_from_user against: the
 * contract of <uaccess.h> with the library's own window and one
 * unsafe_get_user per byte, where lib/ reads aligned words.
 *
 * Kept out of line (noinline) so that it is a function of its own: an
 * instruction count finds its instructions by its ref_ name, and every
 * bench calls it as it calls the library.
 */
#ifndef BENCH_REF_STRINGS_H
#define BENCH_REF_STRINGS_H

#include <stdbool.h>
#include <uaccess.h>

/* strncpy_from_user(dst, src, count) if copy, else strnlen_user(src, count). */
__attribute__((noinline))
static long ref_str_bytes(char *dst, const char *src, long count, bool copy)
{
	unsigned long a = (unsigned long)src, max;
	long i;

	if (count <= 0)
		return copy ? 0 : 1;
	if (a < uaccess_user_start || a >= uaccess_user_end)
		goto fault;
	max = uaccess_user_end - a;
	if (max > (unsigned long)count)
		max = (unsigned long)count;
	if (!user_access_begin(src, max))
		goto fault;
	for (i = 0; i < (long)max; i++) {
		char c;

		unsafe_get_user(c, src + i, efault);
		if (copy)
			dst[i] = c;
		if (!c) {
			user_access_end();
			return copy ? i : i + 1;
		}
	}
	user_access_end();
	if (max < (unsigned long)count)
		goto fault;
	return copy ? count : count + 1;
efault:
	user_access_end();
fault:
	return copy ? -UACCESS_EFAULT : 0;
}

#endif
