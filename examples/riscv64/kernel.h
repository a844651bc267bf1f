/* SPDX-License-Identifier: MIT */
/* What the pieces of the RISC-V test kernel call in each other. */
#ifndef BAREMETAL_KERNEL_H
#define BAREMETAL_KERNEL_H

#include <stdbool.h>

/*
 * Memory map, Sv39 (virtual -> physical, start.S turns paging on with
 * satp = the root of mmu.c):
 *   0x00100000, 4 KiB     -> the same: the test device (exit status)
 *   0x10000000, 2 MiB     -> the same: the NS16550 UART
 *   KERNEL_BASE, 64 MiB   -> the same: the kernel image, its stack and
 *                            pools, supervisor only (U = 0), but for the
 *                            hole of plat_kernel_hole()
 *   USER_BASE..USER_END   -> USER_PHYS..: the user region (U = 1), 4 KiB
 *                            pages, each unmapped, read-only or writable
 * Page 0 is not mapped, but for the test of refused pointers with a user
 * range from 0, which maps it as a user page (plat_map_page_zero()).
 * QEMU must give the machine USER_PHYS + USER_SIZE of RAM (-m 128M).
 */
#define PAGE_SIZE	4096UL
#define KERNEL_BASE	0x80000000UL
#define KERNEL_SIZE	(64UL << 20)
#define KERNEL_HOLE	(KERNEL_BASE + KERNEL_SIZE - (1UL << 20))
#define USER_BASE	0x40000000UL
#define USER_SIZE	(32UL << 20)
#define USER_END	(USER_BASE + USER_SIZE)
#define USER_PHYS	(KERNEL_BASE + KERNEL_SIZE)
#define TEST_DEVICE	0x00100000UL
#define UART_BASE	0x10000000UL

/* sstatus bits */
#define SSTATUS_SIE	(1UL << 1)
#define SSTATUS_SPIE	(1UL << 5)
#define SSTATUS_SPP	(1UL << 8)
#define SSTATUS_SUM	(1UL << 18)

/* scause exception codes */
#define CAUSE_INSN_MISALIGNED	0
#define CAUSE_INSN_ACCESS	1
#define CAUSE_ILLEGAL		2
#define CAUSE_BREAKPOINT	3
#define CAUSE_LOAD_MISALIGNED	4
#define CAUSE_LOAD_ACCESS	5
#define CAUSE_STORE_MISALIGNED	6
#define CAUSE_STORE_ACCESS	7
#define CAUSE_ECALL_S		9
#define CAUSE_INSN_PAGE_FAULT	12
#define CAUSE_LOAD_PAGE_FAULT	13
#define CAUSE_STORE_PAGE_FAULT	15
#define CAUSE_INTERRUPT		(1UL << 63)

#define csr_read(csr) ({						\
	unsigned long __v;						\
	__asm__ volatile("csrr %0, " #csr : "=r"(__v) : : "memory");	\
	__v; })
#define csr_write(csr, v)						\
	__asm__ volatile("csrw " #csr ", %0" : : "r"(v) : "memory")
#define csr_set(csr, v)							\
	__asm__ volatile("csrs " #csr ", %0" : : "r"(v) : "memory")
#define csr_clear(csr, v)						\
	__asm__ volatile("csrc " #csr ", %0" : : "r"(v) : "memory")

/*
 * The registers a trap saves (start.S): x1..x31 in regs[1..31] (regs[0]
 * holds sepc, which the handler may change), then the trap CSRs.
 */
struct trap_frame {
	unsigned long regs[32];
	unsigned long sstatus, scause, stval;
	unsigned long pad;
};
#define FRAME_SEPC	0

/* console.c, under examples/console_printf.c (kernel_fail() too) */
#include "../console.h"
void console_init(void);
/* Exit QEMU through the test device: pass (status 0) or fail. */
__attribute__((noreturn)) void power_off(bool pass);

/* mmu.c, under examples/page_alloc.c (mmu_is_user() too) */
#include "../page_alloc.h"
void mmu_init(void);
/* Whether va has a mapping (any permission). */
bool mmu_mapped(unsigned long va);
/* plat_user_begin() windows open now. */
bool mmu_test_window_open(void);
/* Times a user-access window was found open where it must be closed. */
extern unsigned long sum_left_open;

/* trap.c */
void traps_init(void);
void trap_handler(struct trap_frame *frame);
/* Library faults on user pages with SUM clear. */
extern unsigned long sum_closed_faults;
/* The last fault a probe of kprobe.S took (sum.c). */
struct probe_fault {
	unsigned long count, scause, stval;
};
extern struct probe_fault probe_fault;
/*
 * A breakpoint while page is set: the handler probes page itself (a load,
 * with the window as the entry code left it) and records what it saw.
 */
struct bp_probe {
	unsigned char *page;
	bool ran, faulted;
	unsigned long frame_sstatus, handler_sstatus;
};
extern struct bp_probe bp_probe;

/* start.S: one access with the kernel's own fixup: 0, or 1 on a fault. */
int kprobe_load(const void *p, unsigned char *value);
int kprobe_store(void *p, unsigned char value);
extern const char kprobe_load_insn[], kprobe_store_insn[], kprobe_fixup[];

/* sum.c: SUM has to matter (cases of the suite, before it runs). */
void sum_test(void);
/* After the suite: no window left open, no library fault with SUM clear. */
void sum_checked(void);

#endif
