// SPDX-License-Identifier: MIT
/*
 * A feature set by name, for every architecture: "none", or names joined
 * by '+', each a name of UACCESS_FEATURE_NAMES (<uaccess/arch.h>) or
 * "native", what uaccess_cpu_features() reports ("native+fsrm").
 */
#include <string.h>
#include "test_arch.h"

static const char *const names[] = UACCESS_FEATURE_NAMES;

int test_arch_parse_features(const char *set, unsigned long *features)
{
	*features = 0;
	if (!strcmp(set, "none"))
		return 0;
	while (*set) {
		size_t len = strcspn(set, "+");
		size_t i;

		if (len == 6 && !strncmp(set, "native", 6)) {
			*features |= uaccess_cpu_features();
			set += len + (set[len] == '+');
			continue;
		}
		for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
			if (names[i] && strlen(names[i]) == len &&
			    !strncmp(names[i], set, len))
				break;
		if (i == sizeof(names) / sizeof(names[0]))
			return -1;
		*features |= 1UL << i;
		set += len + (set[len] == '+');
	}
	return 0;
}
