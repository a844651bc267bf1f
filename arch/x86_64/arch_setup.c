// SPDX-License-Identifier: MIT
/*
 * uaccess_init() for x86-64: patch the alternatives and the user-range
 * immediates for the feature set; remember, in words, what that chose and
 * what was refused.
 */
#include <uaccess.h>
#include "internal.h"
#include "arch_internal.h"

extern struct uaccess_alt __start_uaccess_altinstr[];
extern struct uaccess_alt __stop_uaccess_altinstr[];

static char strategy[64] = "unpatched";
static struct uaccess_patch_report last;	/* of the last uaccess_init() */

/* Append s at *p, staying inside strategy[]. */
static void put(char **p, const char *s)
{
	while (*s && *p < strategy + sizeof(strategy) - 1)
		*(*p)++ = *s++;
	**p = 0;
}

int _uaccess_arch_setup(unsigned long features)
{
	char *p = strategy;
	int ret;

	/* Mirrors the patch sites of <uaccess/arch.h> and *_user.S. */
	put(&p, "clear short=");
	put(&p, features & (UACCESS_FEAT_FSRM | UACCESS_FEAT_FSRS) ? "rep" : "groups");
	put(&p, ", copy short=");
	put(&p, features & UACCESS_FEAT_FSRM ? "rep" : "groups");
	put(&p, ", bulk=");
	put(&p, features & UACCESS_FEAT_ERMS ? "rep" :
		features & UACCESS_FEAT_REP_GOOD ? "repq" : "loop");
	last.error[0] = 0;
	ret = _uaccess_apply_alternatives(__start_uaccess_altinstr,
					  __stop_uaccess_altinstr, features,
					  &last) |
	      _uaccess_arch_user_range_init(&last);
	_uaccess_serialize();	/* once, after all the code is written */
	return ret;
}

const char *uaccess_strategy_name(void)
{
	return strategy;
}

const char *uaccess_init_error(void)
{
	return last.error[0] ? last.error : 0;
}
