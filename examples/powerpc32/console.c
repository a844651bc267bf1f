// SPDX-License-Identifier: MIT
/*
 * Output and power-off of the e500 test kernel, both in CCSR: the 16550
 * UART (DUART channel 0) at CCSR + 0x4500, which QEMU's -nographic /
 * -serial connects to stdio (console_write(), under
 * examples/console_printf.c), and the GPIO block at CCSR + 0xFF000, whose
 * pin 0 QEMU's ppce500 machine wires to power-off: qemu exits with status 0.
 */
#include <stdarg.h>
#include "kernel.h"
#include "../console.h"

#define UART		(CCSR_VIRT + 0x4500)
#define UART_THR	0	/* transmit holding register */
#define UART_LSR	5	/* line status */
#define LSR_THRE	0x20	/* transmit holding register empty */
#define GPIO		(CCSR_VIRT + 0xff000)
#define GPIO_GPDIR	0x00	/* 1 = output */
#define GPIO_GPDAT	0x08
#define GPIO_PIN0	0x80000000	/* pins are numbered from the MSB */

static inline unsigned char in8(unsigned long a)
{
	return *(volatile unsigned char *)a;
}

static inline void out8(unsigned long a, unsigned char v)
{
	*(volatile unsigned char *)a = v;
}

static inline void out32(unsigned long a, unsigned int v)
{
	*(volatile unsigned int *)a = v;	/* big-endian, as the device */
	__asm__ volatile("sync" : : : "memory");
}

void console_init(void)
{
	mmu_map_ccsr();
}

static void put_char(char c)
{
	while (!(in8(UART + UART_LSR) & LSR_THRE))
		;
	out8(UART + UART_THR, (unsigned char)c);
}

void console_write(const char *s, unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		put_char(s[i]);
}

void power_off(void)
{
	out32(GPIO + GPIO_GPDIR, GPIO_PIN0);
	out32(GPIO + GPIO_GPDAT, GPIO_PIN0);
	for (;;)	/* a runner's timeout fails a machine that stays up */
		;
}

void kernel_fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	console_fatal(fmt, ap);
	va_end(ap);
	power_off();
}
