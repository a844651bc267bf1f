// SPDX-License-Identifier: MIT
/*
 * Hostile arguments: what a system call may hand the kernel on purpose, each with the answer
 * <uaccess.h> defines. User pages and kernel buffers hold a canary around every call;
 * "untouched" means it is intact. The user range is [U, E), two pages of the test's own, with a
 * read-write page right after E, so only the check stops a call that runs past the user end.
 * u: an address in the range; k: a kernel buffer; d: a string's destination; x: a value read.
 *
 * n = 0 (sizes_zero)
 *   clear_user, copy_to_user, copy_from_user(_nozero), __ forms   0, untouched
 *   check_zeroed_user(u, 0)                                       1, nothing read
 *   copy_struct_from_user(k, 16, u, 0)                            0, k[0, 16) zeroed
 *   strncpy_from_user(d, u, 0)                                    0, d not written
 *   strnlen_user(u, 0)                                            0, as Linux's
 *   copy_{from,to}_kernel_nofault, strncpy_from_kernel_nofault    0 at NULL, untouched
 * n = ULONG_MAX, LONG_MAX, negative counts (sizes_huge)
 *   clear_user, copy_to_user, copy_from_user_nozero               ULONG_MAX, untouched
 *   check_zeroed_user, copy_struct_from_user                      -EFAULT (k zeroed)
 *   access_ok, user_access_begin                                  false, no window
 *   strncpy_from_user, strnlen_user, LONG_MAX, "aa" NUL before E  2, 3: bounded by E
 *   the same with no NUL before E                                 -EFAULT, 0
 *   strncpy_from_user, strnlen_user, strncpy_from_kernel_nofault,
 *     count LONG_MIN or -1                                        0, 1, 0; d not written
 *   copy_from_user is not tried: its zero-fill writes to[0, n), which the caller must own.
 * p + n wraps (wrapping)
 *   access_ok, clear_user, copy_to_user, copy_from_user_nozero,
 *     check_zeroed_user, user_access_begin                        false, n, -EFAULT, false
 *   get_user, put_user of 4 bytes at ULONG_MAX - 1                -EFAULT (x = 0), untouched
 * the user end (at_the_end)
 *   clear_user, copy_to_user, copy_from_user on [E - 8, E)        0, those bytes, none at E
 *   the same on [E - 8, E + 1)                                    9, untouched, k[0, 9) zeroed
 *   get_user of 4 bytes at E - 4                                  0
 *   get_user, put_user of 4 bytes at E - 3                        -EFAULT (x = 0), untouched
 *   check_zeroed_user, user_access_begin on [E - 8, E + 1)        -EFAULT, false
 * a kernel address, and NULL with the range from 4096 (kernel_addresses, null_pointers)
 *   every checked call: bulk n (copy_from_user zeroes), scalars -EFAULT (x = 0), strings
 *   -EFAULT / 0, check_zeroed_user -EFAULT, copy_struct_from_user -EFAULT (k zeroed),
 *   user_access_begin and access_ok(NULL, 0 or 1) false; untouched
 * __ forms with n = ULONG_MAX, h a hole (unchecked_huge)
 *   __clear_user(h - 8), __copy_from_user(k, h - 8)               ULONG_MAX - 8, 8 bytes done,
 *                                                                 none past them (to + n wraps)
 * across the end of canonical space, x86-64 (noncanonical, TEST_ARCH_CANONICAL_END)
 *   __clear_user, __copy_{to,from}_user on [end - 8, end + 8)     16: the last canonical page
 *   is mapped on no platform here, so the first byte faults (#PF). A mapped last page, where
 *   the #GP at the end would stop the count at 8, needs a platform that can map it (Linux
 *   cannot: TASK_SIZE). The kernel probes of non-canonical addresses are in test_nofault.c.
 */
#include <limits.h>
#include <string.h>
#include <uaccess.h>
#include "harness.h"
#include "platform.h"
#include "suite.h"
#include "test_arch.h"

#define CANARY 0x5a
#define KLEN 256

static size_t page;
static unsigned char *U, *E, *kbuf;

/* The test's own window around its fills and checks of user memory. */
static void fill_user(unsigned char *p, size_t n, unsigned char v)
{
	plat_user_begin();
	memset(p, v, n);
	plat_user_end();
}

static bool user_is(const unsigned char *p, size_t n, unsigned char v)
{
	size_t at;

	plat_user_begin();
	at = t_first_not(p, n, v);
	plat_user_end();
	return at == n;
}

/* The three user pages and the kernel buffer hold the canary. */
static void reset(void)
{
	fill_user(U, 3 * page, CANARY);
	memset(kbuf, CANARY, KLEN);
}

static bool untouched(void)
{
	return user_is(U, 3 * page, CANARY) &&
	       t_first_not(kbuf, KLEN, CANARY) == KLEN;
}

/* n = 0: nothing is done and nothing is reported left. */
static void sizes_zero(void)
{
	unsigned char __user *u = UPTR(U + 100);
	char s[8];

	t_group_begin("hostile: n = 0 for every call");
	reset();
	t_case(clear_user(u, 0) == 0 && __clear_user(u, 0) == 0,
	       "clear_user(u, 0) did not return 0");
	t_case(copy_to_user(u, kbuf, 0) == 0 && __copy_to_user(u, kbuf, 0) == 0,
	       "copy_to_user(u, k, 0) did not return 0");
	t_case(copy_from_user(kbuf, u, 0) == 0 &&
	       __copy_from_user(kbuf, u, 0) == 0 &&
	       copy_from_user_nozero(kbuf, u, 0) == 0,
	       "copy_from_user(k, u, 0) did not return 0");
	t_case(check_zeroed_user(u, 0) == 1, "check_zeroed_user(u, 0) != 1");
	t_case(copy_struct_from_user(kbuf, 16, u, 0) == 0 &&
	       t_first_not(kbuf, 16, 0) == 16 &&
	       t_first_not(kbuf + 16, KLEN - 16, CANARY) == KLEN - 16,
	       "copy_struct_from_user(k, 16, u, 0): not 0 with k[0, 16) zero");
	memset(kbuf, CANARY, KLEN);
	memset(s, CANARY, sizeof(s));
	t_case(strncpy_from_user(s, (const char __user *)u, 0) == 0 &&
	       t_first_not((unsigned char *)s, sizeof(s), CANARY) == sizeof(s),
	       "strncpy_from_user(d, u, 0): not 0, or d written");
	t_case(strnlen_user((const char __user *)u, 0) == 0,
	       "strnlen_user(u, 0) != 0 (Linux's answer)");
	t_case(copy_from_kernel_nofault(kbuf, NULL, 0) == 0 &&
	       copy_to_kernel_nofault(NULL, kbuf, 0) == 0,
	       "nofault copy of 0 bytes at NULL did not return 0");
	t_case(strncpy_from_kernel_nofault(s, NULL, 0) == 0 &&
	       t_first_not((unsigned char *)s, sizeof(s), CANARY) == sizeof(s),
	       "strncpy_from_kernel_nofault(d, NULL, 0): not 0, or d written");
	t_case(untouched(), "a call of 0 bytes touched memory");
	t_group_end();
}

/*
 * n = ULONG_MAX (and LONG_MAX, negative counts for the strings): the
 * checked calls refuse it whole. copy_from_user is left out: its
 * zero-fill writes to[0, n), which the caller must own (the size of a
 * kernel buffer is the kernel's, not the user's, to choose).
 */
static void sizes_huge(void)
{
	unsigned char __user *u = UPTR(U + 100);
	char s[8];

	t_group_begin("hostile: n = ULONG_MAX, LONG_MAX, negative counts");
	reset();
	t_case(clear_user(u, ULONG_MAX) == ULONG_MAX,
	       "clear_user(u, ULONG_MAX) != ULONG_MAX");
	t_case(copy_to_user(u, kbuf, ULONG_MAX) == ULONG_MAX,
	       "copy_to_user(u, k, ULONG_MAX) != ULONG_MAX");
	t_case(copy_from_user_nozero(kbuf, u, ULONG_MAX) == ULONG_MAX,
	       "copy_from_user_nozero(k, u, ULONG_MAX) != ULONG_MAX");
	t_case(check_zeroed_user(u, ULONG_MAX) == -UACCESS_EFAULT,
	       "check_zeroed_user(u, ULONG_MAX) != -EFAULT");
	t_case(copy_struct_from_user(kbuf, 16, u, ULONG_MAX) == -UACCESS_EFAULT &&
	       t_first_not(kbuf, 16, 0) == 16,
	       "copy_struct_from_user(k, 16, u, ULONG_MAX): not -EFAULT with "
	       "k zeroed");
	memset(kbuf, CANARY, 16);
	t_case(!access_ok(u, ULONG_MAX), "access_ok(u, ULONG_MAX)");
	t_case(!user_access_begin(u, ULONG_MAX),
	       "user_access_begin(u, ULONG_MAX) opened a window");
	t_case(untouched(), "a call of ULONG_MAX bytes touched memory");

	/* Strings: bounded by the user end, not refused; "ab" then NUL. */
	fill_user(E - 3, 3, 0);
	fill_user(E - 3, 2, 'a');
	memset(s, CANARY, sizeof(s));
	t_case(strncpy_from_user(s, (const char __user *)(E - 3), LONG_MAX) == 2 &&
	       !memcmp(s, "aa", 3), "strncpy_from_user(d, \"aa\", LONG_MAX) != 2");
	t_case(strnlen_user((const char __user *)(E - 3), LONG_MAX) == 3,
	       "strnlen_user(\"aa\", LONG_MAX) != 3");
	/* No NUL before the user end: a fault there, whatever the count. */
	fill_user(E - 3, 3, 'b');
	t_case(strncpy_from_user(s, (const char __user *)(E - 3), LONG_MAX) ==
	       -UACCESS_EFAULT, "strncpy_from_user running into the end, "
	       "LONG_MAX: not -EFAULT");
	t_case(strnlen_user((const char __user *)(E - 3), LONG_MAX) == 0,
	       "strnlen_user running into the end, LONG_MAX: not 0");
	memset(s, CANARY, sizeof(s));
	t_case(strncpy_from_user(s, (const char __user *)u, LONG_MIN) == 0 &&
	       strncpy_from_user(s, (const char __user *)u, -1) == 0 &&
	       t_first_not((unsigned char *)s, sizeof(s), CANARY) == sizeof(s),
	       "strncpy_from_user with count < 0: not 0, or d written");
	t_case(strnlen_user((const char __user *)u, LONG_MIN) == 0 &&
	       strnlen_user((const char __user *)u, -1) == 0,
	       "strnlen_user with n < 0: not 0");
	t_case(strncpy_from_kernel_nofault(s, kbuf, LONG_MIN) == 0 &&
	       t_first_not((unsigned char *)s, sizeof(s), CANARY) == sizeof(s),
	       "strncpy_from_kernel_nofault with count < 0: not 0, or d written");
	t_group_end();
}

/* Pointer + n wrapping around the address space: refused, nothing done. */
static void wrapping(void)
{
	unsigned long a = (unsigned long)U + 100, n = ULONG_MAX - a + 17;
	unsigned char __user *u = UPTR(a);
	unsigned int v = 7;

	t_group_begin("hostile: ranges that wrap around the address space");
	reset();
	t_case(!access_ok(u, n), "access_ok(%#lx, %#lx) wraps", a, n);
	t_case(clear_user(u, n) == n, "clear_user wrapping != n");
	t_case(copy_to_user(u, kbuf, n) == n, "copy_to_user wrapping != n");
	t_case(copy_from_user_nozero(kbuf, u, n) == n,
	       "copy_from_user_nozero wrapping != n");
	t_case(check_zeroed_user(u, n) == -UACCESS_EFAULT,
	       "check_zeroed_user wrapping != -EFAULT");
	t_case(!user_access_begin(u, n), "user_access_begin wrapping opened");
	t_case(get_user(v, (unsigned int __user *)(ULONG_MAX - 1)) ==
	       -UACCESS_EFAULT && v == 0, "get_user of 4 bytes at ULONG_MAX - 1");
	t_case(put_user(v, (unsigned int __user *)(ULONG_MAX - 1)) ==
	       -UACCESS_EFAULT, "put_user of 4 bytes at ULONG_MAX - 1");
	t_case(untouched(), "a wrapping range touched memory");
	t_group_end();
}

/*
 * Ranges that end exactly at the user end work; one byte more is refused
 * whole, although the byte at E is mapped.
 */
static void at_the_end(void)
{
	unsigned char k[16];
	unsigned int v = 0, w;

	t_group_begin("hostile: ranges ending at the user end and one past");
	reset();
	w = kbuf[0] * 0x01020304U;	/* not a constant: sparse folds those */
	t_case(clear_user(UPTR(E - 8), 8) == 0 && user_is(E - 8, 8, 0) &&
	       user_is(E, page, CANARY), "clear_user of the last 8 bytes");
	reset();
	t_case(clear_user(UPTR(E - 8), 9) == 9 && untouched(),
	       "clear_user of 9 bytes from E - 8: not 9, or memory touched");
	memset(k, 0x33, sizeof(k));
	t_case(copy_to_user(UPTR(E - 8), k, 8) == 0 && user_is(E - 8, 8, 0x33) &&
	       user_is(E, page, CANARY), "copy_to_user of the last 8 bytes");
	reset();
	t_case(copy_to_user(UPTR(E - 8), k, 9) == 9 && untouched(),
	       "copy_to_user of 9 bytes from E - 8: not 9, or memory touched");
	t_case(copy_from_user(k, UPTR(E - 8), 9) == 9 &&
	       t_first_not(k, 9, 0) == 9 && k[9] == 0x33,
	       "copy_from_user of 9 bytes from E - 8: not 9 with k[0, 9) zeroed");
	t_case(copy_from_user(k, UPTR(E - 8), 8) == 0 &&
	       t_first_not(k, 8, CANARY) == 8,
	       "copy_from_user of the last 8 bytes");
	t_case(get_user(v, (unsigned int __user *)(E - 4)) == 0 &&
	       v == 0x5a5a5a5aU, "get_user of the last 4 bytes");
	t_case(get_user(v, (unsigned int __user *)(E - 3)) == -UACCESS_EFAULT &&
	       v == 0, "get_user of 4 bytes from E - 3");
	t_case(put_user(w, (unsigned int __user *)(E - 3)) ==
	       -UACCESS_EFAULT && untouched(), "put_user of 4 bytes from E - 3");
	t_case(check_zeroed_user(UPTR(E - 8), 9) == -UACCESS_EFAULT,
	       "check_zeroed_user of 9 bytes from E - 8");
	t_case(!user_access_begin(UPTR(E - 8), 9),
	       "user_access_begin of 9 bytes from E - 8 opened");
	t_case(untouched(), "a range past the user end touched memory");
	t_group_end();
}

/* Kernel addresses handed to the checked calls: refused, nothing touched. */
static void kernel_addresses(void)
{
	unsigned char __user *k = UPTR(kbuf);
	unsigned char d[16];
	char s[16];
	unsigned long v = 9;

	t_group_begin("hostile: kernel addresses to the checked calls");
	reset();
	memset(d, 0x66, sizeof(d));
	t_case(clear_user(k, 16) == 16, "clear_user(kernel, 16) != 16");
	t_case(copy_to_user(k, d, 16) == 16, "copy_to_user(kernel, 16) != 16");
	memset(d, 0x77, sizeof(d));
	t_case(copy_from_user(d, k, 16) == 16 && t_first_not(d, 16, 0) == 16,
	       "copy_from_user(d, kernel, 16): not 16 with d zeroed");
	t_case(get_user(v, (unsigned long __user *)k) == -UACCESS_EFAULT &&
	       v == 0, "get_user(kernel)");
	t_case(put_user(v, (unsigned long __user *)k) == -UACCESS_EFAULT,
	       "put_user(kernel)");
	t_case(strncpy_from_user(s, (const char __user *)k, 16) == -UACCESS_EFAULT,
	       "strncpy_from_user(kernel)");
	t_case(strnlen_user((const char __user *)k, 16) == 0,
	       "strnlen_user(kernel) != 0");
	t_case(check_zeroed_user(k, 16) == -UACCESS_EFAULT,
	       "check_zeroed_user(kernel)");
	t_case(copy_struct_from_user(d, 16, k, 16) == -UACCESS_EFAULT &&
	       t_first_not(d, 16, 0) == 16, "copy_struct_from_user(kernel)");
	t_case(!user_access_begin(k, 16), "user_access_begin(kernel) opened");
	t_case(untouched(), "a kernel address given to a checked call: touched");
	t_group_end();
}

/* NULL, with the user range starting at 4096. */
static void null_pointers(void)
{
	unsigned char d[8];
	char s[8];
	int v = 3;

	uaccess_set_user_range(4096, (unsigned long)E);
	t_group_begin("hostile: NULL with the user range from 4096");
	reset();
	t_case(!access_ok(NULL, 0) && !access_ok(NULL, 1), "access_ok(NULL)");
	t_case(clear_user(NULL, 8) == 8, "clear_user(NULL, 8) != 8");
	t_case(copy_to_user(NULL, d, 8) == 8, "copy_to_user(NULL, 8) != 8");
	memset(d, 0x77, sizeof(d));
	t_case(copy_from_user(d, NULL, 8) == 8 && t_first_not(d, 8, 0) == 8,
	       "copy_from_user(d, NULL, 8): not 8 with d zeroed");
	t_case(get_user(v, (int __user *)NULL) == -UACCESS_EFAULT && v == 0,
	       "get_user(NULL)");
	t_case(put_user(v, (int __user *)NULL) == -UACCESS_EFAULT,
	       "put_user(NULL)");
	t_case(strncpy_from_user(s, NULL, 8) == -UACCESS_EFAULT,
	       "strncpy_from_user(NULL)");
	t_case(strnlen_user(NULL, 8) == 0, "strnlen_user(NULL) != 0");
	t_case(check_zeroed_user(NULL, 8) == -UACCESS_EFAULT,
	       "check_zeroed_user(NULL)");
	t_case(!user_access_begin(NULL, 8), "user_access_begin(NULL) opened");
	t_case(untouched(), "NULL given to a checked call: memory touched");
	t_group_end();
}

/*
 * The unchecked forms with n = ULONG_MAX (the caller's check was wrong):
 * they stop at the first inaccessible byte and report the rest exactly,
 * although to + n wraps. Only the user side is huge: the kernel side of
 * __copy_from_user gets to[0, k) and nothing else.
 */
static void unchecked_huge(void)
{
	unsigned char *h = plat_alloc_pages(2) + page;	/* a hole at h */

	plat_protect(h, 1, PLAT_NONE);
	t_group_begin("hostile: __ forms with n = ULONG_MAX stop at a hole");
	fill_user(h - 24, 24, CANARY);
	t_case(__clear_user(UPTR(h - 8), ULONG_MAX) == ULONG_MAX - 8 &&
	       user_is(h - 8, 8, 0) && user_is(h - 24, 16, CANARY),
	       "__clear_user(h - 8, ULONG_MAX): not ULONG_MAX - 8 with 8 zeroed");
	fill_user(h - 8, 8, 0x44);
	memset(kbuf, CANARY, KLEN);
	t_case(__copy_from_user(kbuf, UPTR(h - 8), ULONG_MAX) == ULONG_MAX - 8 &&
	       t_first_not(kbuf, 8, 0x44) == 8 &&
	       t_first_not(kbuf + 8, KLEN - 8, CANARY) == KLEN - 8,
	       "__copy_from_user(k, h - 8, ULONG_MAX): not ULONG_MAX - 8, or k "
	       "written past 8");
	t_group_end();
}

#ifdef TEST_ARCH_CANONICAL_END
/*
 * The __ forms on a range from the last canonical page into
 * non-canonical space. No platform here maps that page, so every byte
 * faults: the first with a page fault, the rest never reached.
 */
static void noncanonical(void)
{
	unsigned char __user *u = UPTR(TEST_ARCH_CANONICAL_END - 8);

	t_group_begin("hostile: __ forms across the end of canonical space");
	memset(kbuf, CANARY, KLEN);
	t_case(__clear_user(u, 16) == 16, "__clear_user across: not 16");
	t_case(__copy_to_user(u, kbuf, 16) == 16, "__copy_to_user across: not 16");
	t_case(__copy_from_user(kbuf, u, 16) == 16 &&
	       t_first_not(kbuf, KLEN, CANARY) == KLEN,
	       "__copy_from_user across: not 16, or k written");
	t_group_end();
}
#endif

void test_hostile(void)
{
	unsigned long start0 = uaccess_user_start, end0 = uaccess_user_end;

	page = plat_page_size();
	U = plat_alloc_pages(3);
	E = U + 2 * page;
	kbuf = plat_alloc_kernel_pages(1);

	uaccess_set_user_range((unsigned long)U, (unsigned long)E);
	sizes_zero();
	sizes_huge();
	wrapping();
	at_the_end();
	kernel_addresses();
	null_pointers();
	uaccess_set_user_range(start0, end0);
	unchecked_huge();
#ifdef TEST_ARCH_CANONICAL_END
	noncanonical();
#endif
}
