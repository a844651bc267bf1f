/* SPDX-License-Identifier: MIT */
/*
 * clear_user for x86-64, out of line. Every clear site (<uaccess/arch.h>)
 * calls _uaccess_asm_clear_user, which sends n >= UACCESS_CLEAR_SHORT_LIMIT
 * to the long clear (loop against bulk) and clears the rest as one size
 * class. No size is branched on twice. See <uaccess/bands.h>.
 *
 * Register use: rdi walks the user destination, rcx counts the bytes still
 * to clear (in the block loop: rdx the blocks, rcx the bytes after them),
 * rax holds zero (each entry sets it). The stack is not used.
 * These are not C functions: only the inline asm of <uaccess/arch.h> calls
 * them, and it names every register listed under Clobbers.
 *
 * Exactness: every store to user memory has an exception-table entry. A
 * faulting rep stosb leaves the exact count in rcx. Otherwise the registers
 * are advanced only after a group of stores completes, so when a store
 * faults, rdi/rcx (and in the loop rdx) still describe the start of its
 * group; the fixup clears byte by byte from there, that loop faults again
 * on exactly the first inaccessible byte, and rcx is then the count of
 * bytes not cleared. A store that faults writes nothing (x86 faults are
 * precise, also for a store that straddles two pages), so no byte at or
 * past the first inaccessible one is ever written.
 */
#include <uaccess/asm.h>
#include <uaccess/alternative.h>
#include <uaccess/bands.h>
#include <uaccess/extable.h>

/*
 * ZERO_LAST bytes: store zero to the last `bytes` (a multiple of 8) of the
 * rcx bytes at rdi, as quadwords in ascending order, each covered by the
 * table (.Lclear_bytes).
 */
.macro ZERO_LAST bytes
	.set .Lzloff, -\bytes
	.rept \bytes / 8
	UACCESS_USER(.Lclear_bytes, movq %rax, .Lzloff(%rdi, %rcx))
	.set .Lzloff, .Lzloff + 8
	.endr
.endm

/*
 * ZERO_QWORDS n[, fixup]: store zero (rax) to the n quadwords at rdi, in
 * ascending order, each covered by the table: a fault resumes at fixup
 * (.Lclear_bytes unless named).
 */
.macro ZERO_QWORDS count, fixup=.Lclear_bytes
	.set .Lzoff, 0
	.rept \count
	UACCESS_USER(\fixup, movq %rax, .Lzoff(%rdi))
	.set .Lzoff, .Lzoff + 8
	.endr
.endm

/*
 * CLEAR_BELOW_64: the classes of rcx < 64 (eax = 0), the same from either
 * entry: 0..7, 33..63 and 16..32 jump to theirs, 8..15 stores two
 * quadwords here.
 */
.macro CLEAR_BELOW_64
	cmpl	$8, %ecx
	jb	.Lclear_0_7
	cmpl	$32, %ecx
	ja	.Lclear_33_63
	cmpl	$16, %ecx
	jae	.Lclear_16_32
	UACCESS_USER(.Lclear_bytes, movq %rax, (%rdi))
	UACCESS_USER(.Lclear_bytes, movq %rax, -8(%rdi, %rcx))
	xorl	%ecx, %ecx
	ret
.endm

/*
 * _uaccess_asm_clear_user_bytes: byte by byte; also the finisher of every fixup.
 * Input:    rdi = user destination, rcx = byte count
 * Output:   rcx = bytes not cleared (0 on success)
 * Clobbers: rax, rdi, flags
 * Faults:   the byte store; its fixup returns with rcx = bytes not cleared.
 */
UACCESS_FUNC(_uaccess_asm_clear_user_bytes)
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
UACCESS_END(_uaccess_asm_clear_user_bytes)

/*
 * _uaccess_asm_clear_user: the entry. n >= UACCESS_CLEAR_SHORT_LIMIT jumps to
 * the long clear; below it (at most 128), one size class, no loop. It
 * starts a 64-byte line, where its short classes run fastest. A class
 * stores a head and a tail piece
 * of the same width that overlap in the middle: 33..63 bytes as 32 + 32,
 * 16..32 as 16 + 16 (32 as four stores, not eight), 8..15 as two
 * quadwords, 4..7 as two doublewords, 1..3 as
 * the bytes at 0, n / 2 and n - 1; 64..127 as 64 and a tail of 16 (below
 * 80), 32 (below 96) or 64, the shortest tail that reaches n. 64..127 is
 * tested first, one taken jump where there would be two; at most five
 * predicted branches pick a class.
 *
 * Exact although the pieces overlap: a class stores at most 127 bytes,
 * which span at most two pages, and its first store covers its first
 * byte. If the first page is inaccessible that store faults; if the second
 * is, every store that touches it faults and writes nothing (x86 faults
 * are precise, also for a store that straddles two pages), and every store
 * that succeeds lies below it. No register moves before the class's last
 * store, so the fixup finds rdi/rcx at the class's start.
 * Input:    rdi = user destination, rcx = byte count
 * Output:   rcx = bytes not cleared (0 on success)
 * Clobbers: rax, rdx, rdi, flags
 * Faults:   any store of a class; rdi/rcx still hold the class's start,
 *           and .Lclear_bytes finishes from there to the exact byte. The
 *           long clear's: as it says.
 */
	.p2align 6
UACCESS_FUNC(_uaccess_asm_clear_user)
	cmpq	$UACCESS_CLEAR_SHORT_LIMIT, %rcx
	jae	_uaccess_asm_clear_user_long
	xorl	%eax, %eax
	cmpl	$64, %ecx
	jae	.Lclear_64_127
	CLEAR_BELOW_64
.Lclear_16_32:
	ZERO_QWORDS 2
	UACCESS_USER(.Lclear_bytes, movq %rax, -16(%rdi, %rcx))
	UACCESS_USER(.Lclear_bytes, movq %rax, -8(%rdi, %rcx))
	xorl	%ecx, %ecx
	ret
.Lclear_33_63:
	ZERO_QWORDS 4
	UACCESS_USER(.Lclear_bytes, movq %rax, -32(%rdi, %rcx))
	UACCESS_USER(.Lclear_bytes, movq %rax, -24(%rdi, %rcx))
	UACCESS_USER(.Lclear_bytes, movq %rax, -16(%rdi, %rcx))
	UACCESS_USER(.Lclear_bytes, movq %rax, -8(%rdi, %rcx))
	xorl	%ecx, %ecx
	ret
.Lclear_64_127:			/* 64, then the last 16, 32 or 64 */
	ZERO_QWORDS 8
	cmpl	$80, %ecx
	jae	.Lclear_80_127
	UACCESS_USER(.Lclear_bytes, movq %rax, -16(%rdi, %rcx))
	UACCESS_USER(.Lclear_bytes, movq %rax, -8(%rdi, %rcx))
	xorl	%ecx, %ecx
	ret
.Lclear_80_127:
	UACCESS_USER(.Lclear_bytes, movq %rax, -32(%rdi, %rcx))
	UACCESS_USER(.Lclear_bytes, movq %rax, -24(%rdi, %rcx))
	UACCESS_USER(.Lclear_bytes, movq %rax, -16(%rdi, %rcx))
	UACCESS_USER(.Lclear_bytes, movq %rax, -8(%rdi, %rcx))
	cmpl	$96, %ecx
	jb	.Lclear_64_done
	UACCESS_USER(.Lclear_bytes, movq %rax, -64(%rdi, %rcx))
	UACCESS_USER(.Lclear_bytes, movq %rax, -56(%rdi, %rcx))
	UACCESS_USER(.Lclear_bytes, movq %rax, -48(%rdi, %rcx))
	UACCESS_USER(.Lclear_bytes, movq %rax, -40(%rdi, %rcx))
.Lclear_64_done:
	xorl	%ecx, %ecx
	ret
	.p2align 4		/* after a ret: padding that never runs */
.Lclear_0_7:
	testl	%ecx, %ecx
	jz	.Lclear_done
	cmpl	$4, %ecx
	jae	.Lclear_4_7
	movl	%ecx, %edx
	shrl	%edx
	UACCESS_USER(.Lclear_bytes, movb %al, (%rdi))
	UACCESS_USER(.Lclear_bytes, movb %al, (%rdi, %rdx))
	UACCESS_USER(.Lclear_bytes, movb %al, -1(%rdi, %rcx))
	xorl	%ecx, %ecx
	ret
.Lclear_4_7:
	UACCESS_USER(.Lclear_bytes, movl %eax, (%rdi))
	UACCESS_USER(.Lclear_bytes, movl %eax, -4(%rdi, %rcx))
	xorl	%ecx, %ecx
	ret
UACCESS_END(_uaccess_asm_clear_user)

/*
 * _uaccess_asm_clear_user_long: n >= UACCESS_CLEAR_SHORT_LIMIT.
 *   n < UACCESS_CLEAR_BULK: 64-byte blocks, counted (dec and jnz, as the
 *            copy's), then the 1..63 bytes after the last one: 1..16 as
 *            the 16 bytes that end at n, 17..32 as the 32 that end there
 *            (both reach back into the last block, which lies below them
 *            and was just cleared), 33..63 as the short clear's class;
 *   else the bulk site, patched at init: rep stosb with ERMS, rep stosq +
 *            tail with REP_GOOD, else the same blocks. With LATE_STOSB
 *            (the per-CPU table), a site in front of it sends
 *            n < UACCESS_CLEAR_BULK_LATE back to the blocks.
 * Input:    rdi = user destination, rcx = byte count >= UACCESS_CLEAR_SHORT_LIMIT
 * Output:   rcx = bytes not cleared (0 on success)
 * Clobbers: rax, rdx, rdi, flags
 * Faults:   a block store (rdi holds the block's start, rdx the blocks
 *           left, rcx the bytes after them: .Lclear_block_fault adds them
 *           up, .Lclear_bytes finishes); a class's or a tail's (rdi/rcx
 *           hold the bytes left, as above; a tail's 17..32 bytes lie in
 *           two pages at most, and what it stores below rdi is the last
 *           block's, accessible); rep
 *           stosb at the bulk site (the site's table entry, exact rcx); rep
 *           stosq (rcx counts quadwords: the fixup adds the tail,
 *           .Lclear_bytes finishes).
 */
UACCESS_FUNC(_uaccess_asm_clear_user_long)
	xorl	%eax, %eax
	cmpq	$UACCESS_CLEAR_BULK, %rcx
	jae	.Lclear_bulk
.Lclear_loop:			/* rcx >= 64 */
	movq	%rcx, %rdx
	shrq	$6, %rdx	/* whole blocks, >= 1 */
	andl	$63, %ecx
.Lclear_block:
	ZERO_QWORDS 8, .Lclear_block_fault
	addq	$64, %rdi
	decq	%rdx
	jnz	.Lclear_block
	testl	%ecx, %ecx	/* 0..63 left */
	jnz	.Lclear_after
	ret
.Lclear_after:
	cmpl	$16, %ecx
	ja	.Lclear_after_17
	UACCESS_USER(.Lclear_bytes, movq %rax, -16(%rdi, %rcx))
	UACCESS_USER(.Lclear_bytes, movq %rax, -8(%rdi, %rcx))
	xorl	%ecx, %ecx
	ret
.Lclear_after_17:
	cmpl	$32, %ecx
	ja	.Lclear_33_63
	UACCESS_USER(.Lclear_bytes, movq %rax, -32(%rdi, %rcx))
	UACCESS_USER(.Lclear_bytes, movq %rax, -24(%rdi, %rcx))
	UACCESS_USER(.Lclear_bytes, movq %rax, -16(%rdi, %rcx))
	UACCESS_USER(.Lclear_bytes, movq %rax, -8(%rdi, %rcx))
	xorl	%ecx, %ecx
	ret
.Lclear_block_fault:		/* rdi at the block, rdx blocks left */
	shlq	$6, %rdx
	addq	%rdx, %rcx
	jmp	.Lclear_bytes

.Lclear_bulk:
	ALTERNATIVE(UACCESS_ALT_CLEAR_LATE, , jmp32 .Lclear_late,
		UACCESS_FEAT_LATE_STOSB_BIT)
.Lclear_bulk_site:
	ALTERNATIVE_2_USER(UACCESS_ALT_BULK, jmp32 .Lclear_loop,
		jmp32 .Lclear_repq, UACCESS_FEAT_REP_GOOD_BIT,
		rep stosb, UACCESS_FEAT_ERMS_BIT, .Lclear_done)
	ret

.Lclear_late:
	cmpq	$UACCESS_CLEAR_BULK_LATE, %rcx
	jb	.Lclear_loop
	jmp	.Lclear_bulk_site

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
UACCESS_END(_uaccess_asm_clear_user_long)

	.section .note.GNU-stack, "", @progbits
