// SPDX-License-Identifier: MIT
/*
 * uaccess_init() for x86-64: patch the alternatives for the feature set and
 * remember, in words, what that chose.
 */
#include <uaccess.h>
#include "internal.h"
#include "arch_internal.h"

static const char *strategy = "unpatched";

int _uaccess_arch_setup(unsigned long features)
{
	static const char *const names[2][3] = {
		/* short path: bit groups / rep; bulk: loop, repq, rep */
		{ "short=groups bulk=loop", "short=groups bulk=repq",
		  "short=groups bulk=rep" },
		{ "short=rep bulk=loop", "short=rep bulk=repq",
		  "short=rep bulk=rep" },
	};
	int bulk = (features & UACCESS_FEAT_ERMS) ? 2 :
		   (features & UACCESS_FEAT_REP_GOOD) ? 1 : 0;

	strategy = names[(features & UACCESS_FEAT_FSRM) ? 1 : 0][bulk];
	return _uaccess_apply_alternatives(features);
}

const char *uaccess_strategy_name(void)
{
	return strategy;
}
