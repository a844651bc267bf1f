/* SPDX-License-Identifier: MIT */
/* What the pieces of the Cortex-M test kernel call in each other. */
#ifndef BAREMETAL_KERNEL_H
#define BAREMETAL_KERNEL_H

#include <stdbool.h>

/*
 * The boards, chosen at build time (kernel.mk): -march=armv7-m is
 * mps2-an385 (Cortex-M3, ARMv7-M MPU: mpu.c); -march=armv8-m.main with
 * CM_BOARD_an524 or CM_BOARD_an505 is mps3-an524 or mps2-an505 (Cortex-M33
 * in Secure state, ARMv8-M MPU: mpu-v8m.c).
 *
 * Memory map of mps2-an385 as the kernel uses it (no translation: every
 * address is physical):
 *   0x00000000, 4 MiB   SSRAM1: vectors, text, data, .bss (kernel.ld)
 *   0x20000000..        SSRAM2&3 (4 MiB): the stack (down from STACK_TOP)
 *   KERNEL_HOLE, 4 KiB  in SSRAM2&3, no access at all, privileged
 *                       included (an MPU region with AP 0):
 *                       plat_kernel_hole(); the pages around it are
 *                       kernel memory
 *   USER_BASE, 8 MiB    the first half of PSRAM (16 MiB at 0x21000000):
 *                       the user region, 4 KiB pages, each unmapped,
 *                       read-only or read-write for unprivileged
 *                       accesses (mpu.c)
 *   KERNEL_POOL, 8 MiB  PSRAM's second half: the pages of
 *                       plat_alloc_kernel_pages()
 *
 * The Cortex-M33 boards at their Secure aliases (the SAU off: every
 * address is Secure, and the MPCs let Secure accesses through), the image
 * at 0x10000000 (where VTOR_S points at reset), the kernel hole two MPU
 * regions over one page (an ARMv8-M MPU faults every access that two
 * regions match, privileged included):
 *   mps3-an524: the image in BRAM (512 KiB); the stack, the hole, the
 *     user region and the pool in DDR (2 GiB at 0x60000000), at the
 *     offsets of an385's.
 *   mps2-an505: the image in SSRAM1 (4 MiB), the stack and the hole in
 *     SSRAM2&3 (4 MiB at 0x38000000), the user region and the pool in
 *     PSRAM (16 MiB at 0x80000000): its only RAM for them, as the suite
 *     takes 4.3 MiB of contiguous user pages (twice test_bulk.c's arena
 *     of 2 MiB, at any page size) and an505 has 4 MiB banks below it:
 *     user addresses at 2 GiB and above, where a 32-bit sum can wrap.
 * Privileged code reaches everything but the hole (MPU_CTRL.PRIVDEFENA:
 * the default map under the regions); an unprivileged access (the
 * library's ldrt/strt) only what an MPU region grants it.
 */
#define PAGE_SIZE	4096UL
#define USER_SIZE	(8UL << 20)
#define KERNEL_POOL_SIZE (8UL << 20)
#if defined(CM_BOARD_an524)
#define BOARD_NAME	"mps3-an524, Cortex-M33, Secure"
#define STACK_TOP	0x60100000UL
#define KERNEL_HOLE	0x60300000UL
#define USER_BASE	0x61000000UL
#elif defined(CM_BOARD_an505)
#define BOARD_NAME	"mps2-an505, Cortex-M33, Secure"
#define STACK_TOP	0x38100000UL
#define KERNEL_HOLE	0x38300000UL
#define USER_BASE	0x80000000UL
#elif !defined(__ARM_ARCH_8M_MAIN__)
#define BOARD_NAME	"mps2-an385, Cortex-M3"
#define STACK_TOP	0x20100000UL
#define KERNEL_HOLE	0x20300000UL
#define USER_BASE	0x21000000UL
#else
#error "an ARMv8-M kernel needs CM_BOARD_an524 or CM_BOARD_an505"
#endif
#define KERNEL_POOL	(USER_BASE + USER_SIZE)
#define USER_END	(USER_BASE + USER_SIZE)

#define REG(a) (*(volatile unsigned int *)(a))
#define SHCSR		0xE000ED24u
#define CFSR		0xE000ED28u
#define HFSR		0xE000ED2Cu
#define MMFAR		0xE000ED34u
#define BFAR		0xE000ED38u
#define CFSR_MMFSR	0xffu
#define MMFSR_DACCVIOL	(1u << 1)
#define MMFSR_MMARVALID	(1u << 7)

/* console.c: semihosting output and exit (under examples/console_printf.c) */
#include "../console.h"
__attribute__((noreturn)) void kernel_exit(int status);

/*
 * mpu.c (ARMv7-M) or mpu-v8m.c (ARMv8-M), under examples/page_alloc.c;
 * the plat_ hooks of mpu.c serve both.
 */
#include "../page_alloc.h"
void mpu_init(void);
/*
 * A MemManage fault at addr (of the instruction at pc) that only a
 * missing MPU region caused (the page's protection allows the access):
 * the region loaded, true, and the instruction may run again. false: a
 * real fault.
 */
bool mpu_refill(unsigned long addr, unsigned int pc);
extern unsigned long mpu_refills;
/*
 * mpu.c: each user page's protection (enum plat_prot), which both MPU
 * halves load their regions from, and what it grants unprivileged code.
 */
extern unsigned char page_prot[];
enum page_access { PAGE_NO_ACCESS, PAGE_READ, PAGE_READ_WRITE };
enum page_access page_access(unsigned long page);
/* mpu-v8m.c: slots dropped for a privileged access to a read-only page. */
extern unsigned long mpu_drops;
/* What the MPU caches, for the banner. */
extern const char mpu_cache_desc[];
/*
 * The task phase (tasks.c): the MPU as an RTOS programs it. After
 * mpu_tasks_begin(), no refills: mpu_task_load() loads a task's regions
 * (none: n = 0), each a base and a size (ARMv7-M: a power of two, at
 * least 256 bytes, aligned to it), what unprivileged code may do there,
 * the eighths left out (ARMv7-M's SRD), and whether it may run code.
 */
struct task_region {
	unsigned long base, size;
	enum page_access access;
	unsigned char srd;
	bool exec;
};
extern bool mpu_tasks_mode;
void mpu_tasks_begin(void);
void mpu_task_load(const struct task_region *r, unsigned int n);

/*
 * tasks.c: a task (its regions, its 8 KiB stack region, its own user
 * range), run unprivileged until it returns; a system call made by it
 * (task_programs.c's task_syscall()). task_narrow: each run sets the
 * task's user range; task_unalign_trp: each run sets CCR.UNALIGN_TRP.
 */
struct task {
	unsigned long stack, range_start, range_end;
	unsigned int n;
	struct task_region r[8];
};
#define TASK_STACK_SP	0x1000u	/* into the stack region; its request above */
long task_run(const struct task *t, long (*fn)(void *), void *arg);
long task_call(const struct task *t, long nr, unsigned long a, unsigned long b,
	       unsigned long c);
void task_region(struct task *t, unsigned long base, unsigned long size,
		 enum page_access a, unsigned char srd, bool exec);
extern bool task_narrow, task_unalign_trp;
/* The system calls' state: the files, what SYS_WRITE and SYS_GETWORD got. */
#define TASK_PATTERN_SIZE 512	/* /dev/pattern: byte i is i * 13 + 7 */
#define TASK_LOG_SIZE	1024
extern const char task_motd[];
extern unsigned char task_pattern[TASK_PATTERN_SIZE];
extern unsigned char task_log[TASK_LOG_SIZE];
extern unsigned long task_log_len;
extern unsigned int task_word;
/* task_cases.c: the cases, after the suite. */
void tasks_run(void);

/* timer.c, under examples/timer_checks.c: SysTick during the suite */
#include "../timer_checks.h"
extern struct timer_cpu systick;
/* In the SysTick handler now: its faults are its own (trap.c). */
extern volatile bool in_timer;

/* trap.c; trap_forced counts the HardFaults (HFSR.FORCED) resolved. */
void trap_fault(unsigned int *frame, unsigned int ipsr);
extern unsigned long trap_forced;

/* smoke.c: the first checks of this kernel, run after the suite. */
void smoke_checks(void);

#endif
