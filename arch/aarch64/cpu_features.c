// SPDX-License-Identifier: MIT
/* uaccess_cpu_features() for AArch64: whether dc zva is allowed. */
#include <uaccess.h>
#include "arch_internal.h"

unsigned long uaccess_cpu_features(void)
{
	return a64_zva_block() ? UACCESS_FEAT_DCZVA : 0;
}
