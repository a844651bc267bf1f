// SPDX-License-Identifier: MIT
/*
 * The local APIC and its timer: a periodic interrupt at a high rate for
 * the whole suite, so that interrupts land inside the library's routines,
 * its open user-access windows, its fixups and byte-retry loops, and the
 * tests' own windows.
 *
 * The handler is a small kernel of its own on top of what it interrupts:
 *   - it makes user accesses of its own through the library, checked
 *     exactly (examples/timer_checks.c, as the AArch64 kernel's handler).
 *   - it checks the window state it runs with: AC clear (entry.S clears
 *     it), the interrupted code's AC saved in the frame (iretq restores
 *     it), and, through two spins of known AC (timer_probe_spins()), that
 *     the frame holds exactly what the interrupted code had.
 *   - it counts interrupts, those that landed inside the library's text
 *     (kernel.ld brackets it: _lib_text_start, _lib_text_end) and those
 *     that landed with AC set (inside a window, when SMAP is on).
 * The test kernel turns its record into cases of the suite after the last
 * test (examples/timer_report.c).
 *
 * While the library is not in a state to be called (its window sites not
 * patched for SMAP on a CPU with CR4.SMAP on, as before uaccess_init() or
 * while a test re-patches it for another feature set; its exception table
 * not sorted, while a test reverses it), the handler makes no user
 * access: it only counts and checks the frame.
 */
#include <stddef.h>
#include <uaccess.h>
#include <uaccess/alternative.h>
#include "kernel.h"
#include "platform.h"

/* xAPIC registers (offsets from APIC_BASE). */
#define APIC_ID		0x020
#define APIC_TPR	0x080
#define APIC_EOI	0x0b0
#define APIC_SVR	0x0f0
#define APIC_ICR_LO	0x300
#define APIC_ICR_HI	0x310
#define APIC_LVT_TIMER	0x320
#define APIC_LVT_LINT0	0x350
#define APIC_LVT_LINT1	0x360
#define APIC_LVT_ERROR	0x370
#define APIC_TIMER_INIT	0x380
#define APIC_TIMER_DIV	0x3e0
#define SVR_ENABLE	0x100
#define LVT_MASKED	(1U << 16)
#define LVT_PERIODIC	(1U << 17)
#define ICR_PENDING	(1U << 12)
#define DIV_BY_1	0xb

/*
 * The timer's initial count. QEMU counts the APIC timer in nanoseconds of
 * its virtual clock (divide by 1): 20000 is an interrupt every 20 us of
 * host time under TCG, many thousands over the suite, at a cost in run
 * time the suite can bear.
 */
#define TIMER_COUNT	100000

#define RFLAGS_IF	(1UL << 9)
#define KERNEL_CS	0x08

extern char _lib_text_start[], _lib_text_end[];
extern struct uaccess_alt __start_uaccess_altinstr[], __stop_uaccess_altinstr[];
extern const char timer_ac_set_start[], timer_ac_set_end[];
extern const char timer_ac_clear_start[], timer_ac_clear_end[];

struct cpu cpus[MAX_CPUS];

/* Ticks that landed in the two spins of timer_probe_spins(), per CPU, AC
 * clear then set, and those whose frame had the wrong AC. */
static volatile unsigned long probe_hits[MAX_CPUS][2], probe_wrong[MAX_CPUS][2];

static inline uint32_t apic_read(unsigned int reg)
{
	return *(volatile uint32_t *)(APIC_BASE + reg);
}

static inline void apic_write(unsigned int reg, uint32_t v)
{
	*(volatile uint32_t *)(APIC_BASE + reg) = v;
}

unsigned int apic_id(void)
{
	return apic_read(APIC_ID) >> 24;
}

/* INIT or STARTUP to one CPU: wait until the APIC has sent it. */
void apic_send_ipi(unsigned int id, uint32_t icr_low)
{
	apic_write(APIC_ICR_HI, id << 24);
	apic_write(APIC_ICR_LO, icr_low);
	while (apic_read(APIC_ICR_LO) & ICR_PENDING)
		__asm__ volatile("pause");
}

/*
 * This CPU's APIC on, every interrupt source but its timer masked: the
 * 8259s (microvm may have them, and their vectors would land on the
 * exceptions') and LINT0/LINT1.
 */
void apic_init(void)
{
	if (this_cpu()->index == 0) {
		outb(0x21, 0xff);
		outb(0xa1, 0xff);
	}
	apic_write(APIC_SVR, SVR_ENABLE | VEC_SPURIOUS);
	apic_write(APIC_TPR, 0);
	apic_write(APIC_LVT_LINT0, LVT_MASKED);
	apic_write(APIC_LVT_LINT1, LVT_MASKED);
	apic_write(APIC_LVT_ERROR, LVT_MASKED);
	apic_write(APIC_LVT_TIMER, LVT_MASKED);
}

void timer_start(void)
{
	struct cpu *c = this_cpu();

	timer_cpu_init(&c->timer, c->index);
	apic_write(APIC_TIMER_DIV, DIV_BY_1);
	apic_write(APIC_LVT_TIMER, VEC_TIMER | LVT_PERIODIC);
	apic_write(APIC_TIMER_INIT, TIMER_COUNT);
	__asm__ volatile("sti" : : : "memory");
}

void timer_stop(void)
{
	__asm__ volatile("cli" : : : "memory");
	apic_write(APIC_LVT_TIMER, LVT_MASKED);
	apic_write(APIC_TIMER_INIT, 0);
}

static unsigned long rflags(void)
{
	unsigned long f;

	__asm__ volatile("pushfq; popq %0" : "=r"(f));
	return f;
}

/*
 * May the handler call the library now? With SMAP on, every window site
 * (entry.S's clac among them) must hold stac or clac: a site still a NOP
 * would fault on the user page (or leave the handler's AC set). Text
 * changes only through plat_protect(PLAT_RWX), which counts text_gen, so
 * the sites are read again only after a change.
 */
static bool library_ready(struct cpu *c)
{
	static const uint8_t stac[3] = { 0x0f, 0x01, 0xcb };
	unsigned long gen = text_gen;

	if (smap_on && gen != c->timer_text_gen) {
		for (const struct uaccess_alt *a = __start_uaccess_altinstr;
		     a < __stop_uaccess_altinstr; a++) {
			const uint8_t *site = (const uint8_t *)&a->site + a->site;

			if (a->feature != UACCESS_FEAT_SMAP_BIT)
				continue;
			if (site[0] != stac[0] || site[1] != stac[1] ||
			    (site[2] != 0xcb && site[2] != 0xca))
				return false;
		}
		c->timer_text_gen = gen;
	}
	return timer_extable_sorted();
}

void timer_interrupt(struct trap_frame *f)
{
	struct cpu *c = this_cpu();
	unsigned long rip = f->rip;

	c->in_timer = true;
	c->timer.ticks++;
	if (rip >= (unsigned long)_lib_text_start && rip < (unsigned long)_lib_text_end)
		c->timer.in_lib++;
	if (f->rflags & RFLAGS_AC)
		c->timer.in_window++;
	/* Only the kernel runs, with interrupts on where it takes one. */
	timer_check(&c->timer, f->cs == KERNEL_CS && (f->rflags & RFLAGS_IF),
		    "interrupted frame: CS, RFLAGS.IF", f->rflags);
	/* The spins of known AC: the frame must say what the code had. */
	if (rip >= (unsigned long)timer_ac_set_start && rip < (unsigned long)timer_ac_set_end) {
		probe_hits[c->index][1]++;
		probe_wrong[c->index][1] += !(f->rflags & RFLAGS_AC);
	}
	if (rip >= (unsigned long)timer_ac_clear_start && rip < (unsigned long)timer_ac_clear_end) {
		probe_hits[c->index][0]++;
		probe_wrong[c->index][0] += !!(f->rflags & RFLAGS_AC);
	}
	/*
	 * With SMAP, entry cleared AC (its clac site is patched once the
	 * library is) and the library's windows close again. Without SMAP
	 * there is no clac, and AC means nothing at CPL 0.
	 */
	if (library_ready(c)) {
		if (smap_on)
			timer_check(&c->timer, !(rflags() & RFLAGS_AC),
				    "AC set in the handler", rflags());
		timer_user_accesses(&c->timer);
		if (smap_on)
			timer_check(&c->timer, !(rflags() & RFLAGS_AC),
				    "AC set after the handler's library calls", rflags());
	}
	c->in_timer = false;
	apic_write(APIC_EOI, 0);
}

/*
 * Two spins, one with AC set and one with AC clear (set through popfq,
 * which needs no SMAP), each until `want` ticks landed inside it. Each
 * iteration checks its own AC after whatever interrupt came: a frame
 * that lost AC, or an iretq that did not restore it, shows in the loop
 * (returned as a count) or in the handler's record of the frame.
 */
__attribute__((noinline)) static unsigned long
ac_spins(volatile unsigned long *hits, unsigned long want)
{
	unsigned long lost = 0, tmp;

	__asm__ volatile(
		"pushfq\n\t"
		"orq	$0x40000, (%%rsp)\n\t"
		"popfq\n\t"
		".globl timer_ac_set_start, timer_ac_set_end\n"
		"timer_ac_set_start:\n"
		"1:	pushfq\n\t"
		"popq	%1\n\t"
		"btq	$18, %1\n\t"
		"cmc\n\t"
		"adcq	$0, %0\n\t"		/* lost += !AC */
		"cmpq	%3, 8(%2)\n\t"
		"jb	1b\n"
		"timer_ac_set_end:\n\t"
		"pushfq\n\t"
		"andq	$~0x40000, (%%rsp)\n\t"
		"popfq\n\t"
		".globl timer_ac_clear_start, timer_ac_clear_end\n"
		"timer_ac_clear_start:\n"
		"2:	pushfq\n\t"
		"popq	%1\n\t"
		"btq	$18, %1\n\t"
		"adcq	$0, %0\n\t"		/* lost += AC */
		"cmpq	%3, (%2)\n\t"
		"jb	2b\n"
		"timer_ac_clear_end:\n\t"
		: "+r"(lost), "=&r"(tmp)
		: "r"(hits), "r"(want)
		: "memory", "cc");
	return lost;
}

/* The spins of known AC on this CPU, AC set first, then the timer off. */
void timer_probe_spins(void)
{
	struct cpu *c = this_cpu();
	struct timer_spins *s = &c->timer.spins;
	unsigned int i = c->index;

	s->state = "AC";
	if (!timer_still_ticking(&c->timer)) {
		timer_stop();
		return;
	}
	s->lost = ac_spins(probe_hits[i], TIMER_SPIN_TICKS);
	timer_stop();
	timer_spin_record(s, "AC set", probe_hits[i][1], probe_wrong[i][1]);
	timer_spin_record(s, "AC clear", probe_hits[i][0], probe_wrong[i][0]);
}
