// SPDX-License-Identifier: MIT
/*
 * strnlen_user(s, n): the contract is in <uaccess.h>. The same aligned-word
 * scan as strncpy_from_user.c (which explains why it is exact and why the
 * pointer is masked instead of a barrier), without the copy.
 *
 * The start of the scan (range, mask, window, first word) repeats
 * strncpy_from_user.c's on purpose: as one inline helper shared by both,
 * GCC does not make this loop a counted loop on every architecture, and
 * that costs instructions on every word.
 *
 * n <= 0: 0 without reading anything, Linux's answer, so code ported from
 * Linux reads the same result from the same call (<uaccess.h>).
 */
#include <uaccess.h>
#include "word_at_a_time.h"

long uaccess_strnlen_user(const char __user *s, long n)
{
	unsigned long a = (unsigned long)s, u, max, off, left;
	const unsigned long __user *p;
	unsigned long long v;
	long res;

	if (n <= 0)
		return 0;
	/* The range judges the address the MMU sees (a tag untouched). */
	u = _uaccess_arch_untag_addr(a);
	if (u < uaccess_user_start || u >= uaccess_user_end)
		return 0;
	max = uaccess_user_end - u;
	if (max > (unsigned long)n)
		max = (unsigned long)n;

	off = a % WAT_BYTES;
	/* Spectre v1: masked, not fenced (strncpy_from_user.c says why). */
	p = (const unsigned long __user *)
		((unsigned long)uaccess_mask_ptr(s) & ~(WAT_BYTES - 1));
	left = off + max;	/* range bytes from p on: cannot wrap, u + max <= end */
	_uaccess_read_window_open_masked(p, (left + WAT_BYTES - 1) & ~(WAT_BYTES - 1));
	if (_uaccess_arch_get_unsafe(&v, p, WAT_BYTES))
		goto efault;
	v = wat_fill_before((unsigned long)v, off);
	for (;;) {
		unsigned long w = (unsigned long)v;

		if (wat_has_zero(w)) {
			unsigned long z = wat_first_zero(wat_zero_bits(w));

			if (z < left) {
				/* The length with the NUL: from s to one past it. */
				res = (long)((unsigned long)p - a + z + 1);
				break;
			}
		}
		if (left <= WAT_BYTES) {
			/*
			 * No NUL before max: n + 1 (> n) if max is n, else the
			 * string ran into the user end, a fault. n + 1 cannot
			 * overflow in practice: n == LONG_MAX would take more
			 * than LONG_MAX mapped user bytes without a NUL.
			 */
			res = max < (unsigned long)n ? 0 : (long)((unsigned long)n + 1);
			break;
		}
		left -= WAT_BYTES;
		p++;
		if (_uaccess_arch_get_unsafe(&v, p, WAT_BYTES))
			goto efault;
	}
	_uaccess_window_close_dir(UACCESS_READ);
	return res;
efault:
	_uaccess_window_close_dir(UACCESS_READ);
	return 0;
}
