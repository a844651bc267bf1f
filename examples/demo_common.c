// SPDX-License-Identifier: MIT
/*
 * The demo steps that read the same on every architecture: the contracts
 * of clear_user, copy_from_user and get_user/put_user do not depend on the
 * CPU, so neither does how the demo shows them. Only the platform layer
 * (tests/harness/platform.h) is used, which both bare-metal kernels implement.
 */
#include <string.h>
#include <uaccess.h>
#include "platform.h"
#include "demo_common.h"

#define PATTERN 0x5a	/* user bytes the calls must not touch */
#define STALE 0xee	/* old kernel data that must not leak */

static bool all_ok = true;

void demo_verdict(bool ok)
{
	plat_printf("   -> %s\n\n", ok ? "as the contract says" : "WRONG");
	all_ok &= ok;
}

static bool all(const unsigned char *p, size_t n, unsigned char v)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != v)
			return false;
	return true;
}

/*
 * User memory: three pages, the middle one unmapped. The test side's own
 * reads and writes of user memory open a user-access window too (SMAP's
 * stac/clac, KUAP's PID).
 */
static unsigned char *user_pages(void)
{
	unsigned char *u = plat_alloc_pages(3);

	plat_user_begin();
	memset(u, PATTERN, 3 * plat_page_size());
	plat_user_end();
	plat_protect(u + plat_page_size(), 1, PLAT_NONE);
	return u;
}

void demo_padzero(const char *faults_how)
{
	unsigned char *u = user_pages();
	unsigned long page = plat_page_size();
	unsigned long start = 3000, n = 3800;	/* a bss tail of 3800 bytes */
	unsigned long f0 = plat_fault_count(), left, done;
	bool before, cleared, after;

	plat_printf("2. clear_user(%p, %lu): the ELF loader zeroes the tail of a bss\n"
		    "   (padzero), and the range runs into an unmapped page\n",
		    (void *)(u + start), n);
	left = clear_user(UPTR(u + start), n);
	done = n - left;
	plat_user_begin();
	before = all(u, start, PATTERN);
	cleared = all(u + start, done, 0);
	after = all(u + 2 * page, page, PATTERN);
	plat_user_end();
	plat_printf("   returned %lu: %lu bytes cleared (to the end of the page), "
		    "%lu not;\n   %lu%s\n", left, done, left,
		    plat_fault_count() - f0, faults_how);
	plat_printf("   around it: the %lu bytes before %s, the cleared bytes %s,\n"
		    "   the page after the hole %s\n", start,
		    before ? "untouched" : "CHANGED",
		    cleared ? "all zero" : "NOT ZERO",
		    after ? "untouched" : "WRITTEN");
	demo_verdict(done == page - start && before && cleared && after);
}

void demo_partial_copy(void)
{
	unsigned char *u = user_pages();
	unsigned char *k = plat_alloc_kernel_pages(1);
	unsigned long page = plat_page_size();
	unsigned long avail = 100, n = 256, left;
	unsigned char *src = u + page - avail;
	bool data = true;

	plat_user_begin();
	for (unsigned long i = 0; i < avail; i++)
		src[i] = (unsigned char)(i + 1);
	plat_user_end();
	memset(k, STALE, page);
	plat_printf("3. copy_from_user(kbuf, %p, %lu): only the first %lu bytes are\n"
		    "   mapped; kbuf held old kernel data (%#x)\n", (void *)src,
		    n, avail, STALE);
	left = copy_from_user(k, UPTR(src), n);
	for (unsigned long i = 0; i < avail; i++)
		data &= k[i] == (unsigned char)(i + 1);
	plat_printf("   returned %lu: kbuf[0, %lu) %s,\n"
		    "   kbuf[%lu, %lu) %s, kbuf beyond %lu %s\n", left, avail,
		    data ? "is the user data" : "is WRONG", avail, n,
		    all(k + avail, n - avail, 0) ?
			"zero-filled (no stale data leaks)" : "NOT ZERO-FILLED",
		    n, all(k + n, page - n, STALE) ? "untouched" : "WRITTEN");
	demo_verdict(left == n - avail && data && all(k + avail, n - avail, 0) &&
		     all(k + n, page - n, STALE));
}

static unsigned long kernel_secret = 0x5ec7e7;

void demo_kernel_address(void)
{
	unsigned long x = 12345;
	int r, w;

	plat_printf("4. get_user(x, %p) and put_user(0, %p): a kernel address\n"
		    "   passed in by a user (the user range is [%#lx, %#lx))\n",
		    (void *)&kernel_secret, (void *)&kernel_secret,
		    uaccess_user_start, uaccess_user_end);
	r = get_user(x, (unsigned long __user *)&kernel_secret);
	w = put_user(0UL, (unsigned long __user *)&kernel_secret);
	plat_printf("   get_user returned %d and set x = %lu; put_user returned %d"
		    " and\n   the kernel value is still %#lx\n", r, x, w,
		    kernel_secret);
	demo_verdict(r == -UACCESS_EFAULT && x == 0 && w == -UACCESS_EFAULT &&
		     kernel_secret == 0x5ec7e7);
}

bool demo_done(void)
{
	plat_printf("%s\n", all_ok ? "All as the contract says." :
				     "SOMETHING WENT WRONG");
	return all_ok;
}
