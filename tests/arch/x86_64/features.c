// SPDX-License-Identifier: MIT
#include <string.h>
#include "test_arch.h"

static const struct {
	const char *name;
	unsigned long bit;
} names[] = {
	{ "erms", UACCESS_FEAT_ERMS }, { "fsrm", UACCESS_FEAT_FSRM },
	{ "fsrs", UACCESS_FEAT_FSRS }, { "rep_good", UACCESS_FEAT_REP_GOOD },
	{ "smap", UACCESS_FEAT_SMAP },
};

int test_arch_parse_features(const char *set, unsigned long *features)
{
	*features = 0;
	if (!strcmp(set, "none"))
		return 0;
	while (*set) {
		size_t len = strcspn(set, "+");
		size_t i;

		if (len == 6 && !strncmp(set, "native", 6)) {
			*features |= uaccess_cpu_features() & ~UACCESS_FEAT_SMAP;
			set += len + (set[len] == '+');
			continue;
		}
		for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
			if (strlen(names[i].name) == len &&
			    !strncmp(names[i].name, set, len))
				break;
		if (i == sizeof(names) / sizeof(names[0]))
			return -1;
		*features |= names[i].bit;
		set += len + (set[len] == '+');
	}
	return 0;
}
