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

/* trap.c */
void trap_init(void);
/* The last fault taken at a kprobe instruction (kprobe.S). */
struct kfault {
	unsigned long count, error, address;
	unsigned long gp_count;	/* #GPs resolved by the library's table */
};
extern struct kfault trap_last_fault;
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

/* kernel.c */
extern bool smap_on;
void console_write(const char *s, unsigned long n);
__attribute__((noreturn)) void kernel_exit(bool pass);
__attribute__((format(printf, 1, 2))) int kprintf(const char *fmt, ...);

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
