// SPDX-License-Identifier: MIT
/*
 * SysTick at a high rate for the whole suite, so that interrupts land
 * inside the library's routines, its fixups and byte-retry loops, the
 * MPU refills of mpu.c and the tests' own code.
 *
 * The handler (start.S's systick_entry hands it the exception frame) is a
 * small kernel of its own on top of what it interrupts: it makes user
 * accesses of its own through the library, checked exactly
 * (examples/timer_checks.c, as the x86-64 and AArch64 handlers), whose
 * faults trap.c counts as the handler's, not the suite's; it checks the
 * frame (thread mode, nothing masked: SysTick has the lowest priority,
 * 0xE0, below the futex atomic's BASEPRI 0x20, which holds it off) and
 * counts the interrupts that landed in the library's text (kernel.ld
 * brackets it: _lib_text_start, _lib_text_end). Cortex-M has no
 * user-access window, so there is no window to count and no spin of
 * window state to run. While the library's exception table is not
 * sorted (a test reverses it), the handler makes no user access.
 *
 * The counter is cleared as the handler ends (a write of SYST_CVR): the
 * next tick comes a whole period later, so the interrupted code always
 * makes progress between two.
 */
#include <uaccess.h>
#include "kernel.h"
#include "platform.h"
#include "../timer_checks.h"

#define SYST_CSR	0xE000E010u
#define SYST_RVR	0xE000E014u
#define SYST_CVR	0xE000E018u
#define SHPR3		0xE000ED20u
#define CSR_ENABLE	(1u << 0)
#define CSR_TICKINT	(1u << 1)
#define CSR_CLKSOURCE	(1u << 2)	/* the processor clock */

/* The processor clock (QEMU: an385 25 MHz, an524 32 MHz, an505 20 MHz). */
#if defined(CM_BOARD_an524)
#define CPU_HZ		32000000u
#elif defined(CM_BOARD_an505)
#define CPU_HZ		20000000u
#else
#define CPU_HZ		25000000u
#endif
#ifndef TIMER_HZ
#define TIMER_HZ	2000u
#endif

extern char _lib_text_start[], _lib_text_end[];

struct timer_cpu systick;
volatile bool in_timer;

void timer_start(void)
{
	timer_cpu_init(&systick, 0);
	/* Lowest priority: below every fault and the futex atomic's BASEPRI. */
	REG(SHPR3) = (REG(SHPR3) & 0x00ffffffu) | 0xe0u << 24;
	REG(SYST_RVR) = CPU_HZ / TIMER_HZ - 1;
	REG(SYST_CVR) = 0;
	REG(SYST_CSR) = CSR_ENABLE | CSR_TICKINT | CSR_CLKSOURCE;
}

void timer_stop(void)
{
	REG(SYST_CSR) = 0;
	__asm__ volatile("dsb\n\tisb" : : : "memory");
}

/* No window state to spin on: only whether the ticks still come. */
void timer_probe_spins(void)
{
	systick.spins.state = "nothing (no user-access window on Cortex-M)";
	timer_still_ticking(&systick);
	timer_stop();
}

void timer_interrupt(unsigned int *frame);
void timer_interrupt(unsigned int *frame)
{
	struct timer_cpu *t = &systick;
	unsigned int pc = frame[6], xpsr = frame[7], basepri, primask;

	__asm__ volatile("mrs %0, basepri\n\tmrs %1, primask"
			 : "=r"(basepri), "=r"(primask));
	in_timer = true;
	t->ticks++;
	if (pc >= (unsigned int)_lib_text_start && pc < (unsigned int)_lib_text_end)
		t->in_lib++;
	timer_check(t, (xpsr & 0x1ff) == 0, "interrupted frame: thread mode (IPSR)",
		    xpsr);
	timer_check(t, (basepri == 0 || basepri > 0xe0) && !(primask & 1),
		    "the handler runs with interrupts masked", basepri | primask << 8);
	if (timer_extable_sorted())
		timer_user_accesses(t);
	in_timer = false;
	REG(SYST_CVR) = 0;
}
