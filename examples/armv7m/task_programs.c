// SPDX-License-Identifier: MIT
/*
 * The Cortex-M test kernel's user programs: unprivileged code, on the
 * task's own stack, that reaches its memory only through the MPU regions
 * tasks.c loads for it and the kernel only through `svc`. kernel.ld puts
 * this file's code and constants on the one page the tasks may execute
 * and read; nothing here may call the kernel's functions (memcpy
 * included) or name its data.
 */
#include "tasks.h"

static inline long sys(long nr, long a, long b, long c)
{
	register long r0 __asm__("r0") = nr;
	register long r1 __asm__("r1") = a;
	register long r2 __asm__("r2") = b;
	register long r3 __asm__("r3") = c;

	__asm__ volatile("svc %[n]" : "+r"(r0) : "r"(r1), "r"(r2), "r"(r3),
			 [n] "i"(SVC_CALL) : "memory");
	return r0;
}

/* The system call the kernel wrote into the task's stack. */
long task_syscall(void *req)
{
	const volatile struct task_req *q = req;

	return sys(q->nr, q->a, q->b, q->c);
}

/*
 * A program: say hello, stat and read a file, and return the sum of its
 * bytes, or where it went wrong (negative).
 */
static long hello(const char *msg, long len)
{
	char path[] = "/etc/motd";
	struct task_stat st;
	unsigned char buf[64];
	long fd, n, sum = 0;

	if (sys(SYS_WRITE, 1, (long)msg, len) != len)
		return -1;
	if (sys(SYS_STAT, (long)path, (long)&st, 0) != 0 || st.size > sizeof(buf))
		return -2;
	fd = sys(SYS_OPEN, (long)path, 0, 0);
	if (fd < 0)
		return -3;
	n = sys(SYS_READ, fd, (long)buf, (long)sizeof(buf));
	if (n != (long)st.size)
		return -4;
	for (long i = 0; i < n; i++)
		sum += buf[i];
	return sum;
}

long task_a_main(void *arg)
{
	volatile char msg[] = "hello from task A\n";

	(void)arg;
	return hello((const char *)msg, sizeof(msg) - 1);
}

long task_b_main(void *arg)
{
	volatile char msg[] = "task B here\n";

	(void)arg;
	return hello((const char *)msg, sizeof(msg) - 1);
}
