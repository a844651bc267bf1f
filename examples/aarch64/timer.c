// SPDX-License-Identifier: MIT
/*
 * The GICv2 and the EL1 virtual timer (PPI 27): an interrupt at a high
 * rate for the whole suite, on every CPU, so that interrupts land inside
 * the library's routines, its windows, its fixups and byte-retry loops,
 * and the tests' own windows.
 *
 * The handler is a small kernel of its own on top of what it interrupts:
 *   - it makes user accesses of its own through the library, checked
 *     exactly (examples/timer_checks.c, as the x86-64 kernel's handler),
 *     and its windows must balance.
 *   - it checks the state it runs with: PAN set on a CPU with PAN
 *     (SCTLR_EL1.SPAN = 0 sets it on entry), TTBR0 the kernel root under
 *     software PAN (start.S), both again after its library calls; and,
 *     through spins of known PAN and TTBR0 (timer_probe_spins()), that
 *     the frame holds exactly what the interrupted code had and that eret
 *     gives it back.
 *   - it counts interrupts, those that landed inside the library's text
 *     (kernel.ld brackets it: _lib_text_start, _lib_text_end) and those
 *     that landed inside a window.
 * The interrupted code's window bookkeeping (the hooks' counts of
 * uaccess/kuap.h) is saved and restored around the handler, as the
 * interrupted code may be halfway through an update of it; its TTBR0
 * comes back through the frame. The test kernel turns the handler's
 * record into cases of the suite after the last test
 * (examples/timer_report.c).
 *
 * While the library is not in a state to be called (its exception table
 * not sorted, as before uaccess_init() or while a test reverses it), the
 * handler makes no user access: it only counts and checks the frame.
 */
#include <uaccess.h>
#include "kernel.h"
#include "platform.h"

#define GICD_CTLR	0x000
#define GICD_ISENABLER	0x100
#define GICD_IPRIORITYR	0x400
#define GICC_CTLR	0x000
#define GICC_PMR	0x004
#define GICC_BPR	0x008
#define GICC_IAR	0x00c
#define GICC_EOIR	0x010
#define TIMER_INTID	27
#define SPURIOUS_INTID	1023
#define CNTV_ENABLE	1UL

/*
 * Interrupts per second of QEMU's virtual time, which under TCG runs at
 * host speed: over ten thousand in a boot, thousands of them inside the
 * library, at about a third of a boot's time (each handler's library
 * calls fault four times and open eight windows). The next one is set a
 * period after the handler ends, so the interrupted code always makes
 * progress between two.
 */
#ifndef TIMER_HZ
#define TIMER_HZ	1000
#endif

extern char _lib_text_start[], _lib_text_end[];

static unsigned long period;

/*
 * Ticks that landed in the spins of timer_probe_spins(), per CPU: PAN
 * clear, PAN set, window closed, window open; and those whose frame said
 * otherwise.
 */
static volatile unsigned long probe_hits[MAX_CPUS][4], probe_wrong[MAX_CPUS][4];
/* Where each spin starts and ends (state_spins() writes it first). */
static unsigned long spin_pc[4][2];

static inline unsigned int gicd_read(unsigned long off)
{
	return *(volatile unsigned int *)(GICD_BASE + off);
}

static inline void gicd_write(unsigned long off, unsigned int v)
{
	*(volatile unsigned int *)(GICD_BASE + off) = v;
}

static inline unsigned int gicc_read(unsigned long off)
{
	return *(volatile unsigned int *)(GICC_BASE + off);
}

static inline void gicc_write(unsigned long off, unsigned int v)
{
	*(volatile unsigned int *)(GICC_BASE + off) = v;
}

/* The distributor, once: QEMU's GICv2 has no security extensions here. */
void gic_init(void)
{
	gicd_write(GICD_CTLR, 1);
}

/* This CPU's interface, and its banked PPI 27 on at a middle priority. */
void gic_cpu_init(void)
{
	unsigned int prio = gicd_read(GICD_IPRIORITYR + TIMER_INTID / 4 * 4);

	prio &= ~(0xffU << (TIMER_INTID % 4 * 8));
	gicd_write(GICD_IPRIORITYR + TIMER_INTID / 4 * 4,
		   prio | 0x80U << (TIMER_INTID % 4 * 8));
	gicd_write(GICD_ISENABLER, 1U << TIMER_INTID);
	gicc_write(GICC_PMR, 0xf0);
	gicc_write(GICC_BPR, 0);
	gicc_write(GICC_CTLR, 1);
}

void timer_start(void)
{
	struct cpu *c = this_cpu();

	timer_cpu_init(&c->timer, c->index);
	period = read_sysreg(cntfrq_el0) / TIMER_HZ;
	write_sysreg(cntv_tval_el0, period);
	write_sysreg(cntv_ctl_el0, CNTV_ENABLE);
	isb();
	__asm__ volatile("msr daifclr, #2" : : : "memory");
}

void timer_stop(void)
{
	__asm__ volatile("msr daifset, #2" : : : "memory");
	write_sysreg(cntv_ctl_el0, 0);
	isb();
}

/* A window the interrupted code had open: PAN clear, or the user root. */
static bool frame_window_open(const struct trap_frame *f)
{
	return (cpu_has_pan && !(f->spsr & PSR_PAN)) ||
	       (software_pan && f->ttbr0 != kuap_ttbr0_closed);
}

static bool in(unsigned long pc, unsigned long start, unsigned long end)
{
	return pc >= start && pc < end;
}

/* The spins of timer_probe_spins(): what the frame must say in each. */
static void probe_frame(struct cpu *c, const struct trap_frame *f)
{
	bool wrong[4] = {
		(f->spsr & PSR_PAN) != 0, !(f->spsr & PSR_PAN),
		f->ttbr0 != kuap_ttbr0_closed, f->ttbr0 != kuap_ttbr0_open,
	};

	for (int k = 0; k < 4; k++)
		if (in(f->elr, spin_pc[k][0], spin_pc[k][1])) {
			probe_hits[c->index][k]++;
			probe_wrong[c->index][k] += wrong[k];
		}
}

static void timer_interrupt(struct trap_frame *f)
{
	struct cpu *c = this_cpu();
	struct timer_cpu *t = &c->timer;
	struct kuap_counts saved = c->kuap;
	unsigned long pc = f->elr;
	bool spin = in(pc, spin_pc[0][0], spin_pc[3][1]);

	c->in_timer = true;
	t->ticks++;
	if (in(pc, (unsigned long)_lib_text_start, (unsigned long)_lib_text_end))
		t->in_lib++;
	if (frame_window_open(f))
		t->in_window++;
	probe_frame(c, f);
	/* Only the kernel runs, with interrupts on where it takes one. */
	timer_check(t, (f->spsr & PSR_MODE_MASK) == PSR_MODE_EL1H && !(f->spsr & PSR_I),
		    "interrupted frame: EL1h with IRQs unmasked (SPSR)", f->spsr);
	/*
	 * The hooks, plat_user_begin() and mmu_software_window() count a
	 * window before they load the user root and unload it before they
	 * count down: TTBR0 open means a window is counted (the spins set
	 * TTBR0 themselves).
	 */
	timer_check(t, !software_pan || spin || f->ttbr0 == kuap_ttbr0_closed ||
		    saved.open == 1 || c->test_window > 0 || c->software_window,
		    "TTBR0 the user root with no window counted", f->ttbr0);
	timer_check(t, saved.open == 0 || saved.open == 1, "library windows open",
		    (unsigned long)saved.open);
	if (cpu_has_pan)
		timer_check(t, pan_read(), "PAN clear in the handler",
			    read_sysreg(spsr_el1));
	timer_check(t, read_sysreg(ttbr0_el1) == kuap_ttbr0_closed,
		    "the handler runs with the window open (TTBR0)",
		    read_sysreg(ttbr0_el1));

	c->kuap.open = 0;
	/* The library's table in order, or its faults would find no fixup. */
	if (timer_extable_sorted()) {
		timer_user_accesses(t);
		if (cpu_has_pan)
			timer_check(t, pan_read(),
				    "PAN clear after the handler's library calls", 0);
		timer_check(t, read_sysreg(ttbr0_el1) == kuap_ttbr0_closed,
			    "a window open after the handler's library calls",
			    read_sysreg(ttbr0_el1));
		timer_check(t, c->kuap.open == 0 && c->kuap.misuse == saved.misuse &&
			    c->kuap.allows - saved.allows ==
			    c->kuap.prevents - saved.prevents,
			    "the handler's library windows do not balance",
			    c->kuap.allows - saved.allows);
	}
	c->kuap = saved;
	c->in_timer = false;
	write_sysreg(cntv_tval_el0, period);
}

void gic_irq(struct trap_frame *f)
{
	unsigned int iar = gicc_read(GICC_IAR), id = iar & 0x3ff;

	if (id == SPURIOUS_INTID)
		return;
	if (id != TIMER_INTID)
		kernel_fail("unexpected interrupt %u at ELR %#lx", id, f->elr);
	timer_interrupt(f);
	gicc_write(GICC_EOIR, iar);
}

/*
 * The spins: PAN clear then set (a CPU with PAN), the user root then the
 * kernel root in TTBR0 (software PAN), each until `want` ticks landed in
 * it. Every iteration reads its state back after whatever interrupt came:
 * a frame that lost it, or an eret that did not restore it, shows in the
 * loop (the returned count) or in the handler's record of the frame.
 * The handler knows the spins by spin_pc[], which the code stores first.
 */
static unsigned long state_spins(volatile unsigned long *hits, unsigned long want)
{
	unsigned long lost = 0, t, pan_on = PSR_PAN;
	unsigned long open = kuap_ttbr0_open, closed = kuap_ttbr0_closed;
	unsigned long pan = cpu_has_pan, win = software_pan;

	__asm__ volatile(
		"	adr	%[t], .Lpan_clear%=\n"
		"	str	%[t], [%[pcs]]\n"
		"	adr	%[t], .Lpan_clear_end%=\n"
		"	str	%[t], [%[pcs], #8]\n"
		"	adr	%[t], .Lpan_set%=\n"
		"	str	%[t], [%[pcs], #16]\n"
		"	adr	%[t], .Lpan_set_end%=\n"
		"	str	%[t], [%[pcs], #24]\n"
		"	adr	%[t], .Lwin_closed%=\n"
		"	str	%[t], [%[pcs], #32]\n"
		"	adr	%[t], .Lwin_closed_end%=\n"
		"	str	%[t], [%[pcs], #40]\n"
		"	adr	%[t], .Lwin_open%=\n"
		"	str	%[t], [%[pcs], #48]\n"
		"	adr	%[t], .Lwin_open_end%=\n"
		"	str	%[t], [%[pcs], #56]\n"
		"	cbz	%[pan], .Lpan_done%=\n"
		"	msr	S3_0_C4_C2_3, xzr\n"
		".Lpan_clear%=:\n"
		"	mrs	%[t], S3_0_C4_C2_3\n"
		"	cmp	%[t], #0\n"
		"	cinc	%[lost], %[lost], ne\n"
		"	ldr	%[t], [%[hits]]\n"
		"	cmp	%[t], %[want]\n"
		"	b.lo	.Lpan_clear%=\n"
		".Lpan_clear_end%=:\n"
		"	msr	S3_0_C4_C2_3, %[pan_on]\n"
		".Lpan_set%=:\n"
		"	mrs	%[t], S3_0_C4_C2_3\n"
		"	cmp	%[t], %[pan_on]\n"
		"	cinc	%[lost], %[lost], ne\n"
		"	ldr	%[t], [%[hits], #8]\n"
		"	cmp	%[t], %[want]\n"
		"	b.lo	.Lpan_set%=\n"
		".Lpan_set_end%=:\n"
		".Lpan_done%=:\n"
		"	cbz	%[win], .Lwin_done%=\n"
		".Lwin_closed%=:\n"
		"	mrs	%[t], ttbr0_el1\n"
		"	cmp	%[t], %[closed]\n"
		"	cinc	%[lost], %[lost], ne\n"
		"	ldr	%[t], [%[hits], #16]\n"
		"	cmp	%[t], %[want]\n"
		"	b.lo	.Lwin_closed%=\n"
		".Lwin_closed_end%=:\n"
		"	msr	ttbr0_el1, %[open]\n"
		"	isb\n"
		".Lwin_open%=:\n"
		"	mrs	%[t], ttbr0_el1\n"
		"	cmp	%[t], %[open]\n"
		"	cinc	%[lost], %[lost], ne\n"
		"	ldr	%[t], [%[hits], #24]\n"
		"	cmp	%[t], %[want]\n"
		"	b.lo	.Lwin_open%=\n"
		".Lwin_open_end%=:\n"
		"	msr	ttbr0_el1, %[closed]\n"
		"	isb\n"
		"	tlbi	aside1, %[asid]\n"
		"	dsb	nsh\n"
		"	isb\n"
		".Lwin_done%=:\n"
		: [lost] "+r"(lost), [t] "=&r"(t)
		: [hits] "r"(hits), [want] "r"(want), [pan] "r"(pan),
		  [pan_on] "r"(pan_on), [win] "r"(win), [open] "r"(open),
		  [closed] "r"(closed), [pcs] "r"(spin_pc),
		  [asid] "r"((unsigned long)KUAP_ASID << KUAP_ASID_SHIFT)
		: "memory", "cc");
	return lost;
}

/* The spins this CPU has: PAN's on a CPU with PAN, TTBR0's under software PAN. */
void timer_probe_spins(void)
{
	static const char *const name[4] = {
		"PAN clear", "PAN set", "the window closed", "the window open",
	};
	struct cpu *c = this_cpu();
	struct timer_spins *s = &c->timer.spins;
	unsigned int i = c->index;

	s->state = "PAN or TTBR0";
	if (!timer_still_ticking(&c->timer)) {
		timer_stop();
		return;
	}
	s->lost = state_spins(probe_hits[i], TIMER_SPIN_TICKS);
	timer_stop();
	for (int k = 0; k < 4; k++)
		if (k < 2 ? cpu_has_pan : software_pan)
			timer_spin_record(s, name[k], probe_hits[i][k], probe_wrong[i][k]);
}
