// SPDX-License-Identifier: MIT
/*
 * Exceptions of the AArch64 test kernel: start.S saves the registers and
 * calls trap_handler(); this is where a kernel wires in uaccess_fixup().
 *
 *   synchronous, ESR_EL1.EC 0x25 (data abort, same EL) with a
 *   translation, access-flag or permission fault
 *       the probes of pan.c resume at their own fixup; otherwise
 *       uaccess_fixup(ELR_EL1) gives the resume address if the
 *       instruction is one of the library's: ELR = that address, eret,
 *       and the routine returns the bytes it did not do.
 *   brk armed by pan.c
 *       the entry test: a probe of a user page from inside the handler.
 *   IRQ
 *       the GIC (timer.c).
 *   anything else, a fault with no fixup, or a library permission fault
 *   that the page's EL0 permissions allow (but dc zva's, below)
 *       a bug: report ESR, FAR, ELR and fail the run loudly.
 *
 * The window is checked on the way: a library fault on the user region
 * must come with the software window open (the interrupted TTBR0 the
 * user root; counted, and checked after the suite), and never be a
 * permission fault on a page that EL0 may access that way (a plain load
 * or store where ldtr/sttr belongs: fatal; a dc zva with PAN set:
 * counted, see is_dc_zva()).
 */
#include <stddef.h>
#include <uaccess.h>
#include "kernel.h"
#include "platform.h"

_Static_assert(offsetof(struct trap_frame, sp) == FRAME_SP &&
	       offsetof(struct trap_frame, elr) == FRAME_ELR &&
	       offsetof(struct trap_frame, esr) == FRAME_ESR &&
	       offsetof(struct trap_frame, ttbr0) == FRAME_TTBR0 &&
	       offsetof(struct trap_frame, kind) == FRAME_KIND &&
	       sizeof(struct trap_frame) == FRAME_SIZE && FRAME_SIZE % 16 == 0,
	       "struct trap_frame matches start.S");

struct cpu cpus[MAX_CPUS];
unsigned long closed_window_faults;
struct brk_probe brk_probe;

/* This CPU's count: two CPUs running the suite each see their own. */
unsigned long plat_fault_count(void)
{
	return this_cpu()->faults;
}

static const char *const kind_names[] = {
	[KIND_SYNC] = "synchronous exception",
	[KIND_IRQ] = "IRQ",
	[KIND_FIQ] = "FIQ",
	[KIND_SERROR] = "SError",
	[KIND_SP0] = "exception on SP_EL0",
	[KIND_LOWER] = "exception from EL0",
};

static const char *ec_name(unsigned long ec)
{
	switch (ec) {
	case EC_UNKNOWN: return "unknown reason (undefined instruction)";
	case 0x07: return "FP/SIMD access trapped";
	case 0x15: return "svc";
	case 0x16: return "hvc";
	case 0x18: return "system register access trapped";
	case 0x20: case 0x21: return "instruction abort";
	case 0x22: return "pc alignment fault";
	case EC_DABT_LOWER: case EC_DABT_SAME: return "data abort";
	case 0x26: return "sp alignment fault";
	case EC_BRK: return "brk";
	default: return "?";
	}
}

static __attribute__((noreturn)) void unexpected(const struct trap_frame *f,
						 const char *why)
{
	unsigned long ec = ESR_EC(f->esr);

	kernel_fail("%s: %s, %s (ESR %#lx: EC %#lx, ISS %#lx) at ELR %#lx, FAR %#lx, "
		    "SPSR %#lx (PAN %s), TTBR0 %#lx, lr %#lx, sp %#lx, CPU %u; "
		    "where: addr2line -e kernel.elf %#lx", why,
		    kind_names[f->kind], ec_name(ec), f->esr, ec,
		    f->esr & 0x1ffffff, f->elr, f->far, f->spsr,
		    f->spsr & PSR_PAN ? "set" : "clear", f->ttbr0, f->x[30],
		    f->sp, this_cpu()->index, f->elr);
}

/* Translation, access-flag and permission faults: what a page table says. */
static bool is_fault(unsigned long esr)
{
	unsigned long dfsc = ESR_DFSC(esr);

	return ESR_EC(esr) == EC_DABT_SAME && dfsc >= 0x04 && dfsc <= 0x0f;
}

/*
 * dc zva has no unprivileged form and obeys PAN: with PAN set it takes a
 * permission fault on a user page. The library clears PAN around it on
 * every CPU that has PAN, so such a fault is its bug, as a plain access
 * to a user page is.
 */
static bool is_dc_zva(unsigned long pc)
{
	return (*(const unsigned int *)pc & ~0x1fU) == 0xd50b7420U;
}

/* The address without its top byte, as TBI translates it. */
static unsigned long untagged(unsigned long va)
{
	return (unsigned long)((long)(va << 8) >> 8);
}

static void data_abort(struct trap_frame *f)
{
	struct cpu *c = this_cpu();
	unsigned long pc = f->elr, va = untagged(f->far), resume;
	bool write = f->esr & ESR_WNR;

	if (!is_fault(f->esr))
		unexpected(f, "unexpected data abort");
	if (pc == (unsigned long)kprobe_load_insn ||
	    pc == (unsigned long)kprobe_store_insn ||
	    pc == (unsigned long)kprobe_load_user_insn) {
		c->kfault.count++;
		c->kfault.esr = f->esr;
		c->kfault.far = f->far;
		f->elr = (unsigned long)kprobe_fixup;
		return;
	}
	resume = uaccess_fixup(pc);
	if (!resume)
		unexpected(f, "fault with no fixup");
	if (f->esr & ESR_FNV)
		unexpected(f, "library fault without a FAR");
	if (ESR_DFSC(f->esr) >= DFSC_PERMISSION_L0 && f->ttbr0 == kuap_ttbr0_open &&
	    mmu_user_allows(va, write)) {
		if (is_dc_zva(pc) && (f->spsr & PSR_PAN))
			unexpected(f, "dc zva with PAN set: the library did not "
				   "clear PAN around its loop");
		unexpected(f, "library fault on a page EL0 may access: a "
			   "privileged access where ldtr/sttr belongs");
	}
	if (software_pan && mmu_is_user(va) && f->ttbr0 != kuap_ttbr0_open)
		__atomic_fetch_add(&closed_window_faults, 1, __ATOMIC_RELAXED);
	/* The timer handler's own faults are its count, not the suite's. */
	if (c->in_timer)
		c->timer.faults++;
	else
		c->faults++;
	f->elr = resume;
}

/*
 * The brk of pan.c: probe the page from inside the handler, with the PAN
 * and TTBR0 the entry gave it; resume after the brk.
 */
static bool breakpoint(struct trap_frame *f)
{
	struct brk_probe *p = &brk_probe;
	struct kfault *k = &this_cpu()->kfault;
	unsigned long before = k->count;
	unsigned char v;

	if (!p->page)
		return false;
	p->frame_spsr = f->spsr;
	p->frame_ttbr0 = f->ttbr0;
	p->handler_pan = cpu_has_pan ? pan_read() : 0;
	p->handler_ttbr0 = read_sysreg(ttbr0_el1);
	p->faulted = kprobe_load(p->page, &v) && k->count == before + 1;
	p->esr = k->esr;
	p->far = k->far;
	p->page = NULL;
	p->ran = true;
	f->elr += 4;
	return true;
}

void trap_handler(struct trap_frame *f)
{
	switch (f->kind) {
	case KIND_IRQ:
		gic_irq(f);
		return;
	case KIND_SYNC:
		if (ESR_EC(f->esr) == EC_DABT_SAME) {
			data_abort(f);
			return;
		}
		if (ESR_EC(f->esr) == EC_BRK && breakpoint(f))
			return;
		unexpected(f, "unexpected exception");
	default:
		unexpected(f, "unexpected exception");
	}
}
