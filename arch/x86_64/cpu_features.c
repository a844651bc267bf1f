// SPDX-License-Identifier: MIT
/*
 * CPUID feature detection for uaccess_init(), and the per-CPU table of
 * choices: where `make bench` found a path faster on a CPU than the one
 * the CPUID bits choose, by vendor and family.
 */
#include <uaccess.h>
#include "arch_internal.h"

/*
 * A choice applies to every CPU of the vendor and family whose model lies
 * in [model_first, model_last] and which has every feature of `needs`;
 * every entry that applies adds its choices. An unknown CPU gets none:
 * the paths the CPUID bits choose. Each entry's benchmark is in the
 * commit that added it.
 */
static const struct choice {
	char vendor[12];
	uint8_t family, model_first, model_last;
	unsigned long needs;	/* UACCESS_FEAT_* of CPUID */
	unsigned long choose;	/* UACCESS_FEAT_* of the table */
} choices[] = {
	/*
	 * AMD family 0x19, models 0x00-0x0f: rep stosb catches the 64-byte
	 * loop up only at UACCESS_CLEAR_BULK_LATE bytes, so clears start rep
	 * there. Models 0x10 and up win with rep from UACCESS_CLEAR_BULK.
	 */
	{ "AuthenticAMD", 0x19, 0x00, 0x0f,
	  UACCESS_FEAT_ERMS | UACCESS_FEAT_FSRM, UACCESS_FEAT_LATE_STOSB },
};

static int same_vendor(const char *a, const char *b)
{
	for (unsigned int i = 0; i < 12; i++)
		if (a[i] != b[i])
			return 0;
	return 1;
}

unsigned long _uaccess_x86_features(const struct uaccess_x86_cpuid *id)
{
	unsigned int family = (id->leaf1_eax >> 8) & 0xf;
	unsigned int model = (id->leaf1_eax >> 4) & 0xf;
	unsigned long features = 0;
	char vendor[12];

	if (id->max_leaf < 7)	/* no structured extended features */
		return 0;
	if (id->leaf7_ebx & (1u << 9))
		features |= UACCESS_FEAT_ERMS;
	if (id->leaf7_ebx & (1u << 20))
		features |= UACCESS_FEAT_SMAP;
	if (id->leaf7_edx & (1u << 4))
		features |= UACCESS_FEAT_FSRM;

	/* The SDM's and the APM's display family and model. */
	if (family == 0xf)
		family += (id->leaf1_eax >> 20) & 0xff;
	if (family == 0x6 || family >= 0xf)
		model |= ((id->leaf1_eax >> 16) & 0xf) << 4;
	for (unsigned int i = 0; i < 3; i++)
		for (unsigned int b = 0; b < 4; b++)
			vendor[4 * i + b] = (char)(id->vendor[i] >> (8 * b));
	for (unsigned int i = 0; i < sizeof(choices) / sizeof(choices[0]); i++) {
		const struct choice *c = &choices[i];

		if (same_vendor(vendor, c->vendor) && family == c->family &&
		    model >= c->model_first && model <= c->model_last &&
		    (features & c->needs) == c->needs)
			features |= c->choose;
	}
	return features;
}

static void cpuid(unsigned int leaf, unsigned int subleaf, unsigned int r[4])
{
	__asm__ volatile("cpuid"
			 : "=a"(r[0]), "=b"(r[1]), "=c"(r[2]), "=d"(r[3])
			 : "a"(leaf), "c"(subleaf));
}

unsigned long uaccess_cpu_features(void)
{
	struct uaccess_x86_cpuid id = { 0 };
	unsigned int r[4];

	cpuid(0, 0, r);
	id.max_leaf = r[0];
	id.vendor[0] = r[1];	/* "Genu" "ineI" "ntel": ebx, edx, ecx */
	id.vendor[1] = r[3];
	id.vendor[2] = r[2];
	if (id.max_leaf < 7)
		return 0;
	cpuid(1, 0, r);
	id.leaf1_eax = r[0];
	cpuid(7, 0, r);
	id.leaf7_ebx = r[1];
	id.leaf7_edx = r[3];
	return _uaccess_x86_features(&id);
}
