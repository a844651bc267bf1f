// SPDX-License-Identifier: MIT
/*
 * Two CPUs running the suite at once. After the boot CPU ran the whole
 * suite alone (uaccess_init() included), it starts the second CPU with
 * PSCI CPU_ON (through hvc, as QEMU's virt machine answers it): start.S
 * takes it to the same translation tables, SCTLR_EL1 and vectors with
 * the MMU on; here it sets PAN as the boot CPU did, turns on its GIC CPU
 * interface, checks that a stray access to a user page faults there too,
 * starts its own timer, and runs its copy of the harness and of the tests
 * that leave the library's global state alone (examples/ap_suite.c)
 * while the boot CPU runs the same tests again on its own counters. Both
 * allocate from the one locked page allocator, so each works on user
 * pages of its own; faults, windows and timer counts are per CPU. The
 * boot CPU waits for the second, adds the second's counts to its own
 * cases and prints the one closing line.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <uaccess.h>
#include "harness.h"
#include "kernel.h"
#include "platform.h"
#include "suite.h"

#define PSCI_CPU_ON	0xc4000003UL
#define PSCI_SUCCESS	0

unsigned long ap_suite_run(unsigned long features, int init_status,
			   unsigned long user_start, unsigned long user_end);

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
static volatile int ap_state;	/* 1 up, 2 go, 3 done */
static volatile unsigned long ap_passed, ap_failed;
static struct {
	bool checked, faulted;
	unsigned long esr, far;
	unsigned char *page;
} ap_stray;
static struct {
	unsigned long lost, hits[4], wrong[4];
} ap_probe;

/*
 * The second CPU's output: each line prefixed so that only the boot
 * CPU's closing line reads as one; the closing line's counts are kept
 * for the boot CPU to add.
 */
int ap_plat_printf(const char *fmt, ...);
int ap_plat_printf(const char *fmt, ...)
{
	char buf[600];
	va_list ap;
	int n;

	va_start(ap, fmt);
	if (!strcmp(fmt, "%lu passed, %lu failed\n")) {
		va_list cp;

		va_copy(cp, ap);
		ap_passed = va_arg(cp, unsigned long);
		ap_failed = va_arg(cp, unsigned long);
		va_end(cp);
	}
	memcpy(buf, "# cpu1: ", 8);
	n = vsnprintf(buf + 8, sizeof(buf) - 8, fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(buf) - 9)
		n = (int)sizeof(buf) - 9;
	console_write(buf, (unsigned long)n + 8);
	return n;
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
	__atomic_store_n(&ap_state, 1, __ATOMIC_RELEASE);
	while (__atomic_load_n(&ap_state, __ATOMIC_ACQUIRE) != 2)
		__asm__ volatile("yield");
	timer_start();
	ap_suite_run(test_features, test_init_status, test_user_start,
		     test_user_end);
	/* The spins of known PAN and TTBR0, here; the boot CPU reports them. */
	ap_probe.lost = timer_state_probe(20, ap_probe.hits, ap_probe.wrong);
	__atomic_store_n(&ap_state, 3, __ATOMIC_RELEASE);
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
 * closing line): start the second CPU, run the shared tests on both, then
 * count the second CPU's cases in the boot CPU's closing line.
 */
void smp_run(void)
{
	unsigned long spins = 0;
	long r;

	ap_stray.page = plat_alloc_pages(1);
	r = start_second_cpu();
	while (r == PSCI_SUCCESS && !__atomic_load_n(&ap_state, __ATOMIC_ACQUIRE) &&
	       spins++ < 1000000000UL)
		__asm__ volatile("yield");

	t_group_begin("SMP: the second CPU");
	t_case(r == PSCI_SUCCESS && ap_state == 1,
	       "the second CPU did not come up (PSCI CPU_ON returned %ld)", r);
	if (ap_state != 1) {
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

	plat_printf("# SMP: both CPUs run macros, generic, bulk, nofault\n");
	__atomic_store_n(&ap_state, 2, __ATOMIC_RELEASE);
	test_macros();
	test_generic();
	test_bulk();
	test_nofault();
	while (__atomic_load_n(&ap_state, __ATOMIC_ACQUIRE) != 3)
		__asm__ volatile("yield");

	t_group_begin("SMP: the second CPU's cases (%lu passed, %lu failed)",
		      ap_passed, ap_failed);
	t_case(ap_passed > 0, "the second CPU passed no case");
	for (unsigned long i = 0; i < ap_passed; i++)
		t_case(true, "a case of the second CPU");
	for (unsigned long i = 0; i < ap_failed; i++)
		t_case(false, "a case of the second CPU failed (see its # cpu1 lines)");
	t_group_end();
	timer_report(&cpus[1], ap_probe.lost, ap_probe.hits, ap_probe.wrong);
}
