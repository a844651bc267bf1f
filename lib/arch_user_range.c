// SPDX-License-Identifier: MIT
/*
 * _uaccess_arch_user_range(), the default for an architecture whose code
 * reads the user range from uaccess_user_start / uaccess_user_end: nothing
 * to update. (arch/x86_64/arch_user_range.c replaces it: its range also
 * lives in the code, as immediates.)
 */
#include <uaccess.h>
#include "internal.h"

void _uaccess_arch_user_range(unsigned long start, unsigned long end)
{
	(void)start, (void)end;
}
