// SPDX-License-Identifier: MIT
/*
 * Not run: linked by tests/build-checks.sh with the linker's default script
 * and only unchecked calls, so that no object has the section of the x86-64
 * user-range immediates (uaccess_range, written by uaccess_init()): the
 * library must still link (its __start_/__stop_ symbols are weak).
 */
#include <uaccess.h>

unsigned long unchecked_main(void *ubuf);

unsigned long unchecked_main(void *ubuf)
{
	uaccess_init();
	return __clear_user(ubuf, 64);
}
