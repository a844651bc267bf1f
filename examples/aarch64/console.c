// SPDX-License-Identifier: MIT
/*
 * Console, command line and exit of the AArch64 kernels on QEMU's virt
 * machine: the PL011 UART at 0x09000000, which -nographic connects to
 * stdio (QEMU's needs no setup: it ignores the baud rate and line
 * format), under examples/console_printf.c; semihosting (QEMU's
 * -semihosting) for the command line (SYS_GET_CMDLINE: the -append text
 * after the kernel's name) and the exit status (SYS_EXIT with
 * ADP_Stopped_ApplicationExit and a code).
 */
#include <stdarg.h>
#include <string.h>
#include "kernel.h"

#define UART_DR		0x00	/* data */
#define UART_FR		0x18	/* flags */
#define FR_TXFF		(1U << 5)	/* transmit FIFO full */
#define SYS_GET_CMDLINE	0x15
#define SYS_EXIT	0x18
#define ADP_APPLICATION_EXIT	0x20026

unsigned long semihost(unsigned long op, void *block);

static volatile int console_lock;
static volatile int failing;	/* kernel_fail() under way */

static void put_char(char c)
{
	volatile unsigned int *uart = (volatile unsigned int *)UART_BASE;

	while (uart[UART_FR / 4] & FR_TXFF)
		;
	uart[UART_DR / 4] = (unsigned char)c;
}

/* Whole strings under the console lock, so that two CPUs' lines do not mix. */
void console_write(const char *s, unsigned long n)
{
	if (!failing)
		spin_lock(&console_lock);
	for (unsigned long i = 0; i < n; i++)
		put_char(s[i]);
	if (!failing)
		spin_unlock(&console_lock);
}

void kernel_exit(bool pass)
{
	unsigned long block[2] = { ADP_APPLICATION_EXIT, pass ? EXIT_PASS : EXIT_FAIL };

	semihost(SYS_EXIT, block);
	for (;;)	/* a runner's timeout fails a machine that stays up */
		__asm__ volatile("wfi");
}

/*
 * A fatal report may come from an exception taken while this CPU (or the
 * other) held the console lock: it writes without the lock, and a fault
 * inside the report itself ends the run at once.
 */
void kernel_fail(const char *fmt, ...)
{
	va_list ap;

	if (__atomic_exchange_n(&failing, 1, __ATOMIC_ACQ_REL))
		kernel_exit(false);
	va_start(ap, fmt);
	console_fatal(fmt, ap);
	va_end(ap);
	kernel_exit(false);
}

const char *kernel_cmdline(void)
{
	static char line[256];
	struct {
		char *buf;
		unsigned long len;
	} block = { line, sizeof(line) - 1 };
	char *p;

	if (semihost(SYS_GET_CMDLINE, &block) != 0)
		return "";
	line[block.len < sizeof(line) ? block.len : sizeof(line) - 1] = 0;
	/* The first word is the kernel's file name. */
	p = line + strcspn(line, " ");
	return *p ? p + 1 : "";
}
