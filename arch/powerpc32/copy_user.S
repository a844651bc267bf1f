/* SPDX-License-Identifier: MIT */
/*
 * copy_to_user / copy_from_user for PowerPC32: one routine for both
 * directions, since either side may fault and the fixups do not care which.
 * Shaped like clear_user.S (L = _UACCESS_LINE): below 4 bytes, bytes;
 * below 16, a byte and/or a halfword up to a destination word boundary (one
 * block per alignment), groups of 8 and 4 bytes, a halfword and a byte;
 * below UACCESS_COPY_LINES_MIN, the same with groups of 64 (or 128) .. 16
 * bytes first; from there on, groups of words up to a destination line
 * boundary, the line loop over every whole destination line, then the
 * tail groups. As in clear_user.S, one mtcrf puts the bits that choose the
 * groups into cr6/cr7, and both pointers run 4 below the next byte, moved
 * by the group's last load (lwzu) and last store (stwu). Loads from the
 * source may be misaligned (big-endian PowerPC does them in hardware; one
 * that crosses into an inaccessible page faults as a whole; for cores that
 * trap them, see "Exceptions" in <uaccess/arch.h>); stores never are.
 *
 * The line loop has two strategies:
 *  - words: L bytes as runs of 4 word loads then 4 word stores;
 *  - dcbz (L <= 64): load the whole source line into 4, 8 or 16 registers,
 *    dcbz the destination line, store the registers. dcbz establishes the
 *    line in the cache without reading it from memory (the saving is memory
 *    traffic, not instructions), and dcbt asks for the source line
 *    UACCESS_PREFETCH_LINES lines ahead. With 128-byte lines a line does not
 *    fit in the registers and the copy keeps the word strategy.
 * Lines start at UACCESS_COPY_LINES_MIN bytes, not 2L: below it, groups of
 * words copy a line in fewer instructions than the loop and its set-up.
 *
 * Why dcbz never zeroes a byte it must not: dcbz clears the whole line, so
 * it may only run when every byte of that line will certainly be written
 * with copied data before anything can fault. Loading the whole source line
 * first guarantees it: a source fault (copy_from_user: an unreadable user
 * page) happens before the destination line is touched at all, so the bytes
 * from the fault on stay as they were (the __ form must leave them; the
 * checked form zero-fills them later). Once the loads are done, dcbz and
 * the stores can only fail on the destination itself; a dcbz that faults
 * (copy_to_user: an unwritable user page) writes nothing, and one that
 * succeeds is followed at once by stores covering the whole line. Probing
 * the source instead (touching its first and last byte before the dcbz)
 * would need no registers, but a page unmapped between probe and load by
 * another thread would leave zeroed bytes that __copy_from_user must not
 * have written. dcbt only ever names an address inside the source range
 * (the last lines prefetch nothing).
 *
 * Register use: r3, r4 and r5 keep the call's destination, source and count
 * to the end (the fixup needs them); r9 and r10 are the destination and
 * source pointers, 4 below the next byte; r0, r7, r8 and r11 carry the
 * groups' data, r8 is also scratch; ctr counts the lines. The dcbz loop
 * loads a line into LINE_REGS and needs two index registers (dcbz's, 4;
 * dcbt's, the prefetch distance + 4): with 32-byte lines that takes r28..r31
 * too, with 64-byte lines r20..r31, saved in a stack frame.
 *
 * Exactness: every load, store, dcbz and dcbt has an exception-table entry.
 * Before the first destination word boundary a fault restarts the call
 * byte by byte from r3/r4. After it, a group's or a line's stores go in
 * ascending order and only the last one moves r9 (an access that faults
 * updates nothing), so a fault leaves r9 + 4 at the start of its group or
 * line on the destination; the fixup takes the source from there at the
 * call's distance (r10 may have moved already: loads come first), and the
 * count to r3 + r5, and copies byte by byte; that loop faults again on
 * exactly the first byte that cannot be read or written, and its ctr is
 * then the count of bytes not copied. Stores are aligned to their size
 * (none straddles two pages) and go in ascending order, and one that faults
 * writes nothing, so no destination byte at or past the fault is written.
 * Loads never go past the end of the source range. Bytes copied twice are
 * the same bytes to the same places.
 */
#include <uaccess/asm.h>
#include <uaccess/dcbz.h>
#include <uaccess/extable.h>

#define L	_UACCESS_LINE
#define LG	_UACCESS_LINE_SHIFT
#include "line_groups.h"
#define PF	(UACCESS_PREFETCH_LINES * L)	/* dcbt's distance, in bytes */

#if UACCESS_PREFETCH_LINES < 1 || PF > 4096
#error "UACCESS_PREFETCH_LINES: 1 or more, at most 4 KiB ahead"
#endif

/*
 * The dcbz loop's registers (none: no dcbz loop): a line's data, dcbz's
 * index (RZ) and dcbt's (RT), and the non-volatile ones among them, saved
 * from FIRST_SAVED on in a FRAME-byte stack frame.
 */
#define REGS_VOLATILE	%r0, %r6, %r7, %r8, %r11, %r12
#if UACCESS_DCBZ_LINE == 16
#define LINE_REGS	%r0, %r7, %r8, %r11
#define RZ		%r12
#define RT		%r6
#elif UACCESS_DCBZ_LINE == 32
#define LINE_REGS	REGS_VOLATILE, %r30, %r31
#define RZ		%r28
#define RT		%r29
#define FIRST_SAVED	%r28
#define FRAME		32
#elif UACCESS_DCBZ_LINE == 64
#define LINE_REGS	REGS_VOLATILE, %r20, %r21, %r22, %r23, %r24, %r25, %r26, \
			%r27, %r28, %r29
#define RZ		%r30
#define RT		%r31
#define FIRST_SAVED	%r20
#define FRAME		64
#endif

/* Where the tail after the line loop starts: the group of L/2 bytes. */
#if L == 16
#define COPY_TAIL .Lcopy_g8
#elif L == 32
#define COPY_TAIL .Lcopy_g16
#elif L == 64
#define COPY_TAIL .Lcopy_g32
#else
#define COPY_TAIL .Lcopy_g64
#endif

/* A word load from off(r10), or store to off(r9); with update: lwzu/stwu. */
.macro load_word fixup, update, reg, off
	.if \update
	UACCESS_USER(\fixup, lwzu \reg, \off(%r10))
	.else
	UACCESS_USER(\fixup, lwz \reg, \off(%r10))
	.endif
.endm

.macro store_word fixup, update, reg, off
	.if \update
	UACCESS_USER(\fixup, stwu \reg, \off(%r9))
	.else
	UACCESS_USER(\fixup, stw \reg, \off(%r9))
	.endif
.endm

/*
 * n words (1, 2 or 4) at .Lrun_off from r10 to r9, loads first; with last,
 * the final load and store move the pointers.
 */
.macro copy_run n, last
	.if \n == 1
	load_word .Lcopy_fault, \last, %r0, .Lrun_off
	store_word .Lcopy_fault, \last, %r0, .Lrun_off
	.elseif \n == 2
	load_word .Lcopy_fault, 0, %r0, .Lrun_off
	load_word .Lcopy_fault, \last, %r7, .Lrun_off+4
	store_word .Lcopy_fault, 0, %r0, .Lrun_off
	store_word .Lcopy_fault, \last, %r7, .Lrun_off+4
	.else
	load_word .Lcopy_fault, 0, %r0, .Lrun_off
	load_word .Lcopy_fault, 0, %r7, .Lrun_off+4
	load_word .Lcopy_fault, 0, %r8, .Lrun_off+8
	load_word .Lcopy_fault, \last, %r11, .Lrun_off+12
	store_word .Lcopy_fault, 0, %r0, .Lrun_off
	store_word .Lcopy_fault, 0, %r7, .Lrun_off+4
	store_word .Lcopy_fault, 0, %r8, .Lrun_off+8
	store_word .Lcopy_fault, \last, %r11, .Lrun_off+12
	.endif
	.set .Lrun_off, .Lrun_off + 4 * \n
.endm

/* b bytes (4, 8 or a multiple of 16) from r10 + 4 to r9 + 4. */
.macro copy_words b
	.set .Lrun_off, 4
	.if \b < 16
	copy_run (\b / 4), 1
	.else
	.rept \b / 16 - 1
	copy_run 4, 0
	.endr
	copy_run 4, 1
	.endif
.endm

/* If the CR bit of b is set: b bytes from r10 + 4 to r9 + 4. */
.macro copy_group b
	cr_bit \b
	bf	.Lbit, .Lcopy_group_\@
	copy_words \b
.Lcopy_group_\@:
.endm

/*
 * The head of a destination r7 = r3 & 3 (1, 2 or 3) bytes past a word
 * boundary: a byte and/or a halfword up to the next one, one block per
 * alignment. Then r9/r10 = 4 below that boundary and its source, cr6/cr7 =
 * the bytes left, on to groups (the last block, the byte alone, falls
 * through where fall says); with big, to .Lcopy_long instead when cr1 says
 * UACCESS_COPY_LINES_MIN or more.
 */
.macro copy_head groups, big, fall
	cmpwi	%r7, 2
	bgt	.Lcopy_head3_\@
	beq	.Lcopy_head2_\@
	UACCESS_USER(.Lcopy_bytes, lbz %r0, 0(%r4))
	UACCESS_USER(.Lcopy_bytes, lhz %r7, 1(%r4))
	UACCESS_USER(.Lcopy_bytes, stb %r0, 0(%r3))
	UACCESS_USER(.Lcopy_bytes, sth %r7, 1(%r3))
	copy_head_done 3, \groups, \big, 0
.Lcopy_head2_\@:
	UACCESS_USER(.Lcopy_bytes, lhz %r0, 0(%r4))
	UACCESS_USER(.Lcopy_bytes, sth %r0, 0(%r3))
	copy_head_done 2, \groups, \big, 0
.Lcopy_head3_\@:
	UACCESS_USER(.Lcopy_bytes, lbz %r0, 0(%r4))
	UACCESS_USER(.Lcopy_bytes, stb %r0, 0(%r3))
	copy_head_done 1, \groups, \big, \fall
.endm

.macro copy_head_done h, groups, big, fall
	addi	%r9, %r3, \h - 4
	addi	%r10, %r4, \h - 4
	.if \big
	bge	%cr1, .Lcopy_long
	.endif
	addi	%r8, %r5, -\h
	mtcrf	0x03, %r8
	.if !\fall
	b	\groups
	.endif
.endm

#ifdef LINE_REGS
/* One destination line with dcbz: its source into LINE_REGS, dcbz, stores. */
.macro copy_line_dcbz prefetch
	.if \prefetch
	UACCESS_USER(.Lcopy_lines_fault, dcbt RT, %r10)
	.endif
	.set .Lline_off, 4
	.irp reg, LINE_REGS
	load_word .Lcopy_lines_fault, (.Lline_off == L), \reg, .Lline_off
	.set .Lline_off, .Lline_off + 4
	.endr
	UACCESS_USER(.Lcopy_lines_fault, dcbz RZ, %r9)
	.set .Lline_off, 4
	.irp reg, LINE_REGS
	store_word .Lcopy_lines_fault, (.Lline_off == L), \reg, .Lline_off
	.set .Lline_off, .Lline_off + 4
	.endr
.endm
#endif

/*
 * _uaccess_asm_copy_user: copy n bytes where either side may be user memory (a C
 * function).
 * Input:    r3 = destination, r4 = source, r5 = byte count; _uaccess_dcbz
 *           nonzero to establish whole destination lines with dcbz (set
 *           by uaccess_init() once it has verified the line), read where
 *           the line loop starts
 * Output:   r3 = bytes not copied (0 on success)
 * Clobbers: r0, r4..r12, ctr, cr0, cr1, cr5..cr7 (all volatile in the SysV
 *           ABI); with 32- and 64-byte lines the dcbz loop saves and
 *           restores r28..r31 or r20..r31 in a stack frame
 * Faults:   every load, store, dcbz and dcbt. Those before the first
 *           destination word boundary resume at .Lcopy_bytes with r3/r4/r5
 *           as called; the others at .Lcopy_fault (the dcbz loop's first
 *           pops its frame), which starts it at r9 + 4 and the source as
 *           far on, with the bytes from there to r3 + r5; the byte loop's
 *           returns ctr, the exact bytes not copied.
 */
UACCESS_FUNC(_uaccess_asm_copy_user)
	cmplwi	%cr1, %r5, 16
	andi.	%r7, %r3, 3
	bge	%cr1, .Lcopy_big
	cmplwi	%cr5, %r5, 4
	blt	%cr5, .Lcopy_tiny
	bne	.Lcopy_small_head
	addi	%r9, %r3, -4		/* 4 .. 15 bytes, word-aligned */
	addi	%r10, %r4, -4
	mtcrf	0x03, %r5
	b	.Lcopy_g8

.Lcopy_tiny:			/* 0 .. 3 bytes, any alignment: bytes */
	mtcrf	0x01, %r5
	bt	30, .Lcopy_tiny2
	bf	31, .Lcopy_ok
	UACCESS_USER(.Lcopy_bytes, lbz %r0, 0(%r4))
	UACCESS_USER(.Lcopy_bytes, stb %r0, 0(%r3))
	li	%r3, 0
	blr
.Lcopy_tiny2:
	UACCESS_USER(.Lcopy_bytes, lbz %r0, 0(%r4))
	UACCESS_USER(.Lcopy_bytes, lbz %r7, 1(%r4))
	UACCESS_USER(.Lcopy_bytes, stb %r0, 0(%r3))
	UACCESS_USER(.Lcopy_bytes, stb %r7, 1(%r3))
	bf	31, .Lcopy_ok
	UACCESS_USER(.Lcopy_bytes, lbz %r0, 2(%r4))
	UACCESS_USER(.Lcopy_bytes, stb %r0, 2(%r3))
	li	%r3, 0
	blr

.Lcopy_small_head:		/* 4 .. 15 bytes, not word-aligned */
	copy_head .Lcopy_g8, 0, 1
.Lcopy_g8:			/* r9 + 4 word-aligned; cr6/cr7: bytes left */
	copy_group 8
	copy_group 4
	bt	30, .Lcopy_sub2		/* a halfword and/or a byte */
	bf	31, .Lcopy_ok
	UACCESS_USER(.Lcopy_fault, lbz %r0, 4(%r10))
	UACCESS_USER(.Lcopy_fault, stb %r0, 4(%r9))
.Lcopy_ok:
	li	%r3, 0
	blr
.Lcopy_sub2:
	UACCESS_USER(.Lcopy_fault, lhz %r0, 4(%r10))
	UACCESS_USER(.Lcopy_fault, sth %r0, 4(%r9))
	bf	31, .Lcopy_ok
	UACCESS_USER(.Lcopy_fault, lbz %r0, 6(%r10))
	UACCESS_USER(.Lcopy_fault, stb %r0, 6(%r9))
	li	%r3, 0
	blr

.Lcopy_big:			/* 16 bytes or more; cr0.eq: word-aligned */
	cmplwi	%cr1, %r5, UACCESS_COPY_LINES_MIN
	bne	.Lcopy_big_head
	addi	%r9, %r3, -4
	addi	%r10, %r4, -4
	bge	%cr1, .Lcopy_long
	mtcrf	0x03, %r5
.Lcopy_med:		/* r9 + 4 word-aligned; cr6/cr7: bytes left, fewer than
			   UACCESS_COPY_LINES_MIN */
#if UACCESS_COPY_LINES_MIN > 128
.Lcopy_g128:
	copy_group 128
#endif
.Lcopy_g64:
	copy_group 64
.Lcopy_g32:
	copy_group 32
.Lcopy_g16:
	copy_group 16
	b	.Lcopy_g8

.Lcopy_big_head:		/* 16 bytes or more, not word-aligned */
	copy_head .Lcopy_med, 1, 0

.Lcopy_long:		/* r9 + 4 word-aligned, 2L - 3 bytes or more to go */
	line_head copy_group, %r9
	add	%r8, %r3, %r5
	subf	%r8, %r9, %r8
	addi	%r8, %r8, -4		/* bytes from the line boundary: L or more */
	srwi	%r11, %r8, LG		/* whole lines */
	mtcrf	0x03, %r8		/* the tail's groups */
#ifdef LINE_REGS
	lis	%r6, _uaccess_dcbz@ha
	lwz	%r6, _uaccess_dcbz@l(%r6)
	cmpwi	%r6, 0
	bne	.Lcopy_dcbz
#endif
	mtctr	%r11
.Lcopy_word_lines:
	copy_words L
	bdnz	.Lcopy_word_lines
	b	COPY_TAIL

#ifdef LINE_REGS
/*
 * The dcbz line loop, in two parts: while more than UACCESS_PREFETCH_LINES
 * lines are left, each line also prefetches the source line that far
 * ahead; the last ones prefetch nothing (it would lie past the range).
 */
.Lcopy_dcbz:			/* r11 = whole lines, 1 or more */
#ifdef FRAME
	stwu	%r1, -FRAME(%r1)
	stmw	FIRST_SAVED, 8(%r1)
#endif
	li	RZ, 4
	cmplwi	%r11, UACCESS_PREFETCH_LINES
	ble	.Lcopy_dcbz_near
	addi	%r11, %r11, -UACCESS_PREFETCH_LINES
	li	RT, PF + 4
	mtctr	%r11
.Lcopy_dcbz_far:
	copy_line_dcbz 1
	bdnz	.Lcopy_dcbz_far
	li	%r11, UACCESS_PREFETCH_LINES
.Lcopy_dcbz_near:
	mtctr	%r11
.Lcopy_dcbz_near_loop:
	copy_line_dcbz 0
	bdnz	.Lcopy_dcbz_near_loop
#ifdef FRAME
	lmw	FIRST_SAVED, 8(%r1)
	addi	%r1, %r1, FRAME
#endif
	b	COPY_TAIL

.Lcopy_lines_fault:	/* r9 + 4: the start of the destination line */
#ifdef FRAME
	lmw	FIRST_SAVED, 8(%r1)
	addi	%r1, %r1, FRAME
#endif
#endif /* LINE_REGS */
.Lcopy_fault:		/* r9 + 4: the start of the group or line that faulted */
	add	%r5, %r3, %r5		/* the end */
	subf	%r4, %r3, %r4		/* source - destination */
	addi	%r3, %r9, 4
	subf	%r5, %r3, %r5
	add	%r4, %r4, %r3
.Lcopy_bytes:		/* byte by byte: r3 = destination, r4 = source, r5 = count */
	cmplwi	%r5, 0
	beq	.Lcopy_ok
	mtctr	%r5
.Lcopy_byte_loop:
	UACCESS_USER(.Lcopy_byte_fault, lbz %r0, 0(%r4))
	UACCESS_USER(.Lcopy_byte_fault, stb %r0, 0(%r3))
	addi	%r3, %r3, 1
	addi	%r4, %r4, 1
	bdnz	.Lcopy_byte_loop
	li	%r3, 0
	blr
.Lcopy_byte_fault:	/* ctr: bytes left, the faulting one included */
	mfctr	%r3
	blr
UACCESS_END(_uaccess_asm_copy_user)

	.section .note.GNU-stack, "", @progbits
