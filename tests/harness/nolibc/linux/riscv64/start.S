/* SPDX-License-Identifier: MIT */
/*
 * RISC-V 64 Linux: the program's entry point and the system call.
 * Integer registers only.
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
	.option push
	.option norelax
	lla	gp, __global_pointer$	/* the linker may relax accesses to gp */
	.option pop
	mv	a0, sp
	andi	sp, sp, -16		/* the ABI's 16-byte stack alignment */
	call	linux_start
	unimp
	.size _start, . - _start

/*
 * long linux_syscall(long nr, long a1, long a2, long a3, long a4, long a5,
 *		      long a6)
 * Input: a0 = nr, a1..a6 = a1..a6.
 * Output: a0 = the result, -errno on failure.
 * Clobbers: a1..a7 (caller-saved).
 * Faults: none (a bad pointer argument is the kernel's -EFAULT).
 */
	.globl linux_syscall
	.type linux_syscall, @function
linux_syscall:
	mv	a7, a0
	mv	a0, a1
	mv	a1, a2
	mv	a2, a3
	mv	a3, a4
	mv	a4, a5
	mv	a5, a6
	ecall
	ret
	.size linux_syscall, . - linux_syscall

	.section .note.GNU-stack, "", @progbits
