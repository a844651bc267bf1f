/* SPDX-License-Identifier: MIT */
/*
 * clear_user for PowerPC32: one routine, two strategies for whole lines.
 *
 * Shape (L = _UACCESS_LINE, the dcbz line of <uaccess/dcbz.h>), by size:
 *  - below 4 bytes: bytes;
 *  - below 16: a byte and/or a halfword up to a word boundary (one block
 *    per alignment), then groups of 8 and 4 bytes, a halfword and a byte;
 *  - below UACCESS_LINES_MIN (2L): the same, with groups of L .. 16 first;
 *  - from 2L on: after the word boundary, groups of 4 .. L/2 bytes up to a
 *    line boundary, the line loop over every whole line, then the tail
 *    groups. The line loop clears a line with one dcbz (dcbz strategy: 3
 *    instructions a line) or with L/4 word stores (word strategy, the
 *    fallback); nothing else differs.
 * One mtcrf puts the bits that choose the groups (of the count, or of the
 * distance to a line boundary) into cr6/cr7, so a group costs one branch
 * when skipped and only its stores when taken: the store pointer runs 4
 * below the next byte and the group's last store updates it (stwu).
 *
 * dcbz establishes the whole line that holds its address, zeroed, without
 * reading it from memory, whatever size the CPU's line really has. It is
 * used only on an L-aligned address whose whole line lies in the range, and
 * only when uaccess_init() has measured that dcbz clears exactly L bytes on
 * this CPU; it then writes exactly the bytes L/4 word stores would.
 *
 * Register use: r3 and r4 keep the call's destination and count to the end
 * (the fixup needs them); r6 is the store pointer, 4 below the next byte;
 * r0 is zero; r7 (dcbz's index: 4), r8 and r9 are scratch; ctr counts the
 * lines. No stack. Every store is aligned to its size, so none straddles
 * two pages.
 *
 * Exactness: every store and every dcbz has an exception-table entry.
 * Before the first word boundary a fault restarts the call byte by byte
 * from r3. After it, a group's stores go in ascending order and only the
 * last one moves r6 (a store that faults updates nothing), so a fault
 * leaves r6 + 4 at the start of its group or line, r3 + r4 - (r6 + 4)
 * bytes from the end. The fixup clears byte by byte from there; that loop
 * faults again on exactly the first byte that cannot be written, and its
 * ctr is then the count of bytes not cleared. A store or dcbz that faults
 * writes nothing and stores go in ascending order, so nothing at or past
 * the first inaccessible byte is ever written; bytes a group had already
 * cleared are cleared again.
 *
 * A dcbz on memory that is cache-inhibited or write-through takes an
 * alignment exception instead of clearing the line. A kernel whose user
 * memory may be such routes that exception to uaccess_fixup() as well: the
 * line (and the rest of the range) is then cleared byte by byte, correct
 * if slow.
 */
#include <uaccess/asm.h>
#include <uaccess/dcbz.h>
#include <uaccess/extable.h>

#define L	_UACCESS_LINE
#define LG	_UACCESS_LINE_SHIFT
#include "line_groups.h"

/* Where the tail after the line loop starts: the group of L/2 bytes. */
#if L == 16
#define CLEAR_TAIL .Lclear_g8
#elif L == 32
#define CLEAR_TAIL .Lclear_g16
#elif L == 64
#define CLEAR_TAIL .Lclear_g32
#else
#define CLEAR_TAIL .Lclear_g64
#endif

/* n zero words at r6 + 4, r6 + 8, ...; the last store moves r6 to itself. */
.macro zero_words n
	.set .Lzero_off, 4
	.rept \n - 1
	UACCESS_USER(.Lclear_fault, stw %r0, .Lzero_off(%r6))
	.set .Lzero_off, .Lzero_off + 4
	.endr
	UACCESS_USER(.Lclear_fault, stwu %r0, .Lzero_off(%r6))
.endm

/* If the CR bit of b (a multiple of 4) is set: b zero bytes at r6 + 4. */
.macro clear_group b
	cr_bit \b
	bf	.Lbit, .Lclear_group_\@
	zero_words (\b / 4)
.Lclear_group_\@:
.endm

/*
 * The head of a destination r7 = r3 & 3 (1, 2 or 3) bytes past a word
 * boundary: a byte and/or a halfword up to the next one, one block per
 * alignment. Then r6 = 4 below that boundary and cr6/cr7 = the bytes left,
 * on to groups; with big, to .Lclear_long instead when cr1 says 2L or more.
 */
.macro clear_head groups, big
	cmpwi	%r7, 2
	bgt	.Lclear_head3_\@
	beq	.Lclear_head2_\@
	UACCESS_USER(.Lclear_bytes, stb %r0, 0(%r3))
	UACCESS_USER(.Lclear_bytes, sth %r0, 1(%r3))
	clear_head_done 3, \groups, \big
.Lclear_head2_\@:
	UACCESS_USER(.Lclear_bytes, sth %r0, 0(%r3))
	clear_head_done 2, \groups, \big
.Lclear_head3_\@:
	UACCESS_USER(.Lclear_bytes, stb %r0, 0(%r3))
	clear_head_done 1, \groups, \big
.endm

.macro clear_head_done h, groups, big
	addi	%r6, %r3, \h - 4
	.if \big
	bge	%cr1, .Lclear_long
	.endif
	addi	%r8, %r4, -\h
	mtcrf	0x03, %r8
	b	\groups
.endm

/*
 * _uaccess_asm_clear_user: zero n bytes of user memory (a C function).
 * Input:    r3 = user destination, r4 = byte count; _uaccess_dcbz nonzero
 *           to clear whole lines with dcbz (set by uaccess_init() once it
 *           has verified the line), read where the line loop starts
 * Output:   r3 = bytes not cleared (0 on success)
 * Clobbers: r0, r4..r9, ctr, cr0, cr1, cr5..cr7 (all volatile in the
 *           SysV ABI)
 * Faults:   every stb/sth/stw and dcbz on the destination. Those before
 *           the first word boundary resume at .Lclear_bytes with r3/r4 as
 *           called; the others at .Lclear_fault, which starts it at r6 + 4
 *           with the bytes from there to r3 + r4; the byte loop's returns
 *           ctr, the exact bytes not cleared.
 */
UACCESS_FUNC(_uaccess_asm_clear_user)
	cmplwi	%cr5, %r4, 4
	li	%r0, 0
	blt	%cr5, .Lclear_tiny
	cmplwi	%cr1, %r4, 16
	andi.	%r7, %r3, 3
	bge	%cr1, .Lclear_big
	bne	.Lclear_small_head
	addi	%r6, %r3, -4		/* 4 .. 15 bytes, word-aligned */
	mtcrf	0x03, %r4
.Lclear_g8:			/* r6 + 4 word-aligned; cr6/cr7: bytes left */
	clear_group 8
	clear_group 4
	bt	30, .Lclear_sub2	/* a halfword and/or a byte */
	bf	31, .Lclear_ok
	UACCESS_USER(.Lclear_fault, stb %r0, 4(%r6))
.Lclear_ok:
	li	%r3, 0
	blr
.Lclear_sub2:
	UACCESS_USER(.Lclear_fault, sth %r0, 4(%r6))
	bf	31, .Lclear_ok
	UACCESS_USER(.Lclear_fault, stb %r0, 6(%r6))
	li	%r3, 0
	blr

.Lclear_small_head:		/* 4 .. 15 bytes, not word-aligned */
	clear_head .Lclear_g8, 0

.Lclear_tiny:			/* 0 .. 3 bytes, any alignment: bytes */
	mtcrf	0x01, %r4
	bt	30, .Lclear_tiny2
	bf	31, .Lclear_ok
	UACCESS_USER(.Lclear_bytes, stb %r0, 0(%r3))
	li	%r3, 0
	blr
.Lclear_tiny2:
	UACCESS_USER(.Lclear_bytes, stb %r0, 0(%r3))
	UACCESS_USER(.Lclear_bytes, stb %r0, 1(%r3))
	bf	31, .Lclear_ok
	UACCESS_USER(.Lclear_bytes, stb %r0, 2(%r3))
	li	%r3, 0
	blr

.Lclear_big:			/* 16 bytes or more; cr0.eq: word-aligned */
	cmplwi	%cr1, %r4, UACCESS_LINES_MIN
	bne	.Lclear_big_head
	addi	%r6, %r3, -4
	bge	%cr1, .Lclear_long
	mtcrf	0x03, %r4
.Lclear_med:			/* r6 + 4 word-aligned; cr6/cr7: bytes left < 2L */
#if L > 64
.Lclear_g128:
	clear_group 128
#endif
#if L > 32
.Lclear_g64:
	clear_group 64
#endif
#if L > 16
.Lclear_g32:
	clear_group 32
#endif
.Lclear_g16:
	clear_group 16
	b	.Lclear_g8

.Lclear_big_head:		/* 16 bytes or more, not word-aligned */
	clear_head .Lclear_med, 1

.Lclear_long:			/* r6 + 4 word-aligned, 2L - 3 bytes or more to go */
	line_head clear_group, %r6
	add	%r8, %r3, %r4
	subf	%r8, %r6, %r8
	addi	%r8, %r8, -4		/* bytes from the line boundary: L or more */
	srwi	%r9, %r8, LG
	mtcrf	0x03, %r8		/* the tail's groups */
	mtctr	%r9
#if UACCESS_DCBZ_LINE
	lis	%r5, _uaccess_dcbz@ha
	lwz	%r5, _uaccess_dcbz@l(%r5)
	cmpwi	%r5, 0
	beq	.Lclear_word_lines
	li	%r7, 4
.Lclear_dcbz_lines:
	UACCESS_USER(.Lclear_fault, dcbz %r7, %r6)
	addi	%r6, %r6, L
	bdnz	.Lclear_dcbz_lines
	b	CLEAR_TAIL
#endif
.Lclear_word_lines:
	zero_words (L / 4)
	bdnz	.Lclear_word_lines
	b	CLEAR_TAIL

.Lclear_fault:		/* r6 + 4: the start of the group or line that faulted */
	add	%r4, %r3, %r4
	addi	%r3, %r6, 4
	subf	%r4, %r3, %r4
.Lclear_bytes:		/* byte by byte: r3 = destination, r4 = count, r0 = 0 */
	cmplwi	%r4, 0
	beq	.Lclear_ok
	mtctr	%r4
.Lclear_byte_loop:
	UACCESS_USER(.Lclear_byte_fault, stb %r0, 0(%r3))
	addi	%r3, %r3, 1
	bdnz	.Lclear_byte_loop
	li	%r3, 0
	blr
.Lclear_byte_fault:	/* ctr: bytes left, the faulting one included */
	mfctr	%r3
	blr
UACCESS_END(_uaccess_asm_clear_user)

	.section .note.GNU-stack, "", @progbits
