/* SPDX-License-Identifier: MIT */
/*
 * The differential fuzzer (tests/cases/test_fuzz.c runs cases against the
 * library, tests/cases/fuzz_model.c predicts them). A case is a handful of
 * numbers: the feature set, the layout of the user arena (each page
 * read-write, read-only or inaccessible; where the user range ends), one
 * call with its arguments, and the seeds of the bytes it finds. The same
 * numbers always give the same call on the same memory, so a case printed
 * as a line of numbers is its own reproduction.
 */
#ifndef TEST_FUZZ_H
#define TEST_FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FUZZ_PAGES	8	/* the user arena */
#define FUZZ_KPAD	64	/* guard bytes before the kernel operand */
#define FUZZ_WIN_OPS	4	/* accesses in one window */

/* Page protections of the arena, two bits per page in fuzz_case.prot. */
enum { FUZZ_RW, FUZZ_RO, FUZZ_NONE };

enum fuzz_op {
	F_CLEAR, F___CLEAR, F_COPY_TO, F___COPY_TO, F_COPY_FROM,
	F___COPY_FROM, F_COPY_FROM_NOZERO, F_GET, F___GET, F_PUT, F___PUT,
	F_STRNCPY, F_STRNLEN, F_CHECK_ZEROED, F_COPY_STRUCT,
	F_FUTEX_CMPXCHG, F_FUTEX_OP,
	F_WIN, F_WIN_MASKED, F_WIN_READ, F_WIN_WRITE,
	F_KFROM, F_KTO, F_KSTR,
	F_NR_OPS
};

/* One access in a window: kind, size (scalars) or length (copy), offset. */
enum { W_GET, W_PUT, W_COPY };

struct fuzz_win_op {
	unsigned long kind, n, off;
};

struct fuzz_case {
	unsigned long features;	/* uaccess_init_features() */
	unsigned long prot;	/* page i: (prot >> 2i) & 3 */
	unsigned long uend;	/* user end at arena + uend; 0: the platform's */
	unsigned long lseed;	/* bytes of the arena as the layout leaves them */
	unsigned long op;	/* enum fuzz_op */
	unsigned long off;	/* user offset in the arena (or hole - off) */
	unsigned long n;	/* size, count, usize, window length; futex: 4 */
	unsigned long n2;	/* ksize; masked object size; futex: op % 8, or
				 * for a compare-exchange an odd n2 compares with
				 * the word the call finds */
	unsigned long koff;	/* kernel operand at kbuf + FUZZ_KPAD + koff */
	unsigned long cseed;	/* bytes the call finds */
	unsigned long cmode;	/* how they are drawn (see fill_bytes) */
	unsigned long nops;	/* window accesses */
	struct fuzz_win_op w[FUZZ_WIN_OPS];
};

/* The memory a case runs on, and its shadow. */
struct fuzz_mem {
	size_t page, asize;		/* page size; arena bytes */
	unsigned char *arena;		/* user pages */
	unsigned char *kbuf;		/* kernel operand buffer, ksize bytes */
	size_t ksize;
	unsigned char *hole;		/* plat_kernel_hole(); the page before it is hpage */
	unsigned long start;		/* user range when no uend */
	unsigned long end;
};

/*
 * What the model expects: exact values in the shadows (ushadow, kshadow,
 * hshadow) and, for a byte a call may or may not have written, the other
 * value allowed in the alt arrays, within [alo, ahi) of each.
 */
struct fuzz_expect {
	long ret;
	unsigned long nvals;
	unsigned long long vals[FUZZ_WIN_OPS];	/* values of the gets, in order */
	unsigned long u_alo, u_ahi, k_alo, k_ahi, h_alo, h_ahi;
};

struct fuzz_shadow {
	unsigned char *u, *ualt;	/* arena */
	unsigned char *k, *kalt;	/* kbuf */
	unsigned char *h, *halt;	/* the page before the hole */
};

/* The value put number i of a case writes, drawn from its seed. */
unsigned long long fuzz_put_value(const struct fuzz_case *c, unsigned long i);

/*
 * The futex calls: what the compare-exchange compares with, from the
 * case and the arena as the call finds it (shadow u before the call);
 * and the value *cur / *old keeps when the call must not write it.
 */
unsigned int fuzz_futex_oldval(const struct fuzz_case *c,
			       const struct fuzz_mem *m, const unsigned char *u);
#define FUZZ_FUTEX_UNSET 0xa5a5a5a5U

/* The model: from the shadows before the call, the expected state after. */
void fuzz_model(const struct fuzz_case *c, const struct fuzz_mem *m,
		struct fuzz_shadow *s, struct fuzz_expect *e);

/* Page protection of arena page i in case c. */
static inline unsigned fuzz_page_prot(const struct fuzz_case *c, size_t i)
{
	return (unsigned)(c->prot >> (2 * i)) & 3;
}

/* The bytes of a case: a small generator from a seed (xorshift). */
static inline unsigned long fuzz_next(unsigned long *s)
{
	unsigned long x = *s ? *s : 0x9e3779b9UL;

	if (sizeof(x) == 8) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
	} else {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
	}
	*s = x;
	return x;
}

/*
 * The harness's entry for "fuzz..." feature-set arguments (t_main):
 *   fuzz:SEED                 the one case of SEED, printed and checked
 *   fuzz-run:SEED:CASES       CASES random cases from SEED
 *   fuzz-case:N,N,...         one case given as its numbers (a reproduction)
 *   fuzz-guided               set up only (the coverage-guided harness)
 */
int fuzz_main(const char *arg);

/* The guided harness: the case decoded from a fuzzer's bytes, and run. */
void fuzz_decode(struct fuzz_case *c, const unsigned char *data, size_t n);
/* 0: as the model says; 1: a difference (printed, with its reproduction). */
int fuzz_check(const struct fuzz_case *c);

#endif
