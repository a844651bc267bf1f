// SPDX-License-Identifier: MIT
/*
 * The first checks of the Cortex-M kernel, from before the suite ran
 * here, kept as its own cases (run after the suite, t_after_suite): 8
 * user pages of the platform, page 4 a hole (unmapped for unprivileged
 * accesses, privileged code still reaches it) and page 6 read-only.
 * Every bulk call at every distance (0..40) from the hole and every size
 * 0..48 returns the exact count, touches the bytes before the hole and
 * not one byte of it; the scalars, the futex atomic, the kernel probe of
 * the hole, the masked address and address 0 (unprivileged: faults under
 * PRIVDEFENA).
 */
#include <string.h>
#include <uaccess.h>
#include "harness.h"
#include "kernel.h"
#include "platform.h"

static void check(int ok, const char *what, unsigned long a, unsigned long b)
{
	t_case(ok, "smoke: %s (%lu, %lu)", what, a, b);
}

static unsigned char kbuf[128], pattern[128];
static unsigned long user_area, hole_addr, ro_addr;

/*
 * Around the hole: start k bytes below it (0..40, its bytes accessible), n
 * bytes (0..48). Each call must return n - min(k, n), touch the k bytes
 * below the hole and not one byte of it (privileged reads check; the
 * hole holds 0xa5).
 */
static void sweep_hole(void)
{
	volatile unsigned char *hole = (volatile unsigned char *)hole_addr;

	for (unsigned int i = 0; i < sizeof(pattern); i++)
		pattern[i] = (unsigned char)(i * 7 + 1);
	for (unsigned int i = 0; i < 64; i++)
		hole[i] = 0xa5;
	for (unsigned int k = 0; k <= 40; k++) {
		for (unsigned int n = 0; n <= 48; n++) {
			unsigned char *p = (unsigned char *)hole_addr - k;
			unsigned long want = n - (k < n ? k : n), left;
			unsigned int ok = 1, ko = k & 3;

			memset(p, 0x5a, k);
			left = clear_user((void __user *)p, n);
			check(left == want, "clear_user count", k, n);
			for (unsigned int i = 0; i < k; i++)
				ok &= p[i] == (i < n ? 0 : 0x5a);
			check(ok, "clear_user bytes", k, n);

			memset(p, 0x5a, k);
			left = copy_to_user((void __user *)p, pattern + ko, n);
			check(left == want, "copy_to_user count", k, n);
			for (unsigned int i = 0, o = 1; i < k; i++, ok &= o)
				o = p[i] == (i < n ? pattern[ko + i] : 0x5a);
			check(ok, "copy_to_user bytes", k, n);

			/* Misaligned against the user side for k + n odd. */
			memset(kbuf, 0xee, sizeof(kbuf));
			for (unsigned int i = 0; i < k; i++)
				p[i] = pattern[i];
			left = copy_from_user(kbuf + (n & 3), (void __user *)p, n);
			check(left == want, "copy_from_user count", k, n);
			for (unsigned int i = 0, o = 1; i < sizeof(kbuf) - 3; i++, ok &= o)
				o = kbuf[(n & 3) + i] ==
				    (i < n ? (i < k ? pattern[i] : 0) : 0xee);
			check(ok, "copy_from_user bytes (zero-filled tail)", k, n);

			for (unsigned int i = 0, o = 1; i < 64; i++, ok &= o)
				o = hole[i] == 0xa5;
			check(ok, "nothing written in the hole", k, n);
		}
	}
}

static void scalars(void)
{
	unsigned int __user *hole = (unsigned int __user *)hole_addr;
	unsigned int *ro = (unsigned int *)ro_addr;
	unsigned int *rw = (unsigned int *)user_area;
	unsigned long long q = 1;
	unsigned int w = 1, cur = 0;

	check(get_user(w, hole) == -UACCESS_EFAULT && w == 0, "get_user on the hole", w, 0);
	check(put_user(7u, hole) == -UACCESS_EFAULT, "put_user on the hole", 0, 0);
	*ro = 0x1234;
	check(get_user(w, (unsigned int __user *)ro) == 0 && w == 0x1234,
	      "get_user read-only", w, 0);
	check(put_user(7u, (unsigned int __user *)ro) == -UACCESS_EFAULT && *ro == 0x1234,
	      "put_user read-only", *ro, 0);
	/*
	 * A privileged write to the read-only page, its region loaded: ARMv8-M's
	 * read-only AP refuses privileged writes too, so mpu-v8m.c drops the
	 * region and the store runs again; the page stays read-only for the
	 * library.
	 */
	*(volatile unsigned int *)ro = 0x4321;
	check(get_user(w, (unsigned int __user *)ro) == 0 && w == 0x4321,
	      "get_user read-only after a privileged write", w, 0);
	check(put_user(7u, (unsigned int __user *)ro) == -UACCESS_EFAULT && *ro == 0x4321,
	      "put_user read-only after a privileged write", *ro, 0);
	*(volatile unsigned int *)ro = 0x1234;
	check(*(volatile unsigned int *)ro == 0x1234, "privileged write of the read-only page",
	      *ro, 0);
	rw[0] = 0x11111111;
	rw[1] = 0x22222222;
	check(get_user(q, (unsigned long long __user *)rw) == 0 &&
	      q == 0x2222222211111111ull, "get_user 8 bytes", (unsigned long)q, 0);
	check(put_user(0x0102030405060708ull, (unsigned long long __user *)(rw + 1)) == 0 &&
	      rw[1] == 0x05060708 && rw[2] == 0x01020304, "put_user 8 bytes misaligned",
	      rw[1], rw[2]);
	q = 5;
	check(get_user(q, (unsigned long long __user *)(hole_addr - 4)) == -UACCESS_EFAULT && q == 0,
	      "get_user 8 bytes straddling the hole", (unsigned long)q, 0);

	rw[4] = 3;
	check(futex_atomic_cmpxchg_inatomic(&cur, (unsigned int __user *)(rw + 4), 3, 9) == 0 &&
	      cur == 3 && rw[4] == 9, "futex cmpxchg", cur, rw[4]);
	check(futex_atomic_cmpxchg_inatomic(&cur, (unsigned int __user *)(rw + 4), 3, 5) == 0 &&
	      cur == 9 && rw[4] == 9, "futex cmpxchg mismatch", cur, rw[4]);
	check(futex_atomic_cmpxchg_inatomic(&cur, (unsigned int __user *)ro, 0x1234, 5) ==
	      -UACCESS_EFAULT && *ro == 0x1234, "futex cmpxchg read-only", *ro, 0);
	check(futex_atomic_cmpxchg_inatomic(&cur, hole, 0, 5) == -UACCESS_EFAULT,
	      "futex cmpxchg hole", 0, 0);

	/* The kernel probes read privileged-only memory; the masked address faults. */
	check(copy_from_kernel_nofault(kbuf, (const void *)hole_addr, 16) == 0 && kbuf[0] == 0xa5,
	      "copy_from_kernel_nofault privileged-only", kbuf[0], 0);
	check(_uaccess_arch_get_unsafe(&q, (const void __user *)_UACCESS_MASKED_ADDR, 4) ==
	      -UACCESS_EFAULT, "the masked address faults (unprivileged)", 0, 0);
	check(_uaccess_arch_get_unsafe(&q, (const void __user *)0, 4) == -UACCESS_EFAULT,
	      "address 0 faults unprivileged (PRIVDEFENA)", 0, 0);
	check(uaccess_mask_ptr((const void __user *)0xF0000000u) ==
	      (const void __user *)_UACCESS_MASKED_ADDR, "mask of a refused pointer", 0, 0);
	check(copy_from_user(kbuf, (const void __user *)0xE0000010u, 8) == 8,
	      "copy_from_user refused past the user end", 0, 0);
}

void smoke_checks(void)
{
	unsigned long f0 = plat_fault_count();

	user_area = (unsigned long)plat_alloc_pages(8);
	hole_addr = user_area + 4 * PAGE_SIZE;
	ro_addr = user_area + 6 * PAGE_SIZE;
	plat_protect((void *)hole_addr, 1, PLAT_NONE);
	plat_protect((void *)ro_addr, 1, PLAT_RO);
	t_group_begin("kernel: smoke checks around a hole at %#lx, read-only page %#lx",
		      hole_addr, ro_addr);
	sweep_hole();
	scalars();
	t_group_end();
	plat_printf("# smoke checks: %lu faults resolved through uaccess_fixup(), "
		    "%lu MPU refills in all\n", plat_fault_count() - f0, mpu_refills);
}
