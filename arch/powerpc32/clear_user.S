/* SPDX-License-Identifier: MIT */
/*
 * clear_user for PowerPC32: one routine, two strategies for whole lines.
 *
 * Shape (L = _UACCESS_LINE, the dcbz line of <uaccess/dcbz.h>): a byte and a
 * halfword up to a word boundary; then, below UACCESS_LINES_MIN (2L) bytes,
 * one group of word stores per set bit of what is left (L, L/2, ..., 4), a
 * halfword and a byte. From 2L bytes on: one group of words per set bit of
 * the address (4, 8, ..., L/2) up to a line boundary, the line loop over
 * every whole line inside the range, then the same tail groups. The line
 * loop clears a line with one dcbz (dcbz strategy: 3 instructions a line)
 * or with L/4 word stores (word strategy, the fallback); nothing else
 * differs.
 *
 * dcbz establishes the whole line that holds its address, zeroed, without
 * reading it from memory, whatever size the CPU's line really has. It is
 * used only on an L-aligned address whose whole line lies in the range, and
 * only when uaccess_init() has measured that dcbz clears exactly L bytes on
 * this CPU; it then writes exactly the bytes L/4 word stores would.
 *
 * Register use: r3 walks the destination; r4 counts the bytes still to clear
 * (in the line loop: the bytes after the lines, with ctr counting the lines
 * left); r0 is zero; r6 is scratch; cr1.eq selects the word strategy. No
 * stack. Every store is aligned to its size, so none straddles two pages.
 *
 * Exactness: every store and every dcbz has an exception-table entry. r3/r4
 * advance only after a whole group of stores, so a fault leaves them at the
 * start of its group (in the line loop: r3 at the start of the line, and
 * r4 + ctr * L bytes from there). The fixup clears byte by byte from there;
 * that loop faults again on exactly the first byte that cannot be written,
 * and its ctr is then the count of bytes not cleared. A store or dcbz that
 * faults writes nothing and stores go in ascending order, so nothing at or
 * past the first inaccessible byte is ever written; bytes a group had
 * already cleared are cleared again.
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

/* n zero words at r3 + 0, 4, ...; a fault resumes at fixup. */
.macro zero_words n, fixup
	.set .Lzero_off, 0
	.rept \n
	UACCESS_USER(\fixup, stw %r0, .Lzero_off(%r3))
	.set .Lzero_off, .Lzero_off + 4
	.endr
.endm

/* Head group: if the address has bit b set, clear b bytes (b >= 4). */
.macro clear_head b
	andi.	%r6, %r3, \b
	beq	.Lclear_head_\@
	zero_words (\b / 4), .Lclear_bytes
	addi	%r3, %r3, \b
	subi	%r4, %r4, \b
.Lclear_head_\@:
.endm

/* Tail group: if the count has bit b set, clear b bytes (b >= 4). */
.macro clear_tail b
	andi.	%r6, %r4, \b
	beq	.Lclear_tail_\@
	zero_words (\b / 4), .Lclear_bytes
	addi	%r3, %r3, \b
	subi	%r4, %r4, \b
.Lclear_tail_\@:
.endm

/*
 * _uaccess_clear_user: zero n bytes of user memory (a C function).
 * Input:    r3 = user destination, r4 = byte count, r5 = nonzero to clear
 *           whole lines with dcbz (only if uaccess_init() verified the line)
 * Output:   r3 = bytes not cleared (0 on success)
 * Clobbers: r0, r4, r6, ctr, cr0, cr1 (all volatile in the SysV ABI)
 * Faults:   every stb/sth/stw and dcbz on the destination. The fixup of a
 *           group store goes to .Lclear_bytes with r3/r4 at the group's
 *           start; that of the line loop first adds the lines left (ctr);
 *           the byte loop's returns ctr, the exact bytes not cleared.
 */
FUNC(_uaccess_clear_user)
	cmpwi	%cr1, %r5, 0
	li	%r0, 0
	cmplwi	%r4, 4
	blt	.Lclear_bytes
	andi.	%r6, %r3, 1		/* a byte and a halfword to a word boundary */
	beq	.Lclear_align2
	UACCESS_USER(.Lclear_bytes, stb %r0, 0(%r3))
	addi	%r3, %r3, 1
	subi	%r4, %r4, 1
.Lclear_align2:
	andi.	%r6, %r3, 2
	beq	.Lclear_aligned
	UACCESS_USER(.Lclear_bytes, sth %r0, 0(%r3))
	addi	%r3, %r3, 2
	subi	%r4, %r4, 2
.Lclear_aligned:			/* r3 word-aligned, r4 >= 1 */
	cmplwi	%r4, UACCESS_LINES_MIN
	bge	.Lclear_long
	clear_tail L			/* r4 < 2L */
	b	.Lclear_tail

.Lclear_long:				/* r4 >= 2L: words up to a line boundary */
	clear_head 4
	clear_head 8
#if L > 16
	clear_head 16
#endif
#if L > 32
	clear_head 32
#endif
#if L > 64
	clear_head 64
#endif
	srwi	%r6, %r4, LG		/* r4 > L: one whole line at least */
	mtctr	%r6
	andi.	%r4, %r4, L - 1
#if UACCESS_DCBZ_LINE
	beq	%cr1, .Lclear_word_lines
.Lclear_dcbz_lines:
	UACCESS_USER(.Lclear_lines_fault, dcbz 0, %r3)
	addi	%r3, %r3, L
	bdnz	.Lclear_dcbz_lines
	b	.Lclear_tail
#endif
.Lclear_word_lines:
	zero_words (L / 4), .Lclear_lines_fault
	addi	%r3, %r3, L
	bdnz	.Lclear_word_lines

.Lclear_tail:				/* r3 word-aligned, r4 < L */
#if L > 64
	clear_tail 64
#endif
#if L > 32
	clear_tail 32
#endif
#if L > 16
	clear_tail 16
#endif
	clear_tail 8
	clear_tail 4
	andi.	%r6, %r4, 2
	beq	.Lclear_tail1
	UACCESS_USER(.Lclear_bytes, sth %r0, 0(%r3))
	addi	%r3, %r3, 2
	subi	%r4, %r4, 2
.Lclear_tail1:
	andi.	%r6, %r4, 1
	beq	.Lclear_ok
	UACCESS_USER(.Lclear_bytes, stb %r0, 0(%r3))
.Lclear_ok:
	li	%r3, 0
	blr

.Lclear_lines_fault:	/* r3: start of the line; ctr: lines left, it included */
	mfctr	%r6
	slwi	%r6, %r6, LG
	add	%r4, %r4, %r6
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
END(_uaccess_clear_user)

	.section .note.GNU-stack, "", @progbits
