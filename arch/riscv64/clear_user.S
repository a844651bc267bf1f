/* SPDX-License-Identifier: MIT */
/*
 * clear_user for RISC-V 64.
 *
 * Shape: below 8 bytes, byte stores. From 8 on: byte stores up to an
 * 8-byte boundary, then groups of eight doubleword stores (64 bytes) while
 * 64 bytes are left, single doubleword stores while 8 are left, and byte
 * stores for the rest. Every store is aligned to its size, so none is
 * misaligned (RISC-V cores may trap those or emulate them slowly) and none
 * straddles two pages.
 *
 * Register use: a0 walks the destination, a1 counts the bytes still to
 * clear, t0 holds a bound, t1 is scratch. No stack.
 *
 * Exactness: every store has an exception-table entry. a0/a1 advance only
 * after a whole group of stores, so a fault leaves them at the start of its
 * group. The fixup clears byte by byte from there; that loop faults again
 * on exactly the first byte that cannot be written, and a1 is then the
 * count of bytes not cleared. A store that faults writes nothing and the
 * stores go in ascending order, so nothing at or past the first
 * inaccessible byte is ever written; bytes a group had already cleared are
 * cleared again.
 */
#include <uaccess/asm.h>
#include <uaccess/extable.h>

/* The size of the unrolled group, and the bound it relies on. */
#define GROUP	64
#if GROUP != 64
#error "clear_user.S: the group is eight doubleword stores"
#endif

/*
 * _uaccess_clear_user: zero n bytes of user memory (a C function).
 * Input:    a0 = user destination, a1 = byte count
 * Output:   a0 = bytes not cleared (0 on success)
 * Clobbers: a1, t0, t1 (caller-saved)
 * Faults:   every sb/sd on the destination. The fixup of a group store or
 *           of an alignment byte is .Lclear_bytes, with a0/a1 at the
 *           group's start; that of the byte loop returns a1, the exact
 *           count of bytes not cleared.
 */
FUNC(_uaccess_clear_user)
	li	t0, 8
	bltu	a1, t0, .Lclear_bytes
	andi	t1, a0, 7
	beqz	t1, .Lclear_aligned
.Lclear_head:				/* bytes to an 8-byte boundary */
	UACCESS_USER(.Lclear_bytes, sb zero, 0(a0))
	addi	a0, a0, 1
	addi	a1, a1, -1
	andi	t1, a0, 7
	bnez	t1, .Lclear_head
.Lclear_aligned:			/* a0 8-byte aligned, a1 >= 1 */
	li	t0, GROUP
	bltu	a1, t0, .Lclear_words
.Lclear_groups:
	UACCESS_USER(.Lclear_bytes, sd zero, 0(a0))
	UACCESS_USER(.Lclear_bytes, sd zero, 8(a0))
	UACCESS_USER(.Lclear_bytes, sd zero, 16(a0))
	UACCESS_USER(.Lclear_bytes, sd zero, 24(a0))
	UACCESS_USER(.Lclear_bytes, sd zero, 32(a0))
	UACCESS_USER(.Lclear_bytes, sd zero, 40(a0))
	UACCESS_USER(.Lclear_bytes, sd zero, 48(a0))
	UACCESS_USER(.Lclear_bytes, sd zero, 56(a0))
	addi	a0, a0, GROUP
	addi	a1, a1, -GROUP
	bgeu	a1, t0, .Lclear_groups
.Lclear_words:				/* a1 < 64 */
	li	t0, 8
	bltu	a1, t0, .Lclear_bytes
.Lclear_word_loop:
	UACCESS_USER(.Lclear_bytes, sd zero, 0(a0))
	addi	a0, a0, 8
	addi	a1, a1, -8
	bgeu	a1, t0, .Lclear_word_loop
.Lclear_bytes:		/* byte by byte: a0 = destination, a1 = count */
	beqz	a1, .Lclear_ok
.Lclear_byte_loop:
	UACCESS_USER(.Lclear_byte_fault, sb zero, 0(a0))
	addi	a0, a0, 1
	addi	a1, a1, -1
	bnez	a1, .Lclear_byte_loop
.Lclear_ok:
	li	a0, 0
	ret
.Lclear_byte_fault:	/* a1: bytes left, the faulting one included */
	mv	a0, a1
	ret
END(_uaccess_clear_user)

	.section .note.GNU-stack, "", @progbits
