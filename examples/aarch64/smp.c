// SPDX-License-Identifier: MIT
/*
 * Two CPUs running the suite at once (examples/smp_phase.c runs the
 * phase). After the boot CPU ran the whole suite alone (uaccess_init()
 * included), it starts the second CPU with PSCI CPU_ON (through hvc, as
 * QEMU's virt machine answers it): start.S takes it to the same
 * translation tables, SCTLR_EL1 and vectors with the MMU on; here it sets
 * PAN as the boot CPU did, turns on its GIC CPU interface, checks that a
 * stray access to a user page faults there too, and joins the phase. Its
 * windows are counted apart from the boot CPU's, as its faults and timer.
 */
#include "harness.h"
#include "kernel.h"
#include "platform.h"
#include "../smp_phase.h"

#define PSCI_CPU_ON	0xc4000003UL
#define PSCI_SUCCESS	0

/* What start.S reads with the MMU off: one cache line, cleaned to PoC. */
struct ap_boot {
	unsigned long mair, tcr, ttbr0, sctlr, stack, cpu;
	void (*main)(void);
} __attribute__((aligned(64)));
_Static_assert(__builtin_offsetof(struct ap_boot, mair) == AP_BOOT_MAIR &&
	       __builtin_offsetof(struct ap_boot, tcr) == AP_BOOT_TCR &&
	       __builtin_offsetof(struct ap_boot, ttbr0) == AP_BOOT_TTBR0 &&
	       __builtin_offsetof(struct ap_boot, sctlr) == AP_BOOT_SCTLR &&
	       __builtin_offsetof(struct ap_boot, stack) == AP_BOOT_STACK &&
	       __builtin_offsetof(struct ap_boot, cpu) == AP_BOOT_CPU &&
	       __builtin_offsetof(struct ap_boot, main) == AP_BOOT_MAIN,
	       "struct ap_boot matches start.S");
static struct ap_boot ap_boot;

static unsigned char ap_stack[65536] __attribute__((aligned(16)));
static struct {
	bool checked, faulted;
	unsigned long esr, far;
	unsigned char *page;
} ap_stray;

void cpu_relax(void)
{
	__asm__ volatile("yield");
}

/*
 * A stray plain load of a user page on this CPU: PAN refuses it with the
 * user root in TTBR0, software PAN with the kernel root.
 */
static void stray_load(void)
{
	struct kfault *k = &this_cpu()->kfault;
	unsigned long before = k->count;
	unsigned char v;

	if (!cpu_has_pan && !software_pan)
		return;
	ap_stray.checked = true;
	mmu_software_window(!software_pan);
	ap_stray.faulted = kprobe_load(ap_stray.page, &v) && k->count == before + 1;
	mmu_software_window(false);
	ap_stray.esr = k->esr;
	ap_stray.far = k->far;
}

static void ap_main(void)
{
	struct cpu *c = this_cpu();

	c->index = 1;
	if (cpu_has_pan)
		pan_write(true);
	gic_cpu_init();
	stray_load();
	smp_second_cpu_run();
}

/* The boot CPU's view of the second start: 0, or PSCI's error. */
static long start_second_cpu(void)
{
	ap_boot = (struct ap_boot){
		.mair = mmu_mair(), .tcr = mmu_tcr(), .ttbr0 = kuap_ttbr0_closed,
		.sctlr = mmu_sctlr(), .stack = (unsigned long)(ap_stack + sizeof(ap_stack)),
		.cpu = (unsigned long)&cpus[1], .main = ap_main,
	};
	/* The second CPU reads it with its MMU and caches off. */
	__asm__ volatile("dc civac, %0\n\tdsb ish" : : "r"(&ap_boot) : "memory");
	return psci_call(PSCI_CPU_ON, 1, (unsigned long)secondary_entry,
			 (unsigned long)&ap_boot);
}

/*
 * The concurrent phase, from the boot CPU (after its suite, before its
 * closing line): start the second CPU, then the phase.
 */
void smp_run(void)
{
	bool up;
	long r;

	ap_stray.page = plat_alloc_pages(1);
	r = start_second_cpu();
	up = r == PSCI_SUCCESS && smp_second_cpu_up(1000000000UL);

	t_group_begin("SMP: the second CPU");
	t_case(up, "the second CPU did not come up (PSCI CPU_ON returned %ld)", r);
	if (!up) {
		t_group_end();
		return;
	}
	if (ap_stray.checked)
		t_case(ap_stray.faulted && ESR_EC(ap_stray.esr) == EC_DABT_SAME &&
		       ap_stray.far == (unsigned long)ap_stray.page,
		       "stray load of a user page on the second CPU: %s (ESR %#lx, "
		       "FAR %#lx; want a data abort at %p)",
		       ap_stray.faulted ? "faulted" : "did not fault", ap_stray.esr,
		       ap_stray.far, (void *)ap_stray.page);
	t_group_end();
	smp_run_both(&cpus[1].timer);
}
