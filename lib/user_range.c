// SPDX-License-Identifier: MIT
/* The user range that access_ok() checks against. */
#include <uaccess.h>
#include "internal.h"

unsigned long uaccess_user_start = UACCESS_USER_START;
unsigned long uaccess_user_end = UACCESS_USER_END;
struct _uaccess_limits _uaccess_limits = {
	UACCESS_USER_START, UACCESS_USER_END - UACCESS_USER_START, __INT_MAX__,
	UACCESS_USER_END - UACCESS_USER_START,
};

/*
 * -1 when a refused pointer, masked to _UACCESS_MASKED_ADDR, lands in user
 * memory: that address's page overlaps [start, end). A warning, not a
 * refusal: only masked_user_access_begin() on a refused pointer is
 * affected, and a kernel whose user memory starts at 0 still needs every
 * other call.
 */
int uaccess_set_user_range(unsigned long start, unsigned long end)
{
	const unsigned long m = _UACCESS_MASKED_ADDR;

	uaccess_user_start = start;
	uaccess_user_end = end;
	_uaccess_limits.start = start;
	_uaccess_limits.span = end - start;
	/* 0 while a check hook is set (lib/hardened_usercopy.c). */
	_uaccess_limits.copy_span = _uaccess_limits.usercopy ? end - start : 0;
	_uaccess_arch_user_range(start, end);
	return m < end && start <= m + 4095 ? -1 : 0;
}
