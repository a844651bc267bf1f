// SPDX-License-Identifier: MIT
/*
 * Not run: linked by tests/checks/build-checks.sh with the strict linker script
 * (tests/checks/link/strict.ld, --orphan-handling=error), making checked and
 * unchecked calls, scalars and a window, so that every object of the
 * library a kernel pulls in is in the link.
 */
#include <uaccess.h>

static char kbuf[64];
static int kval;

unsigned long strict_fault(unsigned long pc);
unsigned long strict_main(void *ubuf);

unsigned long strict_fault(unsigned long pc)
{
	return uaccess_fixup(pc);
}

unsigned long strict_main(void *ubuf)
{
	int __user *up = ubuf;
	unsigned long left;

	if (uaccess_init())
		return 1;
	left = clear_user(ubuf, 64) + copy_to_user(ubuf, kbuf, 64) +
	       copy_from_user(kbuf, ubuf, 64) + __clear_user(ubuf, 8) +
	       __copy_to_user(ubuf, kbuf, 8) + __copy_from_user(kbuf, ubuf, 8);
	if (get_user(kval, up) || put_user(kval, up) ||
	    __get_user(kval, up) || __put_user(kval, up))
		return 1;
	if (strncpy_from_user(kbuf, ubuf, sizeof(kbuf)) < 0 ||
	    strnlen_user(ubuf, 64) == 0)
		return 1;
	if (user_access_begin(up, sizeof(*up))) {
		unsafe_put_user(kval, up, fault);
		user_access_end();
	}
	return left;
fault:
	user_access_end();
	return 1;
}
