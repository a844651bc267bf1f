// SPDX-License-Identifier: MIT
/*
 * The AArch64 test kernel: the uaccess test suite at EL1 under real
 * translation and permission faults, with PSTATE.PAN set all the time on
 * a CPU that has it and software PAN (TTBR0 switching, uaccess/kuap.h) on
 * every CPU, under a storm of virtual-timer interrupts (timer.c).
 *
 * Boot (start.S, mmu.c): vectors, page tables, MMU and PAN. Then the GIC,
 * the user region, uaccess_init() and software PAN, the timer; the suite
 * for the feature set "native"; after its last test (t_after_suite) the
 * kernel's own cases: PAN and software PAN have to matter (pan.c), the
 * second CPU when the command line says cpus=2 (smp.c), every window
 * closed, what the timer handler saw. The verdict is the last line,
 * "# kernel: pass" or "# kernel: fail", and QEMU's exit status
 * (semihosting: EXIT_PASS only on a pass).
 */
#include <string.h>
#include <uaccess.h>
#include "harness.h"
#include "kernel.h"
#include "platform.h"
#include "test_arch.h"

__attribute__((noreturn)) void kernel_main(void);

unsigned int smp_cpus = 1;

/* The masked address and the page above it: not mapped (mmu.c). */
bool plat_masked_addr_faults(void)
{
	unsigned long a = (unsigned long)TEST_ARCH_MASKED_ADDR;

	return !mmu_mapped(a) && !mmu_mapped(a + PAGE_SIZE - 1);
}

/*
 * The kernel's own cases, once the suite ran: PAN and software PAN, the
 * concurrent phase on two CPUs when there are two (smp.c), the windows,
 * then the timer's (examples/timer_report.c).
 */
static void after_suite(void)
{
	pan_test();
	if (smp_cpus > 1)
		smp_run();
	windows_checked();
	timer_probe_spins();
	timer_report(&this_cpu()->timer);
}

static void print_cpu(void)
{
	unsigned long mmfr1 = read_sysreg(id_aa64mmfr1_el1);
	unsigned long isar0 = read_sysreg(id_aa64isar0_el1);
	unsigned long dczid = read_sysreg(dczid_el0);

	plat_printf("# CPU: MIDR %#lx, ID_AA64MMFR1_EL1.PAN %lu, "
		    "ID_AA64ISAR0_EL1.Atomic %lu (LSE %s), DCZID_EL0 %#lx (%lu-byte "
		    "blocks%s)\n", read_sysreg(midr_el1), mmfr1 >> 20 & 0xf,
		    isar0 >> 20 & 0xf, (isar0 >> 20 & 0xf) >= 2 ? "yes" : "no",
		    dczid, 4UL << (dczid & 0xf),
		    dczid & 0x10 ? ", dc zva prohibited" : "");
}

static void software_pan_setup(void)
{
	static const char *const said[] = {
		[SW_PAN_ON] = "on: the library calls the hooks, TTBR0 holds the "
			"kernel-only root outside windows",
		[SW_PAN_NO_HOOKS] = "off: this library's <uaccess/arch.h> does not "
			"take the hooks (uaccess/kuap.h)",
		[SW_PAN_HOOKS_UNCALLED] = "OFF: the library takes the hooks but did "
			"not call them",
	};
	enum software_pan_state s = mmu_software_pan_init();

	plat_printf("# software PAN (TTBR0 switching) %s\n", said[s]);
	if (s == SW_PAN_HOOKS_UNCALLED) {
		t_group_begin("kernel: software PAN");
		t_case(false, "a get_user and a clear_user opened no window: "
		       "%lu allows", cpus[0].kuap.allows);
		t_group_end();
	}
}

void kernel_main(void)
{
	const char *cmd = kernel_cmdline();
	int status;

	cpus[0].index = 0;
	for (const char *p = cmd; *p; p += strcspn(p, " "), p += *p == ' ')
		if (!strncmp(p, "cpus=2", 6))
			smp_cpus = 2;
	gic_init();
	gic_cpu_init();
	plat_printf("# uaccess test kernel: AArch64 EL1 on QEMU virt, 4 KiB pages, "
		    "39-bit VAs, %u CPU%s\n", smp_cpus, smp_cpus > 1 ? "s" : "");
	print_cpu();
	plat_printf("# user region %#lx..%#lx; PAN %s\n", USER_BASE, USER_END,
		    cpu_has_pan ? "set (SCTLR_EL1.SPAN = 0: set on every exception "
		    "entry)" : "not on this CPU");
	/* access_ok() refuses everything outside the user region. */
	uaccess_set_user_range(USER_BASE, USER_END);
	test_user_start = USER_BASE;
	test_user_end = USER_END;
	/* Hardened copies: the kernel pool and the stack checked too. */
	page_alloc_check_copies();
	if (uaccess_init())
		plat_printf("# uaccess_init: %s\n", uaccess_init_error());
	software_pan_setup();
	/* From here to the end of the suite. */
	timer_start();
	t_after_suite = after_suite;
	status = t_main("native");
	plat_printf("# strategy: %s\n", uaccess_strategy_name());
	plat_printf("# kernel: %s\n", status == 0 ? "pass" : "fail");
	kernel_exit(status == 0);
}
