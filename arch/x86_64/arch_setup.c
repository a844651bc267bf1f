// SPDX-License-Identifier: MIT
/*
 * uaccess_init() for x86-64: patch the alternatives for the feature set and
 * remember, in words, what that chose.
 */
#include <uaccess.h>
#include "internal.h"
#include "arch_internal.h"

static char strategy[64] = "unpatched";

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
	ret = _uaccess_apply_alternatives(features) |
	      _uaccess_arch_user_range_init();
	_uaccess_serialize();	/* once, after all the code is written */
	return ret;
}

const char *uaccess_strategy_name(void)
{
	return strategy;
}
