// SPDX-License-Identifier: MIT
#include <stdarg.h>
#include <stdio.h>
#include "harness.h"
#include "platform.h"
#include "suite.h"

#define MAX_FAIL_MESSAGES 10	/* per group: enough to see the pattern */

unsigned long test_features;
int test_init_status;

static unsigned long total_passed, total_failed;
static unsigned long group_passed, group_failed;
static char group_name[160];

void t_case(bool ok, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	if (ok) {
		group_passed++;
		return;
	}
	if (group_failed++ < MAX_FAIL_MESSAGES) {
		va_start(ap, fmt);
		vsnprintf(msg, sizeof(msg), fmt, ap);
		va_end(ap);
		plat_printf("# FAIL %s: %s\n", group_name, msg);
	}
}

void t_group_begin(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(group_name, sizeof(group_name), fmt, ap);
	va_end(ap);
	group_passed = group_failed = 0;
}

void t_group_end(void)
{
	plat_printf("%s - %s (%lu cases, %lu failed)\n",
		    group_failed ? "not ok" : "ok", group_name,
		    group_passed + group_failed, group_failed);
	total_passed += group_passed;
	total_failed += group_failed;
}

size_t t_first_not(const unsigned char *p, size_t n, unsigned char v)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != v)
			return i;
	return n;
}

unsigned long t_run_suite(void)
{
	for (const struct test *t = suite; t->name; t++)
		t->run();
	plat_printf("# %lu user-memory faults resolved through uaccess_fixup()\n",
		    plat_fault_count());
	plat_printf("%lu passed, %lu failed\n", total_passed, total_failed);
	return total_failed;
}
