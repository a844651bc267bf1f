/* SPDX-License-Identifier: MIT */
/*
 * The faulting instruction in a Linux signal frame (needs _GNU_SOURCE). On
 * 32-bit PowerPC the frame's registers hang off uc_regs; gregs[32] is the
 * NIP (PT_NIP).
 */
#ifndef TEST_HOSTED_CONTEXT_H
#define TEST_HOSTED_CONTEXT_H

#include <ucontext.h>

#define TEST_PPC_PT_NIP 32

static inline unsigned long test_arch_context_pc(ucontext_t *uc)
{
	return (unsigned long)uc->uc_mcontext.uc_regs->gregs[TEST_PPC_PT_NIP];
}

static inline void test_arch_context_set_pc(ucontext_t *uc, unsigned long pc)
{
	uc->uc_mcontext.uc_regs->gregs[TEST_PPC_PT_NIP] = pc;
}

#endif
