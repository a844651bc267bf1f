/* SPDX-License-Identifier: MIT */
/*
 * Reference strategies for the benchmark: one way of clearing or copying
 * each, as a plain SysV function with no access_ok, no exception table and
 * no dispatch. Next to them the tables show what the library's choice of
 * strategy, and its overhead, cost against the bare instruction sequence.
 *
 * Register use: the SysV ABI. rdi = destination; for a clear rsi = count,
 * for a copy rsi = source and rdx = count. Only caller-saved integer
 * registers are touched (rax, rcx, rdx, rsi, rdi, r8..r11). Every function
 * returns 0 in rax, the library's "bytes not done" on success. No fault
 * handling: the benchmark passes mapped memory only.
 */

#define REF_ALIGN	4
#include "ref_asm.h"

/*
 * The loops the routines below share. CLEAR_BYTES dec, count: stores al
 * to rdi, one byte a round, until `dec count` reaches zero (count > 0);
 * COPY_BYTES dec, count: the same with the bytes of rsi. STORE64: rax to
 * the 64 bytes at rdi.
 */
.macro CLEAR_BYTES dec, count
.Lclear_byte\@:
	movb	%al, (%rdi)
	incq	%rdi
	\dec	\count
	jnz	.Lclear_byte\@
.endm

.macro COPY_BYTES dec, count
.Lcopy_byte\@:
	movzbl	(%rsi), %eax
	movb	%al, (%rdi)
	incq	%rsi
	incq	%rdi
	\dec	\count
	jnz	.Lcopy_byte\@
.endm

/* COPY32 off: the 32 bytes at rsi + off to rdi + off, through r8..r11. */
.macro COPY32 off
	movq	\off(%rsi), %r8
	movq	\off+8(%rsi), %r9
	movq	\off+16(%rsi), %r10
	movq	\off+24(%rsi), %r11
	movq	%r8, \off(%rdi)
	movq	%r9, \off+8(%rdi)
	movq	%r10, \off+16(%rdi)
	movq	%r11, \off+24(%rdi)
.endm

.macro STORE64
	movq	%rax, 0(%rdi)
	movq	%rax, 8(%rdi)
	movq	%rax, 16(%rdi)
	movq	%rax, 24(%rdi)
	movq	%rax, 32(%rdi)
	movq	%rax, 40(%rdi)
	movq	%rax, 48(%rdi)
	movq	%rax, 56(%rdi)
.endm

/*
 * ref_clear_bytes: one byte store per iteration; the floor every other
 * strategy must beat, and what a fault fixup falls back to.
 * Input:    rdi = destination, rsi = count
 * Output:   rax = 0
 * Clobbers: rsi, rdi, flags
 * Faults:   none (the bench passes mapped buffers; no table entries)
 */
REF_FUNC(ref_clear_bytes)
	xorl	%eax, %eax
	testq	%rsi, %rsi
	jz	.Lclear_bytes_done
	CLEAR_BYTES decq, %rsi
.Lclear_bytes_done:
	ret
REF_END(ref_clear_bytes)

/*
 * ref_copy_bytes: one byte load and store per iteration.
 * Input:    rdi = destination, rsi = source, rdx = count
 * Output:   rax = 0
 * Clobbers: rdx, rsi, rdi, flags
 * Faults:   none (the bench passes mapped buffers; no table entries)
 */
REF_FUNC(ref_copy_bytes)
	testq	%rdx, %rdx
	jz	.Lcopy_bytes_done
	COPY_BYTES decq, %rdx
.Lcopy_bytes_done:
	xorl	%eax, %eax
	ret
REF_END(ref_copy_bytes)

/*
 * ref_clear_loop: eight quadword stores (64 bytes) per iteration, then a
 * quadword loop, then a byte loop: the shape of Linux's unrolled x86-64
 * user copy before it moved to rep movsb. Unlike the library's loop it
 * walks the tail one piece at a time instead of by the bits of the count,
 * so small sizes show what that costs.
 * Input:    rdi = destination, rsi = count
 * Output:   rax = 0
 * Clobbers: rcx, rsi, rdi, flags
 * Faults:   none (the bench passes mapped buffers; no table entries)
 */
REF_FUNC(ref_clear_loop)
	xorl	%eax, %eax
	movq	%rsi, %rcx
	shrq	$6, %rcx		/* 64-byte blocks */
	jz	.Lclear_loop_quads
.Lclear_loop_block:
	STORE64
	addq	$64, %rdi
	decq	%rcx
	jnz	.Lclear_loop_block
.Lclear_loop_quads:
	movl	%esi, %ecx
	andl	$63, %ecx
	shrl	$3, %ecx		/* quadwords left, < 8 */
	jz	.Lclear_loop_bytes
.Lclear_loop_quad:
	movq	%rax, (%rdi)
	addq	$8, %rdi
	decl	%ecx
	jnz	.Lclear_loop_quad
.Lclear_loop_bytes:
	andl	$7, %esi		/* bytes left, < 8 */
	jz	.Lclear_loop_done
	CLEAR_BYTES decl, %esi
.Lclear_loop_done:
	ret
REF_END(ref_clear_loop)

/*
 * ref_copy_loop: the copy twin of ref_clear_loop; each 64-byte block moves
 * through r8..r11 in two halves of four loads then four stores.
 * Input:    rdi = destination, rsi = source, rdx = count
 * Output:   rax = 0
 * Clobbers: rcx, rdx, rsi, rdi, r8, r9, r10, r11, flags
 * Faults:   none (the bench passes mapped buffers; no table entries)
 */
REF_FUNC(ref_copy_loop)
	movq	%rdx, %rcx
	shrq	$6, %rcx		/* 64-byte blocks */
	jz	.Lcopy_loop_quads
.Lcopy_loop_block:
	COPY32	0
	COPY32	32
	addq	$64, %rsi
	addq	$64, %rdi
	decq	%rcx
	jnz	.Lcopy_loop_block
.Lcopy_loop_quads:
	movl	%edx, %ecx
	andl	$63, %ecx
	shrl	$3, %ecx		/* quadwords left, < 8 */
	jz	.Lcopy_loop_bytes
.Lcopy_loop_quad:
	movq	(%rsi), %r8
	movq	%r8, (%rdi)
	addq	$8, %rsi
	addq	$8, %rdi
	decl	%ecx
	jnz	.Lcopy_loop_quad
.Lcopy_loop_bytes:
	andl	$7, %edx		/* bytes left, < 8 */
	jz	.Lcopy_loop_done
	COPY_BYTES decl, %edx
.Lcopy_loop_done:
	xorl	%eax, %eax
	ret
REF_END(ref_copy_loop)

/*
 * ref_clear_rep: rep stosb alone, whatever the size. Its start-up cost at
 * small sizes is what the library's size thresholds are about.
 * Input:    rdi = destination, rsi = count
 * Output:   rax = 0
 * Clobbers: rcx, rdi, flags
 * Faults:   none (the bench passes mapped buffers; no table entries)
 */
REF_FUNC(ref_clear_rep)
	movq	%rsi, %rcx
	xorl	%eax, %eax
	rep stosb
	ret
REF_END(ref_clear_rep)

/*
 * ref_copy_rep: rep movsb alone, whatever the size.
 * Input:    rdi = destination, rsi = source, rdx = count
 * Output:   rax = 0
 * Clobbers: rcx, rsi, rdi, flags
 * Faults:   none (the bench passes mapped buffers; no table entries)
 */
REF_FUNC(ref_copy_rep)
	movq	%rdx, %rcx
	rep movsb
	xorl	%eax, %eax
	ret
REF_END(ref_copy_rep)

/*
 * ref_clear_repq: rep stosq for the whole quadwords, then a byte loop: the
 * usual choice where rep is fast but ERMS is missing. Below 8 bytes the
 * rep is skipped, since starting it costs more than the bytes.
 * Input:    rdi = destination, rsi = count
 * Output:   rax = 0
 * Clobbers: rcx, rsi, rdi, flags
 * Faults:   none (the bench passes mapped buffers; no table entries)
 */
REF_FUNC(ref_clear_repq)
	xorl	%eax, %eax
	movq	%rsi, %rcx
	shrq	$3, %rcx
	jz	.Lclear_repq_bytes
	rep stosq
.Lclear_repq_bytes:
	andl	$7, %esi		/* bytes left, < 8 */
	jz	.Lclear_repq_done
	CLEAR_BYTES decl, %esi
.Lclear_repq_done:
	ret
REF_END(ref_clear_repq)

/*
 * ref_copy_repq: rep movsq for the whole quadwords, then a byte loop.
 * Input:    rdi = destination, rsi = source, rdx = count
 * Output:   rax = 0
 * Clobbers: rcx, rdx, rsi, rdi, flags
 * Faults:   none (the bench passes mapped buffers; no table entries)
 */
REF_FUNC(ref_copy_repq)
	movq	%rdx, %rcx
	shrq	$3, %rcx
	jz	.Lcopy_repq_bytes
	rep movsq
.Lcopy_repq_bytes:
	andl	$7, %edx		/* bytes left, < 8 */
	jz	.Lcopy_repq_done
	COPY_BYTES decl, %edx
.Lcopy_repq_done:
	xorl	%eax, %eax
	ret
REF_END(ref_copy_repq)

/*
 * ref_clear_linux: the out-of-line clear that Linux 6.x calls from
 * clear_user() on a CPU without FSRS (rep_stos_alternative), written from
 * its documented behaviour: sizes below 8 byte by byte, below 64 one
 * quadword at a time then bytes, from 64 an unrolled loop of eight
 * quadword stores per 64 bytes, then the rest as below 64.
 * Input:    rdi = destination, rsi = count
 * Output:   rax = 0
 * Clobbers: rcx, rdi, flags
 * Faults:   none (the bench passes mapped buffers; no table entries)
 */
REF_FUNC(ref_clear_linux)
	xorl	%eax, %eax
	movq	%rsi, %rcx
	cmpq	$64, %rcx
	jae	.Lclear_linux_block
.Lclear_linux_small:			/* rcx < 64 */
	cmpl	$8, %ecx
	jae	.Lclear_linux_quad
	testl	%ecx, %ecx
	jz	.Lclear_linux_done
	CLEAR_BYTES decl, %ecx
.Lclear_linux_done:
	ret
.Lclear_linux_quad:
	movq	%rax, (%rdi)
	addq	$8, %rdi
	subl	$8, %ecx
	jmp	.Lclear_linux_small
.Lclear_linux_block:
	STORE64
	addq	$64, %rdi
	subq	$64, %rcx
	cmpq	$64, %rcx
	jae	.Lclear_linux_block
	jmp	.Lclear_linux_small
REF_END(ref_clear_linux)

/*
 * ref_copy_linux: the out-of-line copy that Linux 6.x calls from
 * copy_to_user() / copy_from_user() on a CPU with ERMS but without FSRM
 * (rep_movs_alternative), written from its documented behaviour: sizes
 * below 8 byte by byte, below 64 one quadword at a time then bytes, from
 * 64 a single rep movsb. (With FSRM Linux inlines rep movsb for every
 * size: ref_copy_rep.)
 * Input:    rdi = destination, rsi = source, rdx = count
 * Output:   rax = 0
 * Clobbers: rcx, rsi, rdi, r8, flags
 * Faults:   none (the bench passes mapped buffers; no table entries)
 */
REF_FUNC(ref_copy_linux)
	movq	%rdx, %rcx
	cmpq	$64, %rcx
	jae	.Lcopy_linux_rep
.Lcopy_linux_small:			/* rcx < 64 */
	cmpl	$8, %ecx
	jae	.Lcopy_linux_quad
	testl	%ecx, %ecx
	jz	.Lcopy_linux_done
	COPY_BYTES decl, %ecx
.Lcopy_linux_done:
	xorl	%eax, %eax
	ret
.Lcopy_linux_quad:
	movq	(%rsi), %r8
	movq	%r8, (%rdi)
	addq	$8, %rsi
	addq	$8, %rdi
	subl	$8, %ecx
	jmp	.Lcopy_linux_small
.Lcopy_linux_rep:
	rep movsb
	xorl	%eax, %eax
	ret
REF_END(ref_copy_linux)

	.section .note.GNU-stack, "", @progbits
