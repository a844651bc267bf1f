// SPDX-License-Identifier: MIT
/*
 * get_user / put_user (and the __ forms) for every size, at every offset
 * from 16 bytes before a hole to 16 bytes after it, at both its edges, so
 * that objects straddle into and out of the inaccessible page; then
 * pointers that access_ok() must refuse: above the user range (real,
 * writable memory there must stay untouched) and wrapping around.
 * The test's own accesses to user memory run between plat_user_begin()
 * and plat_user_end() (a user-access window on a kernel with SMAP), never
 * around a get_user or put_user.
 */
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <uaccess.h>
#include "harness.h"
#include "platform.h"
#include "suite.h"

#define CANARY 0xA5

static size_t page;
static unsigned char *base, *hole, *after;

static bool accessible(const unsigned char *p, size_t n)
{
	return p + n <= hole || p >= after;
}

static unsigned char pattern(const unsigned char *p)
{
	unsigned char b = (unsigned char)((uintptr_t)p * 7 + 3);

	return b == CANARY ? 0x11 : b;
}

/* Bytes around [p, p + n) (readable ones only) are still CANARY. */
static bool guards_intact(const unsigned char *p, size_t n)
{
	for (const unsigned char *q = p - 8; q < p + n + 8; q++)
		if ((q < p || q >= p + n) && accessible(q, 1) && *q != CANARY)
			return false;
	return true;
}

/*
 * One size: T is the object's type. For each p: get_user must return the
 * bytes at p (read back through memcpy, so endianness does not matter) or
 * -EFAULT with x == 0; put_user must write exactly the object, or return
 * -EFAULT having written at most the object's bytes before the hole:
 * none at or after its first inaccessible byte (an object running out of
 * the hole keeps the bytes after it untouched).
 */
#define SWEEP_SIZE(T, checked)						\
	for (unsigned char *p = hole - 16; p < after + 16; p++) {	\
		size_t n = sizeof(T);					\
		bool ok = accessible(p, n);				\
		T want = (T)0, got = (T)1, val;			\
		int r;							\
									\
		if (p == hole + 8)					\
			p = after - 8;	/* skip the hole's middle */	\
		plat_user_begin();					\
		for (size_t i = 0; i < n; i++)				\
			if (accessible(p + i, 1))			\
				p[i] = pattern(p + i);			\
		if (ok)							\
			memcpy(&want, p, n);				\
		plat_user_end();					\
		r = checked ? get_user(got, (T __user *)p)		\
				: __get_user(got, (T __user *)p);	\
		if (ok) {						\
			t_case(r == 0 && got == want,			\
			       "%s(%s) at hole%+ld: ret %d, value differs", \
			       checked ? "get_user" : "__get_user", #T,	\
			       (long)(p - hole), r);			\
		} else {						\
			t_case(r == -UACCESS_EFAULT && got == (T)0,	\
			       "%s(%s) at hole%+ld: ret %d, want -EFAULT and 0", \
			       checked ? "get_user" : "__get_user", #T,	\
			       (long)(p - hole), r);			\
		}							\
		plat_user_begin();					\
		for (size_t i = 0; i < n; i++)				\
			if (accessible(p + i, 1))			\
				p[i] = CANARY;				\
		plat_user_end();					\
		memset(&val, 0x5C, n);					\
		r = checked ? put_user(val, (T __user *)p)		\
				: __put_user(val, (T __user *)p);	\
		bool body = true, guards, seen_hole = false;		\
		plat_user_begin();					\
		for (size_t i = 0; i < n; i++) {			\
			seen_hole |= !accessible(p + i, 1);		\
			if (accessible(p + i, 1) && p[i] != 0x5C &&	\
			    (ok || p[i] != CANARY))			\
				body = false;				\
			if (seen_hole && accessible(p + i, 1) &&	\
			    p[i] != CANARY)				\
				body = false;				\
		}							\
		guards = guards_intact(p, n);				\
		for (size_t i = 0; i < n; i++)				\
			if (accessible(p + i, 1))			\
				p[i] = CANARY;				\
		plat_user_end();					\
		t_case(r == (ok ? 0 : -UACCESS_EFAULT) && body && guards, \
		       "%s(%s) at hole%+ld: ret %d, %s",		\
		       checked ? "put_user" : "__put_user", #T,		\
		       (long)(p - hole), r,				\
		       body ? "bytes around written" : "object not written exactly"); \
	}

void test_scalar(void)
{
	unsigned long start0 = uaccess_user_start, end0 = uaccess_user_end;

	page = plat_page_size();
	base = plat_alloc_pages(3);
	hole = base + page;
	after = hole + page;
	plat_user_begin();
	memset(base, CANARY, 3 * page);
	plat_user_end();
	plat_protect(hole, 1, PLAT_NONE);

	for (int checked = 0; checked < 2; checked++) {
		t_group_begin("%s/%s around a hole", checked ? "get_user" : "__get_user",
			      checked ? "put_user" : "__put_user");
		SWEEP_SIZE(uint8_t, checked)
		SWEEP_SIZE(uint16_t, checked)
		SWEEP_SIZE(uint32_t, checked)
		SWEEP_SIZE(uint64_t, checked)
		t_group_end();
	}

	t_group_begin("get_user/put_user types");
	{
		int32_t s = -5, gs = 0;
		void *ptr = &s, *gp = NULL;
		signed char c = -3, gc = 0;

		t_case(put_user(s, (int32_t __user *)base) == 0 &&
		       get_user(gs, (int32_t __user *)base) == 0 && gs == -5,
		       "int32_t -5 came back as %d", (int)gs);
		t_case(put_user(ptr, (void * __user *)base) == 0 &&
		       get_user(gp, (void * __user *)base) == 0 && gp == ptr,
		       "pointer %p came back as %p", ptr, gp);
		t_case(put_user(c, (signed char __user *)base) == 0 &&
		       get_user(gc, (signed char __user *)base) == 0 && gc == -3,
		       "signed char -3 came back as %d", gc);
		plat_user_begin();
		memset(base, CANARY, 16);
		plat_user_end();
	}
	t_group_end();

	/* The user range ends at hole: after is real memory beyond it. */
	t_group_begin("get_user/put_user refused by access_ok");
	uaccess_set_user_range(0, (unsigned long)hole);
	{
		uint64_t v = 1, big = 0x0102030405060708ULL, now;
		uint32_t w = 1;
		int r;

		plat_user_begin();
		*(uint64_t *)after = big;
		plat_user_end();
		t_case(get_user(v, (uint64_t __user *)after) == -UACCESS_EFAULT && v == 0,
		       "get_user above the range: not refused, or x not zeroed");
		r = put_user(w, (uint32_t __user *)after);
		plat_user_begin();
		now = *(uint64_t *)after;
		plat_user_end();
		t_case(r == -UACCESS_EFAULT && now == big,
		       "put_user above the range wrote or was not refused");
		t_case(get_user(w, (uint32_t __user *)(hole - 2)) == -UACCESS_EFAULT && w == 0,
		       "get_user crossing the end of the range not refused");
		v = 1;
		t_case(get_user(v, (uint64_t __user *)(ULONG_MAX - 2)) == -UACCESS_EFAULT &&
		       v == 0, "get_user wrapping around not refused");
		t_case(put_user(v, (uint64_t __user *)(ULONG_MAX - 2)) == -UACCESS_EFAULT,
		       "put_user wrapping around not refused");
		plat_user_begin();
		memset(after, CANARY, 8);
		plat_user_end();
	}
	uaccess_set_user_range(start0, end0);
	t_group_end();
}
