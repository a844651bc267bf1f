/* SPDX-License-Identifier: MIT */
/* x86-64 part of the public API: feature bits and defaults. */
#ifndef UACCESS_ARCH_H
#define UACCESS_ARCH_H

/*
 * User space ends one page below the canonical hole of 4-level paging
 * (0x0000800000000000). Keeping the last page out means that an access
 * which runs past the end of a valid user range stays in canonical space
 * and takes a page fault, not a general-protection fault. A kernel using
 * 5-level paging sets 0x00fffffffffff000 (see uaccess_set_user_range()).
 */
#ifndef UACCESS_USER_END
#define UACCESS_USER_END 0x00007ffffffff000UL
#endif

/*
 * Feature bits for uaccess_init_features(). uaccess_cpu_features() reports
 * the CPUID ones; UACCESS_FEAT_REP_GOOD is never detected (CPUID has no bit
 * for "rep stosq is fast without ERMS"): a kernel that knows it sets it.
 */
#define UACCESS_FEAT_ERMS	(1UL << 0)	/* CPUID.7.0:EBX[9] */
#define UACCESS_FEAT_FSRM	(1UL << 1)	/* CPUID.7.0:EDX[4] */
#define UACCESS_FEAT_REP_GOOD	(1UL << 2)	/* set by the kernel */
#define UACCESS_FEAT_FSRS	(1UL << 3)	/* CPUID.7.1:EAX[11] */
#define UACCESS_FEAT_FZRM	(1UL << 4)	/* CPUID.7.1:EAX[10] */
#define UACCESS_FEAT_SMAP	(1UL << 5)	/* CPUID.7.0:EBX[20] */

/*
 * Zero kernel memory without calling memset (the library links no libc).
 * For library use only.
 */
static inline void _uaccess_kernel_zero(void *p, unsigned long n)
{
	__asm__ volatile("rep stosb" : "+D"(p), "+c"(n) : "a"(0) : "memory");
}

#endif /* UACCESS_ARCH_H */
