// SPDX-License-Identifier: MIT
/*
 * The architecture's part of uaccess_init() and module registration, the
 * default for an architecture whose code has no choice to make (replaced
 * by arch/<arch>/arch_setup.c where one exists): nothing to choose, and
 * a module has no code to patch.
 */
#include <uaccess.h>
#include "internal.h"

const char *_uaccess_arch_setup(unsigned long features)
{
	(void)features;
	return NULL;
}

const char *_uaccess_arch_module(struct uaccess_module *m)
{
	(void)m;
	return NULL;
}

const char *_uaccess_arch_strategy(void)
{
	return "generic";
}
