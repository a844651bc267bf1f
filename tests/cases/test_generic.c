// SPDX-License-Identifier: MIT
/*
 * The portable defaults of <uaccess/generic.h> that compute something,
 * tested on every architecture whether or not it overrides them (a port
 * that does not gets exactly these):
 *  - _uaccess_generic_mask_addr(a, start, end): a inside [start, end),
 *    else 0, around both ends and for ranges that start at 0 or end at
 *    the top of the address space;
 *  - _uaccess_generic_kernel_zero(p, n): zeroes exactly p[0, n), for
 *    every n to 64 at every offset to 8, guards on both sides intact.
 */
#include <string.h>
#include <uaccess.h>
#include "suite.h"

static void test_mask(unsigned long start, unsigned long end)
{
	unsigned long around[] = { start, end };

	for (int e = 0; e < 2; e++)
		for (long d = -3; d <= 3; d++) {
			unsigned long a = around[e] + (unsigned long)d;
			bool in = a >= start && a < end;
			unsigned long got = _uaccess_generic_mask_addr(a, start, end);

			t_case(got == (in ? a : 0),
			       "mask(%#lx, [%#lx, %#lx)) = %#lx, want %#lx",
			       a, start, end, got, in ? a : 0);
		}
}

static void test_zero(void)
{
	unsigned char buf[96];

	for (size_t off = 0; off <= 8; off++)
		for (size_t n = 0; n <= 64; n++) {
			memset(buf, 0xa5, sizeof(buf));
			_uaccess_generic_kernel_zero(buf + 16 + off, n);
			t_case(t_first_not(buf, 16 + off, 0xa5) == 16 + off &&
			       t_first_not(buf + 16 + off, n, 0) == n &&
			       t_first_not(buf + 16 + off + n,
					   sizeof(buf) - 16 - off - n, 0xa5) ==
			       sizeof(buf) - 16 - off - n,
			       "kernel_zero(buf + %zu, %zu): wrong bytes", off, n);
		}
}

void test_generic(void)
{
	t_group_begin("generic.h: the Spectre-v1 mask default");
	test_mask(0, 0x7ffff000UL);
	test_mask(4096, 0xc0000000UL);
	test_mask(0x10000, ~0UL - 4095);
	t_group_end();
	t_group_begin("generic.h: the kernel-zeroing default");
	test_zero();
	t_group_end();
}
