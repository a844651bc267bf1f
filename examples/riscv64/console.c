// SPDX-License-Identifier: MIT
/*
 * Output and exit of the RISC-V test kernel on QEMU's virt machine: the
 * NS16550 UART at 0x10000000, which -nographic / -serial stdio connects to
 * stdio (console_write(), under examples/console_printf.c), and the
 * SiFive test device at 0x100000 (QEMU 7.2's virt memory map, VIRT_TEST):
 * writing 0x5555 ends QEMU with status 0, (code << 16) | 0x3333 with
 * status code.
 */
#include <stdarg.h>
#include "kernel.h"
#include "../console.h"

#define UART_THR	0	/* transmit holding register */
#define UART_LSR	5	/* line status */
#define LSR_THRE	0x20	/* transmit holding register empty */
#define TEST_PASS	0x5555
#define TEST_FAIL	0x3333
#define FAIL_CODE	1	/* QEMU's exit status after a failed run */

static inline unsigned char in8(unsigned long a)
{
	return *(volatile unsigned char *)a;
}

static inline void out8(unsigned long a, unsigned char v)
{
	*(volatile unsigned char *)a = v;
}

/* QEMU's UART needs no setup: its divisor and line format are ignored. */
void console_init(void)
{
}

static void put_char(char c)
{
	while (!(in8(UART_BASE + UART_LSR) & LSR_THRE))
		;
	out8(UART_BASE + UART_THR, (unsigned char)c);
}

void console_write(const char *s, unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		put_char(s[i]);
}

void power_off(bool pass)
{
	*(volatile unsigned int *)TEST_DEVICE =
		pass ? TEST_PASS : (FAIL_CODE << 16) | TEST_FAIL;
	for (;;)	/* a runner's timeout fails a machine that stays up */
		__asm__ volatile("wfi");
}

void kernel_fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	console_fatal(fmt, ap);
	va_end(ap);
	power_off(false);
}
