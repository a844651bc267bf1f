// SPDX-License-Identifier: MIT
/*
 * The Cortex-M demo kernel (make demo): the library at work in a kernel
 * with an MPU, in a short report a newcomer can read. The machine and the
 * unprivileged tasks of the test kernel on mps2-an385 (start.S, trap.c,
 * mpu.c, console.c, tasks.c, task_programs.c); in place of the suite:
 *
 *  1. what uaccess_init() chose, and what guards user memory: the MPU;
 *  2-4. the steps every architecture shows (examples/demo_common.c), over
 *     mpu.c's user pages;
 *  5. two unprivileged tasks running their programs, each reaching only
 *     its own MPU regions (set up as task_cases.c does);
 *  6. a task's read() into the other task's memory: the exact count;
 *  7. a kernel pointer from a task: access_ok() passes it, the MPU not.
 *
 * Every step checks what it shows; the run passes only if all hold.
 */
#include <string.h>
#include <uaccess.h>
#include "kernel.h"
#include "platform.h"
#include "tasks.h"
#include "../demo_common.h"

#define MPU_CTRL	0xE000ED94u
#define MPU_ON		(1u << 0 | 1u << 2)	/* ENABLE, PRIVDEFENA */
#define SHPR2		0xE000ED1Cu		/* SVCall's priority: bits 31..24 */
#define FD_PATTERN	1			/* /dev/pattern: task_pattern[] */
#define B_RAM		0x2000u			/* task B's 8 KiB, after task A's */

extern char __task_text_start[];
static struct task task_a, task_b;

void kmain(void);

static void init_choice(int r)
{
	unsigned int ctrl = REG(MPU_CTRL);

	plat_printf("1. uaccess_init(): %s, nothing to patch. The MPU is on "
		    "(MPU_CTRL %#x:\n   ENABLE, PRIVDEFENA: the kernel keeps the "
		    "default map); every user access\n   of the library is an "
		    "unprivileged ldrt/strt, checked against the MPU\n   regions "
		    "loaded (mpu.c's cache of the user pages; from step 5 the\n"
		    "   running task's own): no window to open\n",
		    uaccess_strategy_name(), ctrl);
	demo_verdict(r == 0 && (ctrl & MPU_ON) == MPU_ON && plat_window_state() < 0);
}

/* The tasks as task_cases.c sets them up: each its code page and 8 KiB. */
static void tasks_setup(void)
{
	/* A's 8 KiB, then B's; 16 KiB aligned, as a region is to its size. */
	unsigned long tmem = ((unsigned long)plat_alloc_pages(8) + 0x3fff) & ~0x3ffful;
	for (unsigned int i = 0; i < TASK_PATTERN_SIZE; i++)
		task_pattern[i] = (unsigned char)(i * 13 + 7);
	mpu_tasks_begin();
	/* access_ok() as an RTOS has it: everything below the PPB. */
	uaccess_set_user_range(0, UACCESS_USER_END);
	/* SVCall below the faults: a system call's fault preempts it. */
	REG(SHPR2) = (REG(SHPR2) & 0x00ffffffu) | 0x80u << 24;
	task_a.stack = tmem;
	task_b.stack = tmem + B_RAM;
	task_region(&task_a, (unsigned long)__task_text_start, PAGE_SIZE, PAGE_READ, 0, true);
	task_region(&task_b, (unsigned long)__task_text_start, PAGE_SIZE, PAGE_READ, 0, true);
	task_region(&task_a, tmem, B_RAM, PAGE_READ_WRITE, 0, false);
	task_region(&task_b, tmem + B_RAM, B_RAM, PAGE_READ_WRITE, 0, false);
}

/* Run a task's program: true if it wrote msg and returned sum. */
static bool run(const char *name, struct task *t, long (*prog)(void *),
		const char *msg, long sum)
{
	unsigned long log0 = task_log_len, n;
	long r = task_run(t, prog, NULL);

	n = task_log_len - log0;
	plat_printf("   task %s (RAM at %#lx) wrote \"%.*s\" and returned %ld\n", name,
		    t->stack, n ? (int)n - 1 : 0, (const char *)task_log + log0, r);
	return r == sum && n == strlen(msg) && !memcmp(task_log + log0, msg, n);
}

static void programs(void)
{
	long sum = 0;
	bool ok;

	for (unsigned int i = 0; task_motd[i]; i++)
		sum += (unsigned char)task_motd[i];
	plat_printf("5. two unprivileged tasks (PSP, CONTROL.nPRIV), each with "
		    "MPU regions for\n   its code page and its 8 KiB of RAM: "
		    "write(), stat(), open(), read()\n   of /etc/motd, the sum "
		    "of its bytes returned (%ld)\n", sum);
	ok = run("A", &task_a, task_a_main, "hello from task A\n", sum);
	ok &= run("B", &task_b, task_b_main, "task B here\n", sum);
	demo_verdict(ok);
}

static bool all(unsigned long addr, unsigned long n, unsigned char c)
{
	for (unsigned long i = 0; i < n; i++)
		if (((const unsigned char *)addr)[i] != c)
			return false;
	return true;
}

static void into_other_task(void)
{
	unsigned long b = task_b.stack, buf = b - 37, f0 = plat_fault_count();
	long r;
	bool data, kept;

	memset((void *)buf, 0, 37);
	memset((void *)b, 0x5a, 64);
	plat_printf("6. task A: read(/dev/pattern, %#lx, 100): the buffer's "
		    "first 37 bytes\n   are task A's RAM, the rest task B's\n", buf);
	r = task_call(&task_a, SYS_READ, FD_PATTERN, buf, 100);
	data = !memcmp((void *)buf, task_pattern, 37);
	kept = all(b, 64, 0x5a);
	plat_printf("   returned %ld, the 37 bytes %s; task B's first 64 bytes "
		    "%s;\n   %lu MemManage fault(s) resolved through "
		    "uaccess_fixup(stacked PC)\n", r, data ? "the file's" : "WRONG",
		    kept ? "untouched" : "WRITTEN", plat_fault_count() - f0);
	demo_verdict(r == 37 && data && kept && plat_fault_count() > f0);
}

static void kernel_pointer(void)
{
	static unsigned char kbuf[16];
	unsigned long f0 = plat_fault_count();
	long r;
	bool kept;

	memset(kbuf, 0x5a, sizeof(kbuf));
	plat_printf("7. task A: read(/dev/pattern, %p, 16) into a kernel buffer:"
		    "\n   access_ok() passes it (the user range is [0, %#lx), as an "
		    "RTOS\n   has it), the MPU refuses it\n", (void *)kbuf,
		    UACCESS_USER_END);
	r = task_call(&task_a, SYS_READ, FD_PATTERN, (unsigned long)kbuf, 16);
	kept = all((unsigned long)kbuf, 16, 0x5a);
	plat_printf("   returned %ld (-EFAULT) after %lu fault(s) resolved "
		    "through uaccess_fixup();\n   the kernel buffer %s\n", r,
		    plat_fault_count() - f0, kept ? "untouched" : "WRITTEN");
	demo_verdict(r == -UACCESS_EFAULT && kept && plat_fault_count() > f0);
}

void kmain(void)
{
	bool pass;
	int r;

	mpu_init();
	/* access_ok() refuses everything outside the user region. */
	uaccess_set_user_range(USER_BASE, USER_END);
	r = uaccess_init();

	plat_printf("# uaccess demo: Cortex-M3, privileged bare metal on QEMU "
		    "mps2-an385 (ARMv7-M MPU)\n\n");
	init_choice(r);
	demo_padzero(" MemManage faults (DACCVIOL), resolved through "
		     "uaccess_fixup(stacked PC)");
	demo_partial_copy();
	demo_kernel_address();
	tasks_setup();
	programs();
	into_other_task();
	kernel_pointer();
	pass = demo_done();
	plat_printf("# kernel: %s\n", pass ? "pass" : "fail");
	kernel_exit(pass ? 0 : 1);
}
