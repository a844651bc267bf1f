// SPDX-License-Identifier: MIT
/*
 * check_zeroed_user(from, size): the contract is in <uaccess.h>;
 * copy_struct_from_user() is built on it.
 *
 * It reads aligned words only, as strnlen_user.c does: an aligned word
 * lies inside one page, so a load that faults means every byte of its
 * word is inaccessible and every earlier word was read. The words are read
 * in address order and the first one that settles the answer ends the
 * scan: a nonzero byte gives 0, a fault -EFAULT, so the answer is decided
 * by the first byte of the range that is nonzero or inaccessible, exactly.
 * The bytes of the first and last words outside [from, from + size) are
 * read (same page) but masked off.
 *
 * Speculation (Spectre v1): the loads go through the pointer masked by
 * uaccess_mask_ptr() after the range check, and the window opens without
 * the barrier (strncpy_from_user.c says why that is enough).
 */
#include <uaccess.h>
#include "word_at_a_time.h"

int uaccess_check_zeroed_user(const void __user *from, unsigned long size)
{
	unsigned long off = (unsigned long)from % WAT_BYTES, left, w;
	const unsigned long __user *p;
	unsigned long long v;
	int res;

	if (size == 0)
		return 1;
	if (!uaccess_access_ok(from, size))
		return -UACCESS_EFAULT;
	p = (const unsigned long __user *)
		((unsigned long)uaccess_mask_ptr(from) & ~(WAT_BYTES - 1));
	/* Range bytes from p on: no wrap, from + size <= the user end. */
	left = off + size;
	_uaccess_read_window_open_masked(p, (left + WAT_BYTES - 1) & ~(WAT_BYTES - 1));
	if (_uaccess_arch_get_unsafe(&v, p, WAT_BYTES))
		goto efault;
	w = (unsigned long)v & wat_mask_from(off);
	while (left > WAT_BYTES) {
		if (w) {
			res = 0;
			goto out;
		}
		left -= WAT_BYTES;
		p++;
		if (_uaccess_arch_get_unsafe(&v, p, WAT_BYTES))
			goto efault;
		w = (unsigned long)v;
	}
	w &= wat_mask_upto(left);	/* 1 <= left <= WAT_BYTES */
	res = w == 0;
out:
	_uaccess_window_close_dir(UACCESS_READ);
	return res;
efault:
	_uaccess_window_close_dir(UACCESS_READ);
	return -UACCESS_EFAULT;
}
