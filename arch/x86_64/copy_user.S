/* SPDX-License-Identifier: MIT */
/*
 * copy_to_user / copy_from_user for x86-64, out of line: one body serves
 * both directions, since either side may fault and the fixups do not care
 * which. Structured like clear_user.S: the inline code in <uaccess/arch.h>
 * decides short (n < UACCESS_COPY_SHORT_LIMIT) against long, the long entry
 * decides loop against bulk.
 *
 * Register use: rsi walks the source, rdi the destination, rcx counts the
 * bytes still to copy; rax and r8..r11 carry data. The stack is not used.
 * These are not C functions: only the inline asm of <uaccess/arch.h> calls
 * them, and it names every register listed under Clobbers.
 *
 * Exactness: every load and store has an exception-table entry. A faulting
 * rep movsb leaves the exact count in rcx. Otherwise the pointers and count
 * advance only after a whole group of loads and stores, so a fault leaves
 * rsi/rdi/rcx at the start of its group. The fixup copies byte by byte from
 * there; that loop faults again on exactly the first inaccessible byte
 * (unreadable source or unwritable destination). Copying a group's first
 * bytes a second time is harmless: the same bytes land in the same places.
 * Loads never go past the end of the source range, so no user byte that is
 * not copied is ever read.
 */
#include <uaccess/asm.h>
#include <uaccess/alternative.h>
#include <uaccess/bands.h>
#include <uaccess/extable.h>

/*
 * COPY_QWORDS n (a multiple of 4): copy n quadwords from rsi to rdi, four
 * loads then four stores at a time, in ascending order, each covered by the
 * table: a fault resumes at .Lcopy_bytes.
 */
.macro COPY_QWORDS count
	.set .Lcoff, 0
	.rept \count / 4
	UACCESS_USER(.Lcopy_bytes, movq .Lcoff(%rsi), %r8)
	UACCESS_USER(.Lcopy_bytes, movq .Lcoff+8(%rsi), %r9)
	UACCESS_USER(.Lcopy_bytes, movq .Lcoff+16(%rsi), %r10)
	UACCESS_USER(.Lcopy_bytes, movq .Lcoff+24(%rsi), %r11)
	UACCESS_USER(.Lcopy_bytes, movq %r8, .Lcoff(%rdi))
	UACCESS_USER(.Lcopy_bytes, movq %r9, .Lcoff+8(%rdi))
	UACCESS_USER(.Lcopy_bytes, movq %r10, .Lcoff+16(%rdi))
	UACCESS_USER(.Lcopy_bytes, movq %r11, .Lcoff+24(%rdi))
	.set .Lcoff, .Lcoff + 32
	.endr
.endm

/*
 * _uaccess_copy_user_bytes: byte by byte; also the finisher of every fixup.
 * Input:    rdi = destination, rsi = source, rcx = byte count
 * Output:   rcx = bytes not copied (0 on success)
 * Clobbers: rax, rsi, rdi, flags
 * Faults:   the byte load and the byte store; their fixup returns with
 *           rcx = bytes not copied.
 */
FUNC(_uaccess_copy_user_bytes)
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
END(_uaccess_copy_user_bytes)

/*
 * _uaccess_copy_user_short: n < UACCESS_COPY_SHORT_LIMIT (64), one group of
 * loads and stores per set bit of n (32, 16, 8, 4, 2, 1), largest first,
 * no loop. Without FSRM only: with it the inline site runs rep movsb
 * instead, since on random sizes this routine mispredicts about one branch
 * in two. A branch-free form (every group runs, its pointers switched to a
 * scratch area when its bit is clear) was dropped: too many instructions
 * to beat rep movsb at any size.
 * Input:    rdi = destination, rsi = source, rcx = count < 64
 * Output:   rcx = bytes not copied (0 on success)
 * Clobbers: rax, rsi, rdi, r8, r9, r10, r11, flags
 * Faults:   any load or store; rsi/rdi/rcx still hold the start of its
 *           group, and .Lcopy_bytes finishes from there to the exact byte.
 */
FUNC(_uaccess_copy_user_short)
	testb	$32, %cl
	jz	.Lcopy_tail16
	COPY_QWORDS 4
	addq	$32, %rsi
	addq	$32, %rdi
	subl	$32, %ecx
.Lcopy_tail16:
	testb	$16, %cl
	jz	.Lcopy_tail8
	UACCESS_USER(.Lcopy_bytes, movq 0(%rsi), %r8)
	UACCESS_USER(.Lcopy_bytes, movq 8(%rsi), %r9)
	UACCESS_USER(.Lcopy_bytes, movq %r8, 0(%rdi))
	UACCESS_USER(.Lcopy_bytes, movq %r9, 8(%rdi))
	addq	$16, %rsi
	addq	$16, %rdi
	subl	$16, %ecx
.Lcopy_tail8:
	testb	$8, %cl
	jz	.Lcopy_tail4
	UACCESS_USER(.Lcopy_bytes, movq (%rsi), %r8)
	UACCESS_USER(.Lcopy_bytes, movq %r8, (%rdi))
	addq	$8, %rsi
	addq	$8, %rdi
	subl	$8, %ecx
.Lcopy_tail4:
	testb	$4, %cl
	jz	.Lcopy_tail2
	UACCESS_USER(.Lcopy_bytes, movl (%rsi), %r8d)
	UACCESS_USER(.Lcopy_bytes, movl %r8d, (%rdi))
	addq	$4, %rsi
	addq	$4, %rdi
	subl	$4, %ecx
.Lcopy_tail2:
	testb	$2, %cl
	jz	.Lcopy_tail1
	UACCESS_USER(.Lcopy_bytes, movw (%rsi), %r8w)
	UACCESS_USER(.Lcopy_bytes, movw %r8w, (%rdi))
	addq	$2, %rsi
	addq	$2, %rdi
	subl	$2, %ecx
.Lcopy_tail1:
	testb	$1, %cl
	jz	.Lcopy_done
	UACCESS_USER(.Lcopy_bytes, movb (%rsi), %al)
	UACCESS_USER(.Lcopy_bytes, movb %al, (%rdi))
	xorl	%ecx, %ecx
	ret
END(_uaccess_copy_user_short)

/*
 * _uaccess_copy_user_long: n >= UACCESS_COPY_SHORT_LIMIT (64).
 *   n < UACCESS_COPY_BULK: 64-byte blocks, the last one ending at n (it
 *            overlaps the one before: no tail code, no branch per bit);
 *   else the bulk site, patched at init: rep movsb with ERMS, rep movsq +
 *            tail with REP_GOOD, else the 64-byte loop.
 * The overlapping block copies some bytes twice (the same bytes to the same
 * places), in ascending order of first access, so a fault still leaves
 * nothing read or written at or past it. The last block starts 64 bytes
 * before the end, hence n >= 64 (<uaccess/bands.h>).
 * Input:    rdi = destination, rsi = source, rcx = count >= 64
 * Output:   rcx = bytes not copied (0 on success)
 * Clobbers: rax, rdx, rsi, rdi, r8, r9, r10, r11, flags
 * Faults:   a group load or store (rsi/rdi/rcx hold the group's start and
 *           length to the end, .Lcopy_bytes finishes); rep movsb at the
 *           bulk site (the site's table entry, exact rcx); rep movsq (rcx
 *           counts quadwords: the fixup adds the tail, .Lcopy_bytes
 *           finishes).
 */
FUNC(_uaccess_copy_user_long)
	cmpq	$UACCESS_COPY_BULK, %rcx
	jae	.Lcopy_bulk
	cmpq	$64, %rcx
	jbe	.Lcopy_last
.Lcopy_loop:			/* rcx >= 64 */
	COPY_QWORDS 8
	addq	$64, %rsi
	addq	$64, %rdi
	subq	$64, %rcx
	cmpq	$64, %rcx
	ja	.Lcopy_loop
.Lcopy_last:	/* 1..64 bytes left: one block ending at the end of the range */
	leaq	-64(%rsi, %rcx), %rsi
	leaq	-64(%rdi, %rcx), %rdi
	movl	$64, %ecx
	COPY_QWORDS 8
	xorl	%ecx, %ecx
	ret

.Lcopy_bulk:
	ALTERNATIVE_2_USER(UACCESS_ALT_BULK, jmp32 .Lcopy_loop,
		jmp32 .Lcopy_repq, UACCESS_FEAT_REP_GOOD_BIT,
		rep movsb, UACCESS_FEAT_ERMS_BIT, .Lcopy_done)
	ret

.Lcopy_repq:
	movl	%ecx, %edx
	andl	$7, %edx
	shrq	$3, %rcx
	UACCESS_USER(.Lcopy_repq_fault, rep movsq)
	movl	%edx, %ecx
	jmp	.Lcopy_bytes
.Lcopy_repq_fault:
	leaq	(%rdx, %rcx, 8), %rcx
	jmp	.Lcopy_bytes
END(_uaccess_copy_user_long)

	.section .note.GNU-stack, "", @progbits
