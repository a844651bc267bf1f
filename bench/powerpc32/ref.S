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
 */

#define REF_FUNC(name)			\
	.text ;				\
	.globl name ;			\
	.type name, @function ;		\
	.p2align 5 ;			\
name:

#define REF_END(name) .size name, . - name

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
 * bench_cell_begin / bench_cell_end: the program calls them right before
 * and right after each call it counts. They do nothing; count.py sees them
 * in the instruction log and counts what runs between them. In assembly,
 * so that no compiler can drop or merge the calls.
 * Input:    none
 * Output:   none
 * Clobbers: none
 * Faults:   none (the bench passes mapped buffers; no table entries)
 */
REF_FUNC(bench_cell_begin)
	blr
REF_END(bench_cell_begin)

REF_FUNC(bench_cell_end)
	blr
REF_END(bench_cell_end)

	.section .note.GNU-stack, "", @progbits
