// SPDX-License-Identifier: MIT
/*
 * The RISC-V test kernel: the uaccess test suite in S-mode under real
 * Sv39 page faults, with sstatus.SUM enforced (a supervisor access to a
 * user page faults outside a window).
 *
 * Boot (start.S): M-mode setup, S-mode. Then traps, page tables, the user
 * region; the SUM test (sum.c); the suite for the feature set "native";
 * the SUM test again and the windows checked after the last test
 * (t_after_suite); the verdict as the last line: "# kernel: pass" or
 * "# kernel: fail"; exit through the test device (QEMU's status 0 on a
 * pass, 1 on a fail).
 */
#include <uaccess.h>
#include "harness.h"
#include "kernel.h"
#include "platform.h"
#include "test_arch.h"

__attribute__((noreturn)) void kernel_main(unsigned long hart, const void *fdt);

/* The masked address and the page above it: not mapped (mmu.c). */
bool plat_masked_addr_faults(void)
{
	unsigned long a = (unsigned long)TEST_ARCH_MASKED_ADDR;

	return !mmu_mapped(a) && !mmu_mapped(a + PAGE_SIZE - 1);
}

void kernel_main(unsigned long hart, const void *fdt)
{
	int status;

	(void)fdt;
	console_init();
	traps_init();
	mmu_init();
	/* access_ok() refuses everything outside the user region. */
	uaccess_set_user_range(USER_BASE, USER_END);
	test_user_start = USER_BASE;
	test_user_end = USER_END;
	/* Hardened copies: the kernel pool and the stack checked too. */
	page_alloc_check_copies();

	plat_printf("# uaccess test kernel: RISC-V S-mode, hart %lu, Sv39\n",
		    hart);
	plat_printf("# user region %#lx..%#lx, SUM enforced\n", USER_BASE,
		    USER_END);
	sum_test();
	t_after_suite = sum_checked;
	status = t_main("native");
	plat_printf("# strategy: %s\n", uaccess_strategy_name());
	plat_printf("# kernel: %s\n", status == 0 ? "pass" : "fail");
	power_off(status == 0);
}
