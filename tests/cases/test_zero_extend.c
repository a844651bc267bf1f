// SPDX-License-Identifier: MIT
/*
 * The scalar loads of the seam must zero-extend to all 64 bits of *v:
 * _uaccess_arch_get_unsafe on user memory, inside a window, and the kernel
 * probe's _uaccess_arch_kernel_get_nofault on kernel memory. The calls that
 * use *v as a whole word (the string scans) see the upper bits, which the
 * casts of get_user to a smaller type would hide; a sign-extending load
 * (RISC-V's lw, AArch64's ldtrsh) would set them.
 */
#include <uaccess.h>
#include "platform.h"
#include "suite.h"

void test_zero_extend(void)
{
	static unsigned char kernel[8] __attribute__((aligned(8))) = {
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff
	};
	static const unsigned long sizes[] = { 1, 2, 4, 8 };
	unsigned char *user = plat_alloc_pages(1);

	plat_user_begin();
	for (int i = 0; i < 8; i++)
		user[i] = 0xff;
	plat_user_end();
	t_group_begin("scalar loads zero-extend");
	for (unsigned int i = 0; i < 4; i++) {
		unsigned long size = sizes[i];
		unsigned long long want = size == 8 ? ~0ULL : (1ULL << (8 * size)) - 1;
		unsigned long long v = 0x5a5a5a5a5a5a5a5aULL;
		int err = -1;

		if (user_access_begin((const void __user *)user, size)) {
			err = _uaccess_arch_get_unsafe(&v, (const void __user *)user, size);
			user_access_end();
		}
		t_case(err == 0 && v == want,
		       "_uaccess_arch_get_unsafe of %lu bytes of 0xff: returned %d, value %#llx, want %#llx",
		       size, err, v, want);
		v = 0x5a5a5a5a5a5a5a5aULL;
		err = _uaccess_arch_kernel_get_nofault(&v, kernel, size);
		t_case(err == 0 && v == want,
		       "_uaccess_arch_kernel_get_nofault of %lu bytes of 0xff: returned %d, value %#llx, want %#llx",
		       size, err, v, want);
	}
	t_group_end();
}
