/* SPDX-License-Identifier: MIT */
/*
 * Between the AArch64 files of the library; not for kernels. What the CPU
 * says about dc zva and PAN, read where uaccess_cpu_features() reports it
 * and where uaccess_init_features() checks a forced set against it.
 */
#ifndef UACCESS_AARCH64_INTERNAL_H
#define UACCESS_AARCH64_INTERNAL_H

#include <uaccess.h>

#define DCZID_DZP	(1UL << 4)
#define DCZID_BS_MASK	0xfUL
#define MMFR1_PAN_SHIFT	20

/* The dc zva block in bytes, 0 where dc zva is prohibited (DZP). */
static inline unsigned long a64_zva_block(void)
{
	unsigned long dczid;

	__asm__ volatile("mrs %0, dczid_el0" : "=r"(dczid));
	if (dczid & DCZID_DZP)
		return 0;
	return 4UL << (dczid & DCZID_BS_MASK);	/* BS: log2 of the words */
}

/* Whether the CPU has PAN; always false in an EL0 build, which cannot ask. */
static inline bool a64_has_pan(void)
{
#if UACCESS_AARCH64_PAN
	unsigned long mmfr1;

	__asm__ volatile("mrs %0, id_aa64mmfr1_el1" : "=r"(mmfr1));
	return ((mmfr1 >> MMFR1_PAN_SHIFT) & 0xf) != 0;
#else
	return false;
#endif
}

#endif
