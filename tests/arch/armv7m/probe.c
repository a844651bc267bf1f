// SPDX-License-Identifier: MIT
#include <uaccess/extable.h>

#include "test_arch.h"

/*
 * An unprivileged byte load (ldrbt), as every user access on Cortex-M is:
 * the suite probes user pages with it (tests/cases/test_extable.c), and
 * an unmapped one must fault. A plain ldrb would not: privileged code
 * reaches every page through the MPU's default map (PRIVDEFENA).
 */
bool test_arch_probe_read(const void *p)
{
	long ok = 1;
	unsigned long byte;

	__asm__ volatile("1:	ldrbt %1, [%2]\n"
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
