// SPDX-License-Identifier: MIT
/*
 * uaccess_init() for AArch64: the settings of clear_user's dc zva loop.
 * Nothing is patched: clear_user.S reads _uaccess_zva on the path of
 * large sizes only.
 */
#include <uaccess.h>
#include "internal.h"
#include "arch_internal.h"

/*
 * Block size, PAN: read by clear_user.S at the offsets <uaccess/arch.h>
 * names. DCZID_EL0 allows blocks of up to 2 KiB, so an aligned block lies
 * inside one page and a dc zva that faults does so at its first byte.
 */
unsigned long _uaccess_zva[2];
unsigned long _uaccess_pan;

static const char *strategy = "sttr";

const char *_uaccess_arch_setup(unsigned long features)
{
	unsigned long block = a64_zva_block();

	_uaccess_pan = a64_has_pan();
	/* A forced set gets only what this CPU has (see the feature bits). */
	if (!(features & UACCESS_FEAT_DCZVA))
		block = 0;
	_uaccess_zva[_UACCESS_ZVA_PAN / 8] = block && a64_has_pan();
	_uaccess_zva[_UACCESS_ZVA_BLOCK / 8] = block;
	if (!block)
		strategy = "sttr";
	else if (_uaccess_zva[_UACCESS_ZVA_PAN / 8])
		strategy = "sttr, dc zva with PAN cleared";
	else
		strategy = "sttr, dc zva";
	return NULL;
}

const char *_uaccess_arch_strategy(void)
{
	return strategy;
}

/* A module's code tests _uaccess_zva like the image's: nothing to patch. */
const char *_uaccess_arch_module(struct uaccess_module *m)
{
	(void)m;
	return NULL;
}
