// SPDX-License-Identifier: MIT
/*
 * The test kernel's work: the suite of tests/, through t_main() as in the
 * hosted harness, then the SMAP test of the kernel itself (smap.c), after
 * the last test (t_after_suite): it checks the library's windows too, so
 * it needs the library set up, and its cases count in the closing line.
 */
#include <string.h>
#include <uaccess.h>
#include "harness.h"
#include "kernel.h"

const char kernel_name[] = "test kernel";

bool kernel_run(const char *set)
{
	char name[128];
	size_t len = strlen(set);

	/* kernel.c gave the library our user region: the suite checks it. */
	test_user_start = uaccess_user_start;
	test_user_end = uaccess_user_end;

	/*
	 * With CR4.SMAP on, a library patched for a set without SMAP ("none",
	 * "erms+fsrm") would fault on its first user access: it must open its
	 * window, so SMAP joins whatever set was asked for ("native" has it
	 * already).
	 */
	if (len + sizeof("+smap") > sizeof(name)) {
		kprintf("# feature set name too long: %s\n", set);
		return false;
	}
	memcpy(name, set, len + 1);
	if (smap_on)
		memcpy(name + len, "+smap", sizeof("+smap"));

	t_after_suite = smap_test;
	return t_main(name) == 0;
}
