/* SPDX-License-Identifier: MIT */
/*
 * Formatted console output for every bare-metal kernel (console_printf.c):
 * plat_printf() of tests/harness/platform.h and the fatal report, formatted by
 * tests/harness/nolibc's vsnprintf. Each kernel provides console_write() for its
 * own UART; the rest is the same everywhere.
 */
#ifndef BAREMETAL_CONSOLE_H
#define BAREMETAL_CONSOLE_H

#include <stdarg.h>

/*
 * The kernel's: the n bytes of s to the console, in order. Where two CPUs
 * print at once, one call's bytes stay together only if the kernel locks
 * here (AArch64's does).
 */
void console_write(const char *s, unsigned long n);

/* Format into a buffer of one long line and write it (cut to fit). */
__attribute__((format(printf, 1, 0)))
int console_vprintf(const char *fmt, va_list ap);

/*
 * "# FATAL " and the message on a line of its own, then the verdict line
 * "# kernel: fail"; the kernel exits after it.
 */
__attribute__((format(printf, 1, 0)))
void console_fatal(const char *fmt, va_list ap);

/*
 * The kernel's, where it has one (not x86-64's, whose kernel_exit() prints
 * the verdict itself): console_fatal(), then the exit of a failed run.
 */
__attribute__((noreturn, format(printf, 1, 2)))
void kernel_fail(const char *fmt, ...);

#endif
