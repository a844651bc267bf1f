// SPDX-License-Identifier: MIT
/*
 * Probes of kernel addresses: copy_from_kernel_nofault,
 * copy_to_kernel_nofault and strncpy_from_kernel_nofault around a hole in
 * kernel memory (plat_kernel_hole()): every size from 0 to 48 and a few
 * larger ones at every distance from the hole up to 40 bytes, and inside
 * it. Each call returns 0 exactly when the whole range is mapped, else
 * -UACCESS_EFAULT; nothing at or past the first inaccessible byte is
 * written, nor anything outside the destination; bytes before a fault are
 * the source's or untouched. The string probe is checked against a model
 * of its contract (NUL inside count - 1, truncation, fault, count <= 0).
 * Addresses the MMU cannot translate (TEST_ARCH_NONCANONICAL) on either
 * side, where the architecture has them and the platform routes their
 * fault.
 */
#include <stdint.h>
#include <string.h>
#include <uaccess.h>
#include "harness.h"
#include "platform.h"
#include "suite.h"
#include "test_arch.h"

#define CANARY 0xA5
#define KBUF 8192

static size_t page;
static unsigned char *hole, *after, *before;	/* before = hole - page */
static unsigned char *kbuf;			/* KBUF + 64 bytes, mapped */

static unsigned char pattern(const unsigned char *p)
{
	unsigned char b = (unsigned char)((uintptr_t)p * 7 + 3);

	return b == CANARY || !b ? 0x3C : b;
}

static void fill_pattern(unsigned char *from, unsigned char *to)
{
	for (unsigned char *q = from; q < to; q++)
		*q = pattern(q);
}

/* The page before the hole (and after it, where mapped) full of CANARY. */
static void reset_kernel(void)
{
	memset(before, CANARY, page);
	if (after)
		memset(after, CANARY, page);
}

static bool all_canary(const unsigned char *from, const unsigned char *to)
{
	for (const unsigned char *q = from; q < to; q++)
		if (*q != CANARY)
			return false;
	return true;
}

static const unsigned long big_sizes[] = { 63, 64, 65, 127, 128, 129, 300, 1000, 4096 };

/* src at hole - d (or inside the hole), n bytes, into kbuf. */
static void from_one(unsigned char *src, unsigned long n)
{
	unsigned long k = src >= hole ? 0 : (unsigned long)(hole - src);
	bool ok = k >= n, body = true;
	int r;

	if (k > n)
		k = n;
	memset(kbuf, CANARY, KBUF + 64);
	r = copy_from_kernel_nofault(kbuf + 16, src, n);
	/* Before the fault: the source's byte or untouched; at or past: untouched. */
	for (unsigned long i = 0; i < n; i++)
		if (i < k ? kbuf[16 + i] != src[i] && (ok || kbuf[16 + i] != CANARY)
			  : kbuf[16 + i] != CANARY)
			body = false;
	t_case(r == (ok ? 0 : -UACCESS_EFAULT) && body &&
	       all_canary(kbuf, kbuf + 16) &&
	       all_canary(kbuf + 16 + n, kbuf + KBUF + 64),
	       "copy_from_kernel_nofault n=%lu src=hole%+ld: returned %d (want %d), %s",
	       n, (long)(src - hole), r, ok ? 0 : -UACCESS_EFAULT,
	       body ? "bytes right" : "wrong bytes written");
}

static void to_one(unsigned char *dst, unsigned long n)
{
	unsigned long k = dst >= hole ? 0 : (unsigned long)(hole - dst);
	bool ok = k >= n, body = true;
	int r;

	if (k > n)
		k = n;
	reset_kernel();
	r = copy_to_kernel_nofault(dst, kbuf, n);
	for (unsigned long i = 0; i < k; i++)
		if (dst[i] != kbuf[i] && (ok || dst[i] != CANARY))
			body = false;
	t_case(r == (ok ? 0 : -UACCESS_EFAULT) && body &&
	       all_canary(before, dst < hole ? dst : hole) &&
	       (dst >= hole || all_canary(dst + k, hole)) &&
	       (!after || all_canary(after, after + page)),
	       "copy_to_kernel_nofault n=%lu dst=hole%+ld: returned %d (want %d), %s",
	       n, (long)(dst - hole), r, ok ? 0 : -UACCESS_EFAULT,
	       body ? "bytes right" : "wrong bytes written");
}

/* Every start and size around the hole, for one of the two copies. */
static void sweep(void (*one)(unsigned char *p, unsigned long n))
{
	for (unsigned long n = 0; n <= 48; n++)
		for (unsigned long d = 0; d <= 40; d++)
			one(hole - d, n);
	for (size_t i = 0; i < sizeof(big_sizes) / sizeof(big_sizes[0]); i++)
		for (unsigned long d = 0; d <= 70; d += 7) {
			unsigned long back = big_sizes[i] + d % 3;

			one(hole - d, big_sizes[i]);
			/* Ending at the hole, starting no lower than
			 * before: what lies under before is not ours. */
			if (back <= page)
				one(hole - back, big_sizes[i]);
		}
	for (unsigned long n = 0; n <= 16; n++)
		one(hole + 5, n);
}

static void test_copy(void)
{
	t_group_begin("copy_from_kernel_nofault around a hole in kernel memory");
	sweep(from_one);
	t_group_end();

	fill_pattern(kbuf, kbuf + KBUF + 64);
	t_group_begin("copy_to_kernel_nofault around a hole in kernel memory");
	sweep(to_one);
	t_group_end();
}

/*
 * One strncpy_from_kernel_nofault: a string at src whose NUL is at
 * src[nul] (no NUL before the hole when nul < 0), read with count.
 */
static void str_one(unsigned char *src, long nul, long count)
{
	unsigned char *dst = kbuf + 32;
	long want, i, r;
	bool ok = true;

	fill_pattern(before, hole);
	if (nul >= 0)
		src[nul] = 0;
	memset(kbuf, CANARY, KBUF + 64);
	/* The model of the contract: walk src[0, count - 1). */
	want = 0;
	if (count > 0) {
		want = count;
		for (i = 0; i < count - 1; i++) {
			if (src + i >= hole) {
				want = -UACCESS_EFAULT;
				break;
			}
			if (!src[i]) {
				want = i + 1;
				break;
			}
		}
	} else {
		i = -1;
	}
	r = strncpy_from_kernel_nofault((char *)dst, src, count);
	/* dst[0, i): copied; dst[i]: the NUL or the string's NUL; rest untouched. */
	if (count > 0) {
		for (long j = 0; j < i; j++)
			if (dst[j] != src[j])
				ok = false;
		if (dst[i] != 0)
			ok = false;
	}
	if (!all_canary(kbuf, dst) ||
	    !all_canary(dst + (count > 0 ? i + 1 : 0), kbuf + KBUF + 64))
		ok = false;
	t_case(r == want && ok,
	       "strncpy_from_kernel_nofault count=%ld src=hole%+ld NUL at %ld: "
	       "returned %ld (want %ld), %s", count, (long)(src - hole), nul, r,
	       want, ok ? "dst right" : "dst wrong");
}

static void test_string(void)
{
	t_group_begin("strncpy_from_kernel_nofault around a hole in kernel memory");
	for (long count = -2; count <= 24; count++)
		for (long d = 1; d <= 26; d++) {
			str_one(hole - d, -1, count);	/* runs into the hole */
			for (long nul = 0; nul < d; nul++)
				str_one(hole - d, nul, count);
		}
	/* Far from the hole: long strings, truncation at count. */
	for (long count = 60; count <= 70; count++)
		for (long nul = 60; nul <= 70; nul++)
			str_one(before + 8, nul, count);
	t_group_end();
}

static void test_noncanonical(void)
{
#ifdef TEST_ARCH_NONCANONICAL
	static const unsigned long bad[] = { TEST_ARCH_NONCANONICAL };

	if (!plat_masked_addr_faults()) {
		plat_printf("# nofault: non-canonical probes skipped "
			    "(this platform does not route #GP to uaccess_fixup)\n");
		return;
	}
	t_group_begin("kernel probes of non-canonical addresses (#GP)");
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		void *p = (void *)bad[i];
		static const unsigned long sizes[] = { 1, 8, 64, 1000 };

		for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
			unsigned long n = sizes[s];
			int r;

			memset(kbuf, CANARY, KBUF + 64);
			r = copy_from_kernel_nofault(kbuf, p, n);
			t_case(r == -UACCESS_EFAULT && all_canary(kbuf, kbuf + KBUF + 64),
			       "copy_from_kernel_nofault from %p, n=%lu: %d", p, n, r);
			r = copy_to_kernel_nofault(p, kbuf, n);
			t_case(r == -UACCESS_EFAULT,
			       "copy_to_kernel_nofault to %p, n=%lu: %d", p, n, r);
		}
		memset(kbuf, CANARY, 64);
		t_case(strncpy_from_kernel_nofault((char *)kbuf, p, 16) ==
			       -UACCESS_EFAULT && kbuf[0] == 0 &&
			       all_canary(kbuf + 1, kbuf + 64),
		       "strncpy_from_kernel_nofault from %p", p);
	}
	t_group_end();
#endif
}

void test_nofault(void)
{
	page = plat_page_size();
	hole = plat_kernel_hole(&after);
	before = hole - page;
	kbuf = plat_alloc_kernel_pages((KBUF + 64 + page - 1) / page);
	test_copy();
	test_string();
	test_noncanonical();
}
