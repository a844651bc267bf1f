/* SPDX-License-Identifier: MIT */
/*
 * copy_to_user, copy_from_user and the kernel probes' copy for Arm
 * Cortex-M (ARMv7-M, ARMv8-M Mainline; Thumb-2): one body, the macro COPY
 * below, assembled three times with each side's load and store
 * instructions as its arguments. User memory is reached with ldrt/strt
 * and ldrbt/strbt (unprivileged: the MPU's unprivileged permissions
 * judge), kernel memory with ldr/str and ldrb/strb. Every access takes
 * [Rn, #imm] with imm in 0..255, the only form the T instructions have.
 *
 * Shape: when source and destination are equally aligned modulo 4, bytes
 * up to the destination's word boundary, then groups of 16 bytes (four
 * words) while 16 are left, then words, then bytes; otherwise bytes all
 * the way (a kernel may trap misaligned words, CCR.UNALIGN_TRP). No ldm or
 * stm: a multiple load that faults may leave ICI state for the fixup.
 *
 * Register use: r0 walks the destination, r1 the source, r2 counts the
 * bytes still to copy; r3, r4, r5, r12 carry data (r4 and r5 saved on the
 * stack).
 *
 * Exactness: every load and store has an exception-table entry. r0/r1/r2
 * advance only after a whole group or word, whose loads all come before
 * its stores, so a fault leaves them at its start (the exception frame
 * restores r0-r3 and r12; r4/r5 are the handler's callee-saved ones). The
 * fixup copies byte by byte from there; that loop faults again on exactly
 * the first byte that cannot be read or written, and r2 is then the count
 * of bytes not copied. A word access straddling into a denied region
 * faults whole; a group's earlier stores lie before the fault and are
 * written again with the same values. No byte at or past the first
 * inaccessible one is written.
 */
#include <uaccess/asm.h>
#include <uaccess/extable.h>

	.syntax unified
	.thumb

/*
 * COPY name, ldw, stw, ldb, stb: one copy routine; ldw/stw move a word,
 * ldb/stb a byte. \@ makes each routine's labels its own.
 * Input:    r0 = destination, r1 = source, r2 = byte count
 * Output:   r0 = bytes not copied (0 on success)
 * Clobbers: r1-r3, r12, flags (caller-saved)
 * Faults:   every load and store: a group's or a word's resume at the byte
 *           loop with r0/r1/r2 at its start; the byte loop's return r2,
 *           the exact count of bytes not copied.
 */
.macro COPY name, ldw, stw, ldb, stb
UACCESS_FUNC(\name)
	push	{r4, r5}
	eor	r3, r0, r1
	tst	r3, #3
	bne	.Lcopy_bytes\@
.Lcopy_align\@:
	tst	r0, #3
	beq	.Lcopy_aligned\@
	cmp	r2, #0
	beq	.Lcopy_ok\@
	UACCESS_USER(.Lcopy_byte_fault\@, \ldb r3, [r1])
	UACCESS_USER(.Lcopy_byte_fault\@, \stb r3, [r0])
	adds	r0, r0, #1
	adds	r1, r1, #1
	subs	r2, r2, #1
	b	.Lcopy_align\@
.Lcopy_aligned\@:
	cmp	r2, #16
	blo	.Lcopy_words\@
.Lcopy_group\@:
	UACCESS_USER(.Lcopy_bytes\@, \ldw r3, [r1])
	UACCESS_USER(.Lcopy_bytes\@, \ldw r4, [r1, #4])
	UACCESS_USER(.Lcopy_bytes\@, \ldw r5, [r1, #8])
	UACCESS_USER(.Lcopy_bytes\@, \ldw r12, [r1, #12])
	UACCESS_USER(.Lcopy_bytes\@, \stw r3, [r0])
	UACCESS_USER(.Lcopy_bytes\@, \stw r4, [r0, #4])
	UACCESS_USER(.Lcopy_bytes\@, \stw r5, [r0, #8])
	UACCESS_USER(.Lcopy_bytes\@, \stw r12, [r0, #12])
	adds	r0, r0, #16
	adds	r1, r1, #16
	subs	r2, r2, #16
	cmp	r2, #16
	bhs	.Lcopy_group\@
.Lcopy_words\@:
	cmp	r2, #4
	blo	.Lcopy_bytes\@
.Lcopy_word\@:
	UACCESS_USER(.Lcopy_bytes\@, \ldw r3, [r1])
	UACCESS_USER(.Lcopy_bytes\@, \stw r3, [r0])
	adds	r0, r0, #4
	adds	r1, r1, #4
	subs	r2, r2, #4
	cmp	r2, #4
	bhs	.Lcopy_word\@
.Lcopy_bytes\@:
	cmp	r2, #0
	beq	.Lcopy_ok\@
.Lcopy_byte\@:
	UACCESS_USER(.Lcopy_byte_fault\@, \ldb r3, [r1])
	UACCESS_USER(.Lcopy_byte_fault\@, \stb r3, [r0])
	adds	r0, r0, #1
	adds	r1, r1, #1
	subs	r2, r2, #1
	bne	.Lcopy_byte\@
.Lcopy_ok\@:
	movs	r0, #0
	pop	{r4, r5}
	bx	lr
.Lcopy_byte_fault\@:		/* bytes left, the faulting one included */
	mov	r0, r2
	pop	{r4, r5}
	bx	lr
UACCESS_END(\name)
.endm

/*
 * _uaccess_asm_copy_to_user: kernel source (ldr, ldrb), user destination
 * (strt, strbt).
 * Input:    r0 = user destination, r1 = kernel source, r2 = byte count
 * Output:   r0 = bytes not copied (0 on success)
 * Clobbers: r1-r3, r12, flags
 * Faults:   any load or store, as in COPY above.
 */
	COPY _uaccess_asm_copy_to_user, ldr, strt, ldrb, strbt

/*
 * _uaccess_asm_copy_from_user: user source (ldrt, ldrbt), kernel
 * destination (str, strb).
 * Input:    r0 = kernel destination, r1 = user source, r2 = byte count
 * Output:   r0 = bytes not copied (0 on success)
 * Clobbers: r1-r3, r12, flags
 * Faults:   any load or store, as in COPY above.
 */
	COPY _uaccess_asm_copy_from_user, ldrt, str, ldrbt, strb

/*
 * _uaccess_asm_copy_kernel: the kernel probes' copy, plain accesses on
 * both sides (an unprivileged one would fault on privileged-only memory).
 * Input:    r0 = destination, r1 = source, r2 = byte count (kernel memory)
 * Output:   r0 = bytes not copied (0 on success)
 * Clobbers: r1-r3, r12, flags
 * Faults:   any load or store, as in COPY above.
 */
	COPY _uaccess_asm_copy_kernel, ldr, str, ldrb, strb

	.section .note.GNU-stack, "", %progbits
