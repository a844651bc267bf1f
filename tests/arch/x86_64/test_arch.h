/* SPDX-License-Identifier: MIT */
/* What the suite needs to know about x86-64. */
#ifndef TEST_ARCH_H
#define TEST_ARCH_H

#include <stdbool.h>
#include <uaccess.h>

/* Every strategy, with the feature set that selects it. */
struct test_strategy {
	const char *name;	/* as uaccess_strategy_name() reports it */
	unsigned long features;
};

static const struct test_strategy test_strategies[] = {
	{ "loop", 0 },
	{ "repq", UACCESS_FEAT_REP_GOOD },
	{ "rep", UACCESS_FEAT_ERMS },
};

#define TEST_NR_STRATEGIES (sizeof(test_strategies) / sizeof(test_strategies[0]))

/*
 * Read one byte with an exception-table entry written from C inline asm:
 * true if it could be read. Proves the UACCESS_EXTABLE macro in C.
 */
bool test_arch_probe_read(const void *p);

#endif
