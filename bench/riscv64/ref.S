/* SPDX-License-Identifier: MIT */
/*
 * Reference routines for the RISC-V 64 benchmark, for comparison only: a
 * plain byte loop, a plain doubleword loop, and the shape of the scalar
 * routines Linux 6.x ships (written here from a description of their
 * shape, not copied). No exception table, no access_ok, no SUM switch (the
 * library's windows are empty in U-mode too): the benchmark passes mapped
 * memory only.
 *
 * The word loops align the destination with bytes, then move 8 bytes per
 * round with one plain sd (and one plain ld, misaligned when the source
 * is), then finish with bytes. A misaligned ld is what the library avoids
 * (cores may trap it to M-mode and emulate it); qemu-riscv64 executes it
 * as one instruction, so its count here is the best case, not what such a
 * core pays.
 *
 * The Linux-shaped routines make no misaligned access. ref_clear_linux
 * stores bytes up to the first doubleword boundary, doublewords up to the
 * last one, then bytes; with no whole doubleword in the range, bytes only.
 * ref_copy_linux copies bytes below 72 (nine doublewords). From 72 on it
 * copies bytes to a destination boundary; then, with the source aligned
 * too, 64-byte rounds of eight ld and eight sd while 64 bytes are left;
 * with the source misaligned, a shifting loop whose round is 8
 * instructions (one aligned ld, the two shifts and an or joining it with
 * the doubleword carried from the round before, one sd, the two pointer
 * increments and a compare of the destination with its last boundary);
 * then bytes. Nothing is kept for a fixup.
 *
 * Register use: the standard calling convention, as the library's
 * routines. a0 = destination; for a clear a1 = count, for a copy a1 =
 * source and a2 = count. Only caller-saved registers are touched. Every
 * function returns 0 in a0, the library's "bytes not done" on success, so
 * the benchmark treats all columns alike. The loops run to an end pointer,
 * so a round is its accesses, the pointer increments and one branch.
 *
 * count.py checks its method against these routines, whose instruction
 * counts follow from the code, for every size and alignment: its models
 * (REF_MODELS) are worked out from this file by hand. A change here must
 * change them there.
 */

#define REF_ALIGN	2
#include "ref_asm.h"

/*
 * ref_clear_words: bytes to an 8-byte boundary, one sd per 8 bytes, bytes.
 * Input:    a0 = destination, a1 = count
 * Output:   a0 = 0
 * Clobbers: a1..a3, t0, t1
 * Faults:   none (the bench passes mapped buffers; no table entries)
 */
REF_FUNC(ref_clear_words)
	li	t0, 8
	add	a2, a0, a1		/* a2: end */
	bltu	a1, t0, .Lcw_tail
.Lcw_head:
	andi	t1, a0, 7
	beqz	t1, .Lcw_words
	sb	zero, 0(a0)
	addi	a0, a0, 1
	j	.Lcw_head
.Lcw_words:
	andi	a3, a2, -8		/* a3: the last 8-byte boundary <= end */
	bgeu	a0, a3, .Lcw_tail
.Lcw_loop:
	sd	zero, 0(a0)
	addi	a0, a0, 8
	bltu	a0, a3, .Lcw_loop
.Lcw_tail:
	bgeu	a0, a2, .Lcw_done
.Lcw_tail_loop:
	sb	zero, 0(a0)
	addi	a0, a0, 1
	bltu	a0, a2, .Lcw_tail_loop
.Lcw_done:
	li	a0, 0
	ret
REF_END(ref_clear_words)

/*
 * ref_copy_words: bytes to an 8-byte boundary of the destination, one ld
 * (misaligned when the source is) and one sd per 8 bytes, bytes.
 * Input:    a0 = destination, a1 = source, a2 = count
 * Output:   a0 = 0
 * Clobbers: a1..a4, t0, t1
 * Faults:   none (the bench passes mapped buffers; no table entries)
 */
REF_FUNC(ref_copy_words)
	li	t0, 8
	add	a3, a0, a2		/* a3: end of the destination */
	bltu	a2, t0, .Lpw_tail
.Lpw_head:
	andi	t1, a0, 7
	beqz	t1, .Lpw_words
	lbu	t1, 0(a1)
	sb	t1, 0(a0)
	addi	a0, a0, 1
	addi	a1, a1, 1
	j	.Lpw_head
.Lpw_words:
	andi	a4, a3, -8
	bgeu	a0, a4, .Lpw_tail
.Lpw_loop:
	ld	t1, 0(a1)
	sd	t1, 0(a0)
	addi	a0, a0, 8
	addi	a1, a1, 8
	bltu	a0, a4, .Lpw_loop
.Lpw_tail:
	bgeu	a0, a3, .Lpw_done
.Lpw_tail_loop:
	lbu	t1, 0(a1)
	sb	t1, 0(a0)
	addi	a0, a0, 1
	addi	a1, a1, 1
	bltu	a0, a3, .Lpw_tail_loop
.Lpw_done:
	li	a0, 0
	ret
REF_END(ref_copy_words)

/*
 * ref_clear_linux: Linux's shape: bytes to the first doubleword boundary,
 * doublewords to the last, bytes; bytes only if no whole doubleword.
 * Input:    a0 = destination, a1 = count
 * Output:   a0 = 0
 * Clobbers: a1..a3, t0, t1
 * Faults:   none (the bench passes mapped buffers; no table entries)
 */
REF_FUNC(ref_clear_linux)
	add	a3, a0, a1		/* a3: end */
	addi	t0, a0, 7
	andi	t1, a3, -8		/* t1: the last boundary <= end */
	andi	t0, t0, -8		/* t0: the first boundary >= start */
	bgeu	t0, t1, .Lcl_tail
	bltu	a0, t0, .Lcl_head
.Lcl_words:
	sd	zero, 0(a0)
	addi	a0, a0, 8
	bltu	a0, t1, .Lcl_words
.Lcl_tail:
	bltu	a0, a3, .Lcl_tail_loop
.Lcl_done:
	li	a0, 0
	ret
.Lcl_head:
	sb	zero, 0(a0)
	addi	a0, a0, 1
	bltu	a0, t0, .Lcl_head
	j	.Lcl_words
.Lcl_tail_loop:
	sb	zero, 0(a0)
	addi	a0, a0, 1
	bltu	a0, a3, .Lcl_tail_loop
	j	.Lcl_done
REF_END(ref_clear_linux)

/*
 * ref_copy_linux: Linux's shape: bytes below 72; else bytes to a
 * destination boundary, then 64-byte rounds (source aligned) or the
 * shifting loop (source misaligned), then bytes.
 * Input:    a0 = destination, a1 = source, a2 = count
 * Output:   a0 = 0
 * Clobbers: a1..a7, t0..t4
 * Faults:   none (the bench passes mapped buffers; no table entries)
 */
REF_FUNC(ref_copy_linux)
	add	t0, a0, a2		/* t0: end of the destination */
	li	a3, 72
	bltu	a2, a3, .Lpl_bytes
	addi	t1, a0, 7
	andi	t1, t1, -8		/* t1: the first destination boundary */
	beq	a0, t1, .Lpl_dst_aligned
.Lpl_head:
	lbu	a5, 0(a1)
	addi	a1, a1, 1
	sb	a5, 0(a0)
	addi	a0, a0, 1
	bltu	a0, t1, .Lpl_head
.Lpl_dst_aligned:
	andi	a3, a1, 7
	bnez	a3, .Lpl_shift
	addi	t0, t0, -64		/* rounds while a whole 64 bytes are left */
.Lpl_rounds:
	ld	a4, 0(a1)
	ld	a5, 8(a1)
	ld	a6, 16(a1)
	ld	a7, 24(a1)
	ld	t1, 32(a1)
	ld	t2, 40(a1)
	ld	t3, 48(a1)
	ld	t4, 56(a1)
	sd	a4, 0(a0)
	sd	a5, 8(a0)
	sd	a6, 16(a0)
	sd	a7, 24(a0)
	sd	t1, 32(a0)
	sd	t2, 40(a0)
	sd	t3, 48(a0)
	sd	t4, 56(a0)
	addi	a0, a0, 64
	addi	a1, a1, 64
	bleu	a0, t0, .Lpl_rounds
	addi	t0, t0, 64
	j	.Lpl_bytes
.Lpl_shift:		/* a3 = source offset in its doubleword, 1..7 */
	andi	t1, t0, -8		/* t1: the last destination boundary */
	andi	a1, a1, -8		/* the aligned source doubleword */
	slli	t3, a3, 3		/* the carried doubleword's shift */
	li	a5, 64
	sub	t4, a5, t3		/* the new doubleword's */
	ld	a5, 0(a1)
.Lpl_shift_loop:	/* at least one round: 72 bytes or more */
	srl	a4, a5, t3
	ld	a5, 8(a1)
	addi	a1, a1, 8
	sll	a2, a5, t4
	or	a2, a2, a4
	sd	a2, 0(a0)
	addi	a0, a0, 8
	bltu	a0, t1, .Lpl_shift_loop
	add	a1, a1, a3		/* back to the byte source */
.Lpl_bytes:
	bgeu	a0, t0, .Lpl_done
.Lpl_byte_loop:
	lbu	a5, 0(a1)
	addi	a1, a1, 1
	sb	a5, 0(a0)
	addi	a0, a0, 1
	bltu	a0, t0, .Lpl_byte_loop
.Lpl_done:
	li	a0, 0
	ret
REF_END(ref_copy_linux)

/*
 * ref_clear_bytes: one sb per byte.
 * Input:    a0 = destination, a1 = count
 * Output:   a0 = 0
 * Clobbers: a1
 * Faults:   none (the bench passes mapped buffers; no table entries)
 */
REF_FUNC(ref_clear_bytes)
	beqz	a1, .Lcb_done
	add	a1, a0, a1
.Lcb_loop:
	sb	zero, 0(a0)
	addi	a0, a0, 1
	bltu	a0, a1, .Lcb_loop
.Lcb_done:
	li	a0, 0
	ret
REF_END(ref_clear_bytes)

/*
 * ref_copy_bytes: one lbu and one sb per byte.
 * Input:    a0 = destination, a1 = source, a2 = count
 * Output:   a0 = 0
 * Clobbers: a1, a2, t1
 * Faults:   none (the bench passes mapped buffers; no table entries)
 */
REF_FUNC(ref_copy_bytes)
	beqz	a2, .Lpb_done
	add	a2, a0, a2
.Lpb_loop:
	lbu	t1, 0(a1)
	sb	t1, 0(a0)
	addi	a0, a0, 1
	addi	a1, a1, 1
	bltu	a0, a2, .Lpb_loop
.Lpb_done:
	li	a0, 0
	ret
REF_END(ref_copy_bytes)

BENCH_MARKERS(ret)

	.section .note.GNU-stack, "", @progbits
