// SPDX-License-Identifier: MIT
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <uaccess.h>
#include "harness.h"
#include "platform.h"
#include "suite.h"
#include "test_arch.h"

#define MAX_FAIL_MESSAGES 10	/* per group: enough to see the pattern */

unsigned long test_features;
int test_init_status;
unsigned long test_user_start = UACCESS_USER_START;
unsigned long test_user_end = UACCESS_USER_END;
void (*t_after_suite)(void);
struct plat_status test_status_at_start;

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

/* The tests t_main_args() was given by name (NULL: every test). */
static char **only;
static int only_count;

/* Whether arg is name, an '_' standing for a space ("cpu_table"). */
static bool same_name(const char *arg, const char *name)
{
	for (; *arg == *name || (*arg == '_' && *name == ' '); arg++, name++)
		if (!*arg)
			return true;
	return false;
}

/* Whether arg names test t: "futex" or "test_futex". */
static bool names_test(const char *arg, const struct test *t)
{
	return same_name(arg, t->name) ||
	       (!strncmp(arg, "test_", 5) && same_name(arg + 5, t->name));
}

static bool selected(const struct test *t)
{
	for (int i = 0; i < only_count; i++)
		if (names_test(only[i], t))
			return true;
	return !only;
}

unsigned long t_run_suite(void)
{
	for (const struct test *t = suite; t->name; t++)
		if (selected(t))
			t->run();
	if (t_after_suite)
		t_after_suite();
	plat_printf("# %lu user-memory faults resolved through uaccess_fixup()\n",
		    plat_fault_count());
	plat_printf("%lu passed, %lu failed\n", total_passed, total_failed);
	return total_failed;
}

/*
 * The text-poke hook of the tests: code pages are read-only, so open them
 * for writing around the copy (what a kernel does with its own mapping
 * tricks).
 */
static __attribute__((unused)) void poke_text(void *dst, const void *src,
					     unsigned long len)
{
	unsigned long page = (unsigned long)plat_page_size();
	unsigned long lo = (unsigned long)dst & ~(page - 1);
	unsigned long hi = ((unsigned long)dst + len + page - 1) & ~(page - 1);

	plat_protect((void *)lo, (hi - lo) / page, PLAT_RWX);
	memcpy(dst, src, len);
	plat_protect((void *)lo, (hi - lo) / page, PLAT_RX);
}

int t_main(const char *set)
{
	unsigned long features;
	const char *fuzz = NULL;

	plat_status_read(&test_status_at_start);
	/* "fuzz...": the fuzzer's modes (fuzz.h), on the native set. */
	if (!strncmp(set, "fuzz", 4)) {
		fuzz = set;
		set = "native";
	}
	if (test_arch_parse_features(set, &features)) {
		plat_printf("# unknown feature set %s\n", set);
		return 2;
	}
#ifdef UACCESS_HAS_TEXT_POKE	/* the arch patches code at init */
	uaccess_set_text_poke(poke_text);
#endif
	test_init_status = uaccess_init_features(features);
	test_features = features;
	plat_printf("# feature set %s (%#lx): %s\n", set, features,
		    uaccess_strategy_name());
	if (fuzz)
		return fuzz_main(fuzz);
	return t_run_suite() ? 1 : 0;
}

int t_main_args(int argc, char **argv)
{
	for (int i = 2; i < argc; i++) {
		const struct test *t = suite;

		while (t->name && !names_test(argv[i], t))
			t++;
		if (t->name)
			continue;
		plat_printf("# unknown test %s; the tests:", argv[i]);
		for (t = suite; t->name; t++)
			plat_printf("%s %s", t == suite ? "" : ",", t->name);
		plat_printf("\n");
		return 2;
	}
	if (argc > 2) {
		only = argv + 2;
		only_count = argc - 2;
	}
	return t_main(argc > 1 ? argv[1] : "native");
}
