// SPDX-License-Identifier: MIT
/*
 * The demo kernel: the library at work in a real kernel, in a short report
 * a newcomer can read. Same machine setup as the test kernel (kernel.c,
 * mmu.c, trap.c); instead of the suite it initialises the library the way
 * a kernel does (uaccess_init(), with the text-poke hook) and shows:
 *
 *  1. what uaccess_init() chose for this CPU;
 *  2. clear_user running into an unmapped page: the ELF loader's "padzero"
 *     of the bss tail, with the count of bytes not cleared;
 *  3. copy_from_user from a partly unmapped buffer: the short count and
 *     the zero-filled tail of the kernel buffer;
 *  4. get_user / put_user on a kernel address: refused by access_ok;
 *  5. SMAP catching a stray kernel access to user memory.
 *
 * Every step checks what it shows; the run passes only if all hold.
 */
#include <string.h>
#include <uaccess.h>
#include "kernel.h"
#include "platform.h"

const char kernel_name[] = "demo";

#define PATTERN 0x5a	/* user bytes the calls must not touch */
#define STALE 0xee	/* old kernel data that must not leak */

static bool all_ok = true;

static void verdict(bool ok)
{
	kprintf("   -> %s\n\n", ok ? "as the contract says" : "WRONG");
	all_ok &= ok;
}

static bool all(const unsigned char *p, size_t n, unsigned char v)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != v)
			return false;
	return true;
}

/* User memory: three pages, the middle one unmapped. */
static unsigned char *user_pages(void)
{
	unsigned char *u = plat_alloc_pages(3);

	plat_user_begin();
	memset(u, PATTERN, 3 * PAGE_SIZE);
	plat_user_end();
	plat_protect(u + PAGE_SIZE, 1, PLAT_NONE);
	return u;
}

static void padzero(void)
{
	unsigned char *u = user_pages();
	unsigned long start = 3000, n = 3800;	/* a bss tail of 3800 bytes */
	unsigned long f0 = plat_fault_count(), left, done;
	bool before, cleared, after;

	kprintf("2. clear_user(%p, %lu): the ELF loader zeroes the tail of a bss\n"
		"   (padzero), and the range runs into an unmapped page\n", u + start, n);
	left = clear_user(u + start, n);
	done = n - left;
	plat_user_begin();
	before = all(u, start, PATTERN);
	cleared = all(u + start, done, 0);
	after = all(u + 2 * PAGE_SIZE, PAGE_SIZE, PATTERN);
	plat_user_end();
	kprintf("   returned %lu: %lu bytes cleared (to the end of the page), %lu not;\n"
		"   %lu page fault, resolved through uaccess_fixup()\n",
		left, done, left, plat_fault_count() - f0);
	kprintf("   around it: the %lu bytes before %s, the cleared bytes %s,\n"
		"   the page after the hole %s\n", start,
		before ? "untouched" : "CHANGED", cleared ? "all zero" : "NOT ZERO",
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
	kprintf("3. copy_from_user(kbuf, %p, %lu): only the first %lu bytes are\n"
		"   mapped; kbuf held old kernel data (%#x)\n", src, n, avail, STALE);
	left = copy_from_user(k, src, n);
	for (unsigned long i = 0; i < avail; i++)
		data &= k[i] == (unsigned char)(i + 1);
	kprintf("   returned %lu: kbuf[0, %lu) %s,\n"
		"   kbuf[%lu, %lu) %s, kbuf beyond %lu %s\n", left, avail,
		data ? "is the user data" : "is WRONG", avail, n,
		all(k + avail, n - avail, 0) ? "zero-filled (no stale data leaks)"
					     : "NOT ZERO-FILLED", n,
		all(k + n, PAGE_SIZE - n, STALE) ? "untouched" : "WRITTEN");
	verdict(left == n - avail && data && all(k + avail, n - avail, 0) &&
		all(k + n, PAGE_SIZE - n, STALE));
}

static unsigned long kernel_secret = 0x5ec7e7;

static void kernel_address(void)
{
	unsigned long x = 12345;
	int r, w;

	kprintf("4. get_user(x, %p) and put_user(0, %p): a kernel address\n"
		"   passed in by a user (the user range is [%#lx, %#lx))\n", (void *)&kernel_secret,
		(void *)&kernel_secret, uaccess_user_start, uaccess_user_end);
	r = get_user(x, &kernel_secret);
	w = put_user(0UL, &kernel_secret);
	kprintf("   get_user returned %d and set x = %lu; put_user returned %d and\n"
		"   the kernel value is still %#lx\n", r, x, w, kernel_secret);
	verdict(r == -UACCESS_EFAULT && x == 0 && w == -UACCESS_EFAULT &&
		kernel_secret == 0x5ec7e7);
}

static void stray_access(void)
{
	unsigned char *u = plat_alloc_pages(1);
	unsigned long f0 = trap_last_fault.count;
	int faulted, inside;

	kprintf("5. a kernel load from user page %p outside a user-access window\n", u);
	if (!smap_on) {
		kprintf("   this CPU has no SMAP: nothing would catch it (try -cpu max)\n\n");
		return;
	}
	faulted = kprobe_load(u);
	kprintf("   %s: #PF, error code %#lx (present page, supervisor read: only\n"
		"   SMAP refuses that), cr2 %#lx\n", faulted ? "caught" : "NOT CAUGHT",
		trap_last_fault.error, trap_last_fault.address);
	plat_user_begin();
	inside = kprobe_load(u);
	plat_user_end();
	kprintf("   the same load between stac and clac: %s\n",
		inside ? "FAULTED" : "fine");
	verdict(faulted && trap_last_fault.count == f0 + 1 &&
		trap_last_fault.error == 0x1 && !inside);
}

bool kernel_run(const char *set)
{
	unsigned long f = uaccess_cpu_features();
	int r;

	(void)set;
	uaccess_set_text_poke(text_poke);
	r = uaccess_init();
	kprintf("\n1. uaccess_init() on this CPU (CPUID:%s%s%s%s) patched in:\n"
		"   %s%s\n", f & UACCESS_FEAT_ERMS ? " ERMS" : "",
		f & UACCESS_FEAT_FSRM ? " FSRM" : "",
		f & UACCESS_FEAT_SMAP ? " SMAP" : "", f ? "" : " none of interest",
		uaccess_strategy_name(),
		f & UACCESS_FEAT_SMAP ? ", stac/clac around every user access" : "");
	verdict(r == 0);

	padzero();
	partial_copy();
	kernel_address();
	stray_access();
	kprintf("%s\n", all_ok ? "All as the contract says." :
				 "SOMETHING WENT WRONG");
	return all_ok;
}
