/* SPDX-License-Identifier: MIT */
/* What the suite needs to know about AArch64. */
#ifndef TEST_ARCH_H
#define TEST_ARCH_H

#include <stdbool.h>
#include <uaccess.h>

/*
 * Feature sets by name (tests/harness/features.c): "native"
 * (uaccess_cpu_features()), "none", or names of UACCESS_FEATURE_NAMES
 * joined by '+'. Returns 0, or -1 for an unknown name.
 */
int test_arch_parse_features(const char *set, unsigned long *features);

/*
 * Read one byte with an exception-table entry written from C inline asm:
 * true if it could be read. Proves the UACCESS_EXTABLE macro in C.
 */
bool test_arch_probe_read(const void *p);

/*
 * Sizes at which the routines change strategy: the sweeps go around them.
 * Bytes below 8; from 8 on doublewords, from 64 the 64-byte groups; clears
 * from 256 and two dc zva blocks use dc zva (64-byte blocks on cortex-a53,
 * 512 on max under qemu-aarch64).
 */
#define TEST_ARCH_CLEAR_LIMITS 8, 64, 256, 1024
#define TEST_ARCH_COPY_LIMITS 8, 64

/* What uaccess_mask_ptr() makes of an address outside the range (the NULL page). */
#define TEST_ARCH_MASKED_ADDR 0UL

/*
 * masked_user_access_begin() refuses an object that starts in the range
 * and runs past its end (the generic whole-object check).
 */
#define TEST_ARCH_MASK_WHOLE_OBJECT 1

/* The feature bit the fuzzer (test_fuzz.c) draws at random: dc zva. */
#define TEST_ARCH_FUZZ_FEATURES UACCESS_FEAT_DCZVA

/* The user ends a kernel may set (the virtual address sizes). */
#define TEST_ARCH_USER_ENDS UACCESS_USER_END_VA48, UACCESS_USER_END_VA39

/*
 * A registered module's code (tests/cases/module_nopatch.c): AArch64 patches nothing,
 * so a module has no patch sites or range immediates, and the altinstr
 * and range bounds a loader might fill in are ignored.
 */
struct uaccess_module;
void test_arch_module_code(const struct uaccess_module *m,
			   unsigned long features, const char *when);
void test_arch_module_refusals(const struct uaccess_module *m);

/* The arch's own tests, for the suite table. */
void test_a64_tagged(void);
void test_a64_choice(void);
#define TEST_ARCH_TESTS						\
	{ "tagged user pointers", test_a64_tagged },		\
	{ "dc zva choice", test_a64_choice },			\
	{ "kuap", test_kuap },

#endif
