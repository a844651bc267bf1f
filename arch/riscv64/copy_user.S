/* SPDX-License-Identifier: MIT */
/*
 * copy_to_user / copy_from_user for RISC-V 64: one routine for both
 * directions, since either side may fault and the fixups do not care which.
 *
 * Shape: below 8 bytes, a byte loop. With the destination off its 8-byte
 * boundary: below 16 bytes, bytes two at a time; else bytes up to the
 * boundary. Then, with the source aligned too: 128-byte groups (sixteen
 * doubleword loads and stores) while 128 bytes are left, one 64-byte group
 * if 64 are, pairs while 16 are, one doubleword if 8 are, and the tail from
 * one load of the doubleword that holds it, stored as a word, a halfword
 * and a byte as the count needs them; a size from 8 to 15 copies its
 * doubleword first and skips the size tests. With the source not aligned,
 * the shifting loop below, then bytes.
 *
 * No access is misaligned (RISC-V cores may trap misaligned accesses or
 * emulate them slowly). With the source misaligned by s bytes the shifting
 * loop loads aligned source doublewords and builds each destination
 * doubleword from two of them (little-endian: low part >> 8s | next << (64 -
 * 8s)), keeping the second for the next round: one load and one store per
 * 8 bytes, four doublewords a round while 32 bytes are left, then one.
 * Every doubleword it loads holds at least one byte of the source range
 * (the first holds from[0]; each later one a byte up to from + 7 of its
 * destination doubleword), as does the one the tail loads, and aligned
 * doublewords never straddle a page, so no load faults where a byte-wise
 * copy of the range would not; the bytes outside the range it reads lie in
 * the same doubleword as a byte inside.
 *
 * Register use: a0 walks the destination, a1 the source, a3 is the end of
 * the destination, a2 counts the bytes left where the size tests need it;
 * t0 and a7 hold the bounds 16 and 64, t2 a loop's last start; t1, t3..t6,
 * a4..a6 carry data. In the shifting loop a4 walks the aligned source, a5
 * is the source's distance from the destination (a fixup's source is
 * a0 + a5), a6 the destination's last boundary, t5/t6 the shifts, t0 the
 * carried doubleword, a1/a2 scratch. No stack.
 *
 * Exactness: every load and store has an exception-table entry. The
 * pointers advance only after a whole group, pair or round, and the tail
 * stores address from a0 without moving it, so a fault leaves a0 (and the
 * source, a1 or a0 + a5) at the start of its group. The fixup copies byte
 * by byte from there to a3; that loop faults again on exactly the first
 * byte that cannot be read or written, and returns the count of bytes not
 * copied. Stores are aligned to their size and go in ascending order, and
 * one that faults writes nothing, so no destination byte at or past the
 * fault is written; a round's stores hold only source bytes before any it
 * could not load. Bytes copied twice are the same bytes to the same places.
 */
#include <uaccess/asm.h>
#include <uaccess/extable.h>

/*
 * One group: eight doublewords from a1 + off to a0 + off, loads before
 * stores; a fault goes to fixup.
 */
.macro COPY_GROUP off, fixup
	UACCESS_USER(\fixup, ld t1, \off(a1))
	UACCESS_USER(\fixup, ld t3, \off+8(a1))
	UACCESS_USER(\fixup, ld t4, \off+16(a1))
	UACCESS_USER(\fixup, ld t5, \off+24(a1))
	UACCESS_USER(\fixup, ld t6, \off+32(a1))
	UACCESS_USER(\fixup, ld a4, \off+40(a1))
	UACCESS_USER(\fixup, ld a5, \off+48(a1))
	UACCESS_USER(\fixup, ld a6, \off+56(a1))
	UACCESS_USER(\fixup, sd t1, \off(a0))
	UACCESS_USER(\fixup, sd t3, \off+8(a0))
	UACCESS_USER(\fixup, sd t4, \off+16(a0))
	UACCESS_USER(\fixup, sd t5, \off+24(a0))
	UACCESS_USER(\fixup, sd t6, \off+32(a0))
	UACCESS_USER(\fixup, sd a4, \off+40(a0))
	UACCESS_USER(\fixup, sd a5, \off+48(a0))
	UACCESS_USER(\fixup, sd a6, \off+56(a0))
.endm

/*
 * _uaccess_asm_copy_user: copy n bytes, either side user memory (a C function).
 * Input:    a0 = destination, a1 = source, a2 = byte count
 * Output:   a0 = bytes not copied (0 on success); sstatus.SUM clear in
 *           an S-mode build (set for the call: sum_open, <uaccess/arch.h>)
 * Clobbers: a1..a7, t0..t6 (caller-saved)
 * Faults:   every load on the source and store on the destination. The
 *           fixup of an access of a group, pair, round, head or tail is
 *           .Lcopy_bytes, with a0 and the source at the group's start (the
 *           shifting loop's through .Lcopy_shift_fault); that of the byte
 *           loop returns the exact count of bytes not copied.
 */
UACCESS_FUNC(_uaccess_asm_copy_user)
	sum_open t0
	add	a3, a0, a2		/* a3: the end of the destination */
	li	t0, 8
	bltu	a2, t0, .Lcopy_bytes
	andi	t1, a0, 7
	bnez	t1, .Lcopy_head
.Lcopy_dst_aligned:		/* a0 aligned, a2 = a3 - a0 >= 8 */
	andi	t1, a1, 7
	bnez	t1, .Lcopy_shift
	li	t0, 16
	bltu	a2, t0, .Lcopy_8_15
	li	a7, 64
	bgeu	a2, a7, .Lcopy_big
.Lcopy_pairs:			/* both aligned, a2 >= 16 = t0 */
	UACCESS_USER(.Lcopy_bytes, ld t1, 0(a1))
	UACCESS_USER(.Lcopy_bytes, ld t3, 8(a1))
	UACCESS_USER(.Lcopy_bytes, sd t1, 0(a0))
	UACCESS_USER(.Lcopy_bytes, sd t3, 8(a0))
	addi	a0, a0, 16
	addi	a1, a1, 16
	addi	a2, a2, -16
	bgeu	a2, t0, .Lcopy_pairs
.Lcopy_lt16:			/* both aligned, a2 < 16 */
	beqz	a2, .Lcopy_ok
.Lcopy_lt16_nz:
	andi	t1, a2, 8
	beqz	t1, .Lcopy_tail
	UACCESS_USER(.Lcopy_bytes, ld t1, 0(a1))
	UACCESS_USER(.Lcopy_bytes, sd t1, 0(a0))
	addi	a0, a0, 8
	addi	a1, a1, 8
	addi	a2, a2, -8
	beqz	a2, .Lcopy_ok
.Lcopy_tail:			/* both aligned, 1 <= a2 <= 7 */
	UACCESS_USER(.Lcopy_bytes, ld t1, 0(a1))
.Lcopy_store_tail:	/* a0 aligned: t1's low a2 (1..7) bytes, a1 set */
	andi	t2, a2, 4
	beqz	t2, .Lcopy_tail2
	UACCESS_USER(.Lcopy_bytes, sw t1, 0(a0))
	srli	t1, t1, 32
.Lcopy_tail2:
	andi	t3, a2, 2
	beqz	t3, .Lcopy_tail1
	add	t4, a0, t2		/* after the word, if there was one */
	UACCESS_USER(.Lcopy_bytes, sh t1, 0(t4))
	srli	t1, t1, 16
.Lcopy_tail1:
	andi	t3, a2, 1
	beqz	t3, .Lcopy_ok
	add	t4, a0, a2		/* the last byte */
	UACCESS_USER(.Lcopy_bytes, sb t1, -1(t4))
.Lcopy_ok:
	li	a0, 0
	sum_ret a1

.Lcopy_8_15:		/* both aligned, 8 <= a2 < 16: no size test first */
	UACCESS_USER(.Lcopy_bytes, ld t1, 0(a1))
	UACCESS_USER(.Lcopy_bytes, sd t1, 0(a0))
	andi	a2, a2, 7
	beqz	a2, .Lcopy_ok
	addi	a0, a0, 8
	addi	a1, a1, 8
	j	.Lcopy_tail

.Lcopy_big:			/* both aligned, a2 >= 64 = a7 */
	li	t1, 128
	bltu	a2, t1, .Lcopy_group
	addi	t2, a3, -128	/* the last start of 128 whole bytes */
.Lcopy_128:
	COPY_GROUP 0, .Lcopy_bytes
	COPY_GROUP 64, .Lcopy_bytes
	addi	a0, a0, 128
	addi	a1, a1, 128
	bleu	a0, t2, .Lcopy_128
	sub	a2, a3, a0
	beqz	a2, .Lcopy_ok
	bltu	a2, a7, .Lcopy_lt64
.Lcopy_group:			/* both aligned, 64 <= a2 < 128 */
	COPY_GROUP 0, .Lcopy_bytes
	addi	a0, a0, 64
	addi	a1, a1, 64
	addi	a2, a2, -64
	beqz	a2, .Lcopy_ok
.Lcopy_lt64:			/* both aligned, 1 <= a2 < 64 */
	bgeu	a2, t0, .Lcopy_pairs
	j	.Lcopy_lt16_nz

.Lcopy_head:		/* a0 misaligned, a2 >= 8 */
	li	t0, 16
	bltu	a2, t0, .Lcopy_byte_pairs
	andi	t2, a0, -8
	addi	t2, t2, 8		/* t2: the first destination boundary */
.Lcopy_head_loop:
	UACCESS_USER(.Lcopy_bytes, lbu t1, 0(a1))
	UACCESS_USER(.Lcopy_bytes, sb t1, 0(a0))
	addi	a0, a0, 1
	addi	a1, a1, 1
	bltu	a0, t2, .Lcopy_head_loop
	sub	a2, a3, a0
	j	.Lcopy_dst_aligned

.Lcopy_byte_pairs:	/* 8 <= a2 < 16 off a boundary: two bytes a round */
	addi	t2, a3, -1		/* while two bytes are left */
.Lcopy_byte_pair_loop:
	UACCESS_USER(.Lcopy_bytes, lbu t1, 0(a1))
	UACCESS_USER(.Lcopy_bytes, lbu t3, 1(a1))
	UACCESS_USER(.Lcopy_bytes, sb t1, 0(a0))
	UACCESS_USER(.Lcopy_bytes, sb t3, 1(a0))
	addi	a0, a0, 2
	addi	a1, a1, 2
	bltu	a0, t2, .Lcopy_byte_pair_loop
	j	.Lcopy_bytes

.Lcopy_shift:	/* a0 aligned, a1 misaligned by t1 = 1..7, a2 = a3 - a0 >= 8 */
	slli	t5, t1, 3		/* t5 = 8s: the carried doubleword's shift */
	neg	t6, t5			/* the next one's: sll reads 6 bits, 64 - 8s */
	sub	a5, a1, a0
	andi	a4, a1, -8		/* a4: the aligned doubleword holding from */
	andi	a6, a3, -8		/* a6: the destination's last boundary */
	UACCESS_USER(.Lcopy_shift_fault, ld t0, 0(a4))
	li	t1, 32
	bltu	a2, t1, .Lcopy_shift1
	addi	a7, a6, -32		/* the last start of four whole doublewords */
.Lcopy_shift4:		/* t0 = the doubleword at a4 */
	UACCESS_USER(.Lcopy_shift_fault, ld t1, 8(a4))
	UACCESS_USER(.Lcopy_shift_fault, ld t2, 16(a4))
	UACCESS_USER(.Lcopy_shift_fault, ld t3, 24(a4))
	srl	a1, t0, t5
	sll	a2, t1, t6
	or	a1, a1, a2
	UACCESS_USER(.Lcopy_shift_fault, sd a1, 0(a0))
	UACCESS_USER(.Lcopy_shift_fault, ld t0, 32(a4))
	srl	a1, t1, t5
	sll	a2, t2, t6
	or	a1, a1, a2
	UACCESS_USER(.Lcopy_shift_fault, sd a1, 8(a0))
	srl	a1, t2, t5
	sll	a2, t3, t6
	or	a1, a1, a2
	UACCESS_USER(.Lcopy_shift_fault, sd a1, 16(a0))
	srl	a1, t3, t5
	sll	a2, t0, t6
	or	a1, a1, a2
	UACCESS_USER(.Lcopy_shift_fault, sd a1, 24(a0))
	addi	a0, a0, 32
	addi	a4, a4, 32
	bleu	a0, a7, .Lcopy_shift4
	bgeu	a0, a6, .Lcopy_shift_tail
.Lcopy_shift1:		/* t0 = the doubleword at a4, a0 < a6 */
	srl	a1, t0, t5
	UACCESS_USER(.Lcopy_shift_fault, ld t0, 8(a4))
	sll	a2, t0, t6
	or	a1, a1, a2
	UACCESS_USER(.Lcopy_shift_fault, sd a1, 0(a0))
	addi	a0, a0, 8
	addi	a4, a4, 8
	bltu	a0, a6, .Lcopy_shift1
.Lcopy_shift_tail:
	add	a1, a0, a5

/*
 * Byte by byte: a0, a1 to a3. The end wraps when n is huge (the unchecked
 * forms), so the loop stops on equality, and the fixup's a3 - a0 is right
 * modulo 2^64; the loops above that compare with a bound derived from a3
 * then stop early and leave the rest to count-driven loops and this one.
 */
.Lcopy_bytes:
	beq	a0, a3, .Lcopy_ok
.Lcopy_byte_loop:
	UACCESS_USER(.Lcopy_byte_fault, lbu t1, 0(a1))
	UACCESS_USER(.Lcopy_byte_fault, sb t1, 0(a0))
	addi	a0, a0, 1
	addi	a1, a1, 1
	bne	a0, a3, .Lcopy_byte_loop
	li	a0, 0
	sum_ret a1
.Lcopy_byte_fault:	/* a0: the first byte not copied */
	sub	a0, a3, a0
	sum_ret a1
.Lcopy_shift_fault:	/* the shifting loop's: its source from a0 */
	add	a1, a0, a5
	j	.Lcopy_bytes
UACCESS_END(_uaccess_asm_copy_user)

	.section .note.GNU-stack, "", @progbits
