/* SPDX-License-Identifier: MIT */
/*
 * The faulting instruction in a Linux signal frame (needs _GNU_SOURCE):
 * on RISC-V the first slot of the general registers, REG_PC, holds the pc
 * (the kernel's sepc at the trap).
 */
#ifndef TEST_HOSTED_CONTEXT_H
#define TEST_HOSTED_CONTEXT_H

#include <ucontext.h>

static inline unsigned long test_arch_context_pc(ucontext_t *uc)
{
	return (unsigned long)uc->uc_mcontext.__gregs[REG_PC];
}

static inline void test_arch_context_set_pc(ucontext_t *uc, unsigned long pc)
{
	uc->uc_mcontext.__gregs[REG_PC] = pc;
}

#endif
