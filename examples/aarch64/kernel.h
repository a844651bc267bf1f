/* SPDX-License-Identifier: MIT */
/* What the pieces of the AArch64 test kernel call in each other. */
#ifndef BAREMETAL_A64_KERNEL_H
#define BAREMETAL_A64_KERNEL_H

/*
 * Memory map (4 KiB granule, 39-bit virtual addresses, the walk starting
 * at level 1; mmu.c):
 *   0, 4 KiB             unmapped (the Spectre-v1 mask's address), but
 *                        for plat_map_page_zero(), which makes it a user
 *                        page
 *   KERNEL_BASE, 64 MiB  RAM, virtual = physical: the kernel image, its
 *                        stacks and pools, EL1 only, global; 4 KiB pages
 *                        in the last 2 MiB, one per CPU left out (the
 *                        holes of plat_kernel_hole())
 *   GIC_VA, UART_VA      2 MiB each, device memory: the GICv2 distributor
 *                        and CPU interface, the PL011 UART (at GIC_PHYS,
 *                        UART_PHYS), in the kernel's 1 GiB, so that the
 *                        user root alone maps the first 1 GiB
 *   USER_BASE, USER_SIZE the user region, 4 KiB pages (non-global), each
 *                        unmapped, read-only, read-write or EL1-only, on
 *                        RAM from USER_PHYS
 * QEMU must give the machine 128 MiB (-m 128M).
 */
#define PAGE_SIZE	4096UL
#define KERNEL_BASE	0x40000000UL
#define KERNEL_SIZE	(64UL << 20)
/* The holes of plat_kernel_hole(), one per CPU: the tests write around it. */
#define KERNEL_HOLE(cpu) (KERNEL_BASE + KERNEL_SIZE - (1UL << 20) + (cpu) * 4 * PAGE_SIZE)
#define USER_BASE	0x1000000000UL
#define USER_SIZE	(64UL << 20)
#define USER_END	(USER_BASE + USER_SIZE)
#define USER_PHYS	(KERNEL_BASE + KERNEL_SIZE)
#define GIC_PHYS	0x08000000UL
#define UART_PHYS	0x09000000UL
#define GIC_VA		0x7fc00000UL
#define UART_VA		0x7fe00000UL
#define GICD_BASE	GIC_VA
#define GICC_BASE	(GIC_VA + 0x10000UL)
#define UART_BASE	UART_VA

/*
 * Status QEMU exits with (semihosting SYS_EXIT). A pass is not 0: QEMU
 * also exits 0 after a reset (with -no-reboot) or PSCI SYSTEM_OFF, so
 * only the kernel's own verdict reads as a pass.
 */
#define EXIT_PASS	33
#define EXIT_FAIL	1

/* The exception frame of start.S; the vector kinds it passes. */
#define FRAME_X(n)	((n) * 8)
#define FRAME_SP	(31 * 8)
#define FRAME_ELR	(32 * 8)
#define FRAME_SPSR	(33 * 8)
#define FRAME_ESR	(34 * 8)
#define FRAME_FAR	(35 * 8)
#define FRAME_TTBR0	(36 * 8)
#define FRAME_KIND	(37 * 8)
#define FRAME_SIZE	(38 * 8)
#define KIND_SYNC	0
#define KIND_IRQ	1
#define KIND_FIQ	2
#define KIND_SERROR	3
#define KIND_SP0	4	/* any exception taken with SP_EL0 */
#define KIND_LOWER	5	/* any exception from EL0 */

/* Offsets in struct ap_boot (smp.c), which start.S reads with the MMU off. */
#define AP_BOOT_MAIR	0
#define AP_BOOT_TCR	8
#define AP_BOOT_TTBR0	16
#define AP_BOOT_SCTLR	24
#define AP_BOOT_STACK	32
#define AP_BOOT_CPU	40
#define AP_BOOT_MAIN	48

#include "uaccess/kuap.h"

#ifndef __ASSEMBLER__
#include <stdbool.h>
#include <uaccess/compiler.h>

struct trap_frame {
	unsigned long x[31];
	unsigned long sp, elr, spsr, esr, far;
	unsigned long ttbr0;	/* the interrupted code's; restored on return */
	unsigned long kind;
};

/* ESR_EL1 */
#define ESR_EC(esr)		(((esr) >> 26) & 0x3f)
#define EC_UNKNOWN		0x00
#define EC_DABT_LOWER		0x24
#define EC_DABT_SAME		0x25
#define EC_BRK			0x3c
#define ESR_DFSC(esr)		((esr) & 0x3f)
#define ESR_WNR			(1UL << 6)
#define ESR_FNV			(1UL << 10)
#define DFSC_TRANSLATION_L1	0x05
#define DFSC_TRANSLATION_L3	0x07
#define DFSC_PERMISSION_L0	0x0c
#define DFSC_PERMISSION_L3	0x0f

/* PSTATE / SPSR */
#define PSR_PAN			(1UL << 22)
#define PSR_I			(1UL << 7)
#define PSR_MODE_MASK		0xfUL
#define PSR_MODE_EL1H		0x5UL

/*
 * The last fault a probe of start.S took (kprobe_*): the kernel's own
 * fixup, never the library's.
 */
struct kfault {
	unsigned long count, esr, far;
};

/*
 * What the timer interrupt saw and checked on one CPU (timer.c): in_window
 * counts PAN clear (a CPU with PAN) or TTBR0 the user root (software PAN).
 */
#include "../timer_checks.h"

/*
 * Per-CPU data; TPIDR_EL1 points at it (this_cpu()). The software-PAN
 * state of uaccess/kuap.h comes first: the hooks find it there.
 */
struct cpu {
	struct kuap_counts kuap;
	unsigned int index;		/* 0: the boot CPU */
	unsigned long faults;		/* resolved through uaccess_fixup() */
	struct kfault kfault;
	int test_window;		/* plat_user_begin() without its end */
	bool software_window;		/* mmu_software_window() open */
	bool in_timer;
	struct timer_cpu timer;
};
#define MAX_CPUS 2
extern struct cpu cpus[MAX_CPUS];

static inline struct cpu *this_cpu(void)
{
	return (struct cpu *)kuap_this_cpu();
}

#define read_sysreg(r) ({						\
	unsigned long __v;						\
	__asm__ volatile("mrs %0, " #r : "=r"(__v) : : "memory");	\
	__v; })
#define write_sysreg(r, v)						\
	__asm__ volatile("msr " #r ", %0" : : "r"((unsigned long)(v)) : "memory")
#define isb() __asm__ volatile("isb" : : : "memory")

/*
 * PSTATE.PAN by its generic name (S3_0_C4_C2_3), so that the assembler
 * needs no -march with FEAT_PAN; only on a CPU that has it.
 */
static inline unsigned long pan_read(void)
{
	return read_sysreg(S3_0_C4_C2_3) & PSR_PAN;
}

static inline void pan_write(bool set)
{
	write_sysreg(S3_0_C4_C2_3, set ? PSR_PAN : 0);
}

/* console.c, under examples/console_printf.c (kernel_fail() too) */
#include "../console.h"
/* Exit QEMU (semihosting) with EXIT_PASS or EXIT_FAIL. */
__attribute__((noreturn)) void kernel_exit(bool pass);
/* The -append text, through semihosting (empty if none). */
const char *kernel_cmdline(void);

/* mmu.c */
extern bool cpu_has_pan;
/* The software-PAN window: what the hooks switch TTBR0 between. */
extern unsigned long kuap_ttbr0_open, kuap_ttbr0_closed;
extern bool software_pan;
/* SCTLR_EL1, TCR_EL1 and MAIR_EL1 as every CPU sets them. */
unsigned long mmu_sctlr(void);
unsigned long mmu_tcr(void);
unsigned long mmu_mair(void);
void mmu_init(void);
/* After uaccess_init(): decide and switch on software PAN (see mmu.c). */
enum software_pan_state { SW_PAN_ON, SW_PAN_NO_HOOKS, SW_PAN_HOOKS_UNCALLED };
enum software_pan_state mmu_software_pan_init(void);
/* The allocators over the user region and the pool (mmu_is_user() too). */
#include "../page_alloc.h"
/* Whether EL0 may make this access to va now (user root's tables). */
bool mmu_user_allows(unsigned long va, bool write);
/* Whether va translates in the user root (any permission). */
bool mmu_mapped(unsigned long va);
/* A user-region page mapped read-write for EL1 only. */
void mmu_set_kernel_only(void *page);
/* TTBR0 = the user root, PAN untouched (a test's half window). */
void mmu_software_window(bool open);
/* Times a window was found open where every window is closed. */
extern unsigned long window_left_open;

/* trap.c */
unsigned long plat_fault_count(void);
/*
 * Library faults on user memory with the software window closed; dc zva
 * faults on a user page with PAN set (trap.c).
 */
extern unsigned long closed_window_faults;
/*
 * Armed with a user page, the next brk loads a byte of it from inside the
 * handler (kprobe_load) and records what the handler ran with.
 */
struct brk_probe {
	unsigned char *page;
	bool ran, faulted;
	unsigned long esr, far;
	unsigned long frame_spsr, frame_ttbr0;	/* the interrupted code's */
	unsigned long handler_pan, handler_ttbr0;
};
extern struct brk_probe brk_probe;
void trap_handler(struct trap_frame *f);

/* start.S: one access each with the kernel's own fixup: 0, or 1 on a fault. */
int kprobe_load(const void *p, unsigned char *value);
int kprobe_store(void *p, unsigned char value);
int kprobe_load_user(const void *p, unsigned char *value);	/* ldtrb */
extern const char kprobe_load_insn[], kprobe_store_insn[], kprobe_load_user_insn[];
extern const char kprobe_fixup[], vectors[], secondary_entry[];
/* PSCI through hvc: the function id and three arguments. */
long psci_call(unsigned long fn, unsigned long a1, unsigned long a2,
	       unsigned long a3);

/*
 * timer.c: GICv2, the virtual timer and its handler's checks
 * (timer_start(), timer_probe_spins(): examples/timer_checks.h).
 */
void gic_init(void);
void gic_cpu_init(void);
void gic_irq(struct trap_frame *f);

/* pan.c: PAN, software PAN and the unprivileged accesses have to matter. */
void pan_test(void);
/* After the suite: no window left open, every library fault inside one. */
void windows_checked(void);

/* smp.c: the second CPU, when the command line asks for it (cpus=2). */
extern unsigned int smp_cpus;
void smp_run(void);

/* A spinlock for the console (LDAXR/STLXR). */
static inline void spin_lock(volatile int *l)
{
	while (__atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE))
		__asm__ volatile("yield");
}

static inline void spin_unlock(volatile int *l)
{
	__atomic_store_n(l, 0, __ATOMIC_RELEASE);
}

#endif /* !__ASSEMBLER__ */
#endif
