/* SPDX-License-Identifier: MIT */
/*
 * Two stand-ins for loadable modules, linked into the test program: each
 * .c file here renames the library's sections for itself (module_a.c:
 * uaccess_moda_extable, uaccess_moda_altinstr, uaccess_moda_altinstr_code,
 * uaccess_moda_range; module_b.c the same with modb) before it includes
 * <uaccess.h>, so its table entries, patch sites and range immediates are
 * not the image's: uaccess_init() never sees them, and uaccess_fixup()
 * finds them only once the module is registered. tests/cases/module/sections.ld
 * places the sections (every linker script of the suite INCLUDEs it) and
 * defines their __start_ / __stop_ symbols, which TEST_MODULE() turns into
 * the struct a kernel's loader would fill from a module's section headers.
 * Their user accesses call the image's out-of-line routines, as a real
 * module's do.
 */
#ifndef TEST_MODULE_H
#define TEST_MODULE_H

#include <uaccess.h>

/* Module A: calls of variable and constant sizes. */
unsigned long module_a_copy_to_user(void __user *to, const void *from,
				    unsigned long n);
unsigned long module_a_copy_from_user(void *to, const void __user *from,
				      unsigned long n);
unsigned long module_a_clear_user(void __user *to, unsigned long n);
unsigned long module_a_copy_to_user_8(void __user *to, const void *from);
unsigned long module_a_clear_user_4(void __user *to);
int module_a_get_user_4(unsigned int *v, const unsigned int __user *p);
int module_a_put_user_2(unsigned short v, unsigned short __user *p);

/* Module B: two scalars. */
int module_b_get_user_8(unsigned long long *v,
			const unsigned long long __user *p);
int module_b_put_user_1(unsigned char v, unsigned char __user *p);

#define TEST_MODULE_SECTION(name, table)				\
	extern char __start_uaccess_##name##_##table[],			\
		__stop_uaccess_##name##_##table[]
#define TEST_MODULE_SECTIONS(name)					\
	TEST_MODULE_SECTION(name, extable);				\
	TEST_MODULE_SECTION(name, altinstr);				\
	TEST_MODULE_SECTION(name, range)
TEST_MODULE_SECTIONS(moda);
TEST_MODULE_SECTIONS(modb);

/* What a loader fills in, from where the sections of `name` are. */
#define TEST_MODULE(name) {						\
	.extable_start = __start_uaccess_##name##_extable,		\
	.extable_stop = __stop_uaccess_##name##_extable,		\
	.altinstr_start = __start_uaccess_##name##_altinstr,		\
	.altinstr_stop = __stop_uaccess_##name##_altinstr,		\
	.range_start = __start_uaccess_##name##_range,			\
	.range_stop = __stop_uaccess_##name##_range,			\
}

#endif
