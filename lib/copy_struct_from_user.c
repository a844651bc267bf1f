// SPDX-License-Identifier: MIT
/*
 * copy_struct_from_user(dst, ksize, src, usize), for system calls whose
 * argument struct grows over time, and check_zeroed_user(from, size), the
 * test it is built on (public too). The contracts are in <uaccess.h>.
 *
 * check_zeroed_user reads aligned words only, as strnlen_user.c does: an
 * aligned word lies inside one page, so a load that faults means every
 * byte of its word is inaccessible and every earlier word was read. The
 * words are read in address order and the first one that settles the
 * answer ends the scan: a nonzero byte gives 0, a fault -EFAULT, so the
 * answer is decided by the first byte of the range that is nonzero or
 * inaccessible, exactly. The bytes of the first and last words outside
 * [from, from + size) are read (same page) but masked off.
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
	if (_uaccess_get_unsafe(&v, p, WAT_BYTES))
		goto efault;
	w = (unsigned long)v & wat_mask_from(off);
	while (left > WAT_BYTES) {
		if (w) {
			res = 0;
			goto out;
		}
		left -= WAT_BYTES;
		p++;
		if (_uaccess_get_unsafe(&v, p, WAT_BYTES))
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

/*
 * The bytes past the kernel's struct are checked before the copy, as in
 * Linux: a user struct with a nonzero byte there is refused with -E2BIG
 * even where its first ksize bytes would fault. Every failure zeroes
 * dst[0, ksize): the caller never sees part of a struct, nor what dst
 * held before. The inline uaccess_copy_struct_from_user() of <uaccess.h>
 * has checked ksize against dst first (contracts 11 to 13).
 */
int _uaccess_copy_struct_from_user(void *dst, unsigned long ksize,
				   const void __user *src, unsigned long usize)
{
	unsigned long size = usize < ksize ? usize : ksize;
	int err = -UACCESS_EFAULT;

	/* usize 0 reads nothing: no check, as copy_from_user of 0 bytes. */
	if (usize && !uaccess_access_ok(src, usize))
		goto fail;
	if (usize > ksize) {
		int zeroed = uaccess_check_zeroed_user(
			(const unsigned char __user *)src + ksize, usize - ksize);

		if (zeroed <= 0) {
			err = zeroed ? zeroed : -UACCESS_E2BIG;
			goto fail;
		}
	}
	if (size && __uaccess_copy_from_user(dst, uaccess_mask_ptr(src), size))
		goto fail;
	if (size < ksize)
		_uaccess_kernel_zero((unsigned char *)dst + size, ksize - size);
	return 0;
fail:
	_uaccess_kernel_zero(dst, ksize);
	return err;
}
