// SPDX-License-Identifier: MIT
/*
 * The exactness sweep for clear_user, copy_to_user and copy_from_user
 * (checked and __ forms) and copy_from_user_nozero, for the feature set the process was started with
 * (the Makefile runs one process per set: every strategy gets the sweep).
 *
 * Each case places a user range of n bytes against a fault boundary and
 * checks the contract of <uaccess.h>: the exact return value, every byte
 * before the boundary done, and every byte the call may not touch unchanged
 * (GUARD bytes of canary on both sides, in the user and the kernel buffer,
 * the zero tail of copy_from_user, and all pages after a hole).
 *
 * A user arena is laid out as
 *
 *   base                  hole        after            end
 *   | body: BODY pages    | 1 page    | AFTER pages    | reserve (PROT_NONE)
 *
 * The hole is PROT_NONE, or PROT_READ for the read-only sweep. The reserve
 * is as large as the largest case, so that a routine which wrongly ran on
 * past the hole would fault there instead of corrupting the test program.
 * Writes go to the "wr" arena, filled with CANARY; copy_from_user reads the
 * "rd" arena, filled with data_byte() (never 0, never CANARY, different at
 * every offset, so a short, long or shifted copy cannot pass).
 *
 * The test's own reads and writes of user memory (fills, checks, restores)
 * run between plat_user_begin() and plat_user_end(): on a kernel with SMAP
 * that is the only way to reach user pages, and it keeps every library
 * call outside such a window. The kernel side of a copy lives in kernel
 * pages (plat_alloc_kernel_pages()).
 */
#include <string.h>
#include <uaccess.h>
#include "harness.h"
#include "platform.h"
#include "suite.h"
#include "test_arch.h"

#define CANARY 0xA5
#define GUARD 64		/* > the widest group a routine stores at once */
#define SWEEP 300		/* sizes and offsets 0..SWEEP, one by one */
#define LARGE ((1UL << 20) + 3)	/* the largest case */
#define AFTER 2			/* pages after the hole */

struct arena {
	unsigned char *base, *hole, *after, *end;
	bool hole_readable;
};

enum kind { CLEAR, TO_USER, FROM_USER };

struct op {
	const char *name;
	enum kind kind;
	bool checked;		/* access_ok + zero-fill, vs the __ form */
	bool nozero;		/* checked, without the zero-fill */
};

static const struct op ops[] = {
	{ "__clear_user", CLEAR, false, false },
	{ "clear_user", CLEAR, true, false },
	{ "__copy_to_user", TO_USER, false, false },
	{ "copy_to_user", TO_USER, true, false },
	{ "__copy_from_user", FROM_USER, false, false },
	{ "copy_from_user", FROM_USER, true, false },
	{ "copy_from_user_nozero", FROM_USER, true, true },
};

static size_t page;
static struct arena wr, rd;
static unsigned char *ksrc, *kdst;	/* kernel buffers, GUARD in */
static size_t kbuf_len;

/* The state of the sweep, for failure messages. */
static const char *strategy, *sweep;
static const unsigned long clear_limits[] = { TEST_ARCH_CLEAR_LIMITS };
static const unsigned long copy_limits[] = { TEST_ARCH_COPY_LIMITS };

static unsigned char data_byte(unsigned long i)
{
	unsigned char b = (unsigned char)((i * 0x9E3779B97F4A7C15UL) >> 56);

	return (b == 0 || b == CANARY) ? b ^ 0x5A : b;
}

static void fill_data(unsigned char *p, size_t n, unsigned long seed)
{
	for (size_t i = 0; i < n; i++)
		p[i] = data_byte(seed + i);
}

static bool is_data(const unsigned char *p, size_t n, unsigned long seed)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != data_byte(seed + i))
			return false;
	return true;
}

static size_t first_diff(const unsigned char *a, const unsigned char *b, size_t n)
{
	if (!memcmp(a, b, n))
		return n;
	for (size_t i = 0; i < n; i++)
		if (a[i] != b[i])
			return i;
	return n;
}

static void arena_init(struct arena *a)
{
	size_t body = LARGE / page + 2;
	size_t reserve = LARGE / page + 2;

	a->base = plat_alloc_pages(body + 1 + AFTER + reserve);
	a->hole = a->base + body * page;
	a->after = a->hole + page;
	a->end = a->after + AFTER * page;
	plat_protect(a->end, reserve, PLAT_NONE);
}

static void arena_set_hole(struct arena *a, enum plat_prot prot)
{
	plat_protect(a->hole, 1, prot);
	a->hole_readable = prot != PLAT_NONE;
}

/*
 * The offset of the first byte of [p, p + n) that the call cannot access
 * (n if none): the hole unless it is readable and we only read, and
 * everything outside [base, end).
 */
static unsigned long first_bad(const struct arena *a, const unsigned char *p,
			       unsigned long n, bool writing)
{
	bool hole_bad = writing || !a->hole_readable;
	const unsigned char *bad;

	if (p < a->base || p >= a->end ||
	    (hole_bad && p >= a->hole && p < a->after))
		return 0;
	bad = (hole_bad && p < a->hole) ? a->hole : a->end;
	return (unsigned long)(bad - p) < n ? (unsigned long)(bad - p) : n;
}

/* The readable parts of an arena, for checking and restoring it. */
static int readable_parts(const struct arena *a, unsigned char *lo[2],
			  unsigned char *hi[2])
{
	lo[0] = a->base;
	hi[0] = a->hole_readable ? a->end : a->hole;
	lo[1] = a->after;
	hi[1] = a->end;
	return a->hole_readable ? 1 : 2;
}

static unsigned long call(const struct op *op, unsigned char *user,
			  unsigned char *kern, unsigned long n)
{
	switch (op->kind) {
	case CLEAR:
		return op->checked ? clear_user(UPTR(user), n)
				   : __clear_user(UPTR(user), n);
	case TO_USER:
		return op->checked ? copy_to_user(UPTR(user), kern, n)
				   : __copy_to_user(UPTR(user), kern, n);
	default:
		if (op->nozero)
			return copy_from_user_nozero(kern, UPTR(user), n);
		return op->checked ? copy_from_user(kern, UPTR(user), n)
				   : __copy_from_user(kern, UPTR(user), n);
	}
}

#define CASE_FMT "%s %s %s n=%lu user=hole%+ld kmis=%lu: "
#define CASE_ARGS(a) strategy, op->name, sweep, n, (long)(user - (a)->hole), kmis

/*
 * User side of a clear or copy_to_user: [user, user + k) holds the result,
 * every other readable byte within GUARD of the range is still CANARY.
 * Then restore the window.
 */
static bool check_user_writes(const struct op *op, unsigned char *user,
			      const unsigned char *kern, unsigned long kmis,
			      unsigned long n, unsigned long k)
{
	unsigned char *lo[2], *hi[2];
	unsigned char *wlo = user - GUARD, *whi = user + n + GUARD;
	int parts = readable_parts(&wr, lo, hi);
	bool ok = true;

	for (int i = 0; i < parts; i++) {
		unsigned char *s = wlo > lo[i] ? wlo : lo[i];
		unsigned char *e = whi < hi[i] ? whi : hi[i];

		for (unsigned char *p = s; p < e && ok; p++) {
			unsigned char want = CANARY;

			if (p >= user && p < user + k)
				want = op->kind == CLEAR ? 0 : kern[p - user];
			if (*p != want) {
				t_case(false, CASE_FMT "user byte at %+ld is %#x, want %#x",
				       CASE_ARGS(&wr), (long)(p - user), *p, want);
				ok = false;
			}
		}
	}
	/* Restore the writable parts; a read-only hole was checked above. */
	lo[0] = wr.base, hi[0] = wr.hole, lo[1] = wr.after, hi[1] = wr.end;
	for (int i = 0; i < 2; i++) {
		unsigned char *s = wlo > lo[i] ? wlo : lo[i];
		unsigned char *e = whi < hi[i] ? whi : hi[i];

		if (s < e)
			memset(s, CANARY, (size_t)(e - s));
	}
	return ok;
}

/*
 * Kernel side of copy_from_user: kern[0, k) is the user data, kern[k, n) is
 * zero (copy_from_user) or untouched (__copy_from_user,
 * copy_from_user_nozero), GUARD bytes around untouched.
 */
static bool check_kernel_writes(const struct op *op, const unsigned char *user,
				unsigned char *kern, unsigned long kmis,
				unsigned long n, unsigned long k)
{
	size_t bad;
	unsigned char tail = op->checked && !op->nozero ? 0 : CANARY;
	bool ok = true;

	if ((bad = first_diff(kern, user, k)) != k) {
		t_case(false, CASE_FMT "kernel byte %zu is %#x, want %#x",
		       CASE_ARGS(&rd), bad, kern[bad], user[bad]);
		ok = false;
	} else if ((bad = t_first_not(kern + k, n - k, tail)) != n - k) {
		t_case(false, CASE_FMT "tail byte %lu is %#x, want %#x",
		       CASE_ARGS(&rd), k + (unsigned long)bad, kern[k + bad], tail);
		ok = false;
	} else if (t_first_not(kern - GUARD, GUARD, CANARY) != GUARD ||
		   t_first_not(kern + n, GUARD, CANARY) != GUARD) {
		t_case(false, CASE_FMT "kernel guard bytes written",
		       CASE_ARGS(&rd));
		ok = false;
	}
	memset(kern - GUARD, CANARY, n + 2 * GUARD);
	return ok;
}

/* Check the outcome of one call that returned ret, and count the case. */
static void judge(const struct op *op, unsigned char *user, unsigned long kmis,
		  unsigned long n, unsigned long ret)
{
	bool writing = op->kind != FROM_USER;
	struct arena *a = writing ? &wr : &rd;
	unsigned long k = first_bad(a, user, n, writing);
	unsigned char *kern = (writing ? ksrc : kdst) + kmis;
	bool ok;

	if (ret != n - k)
		t_case(false, CASE_FMT "returned %lu, want %lu", CASE_ARGS(a),
		       ret, n - k);
	/* Check the memory around, and restore it, even after a wrong count. */
	plat_user_begin();
	ok = writing ? check_user_writes(op, user, kern, kmis, n, k)
		     : check_kernel_writes(op, user, kern, kmis, n, k);
	plat_user_end();
	if (ok && ret == n - k)
		t_case(true, " ");
}

static void one_case(const struct op *op, unsigned char *user,
		     unsigned long kmis, unsigned long n)
{
	unsigned char *kern = (op->kind != FROM_USER ? ksrc : kdst) + kmis;

	judge(op, user, kmis, n, call(op, user, kern, n));
}

/* Ranges ending at or before the hole: user = hole - off. */
static void sweep_trailing(const struct op *op, unsigned long max_off)
{
	struct arena *a = op->kind == FROM_USER ? &rd : &wr;

	for (unsigned long off = 0; off <= max_off; off++)
		for (unsigned long n = 0; n <= SWEEP; n++)
			one_case(op, a->hole - off, (n + off) & 7, n);
}

/*
 * Ranges starting j bytes before the end of the hole, running into the page
 * after it: nothing may be done, and the page after must stay untouched.
 * Sizes 0..SWEEP for the first max_all offsets; beyond those, the sizes
 * around j where the range starts to reach the page, and a few larger ones.
 */
static void sweep_leading(const struct op *op, unsigned long max_j,
			  unsigned long max_all)
{
	static const long near[] = { -1, 0, 1, 2, 7, 8, 9, 63, 64, 65 };
	struct arena *a = op->kind == FROM_USER ? &rd : &wr;

	for (unsigned long j = 1; j <= max_j; j++) {
		if (j <= max_all) {
			for (unsigned long n = 0; n <= SWEEP; n++)
				one_case(op, a->after - j, (n + j) & 7, n);
			continue;
		}
		for (size_t i = 0; i < sizeof(near) / sizeof(near[0]); i++)
			if (j + near[i] <= SWEEP)
				one_case(op, a->after - j, (j + i) & 7, j + near[i]);
		one_case(op, a->after - j, j & 7, SWEEP);
	}
}

/*
 * Every pair of user and kernel misalignment with the range far from the
 * hole; and every user misalignment, with the kernel side rotating through
 * all eight, with the hole in the middle of the range.
 */
static void sweep_misalign(const struct op *op)
{
	struct arena *a = op->kind == FROM_USER ? &rd : &wr;

	for (unsigned long umis = 0; umis < 8; umis++)
		for (unsigned long n = 0; n <= SWEEP; n++) {
			for (unsigned long kmis = 0; kmis < 8; kmis++)
				one_case(op, a->hole - 2 * page + umis, kmis, n);
			one_case(op, a->hole - ((n / 2 + 8) & ~7UL) + umis,
				 (n + umis) & 7, n);
		}
}

/*
 * Large sizes, ending x bytes after the start (x <= n) at the hole: mapped
 * page, hole, mapped pages; the pages after the hole must stay untouched.
 */
static void sweep_large(const struct op *op)
{
	static const unsigned long sizes[] = {
		4095, 4096, 4097, 12345, 65535, 65536, 65537, 100003,
		1UL << 20, (1UL << 20) + 1, LARGE,
	};
	static const unsigned long dists[] = {
		0, 1, 7, 8, 9, 63, 64, 65, 4095, 4096, 4097, 65536 + 5,
	};
	struct arena *a = op->kind == FROM_USER ? &rd : &wr;

	for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		unsigned long n = sizes[s];

		for (size_t d = 0; d < sizeof(dists) / sizeof(dists[0]); d++)
			if (dists[d] < n)
				one_case(op, a->hole - dists[d], d & 7, n);
		one_case(op, a->hole - n, 0, n);	/* no fault */
		one_case(op, a->hole - n + 1, 5, n);	/* last byte in the hole */
		one_case(op, a->after - 1, 3, n);	/* first byte in the hole */
	}
}

/*
 * Around every size at which the routine changes strategy: sizes within
 * `width` of the limit, each ending 0..width bytes before the hole, and each
 * starting 0..8 bytes before the hole (so that only its first bytes are
 * done).
 */
static void sweep_bands(const struct op *op, unsigned long width)
{
	struct arena *a = op->kind == FROM_USER ? &rd : &wr;
	const unsigned long *lim = op->kind == CLEAR ? clear_limits : copy_limits;
	size_t nlim = op->kind == CLEAR ? sizeof(clear_limits) / sizeof(lim[0])
					: sizeof(copy_limits) / sizeof(lim[0]);

	for (size_t b = 0; b < nlim; b++)
		for (unsigned long n = lim[b] > width ? lim[b] - width : 0;
		     n <= lim[b] + width; n++) {
			for (unsigned long off = 0; off <= width; off++)
				one_case(op, a->hole - n + off, (n + off) & 7, n);
			for (unsigned long off = 0; off <= 8; off++)
				one_case(op, a->hole - off, off & 7, n);
		}
}

/* The checked or unchecked call with a size the compiler sees as constant. */
#define CALL_CONST(op, user, kern, N)					\
	((op)->kind == CLEAR ?						\
		((op)->checked ? clear_user(UPTR(user), N)		\
			       : __clear_user(UPTR(user), N)) :		\
	 (op)->kind == TO_USER ?					\
		((op)->checked ? copy_to_user(UPTR(user), kern, N)	\
			       : __copy_to_user(UPTR(user), kern, N)) :	\
	 (op)->nozero ? copy_from_user_nozero(kern, UPTR(user), N) :	\
		((op)->checked ? copy_from_user(kern, UPTR(user), N)	\
			       : __copy_from_user(kern, UPTR(user), N)))

static unsigned long call_const(const struct op *op, unsigned char *user,
				unsigned char *kern, unsigned long n)
{
	switch (n) {
	case 1: return CALL_CONST(op, user, kern, 1);
	case 2: return CALL_CONST(op, user, kern, 2);
	case 4: return CALL_CONST(op, user, kern, 4);
	default: return CALL_CONST(op, user, kern, 8);
	}
}

/*
 * Constant sizes 1, 2, 4, 8 (inlined as single moves) at every offset from
 * 16 bytes before the hole to 8 into it, and after the hole.
 */
static void run_const_sizes(const struct op *op)
{
	static const unsigned long sizes[] = { 1, 2, 4, 8 };
	bool writing = op->kind != FROM_USER;
	struct arena *a = writing ? &wr : &rd;

	sweep = "constant";
	t_group_begin("%s %s constant sizes", strategy, op->name);
	for (size_t s = 0; s < 4; s++)
		for (long off = -8; off <= 16; off++) {
			unsigned long n = sizes[s], kmis = (unsigned long)off & 7;
			unsigned char *user = (off > 0 ? a->hole : a->after) - off;
			unsigned char *kern = (writing ? ksrc : kdst) + kmis;

			judge(op, user, kmis, n, call_const(op, user, kern, n));
		}
	t_group_end();
}

/*
 * The __ forms are the strategy routines themselves and get every sweep in
 * full. The checked forms add access_ok() and the zero-fill in front of the
 * same routines: they get every sweep over all alignments and group sizes,
 * with fewer offsets (the suite runs twice, with gcc and clang, and each
 * faulting case costs two signals).
 */
static void run_sweeps(const struct op *op)
{
	struct arena *a = op->kind == FROM_USER ? &rd : &wr;
	bool full = !op->checked;

	sweep = "trailing";
	t_group_begin("%s %s trailing boundary", strategy, op->name);
	sweep_trailing(op, full ? SWEEP : 72);
	t_group_end();

	sweep = "leading";
	t_group_begin("%s %s leading boundary", strategy, op->name);
	sweep_leading(op, full ? SWEEP : 72, full ? 32 : 16);
	t_group_end();

	sweep = "misalign";
	t_group_begin("%s %s misalignment", strategy, op->name);
	sweep_misalign(op);
	t_group_end();

	sweep = "bands";
	t_group_begin("%s %s around the band limits", strategy, op->name);
	sweep_bands(op, full ? 72 : 16);
	t_group_end();

	sweep = "large";
	t_group_begin("%s %s large sizes across a hole", strategy, op->name);
	sweep_large(op);
	t_group_end();

	/*
	 * A read-only hole: writes fault there exactly as on a missing page;
	 * reads go through it. Offsets 0..16 cover every alignment.
	 */
	sweep = "read-only";
	t_group_begin("%s %s read-only page", strategy, op->name);
	arena_set_hole(a, PLAT_RO);
	sweep_trailing(op, 16);
	sweep_leading(op, 16, full ? 8 : 4);
	arena_set_hole(a, PLAT_NONE);
	t_group_end();
}

void test_bulk(void)
{
	bool same;

	page = plat_page_size();
	arena_init(&wr);
	arena_init(&rd);
	plat_user_begin();
	memset(wr.base, CANARY, (size_t)(wr.end - wr.base));
	fill_data(rd.base, (size_t)(rd.end - rd.base), 0);
	plat_user_end();
	arena_set_hole(&wr, PLAT_NONE);
	arena_set_hole(&rd, PLAT_NONE);

	kbuf_len = LARGE + 2 * GUARD + 8;
	ksrc = (unsigned char *)plat_alloc_kernel_pages(kbuf_len / page + 1) + GUARD;
	kdst = (unsigned char *)plat_alloc_kernel_pages(kbuf_len / page + 1) + GUARD;
	fill_data(ksrc - GUARD, kbuf_len, 77);
	memset(kdst - GUARD, CANARY, kbuf_len);

	strategy = uaccess_strategy_name();
	for (size_t o = 0; o < sizeof(ops) / sizeof(ops[0]); o++)
		run_sweeps(&ops[o]);
	for (size_t o = 0; o < sizeof(ops) / sizeof(ops[0]); o++)
		run_const_sizes(&ops[o]);

	t_group_begin("sources never written");
	t_case(is_data(ksrc - GUARD, kbuf_len, 77), "kernel source changed");
	plat_protect(rd.hole, 1, PLAT_RO);
	plat_user_begin();
	same = is_data(rd.base, (size_t)(rd.end - rd.base), 0);
	plat_user_end();
	t_case(same, "user source changed");
	plat_protect(rd.hole, 1, PLAT_NONE);
	t_group_end();
}
