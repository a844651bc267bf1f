/* SPDX-License-Identifier: MIT */
/*
 * copy_to_user / copy_from_user for RISC-V 64: one routine for both
 * directions, since either side may fault and the fixups do not care which.
 *
 * Shape: below 8 bytes, byte copies. From 8 on: bytes up to an 8-byte
 * boundary of the destination; then, if the source is 8-byte aligned too,
 * groups of eight doubleword loads and eight stores (64 bytes) while 64
 * bytes are left and single doublewords while 8 are left; if the source is
 * not aligned, the shifting loop below; bytes for the rest.
 *
 * No access is misaligned (RISC-V cores may trap misaligned accesses or
 * emulate them slowly). With the source misaligned by s bytes the shifting
 * loop loads aligned source doublewords and builds each destination
 * doubleword from two of them (little-endian: low part >> 8s | next << (64 -
 * 8s)), keeping the second for the next round: one load and one store per
 * 8 bytes. Every doubleword it loads holds at least one byte of the source
 * range (the first holds from[0]; each later one a byte up to from + 7 of
 * its round), and aligned doublewords never straddle a page, so no load
 * faults where a byte-wise copy of the range would not; the bytes outside
 * the range it reads lie in the same doubleword as a byte inside.
 *
 * Register use: a0 walks the destination, a1 the source, a2 counts the
 * bytes still to copy; t0..t6, a3..a5 carry data and bounds (in the
 * shifting loop a3 walks the aligned source, a4/a5 are the shifts, t0 the
 * carried doubleword). No stack.
 *
 * Exactness: every load and store has an exception-table entry. a0/a1/a2
 * advance only after a whole group, whose loads all come before its
 * stores, so a fault leaves them at the start of its group. The fixup
 * copies byte by byte from there; that loop faults again on exactly the
 * first byte that cannot be read or written, and a2 is then the count of
 * bytes not copied. Stores are aligned to their size and go in ascending
 * order, and one that faults writes nothing, so no destination byte at or
 * past the fault is written. Bytes copied twice are the same bytes to the
 * same places.
 */
#include <uaccess/asm.h>
#include <uaccess/extable.h>

#define GROUP	64
#if GROUP != 64
#error "copy_user.S: the group is eight doubleword loads and stores"
#endif

/*
 * _uaccess_copy_user: copy n bytes, either side user memory (a C function).
 * Input:    a0 = destination, a1 = source, a2 = byte count
 * Output:   a0 = bytes not copied (0 on success)
 * Clobbers: a1..a5, t0..t6 (caller-saved)
 * Faults:   every lbu/ld on the source and sb/sd on the destination. The
 *           fixup of a group access or an alignment byte is .Lcopy_bytes,
 *           with a0/a1/a2 at the group's start; that of the byte loop
 *           returns a2, the exact count of bytes not copied.
 */
FUNC(_uaccess_copy_user)
	li	t0, 8
	bltu	a2, t0, .Lcopy_bytes
	andi	t1, a0, 7
	beqz	t1, .Lcopy_dst_aligned
.Lcopy_head:				/* bytes to a destination boundary */
	UACCESS_USER(.Lcopy_bytes, lbu t2, 0(a1))
	UACCESS_USER(.Lcopy_bytes, sb t2, 0(a0))
	addi	a0, a0, 1
	addi	a1, a1, 1
	addi	a2, a2, -1
	andi	t1, a0, 7
	bnez	t1, .Lcopy_head
.Lcopy_dst_aligned:			/* a0 8-byte aligned, a2 >= 1 */
	li	t0, 8
	bltu	a2, t0, .Lcopy_bytes
	andi	t1, a1, 7
	bnez	t1, .Lcopy_shift
	li	t0, GROUP
	bltu	a2, t0, .Lcopy_words
.Lcopy_groups:
	UACCESS_USER(.Lcopy_bytes, ld t1, 0(a1))
	UACCESS_USER(.Lcopy_bytes, ld t2, 8(a1))
	UACCESS_USER(.Lcopy_bytes, ld t3, 16(a1))
	UACCESS_USER(.Lcopy_bytes, ld t4, 24(a1))
	UACCESS_USER(.Lcopy_bytes, ld t5, 32(a1))
	UACCESS_USER(.Lcopy_bytes, ld t6, 40(a1))
	UACCESS_USER(.Lcopy_bytes, ld a3, 48(a1))
	UACCESS_USER(.Lcopy_bytes, ld a4, 56(a1))
	UACCESS_USER(.Lcopy_bytes, sd t1, 0(a0))
	UACCESS_USER(.Lcopy_bytes, sd t2, 8(a0))
	UACCESS_USER(.Lcopy_bytes, sd t3, 16(a0))
	UACCESS_USER(.Lcopy_bytes, sd t4, 24(a0))
	UACCESS_USER(.Lcopy_bytes, sd t5, 32(a0))
	UACCESS_USER(.Lcopy_bytes, sd t6, 40(a0))
	UACCESS_USER(.Lcopy_bytes, sd a3, 48(a0))
	UACCESS_USER(.Lcopy_bytes, sd a4, 56(a0))
	addi	a0, a0, GROUP
	addi	a1, a1, GROUP
	addi	a2, a2, -GROUP
	bgeu	a2, t0, .Lcopy_groups
.Lcopy_words:				/* both aligned, a2 < 64 */
	li	t0, 8
	bltu	a2, t0, .Lcopy_bytes
.Lcopy_word_loop:
	UACCESS_USER(.Lcopy_bytes, ld t1, 0(a1))
	UACCESS_USER(.Lcopy_bytes, sd t1, 0(a0))
	addi	a0, a0, 8
	addi	a1, a1, 8
	addi	a2, a2, -8
	bgeu	a2, t0, .Lcopy_word_loop
	j	.Lcopy_bytes

.Lcopy_shift:	/* a0 aligned, a1 misaligned by t1 = 1..7 bytes, a2 >= 8 */
	slli	a4, t1, 3		/* a4 = 8s: the low part's shift */
	li	a5, 64
	sub	a5, a5, a4		/* a5 = 64 - 8s: the high part's */
	andi	a3, a1, -8		/* a3: the aligned doubleword holding from */
	li	t4, 8
	UACCESS_USER(.Lcopy_bytes, ld t0, 0(a3))
.Lcopy_shift_loop:	/* t0 = the doubleword at a3, a2 >= 8 = t4 */
	UACCESS_USER(.Lcopy_bytes, ld t1, 8(a3))
	srl	t2, t0, a4
	sll	t3, t1, a5
	or	t2, t2, t3
	UACCESS_USER(.Lcopy_bytes, sd t2, 0(a0))
	mv	t0, t1
	addi	a0, a0, 8
	addi	a1, a1, 8
	addi	a3, a3, 8
	addi	a2, a2, -8
	bgeu	a2, t4, .Lcopy_shift_loop

.Lcopy_bytes:		/* byte by byte: a0, a1, a2 = count */
	beqz	a2, .Lcopy_ok
.Lcopy_byte_loop:
	UACCESS_USER(.Lcopy_byte_fault, lbu t1, 0(a1))
	UACCESS_USER(.Lcopy_byte_fault, sb t1, 0(a0))
	addi	a0, a0, 1
	addi	a1, a1, 1
	addi	a2, a2, -1
	bnez	a2, .Lcopy_byte_loop
.Lcopy_ok:
	li	a0, 0
	ret
.Lcopy_byte_fault:	/* a2: bytes left, the faulting one included */
	mv	a0, a2
	ret
END(_uaccess_copy_user)

	.section .note.GNU-stack, "", @progbits
