// SPDX-License-Identifier: MIT
/*
 * Not run: linked by tests/checks/build-checks.sh to prove the vendoring build.
 * This "kernel" has its own copy_to_user, get_user, clear_user, access_ok
 * and strnlen_user (as an RTOS that already ships some would), and uses
 * the library beside them through the uaccess_ spellings. The library is
 * built with a symbol prefix and without the short names, from the files
 * and flags of uaccess.mk.
 */
#include <uaccess.h>	/* with -DUACCESS_NO_SHORT_NAMES -DUACCESS_PREFIX=vk_ */

/* The kernel's own functions of the same names: they must not clash. */
unsigned long copy_to_user(void *to, const void *from, unsigned long n);
unsigned long clear_user(void *to, unsigned long n);
int get_user(int *x, const int *p);
int access_ok(const void *p, unsigned long n);
long strnlen_user(const char *s, long n);
unsigned long vendor_main(void *ubuf);
unsigned long vendor_page_fault(unsigned long pc);

unsigned long copy_to_user(void *to, const void *from, unsigned long n)
{
	(void)to, (void)from;
	return n;
}

unsigned long clear_user(void *to, unsigned long n)
{
	(void)to;
	return n;
}

int get_user(int *x, const int *p)
{
	*x = 0;
	return p ? 0 : -1;
}

int access_ok(const void *p, unsigned long n)
{
	return p && n;
}

long strnlen_user(const char *s, long n)
{
	return s ? n : 0;
}

static char kbuf[64];

unsigned long vendor_page_fault(unsigned long pc)
{
	return uaccess_fixup(pc);
}

unsigned long vendor_main(void *ubuf)
{
	int x = 0;

	uaccess_init();
	return uaccess_clear_user(ubuf, 64) +
	       uaccess_copy_to_user(ubuf, kbuf, 64) +
	       uaccess_copy_from_user(kbuf, ubuf, 64) +
	       (unsigned long)uaccess_get_user(x, (int *)ubuf) + (unsigned long)x +
	       (unsigned long)uaccess_strnlen_user(ubuf, 64) +
	       copy_to_user(ubuf, kbuf, 1) + clear_user(ubuf, 1) +
	       (unsigned long)get_user(&x, ubuf) +
	       (unsigned long)access_ok(ubuf, 1) +
	       (unsigned long)strnlen_user(ubuf, 1);
}
