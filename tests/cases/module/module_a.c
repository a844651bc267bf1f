// SPDX-License-Identifier: MIT
/* Module A of the suite's stand-in modules (module.h): its own sections. */
#define uaccess_extable uaccess_moda_extable
#define uaccess_altinstr uaccess_moda_altinstr
#define uaccess_altinstr_code uaccess_moda_altinstr_code
#define uaccess_range uaccess_moda_range
#include <uaccess.h>
#include "module.h"

unsigned long module_a_copy_to_user(void __user *to, const void *from,
				    unsigned long n)
{
	return copy_to_user(to, from, n);
}

unsigned long module_a_copy_from_user(void *to, const void __user *from,
				      unsigned long n)
{
	return copy_from_user(to, from, n);
}

unsigned long module_a_clear_user(void __user *to, unsigned long n)
{
	return clear_user(to, n);
}

unsigned long module_a_copy_to_user_8(void __user *to, const void *from)
{
	return copy_to_user(to, from, 8);
}

unsigned long module_a_clear_user_4(void __user *to)
{
	return clear_user(to, 4);
}

int module_a_get_user_4(unsigned int *v, const unsigned int __user *p)
{
	return get_user(*v, p);
}

int module_a_put_user_2(unsigned short v, unsigned short __user *p)
{
	return put_user(v, p);
}
