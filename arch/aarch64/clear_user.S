/* SPDX-License-Identifier: MIT */
/*
 * clear_user for AArch64: sttr xzr (unprivileged). Below 16 bytes, by
 * bits of n: two overlapping doublewords (8..15), words (4..7), halfwords
 * (2, 3) or one byte, the second store ending at the last byte. From 16
 * bytes, 16 a step while more than 16 are left, then the last 16 as two
 * doublewords that end at the last byte (overlapping bytes already
 * cleared); from 64 bytes, groups of 64 first while 64 are left, the rest
 * as above. Misaligned stores are allowed on normal memory (SCTLR_EL1.A
 * clear), so the pointer is not aligned first. From 256 bytes, the whole
 * blocks inside the range are zeroed with dc zva (a block an instruction,
 * without reading the line), after sttr groups up to the first block
 * boundary; the tail goes back to the groups and steps. A range without a
 * whole block (or whose end wraps) stays with the groups. _uaccess_zva
 * (arch_setup.c) holds the block size, 0 when dc zva may not be used, and
 * whether PAN must be cleared around the loop.
 *
 * Registers: x0 the next byte to clear, x1 the bytes left from x0, x3 on
 * the 16-byte steps those bytes less 16, x2 the end below 16 bytes and
 * the end less 16 after the steps; on the dc zva path x2 the block size,
 * x3 nonzero while this call has PAN cleared, x4 the end of the last
 * whole block, x5 the end of the range (x1 is recomputed from it), x6 the
 * block mask, then the end of the current page's blocks, x7 the first
 * block boundary.
 *
 * Exactness: every store and dc zva has an exception-table entry. x0/x1
 * advance only after a whole group, step or block, so a fault leaves
 * them at its start; the fixup clears byte by byte from there, that loop
 * faults again on exactly the first inaccessible byte, and x1 is then the
 * count of bytes not cleared.
 *
 * Overlap and misaligned stores: stores go in the order of their first
 * bytes, and none starts past the bytes already cleared (the overlapping
 * last ones start inside them). The Arm ARM lets the parts of a
 * misaligned store that crosses a page happen in any order. One that
 * faults in its second page may have written its part in the first, which
 * lies before the first inaccessible byte: the byte loop writes it again.
 * One that faults in its first page could have written its part in the
 * second, past the fault; but a store that starts past the call's first
 * byte either starts its page (and lies in it: 8 bytes at most) or
 * follows a byte already cleared there, so only the call's first store
 * can fault in its first page. For that one this file relies, as the
 * groups always have, on what QEMU does: a store that faults writes
 * nothing.
 *
 * dc zva: a block is aligned and at most 2 KiB, so it lies in one page,
 * whose first block's sttr faults before any dc zva there if EL0 may not
 * write it (a dc zva that faults anyway wrote nothing, at its first
 * byte). No byte at or past the first inaccessible one is written.
 */
#include <uaccess/asm.h>
#include <uaccess/extable.h>

#if UACCESS_AARCH64_PAN
	.arch_extension pan
#endif

/* Eight sttr xzr, the 64 bytes at x0; a fault resumes at \fixup. */
.macro CLEAR_GROUP fixup
	UACCESS_USER(\fixup, sttr xzr, [x0])
	UACCESS_USER(\fixup, sttr xzr, [x0, #8])
	UACCESS_USER(\fixup, sttr xzr, [x0, #16])
	UACCESS_USER(\fixup, sttr xzr, [x0, #24])
	UACCESS_USER(\fixup, sttr xzr, [x0, #32])
	UACCESS_USER(\fixup, sttr xzr, [x0, #40])
	UACCESS_USER(\fixup, sttr xzr, [x0, #48])
	UACCESS_USER(\fixup, sttr xzr, [x0, #56])
.endm

/*
 * _uaccess_asm_clear_user: clear n bytes of user memory (an AAPCS64 function).
 * Input:    x0 = user destination, x1 = byte count
 * Output:   x0 = bytes not cleared (0 on success)
 * Clobbers: x1-x7, flags; PSTATE.PAN as it was on entry
 * Faults:   every sttr: a group's, a step's or one below 16 bytes resumes
 *           at the byte loop with x0 at its start and x1 the bytes left
 *           from there (a step's fixup makes it from x3); the byte loop's
 *           return x1; the dc zva path's groups, page probes and blocks:
 *           the byte loop from their start, PAN set again first if this
 *           call cleared it.
 */
UACCESS_FUNC(_uaccess_asm_clear_user)
	subs	x3, x1, #16
	b.lo	.Lclear_under16
	cmp	x1, #64
	b.lo	.Lclear_step
	cmp	x1, #256
	b.hs	.Lclear_zva
.Lclear_group:
	CLEAR_GROUP .Lclear_bytes
	add	x0, x0, #64
	sub	x1, x1, #64
	cmp	x1, #64
	b.hs	.Lclear_group
.Lclear_rest:			/* below 64 bytes left */
	cbz	x1, .Lclear_ok
	subs	x3, x1, #16
	b.hs	.Lclear_step
.Lclear_under16:		/* x1 = n, below 16 */
	tbz	x1, #3, .Lclear_under8
	add	x2, x0, x1
	UACCESS_USER(.Lclear_bytes, sttr xzr, [x0])
	UACCESS_USER(.Lclear_bytes, sttr xzr, [x2, #-8])
	mov	x0, #0
	ret
.Lclear_under8:
	tbz	x1, #2, .Lclear_under4
	add	x2, x0, x1
	UACCESS_USER(.Lclear_bytes, sttr wzr, [x0])
	UACCESS_USER(.Lclear_bytes, sttr wzr, [x2, #-4])
	mov	x0, #0
	ret
.Lclear_under4:
	tbz	x1, #1, .Lclear_under2
	add	x2, x0, x1
	UACCESS_USER(.Lclear_bytes, sttrh wzr, [x0])
	UACCESS_USER(.Lclear_bytes, sttrh wzr, [x2, #-2])
	mov	x0, #0
	ret
.Lclear_under2:
	tbz	x1, #0, .Lclear_ok
	UACCESS_USER(.Lclear_bytes, sttrb wzr, [x0])
	mov	x0, #0
	ret
.Lclear_step:			/* x3 = the bytes left less 16, at least 0 */
	UACCESS_USER(.Lclear_step_fault, sttr xzr, [x0])
	UACCESS_USER(.Lclear_step_fault, sttr xzr, [x0, #8])
	add	x0, x0, #16
	subs	x3, x3, #16
	b.hi	.Lclear_step
	add	x2, x0, x3		/* the end less 16, at or before x0 */
	UACCESS_USER(.Lclear_step_fault, sttr xzr, [x2])
	UACCESS_USER(.Lclear_step_fault, sttr xzr, [x2, #8])
	mov	x0, #0
	ret
.Lclear_step_fault:		/* x0 where the faulting step began */
	add	x1, x3, #16
.Lclear_bytes:
	cbz	x1, .Lclear_ok
.Lclear_byte:
	UACCESS_USER(.Lclear_byte_fault, sttrb wzr, [x0])
	add	x0, x0, #1
	subs	x1, x1, #1
	b.ne	.Lclear_byte
.Lclear_ok:
	mov	x0, #0
	ret
.Lclear_byte_fault:		/* bytes left, the faulting one included */
	mov	x0, x1
	ret

.Lclear_zva:
	adrp	x4, _uaccess_zva
	add	x4, x4, :lo12:_uaccess_zva
	ldr	x2, [x4, #_UACCESS_ZVA_BLOCK]
	ldr	x3, [x4, #_UACCESS_ZVA_PAN]
	cbz	x2, .Lclear_group
	cmp	x1, x2
	b.lo	.Lclear_group		/* shorter than a block */
	add	x5, x0, x1
	sub	x6, x2, #1
	add	x7, x0, x6
	bic	x7, x7, x6		/* the first block boundary */
	bic	x4, x5, x6		/* the end of the last whole block */
	cmp	x7, x4
	b.hs	.Lclear_group		/* no whole block */
	/*
	 * Up to the first block boundary: a group from x0 and then x0 to the
	 * next multiple of 64 if it is not one, then aligned groups.
	 */
	tst	x0, #63
	b.eq	.Lclear_head
	CLEAR_GROUP .Lclear_head_fault
	add	x0, x0, #64
	and	x0, x0, #~63
.Lclear_head:
	cmp	x0, x7
	b.hs	.Lclear_blocks
	CLEAR_GROUP .Lclear_head_fault
	add	x0, x0, #64
	b	.Lclear_head
.Lclear_blocks:
#if UACCESS_AARCH64_PAN
	/* dc zva obeys PAN: clear it for the loop if it is set now. */
	cbz	x3, .Lclear_page
	mrs	x3, pan
	cbz	x3, .Lclear_page
	msr	pan, #0
#endif
	/*
	 * dc zva is a privileged store: it would zero a kernel page handed in
	 * as a user pointer. One sttr on each page first makes EL0's write
	 * permission the judge, as for every other store here; a block lies
	 * in one page. One store a page, not a block: a store reads its line
	 * in, which dc zva exists to avoid.
	 */
.Lclear_page:			/* x0 on a block boundary, below x4 */
	UACCESS_USER(.Lclear_block_fault, sttr xzr, [x0])
	add	x6, x0, #4096
	and	x6, x6, #~4095
	cmp	x6, x4
	csel	x6, x6, x4, lo		/* the end of this page's blocks */
.Lclear_block:
	UACCESS_USER(.Lclear_block_fault, dc zva, x0)
	add	x0, x0, x2
	cmp	x0, x6
	b.ne	.Lclear_block
	cmp	x0, x4
	b.ne	.Lclear_page
#if UACCESS_AARCH64_PAN
	cbz	x3, .Lclear_tail
	msr	pan, #1
#endif
.Lclear_tail:
	sub	x1, x5, x0
	cmp	x1, #64
	b.hs	.Lclear_group
	b	.Lclear_rest
.Lclear_block_fault:
#if UACCESS_AARCH64_PAN
	cbz	x3, .Lclear_head_fault
	msr	pan, #1
#endif
.Lclear_head_fault:		/* from x0, the faulting group's or block's start */
	sub	x1, x5, x0
	b	.Lclear_bytes
UACCESS_END(_uaccess_asm_clear_user)

	.section .note.GNU-stack, "", @progbits
