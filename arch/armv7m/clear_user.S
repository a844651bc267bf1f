/* SPDX-License-Identifier: MIT */
/*
 * clear_user for Arm Cortex-M (ARMv7-M, ARMv8-M Mainline; Thumb-2): strt
 * of a zero register (unprivileged, checked against the MPU's
 * unprivileged permissions), bytes up to a word boundary, 16 bytes a
 * group while 16 are left, then words, then bytes. Words only once the
 * pointer is aligned: a kernel may trap misaligned accesses
 * (CCR.UNALIGN_TRP).
 *
 * Registers: r0 the next byte to clear, r1 the bytes left from r0, r2
 * zero. No stack.
 *
 * Exactness: every store has an exception-table entry. r0/r1 advance only
 * after a whole group or word, so a fault leaves them at its start (the
 * exception frame restores r0-r3 as they were); the fixup clears byte by
 * byte from there, that loop faults again on exactly the first byte that
 * cannot be written, and r1 is then the count not cleared. A word store
 * that straddles into a denied region faults and writes nothing; a group
 * whose later word faults has written its earlier ones, which lie before
 * the fault and are cleared again. No byte at or past the first
 * inaccessible one is written. (MMFAR names the first byte of the denied
 * region, not the store's first byte that fails: it is never read.)
 */
#include <uaccess/asm.h>
#include <uaccess/extable.h>

	.syntax unified
	.thumb

/*
 * _uaccess_asm_clear_user: clear n bytes of user memory (an AAPCS function).
 * Input:    r0 = user destination, r1 = byte count
 * Output:   r0 = bytes not cleared (0 on success)
 * Clobbers: r1, r2, flags (caller-saved)
 * Faults:   every strt: a group's or a word's resume at the byte loop with
 *           r0/r1 at its start; the byte loop's (strbt) return r1.
 */
UACCESS_FUNC(_uaccess_asm_clear_user)
	movs	r2, #0
	cmp	r1, #0
	beq	.Lclear_ok
.Lclear_align:
	tst	r0, #3
	beq	.Lclear_aligned
	UACCESS_USER(.Lclear_byte_fault, strbt r2, [r0])
	adds	r0, r0, #1
	subs	r1, r1, #1
	bne	.Lclear_align
	b	.Lclear_ok
.Lclear_aligned:
	cmp	r1, #16
	blo	.Lclear_words
.Lclear_group:
	UACCESS_USER(.Lclear_bytes, strt r2, [r0])
	UACCESS_USER(.Lclear_bytes, strt r2, [r0, #4])
	UACCESS_USER(.Lclear_bytes, strt r2, [r0, #8])
	UACCESS_USER(.Lclear_bytes, strt r2, [r0, #12])
	adds	r0, r0, #16
	subs	r1, r1, #16
	cmp	r1, #16
	bhs	.Lclear_group
.Lclear_words:
	cmp	r1, #4
	blo	.Lclear_bytes
.Lclear_word:
	UACCESS_USER(.Lclear_bytes, strt r2, [r0])
	adds	r0, r0, #4
	subs	r1, r1, #4
	cmp	r1, #4
	bhs	.Lclear_word
.Lclear_bytes:
	cmp	r1, #0
	beq	.Lclear_ok
.Lclear_byte:
	UACCESS_USER(.Lclear_byte_fault, strbt r2, [r0])
	adds	r0, r0, #1
	subs	r1, r1, #1
	bne	.Lclear_byte
.Lclear_ok:
	movs	r0, #0
	bx	lr
.Lclear_byte_fault:		/* bytes left, the faulting one included */
	mov	r0, r1
	bx	lr
UACCESS_END(_uaccess_asm_clear_user)

	.section .note.GNU-stack, "", %progbits
