// SPDX-License-Identifier: MIT
/*
 * The hardened copies, contracts 11 to 14 of <uaccess.h>: copy_from_user,
 * copy_from_user_nozero, copy_to_user and copy_struct_from_user against
 * the size the compiler knows of their kernel object, n above INT_MAX,
 * and the kernel's check and report hooks (the suite installs its own,
 * and puts back whatever the platform had).
 *
 * An object of a known size that the test may overrun safely: OBJ bytes
 * of a kernel page, returned by sized_object(), whose alloc_size
 * attribute gives the compiler the size (defined in another file: clang
 * ignores the attribute of a function whose body it sees); the bytes
 * after it are guard
 * bytes the test checks. The lengths are hidden from the compiler
 * (opaque()) so that the run-time check runs; a constant one that fits
 * is checked too, whose check folds away. n above INT_MAX is only ever
 * tried where the check refuses it, never where a broken check would copy
 * 2 GiB.
 *
 * Bare metal: a kernel that installed a check before the suite
 * (examples/usercopy_check.c) judges the pages of one
 * plat_alloc_kernel_pages() call as one object and its live stack as
 * another; the cases under "kernel check" copy across the end of such an
 * allocation (refused, nothing written) and inside it (done).
 */
#include <string.h>
#include <uaccess.h>
#include "harness.h"
#include "platform.h"
#include "suite.h"

#define OBJ	32		/* the known-size object */
#define GUARD	32		/* checked bytes after it */
#define CANARY	0xA5
#define INT_MAX_PLUS_1	((unsigned long)__INT_MAX__ + 1)

static size_t page;
static unsigned char *user;		/* one user page, pattern-filled */
static unsigned char *kpage;		/* a kernel page: OBJ, GUARD, ... */

/* What the hooks saw. */
static struct {
	unsigned long calls, why, size, n;
	const void *obj;
	bool to_user;
} report, check;
static bool check_answer;

static void test_report(int why, const void *obj, unsigned long size,
			unsigned long n, bool to_user)
{
	report.calls++;
	report.why = (unsigned long)why;
	report.obj = obj;
	report.size = size;
	report.n = n;
	report.to_user = to_user;
}

static bool test_check(const void *obj, unsigned long n, bool to_user)
{
	check.calls++;
	check.obj = obj;
	check.n = n;
	check.to_user = to_user;
	return check_answer;
}

static void fill_user(void)
{
	plat_user_begin();
	for (size_t i = 0; i < page; i++)
		user[i] = (unsigned char)(i * 7 + 1);
	plat_user_end();
}

/* Before each case: no hook calls seen, kpage all CANARY, user the pattern. */
static void reset(void)
{
	memset(&report, 0, sizeof(report));
	memset(&check, 0, sizeof(check));
	memset(kpage, CANARY, page);
	fill_user();
}

/* n as a value the compiler cannot fold. */
static unsigned long opaque(unsigned long n)
{
	__asm__("" : "+r"(n));
	return n;
}

/* p as a pointer to an object whose size the compiler knows: size bytes. */
#define sized_object hardened_sized_object

/* p as a pointer to an object whose size the compiler does not know. */
static void *unsized(void *p)
{
	__asm__("" : "+r"(p));
	return p;
}

static bool user_is_pattern(size_t n)
{
	bool ok = true;

	plat_user_begin();
	for (size_t i = 0; i < n; i++)
		ok &= user[i] == (unsigned char)(i * 7 + 1);
	plat_user_end();
	return ok;
}

static bool kernel_is_pattern(const unsigned char *k, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (k[i] != (unsigned char)(i * 7 + 1))
			return false;
	return true;
}

static bool reported(unsigned long why, const void *obj, unsigned long size,
		     unsigned long n, bool to_user)
{
	return report.calls == 1 && report.why == why && report.obj == obj &&
	       report.size == size && report.n == n && report.to_user == to_user;
}

#define REPORT_FMT "report: %lu calls, last why %lu obj %p size %#lx n %#lx to_user %d"
#define REPORT_ARGS report.calls, report.why, report.obj, report.size, \
	report.n, report.to_user

/* n above the known size: each call refused whole, the hook told. */
static void known_size(void)
{
	unsigned char *obj = sized_object(kpage, OBJ);
	unsigned long n = opaque(OBJ + 1);
	int r;

	t_group_begin("hardened: n above the object's known size is refused");
	reset();
	t_case(copy_from_user(obj, UPTR(user), n) == n,
	       "copy_from_user(obj[%d], u, %lu) did not return n", OBJ, n);
	t_case(t_first_not(kpage, OBJ + GUARD, CANARY) == OBJ + GUARD,
	       "copy_from_user refused: obj or its guard written at %zu (no "
	       "zero-fill, no copy)", t_first_not(kpage, OBJ + GUARD, CANARY));
	t_case(reported(UACCESS_USERCOPY_SIZE, obj, OBJ, n, false),
	       "copy_from_user: " REPORT_FMT, REPORT_ARGS);
	t_case(!check.calls, "the kernel's check asked about a known size");

	reset();
	t_case(copy_from_user_nozero(obj, UPTR(user), n) == n &&
	       t_first_not(kpage, OBJ + GUARD, CANARY) == OBJ + GUARD,
	       "copy_from_user_nozero(obj[%d], u, %lu): not n, or obj written", OBJ, n);
	t_case(reported(UACCESS_USERCOPY_SIZE, obj, OBJ, n, false),
	       "copy_from_user_nozero: " REPORT_FMT, REPORT_ARGS);

	reset();
	plat_user_begin();
	memset(user + page - 64, 0, 64);	/* a zero tail for usize > ksize */
	plat_user_end();
	r = copy_struct_from_user(obj, n, UPTR(user + page - 64), 64);
	t_case(r == -UACCESS_E2BIG &&
	       t_first_not(kpage, OBJ + GUARD, CANARY) == OBJ + GUARD,
	       "copy_struct_from_user(obj[%d], %lu, u, 64) = %d, not -E2BIG "
	       "with obj untouched", OBJ, n, r);
	t_case(reported(UACCESS_USERCOPY_SIZE, obj, OBJ, n, false),
	       "copy_struct_from_user: " REPORT_FMT, REPORT_ARGS);

	reset();
	t_case(copy_to_user(UPTR(user), obj, n) == n && user_is_pattern(page),
	       "copy_to_user(u, obj[%d], %lu): not n, or user memory written", OBJ, n);
	t_case(reported(UACCESS_USERCOPY_SIZE, obj, OBJ, n, true),
	       "copy_to_user: " REPORT_FMT, REPORT_ARGS);

	/* Without a report hook: the same answer, silently. */
	reset();
	uaccess_set_usercopy_report(NULL);
	t_case(copy_from_user(obj, UPTR(user), n) == n &&
	       t_first_not(kpage, OBJ + GUARD, CANARY) == OBJ + GUARD,
	       "copy_from_user refused without a report hook: not n, or written");
	uaccess_set_usercopy_report(test_report);
	t_group_end();
}

/* n up to the known size: copied as ever, no hook called. */
static void within_known_size(void)
{
	unsigned char *obj = sized_object(kpage, OBJ);
	struct { unsigned int a, b; } s = { 0, 0 };
	unsigned long r;

	t_group_begin("hardened: n within the object's known size is copied");
	reset();
	r = copy_from_user(obj, UPTR(user), opaque(OBJ));
	t_case(r == 0 && kernel_is_pattern(obj, OBJ) &&
	       t_first_not(kpage + OBJ, GUARD, CANARY) == GUARD,
	       "copy_from_user(obj[%d], u, %d) = %lu, or wrong bytes", OBJ, OBJ, r);
	r = copy_from_user_nozero(obj, UPTR(user), opaque(OBJ - 1));
	t_case(r == 0, "copy_from_user_nozero(obj[%d], u, %d) = %lu", OBJ, OBJ - 1, r);
	r = copy_to_user(UPTR(user + page - OBJ), obj, opaque(OBJ));
	t_case(r == 0, "copy_to_user(u, obj[%d], %d) = %lu", OBJ, OBJ, r);
	plat_user_begin();
	t_case(!memcmp(user + page - OBJ, user, OBJ),
	       "copy_to_user(u, obj[%d], %d) wrote the wrong bytes", OBJ, OBJ);
	plat_user_end();
	fill_user();
	/* A constant size of a local object: the check folds away. */
	r = copy_from_user(&s, UPTR(user), sizeof(s));
	t_case(r == 0 && s.a != 0, "copy_from_user(&s, u, sizeof(s)) = %lu", r);
	t_case(copy_struct_from_user(obj, opaque(OBJ), UPTR(user), 16) == 0 &&
	       kernel_is_pattern(obj, 16) && t_first_not(obj + 16, OBJ - 16, 0) ==
	       OBJ - 16, "copy_struct_from_user(obj[%d], %d, u, 16) failed",
	       OBJ, OBJ);
	t_case(!report.calls && !check.calls,
	       "a copy within the known size called a hook: " REPORT_FMT
	       ", check %lu calls", REPORT_ARGS, check.calls);
	t_group_end();
}

/*
 * A known-size object, copied from user memory that ends in a hole k
 * bytes in: the copy stops at the hole, copy_from_user zero-fills exactly
 * the OBJ - k bytes it did not copy, copy_from_user_nozero leaves them.
 * These calls take the checked path without the fused check
 * (<uaccess.h>), which fills apart from the arch's own copy.
 */
static void known_size_fault(void)
{
	unsigned char *obj = sized_object(kpage, OBJ);
	unsigned char *two = plat_alloc_pages(2), *hole = two + page;

	t_group_begin("hardened: a known-size object copied up to a user fault");
	plat_user_begin();
	for (size_t i = 0; i < page; i++)
		two[i] = (unsigned char)(i * 7 + 1);
	plat_user_end();
	plat_protect(hole, 1, PLAT_NONE);
	for (unsigned long k = 0; k <= OBJ; k += (k < 9 ? 1 : 7)) {
		const unsigned char *src = hole - k;
		unsigned long r, first = page - k;
		bool copied = true;

		memset(kpage, CANARY, page);
		r = copy_from_user(obj, UPTR(src), opaque(OBJ));
		for (unsigned long i = 0; i < k; i++)
			copied &= obj[i] == (unsigned char)((first + i) * 7 + 1);
		t_case(r == OBJ - k && copied &&
		       t_first_not(obj + k, OBJ - k, 0) == OBJ - k &&
		       t_first_not(kpage + OBJ, GUARD, CANARY) == GUARD,
		       "copy_from_user(obj[%d], %lu bytes before a hole, %d) = %lu, "
		       "or not the bytes, zeros and guard", OBJ, k, OBJ, r);
		memset(kpage, CANARY, page);
		r = copy_from_user_nozero(obj, UPTR(src), opaque(OBJ));
		t_case(r == OBJ - k &&
		       t_first_not(obj + k, OBJ - k + GUARD, CANARY) == OBJ - k + GUARD,
		       "copy_from_user_nozero(obj[%d], %lu bytes before a hole, %d) "
		       "= %lu, or wrote past the fault", OBJ, k, OBJ, r);
	}
	plat_protect(hole, 1, PLAT_RW);
	t_group_end();
}

/* n above INT_MAX: refused whatever the object, before the kernel's check. */
static void above_int_max(void)
{
	unsigned char *k = unsized(kpage);
	unsigned long n = opaque(INT_MAX_PLUS_1);
	int r;

	t_group_begin("hardened: n above INT_MAX is refused");
	check_answer = true;
	reset();
	t_case(copy_from_user(k, UPTR(user), n) == n &&
	       t_first_not(kpage, page, CANARY) == page,
	       "copy_from_user(k, u, INT_MAX + 1): not n, or k written");
	t_case(reported(UACCESS_USERCOPY_INT_MAX, k, ~0UL, n, false),
	       "copy_from_user: " REPORT_FMT, REPORT_ARGS);
	t_case(!check.calls, "the kernel's check was asked about n > INT_MAX");
	reset();
	t_case(copy_from_user_nozero(k, UPTR(user), n) == n &&
	       t_first_not(kpage, page, CANARY) == page &&
	       reported(UACCESS_USERCOPY_INT_MAX, k, ~0UL, n, false),
	       "copy_from_user_nozero(k, u, INT_MAX + 1): not n, written, or "
	       REPORT_FMT, REPORT_ARGS);
	reset();
	t_case(copy_to_user(UPTR(user), k, n) == n && user_is_pattern(page) &&
	       reported(UACCESS_USERCOPY_INT_MAX, k, ~0UL, n, true),
	       "copy_to_user(u, k, INT_MAX + 1): not n, written, or "
	       REPORT_FMT, REPORT_ARGS);
	reset();
	r = copy_struct_from_user(k, n, UPTR(user), 16);
	t_case(r == -UACCESS_E2BIG && t_first_not(kpage, page, CANARY) == page &&
	       reported(UACCESS_USERCOPY_INT_MAX, k, ~0UL, n, false),
	       "copy_struct_from_user(k, INT_MAX + 1, u, 16) = %d, not -E2BIG, "
	       "written, or " REPORT_FMT, r, REPORT_ARGS);
	/* INT_MAX itself passes that rule: the check (refusing) is asked. */
	check_answer = false;
	reset();
	n = opaque(__INT_MAX__);
	t_case(copy_to_user(UPTR(user), k, n) == n && check.calls == 1 &&
	       reported(UACCESS_USERCOPY_CHECK, k, ~0UL, n, true),
	       "copy_to_user(u, k, INT_MAX): INT_MAX refused by the wrong rule: "
	       REPORT_FMT, REPORT_ARGS);
	t_group_end();
}

/* The kernel's check: asked where the size is unknown, and obeyed. */
static void kernel_check(void)
{
	unsigned char *k = unsized(kpage);
	unsigned long n = opaque(48), r;

	t_group_begin("hardened: the kernel's check, for objects of unknown size");
	check_answer = true;
	reset();
	r = copy_from_user(k, UPTR(user), n);
	t_case(r == 0 && kernel_is_pattern(k, 48),
	       "copy_from_user(k, u, 48) allowed by the check = %lu", r);
	t_case(check.calls == 1 && check.obj == k && check.n == 48 && !check.to_user,
	       "check: %lu calls, obj %p (want %p) n %lu to_user %d",
	       check.calls, check.obj, (void *)k, check.n, check.to_user);
	reset();
	r = copy_to_user(UPTR(user + 64), k, 16);	/* a constant n: asked too */
	t_case(r == 0 && check.calls == 1 && check.obj == k && check.n == 16 &&
	       check.to_user, "copy_to_user(u, k, 16): %lu, check: %lu calls, "
	       "n %lu to_user %d", r, check.calls, check.n, check.to_user);
	t_case(!report.calls, "an allowed copy was reported");
	fill_user();

	check_answer = false;
	reset();
	t_case(copy_from_user(k, UPTR(user), n) == n &&
	       t_first_not(kpage, page, CANARY) == page,
	       "copy_from_user refused by the check: not n, or k written");
	t_case(check.calls == 1 && reported(UACCESS_USERCOPY_CHECK, k, ~0UL, n, false),
	       "check %lu calls; " REPORT_FMT, check.calls, REPORT_ARGS);
	reset();
	t_case(copy_from_user_nozero(k, UPTR(user), n) == n &&
	       t_first_not(kpage, page, CANARY) == page && check.calls == 1,
	       "copy_from_user_nozero refused by the check: not n, or k written");
	reset();
	t_case(copy_to_user(UPTR(user), k, n) == n && user_is_pattern(page) &&
	       reported(UACCESS_USERCOPY_CHECK, k, ~0UL, n, true),
	       "copy_to_user refused by the check: not n, written, or "
	       REPORT_FMT, REPORT_ARGS);
	reset();
	t_case(copy_struct_from_user(k, n, UPTR(user), 16) == -UACCESS_E2BIG &&
	       t_first_not(kpage, page, CANARY) == page && check.calls == 1,
	       "copy_struct_from_user refused by the check: not -E2BIG, or k written");
	/* A known size is never the check's to judge, even one it refuses. */
	reset();
	t_case(copy_from_user(sized_object(kpage, OBJ), UPTR(user), n - 16) == 0 &&
	       !check.calls, "copy_from_user(obj[%d], u, %d) asked the check (%lu "
	       "calls) or failed", OBJ, OBJ, check.calls);
	/* n = 0 copies nothing and asks nothing, whatever the check says. */
	reset();
	t_case(copy_from_user(k, UPTR(user), opaque(0)) == 0 &&
	       copy_to_user(UPTR(user), k, opaque(0)) == 0 && !check.calls &&
	       !report.calls, "a copy of 0 bytes asked the check (%lu calls) "
	       "or was reported (%lu)", check.calls, report.calls);
	/* Removed, the check is asked no more, and INT_MAX still holds. */
	uaccess_set_usercopy_check(NULL);
	reset();
	r = copy_from_user(k, UPTR(user), n);
	t_case(r == 0 && kernel_is_pattern(k, 48) && !check.calls && !report.calls,
	       "copy_from_user(k, u, 48) with the check removed = %lu, check "
	       "%lu calls, report %lu", r, check.calls, report.calls);
	/* Where access_ok() refuses too: a broken rule copies nothing. */
	reset();
	r = copy_to_user(UPTR(uaccess_user_end - 16), k, opaque(INT_MAX_PLUS_1));
	t_case(r == INT_MAX_PLUS_1 && !check.calls &&
	       reported(UACCESS_USERCOPY_INT_MAX, k, ~0UL, INT_MAX_PLUS_1, true),
	       "copy_to_user(u, k, INT_MAX + 1) with the check removed = %lu, "
	       REPORT_FMT, r, REPORT_ARGS);
	uaccess_set_usercopy_check(test_check);
	fill_user();
	t_group_end();
}

/*
 * A file built with UACCESS_HARDENED 0 (tests/cases/hardened_off.c): a copy the
 * check would refuse (the kernel's check says false) goes ahead, and no
 * hook is called, in either direction.
 */
static void hardened_off(void)
{
	unsigned long r;

	t_group_begin("hardened: UACCESS_HARDENED 0 checks nothing");
	check_answer = false;
	reset();
	r = hardened_off_copy_from_user(unsized(kpage), UPTR(user), 48);
	t_case(r == 0 && kernel_is_pattern(kpage, 48) && !check.calls &&
	       !report.calls, "copy_from_user(k, u, 48) = %lu, check %lu "
	       "calls, report %lu", r, check.calls, report.calls);
	r = hardened_off_copy_to_user(UPTR(user + page - 48), kpage, 48);
	plat_user_begin();
	t_case(r == 0 && !memcmp(user + page - 48, user, 48) && !check.calls &&
	       !report.calls, "copy_to_user(u, k, 48) = %lu, check %lu calls, "
	       "report %lu", r, check.calls, report.calls);
	plat_user_end();
	fill_user();
	t_group_end();
}

/*
 * The platform's own check (a bare-metal kernel's): one allocation of
 * plat_alloc_kernel_pages() is one object; a local is in the live stack,
 * a frame below the current one is not.
 */
static void platform_check(void)
{
	unsigned char *a = plat_alloc_kernel_pages(1);
	unsigned char *b = plat_alloc_kernel_pages(1);
	unsigned char local[64];
	unsigned char *dead = (unsigned char *)__builtin_frame_address(0) - 2048;
	unsigned long n = opaque(page + 16), r;

	t_group_begin("hardened: the kernel's check: heap and stack objects");
	t_case(b == a + page, "premise: two allocations in a row are adjacent "
	       "(%p, %p)", (void *)a, (void *)b);
	memset(a, CANARY, 2 * page);
	memset(&report, 0, sizeof(report));
	r = copy_from_user(unsized(a), UPTR(user), n);
	t_case(r == n && t_first_not(a, 2 * page, CANARY) == 2 * page,
	       "copy_from_user(heap[page], u, page + 16) = %lu, not n, or written "
	       "(at %zu)", r, t_first_not(a, 2 * page, CANARY));
	t_case(reported(UACCESS_USERCOPY_CHECK, a, ~0UL, n, false),
	       "heap overrun: " REPORT_FMT, REPORT_ARGS);
	r = copy_to_user(UPTR(user), unsized(b - 16), opaque(32));
	t_case(r == 32 && user_is_pattern(page),
	       "copy_to_user(u, across two allocations, 32) = %lu", r);
	memset(&report, 0, sizeof(report));
	r = copy_from_user(unsized(a), UPTR(user), opaque(page));
	t_case(r == 0 && kernel_is_pattern(a, page) &&
	       t_first_not(b, page, CANARY) == page && !report.calls,
	       "copy_from_user(heap[page], u, page) = %lu, or wrong bytes", r);
	r = copy_to_user(UPTR(user), unsized(a), opaque(page));
	t_case(r == 0, "copy_to_user(u, heap[page], page) = %lu", r);

	r = copy_from_user(unsized(local), UPTR(user), opaque(sizeof(local)));
	t_case(r == 0 && kernel_is_pattern(local, sizeof(local)),
	       "copy_from_user(local, u, %zu) = %lu", sizeof(local), r);
	/* Read only: a check that let it through reads a dead frame. */
	r = copy_to_user(UPTR(user), unsized(dead), opaque(16));
	t_case(r == 16 && user_is_pattern(page),
	       "copy_to_user(u, below the live stack, 16) = %lu", r);
	t_group_end();
}

void test_hardened(void)
{
	uaccess_usercopy_check_t *platform;
	uaccess_usercopy_report_t *platform_report;

	page = plat_page_size();
	user = plat_alloc_pages(1);
	kpage = plat_alloc_kernel_pages(1);
	fill_user();

	platform = uaccess_set_usercopy_check(test_check);
	platform_report = uaccess_set_usercopy_report(test_report);
	known_size();
	within_known_size();
	known_size_fault();
	above_int_max();
	kernel_check();
	hardened_off();
	uaccess_set_usercopy_check(platform);
	if (platform)
		platform_check();
	uaccess_set_usercopy_report(platform_report);
}
