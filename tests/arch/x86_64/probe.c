// SPDX-License-Identifier: MIT
#include <uaccess/extable.h>
#include "test_arch.h"

bool test_arch_probe_read(const void *p)
{
	int ok = 1;

	__asm__ volatile("1:	movb (%1), %%al\n"
			 UACCESS_EXTABLE(1b, 2f)
			 "	jmp 3f\n"
			 "2:	xorl %0, %0\n"
			 "3:\n"
			 : "+r"(ok)
			 : "r"(p)
			 : "rax", "memory");
	return ok;
}
