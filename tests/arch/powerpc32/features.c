// SPDX-License-Identifier: MIT
#include <string.h>
#include "test_arch.h"

int test_arch_parse_features(const char *set, unsigned long *features)
{
	*features = 0;
	if (!strcmp(set, "native"))
		*features = uaccess_cpu_features();
	else if (!strcmp(set, "dcbz"))
		*features = UACCESS_FEAT_DCBZ;
	else if (strcmp(set, "none"))
		return -1;
	return 0;
}
