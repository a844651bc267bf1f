// SPDX-License-Identifier: MIT
/*
 * The fuzzer's reference model: the contracts of <uaccess.h> byte by byte,
 * over a shadow of the memory (which arena bytes are readable and
 * writable, what every byte holds), written from the contract alone. For
 * each case it leaves in the shadows what memory must hold after the call,
 * and in the alt arrays the other value a byte may hold where the
 * contract lets a call write it or not (bytes before the fault of a
 * put_user, a window copy or a kernel probe). It never calls the library.
 */
#include <string.h>
#include "fuzz.h"
#include "test_arch.h"

/* The error values and the masking rule are the contract's, not code. */
#define EFAULT_RET (-(long)UACCESS_EFAULT)
#define E2BIG_RET (-(long)UACCESS_E2BIG)
#define FUZZ_MASK_WHOLE TEST_ARCH_MASK_WHOLE_OBJECT

struct ctx {
	const struct fuzz_case *c;
	const struct fuzz_mem *m;
	struct fuzz_shadow *s;
	struct fuzz_expect *e;
	unsigned long ustart, uend;	/* user range as addresses */
};

static unsigned prot_at(const struct ctx *x, unsigned long i)
{
	return fuzz_page_prot(x->c, i / x->m->page);
}

static bool readable(const struct ctx *x, unsigned long i)
{
	return i < x->m->asize && prot_at(x, i) != FUZZ_NONE;
}

static bool writable(const struct ctx *x, unsigned long i)
{
	return i < x->m->asize && prot_at(x, i) == FUZZ_RW;
}

/* access_ok() of arena offset off, n bytes. */
static bool in_range(const struct ctx *x, unsigned long off, unsigned long n)
{
	unsigned long a = (unsigned long)x->m->arena + off;

	if (a < x->ustart || a > x->uend)
		return false;
	return n <= x->uend - a;
}

/*
 * First offset in [off, off + n) not readable (or writable), as a count;
 * n if none. A page at a time: protections change only at page edges.
 */
static unsigned long first_bad(const struct ctx *x, unsigned long off,
			       unsigned long n, bool write)
{
	unsigned long k = 0, page = x->m->page;

	while (k < n) {
		unsigned long i = off + k, step = page - i % page;

		if (write ? !writable(x, i) : !readable(x, i))
			return k;
		k += step;
	}
	return n;
}

static void widen(unsigned long *lo, unsigned long *hi, unsigned long a,
		  unsigned long b)
{
	if (a >= b)
		return;
	if (*lo >= *hi) {
		*lo = a;
		*hi = b;
		return;
	}
	if (a < *lo)
		*lo = a;
	if (b > *hi)
		*hi = b;
}

/* User byte i becomes v, or may stay as it was (maybe). */
static void uset(struct ctx *x, unsigned long i, unsigned char v, bool maybe)
{
	widen(&x->e->u_alo, &x->e->u_ahi, i, i + 1);
	x->s->ualt[i] = maybe ? x->s->u[i] : v;
	x->s->u[i] = v;
}

static void kset(struct ctx *x, unsigned long i, unsigned char v, bool maybe)
{
	widen(&x->e->k_alo, &x->e->k_ahi, i, i + 1);
	x->s->kalt[i] = maybe ? x->s->k[i] : v;
	x->s->k[i] = v;
}

static void hset(struct ctx *x, unsigned long i, unsigned char v, bool maybe)
{
	widen(&x->e->h_alo, &x->e->h_ahi, i, i + 1);
	x->s->halt[i] = maybe ? x->s->h[i] : v;
	x->s->h[i] = v;
}

static unsigned long kop(const struct ctx *x)
{
	return FUZZ_KPAD + x->c->koff;
}

/* A scalar's bytes as memory holds them (the CPU's byte order). */
union scalar_bytes {
	unsigned char b[8];
	uint8_t u8;
	uint16_t u16;
	uint32_t u32;
	uint64_t u64;
};

/* A scalar as memory holds it, from the shadow. */
static unsigned long long load_scalar(const unsigned char *p, unsigned long n)
{
	union scalar_bytes v = { { 0 } };

	memcpy(v.b, p, n);
	switch (n) {
	case 1: return v.u8;
	case 2: return v.u16;
	case 4: return v.u32;
	default: return v.u64;
	}
}

static void store_scalar(unsigned char *b, unsigned long long val,
			 unsigned long n)
{
	union scalar_bytes v;

	switch (n) {
	case 1: v.u8 = (uint8_t)val; break;
	case 2: v.u16 = (uint16_t)val; break;
	case 4: v.u32 = (uint32_t)val; break;
	default: v.u64 = val; break;
	}
	memcpy(b, v.b, n);
}

/* Contracts 1-4 and 8: the bulk calls. */
static void bulk(struct ctx *x)
{
	const struct fuzz_case *c = x->c;
	unsigned long n = c->n, k;
	bool checked = c->op == F_CLEAR || c->op == F_COPY_TO ||
		       c->op == F_COPY_FROM || c->op == F_COPY_FROM_NOZERO;
	bool to_user = c->op == F_CLEAR || c->op == F___CLEAR ||
		       c->op == F_COPY_TO || c->op == F___COPY_TO;

	if (checked && !in_range(x, c->off, n)) {
		x->e->ret = (long)n;
		if (c->op == F_COPY_FROM)
			for (unsigned long i = 0; i < n; i++)
				kset(x, kop(x) + i, 0, false);
		return;
	}
	k = first_bad(x, c->off, n, to_user);
	x->e->ret = (long)(n - k);
	for (unsigned long i = 0; i < k; i++) {
		if (c->op == F_CLEAR || c->op == F___CLEAR)
			uset(x, c->off + i, 0, false);
		else if (to_user)
			uset(x, c->off + i, x->s->k[kop(x) + i], false);
		else
			kset(x, kop(x) + i, x->s->u[c->off + i], false);
	}
	if (c->op == F_COPY_FROM)
		for (unsigned long i = k; i < n; i++)
			kset(x, kop(x) + i, 0, false);
}

/* get_user / put_user and the __ forms: the value goes through vals[0]. */
static void scalar(struct ctx *x)
{
	const struct fuzz_case *c = x->c;
	unsigned long n = c->n;
	bool put = c->op == F_PUT || c->op == F___PUT;
	bool checked = c->op == F_PUT || c->op == F_GET;
	unsigned char b[8];
	unsigned long k;

	x->e->nvals = put ? 0 : 1;
	x->e->vals[0] = 0;
	x->e->ret = EFAULT_RET;
	if (checked && !in_range(x, c->off, n))
		return;
	k = first_bad(x, c->off, n, put);
	if (!put) {
		if (k == n) {
			x->e->vals[0] = load_scalar(x->s->u + c->off, n);
			x->e->ret = 0;
		}
		return;
	}
	store_scalar(b, fuzz_put_value(c, 0), n);
	for (unsigned long i = 0; i < k; i++)
		uset(x, c->off + i, b[i], k < n);
	if (k == n)
		x->e->ret = 0;
}

unsigned int fuzz_futex_oldval(const struct fuzz_case *c,
			       const struct fuzz_mem *m, const unsigned char *u)
{
	if ((c->n2 & 1) && c->off + 4 <= m->asize)
		return (unsigned int)load_scalar(u + c->off, 4);
	return (unsigned int)fuzz_put_value(c, 1);
}

/*
 * The futex calls: an unknown op, then a misaligned word, then the range
 * check refuse with nothing touched; an aligned word lies in one page,
 * which must be readable and writable (read-only fails whatever the
 * comparison), else -EFAULT and nothing written. The value read comes
 * back through vals[0], or FUZZ_FUTEX_UNSET where it must not be written.
 */
static void futex(struct ctx *x)
{
	const struct fuzz_case *c = x->c;
	unsigned long a = (unsigned long)x->m->arena + c->off;
	unsigned int w, arg = (unsigned int)fuzz_put_value(c, 0), next;
	int op = (int)(c->n2 % 8);
	unsigned char b[4];

	x->e->nvals = 1;
	x->e->vals[0] = FUZZ_FUTEX_UNSET;
	if (c->op == F_FUTEX_OP && op > UACCESS_FUTEX_OP_XOR) {
		x->e->ret = -UACCESS_ENOSYS;
		return;
	}
	if (a & 3) {
		x->e->ret = -UACCESS_EINVAL;
		return;
	}
	x->e->ret = EFAULT_RET;
	if (!in_range(x, c->off, 4) || first_bad(x, c->off, 4, true) < 4)
		return;
	w = (unsigned int)load_scalar(x->s->u + c->off, 4);
	if (c->op == F_FUTEX_CMPXCHG) {
		next = w == fuzz_futex_oldval(c, x->m, x->s->u) ? arg : w;
	} else {
		switch (op) {
		case UACCESS_FUTEX_OP_SET: next = arg; break;
		case UACCESS_FUTEX_OP_ADD: next = w + arg; break;
		case UACCESS_FUTEX_OP_OR: next = w | arg; break;
		case UACCESS_FUTEX_OP_ANDN: next = w & ~arg; break;
		default: next = w ^ arg; break;
		}
	}
	store_scalar(b, next, 4);
	for (unsigned long i = 0; i < 4; i++)
		uset(x, c->off + i, b[i], false);
	x->e->vals[0] = w;
	x->e->ret = 0;
}

/* strncpy_from_user, strnlen_user: the walk in address order. */
static void strings(struct ctx *x)
{
	const struct fuzz_case *c = x->c;
	long count = (long)c->n, i;
	unsigned long a = (unsigned long)x->m->arena + c->off;
	bool strncpy = c->op == F_STRNCPY;

	if (count <= 0) {
		/* Both 0, nothing read or written (strnlen_user as Linux's). */
		x->e->ret = 0;
		return;
	}
	for (i = 0; i < count; i++) {
		unsigned long o = c->off + (unsigned long)i;

		if (a + (unsigned long)i < x->ustart ||
		    a + (unsigned long)i >= x->uend || !readable(x, o)) {
			x->e->ret = strncpy ? EFAULT_RET : 0;
			/* Bytes before the fault may have been copied. */
			if (strncpy)
				for (long j = 0; j < i; j++)
					kset(x, kop(x) + (unsigned long)j,
					     x->s->u[c->off + (unsigned long)j], true);
			return;
		}
		if (strncpy)
			kset(x, kop(x) + (unsigned long)i, x->s->u[o], false);
		if (!x->s->u[o]) {
			x->e->ret = strncpy ? i : i + 1;
			return;
		}
	}
	x->e->ret = strncpy ? count : count + 1;
}

/* Contract 9 over [off, off + n). */
static long zeroed(struct ctx *x, unsigned long off, unsigned long n)
{
	if (!n)
		return 1;
	if (!in_range(x, off, n))
		return EFAULT_RET;
	for (unsigned long i = 0; i < n; i++) {
		if (!readable(x, off + i))
			return EFAULT_RET;
		if (x->s->u[off + i])
			return 0;
	}
	return 1;
}

/* Contract 10: copy_struct_from_user(kbuf + kop, ksize = n2, src, usize = n). */
static void copy_struct(struct ctx *x)
{
	const struct fuzz_case *c = x->c;
	unsigned long ksize = c->n2, usize = c->n;
	unsigned long min = usize < ksize ? usize : ksize;
	long r = 0;

	if (usize && !in_range(x, c->off, usize))
		r = EFAULT_RET;
	if (!r && usize > ksize) {
		long z = zeroed(x, c->off + ksize, usize - ksize);

		r = z == 1 ? 0 : z == 0 ? E2BIG_RET : EFAULT_RET;
	}
	if (!r && first_bad(x, c->off, min, false) < min)
		r = EFAULT_RET;
	x->e->ret = r;
	for (unsigned long i = 0; i < ksize; i++)
		kset(x, kop(x) + i, !r && i < min ? x->s->u[c->off + i] : 0, false);
}

/*
 * Windows: the accesses in order, the first fault ends the sequence (the
 * label). ret: accesses done before the fault, or nops; -1 when the
 * window was refused. Addresses of a refused masked object fault.
 */
static void window(struct ctx *x)
{
	const struct fuzz_case *c = x->c;
	unsigned long base = c->off;
	bool refused = false;

	x->e->nvals = 0;
	if (c->op == F_WIN_MASKED) {
		unsigned long a = (unsigned long)x->m->arena + c->off;

		/* The first byte, or the whole object (FUZZ_MASK_WHOLE). */
		refused = a < x->ustart || a >= x->uend ||
			  (FUZZ_MASK_WHOLE && !in_range(x, c->off, c->n2));
	} else if (!in_range(x, c->off, c->n)) {
		x->e->ret = -1;
		return;
	}
	for (unsigned long i = 0; i < c->nops; i++) {
		const struct fuzz_win_op *w = &c->w[i];
		unsigned long off = base + w->off, k;
		unsigned char b[8];

		k = refused ? 0 : first_bad(x, off, w->n, w->kind != W_GET);
		if (w->kind == W_GET) {
			x->e->vals[x->e->nvals++] =
				k == w->n ? load_scalar(x->s->u + off, w->n) : 0;
		} else if (w->kind == W_PUT) {
			store_scalar(b, fuzz_put_value(c, i), w->n);
			for (unsigned long j = 0; j < k; j++)
				uset(x, off + j, b[j], k < w->n);
		} else {
			for (unsigned long j = 0; j < k; j++)
				uset(x, off + j, x->s->k[kop(x) + j], k < w->n);
		}
		if (k < w->n) {
			x->e->ret = (long)i;
			return;
		}
	}
	x->e->ret = (long)c->nops;
}

/*
 * The kernel probes around the hole: the page before it is the shadow h,
 * the probe's address is hole - off; every byte from the hole on faults.
 */
static void kprobe(struct ctx *x)
{
	const struct fuzz_case *c = x->c;
	unsigned long page = x->m->page, start = page - c->off, n = c->n, k;

	k = c->off < n ? c->off : n;	/* mapped bytes before the hole */
	if (c->op == F_KFROM || c->op == F_KTO) {
		x->e->ret = k == n ? 0 : EFAULT_RET;
		for (unsigned long i = 0; i < k; i++) {
			if (c->op == F_KFROM)
				kset(x, kop(x) + i, x->s->h[start + i], k < n);
			else
				hset(x, start + i, x->s->k[kop(x) + i], k < n);
		}
		return;
	}
	/* strncpy_from_kernel_nofault(kbuf + kop, hole - off, count = n). */
	if ((long)n <= 0) {
		x->e->ret = 0;
		return;
	}
	for (unsigned long i = 0; i + 1 < n; i++) {
		if (i >= k) {
			kset(x, kop(x) + i, 0, false);
			x->e->ret = EFAULT_RET;
			return;
		}
		kset(x, kop(x) + i, x->s->h[start + i], false);
		if (!x->s->h[start + i]) {
			x->e->ret = (long)i + 1;
			return;
		}
	}
	kset(x, kop(x) + n - 1, 0, false);
	x->e->ret = (long)n;
}

void fuzz_model(const struct fuzz_case *c, const struct fuzz_mem *m,
		struct fuzz_shadow *s, struct fuzz_expect *e)
{
	struct ctx x = { c, m, s, e, m->start, m->end };

	memset(e, 0, sizeof(*e));
	if (c->uend)
		x.uend = (unsigned long)m->arena + c->uend;
	switch (c->op) {
	case F_CLEAR: case F___CLEAR: case F_COPY_TO: case F___COPY_TO:
	case F_COPY_FROM: case F___COPY_FROM: case F_COPY_FROM_NOZERO:
		bulk(&x);
		break;
	case F_GET: case F___GET: case F_PUT: case F___PUT:
		scalar(&x);
		break;
	case F_STRNCPY: case F_STRNLEN:
		strings(&x);
		break;
	case F_CHECK_ZEROED:
		e->ret = zeroed(&x, c->off, c->n);
		break;
	case F_COPY_STRUCT:
		copy_struct(&x);
		break;
	case F_FUTEX_CMPXCHG: case F_FUTEX_OP:
		futex(&x);
		break;
	case F_WIN: case F_WIN_MASKED: case F_WIN_READ: case F_WIN_WRITE:
		window(&x);
		break;
	default:
		kprobe(&x);
		break;
	}
}
