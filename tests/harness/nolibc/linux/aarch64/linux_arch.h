/* SPDX-License-Identifier: MIT */
/* AArch64 Linux: system call numbers and the kernel's signal frame. */
#ifndef NOLIBC_LINUX_ARCH_H
#define NOLIBC_LINUX_ARCH_H

/* The generic table (asm-generic/unistd.h). */
#define NR_write	64
#define NR_mmap		222
#define NR_mprotect	226
#define NR_rt_sigaction	134
#define NR_exit_group	94

/*
 * arm64 keeps SA_RESTORER, so the kernel's struct sigaction is handler,
 * flags, restorer, mask, as platform.c lays it out. Without the flag a
 * handler returns through the vDSO's trampoline (under qemu-user, its own
 * copy); with ours, through code of this program in either case.
 */
#define LINUX_SA_RESTORER 0x04000000
void linux_sigreturn(void);	/* start.S */
#define LINUX_RESTORER linux_sigreturn

/*
 * The kernel's struct ucontext up to the pc: flags, link, the stack_t (24
 * bytes), the sigset_t (8) padded to 1024 bits of mask, then the struct
 * sigcontext, 16-byte aligned (its __reserved area is), so 8 more bytes
 * put it at offset 176: fault_address, x0..x30, sp, pc (ELR_EL1 at the
 * trap). rt_sigreturn reloads the pc from there: a handler resumes
 * elsewhere by storing it.
 */
struct linux_ucontext {
	unsigned long flags;
	void *link;
	struct { void *sp; int flags; unsigned long size; } stack;
	unsigned char mask_and_pad[128];
	unsigned long pad;
	unsigned long fault_address;
	unsigned long regs[31];
	unsigned long sp;
	unsigned long pc;
};

static inline unsigned long *linux_context_pc(struct linux_ucontext *uc)
{
	return &uc->pc;
}

_Static_assert(__builtin_offsetof(struct linux_ucontext, fault_address) == 176,
	       "struct linux_ucontext: the mcontext is at offset 176");
_Static_assert(__builtin_offsetof(struct linux_ucontext, pc) == 440,
	       "struct linux_ucontext: the pc is at offset 440");

#endif
