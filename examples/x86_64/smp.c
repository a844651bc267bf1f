// SPDX-License-Identifier: MIT
/*
 * Two CPUs running the suite at once. After the boot CPU ran the whole
 * suite alone (uaccess_init() included: code is patched once, by it), it
 * wakes the second CPU (INIT, STARTUP, STARTUP through its local APIC;
 * ap.S takes it to long mode on the same page tables, GDT and IDT), which
 * sets CR4.SMAP as the boot CPU did, checks that a stray access to a user
 * page faults there too, starts its own timer, and runs its copy of the
 * harness and of the tests that leave the library's global state alone
 * (ap_suite.c) while the boot CPU runs the same tests again on its own
 * counters. Both allocate from the one locked page allocator, so each
 * works on user pages of its own; faults and timer counts are per CPU.
 * The boot CPU waits for the second, adds the second's counts to its own
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

#define AP_TRAMPOLINE	0x8000UL
#define ICR_INIT	0x00004500	/* INIT, assert, level */
#define ICR_STARTUP	0x00004600
#define CR4_SMAP	(1UL << 21)
#define PF_PRESENT	0x1

extern const char ap_trampoline[], ap_trampoline_end[], ap_tramp_cr3[];
unsigned long ap_suite_run(unsigned long features, int init_status,
			   unsigned long user_start, unsigned long user_end);

static unsigned char ap_stack[65536] __attribute__((aligned(16)));
extern unsigned long ap_stack_top;	/* ap.S loads %rsp from it */
unsigned long ap_stack_top = (unsigned long)(ap_stack + sizeof(ap_stack));

static volatile int ap_state;	/* 1 up, 2 go, 3 done */
static volatile unsigned long ap_passed, ap_failed;
static struct {
	bool faulted;
	unsigned long error, address;
	void *page;
} ap_stray;
static volatile int console_lock;
static struct {
	unsigned long lost, hits[2], wrong[2];
} ap_probe;

/*
 * The second CPU's output: whole lines under the console lock, each
 * prefixed so that only the boot CPU's closing line reads as one; the
 * closing line's counts are kept for the boot CPU to add.
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
	while (__atomic_exchange_n(&console_lock, 1, __ATOMIC_ACQUIRE))
		__asm__ volatile("pause");
	console_write(buf, (unsigned long)n + 8);
	__atomic_store_n(&console_lock, 0, __ATOMIC_RELEASE);
	return n;
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
	__atomic_store_n(&ap_state, 1, __ATOMIC_RELEASE);
	while (__atomic_load_n(&ap_state, __ATOMIC_ACQUIRE) != 2)
		__asm__ volatile("pause");
	timer_start();
	ap_suite_run(test_features, test_init_status, test_user_start,
		     test_user_end);
	/* The spins of known AC, here; the boot CPU reports them. */
	ap_probe.lost = timer_ac_probe(20, ap_probe.hits, ap_probe.wrong);
	__atomic_store_n(&ap_state, 3, __ATOMIC_RELEASE);
}

static void delay(unsigned long n)
{
	for (volatile unsigned long i = 0; i < n; i++)
		;
}

/*
 * The concurrent phase, from the boot CPU (after its suite, before its
 * closing line): wake the second CPU, run the shared tests on both, then
 * count the second CPU's cases in the boot CPU's closing line.
 */
void smp_run(void)
{
	unsigned long cr3;
	unsigned long spins = 0;

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
	if (!__atomic_load_n(&ap_state, __ATOMIC_ACQUIRE))
		apic_send_ipi(1, ICR_STARTUP | (AP_TRAMPOLINE >> 12));
	while (!__atomic_load_n(&ap_state, __ATOMIC_ACQUIRE) && spins++ < 1000000000UL)
		__asm__ volatile("pause");

	t_group_begin("SMP: the second CPU");
	t_case(ap_state == 1, "the second CPU did not come up");
	if (ap_state != 1) {
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

	plat_printf("# SMP: both CPUs run macros, generic, bulk, nofault\n");
	__atomic_store_n(&ap_state, 2, __ATOMIC_RELEASE);
	test_macros();
	test_generic();
	test_bulk();
	test_nofault();
	while (__atomic_load_n(&ap_state, __ATOMIC_ACQUIRE) != 3)
		__asm__ volatile("pause");

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
