// SPDX-License-Identifier: MIT
/*
 * Default for an architecture whose code has no choice to make (replaced
 * by arch/<arch>/arch_setup.c where one exists): uaccess_init() then only
 * sorts the exception table.
 */
#include <uaccess.h>
#include "internal.h"

int _uaccess_arch_setup(unsigned long features)
{
	(void)features;
	return 0;
}

const char *uaccess_strategy_name(void)
{
	return "generic";
}

/* Nothing is patched, so nothing can be refused. */
const char *uaccess_init_error(void)
{
	return NULL;
}
