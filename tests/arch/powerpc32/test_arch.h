/* SPDX-License-Identifier: MIT */
/* What the suite needs to know about PowerPC32. */
#ifndef TEST_ARCH_H
#define TEST_ARCH_H

#include <stdbool.h>
#include <uaccess.h>

/*
 * Feature sets by name: "native" (uaccess_cpu_features()), "none", or
 * "dcbz" (forced: the library still refuses it where the line differs).
 * Returns 0, or -1 for an unknown name.
 */
int test_arch_parse_features(const char *set, unsigned long *features);

/*
 * Read one byte with an exception-table entry written from C inline asm:
 * true if it could be read. Proves the UACCESS_EXTABLE macro in C.
 */
bool test_arch_probe_read(const void *p);

/*
 * Sizes at which the routines change strategy: the sweeps go around them.
 * Words and bytes only below UACCESS_LINES_MIN (clear) and
 * UACCESS_COPY_LINES_MIN (copy); the copy's prefetching loop from about
 * UACCESS_COPY_PREFETCH_MIN.
 */
#define TEST_ARCH_CLEAR_LIMITS UACCESS_LINES_MIN
#define TEST_ARCH_COPY_LIMITS UACCESS_COPY_LINES_MIN, UACCESS_COPY_PREFETCH_MIN

/* What uaccess_mask_ptr() makes of an address outside the range (the NULL page). */
#define TEST_ARCH_MASKED_ADDR 0UL

/*
 * masked_user_access_begin() refuses an object that starts in the range
 * and runs past its end (kernel memory follows the user end directly).
 */
#define TEST_ARCH_MASK_WHOLE_OBJECT 1

/*
 * The feature bits the fuzzer (test_fuzz.c) draws at random: dcbz on and
 * off (where the line differs, the library refuses it by itself).
 */
#define TEST_ARCH_FUZZ_FEATURES UACCESS_FEAT_DCBZ

/* The user ends a kernel may set (paging modes, address-space splits). */
#define TEST_ARCH_USER_ENDS UACCESS_USER_END_3G, UACCESS_USER_END_2G

/*
 * A registered module's code (tests/cases/module_nopatch.c): PowerPC32 patches nothing,
 * so a module has no patch sites or range immediates, and the altinstr
 * and range bounds a loader might fill in are ignored.
 */
struct uaccess_module;
void test_arch_module_code(const struct uaccess_module *m,
			   unsigned long features, const char *when);
void test_arch_module_refusals(const struct uaccess_module *m);

/* The arch's own tests, for the suite table. */
void test_dcbz_line(void);
#define TEST_ARCH_TESTS					\
	{ "dcbz line size", test_dcbz_line },		\
	{ "kuap", test_kuap },

#endif
