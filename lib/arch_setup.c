// SPDX-License-Identifier: MIT
/*
 * Default for an architecture whose code has no choice to make (replaced
 * by arch/<arch>/arch_setup.c where one exists): uaccess_init() then only
 * sorts the exception table, and a module has no code to patch.
 */
#include <uaccess.h>
#include "internal.h"

/* The refusal of the last registration; init and a clean one clear it. */
static const char *refused;

int _uaccess_arch_setup(unsigned long features)
{
	(void)features;
	refused = NULL;
	return 0;
}

int _uaccess_arch_module(struct uaccess_module *m, const char *why)
{
	(void)m;
	refused = why;
	return why ? -1 : 0;
}

const char *uaccess_strategy_name(void)
{
	return "generic";
}

/* Nothing is patched: only a module's bounds can be refused. */
const char *uaccess_init_error(void)
{
	return refused;
}
