/* SPDX-License-Identifier: MIT */
/* 32-bit PowerPC Linux: system call numbers and the kernel's signal frame. */
#ifndef NOLIBC_LINUX_ARCH_H
#define NOLIBC_LINUX_ARCH_H

#define NR_write	4
#define NR_mmap		90	/* six plain arguments, the offset in bytes */
#define NR_mprotect	125
#define NR_rt_sigaction	173
#define NR_exit_group	234

/*
 * A handler returns through a trampoline that the kernel (in the vDSO)
 * or qemu-user (on its own page) sets up without our help.
 */
#define LINUX_SA_RESTORER 0
#define LINUX_RESTORER 0

/*
 * The kernel's struct ucontext up to uc_regs, which points at the saved
 * registers (the mcontext further down the frame): 32 GPRs, then NIP, the
 * pc. rt_sigreturn reloads them through the same pointer.
 */
struct linux_ucontext {
	unsigned long flags;
	void *link;
	struct { void *sp; int flags; unsigned long size; } stack;
	int pad[7];
	unsigned long *regs;
};

static inline unsigned long *linux_context_pc(struct linux_ucontext *uc)
{
	return &uc->regs[32];
}

#endif
