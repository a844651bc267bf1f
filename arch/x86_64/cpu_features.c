// SPDX-License-Identifier: MIT
/* CPUID feature detection for uaccess_init(). */
#include <uaccess.h>

struct cpuid_regs {
	/* cppcheck-suppress unusedStructMember ; cpuid writes all four, no feature read is in ecx */
	unsigned int eax, ebx, ecx, edx;
};

static struct cpuid_regs cpuid(unsigned int leaf, unsigned int subleaf)
{
	struct cpuid_regs r;

	__asm__ volatile("cpuid"
			 : "=a"(r.eax), "=b"(r.ebx), "=c"(r.ecx), "=d"(r.edx)
			 : "a"(leaf), "c"(subleaf));
	return r;
}

unsigned long uaccess_cpu_features(void)
{
	unsigned long features = 0;
	struct cpuid_regs r;

	if (cpuid(0, 0).eax < 7)	/* no structured extended features */
		return 0;
	r = cpuid(7, 0);
	if (r.ebx & (1u << 9))
		features |= UACCESS_FEAT_ERMS;
	if (r.ebx & (1u << 20))
		features |= UACCESS_FEAT_SMAP;
	if (r.edx & (1u << 4))
		features |= UACCESS_FEAT_FSRM;
	if (r.eax >= 1) {	/* eax = the highest subleaf of leaf 7 */
		r = cpuid(7, 1);
		if (r.eax & (1u << 11))
			features |= UACCESS_FEAT_FSRS;
	}
	return features;
}
