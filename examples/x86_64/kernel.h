/* SPDX-License-Identifier: MIT */
/*
 * The x86-64 test kernel's internal interfaces: memory layout and paging
 * (mmu.c), traps (trap.c, entry.S, kprobe.S), console and exit (kernel.c),
 * and what runs on top (run_tests.c or demo.c).
 */
#ifndef BAREMETAL_X86_64_KERNEL_H
#define BAREMETAL_X86_64_KERNEL_H

#include <stdbool.h>
#include <stdint.h>

/*
 * Physical memory is mapped 1:1. The kernel image sits at 1 MiB; pages
 * from its end to USER_BASE are the kernel pool (supervisor only), pages
 * from USER_BASE to RAM_TOP the user region (U/S=1), which is also the
 * range access_ok() accepts. QEMU must be given at least RAM_TOP of memory.
 */
#define PAGE_SIZE	4096UL
#define USER_BASE	(16UL << 20)
#define RAM_TOP		(64UL << 20)

/* mmu.c */
void mmu_init(void);
/* Write code: the kernel's text-poke hook for uaccess_init(). */
void text_poke(void *dst, const void *src, unsigned long len);
/* Does the page of addr allow this access now (present, and writable)? */
bool mmu_page_allows(unsigned long addr, bool write);

/* The last fault taken at a kprobe instruction (kprobe.S). */
struct kfault {
	unsigned long count, error, address;
	unsigned long gp_count;	/* #GPs resolved by the library's table */
};

/*
 * What the timer interrupt saw and checked on one CPU (timer.c): in_window
 * counts the interrupted RFLAGS with AC set (SMAP on).
 */
#include "../timer_checks.h"

/*
 * Per-CPU data, found through the GS base (this_cpu()): each CPU's fault
 * counts, kprobe record and timer state, so that two CPUs running the
 * suite at once count only their own.
 */
struct cpu {
	struct cpu *self;		/* %gs:0 */
	unsigned int index;		/* 0: the boot CPU */
	unsigned int apic_id;
	unsigned long faults;		/* resolved through uaccess_fixup() */
	struct kfault kfault;
	bool in_timer;			/* inside the timer handler */
	unsigned long irq_off_depth;	/* text writable: interrupts held off */
	unsigned long irq_saved_flags;
	struct timer_cpu timer;
	unsigned long timer_text_gen;	/* text generation last found consistent */
	int test_window;		/* plat_user_begin() without its end */
};
#define MAX_CPUS 2
extern struct cpu cpus[MAX_CPUS];

static inline struct cpu *this_cpu(void)
{
	struct cpu *c;

	__asm__ volatile("movq %%gs:0, %0" : "=r"(c));
	return c;
}
void cpu_set_gs(struct cpu *c);

/* What entry.S pushed, lowest address first. */
struct trap_frame {
	uint64_t r15, r14, r13, r12, r11, r10, r9, r8;
	uint64_t rbp, rdi, rsi, rdx, rcx, rbx, rax;
	uint64_t vector, error;
	uint64_t rip, cs, rflags, rsp, ss;	/* pushed by the CPU */
};

/* trap.c */
void trap_init(void);
void trap_init_ap(struct cpu *c);
#define trap_last_fault (this_cpu()->kfault)
/*
 * Armed with a user page, the next breakpoint (int3) loads a byte of it
 * from inside the handler (kprobe_load) and records what happened; the
 * handler disarms it.
 */
struct trap_bp_probe {
	void *page;
	bool faulted;			/* and counted as one #PF at kprobe */
	unsigned long error, address;	/* of that #PF */
	unsigned long handler_rflags;	/* inside the handler */
	unsigned long frame_rflags;	/* of the interrupted code */
};
extern struct trap_bp_probe trap_bp_probe;
int kprobe_load(const void *p);
int kprobe_store(void *p);

/*
 * timer.c: the local APIC, its periodic timer and the handler's checks
 * (timer_start(), timer_probe_spins(): examples/timer_checks.h).
 */
#define APIC_BASE	0xfee00000UL
#define VEC_TIMER	0x40
#define VEC_SPURIOUS	0xff
void apic_init(void);
void timer_interrupt(struct trap_frame *f);
unsigned int apic_id(void);
void apic_send_ipi(unsigned int apic_id, uint32_t icr_low);
/* Text changes only through plat_protect(PLAT_RWX); counts each. */
extern volatile unsigned long text_gen;

/* smp.c: the second CPU, when the command line asks for it (cpus=2). */
extern unsigned int smp_cpus;
void smp_run(void);

/* kernel.c */
extern bool smap_on;
/* RFLAGS.AC: SMAP's window is open while it is set. */
#define RFLAGS_AC	(1UL << 18)
/* Times AC was found set where every window is closed (kernel.c). */
extern unsigned long ac_left_open;
/* The COM1 console, under examples/console_printf.c. */
#include "../console.h"
__attribute__((noreturn)) void kernel_exit(bool pass);

/* What the kernel runs once set up, and its name: run_tests.c, demo.c. */
bool kernel_run(const char *set);
extern const char kernel_name[];

/* smap.c */
void smap_test(void);

static inline unsigned long read_cr2(void)
{
	unsigned long v;

	__asm__ volatile("mov %%cr2, %0" : "=r"(v));
	return v;
}

static inline void outb(uint16_t port, uint8_t v)
{
	__asm__ volatile("outb %0, %1" : : "a"(v), "Nd"(port));
}

static inline uint8_t inb(uint16_t port)
{
	uint8_t v;

	__asm__ volatile("inb %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static inline void outl(uint16_t port, uint32_t v)
{
	__asm__ volatile("outl %0, %1" : : "a"(v), "Nd"(port));
}

#endif
