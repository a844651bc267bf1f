/* SPDX-License-Identifier: MIT */
/*
 * clear_user for x86-64, out of line. The inline code in <uaccess/arch.h>
 * decides short (n < UACCESS_CLEAR_SHORT_LIMIT) against long, and either runs
 * rep stosb in place (FSRM) or calls one of the entry points below; the
 * long entry makes the one remaining decision, loop against bulk. No size
 * is tested twice. See <uaccess/bands.h> for the limits.
 *
 * Register use: rdi walks the user destination, rcx counts the bytes still
 * to clear, rax holds zero (each entry sets it). The stack is not used.
 * These are not C functions: only the inline asm of <uaccess/arch.h> calls
 * them, and it names every register listed under Clobbers.
 *
 * Exactness: every store to user memory has an exception-table entry. A
 * faulting rep stosb leaves the exact count in rcx. Otherwise the registers
 * are advanced only after a group of stores completes, so when a store
 * faults, rdi/rcx still describe the start of its group; the fixup clears
 * byte by byte from there, that loop faults again on exactly the first
 * inaccessible byte, and rcx is then the count of bytes not cleared. A store
 * that faults writes nothing (x86 faults are precise, also for a store that
 * straddles two pages), so no byte at or past the first inaccessible one is
 * ever written.
 */
#include <uaccess/asm.h>
#include <uaccess/alternative.h>
#include <uaccess/bands.h>
#include <uaccess/extable.h>

/*
 * ZERO_QWORDS n: store zero (rax) to the n quadwords at rdi, in ascending
 * order, each covered by the table: a fault resumes at .Lclear_bytes.
 */
.macro ZERO_QWORDS count
	.set .Lzoff, 0
	.rept \count
	UACCESS_USER(.Lclear_bytes, movq %rax, .Lzoff(%rdi))
	.set .Lzoff, .Lzoff + 8
	.endr
.endm

/*
 * _uaccess_clear_user_bytes: byte by byte; also the finisher of every fixup.
 * Input:    rdi = user destination, rcx = byte count
 * Output:   rcx = bytes not cleared (0 on success)
 * Clobbers: rax, rdi, flags
 * Faults:   the byte store; its fixup returns with rcx = bytes not cleared.
 */
FUNC(_uaccess_clear_user_bytes)
	xorl	%eax, %eax
.Lclear_bytes:			/* entered with al = 0 */
	testq	%rcx, %rcx
	jz	.Lclear_done
.Lclear_byte_loop:
	UACCESS_USER(.Lclear_done, movb %al, (%rdi))
	incq	%rdi
	decq	%rcx
	jnz	.Lclear_byte_loop
.Lclear_done:
	ret
END(_uaccess_clear_user_bytes)

/*
 * _uaccess_clear_user_short: n < UACCESS_CLEAR_SHORT_LIMIT (at most 128),
 * one group of stores per set bit of n (64, 32, 16, 8, 4, 2, 1), largest
 * first, no loop.
 * Input:    rdi = user destination, rcx = byte count < UACCESS_CLEAR_SHORT_LIMIT
 * Output:   rcx = bytes not cleared (0 on success)
 * Clobbers: rax, rdi, flags
 * Faults:   any store; rdi/rcx still hold the start of its group, and
 *           .Lclear_bytes finishes from there to the exact byte.
 */
FUNC(_uaccess_clear_user_short)
	xorl	%eax, %eax
.Lclear_tail64:			/* rcx < 128 */
	testb	$64, %cl
	jz	.Lclear_tail32
	ZERO_QWORDS 8
	addq	$64, %rdi
	subl	$64, %ecx
.Lclear_tail32:			/* rcx < 64 */
	testb	$32, %cl
	jz	.Lclear_tail16
	ZERO_QWORDS 4
	addq	$32, %rdi
	subl	$32, %ecx
.Lclear_tail16:
	testb	$16, %cl
	jz	.Lclear_tail8
	ZERO_QWORDS 2
	addq	$16, %rdi
	subl	$16, %ecx
.Lclear_tail8:
	testb	$8, %cl
	jz	.Lclear_tail4
	UACCESS_USER(.Lclear_bytes, movq %rax, (%rdi))
	addq	$8, %rdi
	subl	$8, %ecx
.Lclear_tail4:
	testb	$4, %cl
	jz	.Lclear_tail2
	UACCESS_USER(.Lclear_bytes, movl %eax, (%rdi))
	addq	$4, %rdi
	subl	$4, %ecx
.Lclear_tail2:
	testb	$2, %cl
	jz	.Lclear_tail1
	UACCESS_USER(.Lclear_bytes, movw %ax, (%rdi))
	addq	$2, %rdi
	subl	$2, %ecx
.Lclear_tail1:
	testb	$1, %cl
	jz	.Lclear_done
	UACCESS_USER(.Lclear_bytes, movb %al, (%rdi))
	xorl	%ecx, %ecx
	ret
END(_uaccess_clear_user_short)

/*
 * _uaccess_clear_user_long: n >= UACCESS_CLEAR_SHORT_LIMIT.
 *   n < UACCESS_CLEAR_BULK: 64-byte blocks, the last one ending at n (it
 *            overlaps the one before: no tail code, no branch per bit);
 *   else the bulk site, patched at init: rep stosb with ERMS, rep stosq +
 *            tail with REP_GOOD, else the 64-byte loop.
 * The overlapping block stores some bytes twice, in ascending order of
 * first store, so a fault still leaves nothing written at or past it.
 * The first block is stored whole, hence n >= 64 (<uaccess/bands.h>).
 *
 * Two fixed 128-byte groups for 128 <= n < 256 (no branch on n) were
 * dropped: faster on random sizes, but twice the stores at n = 128.
 * Input:    rdi = user destination, rcx = byte count >= UACCESS_CLEAR_SHORT_LIMIT
 * Output:   rcx = bytes not cleared (0 on success)
 * Clobbers: rax, rdx, rdi, flags
 * Faults:   a group store (rdi/rcx hold the group's start and length to the
 *           end, .Lclear_bytes finishes); rep stosb at the bulk site (the
 *           site's table entry, exact rcx); rep stosq (rcx counts
 *           quadwords: the fixup adds the tail, .Lclear_bytes finishes).
 */
FUNC(_uaccess_clear_user_long)
	xorl	%eax, %eax
	cmpq	$UACCESS_CLEAR_BULK, %rcx
	jae	.Lclear_bulk
.Lclear_loop:			/* rcx >= 64 */
	ZERO_QWORDS 8
	addq	$64, %rdi
	subq	$64, %rcx
	cmpq	$64, %rcx
	ja	.Lclear_loop
	/* 1..64 bytes left: one block ending at the end of the range */
	leaq	-64(%rdi, %rcx), %rdi
	movl	$64, %ecx
	ZERO_QWORDS 8
	xorl	%ecx, %ecx
	ret

.Lclear_bulk:
	ALTERNATIVE_2_USER(UACCESS_ALT_BULK, jmp32 .Lclear_loop,
		jmp32 .Lclear_repq, UACCESS_FEAT_REP_GOOD_BIT,
		rep stosb, UACCESS_FEAT_ERMS_BIT, .Lclear_done)
	ret

.Lclear_repq:
	movl	%ecx, %edx
	andl	$7, %edx
	shrq	$3, %rcx
	UACCESS_USER(.Lclear_repq_fault, rep stosq)
	movl	%edx, %ecx
	jmp	.Lclear_bytes
.Lclear_repq_fault:
	leaq	(%rdx, %rcx, 8), %rcx
	jmp	.Lclear_bytes
END(_uaccess_clear_user_long)

	.section .note.GNU-stack, "", @progbits
