// SPDX-License-Identifier: MIT
/*
 * User-access windows and pointer masking:
 *  - uaccess_mask_ptr() keeps every address of the user range and turns
 *    every other one (either side, and the range's end itself) into the
 *    arch's faulting address, for the range set at run time, and so
 *    does the checked calls' check and mask in one, whose answer is
 *    access_ok()'s;
 *  - user_access_begin() refuses what access_ok() refuses;
 *  - unsafe_get_user / unsafe_put_user of every size at every offset
 *    around a hole: the value or the fault label, x zeroed on a fault,
 *    nothing outside the object written;
 *  - unsafe_copy_to_user of 0..40 bytes ending at every distance from the
 *    hole: the label exactly when the range reaches the hole, bytes before
 *    the hole copied, none outside the range written.
 *  - masked_user_access_begin: the label exactly when the object is not
 *    all user memory (refused pointers, where the masked address faults
 *    on this platform, and pointers into a hole), the object read and
 *    written otherwise, nothing outside it;
 *  - with the user range starting at 0 and page 0 mapped as user memory:
 *    uaccess_set_user_range() warns exactly when the masked address is in
 *    the range; where it is not, a refused pointer faults through
 *    masked_user_access_begin() and through uaccess_mask_ptr() in the __
 *    calls, and page 0 is neither read nor written;
 *  - the one-way windows: their access, and access_ok's refusals.
 * Windows are closed on every path before the test looks at anything.
 */
#include <stdint.h>
#include <string.h>
#include <uaccess.h>
#include "harness.h"
#include "platform.h"
#include "suite.h"
#include "test_arch.h"

#define CANARY 0xA5

/* The checked calls' mask of a refused pointer, where it is not uaccess_mask_ptr()'s. */
#ifndef TEST_ARCH_CHECKED_MASK
#define TEST_ARCH_CHECKED_MASK TEST_ARCH_MASKED_ADDR
#endif

static size_t page;
static unsigned char *base, *hole, *after;	/* page, hole, page */

static bool accessible(const unsigned char *p)
{
	return p < hole || p >= after;
}

static void reset_user(void)
{
	plat_user_begin();
	memset(base, CANARY, page);
	memset(after, CANARY, page);
	plat_user_end();
}

static void test_mask(void)
{
	unsigned long start0 = uaccess_user_start, end0 = uaccess_user_end;
	unsigned long lo = (unsigned long)base, hi = (unsigned long)after;
	const unsigned long in[] = { lo, lo + 1, hi - 1, lo + (hi - lo) / 2 };
	const unsigned long out[] = {
		lo - 1, hi, hi + 1, 0, 1, ~0UL, ~0UL - 4095, lo - page,
		hi + (1UL << (8 * sizeof(long) - 2)),
	};
	const unsigned long ends[] = { TEST_ARCH_USER_ENDS };
	/* No check hook (a kernel may have one): the copies' limit is INT_MAX. */
	uaccess_usercopy_check_t *hook = uaccess_set_usercopy_check(NULL);

	t_group_begin("uaccess_mask_ptr and the checked calls' check on a range set at run time");
	uaccess_set_user_range(lo, hi);
	for (size_t i = 0; i < sizeof(in) / sizeof(in[0]); i++) {
		unsigned long m = (unsigned long)uaccess_mask_ptr(UPTR(in[i]));

		t_case(m == in[i], "%#lx in [%#lx, %#lx) masked to %#lx",
		       in[i], lo, hi, m);
	}
	for (size_t i = 0; i < sizeof(out) / sizeof(out[0]); i++) {
		unsigned long m = (unsigned long)uaccess_mask_ptr(UPTR(out[i]));

		t_case(m == TEST_ARCH_MASKED_ADDR,
		       "%#lx outside [%#lx, %#lx) masked to %#lx, want %#lx",
		       out[i], lo, hi, m, TEST_ARCH_MASKED_ADDR);
	}
	/*
	 * The checked calls' check and mask in one (the arch's and the
	 * default): access_ok()'s answer for every length from 1 (either
	 * answer for 0); the masked address. The copies' form: the same
	 * address, and also no for every length above INT_MAX; its key gives
	 * the pointer back.
	 */
	for (size_t i = 0; i < sizeof(in) / sizeof(in[0]) + sizeof(out) / sizeof(out[0]); i++) {
		bool inside = i < sizeof(in) / sizeof(in[0]);
		unsigned long a = inside ? in[i] : out[i - sizeof(in) / sizeof(in[0])];
		const unsigned long ns[] = { 0, 1, 8, hi - a, hi - a + 1, ~0UL };

		for (size_t j = 0; j < sizeof(ns) / sizeof(ns[0]); j++) {
			unsigned long n = ns[j];
			bool want = access_ok(UPTR(a), n), ok, gok;
			unsigned long m = _uaccess_arch_check_mask(a, n, &ok);
			unsigned long g = _uaccess_generic_check_mask(a, n, &gok);

			t_case((!n || ok == want) && gok == want &&
			       m == (inside ? a : TEST_ARCH_CHECKED_MASK) &&
			       g == (inside ? a : TEST_ARCH_MASKED_ADDR),
			       "check and mask of %#lx, n %#lx in [%#lx, %#lx): "
			       "ok %d/%d (access_ok %d), %#lx/%#lx", a, n, lo, hi,
			       ok, gok, want, m, g);
#ifdef _uaccess_arch_check_mask_copy
			bool cok, cwant = want && n <= (unsigned long)__INT_MAX__;
			unsigned long key;
			unsigned long c = _uaccess_arch_check_mask_copy(a, n, &cok, &key);

			t_case((!n || cok == cwant) && c == m &&
			       _uaccess_arch_copy_key_addr(key) == a,
			       "the copies' check and mask of %#lx, n %#lx: ok %d "
			       "(want %d), %#lx, key %#lx", a, n, cok, cwant, c, key);
#endif
		}
	}
	/* Each user end the arch names: the checks and the mask follow it. */
	for (size_t i = 0; i < sizeof(ends) / sizeof(ends[0]); i++) {
		unsigned long e = ends[i];

		uaccess_set_user_range(0, e);
		t_case(access_ok(UPTR(e - 1), 1) && !access_ok(UPTR(e), 1) &&
		       !access_ok(UPTR(e - 8), 9),
		       "access_ok around the user end %#lx", e);
		t_case((unsigned long)uaccess_mask_ptr(UPTR(e - 1)) == e - 1 &&
		       (unsigned long)uaccess_mask_ptr(UPTR(e)) == TEST_ARCH_MASKED_ADDR,
		       "uaccess_mask_ptr around the user end %#lx", e);
		{
			bool ok1, ok8, ok0;
			unsigned long m1 = _uaccess_arch_check_mask(e - 1, 1, &ok1);
			unsigned long m8 = _uaccess_arch_check_mask(e - 8, 9, &ok8);
			unsigned long m0 = _uaccess_arch_check_mask(e, 1, &ok0);

			t_case(ok1 && m1 == e - 1 && !ok8 && m8 == e - 8 &&
			       !ok0 && m0 == TEST_ARCH_CHECKED_MASK,
			       "the checked calls' check and mask around the "
			       "user end %#lx", e);
		}
#ifdef _uaccess_arch_check_mask_copy
		/* The copies' check refuses what INT_MAX refuses, where the range holds it. */
		if (e - 4096 > (unsigned long)__INT_MAX__ + 1) {
			const unsigned long big = (unsigned long)__INT_MAX__ + 1, a = e - big - 4096;
			bool okb, okc, okm;
			unsigned long key;

			(void)_uaccess_arch_check_mask(a, big, &okb);
			(void)_uaccess_arch_check_mask_copy(a, big, &okc, &key);
			(void)_uaccess_arch_check_mask_copy(a, big - 1, &okm, &key);
			t_case(okb && !okc && okm,
			       "the copies' check refuses %#lx bytes at %#lx, the range "
			       "check does not (%d %d %d)", big, a, okb, okc, okm);
		}
#endif
	}
	/* The default range too: its last address and its end. */
	uaccess_set_user_range(start0, end0);
	t_case((unsigned long)uaccess_mask_ptr(UPTR(end0 - 1)) == end0 - 1,
	       "the last user address %#lx is masked", end0 - 1);
	t_case((unsigned long)uaccess_mask_ptr(UPTR(end0)) == TEST_ARCH_MASKED_ADDR,
	       "the user end %#lx is not masked", end0);
	uaccess_set_usercopy_check(hook);
	t_group_end();
}

static void test_begin_refused(void)
{
	unsigned long start0 = uaccess_user_start, end0 = uaccess_user_end;

	t_group_begin("user_access_begin refuses what access_ok refuses");
	uaccess_set_user_range((unsigned long)base, (unsigned long)after);
	t_case(user_access_begin(UPTR(base), page) && (user_access_end(), true),
	       "the whole first page refused");
	t_case(user_access_begin(UPTR(hole), page) && (user_access_end(), true),
	       "[hole, after) refused");
	t_case(!user_access_begin(UPTR(hole), page + 1),
	       "one byte past the end accepted");
	t_case(!user_access_begin(UPTR(after), 1), "the end accepted");
	t_case(!user_access_begin(UPTR(base - 1), 2),
	       "one byte below the start accepted");
	t_case(!user_access_begin(UPTR(base + 8), ~0UL - 4),
	       "a wrapping length accepted");
	uaccess_set_user_range(start0, end0);
	t_group_end();
}

static unsigned char pattern(const unsigned char *p)
{
	unsigned char b = (unsigned char)((uintptr_t)p * 13 + 5);

	return b == CANARY ? 0x3C : b;
}

/* Bytes of [from, to) that are accessible still hold CANARY. */
static bool canary_kept(const unsigned char *from, const unsigned char *to)
{
	bool ok = true;

	plat_user_begin();
	for (const unsigned char *q = from; q < to; q++)
		if (accessible(q) && *q != CANARY)
			ok = false;
	plat_user_end();
	return ok;
}

/*
 * One size: T the object type. Each p from 16 bytes before the hole to 16
 * after its end, the window opened on exactly [p, p + n).
 */
#define SWEEP_UNSAFE(T)							\
	for (unsigned char *p = hole - 16; p < after + 16; p++) {	\
		size_t n = sizeof(T);					\
		bool ok, faulted = false, opened;			\
		T want = 0, got = (T)1, val;				\
									\
		if (p == hole + 8)					\
			p = after - 8;	/* skip the hole's middle */	\
		ok = accessible(p) && accessible(p + n - 1);		\
		plat_user_begin();					\
		for (size_t i = 0; i < n; i++)				\
			if (accessible(p + i))				\
				p[i] = pattern(p + i);			\
		if (ok)							\
			memcpy(&want, p, n);				\
		plat_user_end();					\
		opened = user_access_begin(UPTR(p), n);			\
		if (opened) {						\
			unsafe_get_user(got, (T __user *)p, get_fault_##T); \
			user_access_end();				\
			goto get_done_##T;				\
get_fault_##T:								\
			user_access_end();				\
			faulted = true;					\
		}							\
get_done_##T:								\
		t_case(opened && faulted == !ok && got == (ok ? want : (T)0), \
		       "unsafe_get_user(%s) at hole%+ld: %s, value %s",	\
		       #T, (long)(p - hole),				\
		       !opened ? "refused" : faulted ? "faulted" : "read", \
		       got == want ? "right" : "wrong");		\
		reset_user();						\
		memset(&val, 0x5C, n);					\
		faulted = false;					\
		if (user_access_begin(UPTR(p), n)) {			\
			unsafe_put_user(val, (T __user *)p, put_fault_##T); \
			user_access_end();				\
			goto put_done_##T;				\
put_fault_##T:								\
			user_access_end();				\
			faulted = true;					\
		}							\
put_done_##T:								\
		{							\
			bool body = true;				\
									\
			plat_user_begin();				\
			for (size_t i = 0; i < n; i++)			\
				if (accessible(p + i) && p[i] != 0x5C && \
				    (ok || p[i] != CANARY))		\
					body = false;			\
			plat_user_end();				\
			t_case(faulted == !ok && body &&		\
			       canary_kept(p - 16, p) &&		\
			       canary_kept(p + n, p + n + 16),		\
			       "unsafe_put_user(%s) at hole%+ld: %s, %s", \
			       #T, (long)(p - hole),			\
			       faulted ? "faulted" : "stored",		\
			       body ? "bytes around written" : "object not written exactly"); \
		}							\
		reset_user();						\
	}

static void test_unsafe_scalars(void)
{
	t_group_begin("unsafe_get_user/unsafe_put_user around a hole");
	SWEEP_UNSAFE(uint8_t)
	SWEEP_UNSAFE(uint16_t)
	SWEEP_UNSAFE(uint32_t)
	SWEEP_UNSAFE(uint64_t)
	t_group_end();
}

static void test_unsafe_copy(void)
{
	unsigned char src[64];

	for (size_t i = 0; i < sizeof(src); i++)
		src[i] = (unsigned char)(0x40 + i);
	t_group_begin("unsafe_copy_to_user ending around a hole");
	for (size_t n = 0; n <= 40; n++) {
		for (size_t end = 0; end <= 48; end++) {
			/* The range ends 8 bytes into the hole .. 40 before it. */
			unsigned char *p = hole + 8 - end - n;
			size_t k;	/* bytes before the hole */
			bool faulted = false, body = true;

			k = p >= hole ? 0 : p + n <= hole ? n : (size_t)(hole - p);
			if (user_access_begin(UPTR(p), n)) {
				unsafe_copy_to_user(UPTR(p), src, n, copy_fault);
				user_access_end();
				goto copy_done;
copy_fault:
				user_access_end();
				faulted = true;
			}
copy_done:
			plat_user_begin();
			/* Before a fault, nothing is promised but the range. */
			if (k == n)
				body = !memcmp(p, src, n);
			plat_user_end();
			t_case(faulted == (k < n) && body &&
			       canary_kept(p - 16, p) &&
			       canary_kept(p + k, hole) &&
			       canary_kept(after, after + 16),
			       "unsafe_copy_to_user(%zu bytes, hole at %+ld): %s%s",
			       n, (long)(hole - p),
			       faulted ? "label" : "no label",
			       body ? "" : ", bytes differ");
			reset_user();
		}
	}
	t_group_end();
}

/*
 * masked_user_access_begin on one uint32_t at p: a load, then a store of
 * the value read, plus one. 0 with *v the value read, or -1 from the label.
 */
static int masked_get_put(uint32_t __user *p, uint32_t *v)
{
	uint32_t __user *q = masked_user_access_begin(p);
	uint32_t x;

	unsafe_get_user(x, q, fault);
	unsafe_put_user(x + 1, q, fault);
	user_access_end();
	*v = x;
	return 0;
fault:
	user_access_end();
	return -1;
}

/* One case: want_ok says whether the object is read and written. */
static void masked_one(unsigned char *p, bool want_ok, const char *what)
{
	uint32_t want = 0, got = 0, after_put = 0;
	/* p may be a wild address: p + 3 only once p is known to be inside. */
	bool mapped = p >= base && p < after + page &&
		      (size_t)(after + page - p) >= 4 &&
		      accessible(p) && accessible(p + 3), in;
	int r;

	reset_user();
	plat_user_begin();
	if (mapped) {
		for (size_t i = 0; i < 4; i++)
			p[i] = pattern(p + i);
		memcpy(&want, p, 4);
	}
	plat_user_end();
	r = masked_get_put((uint32_t __user *)p, &got);
	plat_user_begin();
	if (mapped)
		memcpy(&after_put, p, 4);
	plat_user_end();
	t_case(want_ok ? r == 0 && got == want && after_put == want + 1
		       : r == -1 && after_put == want,
	       "masked_user_access_begin(%s, hole%+ld): %s (want %s), %s",
	       what, (long)(p - hole), r ? "label" : "accessed",
	       want_ok ? "accessed" : "label",
	       after_put == (want_ok ? want + 1 : want) ? "memory right"
							: "memory wrong");
	in = p >= base && p < after + page;
	t_case(in ? canary_kept(base, p) && canary_kept(p + 4, after + page)
		  : canary_kept(base, after + page),
	       "masked_user_access_begin(%s, hole%+ld) wrote outside the object",
	       what, (long)(p - hole));
	reset_user();
}

static void test_masked_begin(void)
{
	unsigned long start0 = uaccess_user_start, end0 = uaccess_user_end;
	unsigned long lo = (unsigned long)base;

	t_group_begin("masked_user_access_begin: good and faulting pointers");
	uaccess_set_user_range(lo, (unsigned long)after + page);
	for (unsigned char *p = base + 8; p < base + 16; p++)
		masked_one(p, true, "in range");
	for (unsigned char *p = hole - 8; p < hole + 4; p++)
		masked_one(p, p + 4 <= hole, "in range, near the hole");
	for (unsigned char *p = after - 4; p < after + 8; p++)
		masked_one(p, p >= after, "in range, after the hole");
	t_group_end();

	if (!plat_masked_addr_faults()) {
		plat_printf("# masked_user_access_begin: refused pointers skipped "
			    "(the masked address does not fault here)\n");
		uaccess_set_user_range(start0, end0);
		return;
	}
	t_group_begin("masked_user_access_begin: refused pointers");
	/* The range is the page after the hole: base is kernel memory. */
	uaccess_set_user_range((unsigned long)after, (unsigned long)after + page);
	masked_one(base + 8, false, "below the range (mapped)");
	masked_one(base + page - 4, false, "just below the range (mapped)");
	masked_one(after + page, false, "the end");
	masked_one(after + page + 64, false, "past the end");
	masked_one((unsigned char *)~0UL - 1, false, "wrapping");
	masked_one((unsigned char *)~0UL - 4095, false, "the last page");
	/* An object that runs past the end, into mapped memory. */
	uaccess_set_user_range(lo, lo + page / 2);
	masked_one(base + page / 2 - 4, true, "ending at the end");
	for (unsigned long d = 1; d < 4; d++)
		masked_one(base + page / 2 - 4 + d, !TEST_ARCH_MASK_WHOLE_OBJECT,
			   "running past the end");
	uaccess_set_user_range(start0, end0);
	t_group_end();
}

/*
 * A kernel whose user memory starts at VA 0 (xv6, many teaching kernels)
 * sets the range from 0, and its page 0 holds the program's text. A
 * refused pointer masked to 0 would read it instead of faulting.
 */
static unsigned char *page_zero_byte(size_t i)
{
	/* An address from an integer: no arithmetic on a null pointer. */
	return (unsigned char *)(uintptr_t)i;
}

/*
 * Page 0's pattern, byte 0 left out (a load through a null pointer is
 * what the sanitizers stop, even where it is mapped).
 */
static void page_zero_fill(void)
{
	plat_user_begin();
	for (size_t i = 1; i < page; i++)
		*page_zero_byte(i) = (unsigned char)(i * 7 + 1);
	plat_user_end();
}

static bool page_zero_kept(void)
{
	bool kept = true;

	plat_user_begin();
	for (size_t i = 1; i < page; i++)
		kept &= *page_zero_byte(i) == (unsigned char)(i * 7 + 1);
	plat_user_end();
	return kept;
}

static void test_masked_page_zero(void)
{
	unsigned long start0 = uaccess_user_start, end0 = uaccess_user_end;
	unsigned long end = (unsigned long)after + page;
	const unsigned long m = TEST_ARCH_MASKED_ADDR;
	/* The top bit alone, unless user memory reaches it (32-bit, high RAM). */
	const unsigned long top = (unsigned long)1 << (8 * sizeof(long) - 1);
	const unsigned long refused[] = {
		end, end + 64, end + page, ~0UL - 4095, ~0UL - 3,
		top >= end ? top : ~0UL - 2 * 4096 + 1,
	};
	unsigned char k[16];
	bool mapped;
	int r;

	t_group_begin("refused pointers with the user range starting at 0");
	r = uaccess_set_user_range(0, end);
	t_case(r == (m < end ? -1 : 0),
	       "uaccess_set_user_range(0, %#lx) returned %d, but the masked "
	       "address %#lx is %s the range", end, r, m,
	       m < end ? "in" : "outside");
	if (m < end || !plat_masked_addr_faults()) {
		plat_printf("# refused pointers with page 0 mapped: skipped (the "
			    "masked address %#lx is user memory or does not "
			    "fault here)\n", m);
		goto out;
	}
	mapped = plat_map_page_zero();
	if (mapped)
		page_zero_fill();
	else
		plat_printf("# page 0 cannot be mapped here: refused pointers "
			    "checked with page 0 unmapped\n");
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		unsigned char *p = (unsigned char *)refused[i];
		uint32_t got = 0;
		void __user *q = uaccess_mask_ptr(UPTR(p));

		t_case(masked_get_put((uint32_t __user *)p, &got) == -1,
		       "masked_user_access_begin(%p) with the range [0, %#lx): "
		       "accessed (read %#x)", (void *)p, end, (unsigned int)got);
		memset(k, 0x5C, sizeof(k));
		t_case(__copy_from_user(k, q, sizeof(k)) == sizeof(k) &&
		       k[0] == 0x5C, "__copy_from_user(uaccess_mask_ptr(%p) = "
		       "%p) with the range [0, %#lx) read something",
		       (void *)p, KPTR(q), end);
		t_case(__copy_to_user(q, k, sizeof(k)) == sizeof(k) &&
		       __clear_user(q, sizeof(k)) == sizeof(k),
		       "__copy_to_user / __clear_user at uaccess_mask_ptr(%p) "
		       "= %p wrote something", (void *)p, KPTR(q));
	}
	if (mapped) {
		t_case(page_zero_kept(),
		       "page 0 was written through a refused pointer");
		plat_unmap_page_zero();
	}
out:
	uaccess_set_user_range(start0, end0);
	t_group_end();
}

/* The one-way windows: the same check as user_access_begin, each its access. */
static void test_one_way(void)
{
	unsigned long start0 = uaccess_user_start, end0 = uaccess_user_end;
	uint32_t __user *p = (uint32_t __user *)(base + 64);
	uint32_t v = 1, got = 0;
	bool read_ok = false, write_ok = false;

	t_group_begin("user_read_access_begin / user_write_access_begin");
	reset_user();
	plat_user_begin();
	memcpy(base + 64, "\x11\x22\x33\x44", 4);
	plat_user_end();
	memcpy(&v, "\x11\x22\x33\x44", 4);
	if (user_read_access_begin(p, 4)) {
		unsafe_get_user(got, p, read_fault);
		user_read_access_end();
		read_ok = true;
	}
	if (0) {
read_fault:
		user_read_access_end();
	}
	t_case(read_ok && got == v, "read window: unsafe_get_user %s",
	       read_ok ? "read a wrong value" : "failed");
	if (user_write_access_begin(p, 4)) {
		unsafe_put_user(v + 1, p, write_fault);
		user_write_access_end();
		write_ok = true;
	}
	if (0) {
write_fault:
		user_write_access_end();
	}
	plat_user_begin();
	memcpy(&got, base + 64, 4);
	plat_user_end();
	t_case(write_ok && got == v + 1, "write window: unsafe_put_user %s",
	       write_ok ? "stored a wrong value" : "failed");
	uaccess_set_user_range((unsigned long)base, (unsigned long)after);
	t_case(!user_read_access_begin(UPTR(after), 1) &&
	       !user_read_access_begin(UPTR(base - 1), 2) &&
	       !user_read_access_begin(UPTR(base + 8), ~0UL - 4),
	       "user_read_access_begin accepted what access_ok refuses");
	t_case(!user_write_access_begin(UPTR(after), 1) &&
	       !user_write_access_begin(UPTR(base - 1), 2) &&
	       !user_write_access_begin(UPTR(base + 8), ~0UL - 4),
	       "user_write_access_begin accepted what access_ok refuses");
	uaccess_set_user_range(start0, end0);
	reset_user();
	t_group_end();
}

void test_window(void)
{
	page = plat_page_size();
	base = plat_alloc_pages(3);
	hole = base + page;
	after = hole + page;
	plat_protect(hole, 1, PLAT_NONE);
	reset_user();

	test_mask();
	test_begin_refused();
	test_unsafe_scalars();
	test_unsafe_copy();
	test_masked_begin();
	test_masked_page_zero();
	test_one_way();
}
