// SPDX-License-Identifier: MIT
/*
 * The scalar load must zero-extend to all 64 bits of *v (lbu, lhu, lwu):
 * the calls that use *v as a whole word see the upper bits, which the
 * casts of get_user to a smaller type would hide.
 */
#include <uaccess.h>
#include "harness.h"
#include "test_arch.h"

void test_rv_zero_extend(void)
{
	static unsigned char ones[8] __attribute__((aligned(8))) = {
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff
	};
	static const unsigned long sizes[] = { 1, 2, 4, 8 };

	t_group_begin("scalar loads zero-extend");
	for (unsigned int i = 0; i < 4; i++) {
		unsigned long size = sizes[i];
		unsigned long long want = size == 8 ? ~0ULL : (1ULL << (8 * size)) - 1;
		unsigned long long v = 0x5a5a5a5a5a5a5a5aULL;
		int err = _uaccess_get_unsafe(&v, (const void __user *)ones, size);

		t_case(err == 0 && v == want,
		       "_uaccess_get_unsafe of %lu bytes of 0xff: returned %d, value %#llx, want %#llx",
		       size, err, v, want);
	}
	t_group_end();
}
