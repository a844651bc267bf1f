/* SPDX-License-Identifier: MIT */
/*
 * The faulting instruction in a Linux signal frame: on 32-bit Arm the
 * mcontext's arm_pc, with the instruction set in arm_cpsr's T bit (5).
 * The library is Thumb-2 only and a fixup lies in the function of the
 * instruction it covers, so the T bit of the fault is the fixup's: it is
 * kept, and only an interworking address (bit 0 set) sets it. The
 * IT-state bits are cleared as a kernel's handler clears the stacked
 * xPSR's (no covered instruction lies in an IT block).
 */
#ifndef TEST_HOSTED_CONTEXT_H
#define TEST_HOSTED_CONTEXT_H

#include <ucontext.h>

#define TEST_ARM_CPSR_T (1UL << 5)
#define TEST_ARM_CPSR_IT (0x3fUL << 10 | 0x3UL << 25)

static inline unsigned long test_arch_context_pc(ucontext_t *uc)
{
	return (unsigned long)uc->uc_mcontext.arm_pc;
}

static inline void test_arch_context_set_pc(ucontext_t *uc, unsigned long pc)
{
	unsigned long cpsr = uc->uc_mcontext.arm_cpsr & ~TEST_ARM_CPSR_IT;

	if (pc & 1)
		cpsr |= TEST_ARM_CPSR_T;
	uc->uc_mcontext.arm_cpsr = cpsr;
	uc->uc_mcontext.arm_pc = pc & ~1UL;
}

#endif
