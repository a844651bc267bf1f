/* SPDX-License-Identifier: MIT */
/* What the suite needs to know about RISC-V 64. */
#ifndef TEST_ARCH_H
#define TEST_ARCH_H

#include <stdbool.h>
#include <uaccess.h>

/*
 * Feature sets by name: "native" (uaccess_cpu_features()) or "none"; the
 * library has no features, so both are 0. Returns 0, or -1 for an
 * unknown name.
 */
int test_arch_parse_features(const char *set, unsigned long *features);

/*
 * Read one byte with an exception-table entry written from C inline asm:
 * true if it could be read. Proves the UACCESS_EXTABLE macro in C.
 */
bool test_arch_probe_read(const void *p);

/*
 * Sizes at which the routines change strategy: the sweeps go around them.
 * Bytes below 8; from 8 on the alignment head, the 8-byte loops (the
 * shifting one for a misaligned source) and the 64-byte groups.
 */
#define TEST_ARCH_CLEAR_LIMITS 8, 64
#define TEST_ARCH_COPY_LIMITS 8, 64

/*
 * What uaccess_mask_ptr() makes of an address outside the range: bit 63
 * set, bit 62 clear, non-canonical in every paging mode.
 */
#define TEST_ARCH_MASKED_ADDR 0x8000000000000000UL
/* What the checked calls' check and mask makes of it: 0 (their branch refuses). */
#define TEST_ARCH_CHECKED_MASK 0UL

/*
 * masked_user_access_begin() refuses an object that starts in the range
 * and runs past its end (the generic whole-object check).
 */
#define TEST_ARCH_MASK_WHOLE_OBJECT 1

/* No feature bits for the fuzzer to draw. */
#define TEST_ARCH_FUZZ_FEATURES 0UL

/* The user ends a kernel may set (the paging modes). */
#define TEST_ARCH_USER_ENDS UACCESS_USER_END_SV39, UACCESS_USER_END_SV48, \
	UACCESS_USER_END_SV57

/*
 * A registered module's code (tests/cases/module_nopatch.c): RISC-V 64 patches nothing,
 * so a module has no patch sites or range immediates, and the altinstr
 * and range bounds a loader might fill in are ignored.
 */
struct uaccess_module;
void test_arch_module_code(const struct uaccess_module *m,
			   unsigned long features, const char *when);
void test_arch_module_refusals(const struct uaccess_module *m);

/* The arch's own tests, for the suite table: none. */
#define TEST_ARCH_TESTS

#endif
