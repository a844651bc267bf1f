// SPDX-License-Identifier: MIT
/* The suite table: every test, in the order it runs. */
#include "suite.h"
#include "test_arch.h"

const struct test suite[] = {
	{ "extable", test_extable },
	{ "module", test_module },
	{ "access_ok", test_access_ok },
	TEST_ARCH_TESTS
	{ "scalar", test_scalar },
	{ "macros", test_macros },
	{ "generic", test_generic },
	{ "untag", test_untag },
	{ "zero_extend", test_zero_extend },
	{ "futex", test_futex },
	{ "window", test_window },
	{ "bulk", test_bulk },
	{ "strings", test_strings },
	{ "struct", test_struct },
	{ "nofault", test_nofault },
	{ "state", test_state },
	{ "fuzz", test_fuzz },
	{ "hostile", test_hostile },
	{ "hardened", test_hardened },
	{ NULL, NULL },
};
