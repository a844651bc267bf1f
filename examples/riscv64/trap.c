// SPDX-License-Identifier: MIT
/*
 * Traps of the RISC-V test kernel: start.S saves the registers and calls
 * trap_handler(); this is where a kernel wires in uaccess_fixup().
 *
 *   load or store page fault (scause 13, 15), access fault (5, 7)
 *       uaccess_fixup(sepc) gives the resume address if the instruction
 *       is one of the library's; then sepc = that address and sret, and
 *       the routine returns the bytes it did not do. The probes of sum.c
 *       resume at their own fixup.
 *   breakpoint (3) armed by sum.c
 *       the entry test: a probe of a user page from inside the handler.
 *   anything else, or a fault with no fixup
 *       a bug: report it and fail the run loudly.
 *
 * SUM is checked on the way: a library fault on a user page must come
 * with the window open (the interrupted sstatus has SUM set).
 */
#include <stddef.h>
#include <uaccess.h>
#include "kernel.h"
#include "platform.h"

_Static_assert(offsetof(struct trap_frame, sstatus) == 32 * 8 &&
	       offsetof(struct trap_frame, stval) == 34 * 8 &&
	       sizeof(struct trap_frame) == 36 * 8,
	       "struct trap_frame matches start.S");

extern const char trap_entry[];

static unsigned long faults;
unsigned long sum_closed_faults;
struct probe_fault probe_fault;

void traps_init(void)
{
	csr_write(stvec, (unsigned long)trap_entry);
	/*
	 * No interrupts: the kernel polls its UART and sets no timer, and
	 * every source is off in sie. SIE is on all the same, as in a kernel
	 * that takes interrupts, so that the checks of sstatus around the
	 * library's calls (plat_status_read()) see a window that clears it.
	 */
	csr_write(sie, 0UL);
	csr_clear(sstatus, SSTATUS_SUM);
	csr_set(sstatus, SSTATUS_SIE);
}

unsigned long plat_fault_count(void)
{
	return faults;
}

static const char *cause_name(unsigned long cause)
{
	static const char *const names[] = {
		[CAUSE_INSN_MISALIGNED] = "instruction address misaligned",
		[CAUSE_INSN_ACCESS] = "instruction access fault",
		[CAUSE_ILLEGAL] = "illegal instruction",
		[CAUSE_BREAKPOINT] = "breakpoint",
		[CAUSE_LOAD_MISALIGNED] = "load address misaligned",
		[CAUSE_LOAD_ACCESS] = "load access fault",
		[CAUSE_STORE_MISALIGNED] = "store/AMO address misaligned",
		[CAUSE_STORE_ACCESS] = "store/AMO access fault",
		[CAUSE_ECALL_S] = "ecall from S-mode",
		[CAUSE_INSN_PAGE_FAULT] = "instruction page fault",
		[CAUSE_LOAD_PAGE_FAULT] = "load page fault",
		[CAUSE_STORE_PAGE_FAULT] = "store/AMO page fault",
	};

	if (cause & CAUSE_INTERRUPT)
		return "interrupt";
	if (cause < sizeof(names) / sizeof(names[0]) && names[cause])
		return names[cause];
	return "?";
}

static __attribute__((noreturn)) void unexpected(const struct trap_frame *f,
						 const char *why)
{
	kernel_fail("%s: %s (scause %#lx) at sepc %#lx, stval %#lx, ra %#lx, "
		    "sp %#lx, sstatus %#lx (SUM %s)", why,
		    cause_name(f->scause), f->scause, f->regs[FRAME_SEPC],
		    f->stval, f->regs[1], f->regs[2], f->sstatus,
		    f->sstatus & SSTATUS_SUM ? "set" : "clear");
}

static bool is_fault(unsigned long cause)
{
	/* Instruction faults (1, 12) never have a library pc: not here. */
	switch (cause) {
	case CAUSE_LOAD_ACCESS:
	case CAUSE_STORE_ACCESS:
	case CAUSE_LOAD_PAGE_FAULT:
	case CAUSE_STORE_PAGE_FAULT:
		return true;
	default:
		return false;
	}
}

struct bp_probe bp_probe;

/* The breakpoint of sum.c: probe the page, resume after the ebreak. */
static void breakpoint(struct trap_frame *f)
{
	unsigned long pc = f->regs[FRAME_SEPC];
	unsigned char v;

	bp_probe.frame_sstatus = f->sstatus;
	bp_probe.handler_sstatus = csr_read(sstatus);
	bp_probe.faulted = kprobe_load(bp_probe.page, &v);
	bp_probe.page = NULL;
	bp_probe.ran = true;
	/* ebreak is 4 bytes, c.ebreak 2: the low bits of its first half say. */
	f->regs[FRAME_SEPC] = pc + ((*(const unsigned short *)pc & 3) == 3 ? 4 : 2);
}

void trap_handler(struct trap_frame *f)
{
	unsigned long pc = f->regs[FRAME_SEPC], resume;

	if (f->scause == CAUSE_BREAKPOINT && bp_probe.page) {
		breakpoint(f);
		return;
	}
	if (!is_fault(f->scause))
		unexpected(f, "unexpected trap");
	if (pc == (unsigned long)kprobe_load_insn ||
	    pc == (unsigned long)kprobe_store_insn) {
		probe_fault.count++;
		probe_fault.scause = f->scause;
		probe_fault.stval = f->stval;
		f->regs[FRAME_SEPC] = (unsigned long)kprobe_fixup;
		return;
	}
	resume = uaccess_fixup(pc);
	if (!resume)
		unexpected(f, "fault with no fixup");
	if (mmu_is_user(f->stval) && !(f->sstatus & SSTATUS_SUM))
		sum_closed_faults++;
	faults++;
	f->regs[FRAME_SEPC] = resume;
}
