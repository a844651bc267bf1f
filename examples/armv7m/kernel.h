/* SPDX-License-Identifier: MIT */
/* What the pieces of the Cortex-M test kernel call in each other. */
#ifndef BAREMETAL_KERNEL_H
#define BAREMETAL_KERNEL_H

#include <stdbool.h>

/*
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
 * Privileged code reaches everything but the hole (MPU_CTRL.PRIVDEFENA:
 * the default map under the regions); an unprivileged access (the
 * library's ldrt/strt) only what an MPU region grants it.
 */
#define PAGE_SIZE	4096UL
#define STACK_TOP	0x20100000UL
#define KERNEL_HOLE	0x20300000UL
#define USER_BASE	0x21000000UL
#define USER_SIZE	(8UL << 20)
#define USER_END	(USER_BASE + USER_SIZE)
#define KERNEL_POOL	USER_END
#define KERNEL_POOL_SIZE (8UL << 20)

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

/* mpu.c, under examples/page_alloc.c */
#include "../page_alloc.h"
void mpu_init(void);
/*
 * A MemManage fault at addr that only a missing MPU region caused (the
 * page's protection allows the access): the region loaded, true, and the
 * instruction may run again. false: a real fault.
 */
bool mpu_refill(unsigned long addr);
extern unsigned long mpu_refills;

/* timer.c, under examples/timer_checks.c: SysTick during the suite */
#include "../timer_checks.h"
extern struct timer_cpu systick;
/* In the SysTick handler now: its faults are its own (trap.c). */
extern volatile bool in_timer;

/* trap.c */
void trap_fault(unsigned int *frame, unsigned int ipsr);

/* smoke.c: the first checks of this kernel, run after the suite. */
void smoke_checks(void);

#endif
