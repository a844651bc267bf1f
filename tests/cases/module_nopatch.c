// SPDX-License-Identifier: MIT
/*
 * The module hooks of the suite on an architecture that patches no code
 * (its test_arch.h does not define TEST_ARCH_PATCHES_CODE): a module's
 * uaccess_altinstr and uaccess_range sections are empty, and bounds a
 * loader fills in for them anyway are ignored, not refused.
 */
#include <uaccess.h>
#include "harness.h"
#include "test_arch.h"

#ifndef TEST_ARCH_PATCHES_CODE

void test_arch_module_code(const struct uaccess_module *m,
			   unsigned long features, const char *when)
{
	(void)features;
	t_case(m->altinstr_start == m->altinstr_stop &&
	       m->range_start == m->range_stop,
	       "%s: a module has patch sites or range immediates", when);
}

void test_arch_module_refusals(const struct uaccess_module *m)
{
	static char junk[6];
	/* Static: should unregistering fail, the list must not point into
	 * a dead stack frame. */
	static struct uaccess_module odd;
	int r;

	odd = *m;

	/* Not registered yet: m itself is, under another struct. */
	odd.next = NULL;
	odd.extable_start = odd.extable_stop = NULL;
	odd.altinstr_start = junk + 1;
	odd.altinstr_stop = junk;
	odd.range_start = junk;
	odd.range_stop = junk + 5;
	r = uaccess_register_module(&odd);
	t_case(r == 0 && !uaccess_init_error(),
	       "a module with odd altinstr and range bounds: returned %d (%s)",
	       r, uaccess_init_error() ? uaccess_init_error() : "");
	uaccess_unregister_module(&odd);
}
#endif
