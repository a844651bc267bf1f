// SPDX-License-Identifier: MIT
/*
 * check_zeroed_user and copy_struct_from_user against the contract of
 * <uaccess.h> (outcomes 9 and 10), and copy_from_user_nozero refused by
 * the range check (test_bulk.c sweeps it around holes with the other
 * copies).
 *
 * The user arena is four pages: P0 and P1 mapped, the hole (inaccessible,
 * or read-only for one group), P3 mapped. First the cases of Linux's
 * usercopy KUnit test, rewritten for this suite: a 1 KiB window across
 * the P0/P1 boundary, zero in its middle half and nonzero around, and
 * check_zeroed_user on every [start, end] inside it (about 525,000
 * calls); copy_struct_from_user with usize <, == and > ksize, with a
 * zero and a nonzero tail. Then both calls against the hole: ranges
 * ending 0..HOLE_OFFS bytes before it and running into it, with a nonzero
 * byte at each position of the range or none, so that every order of
 * "nonzero byte" and "hole" is met at every alignment. The expected
 * answer is computed by the test's own byte loop over the arena (model_*
 * below), never by the library. Last, pointers the range check refuses.
 *
 * dst lies in a kernel buffer filled with CANARY: a call may write only
 * dst[0, ksize), and on a failure that part must be all zero.
 */
#include <stdint.h>
#include <string.h>
#include <uaccess.h>
#include "harness.h"
#include "platform.h"
#include "suite.h"

#define CANARY		0xA5
#define WINDOW		1024	/* the KUnit window, across a page boundary */
#define HOLE_OFFS	40	/* ranges start 0..HOLE_OFFS bytes before the hole */
#define HOLE_MORE	16	/* and run up to this far into it */
#define GUARD		32	/* canary bytes checked around dst */

static size_t page;
static unsigned char *base, *hole, *after;	/* P0, the hole, P3 */
static bool hole_readable;
static unsigned char *shadow;	/* kernel: what the test wrote to the arena */
static unsigned char *kbuf;	/* kernel: GUARD, dst, GUARD */
static size_t kbuf_len;

/* Never 0, never CANARY, different at neighbouring addresses. */
static unsigned char pattern(const unsigned char *p)
{
	unsigned char b = (unsigned char)((uintptr_t)p * 13 + 5);

	return b == 0 || b == CANARY ? 0x3C : b;
}

/*
 * The test writes the arena only through these, which keep a copy in
 * kernel memory: the models read the copy, because each user access of
 * the test's own costs a window (a TLB flush on a kernel whose KUAP works
 * that way).
 */
static void user_set(unsigned char *p, size_t n, bool zero)
{
	plat_user_begin();
	for (size_t i = 0; i < n; i++)
		p[i] = shadow[p - base + i] = zero ? 0 : pattern(p + i);
	plat_user_end();
}

static void user_put(unsigned char *p, unsigned char v)
{
	plat_user_begin();
	*p = shadow[p - base] = v;
	plat_user_end();
}

/* A user byte as the test sees it: -1 if the library cannot read it. */
static int ubyte(const unsigned char *p)
{
	if ((uintptr_t)p < uaccess_user_start || (uintptr_t)p >= uaccess_user_end ||
	    p < base || p >= after + page ||
	    (!hole_readable && p >= hole && p < after))
		return -1;
	return shadow[p - base];
}

/* Contract 9, byte by byte. */
static int model_zeroed(const unsigned char *from, unsigned long size)
{
	for (unsigned long i = 0; i < size; i++) {
		int v = ubyte(from + i);

		if (v < 0)
			return -UACCESS_EFAULT;
		if (v)
			return 0;
	}
	return 1;
}

/* Contract 10 (for ranges access_ok() accepts), byte by byte. */
static int model_struct(const unsigned char *src, unsigned long ksize,
			unsigned long usize)
{
	unsigned long size = usize < ksize ? usize : ksize;

	if (usize > ksize) {
		int z = model_zeroed(src + ksize, usize - ksize);

		if (z <= 0)
			return z ? z : -UACCESS_E2BIG;
	}
	for (unsigned long i = 0; i < size; i++)
		if (ubyte(src + i) < 0)
			return -UACCESS_EFAULT;
	return 0;
}

/*
 * One call of copy_struct_from_user, judged: the return value, dst[0,
 * ksize) (the user bytes and zeros, or all zero after a failure), and the
 * canaries around it. dst starts at kbuf + GUARD + dmis.
 */
static void struct_case(const char *what, const unsigned char *src,
			unsigned long ksize, unsigned long usize, unsigned dmis,
			int want)
{
	unsigned char *dst = kbuf + GUARD + dmis;
	unsigned long size = usize < ksize ? usize : ksize, bad = ksize;
	int got;

	memset(kbuf, CANARY, GUARD + dmis + ksize + GUARD);
	got = copy_struct_from_user(dst, ksize, UPTR(src), usize);
	t_case(got == want, "copy_struct_from_user(%s, ksize %lu, usize %lu) = %d, want %d",
	       what, ksize, usize, got, want);
	for (unsigned long i = 0; i < ksize; i++) {
		int v = want == 0 && i < size ? ubyte(src + i) : 0;

		if (dst[i] != v) {
			bad = i;
			break;
		}
	}
	t_case(bad == ksize, "copy_struct_from_user(%s, ksize %lu, usize %lu): "
	       "dst[%lu] is %#x, want %s", what, ksize, usize, bad,
	       bad < ksize ? dst[bad] : 0,
	       want == 0 && bad < size ? "the user byte" : "0");
	t_case(t_first_not(kbuf, GUARD + dmis, CANARY) == GUARD + dmis &&
	       t_first_not(dst + ksize, GUARD, CANARY) == GUARD,
	       "copy_struct_from_user(%s, ksize %lu, usize %lu) wrote outside "
	       "dst[0, ksize)", what, ksize, usize);
}

static void zeroed_case(const char *what, const unsigned char *from,
			unsigned long size, int want)
{
	int got = check_zeroed_user(UPTR(from), size);

	t_case(got == want, "check_zeroed_user(%s, from=hole%+ld, size %lu) = %d, want %d",
	       what, (long)(from - hole), size, got, want);
}

/*
 * Linux's check_zeroed_user KUnit case: every [start, end] of a window
 * of WINDOW bytes across the P0/P1 boundary, [WINDOW/4, 3*WINDOW/4) zero,
 * the rest nonzero. The answer is 1 iff the range is empty or inside the
 * zero part; no byte of it faults.
 */
static void kunit_zeroed(void)
{
	unsigned char *w = base + page - WINDOW / 2;
	size_t zs = WINDOW / 4, ze = WINDOW - WINDOW / 4;

	t_group_begin("check_zeroed_user, every [start, end] of %d bytes across a page",
		      WINDOW);
	user_set(w, WINDOW, false);
	user_set(w + zs, ze - zs, true);
	for (size_t s = 0; s <= WINDOW; s++)
		for (size_t e = s; e <= WINDOW; e++) {
			int want = s == e || (s >= zs && e <= ze);
			int got = check_zeroed_user(UPTR(w + s), e - s);

			if (got != want)
				t_case(false, "check_zeroed_user(window + %zu, %zu) = %d, "
				       "want %d (zero part [%zu, %zu))",
				       s, e - s, got, want, zs, ze);
			else
				t_case(true, " ");
		}
	user_set(w, WINDOW, true);
	t_group_end();
}

/*
 * Linux's copy_struct_from_user KUnit cases, on a WINDOW-byte nonzero
 * user struct: usize == ksize; usize < ksize (the rest of dst zeroed);
 * usize > ksize with a nonzero tail (-E2BIG) and with a zero one. Then
 * every ksize and usize up to 24 at every alignment of src and dst, with
 * the tail zero or nonzero at its first or last byte.
 */
static void kunit_struct(void)
{
	unsigned char *src = base + page - WINDOW / 2;

	t_group_begin("copy_struct_from_user, usize <, ==, > ksize");
	user_set(src, WINDOW, false);
	struct_case("usize == ksize", src, WINDOW, WINDOW, 0, 0);
	struct_case("usize < ksize", src, WINDOW, WINDOW / 2, 0, 0);
	struct_case("usize > ksize, nonzero tail", src, WINDOW / 2, WINDOW, 0,
		    -UACCESS_E2BIG);
	user_set(src + WINDOW / 2, WINDOW / 2, true);
	struct_case("usize > ksize, zero tail", src, WINDOW / 2, WINDOW, 0, 0);
	user_set(src, WINDOW, true);

	for (unsigned mis = 0; mis < 8; mis++)
		for (unsigned long ks = 0; ks <= 24; ks++)
			for (unsigned long us = 0; us <= 24; us++)
				for (int t = 0; t < 3; t++) {
					unsigned char *s = src + mis;
					static const char *const tails[] = {
						"zero tail", "first tail byte nonzero",
						"last tail byte nonzero",
					};

					if (t && us <= ks)
						break;
					user_set(s, ks, false);
					if (t)
						user_put(s + (t == 1 ? ks : us - 1), 0x80);
					struct_case(tails[t], s, ks, us, (mis * 3) % 8,
						    t && us > ks ? -UACCESS_E2BIG : 0);
					user_set(s, us > ks ? us : ks, true);
				}
	t_group_end();
}

/*
 * Ranges from hole - off, of every size up to HOLE_MORE bytes into the
 * hole, zero before it except one nonzero byte at each position of the
 * range (or none). The model says which comes first.
 */
static void sweep_zeroed_hole(const char *what)
{
	for (unsigned long off = 0; off <= HOLE_OFFS; off++)
		for (unsigned long n = 0; n <= off + HOLE_MORE; n++)
			for (long nz = -1; nz < (long)n; nz++) {
				unsigned char *from = hole - off;
				unsigned char *p = from + nz;

				if (nz >= 0 && p >= hole)	/* only before the hole */
					break;
				if (nz >= 0)
					user_put(p, 0x01);
				zeroed_case(what, from, n, model_zeroed(from, n));
				if (nz >= 0)
					user_put(p, 0);
			}
	/* Starting in the hole, or just after it: P3 is zero. */
	for (unsigned long j = 0; j <= 16; j++)
		for (unsigned long n = 0; n <= 24; n++) {
			zeroed_case(what, after - j, n, model_zeroed(after - j, n));
			zeroed_case(what, after + j, n, model_zeroed(after + j, n));
		}
}

/*
 * copy_struct_from_user against the hole: src at hole - off, head
 * nonzero, tail zero or nonzero at its first or last byte.
 */
static void sweep_struct_hole(const char *what)
{
	for (unsigned long off = 0; off <= 20; off++)
		for (unsigned long ks = 0; ks <= 28; ks++)
			for (unsigned long us = 0; us <= 36; us += 1 + (us > 28))
				for (int t = 0; t < 3; t++) {
					unsigned char *s = hole - off, *nz = NULL;

					if (t && us <= ks)
						break;
					/* The head is nonzero up to the hole. */
					user_set(s, ks < off ? ks : off, false);
					if (t)
						nz = s + (t == 1 ? ks : us - 1);
					if (nz && (ubyte(nz) < 0 || nz >= hole))
						nz = NULL;
					if (nz)
						user_put(nz, 0x80);
					struct_case(what, s, ks, us, (unsigned)(off + ks) % 8,
						    model_struct(s, ks, us));
					user_set(hole - off - 8, off + 8, true);
				}
	/*
	 * The whole hole inside the head, a nonzero byte in the tail in P3:
	 * the tail is checked first, so -E2BIG, not -EFAULT; with a zero
	 * tail, the head's fault.
	 */
	if (!hole_readable) {
		unsigned char *s = hole - 32;
		unsigned long ks = page + 64;

		user_put(after + 40, 0x80);
		struct_case("hole in the head, nonzero tail", s, ks, ks + 16, 1,
			    -UACCESS_E2BIG);
		user_put(after + 40, 0);
		struct_case("hole in the head, zero tail", s, ks, ks + 16, 1,
			    -UACCESS_EFAULT);
	}
}

static void holes(void)
{
	t_group_begin("check_zeroed_user around a hole");
	sweep_zeroed_hole("hole");
	t_group_end();

	t_group_begin("copy_struct_from_user around a hole");
	sweep_struct_hole("hole");
	t_group_end();

	/* A read-only page reads like any other: a nonzero byte in it counts. */
	t_group_begin("check_zeroed_user and copy_struct_from_user across a read-only page");
	plat_protect(hole, 1, PLAT_RW);
	user_put(hole + 5, 0x42);
	plat_protect(hole, 1, PLAT_RO);
	hole_readable = true;
	sweep_zeroed_hole("read-only");
	sweep_struct_hole("read-only");
	plat_protect(hole, 1, PLAT_RW);
	user_put(hole + 5, 0);
	plat_protect(hole, 1, PLAT_NONE);
	hole_readable = false;
	t_group_end();
}

/*
 * Ranges the check refuses: the answer is -EFAULT (check_zeroed_user,
 * copy_struct_from_user, dst zeroed) or n with dst untouched
 * (copy_from_user_nozero), and no user byte is read. The user bytes are
 * zero, so a call that skipped the check would answer 1 or 0.
 */
static void refused(void)
{
	unsigned long start0 = uaccess_user_start, end0 = uaccess_user_end;
	unsigned char *mid = base + page / 2;
	const unsigned char *wrap = (const unsigned char *)(UINTPTR_MAX - 2);
	struct {
		const char *what;
		unsigned long start, end;	/* the user range */
		const unsigned char *p;
		unsigned long n;
	} r[] = {
		{ "at the user end", start0, (unsigned long)mid, mid, 1 },
		{ "crossing the user end", start0, (unsigned long)mid, mid - 4, 5 },
		{ "crossing the user end by a word", start0, (unsigned long)mid,
		  mid - 8, 16 },
		{ "below the user start", (unsigned long)mid + 1, end0, mid, 8 },
		{ "wrapping around", start0, end0, wrap, 8 },
	};

	unsigned long faults = plat_fault_count();

	t_group_begin("check_zeroed_user, copy_struct_from_user and "
		      "copy_from_user_nozero refused by the range check");
	user_set(base, page, true);
	for (size_t i = 0; i < sizeof(r) / sizeof(r[0]); i++) {
		unsigned char *dst = kbuf + GUARD;
		unsigned long ret;
		int got;

		uaccess_set_user_range(r[i].start, r[i].end);
		got = check_zeroed_user(UPTR(r[i].p), r[i].n);
		t_case(got == -UACCESS_EFAULT, "check_zeroed_user %s: %d, want %d",
		       r[i].what, got, -UACCESS_EFAULT);
		got = check_zeroed_user(UPTR(r[i].p), 0);
		t_case(got == 1, "check_zeroed_user %s, size 0: %d, want 1",
		       r[i].what, got);

		/* usize > ksize: the range fails before the tail is looked at. */
		struct_case(r[i].what, r[i].p, r[i].n, r[i].n, 0, -UACCESS_EFAULT);
		struct_case(r[i].what, r[i].p, 0, r[i].n, 2, -UACCESS_EFAULT);
		struct_case(r[i].what, r[i].p, 4, r[i].n + 2, 3, -UACCESS_EFAULT);
		struct_case(r[i].what, r[i].p, 16, 0, 5, 0);

		memset(kbuf, CANARY, kbuf_len);
		ret = copy_from_user_nozero(dst, UPTR(r[i].p), r[i].n);
		t_case(ret == r[i].n && t_first_not(kbuf, kbuf_len, CANARY) == kbuf_len,
		       "copy_from_user_nozero %s: %lu, want %lu, kernel buffer %s",
		       r[i].what, ret, r[i].n,
		       t_first_not(kbuf, kbuf_len, CANARY) == kbuf_len ? "untouched"
								     : "written");
	}
	uaccess_set_user_range(start0, end0);
	t_case(plat_fault_count() == faults,
	       "refused calls took %lu faults: they read user memory",
	       plat_fault_count() - faults);
	/* Inside the range again: the same pointers give the real answers. */
	t_case(check_zeroed_user(UPTR(mid - 8), 16) == 1,
	       "check_zeroed_user on zero bytes inside the range: not 1");
	t_group_end();
}

void test_struct(void)
{
	page = plat_page_size();
	base = plat_alloc_pages(4);
	hole = base + 2 * page;
	after = hole + page;
	plat_protect(hole, 1, PLAT_NONE);
	hole_readable = false;
	shadow = plat_alloc_kernel_pages(4);
	memset(shadow, 0, 4 * page);
	kbuf_len = 2 * page;
	kbuf = plat_alloc_kernel_pages(kbuf_len / page);

	kunit_zeroed();
	kunit_struct();
	holes();
	refused();

	t_group_begin("check_zeroed_user and copy_struct_from_user never write user memory");
	plat_protect(hole, 1, PLAT_RO);
	plat_user_begin();
	t_case(!memcmp(base, shadow, 4 * page), "the user arena changed");
	plat_user_end();
	plat_protect(hole, 1, PLAT_NONE);
	t_group_end();
}
