/* SPDX-License-Identifier: MIT */
/* What the pieces of the e500 test kernel call in each other. */
#ifndef BAREMETAL_KERNEL_H
#define BAREMETAL_KERNEL_H

#include <stdbool.h>
#include "booke.h"

/*
 * Memory map (virtual -> physical):
 *   0x00000000..64 MiB  -> 0                the boot TLB1[0] entry: kernel
 *   USER_BASE..USER_END -> USER_PHYS..      4 KiB TLB0 entries (mmu.c)
 *   CCSR_VIRT, 1 MiB    -> 0xF_E000_0000    TLB1[1]: UART, GPIO
 * QEMU must give the machine USER_PHYS + USER_SIZE of RAM (-m 128M).
 */
#define PAGE_SIZE	4096UL
#define KERNEL_MAP_END	(64UL << 20)	/* the end of TLB1[0] */
#define USER_BASE	0x40000000UL
#define USER_SIZE	(32UL << 20)
#define USER_END	(USER_BASE + USER_SIZE)
#define USER_PHYS	0x04000000UL
#define CCSR_VIRT	0xe0000000UL

/* console.c, under examples/console_printf.c (kernel_fail() too) */
#include "../console.h"
void console_init(void);
__attribute__((noreturn)) void power_off(void);

/* mmu.c, under examples/page_alloc.c (mmu_is_user() too) */
#include "../page_alloc.h"
void mmu_init(void);
void mmu_map_ccsr(void);
enum tlb_miss { MISS_MAPPED, MISS_NOT_USER, MISS_NO_PAGE, MISS_WINDOW_CLOSED };
enum tlb_miss mmu_user_tlb_miss(unsigned long addr);
bool mmu_test_window_open(void);
/* Set the count of plat_user_begin() windows open; returns the old one. */
int mmu_test_window_swap(int open);

/* trap.c */
void traps_init(void);
void trap_handler(unsigned long vector, struct trap_frame *frame);
/* Library accesses with no window open; exceptions elsewhere with one. */
extern unsigned long kuap_closed_faults, kuap_open_elsewhere;
/* The decrementer's handler (irq.c), NULL while the timer is off. */
extern void (*trap_decrementer)(struct trap_frame *frame);
/* Put back the count plat_fault_count() returns. */
void plat_fault_count_set(unsigned long count);

/* irq.c: the decrementer storm, started before the suite. */
void irq_start(void);
/* Stop it and count its checks as cases (from t_after_suite). */
void irq_stop_and_check(void);

/* fdt.c: the first word of /chosen/bootargs, or NULL. */
const char *fdt_first_bootarg(const void *fdt, char *buf, unsigned long size);

#endif
