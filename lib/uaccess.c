// SPDX-License-Identifier: MIT
/* The user range that access_ok() checks against. */
#include <uaccess.h>
#include "internal.h"

unsigned long uaccess_user_start = UACCESS_USER_START;
unsigned long uaccess_user_end = UACCESS_USER_END;

void uaccess_set_user_range(unsigned long start, unsigned long end)
{
	uaccess_user_start = start;
	uaccess_user_end = end;
	_uaccess_arch_user_range(start, end);
}
