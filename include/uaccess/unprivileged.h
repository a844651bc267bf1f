/* SPDX-License-Identifier: MIT */
/*
 * The bulk half of the seam for an architecture whose user accesses are
 * unprivileged loads and stores (AArch64 ldtr/sttr, Arm M-profile
 * ldrt/strt): the CPU checks every user access with the user's
 * permissions, so there is no window to open; the two copy directions are
 * separate routines (the user side's instructions differ), and the kernel
 * probes have a plain copy of their own. A kernel that keeps user memory
 * from its own plain accesses by other means (software PAN) fills the
 * hooks of <uaccess/kuap_hooks.h>, called around every call; they are
 * empty by default. Included by such an architecture's <uaccess/arch.h>,
 * which assembles these routines from one copy_user.S macro.
 */
#ifndef UACCESS_UNPRIVILEGED_H
#define UACCESS_UNPRIVILEGED_H

#include <uaccess/kuap_hooks.h>

/* The out-of-line routines: bytes not done. */
unsigned long _uaccess_asm_clear_user(void __user *to, unsigned long n);
unsigned long _uaccess_asm_copy_to_user(void __user *to, const void *from, unsigned long n);
unsigned long _uaccess_asm_copy_from_user(void *to, const void __user *from, unsigned long n);
unsigned long _uaccess_asm_copy_kernel(void *to, const void *from, unsigned long n);

_UACCESS_INLINE unsigned long _uaccess_arch_clear(void __user *to, unsigned long n)
{
	return _UACCESS_KUAP_CALL(to, n, UACCESS_KUAP_WRITE, _uaccess_asm_clear_user(to, n));
}

_UACCESS_INLINE unsigned long _uaccess_arch_copy_to(void __user *to,
						    const void *from,
						    unsigned long n)
{
	return _UACCESS_KUAP_CALL(to, n, UACCESS_KUAP_WRITE,
				  _uaccess_asm_copy_to_user(to, from, n));
}

_UACCESS_INLINE unsigned long _uaccess_arch_copy_from(void *to,
						      const void __user *from,
						      unsigned long n)
{
	return _UACCESS_KUAP_CALL(from, n, UACCESS_KUAP_READ,
				  _uaccess_asm_copy_from_user(to, from, n));
}

_UACCESS_INLINE unsigned long _uaccess_arch_copy_unsafe(void __user *to,
							const void *from,
							unsigned long n)
{
	return _uaccess_asm_copy_to_user(to, from, n);
}

/* The kernel probes: plain loads and stores on both sides. */
#define _uaccess_arch_kernel_copy_nofault _uaccess_arch_kernel_copy_nofault
_UACCESS_INLINE unsigned long _uaccess_arch_kernel_copy_nofault(void *dst, const void *src,
								unsigned long n)
{
	return _uaccess_asm_copy_kernel(dst, src, n);
}

#endif /* UACCESS_UNPRIVILEGED_H */
