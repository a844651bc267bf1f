// SPDX-License-Identifier: MIT
#include <uaccess.h>
#include "internal.h"

void uaccess_init_features(unsigned long features)
{
	_uaccess_extable_sort();
	_uaccess_arch_setup(features);
}

void uaccess_init(void)
{
	uaccess_init_features(uaccess_cpu_features());
}
