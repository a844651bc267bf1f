/* SPDX-License-Identifier: MIT */
/*
 * Reference routines for the Cortex-M benchmark, for comparison only: the
 * loops an RTOS without this library would write, in Thumb-2 with the
 * library's unprivileged accesses and exception-table entries (a fault
 * returns the bytes not done, as the library does; the bench passes
 * mapped memory only, so none faults there).
 *
 *   ref_clear_bytes, ref_copy_{to,from}_bytes: one strbt (copies: ldrb +
 *	strbt, ldrbt + strb) per byte.
 *   ref_clear_words, ref_copy_{to,from}_words: ldrt/strt words when the
 *	destination (copies: both sides) can be word-aligned: bytes up to
 *	the boundary, one word a round, bytes after; a copy whose sides
 *	differ modulo 4 goes byte by byte, as the library's does.
 *
 * Register use: AAPCS, as the library's routines. r0 = destination; for a
 * clear r1 = count, for a copy r1 = source and r2 = count. Only r0-r3 and
 * the flags are touched, and no stack. Every routine returns 0 in r0, the
 * library's "bytes not done" on success. A word loop keeps "bytes left
 * minus one word" in its count register, so that one subs both counts and
 * decides the branch: a round is its accesses, the pointer adds, subs
 * and bhs.
 *
 * count.py checks its method against these routines: their instruction
 * counts follow from the code, and it has them as closed forms (EXPECTED
 * there; a change here must change them). For n bytes, a = the bytes from
 * the destination to its word boundary (0..3), h = min(n, a), w and r the
 * words and bytes of n - h:
 *   ref_clear_bytes 4 + 4n            ref_copy_*_bytes 3 + 6n
 *   ref_clear_words n < a: 6 + 7n, else 9 + 7h + 4(w + r)
 *   ref_copy_*_words sides apart modulo 4: 6 + 6n; else n < a: 8 + 9n,
 *	else 11 + 9h + 6(w + r)
 */
#include <uaccess/extable.h>

#define REF_ALIGN	2
#include "ref_asm.h"

	.syntax unified
	.thumb

/*
 * ref_clear_bytes: one strbt per byte.
 * Input:    r0 = user destination, r1 = count
 * Output:   r0 = bytes not cleared (0)
 * Clobbers: r1, r2, flags
 * Faults:   the strbt: returns the bytes left, the faulting one included.
 */
REF_FUNC(ref_clear_bytes)
	movs	r2, #0
	cbz	r1, .Lcb_done
.Lcb_byte:
	UACCESS_USER(.Lcb_fault, strbt r2, [r0])
	adds	r0, r0, #1
	subs	r1, r1, #1
	bne	.Lcb_byte
.Lcb_done:
	movs	r0, #0
	bx	lr
.Lcb_fault:
	mov	r0, r1
	bx	lr
REF_END(ref_clear_bytes)

/*
 * ref_clear_words: strbt to a word boundary, one strt per word, strbt.
 * Input:    r0 = user destination, r1 = count
 * Output:   r0 = bytes not cleared (0)
 * Clobbers: r1, r2, flags
 * Faults:   a strt resumes at the byte loop (r0/r1 at its word); a
 *           strbt returns the bytes left, the faulting one included.
 */
REF_FUNC(ref_clear_words)
	movs	r2, #0
.Lcw_head:
	tst	r0, #3
	beq	.Lcw_aligned
	cbz	r1, .Lcw_done
	UACCESS_USER(.Lcw_fault, strbt r2, [r0])
	adds	r0, r0, #1
	subs	r1, r1, #1
	b	.Lcw_head
.Lcw_aligned:
	subs	r1, r1, #4
	blo	.Lcw_tail
.Lcw_word:
	UACCESS_USER(.Lcw_word_fault, strt r2, [r0])
	adds	r0, r0, #4
	subs	r1, r1, #4
	bhs	.Lcw_word
.Lcw_tail:
	adds	r1, r1, #4
	beq	.Lcw_done
.Lcw_byte:
	UACCESS_USER(.Lcw_fault, strbt r2, [r0])
	adds	r0, r0, #1
	subs	r1, r1, #1
	bne	.Lcw_byte
.Lcw_done:
	movs	r0, #0
	bx	lr
.Lcw_word_fault:
	adds	r1, r1, #4
	b	.Lcw_byte
.Lcw_fault:
	mov	r0, r1
	bx	lr
REF_END(ref_clear_words)

/*
 * COPY_BYTES name, ldb, stb: one ldb and one stb per byte.
 * Input:    r0 = destination, r1 = source, r2 = count
 * Output:   r0 = bytes not copied (0)
 * Clobbers: r1-r3, flags
 * Faults:   either access: returns the bytes left, the faulting one
 *           included.
 */
.macro COPY_BYTES name, ldb, stb
REF_FUNC(\name)
	cbz	r2, .Lpb_done\@
.Lpb_byte\@:
	UACCESS_USER(.Lpb_fault\@, \ldb r3, [r1])
	UACCESS_USER(.Lpb_fault\@, \stb r3, [r0])
	adds	r0, r0, #1
	adds	r1, r1, #1
	subs	r2, r2, #1
	bne	.Lpb_byte\@
.Lpb_done\@:
	movs	r0, #0
	bx	lr
.Lpb_fault\@:
	mov	r0, r2
	bx	lr
REF_END(\name)
.endm

/*
 * COPY_WORDS name, ldw, stw, ldb, stb: with both sides equal modulo 4,
 * bytes to the destination's word boundary, one ldw and one stw per word,
 * bytes; otherwise bytes all the way.
 * Input:    r0 = destination, r1 = source, r2 = count
 * Output:   r0 = bytes not copied (0)
 * Clobbers: r1-r3, flags
 * Faults:   a word access resumes at the byte loop (r0/r1/r2 at its
 *           word); a byte access returns the bytes left, the faulting
 *           one included.
 */
.macro COPY_WORDS name, ldw, stw, ldb, stb
REF_FUNC(\name)
	eor	r3, r0, r1
	tst	r3, #3
	bne	.Lpw_bytes\@
.Lpw_head\@:
	tst	r0, #3
	beq	.Lpw_aligned\@
	cbz	r2, .Lpw_done\@
	UACCESS_USER(.Lpw_fault\@, \ldb r3, [r1])
	UACCESS_USER(.Lpw_fault\@, \stb r3, [r0])
	adds	r0, r0, #1
	adds	r1, r1, #1
	subs	r2, r2, #1
	b	.Lpw_head\@
.Lpw_aligned\@:
	subs	r2, r2, #4
	blo	.Lpw_tail\@
.Lpw_word\@:
	UACCESS_USER(.Lpw_word_fault\@, \ldw r3, [r1])
	UACCESS_USER(.Lpw_word_fault\@, \stw r3, [r0])
	adds	r0, r0, #4
	adds	r1, r1, #4
	subs	r2, r2, #4
	bhs	.Lpw_word\@
.Lpw_tail\@:
	adds	r2, r2, #4
.Lpw_bytes\@:
	cbz	r2, .Lpw_done\@
.Lpw_byte\@:
	UACCESS_USER(.Lpw_fault\@, \ldb r3, [r1])
	UACCESS_USER(.Lpw_fault\@, \stb r3, [r0])
	adds	r0, r0, #1
	adds	r1, r1, #1
	subs	r2, r2, #1
	bne	.Lpw_byte\@
.Lpw_done\@:
	movs	r0, #0
	bx	lr
.Lpw_word_fault\@:
	adds	r2, r2, #4
	b	.Lpw_byte\@
.Lpw_fault\@:
	mov	r0, r2
	bx	lr
REF_END(\name)
.endm

	COPY_BYTES ref_copy_to_bytes, ldrb, strbt
	COPY_BYTES ref_copy_from_bytes, ldrbt, strb
	COPY_WORDS ref_copy_to_words, ldr, strt, ldrb, strbt
	COPY_WORDS ref_copy_from_words, ldrt, str, ldrbt, strb

	BENCH_MARKERS(bx lr)

	.section .note.GNU-stack, "", %progbits
