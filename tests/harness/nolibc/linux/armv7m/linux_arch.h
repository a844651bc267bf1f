/* SPDX-License-Identifier: MIT */
/*
 * 32-bit Arm Linux (EABI): system call numbers and the kernel's signal
 * frame, for the Cortex-M routines run as a Linux process (their Thumb-2
 * ldrt/strt are ARMv7-A instructions too).
 */
#ifndef NOLIBC_LINUX_ARCH_H
#define NOLIBC_LINUX_ARCH_H

#define NR_write	4
#define NR_mmap		192	/* mmap2: the offset in pages, always 0 here */
#define NR_mprotect	125
#define NR_rt_sigaction	174
#define NR_exit_group	248

/*
 * Arm keeps SA_RESTORER, so the kernel's struct sigaction is handler,
 * flags, restorer, mask, as platform.c lays it out: a handler returns
 * through linux_sigreturn (start.S), a Thumb function, so its address
 * carries the Thumb bit the kernel puts in the handler's lr.
 */
#define LINUX_SA_RESTORER 0x04000000
void linux_sigreturn(void);	/* start.S */
#define LINUX_RESTORER linux_sigreturn

/*
 * The kernel's struct ucontext up to the pc: flags, link, the stack_t (12
 * bytes), then the struct sigcontext: trap_no, error_code, oldmask,
 * r0..r10, fp, ip, sp, lr, pc, cpsr. rt_sigreturn reloads the pc from
 * there and the instruction set from the cpsr's T bit, which the fault in
 * Thumb code left set: a fixup, a Thumb label, is stored as it is, with
 * bit 0 clear. No library instruction that may fault lies in an IT block,
 * so the cpsr's IT bits are clear too.
 */
struct linux_ucontext {
	unsigned long flags;
	void *link;
	struct { void *sp; int flags; unsigned long size; } stack;
	unsigned long trap_no, error_code, oldmask;
	unsigned long regs[15];		/* r0..r10, fp, ip, sp, lr */
	unsigned long pc;
	unsigned long cpsr;
};

static inline unsigned long *linux_context_pc(struct linux_ucontext *uc)
{
	return &uc->pc;
}

_Static_assert(__builtin_offsetof(struct linux_ucontext, pc) == 92,
	       "struct linux_ucontext: the pc is at offset 92");

#endif
