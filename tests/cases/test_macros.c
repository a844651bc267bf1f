// SPDX-License-Identifier: MIT
/*
 * The scalar macros evaluate each argument exactly once, whatever the
 * outcome: a kernel writes put_user(*p++, up) and get_user(x[i++], up)
 * and must be able to count on it. Three pointers: one that passes the
 * check and is accessible, one that fails the check (the user end), and
 * one that passes the check and faults (an inaccessible user page).
 */
#include <stdint.h>
#include <uaccess.h>
#include "platform.h"
#include "suite.h"

static unsigned long *good, *gone;

/* put_user(v[i++], p), get_user(v[i++], p) and their __ forms. */
static void check_once(const char *what, unsigned long *p, bool checked)
{
	unsigned long v[3] = { 7, 8, 9 };
	int i = 0, j = 0, r;

	r = checked ? put_user(v[i++], (unsigned long __user *)p)
		    : __put_user(v[i++], (unsigned long __user *)p);
	t_case(i == 1, "%sput_user(v[i++], %s): i = %d (ret %d), want 1",
	       checked ? "" : "__", what, i, r);
	r = checked ? get_user(v[j++], (unsigned long __user *)p)
		    : __get_user(v[j++], (unsigned long __user *)p);
	t_case(j == 1, "%sget_user(v[j++], %s): j = %d (ret %d), want 1",
	       checked ? "" : "__", what, j, r);
}

/* The pointer argument too: put_user(x, p++) advances p once. */
static void check_ptr_once(const char *what, unsigned long *p)
{
	unsigned long __user *q = (unsigned long __user *)p;
	unsigned long x = 0;
	int r;

	r = put_user(1UL, q++);
	t_case(q == (unsigned long __user *)p + 1,
	       "put_user(1, p++) on %s: p moved %ld (ret %d), want 1", what,
	       (long)(q - (unsigned long __user *)p), r);
	q = (unsigned long __user *)p;
	r = get_user(x, q++);
	t_case(q == (unsigned long __user *)p + 1 && (r == 0 || x == 0),
	       "get_user(x, p++) on %s: p moved %ld (ret %d, x %lu), want 1",
	       what, (long)(q - (unsigned long __user *)p), r, x);
}

void test_macros(void)
{
	unsigned char *pages = plat_alloc_pages(2);
	size_t page = plat_page_size();
	/* The check fails at the user end (nothing there is touched). */
	unsigned long *outside = (unsigned long *)(uaccess_user_end - 4);

	good = (unsigned long *)pages;
	gone = (unsigned long *)(pages + page);
	plat_protect(gone, 1, PLAT_NONE);

	t_group_begin("scalar macros evaluate their arguments once");
	check_once("an accessible pointer", good, true);
	check_once("a pointer that fails access_ok", outside, true);
	check_once("a faulting pointer", gone, true);
	check_once("an accessible pointer", good, false);
	check_once("a faulting pointer", gone, false);
	check_ptr_once("an accessible pointer", good);
	check_ptr_once("a pointer that fails access_ok", outside);
	check_ptr_once("a faulting pointer", gone);
	t_group_end();
	plat_protect(gone, 1, PLAT_RW);
}
