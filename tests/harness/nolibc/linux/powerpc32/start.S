/* SPDX-License-Identifier: MIT */
/*
 * 32-bit PowerPC Linux: the program's entry point and the system call.
 * Integer registers only.
 */
	.text

/*
 * _start: the kernel enters a static program here.
 *   Input:    r1 = argc, then argv[] (and envp[], auxv[], unused)
 *   Output:   does not return: linux_start(sp) exits the process
 *   Clobbers: everything (nothing is live before it)
 *   Faults:   none
 */
	.globl _start
	.type _start, @function
_start:
	mr	3, 1
	clrrwi	1, 1, 4			/* the ABI's 16-byte stack alignment */
	li	0, 0
	stwu	0, -16(1)		/* a frame whose back chain ends the list */
	bl	linux_start
	trap
	.size _start, . - _start

/*
 * long linux_syscall(long nr, long a1, long a2, long a3, long a4, long a5,
 *		      long a6)
 * Input: r3 = nr, r4..r9 = a1..a6.
 * Output: r3 = the result, -errno on failure (the kernel returns a
 * positive errno and sets CR0[SO]).
 * Clobbers: r0, r4..r12, cr0, ctr, xer: all volatile in the ABI.
 * Faults: none (a bad pointer argument is the kernel's -EFAULT).
 */
	.globl linux_syscall
	.type linux_syscall, @function
linux_syscall:
	mr	0, 3
	mr	3, 4
	mr	4, 5
	mr	5, 6
	mr	6, 7
	mr	7, 8
	mr	8, 9
	sc
	bnslr+
	neg	3, 3
	blr
	.size linux_syscall, . - linux_syscall

	.section .note.GNU-stack, "", @progbits
