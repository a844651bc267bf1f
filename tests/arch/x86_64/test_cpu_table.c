// SPDX-License-Identifier: MIT
/*
 * The per-CPU table (arch/x86_64/cpu_features.c), fed the CPUID words of
 * real CPUs: the signatures (leaf 1 eax) are the ones those parts report,
 * and every expected set is written out here, not derived.
 */
#include <uaccess.h>
#include "harness.h"
#include "test_arch.h"
#include "../../../arch/x86_64/arch_internal.h"

#define ERMS (1u << 9)		/* leaf 7.0 ebx */
#define SMAP (1u << 20)		/* leaf 7.0 ebx */
#define FSRM (1u << 4)		/* leaf 7.0 edx */

/* "AuthenticAMD", "GenuineIntel", "HygonGenuine" as ebx, edx, ecx. */
#define AMD { 0x68747541, 0x69746e65, 0x444d4163 }
#define INTEL { 0x756e6547, 0x49656e69, 0x6c65746e }
#define HYGON { 0x6f677948, 0x6e65476e, 0x656e6975 }
#define CENTAUR { 0x746e6543, 0x48727561, 0x736c7561 }	/* "CentaurHauls" */

static const struct {
	const char *cpu;
	struct uaccess_x86_cpuid id;
	unsigned long want;
} cpus[] = {
	{ "AMD Zen 5 (family 0x1a model 0x02): no entry",
	  { 0x10, AMD, 0x00b00f21, ERMS | SMAP, FSRM },
	  UACCESS_FEAT_ERMS | UACCESS_FEAT_SMAP | UACCESS_FEAT_FSRM },
	{ "AMD Zen 5 desktop (family 0x1a model 0x44): not measured, no entry",
	  { 0x10, AMD, 0x00b40f40, ERMS | SMAP, FSRM },
	  UACCESS_FEAT_ERMS | UACCESS_FEAT_SMAP | UACCESS_FEAT_FSRM },
	{ "AMD Zen 3 (family 0x19 model 0x01)",
	  { 0x10, AMD, 0x00a00f11, ERMS | SMAP, FSRM },
	  UACCESS_FEAT_ERMS | UACCESS_FEAT_SMAP | UACCESS_FEAT_FSRM |
	  UACCESS_FEAT_LATE_STOSB },
	{ "AMD Zen 3 without FSRM (family 0x19 model 0x01)",
	  { 0x10, AMD, 0x00a00f11, ERMS | SMAP, 0 },
	  UACCESS_FEAT_ERMS | UACCESS_FEAT_SMAP },
	{ "AMD Zen 3 desktop (family 0x19 model 0x21): not measured, no entry",
	  { 0x10, AMD, 0x00a20f10, ERMS | SMAP, FSRM },
	  UACCESS_FEAT_ERMS | UACCESS_FEAT_SMAP | UACCESS_FEAT_FSRM },
	{ "AMD Zen 4 (family 0x19 model 0x11)",
	  { 0x10, AMD, 0x00a10f11, ERMS | SMAP, FSRM },
	  UACCESS_FEAT_ERMS | UACCESS_FEAT_SMAP | UACCESS_FEAT_FSRM },
	{ "Intel Emerald Rapids (family 6 model 0xcf): no entry",
	  { 0x20, INTEL, 0x000c06f2, ERMS | SMAP, FSRM },
	  UACCESS_FEAT_ERMS | UACCESS_FEAT_SMAP | UACCESS_FEAT_FSRM },
	{ "Intel Emerald Rapids under a hypervisor that hides FSRM",
	  { 0x20, INTEL, 0x000c06f2, ERMS | SMAP, 0 },
	  UACCESS_FEAT_ERMS | UACCESS_FEAT_SMAP },
	{ "Intel Skylake-SP (family 6 model 0x55), no FSRM",
	  { 0x16, INTEL, 0x00050654, ERMS | SMAP, 0 },
	  UACCESS_FEAT_ERMS | UACCESS_FEAT_SMAP },
	{ "Hygon (family 0x18): no entry",
	  { 0x0d, HYGON, 0x00900f02, ERMS | SMAP, FSRM },
	  UACCESS_FEAT_ERMS | UACCESS_FEAT_SMAP | UACCESS_FEAT_FSRM },
	{ "AMD Zen 3's family and model, not AMD (HygonGenuine): no entry",
	  { 0x10, HYGON, 0x00a00f11, ERMS | SMAP, FSRM },
	  UACCESS_FEAT_ERMS | UACCESS_FEAT_SMAP | UACCESS_FEAT_FSRM },
	{ "family 6 with FSRM, not Intel (CentaurHauls): no entry",
	  { 0x0d, CENTAUR, 0x000006f2, ERMS, FSRM },
	  UACCESS_FEAT_ERMS | UACCESS_FEAT_FSRM },
	{ "a CPU without leaf 7",
	  { 0x06, INTEL, 0x000006f6, ERMS, FSRM }, 0 },
};

static void test_cpu_table(void)
{
	t_group_begin("per-CPU table: features and choices from CPUID");
	for (unsigned int i = 0; i < sizeof(cpus) / sizeof(cpus[0]); i++) {
		unsigned long got = _uaccess_x86_features(&cpus[i].id);

		t_case(got == cpus[i].want, "%s: %#lx, want %#lx",
		       cpus[i].cpu, got, cpus[i].want);
	}
	t_group_end();
}

void test_arch_cpu(void)
{
	test_cpu_table();
}
