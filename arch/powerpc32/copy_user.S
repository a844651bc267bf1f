/* SPDX-License-Identifier: MIT */
/*
 * copy_to_user / copy_from_user for PowerPC32: one routine for both
 * directions, since either side may fault and the fixups do not care which.
 * Shaped like clear_user.S (L = _UACCESS_LINE): a byte and a halfword up to
 * a destination word boundary; below UACCESS_LINES_MIN (2L) bytes, one group
 * of words per set bit of what is left, a halfword and a byte; from 2L on,
 * groups of words up to a destination line boundary, the line loop over
 * every whole destination line, then the same tail. Loads from the source
 * may be misaligned (big-endian PowerPC does them in hardware; one that
 * crosses into an inaccessible page faults as a whole; for cores that trap
 * them, see "Exceptions" in <uaccess/arch.h>).
 *
 * The line loop has two strategies:
 *  - words: L bytes as groups of 8 word loads then 8 word stores;
 *  - dcbz (L <= 64): load the whole source line into 4, 8 or 16 registers,
 *    dcbz the destination line, store the registers. dcbz establishes the
 *    line in the cache without reading it from memory (the saving is memory
 *    traffic, not instructions), and dcbt asks for the source line
 *    UACCESS_PREFETCH_LINES lines ahead. With 128-byte lines a line does not
 *    fit in the registers and the copy keeps the word strategy.
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
 * Register use: r3 walks the destination, r4 the source, r5 counts the bytes
 * still to copy (in the line loops: the bytes after the lines, with ctr
 * counting the lines left); r0, r6..r12 (and r24..r31 for 64-byte lines,
 * saved in a stack frame) carry data; cr1.eq selects the word strategy. In
 * the dcbz loop r4 runs UACCESS_PREFETCH_LINES lines ahead of the line being
 * copied, so that dcbt needs no register of its own: loads use a negative
 * displacement.
 *
 * Exactness: every load, store, dcbz and dcbt has an exception-table entry.
 * r3/r4/r5 advance only after a whole group of loads and stores, so a fault
 * leaves them at the start of its group (in a line loop: at the start of
 * the line, and r5 + ctr * L bytes from there). The fixup copies byte by
 * byte from there; that loop faults again on exactly the first byte that
 * cannot be read or written, and its ctr is then the count of bytes not
 * copied. Stores are aligned to their size (none straddles two pages) and
 * go in ascending order, and one that faults writes nothing, so no
 * destination byte at or past the fault is written. Loads never go past the
 * end of the source range. Bytes copied twice are the same bytes to the
 * same places.
 */
#include <uaccess/asm.h>
#include <uaccess/dcbz.h>
#include <uaccess/extable.h>

#define L	_UACCESS_LINE
#define LG	_UACCESS_LINE_SHIFT
#define PF	(UACCESS_PREFETCH_LINES * L)	/* r4's lead in the dcbz loop */

#if UACCESS_PREFETCH_LINES < 1 || PF > 4096
#error "UACCESS_PREFETCH_LINES: 1 or more, at most 4 KiB ahead"
#endif

#define REGS1	%r0
#define REGS2	%r0, %r6
#define REGS4	%r0, %r6, %r7, %r8
#define REGS8	%r0, %r6, %r7, %r8, %r9, %r10, %r11, %r12
#define REGS16	REGS8, %r24, %r25, %r26, %r27, %r28, %r29, %r30, %r31

/* The registers that hold one line in the dcbz loop (none: no dcbz loop). */
#if UACCESS_DCBZ_LINE == 16
#define LINE_REGS REGS4
#elif UACCESS_DCBZ_LINE == 32
#define LINE_REGS REGS8
#elif UACCESS_DCBZ_LINE == 64
#define LINE_REGS REGS16
#define FRAME 48		/* r24..r31 at 16(r1) */
#endif

/* Load the given registers from consecutive words at off(base). */
.macro load_words fixup, base, off, regs:vararg
	.set .Lload_off, \off
	.irp reg, \regs
	UACCESS_USER(\fixup, lwz \reg, .Lload_off(\base))
	.set .Lload_off, .Lload_off + 4
	.endr
.endm

/* Store the given registers to consecutive words at off(base). */
.macro store_words fixup, base, off, regs:vararg
	.set .Lstore_off, \off
	.irp reg, \regs
	UACCESS_USER(\fixup, stw \reg, .Lstore_off(\base))
	.set .Lstore_off, .Lstore_off + 4
	.endr
.endm

/* Copy b bytes (4 <= b, a power of 2) from r4 to r3 in groups of 8 words. */
.macro copy_words b, fixup
	.if \b >= 32
	.set .Lcopy_off, 0
	.rept \b / 32
	load_words \fixup, %r4, .Lcopy_off, REGS8
	store_words \fixup, %r3, .Lcopy_off, REGS8
	.set .Lcopy_off, .Lcopy_off + 32
	.endr
	.elseif \b == 16
	load_words \fixup, %r4, 0, REGS4
	store_words \fixup, %r3, 0, REGS4
	.elseif \b == 8
	load_words \fixup, %r4, 0, REGS2
	store_words \fixup, %r3, 0, REGS2
	.else
	load_words \fixup, %r4, 0, REGS1
	store_words \fixup, %r3, 0, REGS1
	.endif
.endm

/* Head group: if the destination has bit b set, copy b bytes (b >= 4). */
.macro copy_head b
	andi.	%r6, %r3, \b
	beq	.Lcopy_head_\@
	copy_words \b, .Lcopy_bytes
	addi	%r3, %r3, \b
	addi	%r4, %r4, \b
	subi	%r5, %r5, \b
.Lcopy_head_\@:
.endm

/* Tail group: if the count has bit b set, copy b bytes (b >= 4). */
.macro copy_tail b
	andi.	%r6, %r5, \b
	beq	.Lcopy_tail_\@
	copy_words \b, .Lcopy_bytes
	addi	%r3, %r3, \b
	addi	%r4, %r4, \b
	subi	%r5, %r5, \b
.Lcopy_tail_\@:
.endm

/*
 * One destination line with dcbz: the whole source line into registers,
 * then dcbz, then the stores. r4 leads by PF; prefetch: dcbt at r4.
 */
.macro copy_line_dcbz prefetch
	.if \prefetch
	UACCESS_USER(.Lcopy_dcbz_fault, dcbt 0, %r4)
	.endif
	load_words .Lcopy_dcbz_fault, %r4, -PF, LINE_REGS
	UACCESS_USER(.Lcopy_dcbz_fault, dcbz 0, %r3)
	store_words .Lcopy_dcbz_fault, %r3, 0, LINE_REGS
	addi	%r3, %r3, L
	addi	%r4, %r4, L
.endm

/*
 * _uaccess_copy_user: copy n bytes where either side may be user memory (a C
 * function).
 * Input:    r3 = destination, r4 = source, r5 = byte count, r6 = nonzero
 *           to establish whole destination lines with dcbz (only if
 *           uaccess_init() verified the line)
 * Output:   r3 = bytes not copied (0 on success)
 * Clobbers: r0, r4..r12, ctr, cr0, cr1 (all volatile in the SysV ABI);
 *           with 64-byte lines, r24..r31 are saved and restored in a
 *           48-byte stack frame
 * Faults:   every load, store, dcbz and dcbt. The fixup of a group goes to
 *           .Lcopy_bytes with r3/r4/r5 at the group's start; those of the
 *           line loops first add the lines left (ctr), the dcbz one also
 *           takes r4's lead back and pops the frame; the byte loop's
 *           returns ctr, the exact bytes not copied.
 */
FUNC(_uaccess_copy_user)
	cmpwi	%cr1, %r6, 0
	cmplwi	%r5, 4
	blt	.Lcopy_bytes
	andi.	%r6, %r3, 3		/* one test when already word-aligned */
	beq	.Lcopy_aligned
	andi.	%r6, %r3, 1		/* a byte and a halfword to a word boundary */
	beq	.Lcopy_align2
	UACCESS_USER(.Lcopy_bytes, lbz %r0, 0(%r4))
	UACCESS_USER(.Lcopy_bytes, stb %r0, 0(%r3))
	addi	%r3, %r3, 1
	addi	%r4, %r4, 1
	subi	%r5, %r5, 1
.Lcopy_align2:
	andi.	%r6, %r3, 2
	beq	.Lcopy_aligned
	UACCESS_USER(.Lcopy_bytes, lhz %r0, 0(%r4))
	UACCESS_USER(.Lcopy_bytes, sth %r0, 0(%r3))
	addi	%r3, %r3, 2
	addi	%r4, %r4, 2
	subi	%r5, %r5, 2
.Lcopy_aligned:				/* r3 word-aligned, r5 >= 1 */
	cmplwi	%r5, UACCESS_LINES_MIN
	bge	.Lcopy_long
	copy_tail L			/* r5 < 2L, then the tail below */
.Lcopy_tail:				/* r3 word-aligned, r5 < L */
#if L > 64
	copy_tail 64
#endif
#if L > 32
	copy_tail 32
#endif
#if L > 16
	copy_tail 16
#endif
	copy_tail 8
	copy_tail 4
	andi.	%r6, %r5, 2
	beq	.Lcopy_tail1
	UACCESS_USER(.Lcopy_bytes, lhz %r0, 0(%r4))
	UACCESS_USER(.Lcopy_bytes, sth %r0, 0(%r3))
	addi	%r3, %r3, 2
	addi	%r4, %r4, 2
	subi	%r5, %r5, 2
.Lcopy_tail1:
	andi.	%r6, %r5, 1
	beq	.Lcopy_ok
	UACCESS_USER(.Lcopy_bytes, lbz %r0, 0(%r4))
	UACCESS_USER(.Lcopy_bytes, stb %r0, 0(%r3))
.Lcopy_ok:
	li	%r3, 0
	blr

.Lcopy_long:				/* r5 >= 2L: words up to a line boundary */
	copy_head 4
	copy_head 8
#if L > 16
	copy_head 16
#endif
#if L > 32
	copy_head 32
#endif
#if L > 64
	copy_head 64
#endif
	srwi	%r6, %r5, LG		/* r6: whole lines, one at least */
	andi.	%r5, %r5, L - 1
#ifdef LINE_REGS
	bne	%cr1, .Lcopy_dcbz
#endif
	mtctr	%r6
.Lcopy_word_lines:
	copy_words L, .Lcopy_lines_fault
	addi	%r3, %r3, L
	addi	%r4, %r4, L
	bdnz	.Lcopy_word_lines
	beq	.Lcopy_ok		/* cr0 of the andi. above: no tail */
	b	.Lcopy_tail


#ifdef LINE_REGS
/*
 * The dcbz line loop, in two parts: while more than UACCESS_PREFETCH_LINES
 * lines are left, each line also prefetches the source line that far
 * ahead; the last ones prefetch nothing (it would lie past the range).
 * During the first part, r5 also counts the lines of the second.
 */
.Lcopy_dcbz:			/* r3 line-aligned, r6 = lines >= 1, r5 = tail */
#ifdef FRAME
	stwu	%r1, -FRAME(%r1)
	stmw	%r24, 16(%r1)
#endif
	addi	%r4, %r4, PF
	cmplwi	%r6, UACCESS_PREFETCH_LINES
	ble	.Lcopy_dcbz_near
	subi	%r6, %r6, UACCESS_PREFETCH_LINES
	mtctr	%r6
	addi	%r5, %r5, PF
.Lcopy_dcbz_far:
	copy_line_dcbz 1
	bdnz	.Lcopy_dcbz_far
	subi	%r5, %r5, PF
	li	%r6, UACCESS_PREFETCH_LINES
.Lcopy_dcbz_near:
	mtctr	%r6
.Lcopy_dcbz_near_loop:
	copy_line_dcbz 0
	bdnz	.Lcopy_dcbz_near_loop
	subi	%r4, %r4, PF
#ifdef FRAME
	lmw	%r24, 16(%r1)
	addi	%r1, %r1, FRAME
#endif
	cmpwi	%r5, 0			/* no tail: done (10 instructions less) */
	beq	.Lcopy_ok
	b	.Lcopy_tail

.Lcopy_dcbz_fault:	/* r3: start of the line, r4: its source + PF */
	subi	%r4, %r4, PF
#ifdef FRAME
	lmw	%r24, 16(%r1)
	addi	%r1, %r1, FRAME
#endif
#endif /* LINE_REGS */
.Lcopy_lines_fault:	/* r3/r4: start of the line; ctr: lines left, it included */
	mfctr	%r6
	slwi	%r6, %r6, LG
	add	%r5, %r5, %r6
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
END(_uaccess_copy_user)

	.section .note.GNU-stack, "", @progbits
