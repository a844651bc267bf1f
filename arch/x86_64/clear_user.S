/* SPDX-License-Identifier: MIT */
/*
 * clear_user for x86-64: three strategies with one register interface, so
 * that the dispatcher (and the alternatives that later patch it) can call
 * any of them from inline asm.
 *
 * Register use: rdi walks the user destination, rcx counts the bytes still
 * to clear, rax holds zero (each routine sets it). The stack is not used.
 * These are not C functions: call them only through the inline asm in
 * dispatch.c, which names every register below.
 *
 * Exactness: every store to user memory has an exception-table entry. A
 * faulting rep stosb leaves the exact count in rcx. Otherwise the registers are advanced only after a group of stores completes, so when a
 * store faults, rdi/rcx still describe the start of its group. The fixup
 * then clears byte by byte from there; that loop faults again on exactly the
 * first inaccessible byte, and rcx is then the count of bytes not cleared.
 * A store that faults writes nothing (x86 faults are precise, also for a
 * store that straddles two pages), so no byte at or past the first
 * inaccessible one is ever written.
 */
#include "asm.h"
#include <uaccess/extable.h>

/*
 * .Lclear_bytes: shared finisher and fault fixup.
 * Input:   rdi = destination, rcx = count, al = 0
 * Output:  rcx = bytes not cleared; returns to the routine's caller
 * Faults:  the byte store; its fixup returns with rcx = bytes not cleared.
 */
	.text
	.p2align 4
.Lclear_bytes:
	testq	%rcx, %rcx
	jz	.Lclear_done
.Lclear_byte_loop:
	UACCESS_USER(.Lclear_done, movb %al, (%rdi))
	incq	%rdi
	decq	%rcx
	jnz	.Lclear_byte_loop
.Lclear_done:
	ret

/*
 * _clear_user_rep: rep stosb, for CPUs with ERMS.
 * Input:    rdi = user destination, rcx = byte count
 * Output:   rcx = bytes not cleared (0 on success)
 * Clobbers: rax, rdi, flags
 * Faults:   rep stosb. A string instruction that faults is restartable:
 *           rdi/rcx then describe exactly the bytes not yet stored, so the
 *           fixup just returns rcx (the suite checks this on every case).
 */
FUNC(_clear_user_rep)
	xorl	%eax, %eax
	UACCESS_USER(.Lclear_done, rep stosb)
	ret
END(_clear_user_rep)

/*
 * _clear_user_repq: rep stosq for whole quadwords, then bytes. For CPUs
 * where rep is fast but ERMS is missing.
 * Input:    rdi = user destination, rcx = byte count
 * Output:   rcx = bytes not cleared (0 on success)
 * Clobbers: rax, rdx, rdi, flags
 * Faults:   rep stosq stops at the faulting quadword with rcx = quadwords
 *           left; the fixup turns that into bytes (8 * rcx + tail) and
 *           finishes in .Lclear_bytes, which stops at the exact byte.
 */
FUNC(_clear_user_repq)
	xorl	%eax, %eax
	cmpq	$8, %rcx
	jb	.Lclear_bytes
	movl	%ecx, %edx
	andl	$7, %edx
	shrq	$3, %rcx
	UACCESS_USER(.Lrepq_fault, rep stosq)
	movl	%edx, %ecx
	jmp	.Lclear_bytes
.Lrepq_fault:
	leaq	(%rdx, %rcx, 8), %rcx
	jmp	.Lclear_bytes
END(_clear_user_repq)

/*
 * _clear_user_loop: unrolled quadword stores, no rep at all. The baseline
 * that runs well on every x86-64 CPU.
 * Input:    rdi = user destination, rcx = byte count
 * Output:   rcx = bytes not cleared (0 on success)
 * Clobbers: rax, rdi, flags
 * Faults:   any store; rdi/rcx still hold the start of the faulting group
 *           (64-byte block, or one of the 32/16/8/4/2/1 tail pieces), and
 *           .Lclear_bytes finishes from there to the exact byte.
 *
 * Sizes below 64 never enter the block loop: the tail is cleared by testing
 * the bits of the count, at most one group per bit.
 */
FUNC(_clear_user_loop)
	xorl	%eax, %eax
	cmpq	$64, %rcx
	jb	.Lloop_tail
.Lloop_block:
	UACCESS_USER(.Lclear_bytes, movq %rax, 0(%rdi))
	UACCESS_USER(.Lclear_bytes, movq %rax, 8(%rdi))
	UACCESS_USER(.Lclear_bytes, movq %rax, 16(%rdi))
	UACCESS_USER(.Lclear_bytes, movq %rax, 24(%rdi))
	UACCESS_USER(.Lclear_bytes, movq %rax, 32(%rdi))
	UACCESS_USER(.Lclear_bytes, movq %rax, 40(%rdi))
	UACCESS_USER(.Lclear_bytes, movq %rax, 48(%rdi))
	UACCESS_USER(.Lclear_bytes, movq %rax, 56(%rdi))
	addq	$64, %rdi
	subq	$64, %rcx
	cmpq	$64, %rcx
	jae	.Lloop_block
	testl	%ecx, %ecx
	jz	.Lclear_done
.Lloop_tail:			/* rcx < 64 */
	testb	$32, %cl
	jz	.Lloop_tail16
	UACCESS_USER(.Lclear_bytes, movq %rax, 0(%rdi))
	UACCESS_USER(.Lclear_bytes, movq %rax, 8(%rdi))
	UACCESS_USER(.Lclear_bytes, movq %rax, 16(%rdi))
	UACCESS_USER(.Lclear_bytes, movq %rax, 24(%rdi))
	addq	$32, %rdi
	subl	$32, %ecx
.Lloop_tail16:
	testb	$16, %cl
	jz	.Lloop_tail8
	UACCESS_USER(.Lclear_bytes, movq %rax, 0(%rdi))
	UACCESS_USER(.Lclear_bytes, movq %rax, 8(%rdi))
	addq	$16, %rdi
	subl	$16, %ecx
.Lloop_tail8:
	testb	$8, %cl
	jz	.Lloop_tail4
	UACCESS_USER(.Lclear_bytes, movq %rax, (%rdi))
	addq	$8, %rdi
	subl	$8, %ecx
.Lloop_tail4:
	testb	$4, %cl
	jz	.Lloop_tail2
	UACCESS_USER(.Lclear_bytes, movl %eax, (%rdi))
	addq	$4, %rdi
	subl	$4, %ecx
.Lloop_tail2:
	testb	$2, %cl
	jz	.Lloop_tail1
	UACCESS_USER(.Lclear_bytes, movw %ax, (%rdi))
	addq	$2, %rdi
	subl	$2, %ecx
.Lloop_tail1:
	testb	$1, %cl
	jz	.Lclear_done
	UACCESS_USER(.Lclear_bytes, movb %al, (%rdi))
	xorl	%ecx, %ecx
	ret
END(_clear_user_loop)

	.section .note.GNU-stack, "", @progbits
