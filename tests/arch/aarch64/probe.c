// SPDX-License-Identifier: MIT
#include <uaccess/extable.h>
#include "test_arch.h"

bool test_arch_probe_read(const void *p)
{
	long ok = 1;
	unsigned long byte;

	__asm__ volatile("1:	ldrb %w1, [%2]\n"
			 UACCESS_EXTABLE(1b, 2f)
			 "	b 3f\n"
			 "2:	mov %0, #0\n"
			 "3:\n"
			 : "+r"(ok), "=&r"(byte)
			 : "r"(p)
			 : "memory");
	(void)byte;
	return ok;
}
