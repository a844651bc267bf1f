// SPDX-License-Identifier: MIT
/*
 * The differential fuzzer: random calls of the whole API on random layouts
 * of a user arena (read-write, read-only and inaccessible pages, a user
 * end inside it), on random feature sets, each checked against the model
 * of tests/cases/fuzz_model.c: the return value, every value read, every byte of
 * the arena, of the kernel buffer around the call's operand and of the
 * kernel page before the hole. A difference prints the case, shrunk, as a
 * line that reruns it: uaccess-test fuzz-case:N,N,...
 *
 * In the suite, TEST_FUZZ_CASES cases (per platform: the Makefiles set it
 * for the fast ones) from a seed fixed by the feature set, each one case of
 * the closing count. The layout and feature set change every FUZZ_BATCH
 * cases: protecting pages and patching code cost more than a call.
 */
#include <stdio.h>
#include <string.h>
#include <uaccess.h>
#include "fuzz.h"
#include "harness.h"
#include "platform.h"
#include "suite.h"
#include "test_arch.h"

#ifndef TEST_FUZZ_CASES
#define TEST_FUZZ_CASES 3000	/* emulated platforms: a full-system QEMU */
#endif
#define FUZZ_BATCH 128
#define FUZZ_SUITE_SEED (0x5eedUL)
#define FUZZ_SHRINK_RUNS 400

static struct fuzz_mem M;
static struct fuzz_shadow S;
static bool ready;
/* What is applied now: the layout's numbers (valid once applied is set). */
static struct fuzz_case cur;
static bool applied;
static unsigned long fuzz_base_features;

static const char *const op_names[F_NR_OPS] = {
	"clear_user", "__clear_user", "copy_to_user", "__copy_to_user",
	"copy_from_user", "__copy_from_user", "copy_from_user_nozero",
	"get_user", "__get_user", "put_user", "__put_user",
	"strncpy_from_user", "strnlen_user", "check_zeroed_user",
	"copy_struct_from_user", "futex_cmpxchg", "futex_op",
	"user_access_begin",
	"masked_user_access_begin", "user_read_access_begin",
	"user_write_access_begin", "copy_from_kernel_nofault",
	"copy_to_kernel_nofault", "strncpy_from_kernel_nofault",
};

static void setup(void)
{
	unsigned char *after;
	size_t kpages, i;

	if (ready)
		return;
	M.page = plat_page_size();
	M.asize = FUZZ_PAGES * M.page;
	M.arena = plat_alloc_pages(FUZZ_PAGES);
	M.ksize = M.asize + 2 * FUZZ_KPAD + 16;
	kpages = (M.ksize + M.page - 1) / M.page;
	M.kbuf = plat_alloc_kernel_pages(kpages);
	M.hole = plat_kernel_hole(&after);
	S.u = plat_alloc_kernel_pages(FUZZ_PAGES);
	S.ualt = plat_alloc_kernel_pages(FUZZ_PAGES);
	S.k = plat_alloc_kernel_pages(kpages);
	S.kalt = plat_alloc_kernel_pages(kpages);
	S.h = plat_alloc_kernel_pages(1);
	S.halt = plat_alloc_kernel_pages(1);
	/* Arena and shadow start alike: zero (plat_alloc_pages()'s). */
	memset(M.kbuf, 0, M.ksize);
	memset(M.hole - M.page, 0, M.page);
	for (i = 0; i < M.asize; i++)
		S.u[i] = 0;
	ready = true;
}

unsigned long long fuzz_put_value(const struct fuzz_case *c, unsigned long i)
{
	unsigned long s = c->cseed * 2654435761UL + i + 1;
	unsigned long long hi = fuzz_next(&s);

	return hi << 32 ^ fuzz_next(&s);
}

/* Byte j of the bytes drawn for mode `mode` from seed s (state in *s). */
static unsigned char draw(unsigned long *s, unsigned long mode,
			  unsigned long j, unsigned long one)
{
	unsigned long r = fuzz_next(s);
	unsigned char b = (unsigned char)(r >> 8);

	switch (mode % 5) {
	case 0: return b;
	case 1: return (r & 7) ? (b ? b : 1) : 0;	/* strings of ~8 */
	case 2: return 0;
	case 3: return j == one ? (b ? b : 1) : 0;	/* one nonzero byte */
	default: return b ? b : 0x5a;			/* no NUL at all */
	}
}

/* Arena bytes [lo, hi) that are read-write, in memory and shadow. */
static void fill_user(unsigned long lo, unsigned long hi, unsigned long seed,
		      unsigned long mode, unsigned long one, bool all)
{
	unsigned long s = seed | 1;

	plat_user_begin();
	for (unsigned long i = lo; i < hi; i++) {
		unsigned char b = draw(&s, mode, i - lo, one);

		if (!all && fuzz_page_prot(&cur, i / M.page) != FUZZ_RW)
			continue;
		M.arena[i] = b;
		S.u[i] = b;
	}
	plat_user_end();
}

static void fill_kernel(unsigned char *p, unsigned char *sh, unsigned long n,
			unsigned long seed, unsigned long mode, unsigned long one)
{
	unsigned long s = seed | 1;

	for (unsigned long i = 0; i < n; i++)
		p[i] = sh[i] = draw(&s, mode, i, one);
}

/* Feature set, page protections and user end of c, where they differ. */
static void apply_layout(const struct fuzz_case *c)
{
	if (!applied || cur.features != c->features) {
		if (uaccess_init_features(c->features) && !test_init_status)
			plat_printf("# fuzz: features %#lx: %s\n", c->features,
				    uaccess_init_error());
		cur.features = c->features;
	}
	if (!applied || cur.prot != c->prot || cur.lseed != c->lseed) {
		plat_protect(M.arena, FUZZ_PAGES, PLAT_RW);
		cur.prot = c->prot;
		cur.lseed = c->lseed;
		fill_user(0, M.asize, c->lseed, c->lseed >> 3, 0, true);
		for (size_t i = 0; i < FUZZ_PAGES; i++)
			if (fuzz_page_prot(c, i) != FUZZ_RW)
				plat_protect(M.arena + i * M.page, 1,
					     fuzz_page_prot(c, i) == FUZZ_RO ?
					     PLAT_RO : PLAT_NONE);
	}
	if (!applied || cur.uend != c->uend) {
		cur.uend = c->uend;
		uaccess_set_user_range(M.start, c->uend ?
				       (unsigned long)M.arena + c->uend : M.end);
	}
	applied = true;
}

static unsigned long kop(const struct fuzz_case *c)
{
	return FUZZ_KPAD + c->koff;
}

/* The bytes the call finds: around the user operand, in the kernel buffer. */
static void fill_case(const struct fuzz_case *c)
{
	unsigned long span = c->op == F_COPY_STRUCT && c->n2 > c->n ? c->n2 : c->n;
	unsigned long lo = c->off > 64 ? c->off - 64 : 0;
	unsigned long hi = c->off + span + 64, kn;

	if (c->op >= F_KFROM) {
		fill_kernel(M.hole - M.page, S.h, M.page, c->cseed, c->cmode,
			    M.page - c->off + (c->cseed >> 5) % (c->n + 1));
		lo = hi = 0;
	}
	if (hi > M.asize)
		hi = M.asize;
	fill_user(lo, hi, c->cseed, c->cmode, c->off - lo + c->n2, false);
	kn = kop(c) + span + 64;
	if (kn > M.ksize)
		kn = M.ksize;
	fill_kernel(M.kbuf, S.k, kn, ~c->cseed, c->op >= F_KFROM ? 0 : c->cmode,
		    kop(c) + (c->cseed >> 7) % (span + 1));
}

/* Masked objects: one struct type per size the generator draws. */
#define OBJ(n) struct obj##n { unsigned char b[n]; }
OBJ(8); OBJ(16); OBJ(32); OBJ(64);

/* A block, not do-while: its break leaves the switch of sizes. */
#define WIN_GET(T, p) {							\
	T __v;								\
	unsafe_get_user(__v, (T __user *)(p), fault_##T);		\
	vals[(*nvals)++] = __v;						\
	break;								\
fault_##T:								\
	vals[(*nvals)++] = __v;						\
	goto fault;							\
}

#define WIN_PUT(T, v, p) unsafe_put_user((T)(v), (T __user *)(p), fault)

/* Close the window run_window() opened, with the _end of its kind. */
static void win_end(int op)
{
	if (op == F_WIN_READ)
		user_read_access_end();
	else if (op == F_WIN_WRITE)
		user_write_access_end();
	else
		user_access_end();
}

/* The window accesses of c at u (returned pointer for masked). */
static long run_window(const struct fuzz_case *c, unsigned long long *vals,
		       unsigned long *nvals)
{
	unsigned char *u = M.arena + c->off, *q = u;
	unsigned char *kp = M.kbuf + kop(c);
	unsigned long i = 0;

	switch (c->op) {
	case F_WIN:
		if (!user_access_begin(UPTR(u), c->n))
			return -1;
		break;
	case F_WIN_READ:
		if (!user_read_access_begin(UPTR(u), c->n))
			return -1;
		break;
	case F_WIN_WRITE:
		if (!user_write_access_begin(UPTR(u), c->n))
			return -1;
		break;
	default:
		switch (c->n2) {
		case 8: q = (__force unsigned char *)masked_user_access_begin((struct obj8 __user *)u); break;
		case 16: q = (__force unsigned char *)masked_user_access_begin((struct obj16 __user *)u); break;
		case 32: q = (__force unsigned char *)masked_user_access_begin((struct obj32 __user *)u); break;
		default: q = (__force unsigned char *)masked_user_access_begin((struct obj64 __user *)u); break;
		}
		break;
	}
	for (i = 0; i < c->nops; i++) {
		const struct fuzz_win_op *w = &c->w[i];
		unsigned char *p = q + w->off;
		unsigned long long v = fuzz_put_value(c, i);

		if (w->kind == W_GET) {
			switch (w->n) {
			case 1: WIN_GET(uint8_t, p);
			case 2: WIN_GET(uint16_t, p);
			case 4: WIN_GET(uint32_t, p);
			default: WIN_GET(uint64_t, p);
			}
		} else if (w->kind == W_PUT) {
			switch (w->n) {
			case 1: WIN_PUT(uint8_t, v, p); break;
			case 2: WIN_PUT(uint16_t, v, p); break;
			case 4: WIN_PUT(uint32_t, v, p); break;
			default: WIN_PUT(uint64_t, v, p); break;
			}
		} else {
			unsafe_copy_to_user(UPTR(p), kp, w->n, fault);
		}
	}
	win_end(c->op);
	return (long)c->nops;
fault:
	win_end(c->op);
	return (long)i;
}

#define SCALAR_CASES(CALL)						\
	switch (c->n) {							\
	case 1: { uint8_t x = 0x5a; r = CALL(uint8_t); break; }	\
	case 2: { uint16_t x = 0x5a5a; r = CALL(uint16_t); break; }	\
	case 4: { uint32_t x = 0x5a5a5a5a; r = CALL(uint32_t); break; } \
	default: { uint64_t x = 0x5a5a5a5a5a5a5a5aULL; r = CALL(uint64_t); break; } \
	}

/* Bulk calls of the sizes the inline code takes whole, with constant n. */
#define CONST_N(CALL)							\
	(c->n == 1 ? CALL(1) : c->n == 2 ? CALL(2) : c->n == 4 ? CALL(4) : \
	 c->n == 8 ? CALL(8) : CALL(c->n))

/* What the futex compare-exchange compares with: set before the model runs. */
static unsigned int futex_oldval;

static long run_op(const struct fuzz_case *c, unsigned long long *vals,
		   unsigned long *nvals)
{
	unsigned char *u = M.arena + c->off, *k = M.kbuf + kop(c);
	unsigned char *h = M.hole - c->off;
	unsigned long long pv = fuzz_put_value(c, 0);
	long r = 0;

	*nvals = 0;
	switch (c->op) {
#define C(n) (long)clear_user(UPTR(u), n)
	case F_CLEAR: return CONST_N(C);
#undef C
#define C(n) (long)__clear_user(UPTR(u), n)
	case F___CLEAR: return CONST_N(C);
#undef C
#define C(n) (long)copy_to_user(UPTR(u), k, n)
	case F_COPY_TO: return CONST_N(C);
#undef C
#define C(n) (long)__copy_to_user(UPTR(u), k, n)
	case F___COPY_TO: return CONST_N(C);
#undef C
#define C(n) (long)copy_from_user(k, UPTR(u), n)
	case F_COPY_FROM: return CONST_N(C);
#undef C
#define C(n) (long)__copy_from_user(k, UPTR(u), n)
	case F___COPY_FROM: return CONST_N(C);
#undef C
#define C(n) (long)copy_from_user_nozero(k, UPTR(u), n)
	case F_COPY_FROM_NOZERO: return CONST_N(C);
#undef C
	case F_GET:
		*nvals = 1;
#define CALL(T) (r = get_user(x, (T __user *)u), vals[0] = x, r)
		SCALAR_CASES(CALL)
#undef CALL
		(void)pv;
		return r;
	case F___GET:
		*nvals = 1;
#define CALL(T) (r = __get_user(x, (T __user *)u), vals[0] = x, r)
		SCALAR_CASES(CALL)
#undef CALL
		return r;
	case F_PUT:
#define CALL(T) (x = (T)pv, put_user(x, (T __user *)u))
		SCALAR_CASES(CALL)
#undef CALL
		return r;
	case F___PUT:
#define CALL(T) (x = (T)pv, __put_user(x, (T __user *)u))
		SCALAR_CASES(CALL)
#undef CALL
		return r;
	case F_STRNCPY:
		return strncpy_from_user((char *)k, UPTR(u), (long)c->n);
	case F_STRNLEN:
		return strnlen_user(UPTR(u), (long)c->n);
	case F_CHECK_ZEROED:
		return check_zeroed_user(UPTR(u), c->n);
	case F_COPY_STRUCT:
		return copy_struct_from_user(k, c->n2, UPTR(u), c->n);
	case F_FUTEX_CMPXCHG: case F_FUTEX_OP: {
		unsigned int w = FUZZ_FUTEX_UNSET;

		if (c->op == F_FUTEX_CMPXCHG)
			r = uaccess_futex_cmpxchg(&w, (unsigned int __user *)u,
						  futex_oldval, (unsigned int)pv);
		else
			r = uaccess_futex_op((int)(c->n2 % 8), (unsigned int)pv,
					     &w, (unsigned int __user *)u);
		*nvals = 1;
		vals[0] = w;
		return r;
	}
	case F_WIN: case F_WIN_MASKED: case F_WIN_READ: case F_WIN_WRITE:
		return run_window(c, vals, nvals);
	case F_KFROM:
		return copy_from_kernel_nofault(k, h, c->n);
	case F_KTO:
		return copy_to_kernel_nofault(h, k, c->n);
	default:
		return strncpy_from_kernel_nofault((char *)k, h, (long)c->n);
	}
}

/*
 * Compare memory p[0, n) with the expectation (sh exact, alt in
 * [alo, ahi)), then take what memory holds into the shadow. skip_none:
 * the arena, whose inaccessible pages are not read.
 */
static bool compare_mem(const char *what, const unsigned char *p,
			unsigned char *sh, const unsigned char *alt,
			unsigned long n, unsigned long alo, unsigned long ahi,
			bool arena, char *why, size_t len, bool ok)
{
	for (unsigned long lo = 0; lo < n; lo += M.page) {
		unsigned long hi = lo + M.page < n ? lo + M.page : n;

		if (arena && fuzz_page_prot(&cur, lo / M.page) == FUZZ_NONE)
			continue;
		/* Pages the call may not touch: equal as a whole, mostly. */
		if ((hi <= alo || lo >= ahi) && !memcmp(p + lo, sh + lo, hi - lo))
			continue;
		for (unsigned long i = lo; i < hi; i++) {
			unsigned char a = p[i];

			if (a != sh[i] && !(i >= alo && i < ahi && a == alt[i])) {
				if (ok)
					snprintf(why, len, "%s byte %lu is %#x, want %#x%s",
						 what, i, a, sh[i],
						 i >= alo && i < ahi && alt[i] != sh[i] ?
						 " or as before" : "");
				ok = false;
			}
			sh[i] = a;
		}
	}
	return ok;
}

/* Run c once against the model: true if all agrees, else why says what. */
static bool run_case(const struct fuzz_case *c, char *why, size_t len)
{
	struct fuzz_expect e;
	unsigned long long vals[FUZZ_WIN_OPS];
	unsigned long nvals;
	long r;
	bool ok = true;

	apply_layout(c);
	fill_case(c);
	futex_oldval = fuzz_futex_oldval(c, &M, S.u);
	fuzz_model(c, &M, &S, &e);
	r = run_op(c, vals, &nvals);
	if (c->op == F_STRNLEN && e.ret > (long)c->n ? r <= (long)c->n : r != e.ret) {
		snprintf(why, len, "returned %ld, want %ld%s", r, e.ret,
			 c->op == F_STRNLEN && e.ret > (long)c->n ? " (any > n)" : "");
		ok = false;
	}
	for (unsigned long i = 0; ok && i < e.nvals; i++)
		if (i >= nvals || vals[i] != e.vals[i]) {
			snprintf(why, len, "value read %lu is %#lx%08lx, want %#lx%08lx",
				 i, (unsigned long)(vals[i] >> 32),
				 (unsigned long)vals[i],
				 (unsigned long)(e.vals[i] >> 32),
				 (unsigned long)e.vals[i]);
			ok = false;
		}
	plat_user_begin();
	ok = compare_mem("user", M.arena, S.u, S.ualt, M.asize, e.u_alo,
			 e.u_ahi, true, why, len, ok);
	plat_user_end();
	ok = compare_mem("kernel buffer", M.kbuf, S.k, S.kalt, M.ksize,
			 e.k_alo, e.k_ahi, false, why, len, ok);
	if (c->op >= F_KFROM)
		ok = compare_mem("kernel page before the hole", M.hole - M.page,
				 S.h, S.halt, M.page, e.h_alo, e.h_ahi, false,
				 why, len, ok);
	return ok;
}

/* ---- Generation ---- */

static unsigned long rnd(unsigned long *s, unsigned long m)
{
	return m ? fuzz_next(s) % m : 0;
}

static unsigned long pick_size(unsigned long *s)
{
	static const unsigned long lim[] = { 64, 128, 640,
		TEST_ARCH_CLEAR_LIMITS, TEST_ARCH_COPY_LIMITS };
	unsigned long page = M.page;

	switch (rnd(s, 10)) {
	case 0: return 0;
	case 1: case 2: return 1 + rnd(s, 16);
	case 3: case 4: {
		unsigned long l = lim[rnd(s, sizeof(lim) / sizeof(lim[0]))];
		return l - 3 + rnd(s, 7);
	}
	case 5: return page - 2 + rnd(s, 5);
	case 6: return 17 + rnd(s, 240);
	case 7: return rnd(s, 2 * page);
	case 8: return rnd(s, M.asize + 1);
	default: return 1 + rnd(s, 64);
	}
}

/* An offset for n bytes: random, or its start or end near an edge. */
static unsigned long pick_off(unsigned long *s, const struct fuzz_case *c,
			      unsigned long n)
{
	long page = (long)M.page, off, edge;

	if (rnd(s, 4) == 0)
		edge = c->uend ? (long)c->uend : page * (long)(1 + rnd(s, FUZZ_PAGES - 1));
	else
		edge = page * (long)(1 + rnd(s, FUZZ_PAGES - 1));
	switch (rnd(s, 4)) {
	case 0: off = (long)rnd(s, M.asize); break;
	case 1: off = edge - (long)n + (long)rnd(s, 7) - 3; break;
	case 2: off = edge + (long)rnd(s, 33) - 16; break;
	default: off = edge - (long)rnd(s, 9); break;
	}
	if (off < 0)
		off = 0;
	if ((unsigned long)off + n > M.asize)
		off = (long)(M.asize - n);
	return (unsigned long)off;
}

static void gen_layout(struct fuzz_case *c, unsigned long seed)
{
	unsigned long s = seed * 2246822519UL + 1;

	c->features = fuzz_base_features |
		      (fuzz_next(&s) & TEST_ARCH_FUZZ_FEATURES);
	c->prot = 0;
	for (unsigned long i = 0; i < FUZZ_PAGES; i++) {
		unsigned long r = rnd(&s, 10), p = r < 6 ? FUZZ_RW :
						   r < 8 ? FUZZ_RO : FUZZ_NONE;

		c->prot |= p << (2 * i);
	}
	c->uend = 0;
	switch (rnd(&s, 4)) {
	case 0: c->uend = M.page * (1 + rnd(&s, FUZZ_PAGES)); break;
	case 1: c->uend = 1 + rnd(&s, M.asize); break;
	}
	c->lseed = fuzz_next(&s);
}

/* Make c's numbers consistent: everything inside the arena and buffers. */
static void fuzz_fix(struct fuzz_case *c)
{
	unsigned long a = M.asize;

	c->op %= F_NR_OPS;
	c->koff %= 16;
	for (size_t i = 0; i < FUZZ_PAGES; i++)	/* 3 is no protection: rw */
		if (fuzz_page_prot(c, i) == 3)
			c->prot &= ~(3UL << (2 * i));
	c->prot &= (1UL << (2 * FUZZ_PAGES)) - 1;
	c->cmode %= 5;
	c->uend = c->uend > a ? a : c->uend;
	if (c->op == F_GET || c->op == F___GET || c->op == F_PUT || c->op == F___PUT) {
		c->n = 1UL << (c->n % 4);
	} else if (c->op >= F_KFROM) {
		c->off %= M.page + 1;
		if (c->n > c->off + 64)
			c->n = c->off + 64;
	} else if (c->op == F_WIN_MASKED) {
		c->n2 = 8UL << (c->n2 % 4);
		c->n = c->n2;
	} else if (c->op == F_FUTEX_CMPXCHG || c->op == F_FUTEX_OP) {
		c->n = 4;
		c->n2 %= 8;
	}
	if (c->op < F_KFROM) {
		if (c->n > a)
			c->n = a;
		if (c->op == F_COPY_STRUCT && c->n2 > a)
			c->n2 = a;
		if (c->off > a - c->n)
			c->off = a - c->n;
		/*
		 * The object of a masked window stays inside the arena
		 * (an architecture that masks only the first byte passes one
		 * that runs past the user end through).
		 */
	}
	if (c->op < F_WIN || c->op > F_WIN_WRITE) {
		c->nops = 0;
		return;
	}
	if (c->nops > FUZZ_WIN_OPS)
		c->nops = FUZZ_WIN_OPS;
	for (unsigned long i = 0; i < c->nops; i++) {
		struct fuzz_win_op *w = &c->w[i];

		w->kind %= 3;
		if (c->op == F_WIN_READ)
			w->kind = W_GET;
		else if (c->op == F_WIN_WRITE && w->kind == W_GET)
			w->kind = W_PUT;
		if (w->kind != W_COPY)
			w->n = 1UL << (w->n % 4);
		if (w->n > c->n)
			w->n = c->n;	/* a copy that fits; scalars drop out */
		if (w->kind != W_COPY && w->n != 1 && w->n != 2 &&
		    w->n != 4 && w->n != 8)
			w->n = 1;
		if (w->n > c->n) {
			c->nops = i;
			break;
		}
		w->off %= c->n - w->n + 1;
	}
}

static void gen_case(struct fuzz_case *c, unsigned long seed)
{
	unsigned long s = seed * 2654435761UL + 7;

	c->op = rnd(&s, F_NR_OPS);
	c->n = pick_size(&s);
	c->n2 = pick_size(&s);
	if (c->op == F_GET || c->op == F___GET || c->op == F_PUT || c->op == F___PUT)
		c->n = 1UL << rnd(&s, 4);
	if (c->op >= F_WIN && c->op <= F_WIN_WRITE && c->n == 0)
		c->n = 1 + rnd(&s, 64);
	if (c->op == F_WIN_MASKED) {
		c->n2 = 8UL << rnd(&s, 4);
		c->n = c->n2;
	}
	if (c->op == F_FUTEX_CMPXCHG || c->op == F_FUTEX_OP)
		c->n = 4;
	c->off = pick_off(&s, c, c->n);
	/* Futex words: mostly aligned, as the calls need them. */
	if ((c->op == F_FUTEX_CMPXCHG || c->op == F_FUTEX_OP) && rnd(&s, 4))
		c->off &= ~3UL;
	if (c->op >= F_KFROM)
		c->off = rnd(&s, 3) ? rnd(&s, 72) : rnd(&s, M.page + 1);
	c->koff = rnd(&s, 16);
	c->cseed = fuzz_next(&s);
	c->cmode = c->op >= F_STRNCPY ? rnd(&s, 5) : 0;
	c->nops = 1 + rnd(&s, FUZZ_WIN_OPS);
	for (unsigned long i = 0; i < FUZZ_WIN_OPS; i++) {
		c->w[i].kind = rnd(&s, 3);
		c->w[i].n = c->w[i].kind == W_COPY ? pick_size(&s) % 80 : rnd(&s, 4);
		c->w[i].off = rnd(&s, 2) ? fuzz_next(&s) : c->n - 1 - rnd(&s, 8);
	}
	fuzz_fix(c);
	/* A refused masked pointer must fault: not where the NULL page is mapped. */
	if (c->op == F_WIN_MASKED && !plat_masked_addr_faults())
		c->op = F_WIN;
}

/* ---- Reproduction and shrinking ---- */

static void print_case(const struct fuzz_case *c, const char *why)
{
	char line[400];
	int len;

	plat_printf("#   %s at arena+%#lx n=%lu n2=%lu kernel+%lu, feature set %#lx, "
		    "user end %s%#lx, bytes mode %lu: %s\n",
		    op_names[c->op % F_NR_OPS], c->off, c->n, c->n2, c->koff,
		    c->features, c->uend ? "arena+" : "(platform's) ",
		    c->uend ? c->uend : M.end, c->cmode, why);
	len = snprintf(line, sizeof(line), "#   pages:");
	for (size_t i = 0; i < FUZZ_PAGES; i++)
		len += snprintf(line + len, sizeof(line) - (size_t)len, " %s",
				fuzz_page_prot(c, i) == FUZZ_RW ? "rw" :
				fuzz_page_prot(c, i) == FUZZ_RO ? "ro" : "--");
	for (unsigned long i = 0; i < c->nops; i++)
		len += snprintf(line + len, sizeof(line) - (size_t)len,
				"%s %s%lu@+%lu", i ? "," : "; window:",
				c->w[i].kind == W_GET ? "get" :
				c->w[i].kind == W_PUT ? "put" : "copy",
				c->w[i].n, c->w[i].off);
	plat_printf("%s\n", line);
	len = snprintf(line, sizeof(line), "#   rerun: uaccess-test fuzz-case:%lx,%lx,%lx,%lx,%lx,%lx,%lx,%lx,%lx,%lx,%lx,%lx",
		       c->features, c->prot, c->uend, c->lseed, c->op, c->off,
		       c->n, c->n2, c->koff, c->cseed, c->cmode, c->nops);
	for (unsigned long i = 0; i < c->nops; i++)
		len += snprintf(line + len, sizeof(line) - (size_t)len,
				",%lx,%lx,%lx", c->w[i].kind, c->w[i].n, c->w[i].off);
	plat_printf("%s\n", line);
}

/* Try t: keep it in *c if it still fails. */
static bool try_shrink(struct fuzz_case *c, struct fuzz_case t, unsigned *runs)
{
	char why[200];

	fuzz_fix(&t);
	if (!memcmp(&t, c, sizeof(t)) || *runs >= FUZZ_SHRINK_RUNS)
		return false;
	++*runs;
	if (run_case(&t, why, sizeof(why)))
		return false;
	*c = t;
	return true;
}

/* Smaller sizes and offsets, fewer holes and accesses, simpler bytes. */
static void shrink(struct fuzz_case *c)
{
	unsigned runs = 0;
	bool more = true;

	while (more && runs < FUZZ_SHRINK_RUNS) {
		struct fuzz_case t;

		more = false;
		t = *c; t.uend = 0; more |= try_shrink(c, t, &runs);
		for (size_t i = 0; i < FUZZ_PAGES; i++)
			if (fuzz_page_prot(c, i) != FUZZ_RW) {
				t = *c;
				t.prot &= ~(3UL << (2 * i));
				more |= try_shrink(c, t, &runs);
			}
		for (unsigned long b = 1; b; b <<= 1)
			if ((c->features & b) && (b & TEST_ARCH_FUZZ_FEATURES)) {
				t = *c; t.features &= ~b; more |= try_shrink(c, t, &runs);
			}
		t = *c; t.nops = c->nops ? c->nops - 1 : 0; more |= try_shrink(c, t, &runs);
		t = *c; t.n /= 2; more |= try_shrink(c, t, &runs);
		t = *c; t.n = c->n ? c->n - 1 : 0; more |= try_shrink(c, t, &runs);
		t = *c; t.n2 /= 2; more |= try_shrink(c, t, &runs);
		t = *c; t.n2 = c->n2 ? c->n2 - 1 : 0; more |= try_shrink(c, t, &runs);
		/* Move the operand towards the start, keeping its end's page. */
		t = *c; t.off = c->off ? c->off - 1 : 0; t.n = c->n + 1; more |= try_shrink(c, t, &runs);
		t = *c; t.off = c->off ? c->off - 1 : 0; more |= try_shrink(c, t, &runs);
		t = *c; t.koff = 0; more |= try_shrink(c, t, &runs);
		t = *c; t.cmode = 2; more |= try_shrink(c, t, &runs);
		for (unsigned long i = 0; i < c->nops; i++) {
			t = *c; t.w[i].off /= 2; more |= try_shrink(c, t, &runs);
			t = *c; t.w[i].n /= 2; more |= try_shrink(c, t, &runs);
		}
	}
}

/* A difference: shrink it, print it with its reproduction. */
static void report(unsigned long seed, unsigned long i,
		   const struct fuzz_case *c0, const char *why)
{
	struct fuzz_case c = *c0;
	char why2[200];

	plat_printf("# fuzz difference in case %lu of the run (case seed %#lx):\n",
		    i, seed);
	print_case(&c, why);
	shrink(&c);
	if (!run_case(&c, why2, sizeof(why2))) {
		plat_printf("# shrunk to:\n");
		print_case(&c, why2);
	}
}

/* ---- Entry points ---- */

static void begin(void)
{
	setup();
	fuzz_base_features = test_features & ~(unsigned long)TEST_ARCH_FUZZ_FEATURES;
	M.start = uaccess_user_start;
	M.end = uaccess_user_end;
	applied = false;
}

static void end(void)
{
	uaccess_set_user_range(M.start, M.end);
	plat_protect(M.arena, FUZZ_PAGES, PLAT_RW);
	if (uaccess_init_features(test_features) != test_init_status)
		plat_printf("# fuzz: re-init with %#lx changed its result\n",
			    test_features);
	applied = false;
}

/* Cases [first, first + n) of the run seeded by seed; returns differences. */
static unsigned long run_cases(unsigned long seed, unsigned long n, bool count)
{
	struct fuzz_case c;
	unsigned long diffs = 0, layout_seed = 0;
	char why[200];

	memset(&c, 0, sizeof(c));
	for (unsigned long i = 0; i < n; i++) {
		unsigned long cs = seed ^ (i * 0x9e3779b9UL);
		bool ok;

		if (i % FUZZ_BATCH == 0)
			layout_seed = seed + i / FUZZ_BATCH * 0x85ebca6bUL;
		gen_layout(&c, layout_seed);
		gen_case(&c, cs);
		ok = run_case(&c, why, sizeof(why));
		if (count)
			t_case(ok, "fuzz case %lu of seed %#lx: %s %s", i, seed,
			       op_names[c.op], ok ? "" : why);
		if (!ok && diffs++ < 3)
			report(cs, i, &c, why);
	}
	return diffs;
}

void test_fuzz(void)
{
	unsigned long seed = FUZZ_SUITE_SEED ^ test_features, d;

	begin();
	t_group_begin("fuzz: %lu random calls against the model, seed %#lx",
		      (unsigned long)TEST_FUZZ_CASES, seed);
	d = run_cases(seed, TEST_FUZZ_CASES, true);
	t_group_end();
	plat_printf("# %lu fuzz cases, %lu differences\n",
		    (unsigned long)TEST_FUZZ_CASES, d);
	end();
}

static const char *parse_hex(const char *p, unsigned long *v)
{
	*v = 0;
	for (;; p++) {
		unsigned d;

		if (*p >= '0' && *p <= '9')
			d = (unsigned)(*p - '0');
		else if (*p >= 'a' && *p <= 'f')
			d = (unsigned)(*p - 'a' + 10);
		else
			break;
		*v = *v << 4 | d;
	}
	return *p ? p + 1 : p;
}

void fuzz_decode(struct fuzz_case *c, const unsigned char *data, size_t n)
{
	unsigned long v[12 + 3 * FUZZ_WIN_OPS] = { 0 };
	size_t i = 0;

	setup();
	/* Each field from up to 4 bytes, little end first; short input: 0. */
	for (size_t f = 0; f < sizeof(v) / sizeof(v[0]); f++)
		for (unsigned b = 0; b < 4 && i < n; b++)
			v[f] |= (unsigned long)data[i++] << (8 * b);
	c->features = fuzz_base_features | (v[0] & TEST_ARCH_FUZZ_FEATURES);
	c->prot = v[1];
	c->uend = v[2] % (M.asize + 1);
	c->lseed = v[3] & 0xff;
	c->op = v[4];
	c->off = v[5] % (M.asize + 1);
	c->n = v[6] % (M.asize + 1);
	c->n2 = v[7] % (M.asize + 1);
	c->koff = v[8];
	c->cseed = v[9];
	c->cmode = v[10];
	c->nops = v[11] % (FUZZ_WIN_OPS + 1);
	for (unsigned long j = 0; j < FUZZ_WIN_OPS; j++) {
		c->w[j].kind = v[12 + 3 * j];
		c->w[j].n = v[13 + 3 * j] % 80;
		c->w[j].off = v[14 + 3 * j];
	}
	fuzz_fix(c);
	if (c->op == F_WIN_MASKED && !plat_masked_addr_faults())
		c->op = F_WIN;
}

int fuzz_check(const struct fuzz_case *c)
{
	char why[200];

	if (run_case(c, why, sizeof(why)))
		return 0;
	report(c->cseed, 0, c, why);
	return 1;
}

int fuzz_main(const char *arg)
{
	unsigned long seed = 0, n = 0, d;
	const char *p;

	begin();
	if (!strncmp(arg, "fuzz-guided", 11))
		return 0;
	if (!strncmp(arg, "fuzz-case:", 10)) {
		unsigned long v[12 + 3 * FUZZ_WIN_OPS] = { 0 };
		struct fuzz_case c;
		char why[200];
		bool ok;

		p = arg + 10;
		for (size_t f = 0; f < sizeof(v) / sizeof(v[0]) && *p; f++)
			p = parse_hex(p, &v[f]);
		memcpy(&c, v, sizeof(c) < sizeof(v) ? sizeof(c) : sizeof(v));
		fuzz_fix(&c);
		ok = run_case(&c, why, sizeof(why));
		print_case(&c, ok ? "as the model says" : why);
		end();
		return ok ? 0 : 1;
	}
	if (!strncmp(arg, "fuzz-run:", 9)) {
		p = parse_hex(arg + 9, &seed);
		parse_hex(p, &n);
	}
	d = run_cases(seed, n, false);
	plat_printf("# fuzz seed %#lx: %lu cases, %lu differences\n", seed, n, d);
	end();
	return d ? 1 : 0;
}
