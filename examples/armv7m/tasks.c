// SPDX-License-Identifier: MIT
/*
 * Unprivileged tasks and their system calls in the Cortex-M test kernel,
 * as an RTOS has them: each task a handful of MPU regions, loaded while
 * it runs (mpu_task_load()); its code on the one page the tasks may run
 * (task_programs.c); system calls through `svc`, whose bodies run in the
 * SVCall handler at a priority below the fault handlers' and copy with the
 * library: its unprivileged accesses answer with the calling task's own
 * regions, so no body checks a buffer against them. task_cases.c runs
 * the cases.
 *
 * A task runs from task_run() to its return (or SVC_EXIT): start.S's
 * user_call() enters SVCall, which builds the task's exception frame on
 * its stack and returns into it, unprivileged on PSP; the exit returns
 * to user_call() on MSP, privileged again.
 */
#include <string.h>
#include <uaccess.h>
#include "kernel.h"
#include "platform.h"
#include "tasks.h"

#define CCR		0xE000ED14u
#define CCR_UNALIGN_TRP	(1u << 3)

long user_call(long (*fn)(void *), void *arg, void *sp);
void task_return(void);
unsigned int svc_handler(unsigned int *frame, unsigned int exc_return);

bool task_narrow, task_unalign_trp;

/* The kernel's files; /dev/pattern's byte i is i * 13 + 7. */
const char task_motd[] = "uaccess: the MPU's own answer\n";
unsigned char task_pattern[TASK_PATTERN_SIZE];
static const struct file {
	const char *path;
	const unsigned char *data;
	unsigned int size, ino;
} files[] = {
	{ "/etc/motd", (const unsigned char *)task_motd, sizeof(task_motd) - 1, 11 },
	{ "/dev/pattern", task_pattern, TASK_PATTERN_SIZE, 12 },
};

unsigned char task_log[TASK_LOG_SIZE];
unsigned long task_log_len;
unsigned int task_word;

static const struct file *lookup(const void __user *path, long *err)
{
	char k[TASK_PATH_MAX];
	long n = strncpy_from_user(k, path, sizeof(k));

	*err = n < 0 ? n : n == (long)sizeof(k) ? -TASK_ENAMETOOLONG : -TASK_ENOENT;
	if (*err != -TASK_ENOENT)
		return NULL;
	for (unsigned int i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		if (!strcmp(k, files[i].path)) {
			*err = (long)i;
			return &files[i];
		}
	return NULL;
}

/* A count, or -EFAULT when nothing at all was copied. */
static long done(unsigned long n, unsigned long left)
{
	return n && left == n ? -UACCESS_EFAULT : (long)(n - left);
}

static long sys_call(long nr, long a, long b, long c)
{
	const struct file *f;
	unsigned long n, left;
	long err;

	switch (nr) {
	case SYS_WRITE:
		n = (unsigned long)c < TASK_LOG_SIZE - task_log_len ? (unsigned long)c :
		    TASK_LOG_SIZE - task_log_len;
		left = copy_from_user(task_log + task_log_len, (const void __user *)b, n);
		task_log_len += n - left;
		return done(n, left);
	case SYS_READ:
		if (a < 0 || a > 1)
			return -UACCESS_EINVAL;
		f = &files[a];
		n = (unsigned long)c < f->size ? (unsigned long)c : f->size;
		return done(n, copy_to_user((void __user *)b, f->data, n));
	case SYS_OPEN:
		lookup((const void __user *)a, &err);
		return err;
	case SYS_STAT: {
		struct task_stat st;

		f = lookup((const void __user *)a, &err);
		if (!f)
			return err;
		st = (struct task_stat){ .size = f->size, .mode = 0100444,
					 .ino = f->ino, .mtime = 1234567890 };
		return copy_to_user((void __user *)b, &st, sizeof(st)) ? -UACCESS_EFAULT : 0;
	}
	case SYS_GETWORD:
		return get_user(task_word, (const unsigned int __user *)a);
	case SYS_PUTWORD:
		return put_user((unsigned int)b, (unsigned int __user *)a);
#ifdef __ARM_ARCH_8M_MAIN__
	case SYS_REFUSES:
		return uaccess_armv8m_refuses((const void __user *)a, b);
#endif
	default:
		return -UACCESS_ENOSYS;
	}
}

/*
 * SVCall (start.S): start a task (from user_call(), on MSP: r0 the
 * function, r1 its argument, r2 its stack), end one (from its PSP: r0 its
 * value, for user_call() to return), or a system call (r0 the number).
 */
static unsigned int *kernel_frame;

unsigned int svc_handler(unsigned int *frame, unsigned int exc_return)
{
	unsigned int nr = ((const unsigned short *)frame[6])[-1] & 0xffu, control;
	unsigned int *tf;

	switch (nr) {
	case SVC_START:
		tf = (unsigned int *)(frame[2] - 32);
		memset(tf, 0, 32);
		tf[0] = frame[1];
		tf[5] = (unsigned int)task_return;	/* lr */
		tf[6] = frame[0] & ~1u;			/* pc */
		tf[7] = 1u << 24;			/* xPSR: Thumb */
		kernel_frame = frame;
		__asm__ volatile("msr psp, %1\n\tmrs %0, control\n\torr %0, %0, #1\n\t"
				 "msr control, %0\n\tisb" : "=&r"(control) : "r"(tf) : "memory");
		return exc_return | 4u;		/* thread mode, PSP */
	case SVC_EXIT:
		kernel_frame[0] = frame[0];
		__asm__ volatile("mrs %0, control\n\tbic %0, %0, #1\n\tmsr control, %0\n\tisb"
				 : "=&r"(control) : : "memory");
		return exc_return & ~4u;	/* thread mode, MSP: user_call() */
	default:
		frame[0] = (unsigned int)sys_call((long)frame[0], (long)frame[1],
						  (long)frame[2], (long)frame[3]);
		return exc_return;
	}
}

/*
 * Run fn(arg) as task t, its regions loaded for the run alone, with the
 * task's own user range (task_narrow) or the coarse one.
 */
long task_run(const struct task *t, long (*fn)(void *), void *arg)
{
	long r;

	if (task_narrow)
		uaccess_set_user_range(t->range_start, t->range_end);
	mpu_task_load(t->r, t->n);
	if (task_unalign_trp)
		REG(CCR) |= CCR_UNALIGN_TRP;
	r = user_call(fn, arg, (void *)(t->stack + TASK_STACK_SP));
	REG(CCR) &= ~CCR_UNALIGN_TRP;
	mpu_task_load(NULL, 0);
	uaccess_set_user_range(0, UACCESS_USER_END);
	return r;
}

/* System call nr from task t, the request written into its stack. */
long task_call(const struct task *t, long nr, unsigned long a, unsigned long b,
	       unsigned long c)
{
	struct task_req *q = (struct task_req *)(t->stack + TASK_STACK_SP);

	*q = (struct task_req){ nr, (long)a, (long)b, (long)c };
	return task_run(t, task_syscall, q);
}

void task_region(struct task *t, unsigned long base, unsigned long size,
		 enum page_access a, unsigned char srd, bool exec)
{
	t->r[t->n++] = (struct task_region){ base, size, a, srd, exec };
}
