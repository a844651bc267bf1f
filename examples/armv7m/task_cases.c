// SPDX-License-Identifier: MIT
/*
 * The cases of the Cortex-M test kernel's tasks (tasks.c), after the
 * suite: the MPU as an RTOS programs it, the page cache of mpu.c off. The
 * library's unprivileged accesses answer with the task's own regions: a
 * buffer across two adjacent regions is copied whole; one that runs into
 * a sub-region left out (ARMv7-M's SRD; on ARMv8-M, a gap between two
 * regions), another task's memory, a read-only region or a region with
 * no memory behind it (a BusFault) stops at its first refused byte, with
 * nothing written at or past it. The same with CCR.UNALIGN_TRP set, and
 * with the fault escalated to HardFault (SVCall at the fault handlers'
 * priority; MemManage disabled).
 *
 * access_ok() here is the library's coarse default, everything below the
 * PPB: a kernel pointer passes it and the MPU refuses the access (a
 * fault, the exact count). One case narrows the range to the task's
 * memory at the switch, which refuses the same pointer without a fault.
 */
#include <string.h>
#include <uaccess.h>
#include "harness.h"
#include "kernel.h"
#include "platform.h"
#include "tasks.h"

#define SHPR2		0xE000ED1Cu	/* SVCall's priority: bits 31..24 */
#define SHCSR_MEMFAULTENA (1u << 16)
#define SVC_PRIORITY	0x80u		/* below the faults' 0 */
#define FD_PATTERN	1

extern char __task_text_start[];

/*
 * The tasks' memory, 64 KiB of user pages at tmem (aligned to 64 KiB, as
 * A_SRD's 32 KiB region must be):
 */
#define A_STACK	0x0000u	/* 8 KiB, A's stack (and request): read-write */
#define A_DATA	0x2000u	/* 8 KiB, A's: read-write, a region of its own */
#define B_RAM	0x4000u	/* 8 KiB, B's stack and data: read-write */
#define A_RO	0x6000u	/* 8 KiB, A's: read-only */
#define A_SRD	0x8000u	/* 32 KiB, A's: read-write but its fourth eighth */
#define A_HOLE	(A_SRD + 0x3000u)
/*
 * Pages with no memory behind them, granted to task A: a copy there is a
 * BusFault. On an505 the RAM page below (PSRAM's last) is granted too, so
 * a copy across the two stops at the bus error; on an385 the pages below
 * 0x24000000 are the bit-band alias of SRAM, no RAM, so the copy starts in
 * no memory. an524 has DDR up to the PPB: no such case there.
 */
#if defined(CM_BOARD_an505)
#define NO_MEMORY	0x81000000u
#define NO_MEMORY_BELOW	21u	/* bytes of RAM before it in the copy */
#elif defined(CM_BOARD_an524)
#define NO_MEMORY	0u
#define NO_MEMORY_BELOW	0u
#else
#define NO_MEMORY	0x24000000u
#define NO_MEMORY_BELOW	0u
#endif

static unsigned long tmem;
static struct task task_a, task_b;
static unsigned char kvictim[16];	/* kernel memory a task names */


static void check(bool ok, const char *what, long got, long want)
{
	t_case(ok, "tasks: %s (%ld, want %ld)", what, got, want);
}

static bool is_pattern(unsigned long addr, unsigned long n)
{
	const unsigned char *p = (const unsigned char *)addr;

	for (unsigned long i = 0; i < n; i++)
		if (p[i] != (unsigned char)(i * 13 + 7))
			return false;
	return true;
}

static bool untouched(unsigned long addr, unsigned long n, unsigned char c)
{
	const unsigned char *p = (const unsigned char *)addr;

	for (unsigned long i = 0; i < n; i++)
		if (p[i] != c)
			return false;
	return true;
}

/*
 * task A reads n bytes of /dev/pattern to addr, of which the first k lie
 * before a refused byte at addr + k (k = n: none refused): the count, the
 * k bytes, the 64 refused ones still 0x5a. Then it writes them: the
 * kernel's log gets exactly those k.
 */
static void read_write(const char *what, unsigned long addr, unsigned long k,
		       unsigned long n)
{
	unsigned long log0 = task_log_len = 0;
	long r, want = k ? (long)k : -UACCESS_EFAULT;
	bool memory = addr + k != NO_MEMORY;

	memset((void *)addr, 0x5a, k);
	if (k < n && memory)
		memset((void *)(addr + k), 0x5a, 64);
	r = task_call(&task_a, SYS_READ, FD_PATTERN, addr, n);
	check(r == want, what, r, want);
	check(is_pattern(addr, k), "the bytes before the refused one", (long)k, 0);
	check(k == n || !memory || untouched(addr + k, 64, 0x5a),
	      "nothing at or past the refused byte",
	      (long)k, 0);
	r = task_call(&task_a, SYS_WRITE, 1, addr, n);
	check(r == want && task_log_len - log0 == k && is_pattern((unsigned long)task_log + log0, k),
	      "write of the same bytes", r, want);
}

static void copies(const char *mode)
{
	unsigned long t = tmem, f0 = plat_fault_count();

	t_group_begin("tasks: copies by task A (%s)", mode);
	read_write("across two adjacent regions: whole", t + A_DATA - 50, 100, 100);
	read_write("into task B's region: stops at it", t + B_RAM - 37, 37, 100);
	read_write("into the sub-region left out: stops at it", t + A_HOLE - 29, 29, 64);
	if (NO_MEMORY)
		read_write("into no memory (BusFault): stops at it",
			   NO_MEMORY - NO_MEMORY_BELOW, NO_MEMORY_BELOW, 64);
	check(plat_fault_count() - f0 >= 6, "faults resolved", (long)(plat_fault_count() - f0), 6);
	t_group_end();
}

static void words_and_structs(void)
{
	unsigned long t = tmem;
	struct task_stat *st = (struct task_stat *)(t + A_DATA + 3);
	char *path = (char *)(t + A_HOLE - 10);
	long r;

	t_group_begin("tasks: words, strings and a struct by task A");
	memset((void *)(t + B_RAM), 0x5a, 64);
	r = task_call(&task_a, SYS_PUTWORD, t + B_RAM - 2, 0x11223344, 0);
	check(r == -UACCESS_EFAULT && untouched(t + B_RAM, 64, 0x5a),
	      "put_user of a word straddling task B's region", r, -UACCESS_EFAULT);
	task_word = 5;
	r = task_call(&task_a, SYS_GETWORD, t + A_HOLE - 2, 0, 0);
	check(r == -UACCESS_EFAULT && task_word == 0, "get_user of a word straddling the sub-region",
	      r, -UACCESS_EFAULT);
	r = task_call(&task_a, SYS_PUTWORD, t + A_DATA + 6, 0xa1b2c3d4, 0);
	check(r == 0 && *(volatile unsigned short *)(t + A_DATA + 6) == 0xc3d4 &&
	      *(volatile unsigned short *)(t + A_DATA + 8) == 0xa1b2, "put_user misaligned", r, 0);
	r = task_call(&task_a, SYS_GETWORD, t + A_DATA + 6, 0, 0);
	check(r == 0 && task_word == 0xa1b2c3d4, "get_user misaligned", r, 0);

	memcpy(path, "/etc/motd", 10);	/* its NUL the last byte before the hole */
	r = task_call(&task_a, SYS_OPEN, (unsigned long)path, 0, 0);
	check(r == 0, "a path ending at the sub-region", r, 0);
	r = task_call(&task_a, SYS_OPEN, (unsigned long)path + 4, 0, 0);
	check(r == -TASK_ENOENT, "a path not there", r, -TASK_ENOENT);
	memcpy(path, "/etc/motd/", 10);	/* no NUL before the hole */
	r = task_call(&task_a, SYS_OPEN, (unsigned long)path, 0, 0);
	check(r == -UACCESS_EFAULT, "a path running into the sub-region", r, -UACCESS_EFAULT);
	memset((void *)(t + A_DATA + 512), 'x', 40);
	r = task_call(&task_a, SYS_OPEN, t + A_DATA + 512, 0, 0);
	check(r == -TASK_ENAMETOOLONG, "a path of 40 bytes", r, -TASK_ENAMETOOLONG);
	r = task_call(&task_a, SYS_OPEN, t + B_RAM, 0, 0);
	check(r == -UACCESS_EFAULT, "a path in task B's memory", r, -UACCESS_EFAULT);

	memcpy((void *)(t + A_DATA + 600), "/dev/pattern", 13);
	memset(st, 0x5a, sizeof(*st));
	r = task_call(&task_a, SYS_STAT, t + A_DATA + 600, (unsigned long)st, 0);
	check(r == 0 && st->size == TASK_PATTERN_SIZE && st->ino == 12 && st->mode == 0100444 &&
	      st->mtime == 1234567890 && st->uid == 0 && st->gid == 0,
	      "stat into a misaligned struct", r, 0);
	memset((void *)(t + B_RAM), 0x5a, 64);
	r = task_call(&task_a, SYS_STAT, t + A_DATA + 600, t + B_RAM - 10, 0);
	check(r == -UACCESS_EFAULT && untouched(t + B_RAM, 64, 0x5a),
	      "stat into a struct straddling task B's region", r, -UACCESS_EFAULT);
	memset((void *)(t + A_RO), 0x5a, 64);
	r = task_call(&task_a, SYS_STAT, t + A_DATA + 600, t + A_RO + 8, 0);
	check(r == -UACCESS_EFAULT && untouched(t + A_RO, 64, 0x5a),
	      "stat into the read-only region", r, -UACCESS_EFAULT);
	t_group_end();
}

/* Task B: its own region, nothing of A's. */
static void task_b_cases(void)
{
	unsigned long t = tmem;
	long r;

	t_group_begin("tasks: task B");
	memset((void *)(t + A_RO), 0x5a, 64);
	memset((void *)(t + A_RO - 13), 0, 13);
	r = task_call(&task_b, SYS_READ, FD_PATTERN, t + A_RO - 13, 40);
	check(r == 13 && is_pattern(t + A_RO - 13, 13) && untouched(t + A_RO, 64, 0x5a),
	      "a read running into task A's read-only region", r, 13);
	r = task_call(&task_b, SYS_WRITE, 1, t + A_DATA, 16);
	check(r == -UACCESS_EFAULT, "a write from task A's memory", r, -UACCESS_EFAULT);
	t_group_end();
}

/* A kernel pointer: the coarse range passes it, the MPU refuses it. */
static void kernel_pointer(void)
{
	unsigned long f0 = plat_fault_count();
	long r;

	t_group_begin("tasks: a kernel pointer from task A");
	memset(kvictim, 0x5a, sizeof(kvictim));
	r = task_call(&task_a, SYS_READ, FD_PATTERN, (unsigned long)kvictim, sizeof(kvictim));
	check(r == -UACCESS_EFAULT && untouched((unsigned long)kvictim, sizeof(kvictim), 0x5a),
	      "coarse range: refused", r, -UACCESS_EFAULT);
	check(plat_fault_count() > f0, "coarse range: by the MPU (faults)",
	      (long)(plat_fault_count() - f0), 1);
	f0 = plat_fault_count();
	task_narrow = true;
	r = task_call(&task_a, SYS_READ, FD_PATTERN, (unsigned long)kvictim, sizeof(kvictim));
	task_narrow = false;
	check(r == -UACCESS_EFAULT && untouched((unsigned long)kvictim, sizeof(kvictim), 0x5a),
	      "the task's range: refused", r, -UACCESS_EFAULT);
	r = task_call(&task_a, SYS_READ, FD_PATTERN, 0xE000E010u, 16);
	check(r == -UACCESS_EFAULT, "the System Control Space: refused", r, -UACCESS_EFAULT);
	check(plat_fault_count() == f0, "both by access_ok (no fault)",
	      (long)(plat_fault_count() - f0), 0);
	t_group_end();
}

#ifdef __ARM_ARCH_8M_MAIN__
/* ttt's early refusal, asked in task A's system call: its regions loaded. */
static void refusals(void)
{
	static const struct {
		const char *what;
		unsigned long off;	/* from tmem; ~0: kvictim */
		bool write, refused;
	} c[] = {
		{ "a read of its data", A_DATA + 5, false, false },
		{ "a write of its data", A_DATA + 5, true, false },
		{ "a read of its read-only region", A_RO, false, false },
		{ "a write of its read-only region", A_RO, true, true },
		{ "a read of task B's memory", B_RAM + 9, false, true },
		{ "a read of the sub-region's gap", A_HOLE, false, true },
		{ "a read of kernel memory", ~0ul, false, true },
	};

	t_group_begin("tasks: uaccess_armv8m_refuses() in task A's system call");
	for (unsigned int i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		unsigned long p = c[i].off == ~0ul ? (unsigned long)kvictim : tmem + c[i].off;
		long r = task_call(&task_a, SYS_REFUSES, p, c[i].write, 0);

		check(r == c[i].refused, c[i].what, r, c[i].refused);
	}
	t_group_end();
}
#endif

static void programs(void)
{
	long sum = 0, r;
	unsigned long log0 = task_log_len;
	static const char out[] = "hello from task A\ntask B here\nhello from task A\n";

	for (unsigned int i = 0; task_motd[i]; i++)
		sum += (unsigned char)task_motd[i];
	t_group_begin("tasks: two programs");
	r = task_run(&task_a, task_a_main, NULL);
	check(r == sum, "task A's program", r, sum);
	r = task_run(&task_b, task_b_main, NULL);
	check(r == sum, "task B's program", r, sum);
	r = task_run(&task_a, task_a_main, NULL);
	check(r == sum, "task A's program again", r, sum);
	check(task_log_len - log0 == sizeof(out) - 1 && !memcmp(task_log + log0, out, sizeof(out) - 1),
	      "what they wrote", (long)(task_log_len - log0), (long)sizeof(out) - 1);
	t_group_end();
}

void tasks_run(void)
{
	unsigned long raw = (unsigned long)plat_alloc_pages(32), f0;

	tmem = (raw + 0xffff) & ~0xfffful;
	for (unsigned int i = 0; i < TASK_PATTERN_SIZE; i++)
		task_pattern[i] = (unsigned char)(i * 13 + 7);
	mpu_tasks_begin();
	uaccess_set_user_range(0, UACCESS_USER_END);
	REG(SHPR2) = (REG(SHPR2) & 0x00ffffffu) | SVC_PRIORITY << 24;

	task_a = (struct task){ .stack = tmem + A_STACK, .range_start = tmem,
				.range_end = tmem + 0x10000 };
	task_region(&task_a, (unsigned long)__task_text_start, PAGE_SIZE, PAGE_READ, 0, true);
	task_region(&task_a, tmem + A_STACK, 0x2000, PAGE_READ_WRITE, 0, false);
	task_region(&task_a, tmem + A_DATA, 0x2000, PAGE_READ_WRITE, 0, false);
	task_region(&task_a, tmem + A_RO, 0x2000, PAGE_READ, 0, false);
	task_region(&task_a, tmem + A_SRD, 0x8000, PAGE_READ_WRITE, 1u << 3, false);
	if (NO_MEMORY_BELOW)
		task_region(&task_a, NO_MEMORY - 0x2000, 0x2000, PAGE_READ_WRITE, 0, false);
	if (NO_MEMORY)
		task_region(&task_a, NO_MEMORY, 0x2000, PAGE_READ_WRITE, 0, false);
	task_b = (struct task){ .stack = tmem + B_RAM, .range_start = tmem + B_RAM,
				.range_end = tmem + B_RAM + 0x2000 };
	task_region(&task_b, (unsigned long)__task_text_start, PAGE_SIZE, PAGE_READ, 0, true);
	task_region(&task_b, tmem + B_RAM, 0x2000, PAGE_READ_WRITE, 0, false);

	plat_printf("# tasks: memory at %#lx, task code at %p, no memory at %#x\n", tmem,
		    (void *)__task_text_start, NO_MEMORY);
	programs();
	copies("SVCall below the faults");
	words_and_structs();
	task_b_cases();
	kernel_pointer();
#ifdef __ARM_ARCH_8M_MAIN__
	refusals();
#endif

	task_unalign_trp = true;
	copies("CCR.UNALIGN_TRP set");
	words_and_structs();
	task_unalign_trp = false;

	f0 = trap_forced;
	REG(SHPR2) &= 0x00ffffffu;	/* the faults' own priority: escalates */
	copies("SVCall at the faults' priority: HardFault");
	REG(SHPR2) |= SVC_PRIORITY << 24;
	check(trap_forced - f0 >= 6, "faults escalated to HardFault", (long)(trap_forced - f0), 6);
	f0 = trap_forced;
	REG(SHCSR) &= ~SHCSR_MEMFAULTENA;
	copies("MemManage disabled: HardFault");
	REG(SHCSR) |= SHCSR_MEMFAULTENA;
	check(trap_forced - f0 >= 4, "MemManage faults escalated to HardFault",
	      (long)(trap_forced - f0), 4);
	plat_printf("# tasks: %lu bytes logged, %lu forced HardFaults resolved\n", task_log_len,
		    trap_forced);
}
