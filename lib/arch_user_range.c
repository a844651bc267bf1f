// SPDX-License-Identifier: MIT
/*
 * Default for an architecture whose code reads the user range from
 * uaccess_user_start / uaccess_user_end (replaced by
 * arch/<arch>/user_range.c where the range also lives elsewhere, such as
 * immediates in the code): nothing to update.
 */
#include <uaccess.h>
#include "internal.h"

void _uaccess_arch_user_range(unsigned long start, unsigned long end)
{
	(void)start, (void)end;
}
