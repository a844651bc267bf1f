// SPDX-License-Identifier: MIT
/*
 * uaccess_init() and what it leaves to ask about: the architecture's
 * choice in words (uaccess_strategy_name()) and the refusal of the last
 * init or module registration (uaccess_init_error()). The architecture
 * only chooses and patches (arch_setup.c); the bookkeeping is here.
 */
#include <uaccess.h>
#include "internal.h"

/* The refusal of the last init or registration; a clean one clears it. */
static const char *refused;

int _uaccess_report(const char *why)
{
	refused = why;
	return why ? -1 : 0;
}

int uaccess_init_features(unsigned long features)
{
	_uaccess_extable_sort();
	return _uaccess_report(_uaccess_arch_setup(features));
}

int uaccess_init(void)
{
	return uaccess_init_features(uaccess_cpu_features());
}

const char *uaccess_init_error(void)
{
	return refused;
}

const char *uaccess_strategy_name(void)
{
	return _uaccess_arch_strategy();
}
