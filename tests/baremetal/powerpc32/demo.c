// SPDX-License-Identifier: MIT
/*
 * The e500 demo kernel (make demo): the library at work in a real kernel,
 * in a short report a newcomer can read. The same machine setup as the
 * test kernel (start.S, trap.c, mmu.c, console.c); instead of the suite it
 * initialises the library the way a kernel does and shows:
 *
 *  1. what uaccess_init() measured: the bytes one dcbz clears here;
 *  2. clear_user running into an unmapped page: the ELF loader's "padzero"
 *     of the bss tail, with the count of bytes not cleared;
 *  3. copy_from_user from a partly unmapped buffer: the short count and
 *     the zero-filled tail of the kernel buffer;
 *  4. get_user / put_user on a kernel address: refused by access_ok;
 *  5. KUAP (the PID register) catching a stray kernel access to user
 *     memory;
 *  6. the library's KUAP windows: opened and closed around every call,
 *     faults included.
 *
 * Every step checks what it shows; the run passes only if all hold.
 */
#include <string.h>
#include <uaccess.h>
#include "kernel.h"
#include "platform.h"
#include "test_arch.h"

__attribute__((noreturn)) void kernel_main(const void *fdt);

#define PATTERN 0x5a	/* user bytes the calls must not touch */
#define STALE 0xee	/* old kernel data that must not leak */

static bool all_ok = true;

static void verdict(bool ok)
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
 * reads and writes of user memory open a KUAP window too.
 */
static unsigned char *user_pages(void)
{
	unsigned char *u = plat_alloc_pages(3);

	plat_user_begin();
	memset(u, PATTERN, 3 * PAGE_SIZE);
	plat_user_end();
	plat_protect(u + PAGE_SIZE, 1, PLAT_NONE);
	return u;
}

static void line_size(void)
{
	unsigned long line = uaccess_dcbz_line_size();

	plat_printf("1. uaccess_init() measured what one dcbz clears on this CPU:"
		    " %lu bytes\n   (the library was built for %d-byte lines), "
		    "so it chose: %s\n", line, UACCESS_DCBZ_LINE,
		    uaccess_strategy_name());
	verdict(line == UACCESS_DCBZ_LINE || line == 0);
}

static void padzero(void)
{
	unsigned char *u = user_pages();
	unsigned long start = 3000, n = 3800;	/* a bss tail of 3800 bytes */
	unsigned long f0 = plat_fault_count(), left, done;
	bool before, cleared, after;

	plat_printf("2. clear_user(%p, %lu): the ELF loader zeroes the tail of a bss\n"
		    "   (padzero), and the range runs into an unmapped page\n",
		    (void *)(u + start), n);
	left = clear_user(u + start, n);
	done = n - left;
	plat_user_begin();
	before = all(u, start, PATTERN);
	cleared = all(u + start, done, 0);
	after = all(u + 2 * PAGE_SIZE, PAGE_SIZE, PATTERN);
	plat_user_end();
	plat_printf("   returned %lu: %lu bytes cleared (to the end of the page), "
		    "%lu not;\n   %lu faults resolved through uaccess_fixup() "
		    "(the fast loop's, then the\n   byte-by-byte finish's at the "
		    "exact first unmapped byte)\n", left, done, left,
		    plat_fault_count() - f0);
	plat_printf("   around it: the %lu bytes before %s, the cleared bytes %s,\n"
		    "   the page after the hole %s\n", start,
		    before ? "untouched" : "CHANGED",
		    cleared ? "all zero" : "NOT ZERO",
		    after ? "untouched" : "WRITTEN");
	verdict(done == PAGE_SIZE - start && before && cleared && after);
}

static void partial_copy(void)
{
	unsigned char *u = user_pages();
	unsigned char *k = plat_alloc_kernel_pages(1);
	unsigned long avail = 100, n = 256, left;
	unsigned char *src = u + PAGE_SIZE - avail;
	bool data = true;

	plat_user_begin();
	for (unsigned long i = 0; i < avail; i++)
		src[i] = (unsigned char)(i + 1);
	plat_user_end();
	memset(k, STALE, PAGE_SIZE);
	plat_printf("3. copy_from_user(kbuf, %p, %lu): only the first %lu bytes are\n"
		    "   mapped; kbuf held old kernel data (%#x)\n", (void *)src,
		    n, avail, STALE);
	left = copy_from_user(k, src, n);
	for (unsigned long i = 0; i < avail; i++)
		data &= k[i] == (unsigned char)(i + 1);
	plat_printf("   returned %lu: kbuf[0, %lu) %s,\n"
		    "   kbuf[%lu, %lu) %s, kbuf beyond %lu %s\n", left, avail,
		    data ? "is the user data" : "is WRONG", avail, n,
		    all(k + avail, n - avail, 0) ?
			"zero-filled (no stale data leaks)" : "NOT ZERO-FILLED",
		    n, all(k + n, PAGE_SIZE - n, STALE) ? "untouched" : "WRITTEN");
	verdict(left == n - avail && data && all(k + avail, n - avail, 0) &&
		all(k + n, PAGE_SIZE - n, STALE));
}

static unsigned long kernel_secret = 0x5ec7e7;

static void kernel_address(void)
{
	unsigned long x = 12345;
	int r, w;

	plat_printf("4. get_user(x, %p) and put_user(0, %p): a kernel address\n"
		    "   passed in by a user (the user range is [%#lx, %#lx))\n",
		    (void *)&kernel_secret, (void *)&kernel_secret,
		    uaccess_user_start, uaccess_user_end);
	r = get_user(x, &kernel_secret);
	w = put_user(0UL, &kernel_secret);
	plat_printf("   get_user returned %d and set x = %lu; put_user returned %d"
		    " and\n   the kernel value is still %#lx\n", r, x, w,
		    kernel_secret);
	verdict(r == -UACCESS_EFAULT && x == 0 && w == -UACCESS_EFAULT &&
		kernel_secret == 0x5ec7e7);
}

/*
 * KUAP: user pages' TLB entries match only while PID = KUAP_USER_PID, so
 * a kernel access outside a window misses the TLB and faults. The probe
 * (test_arch_probe_read()) carries its own exception-table entry.
 */
static void stray_access(void)
{
	unsigned char *u = plat_alloc_pages(1);
	unsigned long f0 = plat_fault_count(), closed = kuap_closed_faults;
	bool outside, inside;

	plat_printf("5. a kernel load from user page %p outside a KUAP window\n",
		    (void *)u);
	outside = test_arch_probe_read(u);
	kuap_closed_faults = closed;	/* that one was on purpose */
	plat_printf("   %s: the page is mapped, but its TLB entries match only "
		    "while\n   PID = %d, and the kernel runs with PID = 0\n",
		    outside ? "NOT CAUGHT" : "caught", KUAP_USER_PID);
	plat_user_begin();
	inside = test_arch_probe_read(u);
	plat_user_end();
	plat_printf("   the same load with PID = %d (a window open): %s\n",
		    KUAP_USER_PID, inside ? "fine" : "FAULTED");
	verdict(!outside && plat_fault_count() == f0 + 1 && inside);
}

static void kuap_windows(void)
{
	bool balanced = kuap_count.allows == kuap_count.prevents &&
			!kuap_count.open && !kuap_count.misuse;

	plat_printf("6. the library's KUAP hooks (uaccess/kuap.h) around the "
		    "calls above:\n   %lu windows opened, %lu closed, %s; "
		    "%lu library faults with none open\n", kuap_count.allows,
		    kuap_count.prevents, balanced ? "none nested" : "UNBALANCED",
		    kuap_closed_faults);
	verdict(balanced && kuap_count.allows > 0 && !kuap_closed_faults &&
		!kuap_open_elsewhere);
}

void kernel_main(const void *fdt)
{
	(void)fdt;
	console_init();
	traps_init();
	mmu_init();
	/* access_ok() refuses everything outside the user region. */
	uaccess_set_user_range(USER_BASE, USER_END);
	uaccess_init();

	plat_printf("# uaccess demo: PowerPC e500 (PVR %#lx), bare metal on QEMU "
		    "ppce500\n\n", mfspr(SPR_PVR));
	line_size();
	padzero();
	partial_copy();
	kernel_address();
	stray_access();
	kuap_windows();
	plat_printf("%s\n", all_ok ? "All as the contract says." :
				     "SOMETHING WENT WRONG");
	plat_printf("# kernel: %s\n", all_ok ? "pass" : "fail");
	power_off();
}
