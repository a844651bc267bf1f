// SPDX-License-Identifier: MIT
/*
 * Output and exit of the Cortex-M test kernel through Arm semihosting
 * (bkpt 0xab; QEMU's -semihosting-config enable=on,target=native):
 * SYS_WRITE0 for console_write() (under examples/console_printf.c), and
 * SYS_EXIT_EXTENDED, which ends QEMU with the kernel's status.
 */
#include <stdarg.h>
#include "kernel.h"

static unsigned int semihost(unsigned int op, const void *arg)
{
	register unsigned int r0 __asm__("r0") = op;
	register const void *r1 __asm__("r1") = arg;

	__asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
	return r0;
}

void console_write(const char *s, unsigned long n)
{
	char buf[129];

	while (n) {
		unsigned long k = n < sizeof(buf) - 1 ? n : sizeof(buf) - 1;

		for (unsigned long i = 0; i < k; i++)
			buf[i] = s[i];
		buf[k] = 0;
		semihost(0x04, buf);	/* SYS_WRITE0 */
		s += k;
		n -= k;
	}
}

void kernel_exit(int status)
{
	/* SYS_EXIT_EXTENDED: ADP_Stopped_ApplicationExit and the status. */
	static unsigned int block[2];

	block[0] = 0x20026;
	block[1] = (unsigned int)status;
	semihost(0x20, block);
	for (;;)
		;
}

void kernel_fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	console_fatal(fmt, ap);
	va_end(ap);
	kernel_exit(1);
}
