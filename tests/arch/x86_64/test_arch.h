/* SPDX-License-Identifier: MIT */
/* What the suite needs to know about x86-64. */
#ifndef TEST_ARCH_H
#define TEST_ARCH_H

#include <stdbool.h>
#include <uaccess.h>

/*
 * Feature sets by name: "none", or names joined by '+' ("erms+fsrm"), where
 * "native" stands for uaccess_cpu_features() as it is (SMAP included: in
 * user mode uaccess_init_features() leaves stac/clac out by itself), and
 * "native+fsrm" forces FSRM on top of what the CPU has. Returns 0, or -1
 * for an unknown name.
 */
int test_arch_parse_features(const char *set, unsigned long *features);

/*
 * Read one byte with an exception-table entry written from C inline asm:
 * true if it could be read. Proves the UACCESS_EXTABLE macro in C.
 */
bool test_arch_probe_read(const void *p);

/* Sizes at which the routines change strategy: the sweeps go around them. */
#define TEST_ARCH_CLEAR_LIMITS UACCESS_CLEAR_SHORT_LIMIT, UACCESS_CLEAR_BULK, \
	UACCESS_CLEAR_BULK_LATE
#define TEST_ARCH_COPY_LIMITS 64, UACCESS_COPY_BULK

/*
 * What uaccess_mask_ptr() makes of an address outside the range: all ones
 * less bit 62, non-canonical with either paging depth.
 */
#define TEST_ARCH_MASKED_ADDR 0xbfffffffffffffffUL

/*
 * Non-canonical addresses with 4-level and with 5-level paging, for the
 * probes of kernel addresses: each faults with #GP
 * (plat_masked_addr_faults() says whether the platform routes it).
 */
#define TEST_ARCH_NONCANONICAL						\
	0x8000000000000000UL, 0x8000000000001000UL, 0x7fffffffffffff00UL, \
	0xfe00000000000000UL

/*
 * The end of canonical space with 4-level paging: the first address whose
 * access raises #GP rather than #PF there (test_hostile.c).
 */
#define TEST_ARCH_CANONICAL_END 0x0000800000000000UL

/*
 * masked_user_access_begin() masks an object's first byte only: one that
 * starts in the range and runs past its end is not refused (the page past
 * the end faults in a real kernel).
 */
#define TEST_ARCH_MASK_WHOLE_OBJECT 0

/*
 * The feature bits the fuzzer (test_fuzz.c) draws at random: the ones that
 * pick routines. SMAP stays as the platform set it (a kernel with CR4.SMAP
 * needs stac/clac; in user mode the library leaves them out itself).
 */
#define TEST_ARCH_FUZZ_FEATURES (UACCESS_FEAT_ERMS | UACCESS_FEAT_FSRM | \
				 UACCESS_FEAT_REP_GOOD | UACCESS_FEAT_LATE_STOSB)

/* The user ends a kernel may set (paging modes, address-space splits). */
#define TEST_ARCH_USER_ENDS UACCESS_USER_END_4LEVEL, UACCESS_USER_END_5LEVEL

/*
 * A registered module's code (test_alternatives.c): every patch site holds
 * what `features` calls for, every range immediate the current user range.
 */
struct uaccess_module;
void test_arch_module_code(const struct uaccess_module *m,
			   unsigned long features, const char *when);
/* What the architecture refuses in a module: its altinstr and range bounds. */
void test_arch_module_refusals(const struct uaccess_module *m);

/* The library patches code: test_alternatives.c has the module hooks. */
#define TEST_ARCH_PATCHES_CODE 1

/* The arch's own tests, for the suite table. */
void test_alternatives(void);
void test_arch_cpu(void);
#define TEST_ARCH_TESTS { "alternatives", test_alternatives }, \
			{ "cpu table", test_arch_cpu },

#endif
