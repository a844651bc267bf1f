// SPDX-License-Identifier: MIT
/*
 * copy_struct_from_user(dst, ksize, src, usize), for system calls whose
 * argument struct grows over time: the contract is in <uaccess.h>.
 */
#include <uaccess.h>

/*
 * The bytes past the kernel's struct are checked before the copy, as in
 * Linux: a user struct with a nonzero byte there is refused with -E2BIG
 * even where its first ksize bytes would fault. Every failure zeroes
 * dst[0, ksize): the caller never sees part of a struct, nor what dst
 * held before. The inline uaccess_copy_struct_from_user() of <uaccess.h>
 * has checked ksize against dst first (contracts 11 to 13).
 */
int _uaccess_copy_struct_unhardened(void *dst, unsigned long ksize,
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
		_uaccess_arch_kernel_zero((unsigned char *)dst + size, ksize - size);
	return 0;
fail:
	_uaccess_arch_kernel_zero(dst, ksize);
	return err;
}
