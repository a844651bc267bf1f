// SPDX-License-Identifier: MIT
#include <string.h>
#include "test_arch.h"

/* "native" or "none": the library has no features, both are 0. */
int test_arch_parse_features(const char *set, unsigned long *features)
{
	*features = 0;
	if (!strcmp(set, "native")) {
		*features = uaccess_cpu_features();
		return 0;
	}
	return strcmp(set, "none") ? -1 : 0;
}
