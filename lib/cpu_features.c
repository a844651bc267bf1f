// SPDX-License-Identifier: MIT
/*
 * Default for an architecture without run-time features (replaced by
 * arch/<arch>/cpu_features.c where one exists): nothing to detect.
 */
#include <uaccess.h>

unsigned long uaccess_cpu_features(void)
{
	return 0;
}
