// SPDX-License-Identifier: MIT
#include <uaccess.h>
#include "internal.h"

int uaccess_init_features(unsigned long features)
{
	_uaccess_extable_sort();
	return _uaccess_arch_setup(features);
}

int uaccess_init(void)
{
	return uaccess_init_features(uaccess_cpu_features());
}
