/* SPDX-License-Identifier: MIT */
/*
 * x86-64 Linux: the program's entry point, the system call, and the
 * return from a signal handler. Nothing here touches the FPU or SIMD
 * registers.
 */
	.text

/*
 * _start: the kernel enters a static program here.
 *   Input:    rsp = argc, then argv[] (and envp[], auxv[], unused)
 *   Output:   does not return: linux_start(sp) exits the process
 *   Clobbers: everything (nothing is live before it)
 *   Faults:   none
 */
	.globl _start
	.type _start, @function
_start:
	xorl	%ebp, %ebp		/* the outermost frame, for debuggers */
	movq	%rsp, %rdi
	andq	$-16, %rsp		/* the ABI's alignment at a call */
	call	linux_start
	hlt
	.size _start, . - _start

/*
 * long linux_syscall(long nr, long a1, long a2, long a3, long a4, long a5,
 *		      long a6)
 * Input: rdi = nr, rsi, rdx, rcx, r8, r9, 8(%rsp) = a1..a6.
 * Output: rax = the result, -errno on failure.
 * Clobbers: rcx, r11 (syscall), and the argument registers.
 * Faults: none (a bad pointer argument is the kernel's -EFAULT).
 */
	.globl linux_syscall
	.type linux_syscall, @function
linux_syscall:
	movq	%rdi, %rax
	movq	%rsi, %rdi
	movq	%rdx, %rsi
	movq	%rcx, %rdx
	movq	%r8, %r10		/* the kernel takes a4 in r10 */
	movq	%r9, %r8
	movq	8(%rsp), %r9
	syscall
	ret
	.size linux_syscall, . - linux_syscall

/*
 * The sa_restorer of our handlers: their ret lands here with rsp at the
 * kernel's signal frame, which rt_sigreturn (15) loads back.
 * Input: rsp = the signal frame. Output: none, the frame's context
 * resumes. Clobbers: everything (the frame restores it). Faults: none.
 */
	.globl linux_sigreturn
	.type linux_sigreturn, @function
linux_sigreturn:
	movl	$15, %eax
	syscall
	hlt
	.size linux_sigreturn, . - linux_sigreturn

	.section .note.GNU-stack, "", @progbits
