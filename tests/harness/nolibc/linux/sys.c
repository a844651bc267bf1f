// SPDX-License-Identifier: MIT
#include <stdio.h>
#include "linux_arch.h"
#include "sys.h"

void linux_exit_group(int status)
{
	linux_syscall(NR_exit_group, status, 0, 0, 0, 0, 0);
	__builtin_unreachable();
}

void linux_write_all(int fd, const char *s, size_t n)
{
	while (n) {
		long r = linux_syscall(NR_write, fd, (long)s, (long)n, 0, 0, 0);

		if (r <= 0)
			linux_exit_group(3);
		s += r;
		n -= (size_t)r;
	}
}

int linux_vprint(int fd, const char *fmt, va_list ap)
{
	char buf[1024];		/* > the longest line any user prints */
	int len = vsnprintf(buf, sizeof(buf), fmt, ap);

	linux_write_all(fd, buf, len < (int)sizeof(buf) ? (size_t)len : sizeof(buf) - 1);
	return len;
}

int linux_print(int fd, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = linux_vprint(fd, fmt, ap);
	va_end(ap);
	return r;
}
