// SPDX-License-Identifier: MIT
/*
 * The futex atomics (<uaccess.h>): every operation's result against values
 * worked out by hand, words with bit 31 set (a backend that compares a
 * sign-extended load with a zero-extended argument fails them), the word
 * at each end of a page, and the refusals: an unknown op, a misaligned
 * word, a word outside the user range (nothing touched, no fault taken),
 * an unmapped word and a read-only one (-EFAULT, one fault, the word
 * unchanged), whatever the comparison says. The window is closed after
 * every call where the platform can tell.
 */
#include <limits.h>
#include <uaccess.h>
#include "platform.h"
#include "suite.h"

#define SENTINEL 0x5eed5eedU

static size_t page;
static unsigned char *buf, *ro, *none;	/* rw page, read-only page, hole */

static unsigned int peek(const unsigned char *p)
{
	unsigned int v;

	plat_user_begin();
	__builtin_memcpy(&v, p, 4);
	plat_user_end();
	return v;
}

static void poke(unsigned char *p, unsigned int v)
{
	plat_user_begin();
	__builtin_memcpy(p, &v, 4);
	plat_user_end();
}

static void window_closed(const char *call)
{
	int s = plat_window_state();

	if (s >= 0)
		t_case(s == 0, "%s: window left open", call);
}

static const char *const op_names[] = { "SET", "ADD", "OR", "ANDN", "XOR" };

_Static_assert(UACCESS_FUTEX_OP_SET == 0 && UACCESS_FUTEX_OP_ADD == 1 &&
	       UACCESS_FUTEX_OP_OR == 2 && UACCESS_FUTEX_OP_ANDN == 3 &&
	       UACCESS_FUTEX_OP_XOR == 4, "the futex op numbers are Linux's FUTEX_OP_*");

/* Linux's op numbers, written out: 0x0f applied to 0xf3. */
static const struct {
	int op;
	const char *name;
	unsigned int after;
} linux_ops[] = {
	{ 0, "SET", 0x0f }, { 1, "ADD", 0x102 }, { 2, "OR", 0xff },
	{ 3, "ANDN", 0xf0 }, { 4, "XOR", 0xfc },
};

static const struct {
	int op;
	unsigned int before, arg, after;
} op_cases[] = {
	{ UACCESS_FUTEX_OP_SET, 0x12345678, 0xdeadbeef, 0xdeadbeef },
	{ UACCESS_FUTEX_OP_SET, 0x80000000, 0, 0 },
	{ UACCESS_FUTEX_OP_ADD, 41, 1, 42 },
	{ UACCESS_FUTEX_OP_ADD, 0xffffffff, 2, 1 },
	{ UACCESS_FUTEX_OP_ADD, 0x7fffffff, 1, 0x80000000 },
	{ UACCESS_FUTEX_OP_OR, 0x0000f0f0, 0x00000ff0, 0x0000fff0 },
	{ UACCESS_FUTEX_OP_OR, 0x00000001, 0x80000000, 0x80000001 },
	{ UACCESS_FUTEX_OP_ANDN, 0x0000ffff, 0x00000ff0, 0x0000f00f },
	{ UACCESS_FUTEX_OP_ANDN, 0xffffffff, 0x80000000, 0x7fffffff },
	{ UACCESS_FUTEX_OP_XOR, 0x0000ff00, 0x00000ff0, 0x0000f0f0 },
	{ UACCESS_FUTEX_OP_XOR, 0x80000000, 0xffffffff, 0x7fffffff },
};

static const struct {
	unsigned int word, oldval, newval, after;
} cas_cases[] = {
	{ 5, 5, 9, 9 },				/* equal: stored */
	{ 7, 5, 9, 7 },				/* not equal: unchanged */
	{ 0x80000001, 0x80000001, 3, 3 },	/* bit 31 set */
	{ 0xfffffffe, 0xfffffffe, 0x80000000, 0x80000000 },
	{ 0xfffffffe, 0x7ffffffe, 1, 0xfffffffe },	/* differs in bit 31 */
	{ 0x7ffffffe, 0xfffffffe, 1, 0x7ffffffe },
	{ 0, 0, 0, 0 },				/* equal, same value */
};

/* Every operation and comparison at the start, middle and end of a page. */
static void results(void)
{
	const size_t offs[] = { 0, 4 * 37, page - 4 };

	t_group_begin("futex results");
	for (size_t o = 0; o < sizeof(offs) / sizeof(offs[0]); o++) {
		unsigned char *w = buf + offs[o];
		unsigned int __user *u = (unsigned int __user *)w;

		for (size_t i = 0; i < sizeof(op_cases) / sizeof(op_cases[0]); i++) {
			unsigned int old = SENTINEL, got;
			int r;

			poke(w, op_cases[i].before);
			r = uaccess_futex_op(op_cases[i].op, op_cases[i].arg, &old, u);
			got = peek(w);
			t_case(r == 0 && old == op_cases[i].before &&
			       got == op_cases[i].after,
			       "futex_op %s %#x on %#x at +%zu: returned %d, old %#x, word %#x, want 0, %#x, %#x",
			       op_names[op_cases[i].op], op_cases[i].arg,
			       op_cases[i].before, offs[o], r, old, got,
			       op_cases[i].before, op_cases[i].after);
			window_closed("futex_op");
		}
		for (size_t i = 0; i < sizeof(cas_cases) / sizeof(cas_cases[0]); i++) {
			unsigned int cur = SENTINEL, got;
			int r;

			poke(w, cas_cases[i].word);
			r = uaccess_futex_cmpxchg(&cur, u, cas_cases[i].oldval,
						  cas_cases[i].newval);
			got = peek(w);
			t_case(r == 0 && cur == cas_cases[i].word &&
			       got == cas_cases[i].after,
			       "futex_cmpxchg(%#x -> %#x) on %#x at +%zu: returned %d, cur %#x, word %#x, want 0, %#x, %#x",
			       cas_cases[i].oldval, cas_cases[i].newval,
			       cas_cases[i].word, offs[o], r, cur, got,
			       cas_cases[i].word, cas_cases[i].after);
			window_closed("futex_cmpxchg");
		}
	}
	/* The Linux names reach the same calls. */
	{
		unsigned int cur = SENTINEL;
		int oval = 0;
		int r;

		poke(buf, 10);
		r = futex_atomic_cmpxchg_inatomic(&cur, (unsigned int __user *)buf, 10, 11);
		t_case(r == 0 && cur == 10 && peek(buf) == 11,
		       "futex_atomic_cmpxchg_inatomic: returned %d, cur %u, word %u",
		       r, cur, peek(buf));
		r = arch_futex_atomic_op_inuser(UACCESS_FUTEX_OP_ADD, 5, &oval,
						(unsigned int __user *)buf);
		t_case(r == 0 && oval == 11 && peek(buf) == 16,
		       "arch_futex_atomic_op_inuser ADD 5: returned %d, oval %d, word %u",
		       r, oval, peek(buf));
	}
	/*
	 * Linux's FUTEX_OP_* numbers (its uapi futex header) as literals:
	 * a kernel hands its system call's op through unchanged, so the
	 * library's numbers must be these, not merely its own macros'.
	 */
	for (size_t i = 0; i < sizeof(linux_ops) / sizeof(linux_ops[0]); i++) {
		int oval = 0, r;

		poke(buf, 0xf3);
		r = arch_futex_atomic_op_inuser(linux_ops[i].op, 0x0f, &oval,
						(unsigned int __user *)buf);
		t_case(r == 0 && oval == 0xf3 && peek(buf) == linux_ops[i].after,
		       "Linux's op %d (%s) 0x0f on 0xf3: returned %d, word %#x, want %#x",
		       linux_ops[i].op, linux_ops[i].name, r, peek(buf), linux_ops[i].after);
	}
	t_group_end();
}

/*
 * A refusal: the given result, *cur / *old not written, the word and its
 * neighbours unchanged, and no fault taken (nothing was touched).
 */
static void refused(unsigned char *w, bool readable, int want, const char *what)
{
	unsigned long faults = plat_fault_count();
	unsigned char *word = (unsigned char *)((unsigned long)w & ~3UL);
	unsigned int __user *u = (unsigned int __user *)w;
	unsigned int v0 = 0, v1 = 0, cur = SENTINEL;
	int r;

	if (readable) {
		v0 = peek(word);
		v1 = peek(word + 4);
	}
#define UNCHANGED (!readable || (peek(word) == v0 && peek(word + 4) == v1))
	r = uaccess_futex_cmpxchg(&cur, u, v0, v0 + 1);
	t_case(r == want && cur == SENTINEL && UNCHANGED &&
	       plat_fault_count() == faults,
	       "futex_cmpxchg %s: returned %d (want %d), cur %#x, words %#x %#x (were %#x %#x), %lu faults",
	       what, r, want, cur, readable ? peek(word) : 0,
	       readable ? peek(word + 4) : 0, v0, v1,
	       plat_fault_count() - faults);
	window_closed("futex_cmpxchg refused");
	for (int op = UACCESS_FUTEX_OP_SET; op <= UACCESS_FUTEX_OP_XOR; op++) {
		r = uaccess_futex_op(op, 0x01010101, &cur, u);
		t_case(r == want && cur == SENTINEL && UNCHANGED &&
		       plat_fault_count() == faults,
		       "futex_op %s %s: returned %d (want %d), old %#x, word %#x (was %#x), %lu faults",
		       op_names[op], what, r, want, cur,
		       readable ? peek(word) : 0, v0,
		       plat_fault_count() - faults);
		window_closed("futex_op refused");
	}
#undef UNCHANGED
}

static void refusals(void)
{
	static const int bad_ops[] = { -1, 5, 6, 100, INT_MIN, INT_MAX };
	unsigned long start0 = uaccess_user_start, end0 = uaccess_user_end;

	t_group_begin("futex refusals");
	poke(buf + 64, 0x11223344);
	poke(buf + 68, 0x55667788);
	/* Misaligned words never reach the atomic (which may trap). */
	for (int m = 1; m < 4; m++)
		refused(buf + 64 + m, true, -UACCESS_EINVAL, "misaligned");
	/* The alignment is checked before the range and the page. */
	refused(none + 2, false, -UACCESS_EINVAL, "misaligned, unmapped");
	for (size_t i = 0; i < sizeof(bad_ops) / sizeof(bad_ops[0]); i++) {
		unsigned long faults = plat_fault_count();
		unsigned int old = SENTINEL;
		int r = uaccess_futex_op(bad_ops[i], 1, &old,
					 (unsigned int __user *)(buf + 64));

		t_case(r == -UACCESS_ENOSYS && old == SENTINEL &&
		       peek(buf + 64) == 0x11223344 && plat_fault_count() == faults,
		       "futex_op op %d: returned %d (want %d), old %#x, word %#x",
		       bad_ops[i], r, -UACCESS_ENOSYS, old, peek(buf + 64));
		/* Checked first: before the alignment and the page. */
		r = uaccess_futex_op(bad_ops[i], 1, &old,
				     (unsigned int __user *)(none + 1));
		t_case(r == -UACCESS_ENOSYS && old == SENTINEL &&
		       plat_fault_count() == faults,
		       "futex_op op %d, misaligned in a hole: returned %d (want %d)",
		       bad_ops[i], r, -UACCESS_ENOSYS);
	}
	/* buf outside the user range: refused before any access. */
	if (!uaccess_set_user_range((unsigned long)ro, (unsigned long)ro + page)) {
		refused(buf + 64, true, -UACCESS_EFAULT, "outside the user range");
		refused(ro + page - 2, true, -UACCESS_EINVAL,
			"misaligned, straddling the end");
		refused(ro + page, true, -UACCESS_EFAULT, "at the user end");
	}
	uaccess_set_user_range(start0, end0);
	t_group_end();
}

/*
 * A word that faults: -EFAULT, *cur / *old unwritten, the word unchanged
 * (when it can be read), exactly one fault per call.
 */
static void faulted(unsigned char *w, bool readable, const char *what)
{
	unsigned int __user *u = (unsigned int __user *)w;
	unsigned int v0 = readable ? peek(w) : 0;

	for (int k = 0; k < 2; k++) {
		/* k 0: a comparison that fails where the word can be read */
		unsigned int cmp = k ? v0 : v0 + 1;
		unsigned long faults = plat_fault_count();
		unsigned int cur = SENTINEL;
		int r = uaccess_futex_cmpxchg(&cur, u, cmp, cmp + 7);

		t_case(r == -UACCESS_EFAULT && cur == SENTINEL &&
		       (!readable || peek(w) == v0) &&
		       plat_fault_count() == faults + 1,
		       "futex_cmpxchg %s, comparison %s: returned %d, cur %#x, word %#x (was %#x), %lu faults",
		       what, k ? "equal" : "unequal", r, cur,
		       readable ? peek(w) : 0, v0,
		       plat_fault_count() - faults);
		window_closed("futex_cmpxchg fault");
	}
	for (int op = UACCESS_FUTEX_OP_SET; op <= UACCESS_FUTEX_OP_XOR; op++) {
		unsigned long faults = plat_fault_count();
		unsigned int old = SENTINEL;
		int r = uaccess_futex_op(op, 0x01010101, &old, u);

		t_case(r == -UACCESS_EFAULT && old == SENTINEL &&
		       (!readable || peek(w) == v0) &&
		       plat_fault_count() == faults + 1,
		       "futex_op %s %s: returned %d, old %#x, word %#x (was %#x), %lu faults",
		       op_names[op], what, r, old, readable ? peek(w) : 0, v0,
		       plat_fault_count() - faults);
		window_closed("futex_op fault");
	}
}

static void faults(void)
{
	t_group_begin("futex faults");
	faulted(none, false, "unmapped");
	faulted(none + page - 4, false, "unmapped, last word");
	faulted(ro, true, "read-only");
	faulted(ro + page - 4, true, "read-only, last word");
	/* The word before the hole works. */
	{
		unsigned int cur = SENTINEL;
		unsigned char *w = none - 4;
		int r;

		poke(w, 3);
		r = uaccess_futex_cmpxchg(&cur, (unsigned int __user *)w, 3, 4);
		t_case(r == 0 && cur == 3 && peek(w) == 4,
		       "futex_cmpxchg on the last word before a hole: returned %d, cur %u, word %u",
		       r, cur, peek(w));
	}
	t_group_end();
}

/* Many operations on one word from one CPU: the total is exact. */
static void counts(void)
{
	unsigned int __user *u = (unsigned int __user *)(buf + 128);
	unsigned int old, cur, expect = 0, bad = 0;

	t_group_begin("futex counts");
	poke(buf + 128, 0);
	for (unsigned int i = 0; i < 3000; i++) {
		if (uaccess_futex_op(UACCESS_FUTEX_OP_ADD, i, &old, u) || old != expect)
			bad++;
		expect += i;
		if (uaccess_futex_cmpxchg(&cur, u, expect, expect ^ i) || cur != expect)
			bad++;
		expect ^= i;
	}
	t_case(bad == 0 && peek(buf + 128) == expect,
	       "3000 adds and compare-exchanges: %u wrong results, word %#x, want %#x",
	       bad, peek(buf + 128), expect);
	t_group_end();
}

void test_futex(void)
{
	page = plat_page_size();
	/* rw | hole | ro | rw */
	buf = plat_alloc_pages(4);
	none = buf + page;
	ro = buf + 2 * page;
	plat_protect(ro, 1, PLAT_RO);
	plat_protect(none, 1, PLAT_NONE);
	results();
	refusals();
	faults();
	counts();
	plat_protect(ro, 1, PLAT_RW);
	plat_protect(none, 1, PLAT_RW);
}
