// SPDX-License-Identifier: MIT
/*
 * Not run: linked by tests/checks/build-checks.sh with the linker's default script
 * and only unchecked calls, so that no object of the caller has the section
 * of user-range immediates (uaccess_range, which an architecture that keeps
 * the range in its code writes at uaccess_init()): the library must still
 * link.
 */
#include <uaccess.h>

unsigned long unchecked_main(void *ubuf);

unsigned long unchecked_main(void *ubuf)
{
	uaccess_init();
	return __clear_user(ubuf, 64);
}
