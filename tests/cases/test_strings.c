// SPDX-License-Identifier: MIT
/*
 * strncpy_from_user and strnlen_user against the contract of <uaccess.h>.
 *
 * A user page is followed by an inaccessible one (the hole). Strings of
 * every length 0..MAX_LEN are placed so that their NUL lies 0..GAPS-1 bytes
 * before the hole (GAPS - 1 and the length together walk src through every
 * alignment mod 8 and the NUL through every position in a word), or so that
 * they run into the hole with no NUL at all. Each placement is called with
 * several counts: 0, 1, the length (the NUL is then the first byte past
 * the range: it must not count), the length + 1, the bytes up to the hole
 * and LONG_MAX. The expected result comes from the test's own byte loop
 * over the layout it made (never from the library), and so does the
 * expected copy; the bytes just before src are zeros, so that a scan which
 * looks at the bytes before src in src's first word finds a NUL there, and
 * every other placement has 0x01 just before its NUL (see sweep_hole()).
 *
 * The kernel buffer (dst) starts at every alignment mod 8 and has CANARY
 * bytes before it and from dst[count] on, which must stay as they were.
 * Then pointers access_ok() refuses (below and above the user range,
 * wrapping around) and strings that run into a user end set inside mapped
 * memory, word aligned or not.
 */
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <uaccess.h>
#include "harness.h"
#include "platform.h"
#include "suite.h"

#define CANARY	0xA5
#define MAX_LEN	300	/* string lengths 0..MAX_LEN, NUL not counted */
#define GAPS	12	/* the NUL lies 0..GAPS-1 bytes before the hole */
#define ZEROS	8	/* zero bytes before src: a NUL in src's first word */
#define GUARD	32	/* canary bytes checked around the copy */
#define DST_MAX	(MAX_LEN + GAPS + 8)	/* the most bytes a call may copy */

static size_t page;
static unsigned char *base, *hole;	/* user: base[0, page) then the hole */
static unsigned char *kbuf;		/* kernel: GUARD + 8 + DST_MAX + GUARD */

/* Never 0, never CANARY, different at neighbouring addresses. */
static unsigned char pattern(const unsigned char *p)
{
	unsigned char b = (unsigned char)((uintptr_t)p * 7 + 3);

	return b == 0 || b == CANARY ? 0x11 : b;
}

/*
 * The contract computed byte by byte: the offset of the NUL in src[0,
 * count) (*found), or count (the whole count readable, no NUL), or -1 (a
 * byte before either is in the hole or at/above the user end, or src is
 * below the user start).
 */
static long expect(const unsigned char *src, long count, bool *found)
{
	long i, r = count;

	*found = false;
	plat_user_begin();
	for (i = 0; i < count; i++) {
		const unsigned char *q = src + i;

		if ((uintptr_t)q < uaccess_user_start ||
		    (uintptr_t)q >= uaccess_user_end || q < base || q >= hole) {
			r = -1;
			break;
		}
		if (!*q) {
			*found = true;
			r = i;
			break;
		}
	}
	plat_user_end();
	return r;
}

/*
 * One call of each function on src with count, dst at alignment da; what
 * says what the placement was, for the failure message.
 */
static void check_one(const unsigned char *src, long count, unsigned da,
		      const char *what, long len)
{
	unsigned char *dst = kbuf + GUARD + da;
	long want_cpy, want_len, got, copied = 0;
	bool found;
	long e = expect(src, count, &found);
	size_t limit = GUARD + 8 + DST_MAX + GUARD, bad;

	if (count <= 0) {
		want_cpy = 0;
		want_len = 0;	/* nothing read: 0, as Linux answers */
	} else if (e < 0) {
		want_cpy = -UACCESS_EFAULT;
		want_len = 0;
	} else if (found) {
		want_cpy = e;
		want_len = e + 1;
		copied = e + 1;
	} else {
		want_cpy = count;
		want_len = count + 1;
		copied = count;
	}

	got = strnlen_user((const char __user *)src, count);
	t_case(got == want_len, "strnlen_user(%s len %ld, src%%8=%lu, n=%ld) = %ld, want %ld",
	       what, len, (unsigned long)((uintptr_t)src % 8), count, got, want_len);

	got = strncpy_from_user((char *)dst, (const char __user *)src, count);
	t_case(got == want_cpy,
	       "strncpy_from_user(%s len %ld, src%%8=%lu, dst%%8=%u, count=%ld) = %ld, want %ld",
	       what, len, (unsigned long)((uintptr_t)src % 8), da, count, got, want_cpy);

	/* The copy: src[0, copied) read back by the test itself. */
	plat_user_begin();
	bad = (size_t)copied;
	for (long i = 0; i < copied; i++)
		if (dst[i] != src[i]) {
			bad = (size_t)i;
			break;
		}
	plat_user_end();
	t_case(bad == (size_t)copied,
	       "strncpy_from_user(%s len %ld, count=%ld): dst[%zu] differs from src",
	       what, len, count, bad);

	/* Canaries: before dst, and from dst[count] on. */
	bad = t_first_not(kbuf, GUARD + da, CANARY);
	if (bad == GUARD + da) {
		size_t from = GUARD + da + (count > 0 ? (size_t)count : 0);

		bad = from < limit ?
			from + t_first_not(kbuf + from, limit - from, CANARY) : limit;
	}
	t_case(bad == limit,
	       "strncpy_from_user(%s len %ld, dst%%8=%u, count=%ld) wrote kbuf[%zu], "
	       "outside dst[0, count)", what, len, da, count, bad);
	memset(kbuf, CANARY, limit);
}

/* Every count of interest for a string of len bytes at src. */
static void check_counts(const unsigned char *src, long len, unsigned da,
			 const char *what)
{
	long counts[] = { 0, 1, len, len + 1, (long)(hole - src), LONG_MAX };

	for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++)
		check_one(src, counts[i], da, what, len);
}

/* Set base[from, to) to the pattern, or to zero. */
static void fill(size_t from, size_t to, bool zero)
{
	plat_user_begin();
	for (size_t i = from; i < to; i++)
		base[i] = zero ? 0 : pattern(base + i);
	plat_user_end();
}

static void sweep_hole(void)
{
	t_group_begin("strings ending 0..%d bytes before a hole, lengths 0..%d",
		      GAPS - 1, MAX_LEN);
	for (long len = 0; len <= MAX_LEN; len++)
		for (size_t gap = 0; gap < GAPS; gap++) {
			size_t nul = page - 1 - gap, s = nul - (size_t)len;

			fill(s - ZEROS, s, true);
			fill(s, nul, false);
			fill(nul, nul + 1, true);
			if (len && gap % 2) {
				/*
				 * 0x01 just before the NUL: a zero test that
				 * borrows across bytes flags it too, and on
				 * big-endian it comes first in memory.
				 */
				plat_user_begin();
				base[nul - 1] = 0x01;
				plat_user_end();
			}
			check_counts(base + s, len, (unsigned)(len + 3 * gap) % 8,
				     gap ? "NUL before the hole," :
					   "NUL as the last byte before the hole,");
			fill(s - ZEROS, page, false);
		}
	t_group_end();

	t_group_begin("strings without a NUL running into a hole, lengths 0..%d",
		      MAX_LEN);
	for (long len = 0; len <= MAX_LEN; len++) {
		size_t s = page - (size_t)len;

		fill(s - ZEROS, s, true);
		check_counts(base + s, len, (unsigned)len % 8, "no NUL,");
		fill(s - ZEROS, s, false);
	}
	t_group_end();
}

static void refused(void)
{
	unsigned long start0 = uaccess_user_start, end0 = uaccess_user_end;
	unsigned char *mid = base + page / 2;

	t_group_begin("strings refused by the user range");
	/* A valid string at mid; the user range is then moved around it. */
	fill(page / 2 - ZEROS, page, false);
	fill(page / 2 + 5, page / 2 + 6, true);
	uaccess_set_user_range(start0, (unsigned long)mid);
	check_one(mid, 100, 0, "src at the user end,", 5);
	uaccess_set_user_range((unsigned long)mid + 1, end0);
	check_one(mid, 100, 1, "src below the user start,", 5);
	check_one(mid, LONG_MAX, 1, "src below the user start,", 5);
	uaccess_set_user_range((unsigned long)mid, end0);
	check_one(mid, 100, 2, "src at the user start,", 5);
	uaccess_set_user_range(start0, end0);
	check_one((const unsigned char *)(UINTPTR_MAX - 2), 100, 3,
		  "src wrapping around,", 0);
	check_one((const unsigned char *)(UINTPTR_MAX - 2), LONG_MAX, 3,
		  "src wrapping around,", 0);
	t_group_end();

	/*
	 * User ends inside mapped memory, at every alignment: the string is
	 * read only up to the end, the rest of the word that holds the end
	 * may be read but not used. NUL at end - 1 succeeds; NUL at end (or
	 * later) is a fault, unless count stops first.
	 */
	t_group_begin("strings running into the user end");
	for (size_t e = 0; e < 16; e++) {
		unsigned char *end = mid + 64 + e;

		uaccess_set_user_range(start0, (unsigned long)end);
		for (long len = 0; len < 24; len++)
			for (long at = -1; at <= 1; at++) {
				unsigned char *nul = end - 1 + at;
				size_t s = (size_t)(nul - base) - (size_t)len;

				fill(s - ZEROS, s, true);
				fill(s, (size_t)(nul - base), false);
				fill((size_t)(nul - base), (size_t)(nul - base) + 1, true);
				check_counts(base + s, len, (unsigned)(len + e) % 8,
					     at < 0 ? "NUL 2 bytes before the user end," :
					     at == 0 ? "NUL as the last user byte," :
					     "NUL just past the user end,");
				fill(s - ZEROS, (size_t)(nul - base) + 1, false);
			}
	}
	uaccess_set_user_range(start0, end0);
	t_group_end();
}

void test_strings(void)
{
	page = plat_page_size();
	base = plat_alloc_pages(2);
	hole = base + page;
	plat_protect(hole, 1, PLAT_NONE);
	kbuf = plat_alloc_kernel_pages(1);
	memset(kbuf, CANARY, GUARD + 8 + DST_MAX + GUARD);
	fill(0, page, false);

	sweep_hole();
	refused();
}
