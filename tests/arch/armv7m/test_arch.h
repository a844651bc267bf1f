/* SPDX-License-Identifier: MIT */
/* What the suite needs to know about Arm Cortex-M (ARMv7-M, ARMv8-M Mainline). */
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
 * Read one byte unprivileged (ldrbt), with an exception-table entry
 * written from C inline asm: true if it could be read. Proves the
 * UACCESS_EXTABLE macro in C.
 */
bool test_arch_probe_read(const void *p);

/*
 * Sizes at which the routines change strategy: the sweeps go around them.
 * Bytes below 4 (and up to the word boundary); from 4 on words, from 16
 * the four-word groups.
 */
#define TEST_ARCH_CLEAR_LIMITS 4, 16
#define TEST_ARCH_COPY_LIMITS 4, 16

/*
 * What uaccess_mask_ptr() makes of an address outside the range: the
 * System Control Space, privileged-only whatever the MPU says.
 */
#define TEST_ARCH_MASKED_ADDR 0xE000E000UL

/*
 * masked_user_access_begin() refuses an object that starts in the range
 * and runs past its end (the generic whole-object check).
 */
#define TEST_ARCH_MASK_WHOLE_OBJECT 1

/* No feature bits for the fuzzer to draw. */
#define TEST_ARCH_FUZZ_FEATURES 0UL

/* The user ends a kernel may set: below the PPB. */
#define TEST_ARCH_USER_ENDS UACCESS_USER_END_PPB

/*
 * A registered module's code (tests/cases/module_nopatch.c): Cortex-M
 * patches nothing, so a module has no patch sites or range immediates.
 */
struct uaccess_module;
void test_arch_module_code(const struct uaccess_module *m,
			   unsigned long features, const char *when);
void test_arch_module_refusals(const struct uaccess_module *m);

/* The arch's own tests, for the suite table: none yet. */
#define TEST_ARCH_TESTS

#endif
