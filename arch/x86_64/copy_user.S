/* SPDX-License-Identifier: MIT */
/*
 * copy_to_user / copy_from_user for x86-64: one body serves both
 * directions, since either side may fault and the fixups do not care which.
 * Three strategies with one register interface, as in clear_user.S.
 *
 * Register use: rsi walks the source, rdi the destination, rcx counts the
 * bytes still to copy; rax and r8..r11 carry data. The stack is not used.
 * These are not C functions: call them only through the inline asm in
 * dispatch.c, which names every register below.
 *
 * Exactness: every load and store has an exception-table entry. A faulting
 * rep movsb leaves the exact count in rcx. Otherwise the pointers and count
 * advance only after a whole group of loads and stores,
 * so a fault leaves rsi/rdi/rcx at the start of its group. The fixup copies
 * byte by byte from there; that loop faults again on exactly the first
 * inaccessible byte (unreadable source or unwritable destination). Copying a
 * group's first bytes a second time is harmless: the same bytes land in the
 * same places. Loads never go past the end of the source range, so no user
 * byte that is not copied is ever read.
 */
#include "asm.h"
#include <uaccess/extable.h>

/*
 * .Lcopy_bytes: shared finisher and fault fixup.
 * Input:   rsi = source, rdi = destination, rcx = count
 * Output:  rcx = bytes not copied; returns to the routine's caller
 * Faults:  the byte load and the byte store; their fixup returns with
 *          rcx = bytes not copied.
 */
	.text
	.p2align 4
.Lcopy_bytes:
	testq	%rcx, %rcx
	jz	.Lcopy_done
.Lcopy_byte_loop:
	UACCESS_USER(.Lcopy_done, movb (%rsi), %al)
	UACCESS_USER(.Lcopy_done, movb %al, (%rdi))
	incq	%rsi
	incq	%rdi
	decq	%rcx
	jnz	.Lcopy_byte_loop
.Lcopy_done:
	ret

/*
 * _copy_user_rep: rep movsb, for CPUs with ERMS.
 * Input:    rdi = destination, rsi = source, rcx = byte count
 * Output:   rcx = bytes not copied (0 on success)
 * Clobbers: rax, rsi, rdi, flags
 * Faults:   rep movsb, on either side. A string instruction that faults is
 *           restartable: rsi/rdi/rcx then describe exactly the bytes not
 *           yet copied, so the fixup just returns rcx (the suite checks this
 *           on every case).
 */
FUNC(_copy_user_rep)
	UACCESS_USER(.Lcopy_done, rep movsb)
	ret
END(_copy_user_rep)

/*
 * _copy_user_repq: rep movsq for whole quadwords, then bytes.
 * Input:    rdi = destination, rsi = source, rcx = byte count
 * Output:   rcx = bytes not copied (0 on success)
 * Clobbers: rax, rdx, rsi, rdi, flags
 * Faults:   rep movsq stops at the faulting quadword with rcx = quadwords
 *           left; the fixup turns that into bytes (8 * rcx + tail) and
 *           finishes in .Lcopy_bytes, which stops at the exact byte.
 */
FUNC(_copy_user_repq)
	cmpq	$8, %rcx
	jb	.Lcopy_bytes
	movl	%ecx, %edx
	andl	$7, %edx
	shrq	$3, %rcx
	UACCESS_USER(.Lrepq_fault, rep movsq)
	movl	%edx, %ecx
	jmp	.Lcopy_bytes
.Lrepq_fault:
	leaq	(%rdx, %rcx, 8), %rcx
	jmp	.Lcopy_bytes
END(_copy_user_repq)

/*
 * _copy_user_loop: unrolled quadword loads and stores, no rep at all.
 * Input:    rdi = destination, rsi = source, rcx = byte count
 * Output:   rcx = bytes not copied (0 on success)
 * Clobbers: rax, rsi, rdi, r8, r9, r10, r11, flags
 * Faults:   any load or store; rsi/rdi/rcx still hold the start of the
 *           faulting group (64-byte block, or one of the 32/16/8/4/2/1 tail
 *           pieces), and .Lcopy_bytes finishes from there to the exact byte.
 *
 * Sizes below 64 never enter the block loop: the tail is copied by testing
 * the bits of the count, at most one group per bit.
 */
FUNC(_copy_user_loop)
	cmpq	$64, %rcx
	jb	.Lloop_tail
.Lloop_block:
	UACCESS_USER(.Lcopy_bytes, movq 0(%rsi), %r8)
	UACCESS_USER(.Lcopy_bytes, movq 8(%rsi), %r9)
	UACCESS_USER(.Lcopy_bytes, movq 16(%rsi), %r10)
	UACCESS_USER(.Lcopy_bytes, movq 24(%rsi), %r11)
	UACCESS_USER(.Lcopy_bytes, movq %r8, 0(%rdi))
	UACCESS_USER(.Lcopy_bytes, movq %r9, 8(%rdi))
	UACCESS_USER(.Lcopy_bytes, movq %r10, 16(%rdi))
	UACCESS_USER(.Lcopy_bytes, movq %r11, 24(%rdi))
	UACCESS_USER(.Lcopy_bytes, movq 32(%rsi), %r8)
	UACCESS_USER(.Lcopy_bytes, movq 40(%rsi), %r9)
	UACCESS_USER(.Lcopy_bytes, movq 48(%rsi), %r10)
	UACCESS_USER(.Lcopy_bytes, movq 56(%rsi), %r11)
	UACCESS_USER(.Lcopy_bytes, movq %r8, 32(%rdi))
	UACCESS_USER(.Lcopy_bytes, movq %r9, 40(%rdi))
	UACCESS_USER(.Lcopy_bytes, movq %r10, 48(%rdi))
	UACCESS_USER(.Lcopy_bytes, movq %r11, 56(%rdi))
	addq	$64, %rsi
	addq	$64, %rdi
	subq	$64, %rcx
	cmpq	$64, %rcx
	jae	.Lloop_block
	testl	%ecx, %ecx
	jz	.Lcopy_done
.Lloop_tail:			/* rcx < 64 */
	testb	$32, %cl
	jz	.Lloop_tail16
	UACCESS_USER(.Lcopy_bytes, movq 0(%rsi), %r8)
	UACCESS_USER(.Lcopy_bytes, movq 8(%rsi), %r9)
	UACCESS_USER(.Lcopy_bytes, movq 16(%rsi), %r10)
	UACCESS_USER(.Lcopy_bytes, movq 24(%rsi), %r11)
	UACCESS_USER(.Lcopy_bytes, movq %r8, 0(%rdi))
	UACCESS_USER(.Lcopy_bytes, movq %r9, 8(%rdi))
	UACCESS_USER(.Lcopy_bytes, movq %r10, 16(%rdi))
	UACCESS_USER(.Lcopy_bytes, movq %r11, 24(%rdi))
	addq	$32, %rsi
	addq	$32, %rdi
	subl	$32, %ecx
.Lloop_tail16:
	testb	$16, %cl
	jz	.Lloop_tail8
	UACCESS_USER(.Lcopy_bytes, movq 0(%rsi), %r8)
	UACCESS_USER(.Lcopy_bytes, movq 8(%rsi), %r9)
	UACCESS_USER(.Lcopy_bytes, movq %r8, 0(%rdi))
	UACCESS_USER(.Lcopy_bytes, movq %r9, 8(%rdi))
	addq	$16, %rsi
	addq	$16, %rdi
	subl	$16, %ecx
.Lloop_tail8:
	testb	$8, %cl
	jz	.Lloop_tail4
	UACCESS_USER(.Lcopy_bytes, movq (%rsi), %r8)
	UACCESS_USER(.Lcopy_bytes, movq %r8, (%rdi))
	addq	$8, %rsi
	addq	$8, %rdi
	subl	$8, %ecx
.Lloop_tail4:
	testb	$4, %cl
	jz	.Lloop_tail2
	UACCESS_USER(.Lcopy_bytes, movl (%rsi), %r8d)
	UACCESS_USER(.Lcopy_bytes, movl %r8d, (%rdi))
	addq	$4, %rsi
	addq	$4, %rdi
	subl	$4, %ecx
.Lloop_tail2:
	testb	$2, %cl
	jz	.Lloop_tail1
	UACCESS_USER(.Lcopy_bytes, movw (%rsi), %r8w)
	UACCESS_USER(.Lcopy_bytes, movw %r8w, (%rdi))
	addq	$2, %rsi
	addq	$2, %rdi
	subl	$2, %ecx
.Lloop_tail1:
	testb	$1, %cl
	jz	.Lcopy_done
	UACCESS_USER(.Lcopy_bytes, movb (%rsi), %al)
	UACCESS_USER(.Lcopy_bytes, movb %al, (%rdi))
	xorl	%ecx, %ecx
	ret
END(_copy_user_loop)

	.section .note.GNU-stack, "", @progbits
