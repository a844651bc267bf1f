// SPDX-License-Identifier: MIT
/*
 * The e500 test kernel: the uaccess test suite under real TLB misses and
 * data-storage exceptions, with the KUAP window enforced by the MMU.
 *
 * Boot: console (CCSR mapping), exception vectors, the user region; then
 * the suite for the feature set named by the first word of the kernel
 * command line (qemu -append; "native" if none), under a storm of
 * decrementer interrupts whose handler makes user accesses of its own
 * (irq.c), with a check of the storm and of the KUAP windows after its
 * last test, and the verdict as the last line:
 * "# kernel: pass" or "# kernel: fail". Then power off (qemu exits with 0
 * either way).
 */
#include <uaccess.h>
#include "harness.h"
#include "kernel.h"
#include "platform.h"
#include "test_arch.h"

__attribute__((noreturn)) void kernel_main(const void *fdt);

/*
 * The KUAP windows after the suite: all closed, and never misused. The
 * harness calls it after the last test (t_after_suite), so these cases
 * count in the suite's closing line like any other.
 */
static void kuap_checked(void)
{
	t_group_begin("kernel: KUAP windows balanced, open at every library "
		      "fault, closed at every other exception");
	t_case(kuap_count.open == 0 && kuap_count.allows == kuap_count.prevents &&
		       !kuap_count.misuse,
	       "%lu allows, %lu prevents, %ld open, %lu nested or unmatched",
	       kuap_count.allows, kuap_count.prevents, kuap_count.open,
	       kuap_count.misuse);
	t_case(!kuap_closed_faults, "%lu library faults with no window open",
	       kuap_closed_faults);
	t_case(!kuap_open_elsewhere,
	       "%lu exceptions outside the library with a window open",
	       kuap_open_elsewhere);
	t_case(kuap_count.allows > 0, "no window was ever opened");
	t_group_end();
	plat_printf("# KUAP: %lu windows opened, %lu closed\n",
		    kuap_count.allows, kuap_count.prevents);
}

/*
 * After the last test: the storm stops first, so that the windows are
 * counted at rest; its handler's windows balance like any other.
 */
static void after_suite(void)
{
	irq_stop_and_check();
	kuap_checked();
}

/*
 * KUAP must matter: the test's probe (a load with an exception-table
 * entry) of a mapped user page faults with the window closed, and reads
 * it with the window open. Before the suite, so its closing line counts
 * these cases.
 */
static void kuap_enforced(void)
{
	unsigned char *p = plat_alloc_pages(1);
	unsigned long closed0 = kuap_closed_faults, faults0 = plat_fault_count();
	bool closed_read, open_read;

	uaccess_init();		/* the probe's fixup needs the sorted table */
	closed_read = test_arch_probe_read(p);
	plat_user_begin();
	open_read = test_arch_probe_read(p);
	plat_user_end();

	t_group_begin("kernel: KUAP stops a user access outside a window");
	t_case(!closed_read && kuap_closed_faults == closed0 + 1 &&
		       plat_fault_count() == faults0 + 1,
	       "window closed: %s, %lu faults, %lu with the window closed",
	       closed_read ? "read" : "faulted", plat_fault_count() - faults0,
	       kuap_closed_faults - closed0);
	t_case(open_read, "window open: the mapped page did not read");
	t_group_end();
	kuap_closed_faults = closed0;	/* that one was on purpose */
}

void kernel_main(const void *fdt)
{
	char arg[32];
	const char *set;
	int status;

	console_init();
	traps_init();
	mmu_init();
	/* access_ok() refuses everything outside the user region. */
	uaccess_set_user_range(USER_BASE, USER_END);
	test_user_start = USER_BASE;
	test_user_end = USER_END;
	/* Hardened copies: the kernel pool and the stack checked too. */
	page_alloc_check_copies();
	set = fdt_first_bootarg(fdt, arg, sizeof(arg));
	if (!set)
		set = "native";

	plat_printf("# uaccess test kernel: PowerPC e500, PVR %#lx\n",
		    mfspr(SPR_PVR));
	plat_printf("# user region %#lx..%#lx, KUAP by PID (TID %d)\n",
		    USER_BASE, USER_END, KUAP_USER_PID);
	plat_printf("# dcbz line size: %lu bytes (library built for %d)\n",
		    uaccess_dcbz_line_size(), UACCESS_DCBZ_LINE);
	kuap_enforced();
	t_after_suite = after_suite;
	irq_start();
	status = t_main(set);
	plat_printf("# strategy: %s\n", uaccess_strategy_name());
	plat_printf("# kernel: %s\n", status == 0 ? "pass" : "fail");
	power_off();
}
