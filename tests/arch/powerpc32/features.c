// SPDX-License-Identifier: MIT
#include <string.h>
#include "test_arch.h"

static const char *const names[] = UACCESS_FEATURE_NAMES;

/* "native", "none", or one feature by name ("dcbz": forced). */
int test_arch_parse_features(const char *set, unsigned long *features)
{
	*features = 0;
	if (!strcmp(set, "native")) {
		*features = uaccess_cpu_features();
		return 0;
	}
	if (!strcmp(set, "none"))
		return 0;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i] && !strcmp(names[i], set)) {
			*features = 1UL << i;
			return 0;
		}
	return -1;
}
