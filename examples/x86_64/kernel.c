// SPDX-License-Identifier: MIT
/*
 * The x86-64 kernels (the test kernel and the demo): boot under QEMU
 * -M microvm (PVH, boot.S), set up paging (mmu.c) and exceptions (trap.c),
 * turn SMAP on when CPUID has it, and give tests/harness/platform.h its console
 * and user-access windows. Output goes to COM1 (console_write(), under
 * examples/console_printf.c); the run ends through the isa-debug-exit
 * device, with EXIT_PASS only when kernel_run() passed.
 *
 * What runs once the machine is set up is kernel_run(): the suite
 * (run_tests.c) or the demo (demo.c), one per kernel image.
 *
 * Command line (-append): "features=SET" names the feature set for
 * kernel_run() (test_arch_parse_features(): "native", "none", "erms+fsrm",
 * "native+fsrm"...); default "native". "cpus=2": after the suite, run
 * part of it on two CPUs at once (smp.c; QEMU needs -smp 2).
 */
#include <string.h>
#include <uaccess.h>
#include "kernel.h"
#include "platform.h"

#define COM1		0x3f8
#define COM1_LSR	(COM1 + 5)
#define LSR_THRE	0x20		/* transmit holding register empty */
#define DEBUG_EXIT	0xf4
/* isa-debug-exit makes QEMU exit with (value << 1) | 1: 33 and 3. A
 * triple fault exits 0, so a runner must ask for 33 exactly. */
#define EXIT_PASS	0x10
#define EXIT_FAIL	0x01

#define CR4_SMAP	(1UL << 21)

/* The PVH boot information (Xen's hvm_start_info, version 0 part). */
struct hvm_start_info {
	uint32_t magic, version, flags, nr_modules;
	uint64_t modlist_paddr, cmdline_paddr, rsdp_paddr, memmap_paddr;
	uint32_t memmap_entries, reserved;
};
#define HVM_START_MAGIC 0x336ec578

/* Its memory map (version 1): RAM entries have type 1. */
struct hvm_memmap_entry {
	uint64_t addr, size;
	uint32_t type, reserved;
};
#define HVM_MEMMAP_RAM 1

bool smap_on;

void console_write(const char *s, unsigned long n)
{
	for (unsigned long i = 0; i < n; i++) {
		while (!(inb(COM1_LSR) & LSR_THRE))
			;
		outb(COM1, (uint8_t)s[i]);
	}
}

/* The last line of every run, which the runner looks for, then the exit. */
void kernel_exit(bool pass)
{
	plat_printf("# kernel: %s\n", pass ? "pass" : "fail");
	outl(DEBUG_EXIT, pass ? EXIT_PASS : EXIT_FAIL);
	for (;;)
		__asm__ volatile("cli; hlt");
}

static unsigned long read_rflags(void)
{
	unsigned long f;

	__asm__ volatile("pushfq\n\tpopq %0" : "=r"(f) : : "memory");
	return f;
}

/*
 * The test side's own user-memory accesses (filling and checking buffers)
 * run inside a window, like the library's. Without SMAP the window is
 * implicit (and stac would be #UD). The first of them to open finds every
 * window closed, the library's included: AC set there was left set by the
 * library (counted, and checked after the suite).
 */
unsigned long ac_left_open;	/* all CPUs' */

void plat_user_begin(void)
{
	if (smap_on && !this_cpu()->test_window++) {
		if (read_rflags() & RFLAGS_AC)
			__atomic_fetch_add(&ac_left_open, 1, __ATOMIC_RELAXED);
		__asm__ volatile("stac" : : : "memory");
	}
}

void plat_user_end(void)
{
	if (smap_on && !--this_cpu()->test_window)
		__asm__ volatile("clac" : : : "memory");
}

int plat_window_state(void)
{
	if (!smap_on)
		return -1;
	return (read_rflags() & RFLAGS_AC) != 0;
}

/*
 * RFLAGS but the arithmetic flags (CF, PF, AF, ZF, SF, OF), which every
 * comparison writes, the caller's as much as the library's. The rest (IF,
 * DF, AC, TF, NT, IOPL, ID) changes only where code means to change it.
 */
#define RFLAGS_ARITH	0x8d5UL

void plat_status_read(struct plat_status *s)
{
	s->n = 1;
	s->name[0] = "RFLAGS";
	s->value[0] = read_rflags() & ~RFLAGS_ARITH;
}

unsigned int smp_cpus = 1;

/* Copy the value of "features=" from the command line into set[]; "cpus=2"
 * asks for the second CPU (smp.c). */
static void feature_set_arg(const struct hvm_start_info *si, char *set, size_t n)
{
	const char *p = si->magic == HVM_START_MAGIC && si->cmdline_paddr ?
		(const char *)(unsigned long)si->cmdline_paddr : "";
	size_t len = 0;

	for (const char *q = p; *q; q += strcspn(q, " "), q += *q == ' ')
		if (!strncmp(q, "cpus=2", 6))
			smp_cpus = 2;
	while (*p && strncmp(p, "features=", 9)) {
		p += strcspn(p, " ");
		p += *p == ' ';
	}
	if (*p) {
		p += 9;
		len = strcspn(p, " ");
	}
	if (!len || len >= n) {
		p = "native";
		len = 6;
	}
	memcpy(set, p, len);
	set[len] = 0;
}

/* Does the loader's memory map have RAM over [1 MiB, RAM_TOP)? */
static bool enough_ram(const struct hvm_start_info *si)
{
	const struct hvm_memmap_entry *e;

	if (si->magic != HVM_START_MAGIC || si->version < 1 || !si->memmap_paddr)
		return true;	/* no map: trust the command line */
	e = (const struct hvm_memmap_entry *)(unsigned long)si->memmap_paddr;
	for (uint32_t i = 0; i < si->memmap_entries; i++)
		if (e[i].type == HVM_MEMMAP_RAM && e[i].addr <= (1UL << 20) &&
		    e[i].addr + e[i].size >= RAM_TOP)
			return true;
	return false;
}

#define MSR_GS_BASE	0xc0000101

/* this_cpu() reads %gs:0: the CPU's own struct cpu. */
void cpu_set_gs(struct cpu *c)
{
	unsigned long a = (unsigned long)c;

	c->self = c;
	__asm__ volatile("wrmsr" : : "c"(MSR_GS_BASE), "a"((uint32_t)a),
			 "d"((uint32_t)(a >> 32)) : "memory");
}

static void smap_enable(void)
{
	unsigned long cr4;

	__asm__ volatile("mov %%cr4, %0" : "=r"(cr4));
	cr4 |= CR4_SMAP;
	__asm__ volatile("mov %0, %%cr4" : : "r"(cr4) : "memory");
	smap_on = true;
}

static void print_cpu(unsigned long f)
{
	static const char *const names[] = UACCESS_FEATURE_NAMES;

	plat_printf("# cpu features (CPUID):");
	for (unsigned long i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i] && (f & (1UL << i)))
			plat_printf(" %s", names[i]);
	plat_printf("%s\n", f ? "" : " none");
}

void kernel_main(unsigned long start_info);
void kernel_main(unsigned long start_info)
{
	unsigned long cpu = uaccess_cpu_features();
	const struct hvm_start_info *si = (const void *)start_info;
	char set[96];

	cpus[0].index = 0;
	cpu_set_gs(&cpus[0]);
	/* Read before paging changes: the loader put them in low memory. */
	feature_set_arg(si, set, sizeof(set));
	plat_printf("# uaccess %s: x86-64, PVH on QEMU microvm\n", kernel_name);
	if (!enough_ram(si)) {
		plat_printf("# less than %lu MiB of RAM: run QEMU with -m %luM\n",
			RAM_TOP >> 20, RAM_TOP >> 20);
		kernel_exit(false);
	}
	mmu_init();
	trap_init();
	print_cpu(cpu);
	if (cpu & UACCESS_FEAT_SMAP)
		smap_enable();
	plat_printf("# SMAP %s\n", smap_on ? "on (CR4.SMAP)" : "off: not in CPUID");
	/* Only the user region is user memory: kernel pointers fail access_ok. */
	uaccess_set_user_range(USER_BASE, RAM_TOP);
	apic_init();
	cpus[0].apic_id = apic_id();
	/* From here to the end of the suite: the handler waits for the
	 * library to be patched (library_ready() in timer.c). */
	timer_start();
	kernel_exit(kernel_run(set));
}
