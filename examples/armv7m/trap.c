// SPDX-License-Identifier: MIT
/*
 * Faults of the Cortex-M test kernel: start.S hands every fault here
 * with the exception frame {r0, r1, r2, r3, r12, lr, pc, xpsr} of the
 * stack in use. First the MPU's refill (mpu.c): a MemManage fault in the
 * user region that only a region not loaded caused runs its instruction
 * again. Then the library: its access resumes at its fixup, the stacked
 * PC rewritten, the IT/ICI bits of the stacked xPSR cleared (no covered
 * instruction is in an IT block or a multiple access, so they are zero
 * already; a fixup must not inherit them), and the fault status bits
 * consumed (write one to clear). Anything else ends the run.
 */
#include <uaccess.h>
#include "kernel.h"
#include "platform.h"

static unsigned long faults;
unsigned long trap_forced;

unsigned long plat_fault_count(void)
{
	return faults;
}

void trap_fault(unsigned int *frame, unsigned int ipsr)
{
	unsigned int cfsr = REG(CFSR), exc = ipsr & 0x1ff;
	unsigned long fix;

	if ((cfsr & (MMFSR_DACCVIOL | MMFSR_MMARVALID)) ==
	    (MMFSR_DACCVIOL | MMFSR_MMARVALID) && (exc == 4 || exc == 3) &&
	    mpu_refill(REG(MMFAR), frame[6])) {
		REG(CFSR) = cfsr & CFSR_MMFSR;
		if (exc == 3)
			REG(HFSR) = REG(HFSR);
		return;
	}
	fix = uaccess_fixup(frame[6]);
	if (!fix || exc < 3 || exc > 6)
		kernel_fail("unexpected exception %u at pc %#x, lr %#x, CFSR %#x, "
			    "HFSR %#x, MMFAR %#x, BFAR %#x", exc, frame[6], frame[5],
			    cfsr, REG(HFSR), REG(MMFAR), REG(BFAR));
	/* The timer handler's own faults are its count, not the suite's. */
	if (in_timer)
		systick.faults++;
	else
		faults++;
	frame[6] = fix;
	frame[7] &= ~0x0600fc00u;
	REG(CFSR) = cfsr;
	if (exc == 3) {
		trap_forced++;
		REG(HFSR) = REG(HFSR);
	}
}
