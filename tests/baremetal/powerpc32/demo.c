// SPDX-License-Identifier: MIT
/*
 * The e500 demo kernel (make demo): the library at work in a real kernel,
 * as a short report. The same kernel as the suite's (start.S, trap.c,
 * mmu.c, console.c), with this main instead of the suite.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <uaccess.h>
#include "kernel.h"
#include "platform.h"
#include "test_arch.h"

__attribute__((noreturn)) void kernel_main(const void *fdt);

static int failed;

static void report(bool ok, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void report(bool ok, const char *fmt, ...)
{
	char line[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	plat_printf("  %s %s\n", ok ? "ok:    " : "FAILED:", line);
	failed += !ok;
}

/* Test-side reads and writes of user memory: inside a KUAP window. */
static void user_fill(unsigned char *p, int c, size_t n)
{
	plat_user_begin();
	memset(p, c, n);
	plat_user_end();
}

/* The offset of the first byte of p[0, n) that is not v, or n. */
static size_t first_not(const unsigned char *p, size_t n, unsigned char v)
{
	size_t i = 0;

	while (i < n && p[i] == v)
		i++;
	return i;
}

static size_t user_first_not(const unsigned char *p, size_t n, unsigned char v)
{
	size_t i;

	plat_user_begin();
	i = first_not(p, n, v);
	plat_user_end();
	return i;
}

/*
 * The ELF loader's "padzero": clear the rest of the last .bss page, which
 * here runs into an unmapped page after `before` bytes.
 */
static void demo_clear(unsigned char *hole)
{
	const unsigned long n = 3700, before = 1234;
	unsigned char *p = hole - before;
	unsigned long left;

	user_fill(hole - 2 * PAGE_SIZE, 0xa5, 2 * PAGE_SIZE);
	left = clear_user(p, n);
	plat_printf("clear_user(%p, %lu), an unmapped page %lu bytes in:\n",
		    (void *)p, n, before);
	report(left == n - before, "returned %lu: the bytes not cleared "
	       "(want %lu)", left, n - before);
	report(user_first_not(p, before, 0) == before,
	       "the %lu bytes before the hole are zero", before);
	report(user_first_not(p - 256, 256, 0xa5) == 256,
	       "the 256 bytes before the range are untouched");
}

/* A read that crosses into the hole: the kernel buffer's tail is zeroed. */
static void demo_copy_from(unsigned char *hole)
{
	const unsigned long n = 256, readable = 100;
	unsigned char *kbuf = plat_alloc_kernel_pages(1);
	unsigned long left;

	memset(kbuf, 0x5a, PAGE_SIZE);
	user_fill(hole - readable, 0x11, readable);
	left = copy_from_user(kbuf, hole - readable, n);
	plat_printf("copy_from_user(kbuf, %p, %lu), %lu bytes readable:\n",
		    (void *)(hole - readable), n, readable);
	report(left == n - readable, "returned %lu not copied (want %lu)", left,
	       n - readable);
	report(first_not(kbuf, readable, 0x11) == readable,
	       "kbuf[0..%lu) holds the user bytes", readable);
	report(first_not(kbuf + readable, n - readable, 0) == n - readable,
	       "kbuf[%lu..%lu) is zero-filled: no stale kernel data", readable,
	       n);
	report(kbuf[n] == 0x5a, "kbuf[%lu] untouched", n);
}

/* A user pointer that points into the kernel: refused before any access. */
static void demo_kernel_pointer(void)
{
	static unsigned int secret = 0x5ec12e7;
	unsigned int x = 1;
	int err = get_user(x, (unsigned int __user *)&secret);

	plat_printf("get_user(x, %p), a kernel address:\n", (void *)&secret);
	report(err == -UACCESS_EFAULT && x == 0,
	       "returned %d (-EFAULT is %d), x = %u", err, -UACCESS_EFAULT, x);
}

/* KUAP: a stray access to a mapped user page outside a window faults. */
static void demo_kuap(unsigned char *page)
{
	unsigned long faults = plat_fault_count(), closed = kuap_closed_faults;
	bool read = test_arch_probe_read(page);

	plat_printf("a kernel read of a mapped user page outside a KUAP window:\n");
	report(!read && plat_fault_count() == faults + 1,
	       "it faulted (the user TLB entries match only while PID = %d)",
	       KUAP_USER_PID);
	kuap_closed_faults = closed;	/* that one was on purpose */
}

void kernel_main(const void *fdt)
{
	unsigned char *user;

	(void)fdt;
	console_init();
	traps_init();
	mmu_init();
	uaccess_set_user_range(USER_BASE, USER_END);
	uaccess_init();

	plat_printf("uaccess demo: a bare-metal PowerPC e500 kernel (PVR %#lx)\n",
		    mfspr(SPR_PVR));
	plat_printf("dcbz clears %lu-byte lines on this CPU; library built for "
		    "%d; strategy: %s\n", uaccess_dcbz_line_size(),
		    UACCESS_DCBZ_LINE, uaccess_strategy_name());
	user = plat_alloc_pages(4);	/* pages 0, 1, hole, 3 */
	plat_protect(user + 2 * PAGE_SIZE, 1, PLAT_NONE);

	demo_clear(user + 2 * PAGE_SIZE);
	demo_copy_from(user + 2 * PAGE_SIZE);
	demo_kernel_pointer();
	demo_kuap(user);

	plat_printf("KUAP: %lu windows opened, %lu closed; %lu faults resolved "
		    "through uaccess_fixup()\n", kuap_count.allows,
		    kuap_count.prevents, plat_fault_count());
	report(kuap_count.allows == kuap_count.prevents && !kuap_count.open &&
		       !kuap_count.misuse && !kuap_closed_faults &&
		       !kuap_open_elsewhere,
	       "every window closed, every library fault inside one");
	plat_printf("# kernel: %s\n", failed ? "fail" : "pass");
	power_off();
}
