// SPDX-License-Identifier: MIT
/*
 * Exceptions: an IDT for vectors 0..31 (entry.S), a TSS whose IST1 stack
 * takes double faults (a kernel stack overflow still gets reported), and
 * the handler.
 *
 * The page-fault handler is the part a kernel copies: ask uaccess_fixup()
 * about the faulting RIP; if the library's table covers it, resume at the
 * fixup, which makes the routine return the bytes not done. Anything else
 * is a bug: report it with RIP, CR2 and the error code and fail the run.
 * A general-protection fault goes the same way: an access to a
 * non-canonical address (an unchecked call given one, a nofault probe of a
 * bad kernel pointer) raises #GP, not #PF, and the library's table covers
 * it alike. entry.S clears RFLAGS.AC before any of this runs.
 */
#include <stddef.h>
#include <uaccess.h>
#include "kernel.h"
#include "platform.h"

#define KERNEL_CS	0x08
#define TSS_SEL		0x18
#define GATE_INTR	0x8e	/* present, DPL 0, 64-bit interrupt gate */
#define VEC_BP		3
#define VEC_DF		8
#define VEC_GP		13
#define VEC_PF		14
#define PF_WRITE	0x2

struct idt_gate {
	uint16_t off_lo, sel;
	uint8_t ist, type;
	uint16_t off_mid;
	uint32_t off_hi, zero;
};

struct tss {
	uint32_t reserved0;
	uint64_t rsp[3];
	uint64_t reserved1;
	uint64_t ist[7];
	uint64_t reserved2;
	uint16_t reserved3, iomap;
} __attribute__((packed));

/* entry.S, boot.S, kprobe.S */
extern const char trap_stubs[];
extern uint64_t gdt[];
extern const char kprobe_load_insn[], kprobe_store_insn[], kprobe_fault[];

static struct idt_gate idt[256];
static struct tss tss[MAX_CPUS];
static unsigned char df_stack[MAX_CPUS][8192] __attribute__((aligned(16)));
struct trap_bp_probe trap_bp_probe;

static const char *const names[32] = {
	"#DE divide error", "#DB debug", "NMI", "#BP breakpoint",
	"#OF overflow", "#BR bound range", "#UD invalid opcode",
	"#NM device not available", "#DF double fault", "coprocessor overrun",
	"#TS invalid TSS", "#NP segment not present", "#SS stack fault",
	"#GP general protection", "#PF page fault", "reserved 15",
	"#MF x87 error", "#AC alignment check", "#MC machine check",
	"#XM SIMD error", "#VE virtualization", "#CP control protection",
};

/* Load this CPU's TSS (its own double-fault stack) and the shared IDT. */
static void trap_load(unsigned int cpu)
{
	unsigned long base = (unsigned long)&tss[cpu];
	unsigned int sel = TSS_SEL + 16 * cpu;
	struct {
		uint16_t limit;
		uint64_t base;
	} __attribute__((packed)) idtr = { sizeof(idt) - 1, (uint64_t)(unsigned long)idt };

	tss[cpu].ist[0] = (uint64_t)(unsigned long)(df_stack[cpu + 1]);
	tss[cpu].iomap = sizeof(tss[cpu]);	/* no I/O bitmap */
	/* A 16-byte system descriptor: type 9 = available 64-bit TSS. */
	gdt[sel / 8] = (sizeof(tss[cpu]) - 1) | (base & 0xffffff) << 16 |
		       0x89UL << 40 | (base >> 24 & 0xff) << 56;
	gdt[sel / 8 + 1] = base >> 32;
	__asm__ volatile("ltr %w0" : : "r"(sel));
	__asm__ volatile("lidt %0" : : "m"(idtr));
}

/*
 * Every vector has a gate: 0..31 the exceptions, VEC_TIMER the local APIC
 * timer, VEC_SPURIOUS the APIC's spurious vector; any other that arrives
 * is reported as unexpected.
 */
void trap_init(void)
{
	for (int v = 0; v < 256; v++) {
		unsigned long h = (unsigned long)trap_stubs + 16 * v;

		idt[v] = (struct idt_gate){
			.off_lo = (uint16_t)h, .sel = KERNEL_CS,
			.ist = v == VEC_DF ? 1 : 0, .type = GATE_INTR,
			.off_mid = (uint16_t)(h >> 16), .off_hi = (uint32_t)(h >> 32),
		};
	}
	trap_load(0);
}

/* A second CPU: the same IDT, a TSS of its own. */
void trap_init_ap(struct cpu *c)
{
	trap_load(c->index);
}

/* This CPU's count: two CPUs running the suite each see their own. */
unsigned long plat_fault_count(void)
{
	return this_cpu()->faults;
}

/*
 * An access at the Spectre-v1 mask's address (non-canonical) raises #GP,
 * which this kernel's #GP handler sends to uaccess_fixup() as the #PF
 * handler does (general_protection() below).
 */
bool plat_masked_addr_faults(void)
{
	return true;
}

/* Page 0 stays unmapped here: the hosted suite maps it. */
bool plat_map_page_zero(void)
{
	return false;
}

void plat_unmap_page_zero(void)
{
}

/* true if the fault is resolved and the frame set to resume. */
static bool page_fault(struct trap_frame *f)
{
	unsigned long addr = read_cr2(), fixup;
	bool write = f->error & PF_WRITE;

	/* The kernel's own probes (SMAP test): record what happened. */
	if (f->rip == (unsigned long)kprobe_load_insn ||
	    f->rip == (unsigned long)kprobe_store_insn) {
		trap_last_fault.count++;
		trap_last_fault.error = f->error;
		trap_last_fault.address = addr;
		f->rip = (unsigned long)kprobe_fault;
		return true;
	}

	fixup = uaccess_fixup(f->rip);
	if (!fixup)
		return false;
	/*
	 * A covered access may fault only where the page refuses it. On a
	 * page that allows it the cause is SMAP: user memory touched with
	 * the window closed (a missing stac in the library, or a test-side
	 * access outside plat_user_begin/end). The fixup would only turn
	 * that into a short count; say what it is instead.
	 */
	if (mmu_page_allows(addr, write)) {
		plat_printf("# SMAP fault: rip %#lx reached %#lx with the user-access "
			"window closed\n", (unsigned long)f->rip, addr);
		return false;
	}
	/* The timer handler's own faults are its count, not the suite's. */
	if (this_cpu()->in_timer)
		this_cpu()->timer.faults++;
	else
		this_cpu()->faults++;
	f->rip = fixup;
	return true;
}

/* #GP: only the library's table may resolve it (there is no CR2). */
static bool general_protection(struct trap_frame *f)
{
	unsigned long fixup = uaccess_fixup(f->rip);

	if (!fixup)
		return false;
	this_cpu()->faults++;
	trap_last_fault.gp_count++;
	f->rip = fixup;
	return true;
}

/*
 * The breakpoint, for the entry test (smap.c): a stray load from the user
 * page the test armed, from inside the handler, recording the RFLAGS the
 * handler runs with and the ones the interrupted code had.
 */
static bool breakpoint(struct trap_frame *f)
{
	struct trap_bp_probe *p = &trap_bp_probe;
	unsigned long before = trap_last_fault.count, flags;

	if (!p->page)
		return false;
	__asm__ volatile("pushfq; popq %0" : "=r"(flags));
	p->handler_rflags = flags;
	p->frame_rflags = f->rflags;
	p->faulted = kprobe_load(p->page) && trap_last_fault.count == before + 1;
	p->error = trap_last_fault.error;
	p->address = trap_last_fault.address;
	p->page = NULL;
	return true;
}

void trap_handler(struct trap_frame *f);
void trap_handler(struct trap_frame *f)
{
	const char *name = f->vector < 32 && names[f->vector] ? names[f->vector]
							      : "exception";

	if (f->vector == VEC_TIMER) {
		timer_interrupt(f);
		return;
	}
	if (f->vector == VEC_SPURIOUS)
		return;		/* no EOI for the spurious vector */
	if (f->vector == VEC_PF && page_fault(f))
		return;
	if (f->vector == VEC_GP && general_protection(f))
		return;
	if (f->vector == VEC_BP && breakpoint(f))
		return;
	plat_printf("# unexpected %s (vector %lu) at rip %#lx, error code %#lx, "
		"cr2 %#lx, rsp %#lx\n", name, (unsigned long)f->vector,
		(unsigned long)f->rip, (unsigned long)f->error, read_cr2(),
		(unsigned long)f->rsp);
	plat_printf("# where: addr2line -e uaccess-kernel.elf %#lx\n", (unsigned long)f->rip);
	kernel_exit(false);
}
