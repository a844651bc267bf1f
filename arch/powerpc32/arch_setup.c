// SPDX-License-Identifier: MIT
/*
 * uaccess_init() for PowerPC32: choose the line loop of clear_user.S and
 * copy_user.S. There is no code patching: the routines read _uaccess_dcbz
 * once per call, and only on the path that has whole lines.
 */
#include <uaccess.h>
#include "internal.h"

unsigned long _uaccess_dcbz;	/* 0 (words) until uaccess_init() */

static const char *strategy = "words";

const char *_uaccess_arch_setup(unsigned long features)
{
	/*
	 * Measured again here, not taken on trust: with a feature set forced
	 * onto a CPU whose line differs, dcbz would clear outside the range.
	 */
	if ((features & UACCESS_FEAT_DCBZ) &&
	    (!UACCESS_DCBZ_LINE || uaccess_dcbz_line_size() != UACCESS_DCBZ_LINE))
		features &= ~UACCESS_FEAT_DCBZ;

	_uaccess_dcbz = (features & UACCESS_FEAT_DCBZ) ? 1 : 0;
	if (!_uaccess_dcbz)
		strategy = "words";
	else if (UACCESS_DCBZ_LINE <= 64)
		strategy = "dcbz";
	else	/* a 128-byte line does not fit in the registers copy has */
		strategy = "dcbz clear, words copy";
	return NULL;
}

const char *_uaccess_arch_strategy(void)
{
	return strategy;
}

/* A module's code tests _uaccess_dcbz like the image's: nothing to patch. */
const char *_uaccess_arch_module(struct uaccess_module *m)
{
	(void)m;
	return NULL;
}
