/* SPDX-License-Identifier: MIT */
/* x86-64 Linux: system call numbers and the kernel's signal frame. */
#ifndef NOLIBC_LINUX_ARCH_H
#define NOLIBC_LINUX_ARCH_H

#define NR_write	1
#define NR_mmap		9
#define NR_mprotect	10
#define NR_rt_sigaction	13
#define NR_exit_group	231

/*
 * A handler returns to sa_restorer, which must call rt_sigreturn: x86-64
 * has no default one, and the kernel does not deliver a signal without it.
 */
#define LINUX_SA_RESTORER 0x04000000
void linux_sigreturn(void);	/* start.S */
#define LINUX_RESTORER linux_sigreturn

/* The kernel's struct ucontext up to the pc: uc_mcontext follows uc_stack. */
struct linux_ucontext {
	unsigned long flags;
	void *link;
	struct { void *sp; int flags; unsigned long size; } stack;
	unsigned long r8, r9, r10, r11, r12, r13, r14, r15;
	unsigned long rdi, rsi, rbp, rbx, rdx, rax, rcx, rsp, rip;
};

static inline unsigned long *linux_context_pc(struct linux_ucontext *uc)
{
	return &uc->rip;
}

#endif
