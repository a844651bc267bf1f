// SPDX-License-Identifier: MIT
/* Module B of the suite's stand-in modules (module.h): its own sections. */
#define uaccess_extable uaccess_modb_extable
#define uaccess_altinstr uaccess_modb_altinstr
#define uaccess_altinstr_code uaccess_modb_altinstr_code
#define uaccess_range uaccess_modb_range
#include <uaccess.h>
#include "module.h"

int module_b_get_user_8(unsigned long long *v,
			const unsigned long long __user *p)
{
	return get_user(*v, p);
}

int module_b_put_user_1(unsigned char v, unsigned char __user *p)
{
	return put_user(v, p);
}
