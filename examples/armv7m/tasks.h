/* SPDX-License-Identifier: MIT */
/*
 * What the Cortex-M test kernel's unprivileged tasks (task_programs.c) and
 * its system calls (tasks.c) share: the SVC numbers, the system calls and
 * their structures. A task passes the call's number in r0 and up to three
 * arguments in r1..r3 to `svc #2`, and gets its result in r0: a count, or
 * a negative errno.
 */
#ifndef BAREMETAL_TASKS_H
#define BAREMETAL_TASKS_H

enum { SVC_EXIT, SVC_START, SVC_CALL };

enum {
	SYS_WRITE,	/* (fd, buf, n): appended to the kernel's log */
	SYS_READ,	/* (fd, buf, n): the file's first n bytes */
	SYS_OPEN,	/* (path): a file number */
	SYS_STAT,	/* (path, struct task_stat *) */
	SYS_GETWORD,	/* (const u32 *): get_user into the kernel's word */
	SYS_PUTWORD,	/* (u32 *, value): put_user */
	SYS_REFUSES,	/* (p, write): uaccess_armv8m_refuses(), ARMv8-M */
	SYS_NR
};

#define TASK_PATH_MAX	32	/* with the NUL */
#define TASK_ENOENT	2
#define TASK_ENAMETOOLONG 36

struct task_stat {
	unsigned int size, mode, ino, mtime, uid, gid;
};

/* One system call for task_syscall(): the kernel writes it into the task's stack. */
struct task_req {
	long nr, a, b, c;
};

long task_syscall(void *req);
long task_a_main(void *arg);
long task_b_main(void *arg);

#endif
