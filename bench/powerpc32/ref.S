/* SPDX-License-Identifier: MIT */
/*
 * Reference loops for the PowerPC32 benchmark, for comparison only: the
 * plain word loops 32-bit PowerPC kernels cleared and copied user memory
 * with before dcbz (one stwu, or one lwzu and one stwu, and a bdnz per
 * word), and byte loops as the floor. No exception table, no access_ok:
 * the benchmark passes mapped memory only.
 *
 * Register use: the SysV ABI, as the library's routines. r3 = destination;
 * for a clear r4 = count, for a copy r4 = source and r5 = count. Only
 * volatile registers are touched. Every function returns 0 in r3, the
 * library's "bytes not done" on success, so the benchmark treats all
 * columns alike. The update forms (stwu, lwzu, stbu, lbzu) keep each
 * pointer at "next address - access size", so a loop body is the access
 * and the bdnz: the shortest loop a word or byte strategy has.
 *
 * count.py checks its own method against these loops, whose instruction
 * counts follow from the code: for a word-aligned destination and n a
 * multiple of 4 (n >= 4), ref_clear_words runs 16 + n / 2 instructions and
 * ref_copy_words 18 + 3n / 4; for any n >= 1, ref_clear_bytes runs 7 + 2n
 * and ref_copy_bytes 7 + 3n. A change here must change EXPECTED there.
 *
 * ref_linux_clear and ref_linux_copy are Linux-shaped references, written
 * here from a description of the 32-bit Linux routines (not from their
 * source): the line is the build's UACCESS_DCBZ_LINE, and they use dcbz,
 * so the benchmark runs them only where dcbz clears exactly that line.
 * Their short paths store whole words to a misaligned destination, which
 * the library never does (docs/DECISIONS.md says why).
 */
#include <uaccess/dcbz.h>

#define L	_UACCESS_LINE
#define LG	_UACCESS_LINE_SHIFT
#define LINUX_PREFETCH	4	/* source lines dcbt runs ahead of the copy */

#define REF_ALIGN	5
#include "ref_asm.h"

/*
 * ref_clear_words: bytes to a word boundary, one stwu per word, bytes.
 * Input:    r3 = destination, r4 = count
 * Output:   r3 = 0
 * Clobbers: r0, r4..r6, ctr, cr0
 * Faults:   none (the bench passes mapped buffers; no table entries)
 */
REF_FUNC(ref_clear_words)
	li	%r0, 0
	subi	%r6, %r3, 1		/* stbu pre-increments: next - 1 */
	cmplwi	%r4, 4
	blt	.Lcw_tail
	neg	%r5, %r3
	andi.	%r5, %r5, 3		/* bytes to a word boundary */
	beq	.Lcw_words
	mtctr	%r5
	subf	%r4, %r5, %r4
.Lcw_head:
	stbu	%r0, 1(%r6)
	bdnz	.Lcw_head
.Lcw_words:
	srwi.	%r5, %r4, 2
	beq	.Lcw_tail
	mtctr	%r5
	subi	%r6, %r6, 3		/* stwu: next - 4 */
.Lcw_loop:
	stwu	%r0, 4(%r6)
	bdnz	.Lcw_loop
	addi	%r6, %r6, 3		/* back to next - 1 */
.Lcw_tail:
	andi.	%r4, %r4, 3
	beq	.Lcw_done
	mtctr	%r4
.Lcw_tail_loop:
	stbu	%r0, 1(%r6)
	bdnz	.Lcw_tail_loop
.Lcw_done:
	li	%r3, 0
	blr
REF_END(ref_clear_words)

/*
 * ref_copy_words: bytes to a destination word boundary, one lwzu and one
 * stwu per word (the source may be misaligned: big-endian PowerPC loads
 * it in hardware), bytes.
 * Input:    r3 = destination, r4 = source, r5 = count
 * Output:   r3 = 0
 * Clobbers: r0, r4..r7, ctr, cr0
 * Faults:   none (the bench passes mapped buffers; no table entries)
 */
REF_FUNC(ref_copy_words)
	subi	%r6, %r3, 1		/* update forms: next - 1 on both sides */
	subi	%r4, %r4, 1
	cmplwi	%r5, 4
	blt	.Lpw_tail
	neg	%r7, %r3
	andi.	%r7, %r7, 3		/* bytes to a word boundary */
	beq	.Lpw_words
	mtctr	%r7
	subf	%r5, %r7, %r5
.Lpw_head:
	lbzu	%r0, 1(%r4)
	stbu	%r0, 1(%r6)
	bdnz	.Lpw_head
.Lpw_words:
	srwi.	%r7, %r5, 2
	beq	.Lpw_tail
	mtctr	%r7
	subi	%r6, %r6, 3		/* lwzu/stwu: next - 4 */
	subi	%r4, %r4, 3
.Lpw_loop:
	lwzu	%r0, 4(%r4)
	stwu	%r0, 4(%r6)
	bdnz	.Lpw_loop
	addi	%r6, %r6, 3		/* back to next - 1 */
	addi	%r4, %r4, 3
.Lpw_tail:
	andi.	%r5, %r5, 3
	beq	.Lpw_done
	mtctr	%r5
.Lpw_tail_loop:
	lbzu	%r0, 1(%r4)
	stbu	%r0, 1(%r6)
	bdnz	.Lpw_tail_loop
.Lpw_done:
	li	%r3, 0
	blr
REF_END(ref_copy_words)

/*
 * ref_clear_bytes: one stbu per byte.
 * Input:    r3 = destination, r4 = count
 * Output:   r3 = 0
 * Clobbers: r0, r6, ctr, cr0
 * Faults:   none (the bench passes mapped buffers; no table entries)
 */
REF_FUNC(ref_clear_bytes)
	cmplwi	%r4, 0
	beq	.Lcb_done
	li	%r0, 0
	subi	%r6, %r3, 1
	mtctr	%r4
.Lcb_loop:
	stbu	%r0, 1(%r6)
	bdnz	.Lcb_loop
.Lcb_done:
	li	%r3, 0
	blr
REF_END(ref_clear_bytes)

/*
 * ref_copy_bytes: one lbzu and one stbu per byte.
 * Input:    r3 = destination, r4 = source, r5 = count
 * Output:   r3 = 0
 * Clobbers: r0, r4, r6, ctr, cr0
 * Faults:   none (the bench passes mapped buffers; no table entries)
 */
REF_FUNC(ref_copy_bytes)
	cmplwi	%r5, 0
	beq	.Lpb_done
	subi	%r6, %r3, 1
	subi	%r4, %r4, 1
	mtctr	%r5
.Lpb_loop:
	lbzu	%r0, 1(%r4)
	stbu	%r0, 1(%r6)
	bdnz	.Lpb_loop
.Lpb_done:
	li	%r3, 0
	blr
REF_END(ref_copy_bytes)

/*
 * ref_linux_clear: a Linux-shaped clear. Below 4 bytes a byte loop; else
 * one word at the destination whatever its alignment, then from the word
 * below it: words (stwu) to the end of that line, dcbz over every whole
 * line after it, words and bytes (stbu) for the rest; a range that holds
 * no whole line after its first one gets words and bytes only.
 * Input:    r3 = destination, r4 = count
 * Output:   r3 = 0
 * Clobbers: r0, r6..r11, ctr, cr0
 * Faults:   none (the bench passes mapped buffers; no table entries)
 */
REF_FUNC(ref_linux_clear)
	cmplwi	%r4, 4
	mr	%r10, %r3
	li	%r3, 0
	blt	.Llz_short
	stw	%r3, 0(%r10)		/* misaligned when the destination is */
	beqlr				/* n == 4 */
	andi.	%r0, %r10, 3
	add	%r11, %r0, %r4		/* bytes from the word below the start */
	subf	%r6, %r0, %r10		/* that word: stwu pointer, last done */
	clrlwi	%r7, %r6, 32 - LG
	add	%r8, %r7, %r11		/* the end, from that word's line */
	srwi	%r9, %r8, LG
	addic.	%r9, %r9, -1		/* whole lines after the first */
	ble	.Llz_words
	xori	%r0, %r7, (L - 1) & ~3
	srwi.	%r0, %r0, 2		/* words left in the first line */
	beq	.Llz_lines
	mtctr	%r0
.Llz_head:
	stwu	%r3, 4(%r6)
	bdnz	.Llz_head
.Llz_lines:
	mtctr	%r9
	li	%r7, 4
.Llz_line:
	dcbz	%r7, %r6
	addi	%r6, %r6, L
	bdnz	.Llz_line
	clrlwi	%r11, %r8, 32 - LG	/* the tail, plus the word at r6 */
	addi	%r11, %r11, 4
.Llz_words:				/* r11: bytes from r6, its word done */
	srwi	%r0, %r11, 2
	mtctr	%r0
	bdz	.Llz_bytes
.Llz_word:
	stwu	%r3, 4(%r6)
	bdnz	.Llz_word
.Llz_bytes:
	andi.	%r11, %r11, 3
	beqlr
	mtctr	%r11
	addi	%r6, %r6, 3
.Llz_byte:
	stbu	%r3, 1(%r6)
	bdnz	.Llz_byte
	blr
.Llz_short:
	cmpwi	%r4, 0
	beqlr
	mtctr	%r4
	addi	%r6, %r10, -1
.Llz_short_byte:
	stbu	%r3, 1(%r6)
	bdnz	.Llz_short_byte
	blr
REF_END(ref_linux_clear)

/* 16 bytes from 4(r4) to 4(r6), both pointers advanced by the last pair. */
.macro linux_copy16
	lwz	%r7, 4(%r4)
	lwz	%r8, 8(%r4)
	lwz	%r9, 12(%r4)
	lwzu	%r10, 16(%r4)
	stw	%r7, 4(%r6)
	stw	%r8, 8(%r6)
	stw	%r9, 12(%r6)
	stwu	%r10, 16(%r6)
.endm

/*
 * ref_linux_copy: a Linux-shaped copy. Both pointers run 4 below the next
 * byte (update forms). If the range reaches the destination's next line
 * boundary: bytes to a word boundary, words (lwzu/stwu) to the line; else
 * straight to the word loop, which then stores words at whatever alignment
 * the destination has. The line loop: dcbt LINUX_PREFETCH lines ahead
 * (after a first run of dcbt over the lines in between), dcbz of the
 * destination line, the line in groups of 16 bytes; its last lines run a
 * second pass that still prefetches, past the source's end. Then words,
 * then bytes.
 * Input:    r3 = destination, r4 = source, r5 = count
 * Output:   r3 = 0
 * Clobbers: r0, r4..r11, ctr, cr0
 * Faults:   none (the bench passes mapped buffers; no table entries)
 */
REF_FUNC(ref_linux_copy)
	addi	%r4, %r4, -4
	addi	%r6, %r3, -4
	neg	%r0, %r3
	andi.	%r0, %r0, L - 1		/* bytes to the destination's next line */
	beq	.Llc_lines
	cmplw	%r5, %r0
	blt	.Llc_words		/* short: words at any alignment */
	andi.	%r8, %r0, 3
	mtctr	%r8
	beq	.Llc_head_words
.Llc_head_byte:
	lbz	%r9, 4(%r4)
	stb	%r9, 4(%r6)
	addi	%r4, %r4, 1
	addi	%r6, %r6, 1
	bdnz	.Llc_head_byte
.Llc_head_words:
	subf	%r5, %r0, %r5
	srwi.	%r0, %r0, 2
	mtctr	%r0
	beq	.Llc_lines
.Llc_head_word:
	lwzu	%r9, 4(%r4)
	stwu	%r9, 4(%r6)
	bdnz	.Llc_head_word
.Llc_lines:
	srwi.	%r0, %r5, LG		/* whole destination lines */
	clrlwi	%r5, %r5, 32 - LG
	li	%r11, 4
	beq	.Llc_words
	li	%r3, 4			/* dcbt offset from r4 */
	cmpwi	%r0, 1
	li	%r7, 0
	ble	.Llc_pass
	li	%r7, 1
	cmpwi	%r0, LINUX_PREFETCH
	ble	.Llc_lead
	li	%r7, LINUX_PREFETCH
.Llc_lead:				/* r7 lines prefetched before the loop */
	mtctr	%r7
.Llc_lead_dcbt:
	dcbt	%r3, %r4
	addi	%r3, %r3, L
	bdnz	.Llc_lead_dcbt
.Llc_pass:				/* r0 lines left, the last r7 for later */
	subf	%r8, %r7, %r0
	mr	%r0, %r7
	mtctr	%r8
.Llc_line:
	dcbt	%r3, %r4
	dcbz	%r11, %r6
	.rept L / 16
	linux_copy16
	.endr
	bdnz	.Llc_line
	cmpwi	%r0, 0
	li	%r3, 4
	li	%r7, 0
	bne	.Llc_pass
.Llc_words:
	srwi.	%r0, %r5, 2
	mtctr	%r0
	beq	.Llc_bytes
.Llc_word:
	lwzu	%r0, 4(%r4)
	stwu	%r0, 4(%r6)
	bdnz	.Llc_word
.Llc_bytes:
	andi.	%r0, %r5, 3
	mtctr	%r0
	beq	.Llc_done
.Llc_byte:
	lbz	%r0, 4(%r4)
	stb	%r0, 4(%r6)
	addi	%r4, %r4, 1
	addi	%r6, %r6, 1
	bdnz	.Llc_byte
.Llc_done:
	li	%r3, 0
	blr
REF_END(ref_linux_copy)

BENCH_MARKERS(blr)

	.section .note.GNU-stack, "", @progbits
