// SPDX-License-Identifier: MIT
/*
 * Every call leaves the user-access window as it found it, closed: after
 * it succeeded, after it faulted, after access_ok() refused its range,
 * and after an early answer (0 bytes, a count of 0, a nonzero byte found
 * first, the -E2BIG of a struct); the unsafe_ accessors' fault labels, the
 * futex atomics and the kernel probes too. The window is the platform's
 * (RFLAGS.AC under SMAP, sstatus.SUM, the KUAP state), read through
 * plat_window_state(). Closed is not enough: the status registers the
 * window writes (plat_status_read(): RFLAGS, sstatus, MSR and PID, PSTATE
 * and TTBR0) read the same after the call as before it and as when the
 * suite started (test_status_at_start), so that a window that masks
 * interrupts or clears a mode bit on its way shows too. A platform with
 * neither to read (a Linux process) runs no case here and says so; one
 * with only the status registers (x86-64 without SMAP) checks those.
 *
 * The user buffer is page | hole | page: each family's calls run into the
 * hole at sizes of each of its paths.
 */
#include <stdint.h>
#include <string.h>
#include <uaccess.h>
#include "harness.h"
#include "platform.h"
#include "suite.h"

static size_t page;
static unsigned char *base, *hole, *after;
static unsigned char *kbuf;

static bool same(const struct plat_status *a, const struct plat_status *b,
		 unsigned int k)
{
	return a->value[k] == b->value[k];
}

static void unchanged(const char *call, const char *when, unsigned long n,
		      long r, const struct plat_status *before)
{
	const struct plat_status *start = &test_status_at_start;
	struct plat_status now;
	int s = plat_window_state();
	unsigned int k = 0;

	plat_status_read(&now);
	if (s >= 0)
		t_case(s == 0, "%s, %s, n=%lu (returned %ld): window left open "
		       "afterwards", call, when, n, r);
	if (!before->n)
		return;
	/*
	 * The call left them as it found them, and it found them as the
	 * suite started: an earlier call that changed them for good shows
	 * too. The first register that differs, or the last one.
	 */
	while (k + 1 < before->n && same(before, start, k) && same(&now, before, k))
		k++;
	t_case(same(before, start, k) && same(&now, before, k),
	       "%s, %s, n=%lu (returned %ld): %s %#lx as the suite started, "
	       "%#lx before the call, %#lx after", call, when, n, r,
	       before->name[k], start->value[k], before->value[k],
	       now.value[k]);
}

/* The status registers read first; the call runs as an argument after. */
#define CHECK(call, when, n)						\
	do {								\
		struct plat_status before_;				\
									\
		plat_status_read(&before_);				\
		unchanged(#call, when, n, (long)(call), &before_);	\
	} while (0)

/* Bulk calls: sizes of every path (inline short, loop, bulk), constants. */
static void bulk(void)
{
	static const unsigned long sizes[] = { 1, 5, 16, 63, 100, 300, 5000 };
	unsigned long start0 = uaccess_user_start, end0 = uaccess_user_end;

	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		unsigned long n = sizes[i];
		unsigned char *f = hole - n / 2;	/* runs into the hole */

		CHECK(clear_user(UPTR(base), n), "success", n);
		CHECK(clear_user(UPTR(f), n), "fault", n);
		CHECK(__clear_user(UPTR(f), n), "fault", n);
		CHECK(copy_to_user(UPTR(base), kbuf, n), "success", n);
		CHECK(copy_to_user(UPTR(f), kbuf, n), "fault", n);
		CHECK(__copy_to_user(UPTR(f), kbuf, n), "fault", n);
		CHECK(copy_from_user(kbuf, UPTR(base), n), "success", n);
		CHECK(copy_from_user(kbuf, UPTR(f), n), "fault", n);
		CHECK(__copy_from_user(kbuf, UPTR(f), n), "fault", n);
		CHECK(copy_from_user_nozero(kbuf, UPTR(f), n), "fault", n);
	}
	CHECK(clear_user(UPTR(hole), 0), "0 bytes", 0);
	CHECK(copy_to_user(UPTR(hole), kbuf, 0), "0 bytes", 0);
	CHECK(copy_from_user(kbuf, UPTR(hole), 0), "0 bytes", 0);
	/* Constant sizes: one scalar in place, then the routine on a fault. */
	CHECK(clear_user(UPTR(hole - 1), 4), "fault", 4);
	CHECK(clear_user(UPTR(hole - 4), 8), "fault", 8);
	CHECK(copy_to_user(UPTR(hole - 1), kbuf, 8), "fault", 8);
	CHECK(copy_from_user(kbuf, UPTR(hole - 2), 4), "fault", 4);
	CHECK(copy_from_user(kbuf, UPTR(hole), 2), "fault", 2);
	/* base lies below the range: refused, nothing touched. */
	uaccess_set_user_range((unsigned long)after, (unsigned long)after + page);
	CHECK(clear_user(UPTR(base), 100), "refused", 100);
	CHECK(copy_to_user(UPTR(base), kbuf, 8), "refused", 8);
	CHECK(copy_from_user(kbuf, UPTR(base), 5000), "refused", 5000);
	CHECK(copy_from_user_nozero(kbuf, UPTR(base), 64), "refused", 64);
	uaccess_set_user_range(start0, end0);
}

/* Scalars of every size: in the hole, across it misaligned, refused. */
static void scalars(void)
{
	unsigned long start0 = uaccess_user_start, end0 = uaccess_user_end;
	uint8_t b = 1;
	uint16_t h = 1;
	uint32_t w = 1;
	uint64_t d = 1;

	CHECK(get_user(b, (uint8_t __user *)hole), "fault", 1);
	CHECK(put_user(b, (uint8_t __user *)hole), "fault", 1);
	CHECK(get_user(h, (uint16_t __user *)(hole - 1)), "fault", 2);
	CHECK(put_user(h, (uint16_t __user *)(hole - 1)), "fault", 2);
	CHECK(get_user(w, (uint32_t __user *)hole), "fault", 4);
	CHECK(put_user(w, (uint32_t __user *)(hole - 2)), "fault", 4);
	CHECK(get_user(d, (uint64_t __user *)(hole - 4)), "fault", 8);
	CHECK(put_user(d, (uint64_t __user *)hole), "fault", 8);
	CHECK(__get_user(d, (uint64_t __user *)hole), "fault", 8);
	CHECK(__put_user(w, (uint32_t __user *)(hole - 1)), "fault", 4);
	CHECK(get_user(w, (uint32_t __user *)base), "success", 4);
	CHECK(put_user(d, (uint64_t __user *)(base + 3)), "success", 8);
	uaccess_set_user_range((unsigned long)after, (unsigned long)after + page);
	CHECK(get_user(d, (uint64_t __user *)base), "refused", 8);
	CHECK(put_user(h, (uint16_t __user *)base), "refused", 2);
	uaccess_set_user_range(start0, end0);
}

/* Strings and structs: a fault, a refusal, an early answer. */
static void reads(void)
{
	unsigned long start0 = uaccess_user_start, end0 = uaccess_user_end;
	char *k = (char *)kbuf;

	plat_user_begin();
	memset(hole - 16, 'x', 16);
	memcpy(base + 100, "hello", 6);
	memset(base + 200, 0, 64);
	base[230] = 1;
	plat_user_end();
	CHECK(strnlen_user(UPTR(hole - 16), 64), "fault", 64);
	CHECK(strnlen_user(UPTR(base + 100), 64), "success", 64);
	CHECK(strnlen_user(UPTR(base + 100), 0), "count 0", 0);
	CHECK(strncpy_from_user(k, UPTR(hole - 16), 64), "fault", 64);
	CHECK(strncpy_from_user(k, UPTR(base + 100), 64), "success", 64);
	CHECK(strncpy_from_user(k, UPTR(base + 100), 0), "count 0", 0);
	CHECK(check_zeroed_user(UPTR(hole), 16), "fault", 16);
	CHECK(check_zeroed_user(UPTR(base + 200), 64), "nonzero first", 64);
	CHECK(check_zeroed_user(UPTR(base + 200), 0), "0 bytes", 0);
	CHECK(copy_struct_from_user(kbuf, 16, UPTR(hole - 8), 16), "fault", 16);
	CHECK(copy_struct_from_user(kbuf, 16, UPTR(base + 200), 64),
	      "-E2BIG", 64);
	CHECK(copy_struct_from_user(kbuf, 16, UPTR(base + 200), 24),
	      "success", 24);
	uaccess_set_user_range((unsigned long)after, (unsigned long)after + page);
	CHECK(strnlen_user(UPTR(base + 100), 64), "refused", 64);
	CHECK(strncpy_from_user(k, UPTR(base + 100), 64), "refused", 64);
	CHECK(check_zeroed_user(UPTR(base + 200), 16), "refused", 16);
	CHECK(copy_struct_from_user(kbuf, 16, UPTR(base + 200), 16),
	      "refused", 16);
	uaccess_set_user_range(start0, end0);
}

/* The windows: each accessor's fault label, then the end. */
static long window_get(const uint32_t __user *p)
{
	uint32_t v;

	if (!user_access_begin(p, 4))
		return 1;
	unsafe_get_user(v, p, fault);
	user_access_end();
	return (long)v;
fault:
	user_access_end();
	return -1;
}

static long window_put(uint32_t __user *p)
{
	if (!user_access_begin(p, 4))
		return 1;
	unsafe_put_user(7, p, fault);
	user_access_end();
	return 0;
fault:
	user_access_end();
	return -1;
}

static long window_copy(void __user *p, unsigned long n)
{
	if (!user_access_begin(p, n))
		return 1;
	unsafe_copy_to_user(p, kbuf, n, fault);
	user_access_end();
	return 0;
fault:
	user_access_end();
	return -1;
}

static long masked_get(uint32_t __user *p)
{
	uint32_t __user *q = masked_user_access_begin(p);
	uint32_t v;

	unsafe_get_user(v, q, fault);
	user_access_end();
	return (long)v;
fault:
	user_access_end();
	return -1;
}

static long read_window_get(const uint32_t __user *p)
{
	uint32_t v;

	if (!user_read_access_begin(p, 4))
		return 1;
	unsafe_get_user(v, p, fault);
	user_read_access_end();
	return (long)v;
fault:
	user_read_access_end();
	return -1;
}

static long write_window_put(uint32_t __user *p)
{
	if (!user_write_access_begin(p, 4))
		return 1;
	unsafe_put_user(7, p, fault);
	user_write_access_end();
	return 0;
fault:
	user_write_access_end();
	return -1;
}

static void windows(void)
{
	unsigned long start0 = uaccess_user_start, end0 = uaccess_user_end;
	uint32_t __user *in = (uint32_t __user *)hole;
	uint32_t __user *across = (uint32_t __user *)(hole - 2);

	CHECK(window_get(in), "fault label", 4);
	CHECK(window_get(across), "fault label", 4);
	CHECK(window_put(in), "fault label", 4);
	CHECK(window_put(across), "fault label", 4);
	CHECK(window_copy(UPTR(hole - 100), 200), "fault label", 200);
	CHECK(window_copy(UPTR(hole - 3), 8), "fault label", 8);
	CHECK(masked_get(in), "fault label", 4);
	CHECK(read_window_get(in), "fault label", 4);
	CHECK(write_window_put(in), "fault label", 4);
	CHECK(window_get((uint32_t __user *)base), "success", 4);
	uaccess_set_user_range((unsigned long)after, (unsigned long)after + page);
	CHECK(window_get((uint32_t __user *)base), "refused", 4);
	CHECK(masked_get((uint32_t __user *)base), "refused, masked", 4);
	CHECK(read_window_get((uint32_t __user *)base), "refused", 4);
	CHECK(write_window_put((uint32_t __user *)base), "refused", 4);
	uaccess_set_user_range(start0, end0);
}

/* The futex atomics: a word changed, the hole, a word refused. */
static void futex(void)
{
	unsigned long start0 = uaccess_user_start, end0 = uaccess_user_end;
	unsigned int __user *w = (unsigned int __user *)base;
	unsigned int __user *in = (unsigned int __user *)hole;
	unsigned int cur, old;

	CHECK(uaccess_futex_cmpxchg(&cur, w, 0, 1), "success", 4);
	CHECK(uaccess_futex_op(UACCESS_FUTEX_OP_ADD, 1, &old, w), "success", 4);
	CHECK(uaccess_futex_cmpxchg(&cur, in, 0, 1), "fault", 4);
	CHECK(uaccess_futex_op(UACCESS_FUTEX_OP_ADD, 1, &old, in), "fault", 4);
	uaccess_set_user_range((unsigned long)after, (unsigned long)after + page);
	CHECK(uaccess_futex_cmpxchg(&cur, w, 0, 1), "refused", 4);
	CHECK(uaccess_futex_op(UACCESS_FUTEX_OP_ADD, 1, &old, w), "refused", 4);
	uaccess_set_user_range(start0, end0);
}

/* The probes open no window: none may be open after one, faulting or not. */
static void probes(void)
{
	unsigned char *after_k, *khole = plat_kernel_hole(&after_k);
	char s[16];

	CHECK(copy_from_kernel_nofault(kbuf, khole - 8, 16), "fault", 16);
	CHECK(copy_to_kernel_nofault(khole - 8, kbuf, 16), "fault", 16);
	CHECK(strncpy_from_kernel_nofault(s, khole, sizeof(s)), "fault", 16);
	CHECK(copy_from_kernel_nofault(kbuf, kbuf + 64, 16), "success", 16);
}

void test_state(void)
{
	int s = plat_window_state();
	struct plat_status st;

	plat_status_read(&st);
	if (s < 0 && !st.n) {
		plat_printf("# window state and status registers after each "
			    "call: not checked (no user-access window and no "
			    "status register to read on this platform)\n");
		return;
	}
	if (s < 0)
		plat_printf("# window state after each call: not checked (no "
			    "user-access window on this CPU), only the status "
			    "registers\n");
	page = plat_page_size();
	base = plat_alloc_pages(3);
	hole = base + page;
	after = hole + page;
	plat_protect(hole, 1, PLAT_NONE);
	kbuf = plat_alloc_kernel_pages(2);

	if (s >= 0) {
		t_group_begin("window state: closed before the first call");
		t_case(s == 0, "a window is open before any call");
		t_group_end();
	}
	t_group_begin("window state and status after bulk calls");
	bulk();
	t_group_end();
	t_group_begin("window state and status after get_user / put_user");
	scalars();
	t_group_end();
	t_group_begin("window state and status after the string and struct "
		      "calls");
	reads();
	t_group_end();
	t_group_begin("window state and status after windows and their fault "
		      "labels");
	windows();
	t_group_end();
	t_group_begin("window state and status after the futex atomics");
	futex();
	t_group_end();
	t_group_begin("window state and status after the kernel probes");
	probes();
	t_group_end();
}
