/* SPDX-License-Identifier: MIT */
/*
 * Reference loops for the RISC-V 64 benchmark, for comparison only: a plain
 * byte loop and a plain doubleword loop, as a kernel without a tuned
 * routine would clear and copy user memory. No exception table, no
 * access_ok: the benchmark passes mapped memory only.
 *
 * The word loops align the destination with bytes, then move 8 bytes per
 * round with one plain sd (and one plain ld, misaligned when the source
 * is), then finish with bytes. A misaligned ld is what the library avoids
 * (cores may trap it to M-mode and emulate it); qemu-riscv64 executes it
 * as one instruction, so its count here is the best case, not what such a
 * core pays.
 *
 * Register use: the standard calling convention, as the library's
 * routines. a0 = destination; for a clear a1 = count, for a copy a1 =
 * source and a2 = count. Only caller-saved registers are touched. Every
 * function returns 0 in a0, the library's "bytes not done" on success, so
 * the benchmark treats all columns alike. The loops run to an end pointer,
 * so a round is its accesses, the pointer increments and one branch.
 *
 * count.py checks its method against these loops, whose instruction
 * counts follow from the code: with an 8-byte aligned destination and n a
 * multiple of 8 (n >= 8), ref_clear_words runs 10 + 3n/8 instructions and
 * ref_copy_words 10 + 5n/8; for 1 <= n < 8 at any address they run 6 + 3n
 * and 6 + 5n; for any n >= 1, ref_clear_bytes runs 4 + 3n and
 * ref_copy_bytes 4 + 5n. A change here must change EXPECTED there.
 */

#define REF_FUNC(name)			\
	.text ;				\
	.globl name ;			\
	.type name, @function ;		\
	.p2align 2 ;			\
name:

#define REF_END(name) .size name, . - name

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

/*
 * bench_cell_begin / bench_cell_end: the program calls them right before
 * and right after each call it counts. They do nothing; count.py sees them
 * in the instruction log and counts what runs between them. In assembly,
 * so that no compiler can drop or merge the calls.
 * Input:    none
 * Output:   none
 * Clobbers: none
 * Faults:   none
 */
REF_FUNC(bench_cell_begin)
	ret
REF_END(bench_cell_begin)

REF_FUNC(bench_cell_end)
	ret
REF_END(bench_cell_end)

	.section .note.GNU-stack, "", @progbits
