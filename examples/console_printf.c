// SPDX-License-Identifier: MIT
/*
 * plat_printf() and the fatal report of the bare-metal kernels, over the
 * console_write() each kernel has for its UART (console.h). Plain '\n'
 * line ends: QEMU's stdio keeps the terminal's output processing, and the
 * runner's logs compare whole lines.
 */
#include <stdarg.h>
#include <stdio.h>
#include "platform.h"
#include "console.h"

int console_vprintf(const char *fmt, va_list ap)
{
	char buf[1024];
	int n = vsnprintf(buf, sizeof(buf), fmt, ap);

	console_write(buf, n < (int)sizeof(buf) ? (unsigned long)n : sizeof(buf) - 1);
	return n;
}

int plat_printf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = console_vprintf(fmt, ap);
	va_end(ap);
	return n;
}

/* The report may cut into a line half written: it starts a line of its own. */
void console_fatal(const char *fmt, va_list ap)
{
	console_write("\n# FATAL ", 9);
	console_vprintf(fmt, ap);
	console_write("\n# kernel: fail\n", 16);
}
