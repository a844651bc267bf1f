/* SPDX-License-Identifier: MIT */
/* RISC-V 64 Linux: system call numbers and the kernel's signal frame. */
#ifndef NOLIBC_LINUX_ARCH_H
#define NOLIBC_LINUX_ARCH_H

/* The generic table (asm-generic/unistd.h). */
#define NR_write	64
#define NR_mmap		222
#define NR_mprotect	226
#define NR_rt_sigaction	134
#define NR_exit_group	94

/*
 * RISC-V has no SA_RESTORER: a handler returns through the kernel's vDSO
 * (or qemu-user's own trampoline). The kernel's struct sigaction is then
 * handler, flags, mask: the word platform.c calls restorer is read as the
 * mask, which its 0 leaves empty, as intended.
 */
#define LINUX_SA_RESTORER 0
#define LINUX_RESTORER 0

/*
 * The kernel's struct ucontext up to uc_mcontext: flags, link, the
 * stack_t (24 bytes), the sigset_t (8) and padding to 1024 bits of mask,
 * then the mcontext at offset 176 (16-byte aligned), whose first word is
 * the pc (sepc at the trap); rt_sigreturn reloads it from there.
 */
struct linux_ucontext {
	unsigned long flags;
	void *link;
	struct { void *sp; int flags; unsigned long size; } stack;
	unsigned char mask_and_pad[128];
	unsigned long pad;
	unsigned long regs[32];
};

static inline unsigned long *linux_context_pc(struct linux_ucontext *uc)
{
	return &uc->regs[0];
}

_Static_assert(__builtin_offsetof(struct linux_ucontext, regs) == 176,
	       "struct linux_ucontext: the mcontext is at offset 176");

#endif
