// SPDX-License-Identifier: MIT
/*
 * The Cortex-M test kernel (mps2-an385, Cortex-M3, or mps3-an524 and
 * mps2-an505, Cortex-M33 in Secure state; MPU on): the uaccess
 * test suite in privileged thread mode on MSP, every user access of the
 * library unprivileged (ldrt, strt) and checked by the MPU against the
 * user pages of mpu.c. Output and the exit status go through
 * semihosting (console.c).
 *
 * Boot (start.S): .bss zeroed, then the MPU and the fault handlers, the
 * user region, SysTick at 2 kHz (timer.c); the suite for the feature set
 * "native" under the timer's storm; this kernel's own cases after the
 * last test (t_after_suite): the smoke checks (smoke.c), then what the
 * timer handler saw (examples/timer_report.c); the verdict
 * as the last line: "# kernel: pass" or "# kernel: fail"; QEMU's status
 * 0 on a pass, 1 on a fail.
 */
#include <uaccess.h>
#include "harness.h"
#include "kernel.h"
#include "platform.h"

/* The kernel's own cases after the suite: the smoke checks, the timer's. */
static void after_suite(void)
{
	smoke_checks();
	timer_probe_spins();
	timer_report(&systick);
	tasks_run();
}

void kmain(void);
void kmain(void)
{
	int status;

	mpu_init();
	/* access_ok() refuses everything outside the user region. */
	uaccess_set_user_range(USER_BASE, USER_END);
	test_user_start = USER_BASE;
	test_user_end = USER_END;
	/* Hardened copies: the kernel pool and the stack checked too. */
	page_alloc_check_copies();

	plat_printf("# uaccess test kernel: Cortex-M (%s), MPU (%s), user "
		    "region %#lx..%#lx, kernel hole %#lx\n", BOARD_NAME,
		    mpu_cache_desc, USER_BASE, USER_END, KERNEL_HOLE);
	t_after_suite = after_suite;
	timer_start();
	status = t_main("native");
	plat_printf("# %lu MPU refills\n", mpu_refills);
#ifdef __ARM_ARCH_8M_MAIN__
	plat_printf("# %lu MPU regions dropped for privileged writes\n", mpu_drops);
#endif
	plat_printf("# strategy: %s\n", uaccess_strategy_name());
	plat_printf("# kernel: %s\n", status == 0 ? "pass" : "fail");
	kernel_exit(status == 0 ? 0 : 1);
}
