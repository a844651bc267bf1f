/* SPDX-License-Identifier: MIT */
/*
 * copy_to_user / copy_from_user for x86-64, out of line: one body serves
 * both directions, since either side may fault and the fixups do not care
 * which. Every copy site (<uaccess/arch.h>) calls _uaccess_asm_copy_user, which
 * makes each size decision once: a size class below 64 bytes, 64-byte
 * blocks below UACCESS_COPY_BULK, the patched bulk site above.
 *
 * Register use: rsi walks the source, rdi the destination, rcx counts the
 * bytes still to copy (in the block loop: rdx the blocks, rcx the bytes
 * after them); rax, rdx and r8..r11 carry data. The stack is not used.
 * These are not C functions: only the inline asm of <uaccess/arch.h> calls
 * them, and it names every register listed under Clobbers.
 *
 * Exactness: every load and store has an exception-table entry. A faulting
 * rep movsb leaves the exact count in rcx. Otherwise the pointers advance
 * only after a whole block, and a size class moves no register before its
 * last access, so a fault leaves rsi/rdi at the start of what is left (the
 * block loop's fixup rebuilds its count). The fixup copies byte by byte
 * from there; that loop faults again on exactly the first inaccessible
 * byte (unreadable source or unwritable destination). Copying some bytes a
 * second time is harmless: the same bytes land in the same places. Loads
 * never go past the end of the source range, so no user byte past the
 * first inaccessible one is ever read.
 */
#include <uaccess/asm.h>
#include <uaccess/alternative.h>
#include <uaccess/bands.h>
#include <uaccess/extable.h>

/*
 * COPY_BLOCK: copy the 64 bytes at rsi to rdi, four loads then four
 * stores at a time, in ascending order, each covered by the table: a
 * fault resumes at .Lcopy_block_fault.
 */
.macro COPY_BLOCK
	.set .Lcoff, 0
	.rept 2
	UACCESS_USER(.Lcopy_block_fault, movq .Lcoff(%rsi), %r8)
	UACCESS_USER(.Lcopy_block_fault, movq .Lcoff+8(%rsi), %r9)
	UACCESS_USER(.Lcopy_block_fault, movq .Lcoff+16(%rsi), %r10)
	UACCESS_USER(.Lcopy_block_fault, movq .Lcoff+24(%rsi), %r11)
	UACCESS_USER(.Lcopy_block_fault, movq %r8, .Lcoff(%rdi))
	UACCESS_USER(.Lcopy_block_fault, movq %r9, .Lcoff+8(%rdi))
	UACCESS_USER(.Lcopy_block_fault, movq %r10, .Lcoff+16(%rdi))
	UACCESS_USER(.Lcopy_block_fault, movq %r11, .Lcoff+24(%rdi))
	.set .Lcoff, .Lcoff + 32
	.endr
.endm

/* MOVE_USER insn: one load or store of a size class; a fault goes to .Lcopy_bytes. */
#define MOVE_USER(...) UACCESS_USER(.Lcopy_bytes, __VA_ARGS__)

/*
 * _uaccess_asm_copy_user_bytes: byte by byte; also the finisher of every fixup.
 * Input:    rdi = destination, rsi = source, rcx = byte count
 * Output:   rcx = bytes not copied (0 on success)
 * Clobbers: rax, rsi, rdi, flags
 * Faults:   the byte load and the byte store; their fixup returns with
 *           rcx = bytes not copied.
 */
UACCESS_FUNC(_uaccess_asm_copy_user_bytes)
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
UACCESS_END(_uaccess_asm_copy_user_bytes)

/*
 * _uaccess_asm_copy_user: the entry every copy site calls. Its first compare
 * sends n >= 128 on, then n >= 64:
 *   n < 64: one size class, no loop. A class copies a head and a tail
 *            piece of the same width that overlap in the middle: 33..63
 *            bytes as 32 + 32, 16..32 as 16 + 16, 8..15 as two quadwords,
 *            4..7 as two doublewords, 1..3 as the bytes at 0, n / 2 and
 *            n - 1. At most five predicted branches pick the class;
 *            16..32, which holds half the copies of the compile trace
 *            (32 bytes), takes one taken jump, 33..63 two; 32 bytes as
 *            four loads and stores, not the eight of 32 + 32.
 *   64 <= n <= 80: one block, and the 16 bytes that end at n, loaded
 *            before the block's second half is stored;
 *   80 < n < 128: one block, then the 17..63 bytes after it as a
 *            size class;
 *   128 <= n < UACCESS_COPY_BULK: 64-byte blocks, counted; then the
 *            1..63 bytes after the last one: 1..16 as the 16 bytes that
 *            end at n (reaching back into the last block, copied just
 *            before), 17..63 as a size class;
 *   else the bulk site, patched at init: rep movsb with ERMS, rep movsq +
 *            tail with REP_GOOD, else the same blocks.
 * Input:    rdi = destination, rsi = source, rcx = byte count
 * Output:   rcx = bytes not copied (0 on success)
 * Clobbers: rax, rdx, rsi, rdi, r8, r9, r10, r11, flags
 * Faults:   a load or store of a size class, of 64..80 bytes or of the
 *           16-byte tail (rsi/rdi/rcx hold the start and length of the
 *           bytes not yet copied: .Lcopy_bytes finishes); a
 *           block's (.Lcopy_block_fault adds the blocks left to rcx, then
 *           .Lcopy_bytes); rep movsb at the mid or the bulk site (the
 *           site's table entry, exact rcx); rep movsq (rcx counts
 *           quadwords: the fixup adds the tail, .Lcopy_bytes finishes).
 *
 * Order inside a class: every load comes before any store to the same
 * offset of the other buffer. When source and destination sit at the
 * same offset in their pages, as page-aligned buffers do, a load from an
 * offset just stored to matches that store in address bits 11:0 and waits
 * for it (4K aliasing), which the other order pays on every call.
 *
 * Why the classes (and 64..80, and the tail) are exact although their
 * pieces overlap and are not accessed in ascending order: they copy at
 * most 80 bytes, which span at most two pages, and every byte before them
 * was copied already (what the tail reaches back to, too). If the first
 * page is inaccessible, the first user access (the head load or the head
 * store, which covers the first byte) faults; if the second is, every
 * access that touches it faults and writes nothing (x86 faults are
 * precise, also for one that straddles two pages), and every access that
 * succeeds lies below it. Either way nothing at or past the first
 * inaccessible byte is read or written before the byte loop takes over.
 */
UACCESS_FUNC(_uaccess_asm_copy_user)
	cmpq	$128, %rcx
	jae	.Lcopy_above_128
	cmpl	$64, %ecx	/* the size classes cover n < 64 */
	jae	.Lcopy_long
.Lcopy_short:			/* rcx < 64 */
	cmpl	$8, %ecx
	jb	.Lcopy_0_7
	cmpl	$16, %ecx
	jae	.Lcopy_16_63
	MOVE_USER(movq (%rsi), %rax)
	MOVE_USER(movq -8(%rsi, %rcx), %rdx)
	MOVE_USER(movq %rax, (%rdi))
	MOVE_USER(movq %rdx, -8(%rdi, %rcx))
	xorl	%ecx, %ecx
	ret
.Lcopy_0_7:
	testl	%ecx, %ecx
	jz	.Lcopy_done
	cmpl	$4, %ecx
	jae	.Lcopy_4_7
	movl	%ecx, %edx
	shrl	%edx
	MOVE_USER(movzbl (%rsi), %eax)
	MOVE_USER(movzbl (%rsi, %rdx), %r8d)
	MOVE_USER(movzbl -1(%rsi, %rcx), %r9d)
	MOVE_USER(movb %al, (%rdi))
	MOVE_USER(movb %r8b, (%rdi, %rdx))
	MOVE_USER(movb %r9b, -1(%rdi, %rcx))
	xorl	%ecx, %ecx
	ret
.Lcopy_4_7:
	MOVE_USER(movl (%rsi), %eax)
	MOVE_USER(movl -4(%rsi, %rcx), %edx)
	MOVE_USER(movl %eax, (%rdi))
	MOVE_USER(movl %edx, -4(%rdi, %rcx))
	xorl	%ecx, %ecx
	ret
.Lcopy_16_63:
	MOVE_USER(movq (%rsi), %rax)
	MOVE_USER(movq 8(%rsi), %rdx)
	cmpl	$32, %ecx
	ja	.Lcopy_33_63
	MOVE_USER(movq -16(%rsi, %rcx), %r8)
	MOVE_USER(movq -8(%rsi, %rcx), %r9)
	MOVE_USER(movq %rax, (%rdi))
	MOVE_USER(movq %rdx, 8(%rdi))
	MOVE_USER(movq %r8, -16(%rdi, %rcx))
	MOVE_USER(movq %r9, -8(%rdi, %rcx))
	xorl	%ecx, %ecx
	ret
.Lcopy_33_63:			/* rax, rdx hold bytes 0..15 */
	MOVE_USER(movq -32(%rsi, %rcx), %r8)
	MOVE_USER(movq -24(%rsi, %rcx), %r9)
	MOVE_USER(movq -16(%rsi, %rcx), %r10)
	MOVE_USER(movq -8(%rsi, %rcx), %r11)
	MOVE_USER(movq %rax, (%rdi))
	MOVE_USER(movq %rdx, 8(%rdi))
	MOVE_USER(movq 16(%rsi), %rax)
	MOVE_USER(movq 24(%rsi), %rdx)
	MOVE_USER(movq %rax, 16(%rdi))
	MOVE_USER(movq %rdx, 24(%rdi))
	MOVE_USER(movq %r8, -32(%rdi, %rcx))
	MOVE_USER(movq %r9, -24(%rdi, %rcx))
	MOVE_USER(movq %r10, -16(%rdi, %rcx))
	MOVE_USER(movq %r11, -8(%rdi, %rcx))
	xorl	%ecx, %ecx
	ret

/*
 * Blocks: a counted loop (rdx blocks, dec and jnz), cheaper than one that
 * compares the byte count each time; 64..80 bytes as one block and a
 * 16-byte tail, cheaper than a block and a size class. From 128 the
 * 1..16 bytes after the blocks are that tail too, reaching back: no
 * setup that keeps a last block back for the 64..80 path.
 */
.Lcopy_long:			/* 64 <= rcx < 128 */
	cmpl	$80, %ecx
	jbe	.Lcopy_64_80
	/* 81..127: a block, then 17..63 bytes: a size class */
	subl	$64, %ecx
	movl	$1, %edx	/* for .Lcopy_block_fault */
	COPY_BLOCK
	addq	$64, %rsi
	addq	$64, %rdi
	jmp	.Lcopy_16_63	/* 17..63 left */
.Lcopy_64_80:
	MOVE_USER(movq (%rsi), %r8)
	MOVE_USER(movq 8(%rsi), %r9)
	MOVE_USER(movq 16(%rsi), %r10)
	MOVE_USER(movq 24(%rsi), %r11)
	MOVE_USER(movq %r8, (%rdi))
	MOVE_USER(movq %r9, 8(%rdi))
	MOVE_USER(movq %r10, 16(%rdi))
	MOVE_USER(movq %r11, 24(%rdi))
	MOVE_USER(movq 32(%rsi), %r8)
	MOVE_USER(movq 40(%rsi), %r9)
	MOVE_USER(movq 48(%rsi), %r10)
	MOVE_USER(movq 56(%rsi), %r11)
	MOVE_USER(movq -16(%rsi, %rcx), %rax)
	MOVE_USER(movq -8(%rsi, %rcx), %rdx)
	MOVE_USER(movq %r8, 32(%rdi))
	MOVE_USER(movq %r9, 40(%rdi))
	MOVE_USER(movq %r10, 48(%rdi))
	MOVE_USER(movq %r11, 56(%rdi))
	MOVE_USER(movq %rax, -16(%rdi, %rcx))
	MOVE_USER(movq %rdx, -8(%rdi, %rcx))
	xorl	%ecx, %ecx
	ret
	/*
	 * From 128 bytes: the entry's first compare jumps here and the bulk
	 * test falls through into the loop's setup, one taken jump from the
	 * entry to the blocks, where three would cost more. It starts on a
	 * 64-byte boundary, after padding
	 * that never runs (nothing falls through into it): the loop's cost
	 * at 128..640 bytes moves by up to a sixth with the placement of the
	 * code before it.
	 */
	.p2align 6
.Lcopy_above_128:
	cmpq	$UACCESS_COPY_BULK, %rcx
	jae	.Lcopy_bulk
.Lcopy_loop:
	movq	%rcx, %rdx
	shrq	$6, %rdx	/* whole blocks, >= 2 */
	andl	$63, %ecx
.Lcopy_block:
	COPY_BLOCK
	addq	$64, %rsi
	addq	$64, %rdi
	decq	%rdx
	jnz	.Lcopy_block
	testl	%ecx, %ecx	/* 0..63 left */
	jnz	.Lcopy_after
	ret
.Lcopy_after:
	cmpl	$16, %ecx
	ja	.Lcopy_16_63	/* 17..63: a size class */
	MOVE_USER(movq -16(%rsi, %rcx), %rax)
	MOVE_USER(movq -8(%rsi, %rcx), %rdx)
	MOVE_USER(movq %rax, -16(%rdi, %rcx))
	MOVE_USER(movq %rdx, -8(%rdi, %rcx))
	xorl	%ecx, %ecx
	ret
.Lcopy_block_fault:		/* rsi/rdi at the block, rdx blocks left */
	shlq	$6, %rdx
	addq	%rdx, %rcx
	jmp	.Lcopy_bytes

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
UACCESS_END(_uaccess_asm_copy_user)

	.section .note.GNU-stack, "", @progbits
