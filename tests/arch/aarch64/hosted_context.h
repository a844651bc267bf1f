/* SPDX-License-Identifier: MIT */
/*
 * The faulting instruction in a Linux signal frame: on AArch64 the
 * mcontext's pc (the kernel's ELR_EL1 at the trap).
 */
#ifndef TEST_HOSTED_CONTEXT_H
#define TEST_HOSTED_CONTEXT_H

#include <ucontext.h>

static inline unsigned long test_arch_context_pc(ucontext_t *uc)
{
	return (unsigned long)uc->uc_mcontext.pc;
}

static inline void test_arch_context_set_pc(ucontext_t *uc, unsigned long pc)
{
	uc->uc_mcontext.pc = pc;
}

#endif
