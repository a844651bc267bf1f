/* SPDX-License-Identifier: MIT */
/*
 * Formatting only: there are no streams here. Output is the platform's
 * business (plat_printf). Conversions: d i u x X c s p %, flags "-+ #0",
 * width and precision (numbers or *), lengths hh h l ll z t j. No floating
 * point, so nothing here needs an FPU.
 */
#ifndef NOLIBC_STDIO_H
#define NOLIBC_STDIO_H

#include <stdarg.h>
#include <stddef.h>

int vsnprintf(char *restrict buf, size_t size, const char *restrict fmt,
	      va_list ap) __attribute__((format(printf, 3, 0)));
int snprintf(char *restrict buf, size_t size, const char *restrict fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
