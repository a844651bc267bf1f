/* SPDX-License-Identifier: MIT */
/*
 * clear_user for RISC-V 64.
 *
 * Shape: below 8 bytes, a byte loop. From 8 on: the head up to an 8-byte
 * boundary in at most three stores (a byte, a halfword, a word, as the
 * address needs them); then, while 64 bytes are left, groups of eight
 * doubleword stores; while 16 are left, pairs; one more doubleword if 8
 * are left; the tail in at most three stores (a word, a halfword, a byte,
 * as the count needs them, picked by a tree of bit tests that stops at the
 * first answer). A size from 8 to 15 on a boundary stores its doubleword
 * first and skips the size tests. Every store is aligned to its size, so
 * none is misaligned (RISC-V cores may trap those or emulate them slowly)
 * and none straddles two pages.
 *
 * Register use: a0 walks the destination, a1 counts the bytes still to
 * clear, t0 and t1 hold the bounds 16 and 64 (the loops compare the count
 * with them), t1..t3 are scratch, a2 is the byte loop's end. No stack.
 *
 * Exactness: every store has an exception-table entry. a0/a1 advance only
 * after a whole group, pair or head store, and the tail stores address from
 * a0 without moving it, so a fault leaves a0/a1 at the start of its group.
 * The fixup clears byte by byte from there; that loop faults again on
 * exactly the first byte that cannot be written, and returns the count of
 * bytes not cleared. A store that faults writes nothing and the stores go
 * in ascending order, so nothing at or past the first inaccessible byte is
 * ever written; bytes a group had already cleared are cleared again.
 */
#include <uaccess/asm.h>
#include <uaccess/extable.h>

/*
 * _uaccess_asm_clear_user: zero n bytes of user memory (a C function).
 * Input:    a0 = user destination, a1 = byte count
 * Output:   a0 = bytes not cleared (0 on success); sstatus.SUM clear in
 *           an S-mode build (set for the call: sum_open, <uaccess/arch.h>)
 * Clobbers: a1, a2, t0..t3, t6 (caller-saved)
 * Faults:   every sb/sh/sw/sd on the destination. The fixup of a group,
 *           pair, head or tail store is .Lclear_bytes, with a0/a1 at the
 *           group's start; that of the byte loop returns the exact count of
 *           bytes not cleared.
 */
UACCESS_FUNC(_uaccess_asm_clear_user)
	sum_open t6
	li	t0, 8
	bltu	a1, t0, .Lclear_bytes
	andi	t1, a0, 7
	bnez	t1, .Lclear_head
	li	t0, 16
	bltu	a1, t0, .Lclear_8_15
.Lclear_dispatch:			/* a0 aligned, a1 >= 16 = t0 */
	li	t1, 64
	bltu	a1, t1, .Lclear_pairs
.Lclear_groups:				/* a1 >= 64 = t1 */
	UACCESS_USER(.Lclear_bytes, sd zero, 0(a0))
	UACCESS_USER(.Lclear_bytes, sd zero, 8(a0))
	UACCESS_USER(.Lclear_bytes, sd zero, 16(a0))
	UACCESS_USER(.Lclear_bytes, sd zero, 24(a0))
	UACCESS_USER(.Lclear_bytes, sd zero, 32(a0))
	UACCESS_USER(.Lclear_bytes, sd zero, 40(a0))
	UACCESS_USER(.Lclear_bytes, sd zero, 48(a0))
	UACCESS_USER(.Lclear_bytes, sd zero, 56(a0))
	addi	a0, a0, 64
	addi	a1, a1, -64
	bgeu	a1, t1, .Lclear_groups
	beqz	a1, .Lclear_ok
	bltu	a1, t0, .Lclear_lt16_nz
.Lclear_pairs:				/* a1 >= 16 = t0 */
	UACCESS_USER(.Lclear_bytes, sd zero, 0(a0))
	UACCESS_USER(.Lclear_bytes, sd zero, 8(a0))
	addi	a0, a0, 16
	addi	a1, a1, -16
	bgeu	a1, t0, .Lclear_pairs
.Lclear_lt16:				/* a0 aligned, a1 < 16 */
	beqz	a1, .Lclear_ok
.Lclear_lt16_nz:
	andi	t1, a1, 8
	beqz	t1, .Lclear_tail
	UACCESS_USER(.Lclear_bytes, sd zero, 0(a0))
	addi	a0, a0, 8
	addi	a1, a1, -8
.Lclear_tail:		/* a0 aligned, a1 < 8: a word, a halfword, a byte */
	andi	t1, a1, 4
	bnez	t1, .Lclear_tail_word
.Lclear_tail_lt4:			/* a1 < 4 */
	beqz	a1, .Lclear_ok
	andi	t2, a1, 1
	bnez	t2, .Lclear_tail_odd
	UACCESS_USER(.Lclear_bytes, sh zero, 0(a0))
.Lclear_ok:
	li	a0, 0
	sum_ret t6, 1
.Lclear_tail_odd:			/* a1 = 1 or 3 */
	add	t3, a0, a1
	andi	t2, a1, 2
	beqz	t2, .Lclear_tail_byte
	UACCESS_USER(.Lclear_bytes, sh zero, 0(a0))
.Lclear_tail_byte:
	UACCESS_USER(.Lclear_bytes, sb zero, -1(t3))
	li	a0, 0
	sum_ret t6, 1
.Lclear_tail_word:			/* 4 <= a1 < 8 */
	UACCESS_USER(.Lclear_bytes, sw zero, 0(a0))
	addi	a0, a0, 4
	addi	a1, a1, -4
	j	.Lclear_tail_lt4

.Lclear_8_15:		/* a0 aligned, 8 <= a1 < 16: no size test first */
	UACCESS_USER(.Lclear_bytes, sd zero, 0(a0))
	andi	a1, a1, 7
	beqz	a1, .Lclear_ok
	addi	a0, a0, 8
	j	.Lclear_tail

.Lclear_head:		/* a0 misaligned, a1 >= 8: up to the boundary */
	andi	t1, a0, 1
	beqz	t1, .Lclear_head2
	UACCESS_USER(.Lclear_bytes, sb zero, 0(a0))
	addi	a0, a0, 1
	addi	a1, a1, -1
.Lclear_head2:
	andi	t1, a0, 2
	beqz	t1, .Lclear_head4
	UACCESS_USER(.Lclear_bytes, sh zero, 0(a0))
	addi	a0, a0, 2
	addi	a1, a1, -2
.Lclear_head4:
	andi	t1, a0, 4
	beqz	t1, .Lclear_head_done
	UACCESS_USER(.Lclear_bytes, sw zero, 0(a0))
	addi	a0, a0, 4
	addi	a1, a1, -4
.Lclear_head_done:			/* a0 aligned, a1 >= 1 */
	li	t0, 16
	bltu	a1, t0, .Lclear_lt16_nz
	li	t1, 64
	bltu	a1, t1, .Lclear_pairs
	j	.Lclear_groups

/*
 * Byte by byte: a0 = destination, a1 = count. The end a2 wraps when a1 is
 * huge (the unchecked forms), so the loop stops on equality, and the
 * fixup's a2 - a0 is right modulo 2^64.
 */
.Lclear_bytes:
	add	a2, a0, a1
	beqz	a1, .Lclear_ok
.Lclear_byte_loop:
	UACCESS_USER(.Lclear_byte_fault, sb zero, 0(a0))
	addi	a0, a0, 1
	bne	a0, a2, .Lclear_byte_loop
	li	a0, 0
	sum_ret t6, 1
.Lclear_byte_fault:	/* a0: the first byte not cleared */
	sub	a0, a2, a0
	sum_ret t6, 1
UACCESS_END(_uaccess_asm_clear_user)

	.section .note.GNU-stack, "", @progbits
