// SPDX-License-Identifier: MIT
/*
 * Two CPUs running the suite at once (examples/smp_phase.c runs the
 * phase). After the boot CPU ran the whole suite alone (uaccess_init()
 * included: code is patched once, by it), it wakes the second CPU (INIT,
 * STARTUP, STARTUP through its local APIC; ap.S takes it to long mode on
 * the same page tables, GDT and IDT), which sets CR4.SMAP as the boot CPU
 * did, checks that a stray access to a user page faults there too, and
 * joins the phase.
 */
#include <string.h>
#include "harness.h"
#include "kernel.h"
#include "platform.h"
#include "../smp_phase.h"

#define AP_TRAMPOLINE	0x8000UL
#define ICR_INIT	0x00004500	/* INIT, assert, level */
#define ICR_STARTUP	0x00004600
#define CR4_SMAP	(1UL << 21)
#define PF_PRESENT	0x1

extern const char ap_trampoline[], ap_trampoline_end[], ap_tramp_cr3[];

static unsigned char ap_stack[65536] __attribute__((aligned(16)));
extern unsigned long ap_stack_top;	/* ap.S loads %rsp from it */
unsigned long ap_stack_top = (unsigned long)(ap_stack + sizeof(ap_stack));

static struct {
	bool faulted;
	unsigned long error, address;
	void *page;
} ap_stray;

void cpu_relax(void)
{
	__asm__ volatile("pause");
}

void ap_main(void);
void ap_main(void)
{
	struct cpu *c = &cpus[1];
	unsigned long cr4, before;

	c->index = 1;
	cpu_set_gs(c);
	trap_init_ap(c);
	if (smap_on) {
		__asm__ volatile("mov %%cr4, %0" : "=r"(cr4));
		__asm__ volatile("mov %0, %%cr4" : : "r"(cr4 | CR4_SMAP) : "memory");
	}
	apic_init();
	c->apic_id = apic_id();
	/* A stray load of a user page, outside a window: SMAP refuses it
	 * here too. */
	if (smap_on) {
		before = c->kfault.count;
		ap_stray.faulted = kprobe_load(ap_stray.page) &&
				   c->kfault.count == before + 1;
		ap_stray.error = c->kfault.error;
		ap_stray.address = c->kfault.address;
	}
	smp_second_cpu_run();
}

static void delay(unsigned long n)
{
	for (volatile unsigned long i = 0; i < n; i++)
		;
}

/*
 * The concurrent phase, from the boot CPU (after its suite, before its
 * closing line): wake the second CPU, then the phase.
 */
void smp_run(void)
{
	unsigned long cr3;
	bool up;

	ap_stray.page = plat_alloc_pages(1);
	__asm__ volatile("mov %%cr3, %0" : "=r"(cr3));
	memcpy((void *)AP_TRAMPOLINE, ap_trampoline,
	       (unsigned long)(ap_trampoline_end - ap_trampoline));
	*(uint32_t *)(AP_TRAMPOLINE + (ap_tramp_cr3 - ap_trampoline)) = (uint32_t)cr3;
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	apic_send_ipi(1, ICR_INIT);
	delay(100000);
	apic_send_ipi(1, ICR_STARTUP | (AP_TRAMPOLINE >> 12));
	delay(10000);
	if (!smp_second_cpu_up(0))
		apic_send_ipi(1, ICR_STARTUP | (AP_TRAMPOLINE >> 12));
	up = smp_second_cpu_up(1000000000UL);

	t_group_begin("SMP: the second CPU");
	t_case(up, "the second CPU did not come up");
	if (!up) {
		t_group_end();
		return;
	}
	if (smap_on)
		t_case(ap_stray.faulted && ap_stray.error == PF_PRESENT &&
		       ap_stray.address == (unsigned long)ap_stray.page,
		       "stray load of a user page on the second CPU: %s "
		       "(error code %#lx, cr2 %#lx; want %#x at %p)",
		       ap_stray.faulted ? "faulted" : "did not fault",
		       ap_stray.error, ap_stray.address, PF_PRESENT, ap_stray.page);
	t_group_end();
	smp_run_both(&cpus[1].timer);
}
