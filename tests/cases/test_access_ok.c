// SPDX-License-Identifier: MIT
/*
 * access_ok() and the checked calls on a failed check: they return n and
 * touch no user memory; copy_from_user zero-fills the kernel buffer.
 * The test reads and writes the user pages itself only inside
 * plat_user_begin() / plat_user_end() (SMAP kernels).
 */
#include <limits.h>
#include <string.h>
#include <uaccess.h>
#include "harness.h"
#include "platform.h"
#include "suite.h"

#define CANARY 0xA5

struct range {
	const char *what;
	unsigned long p, n;
	bool ok;
};

static bool all_bytes(const unsigned char *p, size_t n, unsigned char v)
{
	return t_first_not(p, n, v) == n;
}

static bool user_all_bytes(const unsigned char *p, size_t n, unsigned char v)
{
	bool r;

	plat_user_begin();
	r = all_bytes(p, n, v);
	plat_user_end();
	return r;
}

void test_access_ok(void)
{
	size_t page = plat_page_size();
	unsigned char *user = plat_alloc_pages(4);
	unsigned char *kern = plat_alloc_kernel_pages(3);
	unsigned long lim = (unsigned long)user + 2 * page;
	unsigned long start0 = uaccess_user_start, end0 = uaccess_user_end;

	/* The library's defaults, unless the platform set its own range. */
	t_group_begin("access_ok defaults");
	t_case(start0 == test_user_start && end0 == test_user_end,
	       "range [%#lx, %#lx), want [%#lx, %#lx)", start0, end0,
	       test_user_start, test_user_end);
	t_case(access_ok(UPTR(user), 4 * page),
	       "test pages outside the default range");
	t_case(!access_ok(UPTR(test_user_end), 1), "end accepted");
	t_group_end();

	/* User range [page, lim): the two pages after lim are real memory. */
	uaccess_set_user_range(page, lim);
	const struct range ranges[] = {
		{ "last byte", lim - 1, 1, true },
		{ "empty at the end", lim, 0, true },
		{ "up to the end", lim - page, page, true },
		{ "at the end", lim, 1, false },
		{ "crossing the end", lim - 10, 11, false },
		{ "far above", lim + page, 16, false },
		{ "kernel half", ULONG_MAX - ULONG_MAX / 4, 8, false },
		{ "wrapping", ULONG_MAX - 5, 10, false },
		{ "n = ULONG_MAX", lim - page, ULONG_MAX, false },
		{ "NULL, n > 0", 0, 1, false },
		{ "NULL, n = 0", 0, 0, false },
		{ "just below start", page - 1, 2, false },
		{ "at start", page, 1, true },
	};
	const size_t nr = sizeof(ranges) / sizeof(ranges[0]);

	t_group_begin("access_ok boundaries");
	for (size_t i = 0; i < nr; i++)
		t_case(access_ok(UPTR(ranges[i].p), ranges[i].n) == ranges[i].ok,
		       "%s: access_ok(%#lx, %#lx) != %d", ranges[i].what,
		       ranges[i].p, ranges[i].n, ranges[i].ok);
	t_group_end();

	t_group_begin("checked calls refused by access_ok");
	for (size_t i = 0; i < nr; i++) {
		const struct range *r = &ranges[i];
		void __user *up = UPTR(r->p);
		/* Zero-filling ULONG_MAX bytes is the caller's bug, not ours. */
		unsigned long kn = r->n <= 2 * page ? r->n : 2 * page;
		unsigned long ret;
		bool intact;

		if (r->ok)
			continue;
		plat_user_begin();
		memset(user, CANARY, 4 * page);
		plat_user_end();
		memset(kern, CANARY, 3 * page);

		ret = clear_user(up, r->n);
		intact = user_all_bytes(user, 4 * page, CANARY);
		t_case(ret == r->n && intact,
		       "clear_user %s: ret %#lx, want %#lx, user memory %s",
		       r->what, ret, r->n, intact ? "intact" : "written");
		ret = copy_to_user(up, kern, r->n);
		intact = user_all_bytes(user, 4 * page, CANARY);
		t_case(ret == r->n && intact,
		       "copy_to_user %s: ret %#lx, want %#lx, user memory %s",
		       r->what, ret, r->n, intact ? "intact" : "written");
		if (r->n != kn)
			continue;
		ret = copy_from_user(kern + 32, up, kn);
		t_case(ret == kn && all_bytes(kern + 32, kn, 0) &&
			       all_bytes(kern, 32, CANARY) &&
			       all_bytes(kern + 32 + kn, 32, CANARY),
		       "copy_from_user %s: ret %#lx, want %#lx, kernel buffer "
		       "not zero-filled exactly", r->what, ret, kn);
	}
	t_group_end();
	uaccess_set_user_range(start0, end0);
}
