/* SPDX-License-Identifier: MIT */
#ifndef TEST_SUITE_H
#define TEST_SUITE_H

#include <uaccess/compiler.h>
#include "harness.h"

extern const struct test suite[];

void test_extable(void);
void test_module(void);
void test_access_ok(void);
void test_bulk(void);
void test_scalar(void);
void test_macros(void);
void test_generic(void);
void test_untag(void);
void test_zero_extend(void);
void test_futex(void);
void test_strings(void);
void test_window(void);
void test_struct(void);
void test_nofault(void);
void test_state(void);
void test_fuzz(void);
/* The differential fuzzer's own modes of t_main(): tests/cases/fuzz.h. */
int fuzz_main(const char *arg);
void test_hostile(void);
void test_hardened(void);
/* tests/cases/hardened_off.c: copies built with UACCESS_HARDENED 0. */
unsigned long hardened_off_copy_from_user(void *to, const void __user *from,
					  unsigned long n);
unsigned long hardened_off_copy_to_user(void __user *to, const void *from,
					unsigned long n);
/* p, as an object of size bytes for __builtin_object_size(). */
void *hardened_sized_object(void *p, unsigned long size)
	__attribute__((__alloc_size__(2)));
/* Where <uaccess/arch.h> calls the kernel's window hooks (test_kuap.c). */
void test_kuap(void);

#endif
