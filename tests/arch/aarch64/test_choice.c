// SPDX-License-Identifier: MIT
/*
 * What uaccess_init_features() sets up for clear_user's dc zva loop, per
 * feature set: no dc zva without UACCESS_FEAT_DCZVA, the block size
 * DCZID_EL0 gives with it (read and decoded here: BS is log2 of the block
 * in 4-byte words), and PAN cleared around the loop exactly in an EL1
 * build (UACCESS_AARCH64_PAN) on a CPU whose ID_AA64MMFR1_EL1 says it has
 * PAN. The results of every strategy are the other
 * tests' business; this one catches a wrong choice, which they cannot.
 */
#include <string.h>
#include <uaccess.h>
#include "harness.h"
#include "test_arch.h"

static unsigned long dczid_block(void)
{
	unsigned long dczid;

	__asm__ volatile("mrs %0, dczid_el0" : "=r"(dczid));
	return (dczid & 0x10) ? 0 : 4UL << (dczid & 0xf);
}

static bool cpu_has_pan(void)
{
#if UACCESS_AARCH64_PAN
	unsigned long mmfr1;

	__asm__ volatile("mrs %0, id_aa64mmfr1_el1" : "=r"(mmfr1));
	return ((mmfr1 >> 20) & 0xf) != 0;
#else
	return false;	/* an EL0 build never touches PAN */
#endif
}

static void one(const char *name, unsigned long set, unsigned long block,
		unsigned long pan, const char *strategy)
{
	int r = uaccess_init_features(set);

	t_case(r == 0 && _uaccess_zva[0] == block && _uaccess_zva[1] == pan &&
	       !strcmp(uaccess_strategy_name(), strategy),
	       "%s: init %d, block %lu (want %lu), pan %lu (want %lu), \"%s\" (want \"%s\")",
	       name, r, _uaccess_zva[0], block, _uaccess_zva[1], pan,
	       uaccess_strategy_name(), strategy);
}

void test_a64_choice(void)
{
	unsigned long block = dczid_block();
	unsigned long pan = block && cpu_has_pan();
	const char *zva = !block ? "sttr" :
			  pan ? "sttr, dc zva with PAN cleared" : "sttr, dc zva";

	t_group_begin("the dc zva settings of each feature set (DCZID block %lu)", block);
	one("none", 0, 0, 0, "sttr");
	one("dczva", UACCESS_FEAT_DCZVA, block, pan, zva);
	t_case(uaccess_cpu_features() == (block ? UACCESS_FEAT_DCZVA : 0),
	       "uaccess_cpu_features() %#lx: dc zva %s", uaccess_cpu_features(),
	       block ? "allowed" : "prohibited");
	uaccess_init_features(test_features);
	t_group_end();
}
