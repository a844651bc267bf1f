/* SPDX-License-Identifier: MIT */
/*
 * AArch64 Linux: the program's entry point, the system call, and the
 * return from a signal handler. Integer registers only: nothing here
 * touches an FP or SIMD register.
 */
	.text

/*
 * _start: the kernel enters a static program here.
 *   Input:    sp = argc, then argv[] (and envp[], auxv[], unused)
 *   Output:   does not return: linux_start(sp) exits the process
 *   Clobbers: everything (nothing is live before it)
 *   Faults:   none
 */
	.globl _start
	.type _start, @function
_start:
	mov	x29, #0			/* the outermost frame, for debuggers */
	mov	x0, sp
	and	sp, x0, #-16		/* the ABI's 16-byte stack alignment */
	bl	linux_start
	brk	#0
	.size _start, . - _start

/*
 * long linux_syscall(long nr, long a1, long a2, long a3, long a4, long a5,
 *		      long a6)
 * Input:    x0 = nr, x1..x6 = a1..a6.
 * Output:   x0 = the result, -errno on failure.
 * Clobbers: x1..x5, x8 (caller-saved; the kernel preserves the rest).
 * Faults:   none (a bad pointer argument is the kernel's -EFAULT).
 */
	.globl linux_syscall
	.type linux_syscall, @function
linux_syscall:
	mov	x8, x0
	mov	x0, x1
	mov	x1, x2
	mov	x2, x3
	mov	x3, x4
	mov	x4, x5
	mov	x5, x6
	svc	#0
	ret
	.size linux_syscall, . - linux_syscall

/*
 * linux_sigreturn: the sa_restorer of our handlers. The kernel sets a
 * handler's x30 to it, so the handler's ret lands here with sp back at
 * the signal frame, which rt_sigreturn (139) loads back.
 * Input:    sp = the kernel's signal frame.
 * Output:   none: the frame's context, with the pc the handler stored,
 *           resumes.
 * Clobbers: everything (the frame restores it).
 * Faults:   none.
 */
	.globl linux_sigreturn
	.type linux_sigreturn, @function
linux_sigreturn:
	mov	x8, #139
	svc	#0
	brk	#0
	.size linux_sigreturn, . - linux_sigreturn

	.section .note.GNU-stack, "", @progbits
