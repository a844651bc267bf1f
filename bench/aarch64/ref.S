/* SPDX-License-Identifier: MIT */
/*
 * Reference routines for the AArch64 benchmark, for comparison only: the
 * ways a kernel could clear and copy user memory without this library.
 * No exception table and no access_ok: the benchmark passes mapped memory
 * only, so none of them ever faults.
 *
 * User memory is reached as the library reaches it, with the
 * unprivileged ldtr/sttr forms, except in ref_clear_stp: plain stp and
 * str, what a kernel could run with PAN cleared. At EL0, where the
 * benchmark runs, both kinds are the same accesses. The unprivileged
 * forms have no pre- or post-index addressing, so the loops that use
 * them advance their pointers with an add; the plain ones post-index.
 * Misaligned accesses are allowed on normal memory, so no loop aligns
 * its pointers first; only the dc zva one aligns, to its blocks.
 *
 * Register use: AAPCS64, as the library's routines. x0 = destination;
 * for a clear x1 = count, for a copy x1 = source and x2 = count. Only
 * caller-saved registers and the flags are touched, and no stack. Every
 * routine returns 0 in x0, the library's "bytes not done" on success, so
 * the benchmark treats all columns alike. Each loop keeps "bytes left
 * minus one step" in its count register, so that one subs both counts
 * and decides the branch: a round is its accesses, the pointer adds,
 * subs and b.hs.
 *
 * count.py checks its method against these routines: their instruction
 * counts follow from the code, and it has them as closed forms (EXPECTED
 * there; a change here must change them). For n bytes, g = n / 64,
 * d = n % 64 / 8, q = n / 8 and r = n % 8:
 *   ref_clear_bytes 3 + 4n      ref_copy_{to,from}_bytes   3 + 6n
 *   ref_clear_dwords 6 + 4(q + r)   ref_copy_{to,from}_dwords 6 + 6(q + r)
 *   ref_clear_x8 8 + 11g + 4(d + r)      ref_clear_stp 8 + 6g + 3(d + r)
 *   ref_clear_zva with DZP clear: 12 + x8(n) when [to, to + n) holds
 *   no whole aligned block; else 18 + 4 per block, plus
 *   x8(h) - 2 for a head of h > 0 bytes below the first block and the
 *   same for a tail after the last; with DZP set, 2 + x8(n).
 */

#define REF_ALIGN	4
#include "ref_asm.h"

/*
 * CLEAR_STTR_X8: clear x1 bytes at x0 with sttr xzr, 64 bytes a round
 * while 64 are left, then doublewords, then sttrb; x0 ends past the
 * range. The body of ref_clear_x8, and the head and tail of
 * ref_clear_zva, which thereby pay for its ends what the best sttr loop
 * pays. Clobbers x1 and the flags.
 */
.macro CLEAR_STTR_X8
	subs	x1, x1, #64
	b.lo	.Lx8_dwords\@
.Lx8_group\@:
	sttr	xzr, [x0]
	sttr	xzr, [x0, #8]
	sttr	xzr, [x0, #16]
	sttr	xzr, [x0, #24]
	sttr	xzr, [x0, #32]
	sttr	xzr, [x0, #40]
	sttr	xzr, [x0, #48]
	sttr	xzr, [x0, #56]
	add	x0, x0, #64
	subs	x1, x1, #64
	b.hs	.Lx8_group\@
.Lx8_dwords\@:
	adds	x1, x1, #64 - 8		/* carry: at least 8 left */
	b.lo	.Lx8_tail\@
.Lx8_dword\@:
	sttr	xzr, [x0]
	add	x0, x0, #8
	subs	x1, x1, #8
	b.hs	.Lx8_dword\@
.Lx8_tail\@:
	adds	x1, x1, #8		/* 0..7 left; zero: done */
	b.eq	.Lx8_done\@
.Lx8_byte\@:
	sttrb	wzr, [x0]
	add	x0, x0, #1
	subs	x1, x1, #1
	b.ne	.Lx8_byte\@
.Lx8_done\@:
.endm

/*
 * ref_clear_bytes: one sttrb per byte.
 * Input:    x0 = destination, x1 = count
 * Output:   x0 = 0
 * Clobbers: x1, flags
 * Faults:   none (the bench passes mapped buffers; no table entries)
 */
REF_FUNC(ref_clear_bytes)
	cbz	x1, .Lcb_done
.Lcb_loop:
	sttrb	wzr, [x0]
	add	x0, x0, #1
	subs	x1, x1, #1
	b.ne	.Lcb_loop
.Lcb_done:
	mov	x0, #0
	ret
REF_END(ref_clear_bytes)

/*
 * ref_clear_dwords: one sttr xzr per 8 bytes, then sttrb for the rest.
 * Input:    x0 = destination, x1 = count
 * Output:   x0 = 0
 * Clobbers: x1, flags
 * Faults:   none (the bench passes mapped buffers; no table entries)
 */
REF_FUNC(ref_clear_dwords)
	subs	x1, x1, #8
	b.lo	.Lcd_tail
.Lcd_loop:
	sttr	xzr, [x0]
	add	x0, x0, #8
	subs	x1, x1, #8
	b.hs	.Lcd_loop
.Lcd_tail:
	adds	x1, x1, #8
	b.eq	.Lcd_done
.Lcd_byte:
	sttrb	wzr, [x0]
	add	x0, x0, #1
	subs	x1, x1, #1
	b.ne	.Lcd_byte
.Lcd_done:
	mov	x0, #0
	ret
REF_END(ref_clear_dwords)

/*
 * ref_clear_x8: sttr xzr unrolled eight times (64 bytes a round), then
 * doublewords, then bytes (CLEAR_STTR_X8).
 * Input:    x0 = destination, x1 = count
 * Output:   x0 = 0
 * Clobbers: x1, flags
 * Faults:   none (the bench passes mapped buffers; no table entries)
 */
REF_FUNC(ref_clear_x8)
	CLEAR_STTR_X8
	mov	x0, #0
	ret
REF_END(ref_clear_x8)

/*
 * ref_clear_stp: stp xzr, xzr unrolled four times (64 bytes a round),
 * then str xzr, then strb; plain stores, so the last of each round
 * post-indexes and no add is needed. What a kernel could run with PAN
 * cleared around the loop (the PAN toggles are not counted: at EL0 there
 * is no PAN to toggle).
 * Input:    x0 = destination, x1 = count
 * Output:   x0 = 0
 * Clobbers: x1, flags
 * Faults:   none (the bench passes mapped buffers; no table entries)
 */
REF_FUNC(ref_clear_stp)
	subs	x1, x1, #64
	b.lo	.Lcs_dwords
.Lcs_group:
	stp	xzr, xzr, [x0, #16]
	stp	xzr, xzr, [x0, #32]
	stp	xzr, xzr, [x0, #48]
	stp	xzr, xzr, [x0], #64
	subs	x1, x1, #64
	b.hs	.Lcs_group
.Lcs_dwords:
	adds	x1, x1, #64 - 8
	b.lo	.Lcs_tail
.Lcs_dword:
	str	xzr, [x0], #8
	subs	x1, x1, #8
	b.hs	.Lcs_dword
.Lcs_tail:
	adds	x1, x1, #8
	b.eq	.Lcs_done
.Lcs_byte:
	strb	wzr, [x0], #1
	subs	x1, x1, #1
	b.ne	.Lcs_byte
.Lcs_done:
	mov	x0, #0
	ret
REF_END(ref_clear_stp)

/*
 * ref_clear_zva: dc zva over every whole DCZID_EL0 block inside the
 * range, CLEAR_STTR_X8 for the head below the first block and the tail
 * after the last. The block size is read on every call, as a routine
 * that cannot assume one CPU must (a kernel would read it once; that
 * costs 3 instructions here, which stay in the count). A range without a
 * whole block, or a CPU that prohibits dc zva (DZP), goes to
 * ref_clear_x8 whole. dc zva has no unprivileged form: in a kernel it
 * needs PAN cleared, as ref_clear_stp does.
 * Input:    x0 = destination, x1 = count
 * Output:   x0 = 0
 * Clobbers: x1..x7, flags
 * Faults:   none (the bench passes mapped buffers; no table entries)
 */
REF_FUNC(ref_clear_zva)
	mrs	x2, dczid_el0
	tbnz	w2, #4, ref_clear_x8	/* DZP: dc zva prohibited */
	and	x2, x2, #15		/* BS: log2 of the block in words */
	mov	x3, #4
	lsl	x3, x3, x2		/* x3: block bytes */
	sub	x4, x3, #1
	add	x5, x0, x1		/* x5: end */
	add	x6, x0, x4
	bic	x6, x6, x4		/* x6: first block */
	bic	x7, x5, x4		/* x7: end of the last block */
	cmp	x6, x7
	b.hs	ref_clear_x8		/* no whole block */
	sub	x1, x6, x0
	cbz	x1, .Lcz_blocks
	CLEAR_STTR_X8			/* the head; x0 ends at x6 */
.Lcz_blocks:
	dc	zva, x0
	add	x0, x0, x3
	cmp	x0, x7
	b.ne	.Lcz_blocks
	sub	x1, x5, x7
	cbz	x1, .Lcz_done
	CLEAR_STTR_X8			/* the tail */
.Lcz_done:
	mov	x0, #0
	ret
REF_END(ref_clear_zva)

/*
 * REF_COPY_BYTES name, ldb, stb and REF_COPY_DWORDS name, ldx, stx, ldb,
 * stb: a byte loop, and a doubleword loop with a byte tail, each given
 * the load and store of its direction (the user side unprivileged, the
 * kernel side plain), as copy_user.S builds its routines. Both pointers
 * advance with adds: the user side has no post-index form, and one body
 * for both directions keeps them alike. \@ gives each copy its labels.
 * Input:    x0 = destination, x1 = source, x2 = count
 * Output:   x0 = 0
 * Clobbers: x1..x3, flags
 * Faults:   none (the bench passes mapped buffers; no table entries)
 */
.macro REF_COPY_BYTES name, ldb, stb
REF_FUNC(\name)
	cbz	x2, .Lpb_done\@
.Lpb_loop\@:
	\ldb	w3, [x1]
	\stb	w3, [x0]
	add	x0, x0, #1
	add	x1, x1, #1
	subs	x2, x2, #1
	b.ne	.Lpb_loop\@
.Lpb_done\@:
	mov	x0, #0
	ret
REF_END(\name)
.endm

.macro REF_COPY_DWORDS name, ldx, stx, ldb, stb
REF_FUNC(\name)
	subs	x2, x2, #8
	b.lo	.Lpd_tail\@
.Lpd_loop\@:
	\ldx	x3, [x1]
	\stx	x3, [x0]
	add	x0, x0, #8
	add	x1, x1, #8
	subs	x2, x2, #8
	b.hs	.Lpd_loop\@
.Lpd_tail\@:
	adds	x2, x2, #8
	b.eq	.Lpd_done\@
.Lpd_byte\@:
	\ldb	w3, [x1]
	\stb	w3, [x0]
	add	x0, x0, #1
	add	x1, x1, #1
	subs	x2, x2, #1
	b.ne	.Lpd_byte\@
.Lpd_done\@:
	mov	x0, #0
	ret
REF_END(\name)
.endm

/*
 * ref_copy_to_bytes, ref_copy_to_dwords: copy_to_user's references,
 * kernel source (ldrb, ldr), user destination (sttrb, sttr).
 * Input, Output, Clobbers, Faults: as REF_COPY_BYTES above.
 */
	REF_COPY_BYTES ref_copy_to_bytes, ldrb, sttrb
	REF_COPY_DWORDS ref_copy_to_dwords, ldr, sttr, ldrb, sttrb

/*
 * ref_copy_from_bytes, ref_copy_from_dwords: copy_from_user's
 * references, user source (ldtrb, ldtr), kernel destination (strb, str).
 * Input, Output, Clobbers, Faults: as REF_COPY_BYTES above.
 */
	REF_COPY_BYTES ref_copy_from_bytes, ldtrb, strb
	REF_COPY_DWORDS ref_copy_from_dwords, ldtr, str, ldtrb, strb

BENCH_MARKERS(ret)

	.section .note.GNU-stack, "", @progbits
