/* SPDX-License-Identifier: MIT */
/*
 * 32-bit Arm Linux (EABI), Thumb-2: the program's entry point, the system
 * call (svc #0, its number in r7), and the return from a signal handler.
 * Integer registers only. Every function here is a Thumb function, so its
 * address carries the Thumb bit: the ELF entry (the kernel starts _start
 * in Thumb state) and the restorer the kernel puts in a handler's lr.
 */
	.syntax unified
	.thumb
	.text

/*
 * _start: the kernel enters a static program here.
 *   Input:    sp = argc, then argv[] (and envp[], auxv[], unused)
 *   Output:   does not return: linux_start(sp) exits the process
 *   Clobbers: everything (nothing is live before it)
 *   Faults:   none
 */
	.globl _start
	.type _start, %function
_start:
	mov	lr, #0			/* the outermost frame, for debuggers */
	mov	r0, sp
	bic	r1, r0, #7		/* the AAPCS's 8-byte stack alignment */
	mov	sp, r1
	bl	linux_start
	udf	#0
	.size _start, . - _start

/*
 * long linux_syscall(long nr, long a1, long a2, long a3, long a4, long a5,
 *		      long a6)
 * Input:    r0 = nr, r1..r3 = a1..a3, a4..a6 on the stack.
 * Output:   r0 = the result, -errno on failure.
 * Clobbers: r1..r3 (caller-saved; r4, r5 and r7 are put back).
 * Faults:   none (a bad pointer argument is the kernel's -EFAULT).
 */
	.globl linux_syscall
	.type linux_syscall, %function
linux_syscall:
	push	{r4, r5, r7, lr}
	mov	r7, r0
	mov	r0, r1
	mov	r1, r2
	mov	r2, r3
	ldr	r3, [sp, #16]		/* a4..a6: above the four saved words */
	ldr	r4, [sp, #20]
	ldr	r5, [sp, #24]
	svc	#0
	pop	{r4, r5, r7, pc}
	.size linux_syscall, . - linux_syscall

/*
 * linux_sigreturn: the sa_restorer of our handlers. The kernel sets a
 * handler's lr to it, so the handler's return lands here with sp back at
 * the signal frame, which rt_sigreturn (173) loads back.
 * Input:    sp = the kernel's signal frame.
 * Output:   none: the frame's context, with the pc the handler stored,
 *           resumes.
 * Clobbers: everything (the frame restores it).
 * Faults:   none.
 */
	.globl linux_sigreturn
	.type linux_sigreturn, %function
linux_sigreturn:
	movs	r7, #173
	svc	#0
	udf	#0
	.size linux_sigreturn, . - linux_sigreturn

	.section .note.GNU-stack, "", %progbits
