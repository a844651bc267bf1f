/* SPDX-License-Identifier: MIT */
/* Output and exit for libc-free Linux programs (the suite and the bench). */
#ifndef NOLIBC_LINUX_SYS_H
#define NOLIBC_LINUX_SYS_H

#include <stdarg.h>
#include <stddef.h>

/* A system call with up to six arguments: the result, or -errno (start.S). */
long linux_syscall(long nr, long a1, long a2, long a3, long a4, long a5,
		   long a6);

__attribute__((noreturn)) void linux_exit_group(int status);
/* Write all of s[0, n) to fd; exit with status 3 if that fails. */
void linux_write_all(int fd, const char *s, size_t n);
/* vsnprintf into a 1 KiB buffer (longer output is cut), then write it. */
int linux_vprint(int fd, const char *fmt, va_list ap);
__attribute__((format(printf, 2, 3))) int linux_print(int fd, const char *fmt, ...);

#endif
