// SPDX-License-Identifier: MIT
/*
 * CPUID feature detection for uaccess_init(), and the per-CPU table of
 * choices: what `make bench` measured fastest on a CPU, by vendor and
 * family, where the CPUID bits alone do not say it.
 */
#include <uaccess.h>
#include "arch_internal.h"

/*
 * A choice applies to every CPU of the vendor and family whose model lies
 * in [model_first, model_last] and which has every feature of `needs`;
 * every entry that applies adds its choices. An unknown CPU gets none:
 * stores for short clears, blocks for mid-sized copies, which measured
 * within bounds on every CPU so far. No entry sets SHORT_STOSB: at fixed
 * sizes the stores beat the inline rep stosb on every CPU measured (Zen
 * 5: 3.4-4.7 ticks against 4.6-5.2), and the recorded workloads make no
 * clear below 856 bytes.
 */
static const struct choice {
	char vendor[12];
	uint8_t family, model_first, model_last;
	unsigned long needs;	/* UACCESS_FEAT_* of CPUID */
	unsigned long choose;	/* UACCESS_FEAT_* of the table */
} choices[] = {
	/*
	 * AMD Zen 3 server parts (family 0x19, models 0x00-0x0f; model 0x01
	 * measured): rep stosb costs 84.9 ticks at 640 bytes where the
	 * 64-byte loop costs 58.8, and catches it up only at 1152 (100.4
	 * and 101.9): clears start rep there. Zen 4 (models 0x10 and up)
	 * wins with rep from 640 and keeps it.
	 */
	{ "AuthenticAMD", 0x19, 0x00, 0x0f,
	  UACCESS_FEAT_ERMS | UACCESS_FEAT_FSRM, UACCESS_FEAT_LATE_STOSB },
	/*
	 * AMD Zen 5 server parts (family 0x1a, models 0x00-0x0f; model 0x02
	 * measured): the short clear's entry that tests 64 first clears
	 * 0..63 bytes one core cycle faster (1 B 4.5 ticks against 5.1,
	 * 8..63 5.0 against 5.6) and 64..127 one slower (64 B 5.1 against
	 * 4.4): the worse band's worst ratio is lower this way (1.31
	 * against 1.47).
	 */
	{ "AuthenticAMD", 0x1a, 0x00, 0x0f, 0, UACCESS_FEAT_LOW_FIRST },
	/*
	 * Intel with FSRM (rep movsb fast up to 128 bytes, by its
	 * definition): rep movsb copies 0..128 bytes in 7.8 ticks, flat,
	 * where a block and a size class cost 9.0 to 11.0 at 81..127
	 * (family 6 model 0xcf). Its rep stosb costs 8.0 flat, FSRS or not,
	 * against 3.1 for a byte store: no SHORT_STOSB.
	 */
	{ "GenuineIntel", 0x06, 0x00, 0xff,
	  UACCESS_FEAT_ERMS | UACCESS_FEAT_FSRM, UACCESS_FEAT_MID_MOVSB },
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
	if (id->leaf7_eax >= 1 && (id->leaf7_1_eax & (1u << 11)))
		features |= UACCESS_FEAT_FSRS;	/* leaf7_eax: the highest subleaf */

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
	id.leaf7_eax = r[0];
	id.leaf7_ebx = r[1];
	id.leaf7_edx = r[3];
	if (id.leaf7_eax >= 1) {
		cpuid(7, 1, r);
		id.leaf7_1_eax = r[0];
	}
	return _uaccess_x86_features(&id);
}
