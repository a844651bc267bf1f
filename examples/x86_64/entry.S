/* SPDX-License-Identifier: MIT */
/*
 * Exception and interrupt entry: one stub per vector 0..255 brings the
 * frame to one shape (a zero error code where the CPU pushes none, then
 * the vector number), clears RFLAGS.AC, saves the general registers and
 * calls trap_handler(struct trap_frame *).
 * The handler may rewrite frame->rip (a fixup); iretq resumes there.
 *
 * No register but %rsp is live across the call: the C handler is built with
 * -mgeneral-regs-only, so the interrupted code's SSE registers are left
 * alone. The frame is 22 quadwords, which keeps %rsp 16-byte aligned for the
 * call (the CPU aligns it before pushing SS).
 */

/* Vectors for which the CPU pushes an error code. */
#define HAS_ERROR(v) ((v) == 8 || ((v) >= 10 && (v) <= 14) || (v) == 17 || \
		      (v) == 21 || (v) == 29 || (v) == 30)

/*
 * trap_common: the body of every stub.
 *   Input:    the CPU's frame, then the error code and the vector (stub)
 *   Output:   resumes the interrupted code at frame->rip, every general
 *             register as trap_handler() left it in the frame
 *   Clobbers: nothing of the interrupted code's (its RFLAGS, AC
 *             included, come back from the frame)
 *   Faults:   none of its own; a fault in trap_handler() nests a new frame
 *             on the same stack (a double fault has its own, the TSS's)
 */
#include <uaccess/alternative.h>

	.text
	.p2align 4
trap_common:
	/*
	 * RFLAGS.AC off before anything else runs: interrupt and trap gates
	 * keep the interrupted code's AC, and with AC set SMAP lets every
	 * supervisor access to a user page through, so a user program that
	 * sets AC (popf) and then traps, or a fault taken inside a stac/clac
	 * window, would run this handler with SMAP off. iretq restores the
	 * interrupted AC from the frame.
	 *
	 * clac, patched in by uaccess_init() as the library's own windows
	 * are (the same site form, the same feature bit), rather than
	 * pushfq / andq / popfq: clac is #UD on a CPU without SMAP, and the
	 * alternative leaves a NOP there, while on a CPU with SMAP it is one
	 * cheap instruction where popfq is a slow, microcoded one on every
	 * interrupt. Before uaccess_init() the site is a NOP: no user code
	 * has run yet, and the kernel opens no window before it.
	 */
	ALTERNATIVE(UACCESS_ALT_UNNAMED, nopl (%rax), clac, UACCESS_FEAT_SMAP_BIT)
	pushq	%rax
	pushq	%rbx
	pushq	%rcx
	pushq	%rdx
	pushq	%rsi
	pushq	%rdi
	pushq	%rbp
	pushq	%r8
	pushq	%r9
	pushq	%r10
	pushq	%r11
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
	cld
	movq	%rsp, %rdi
	call	trap_handler
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	popq	%r11
	popq	%r10
	popq	%r9
	popq	%r8
	popq	%rbp
	popq	%rdi
	popq	%rsi
	popq	%rdx
	popq	%rcx
	popq	%rbx
	popq	%rax
	addq	$16, %rsp		/* vector and error code */
	iretq

/*
 * The stubs, 16 bytes apart from trap_stubs: vector v's is at
 * trap_stubs + 16 * v (trap.c builds the IDT from that), one for each of
 * the 256 vectors (exceptions, then interrupts, which push no error code).
 *   Input:    the CPU's interrupt frame (with an error code for the
 *             vectors that have one)
 *   Output:   jumps to the common entry with a zero error code pushed
 *             where the CPU gives none, then the vector number
 *   Clobbers: nothing but the stack (two quadwords, popped on return)
 *   Faults:   none
 */
	.p2align 4
	.globl	trap_stubs
trap_stubs:
	.set	.Lv, 0
	.rept	256
	.p2align 4
	.if .Lv >= 32 || !HAS_ERROR(.Lv)
	pushq	$0
	.endif
	pushq	$.Lv
	jmp	trap_common
	.set	.Lv, .Lv + 1
	.endr

	.section .note.GNU-stack, "", @progbits
