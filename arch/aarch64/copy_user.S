/* SPDX-License-Identifier: MIT */
/*
 * copy_to_user, copy_from_user and the kernel probe's copy for AArch64:
 * one body, written once as the macro COPY below, assembled three times
 * with the load and store instructions of each side as its arguments.
 * User memory is reached with ldtr/sttr (unprivileged), kernel memory
 * with ldp/stp and ldr/str.
 *
 * Shape: groups of 64 bytes while 64 are left (eight doublewords: the
 * user side one ldtr or sttr each, the kernel side four ldp or stp);
 * what is left below 64 bytes goes to the short path: 16 bytes a step
 * (two doublewords) while more than 16 are left, then the last 16 as two
 * doublewords that end at the last byte, overlapping bytes already
 * copied; below 16 bytes, by bits of n, two overlapping doublewords
 * (8..15), words (4..7), halfwords (2, 3) or one byte. Each step loads
 * all its bytes before it stores any. AArch64 allows misaligned accesses
 * to normal memory, so neither pointer is aligned first.
 *
 * Register use: x0 walks the destination, x1 the source, x2 counts the
 * bytes still to copy (on the short path, those bytes less 16); x3..x10
 * carry data, x5/x6 on the short path the source's and destination's
 * end less 16. No stack.
 *
 * Exactness: every load and store has an exception-table entry. x0/x1/x2
 * advance only after a whole group or step, so a fault leaves them at
 * its start. The fixup copies byte by byte from there; that loop faults
 * again on exactly the first byte that cannot be read or written, and x2
 * is then the count of bytes not copied.
 *
 * Overlap and misaligned stores: stores go in the order of their first
 * bytes, and none starts past the bytes already written (the overlapping
 * last ones start inside them). The Arm ARM lets the parts of a
 * misaligned store that crosses a page happen in any order. One that
 * faults in its second page may have written its part in the first, which
 * lies before the first inaccessible byte: the byte loop writes it again,
 * with the same values. One that faults in its first page could have
 * written its part in the second, past the fault; but a store that starts
 * past the call's first byte either starts its page (and lies in it: 8
 * bytes at most) or follows a byte already written there, so only the
 * call's first store can fault in its first page. For that one this file
 * relies, as the groups always have, on what QEMU does: a store that
 * faults writes nothing. No byte at or past the first inaccessible one is
 * written.
 */
#include <uaccess/asm.h>
#include <uaccess/extable.h>

/*
 * COPY name, group_load, group_store, ld, st: one copy routine. The group
 * macros move 64 bytes from [x1] through x3..x10 to [x0]; ld/st (ldr or
 * ldtr, str or sttr) move a doubleword (x3, x4) or a word (w3, w4), with
 * h or b added a halfword or a byte. \@ makes each routine's labels its
 * own.
 * Input:    x0 = destination, x1 = source, x2 = byte count
 * Output:   x0 = bytes not copied (0 on success)
 * Clobbers: x1..x10, flags (caller-saved)
 * Faults:   every load and store: a group's resume at the byte loop with
 *           x0/x1/x2 at its start, a short path's at the byte loop from
 *           x0/x1 after x2 is made the bytes left again; the byte loop's
 *           return x2, the exact count of bytes not copied.
 */
.macro COPY name, group_load, group_store, ld, st
UACCESS_FUNC(\name)
	cmp	x2, #64
	b.lo	.Lcopy_short\@
.Lcopy_group\@:
	\group_load .Lcopy_bytes\@
	\group_store .Lcopy_bytes\@
	add	x0, x0, #64
	add	x1, x1, #64
	sub	x2, x2, #64
	cmp	x2, #64
	b.hs	.Lcopy_group\@
	cbz	x2, .Lcopy_ok\@
.Lcopy_short\@:		/* below 64 bytes; from here x2 is the bytes left less 16 */
	subs	x2, x2, #16
	b.lo	.Lcopy_under16\@
.Lcopy_step\@:
	UACCESS_USER(.Lcopy_short_fault\@, \ld x3, [x1])
	UACCESS_USER(.Lcopy_short_fault\@, \ld x4, [x1, #8])
	UACCESS_USER(.Lcopy_short_fault\@, \st x3, [x0])
	UACCESS_USER(.Lcopy_short_fault\@, \st x4, [x0, #8])
	add	x0, x0, #16
	add	x1, x1, #16
	subs	x2, x2, #16
	b.hi	.Lcopy_step\@
	add	x5, x1, x2		/* the ends less 16, at or before x1, x0 */
	add	x6, x0, x2
	UACCESS_USER(.Lcopy_short_fault\@, \ld x3, [x5])
	UACCESS_USER(.Lcopy_short_fault\@, \ld x4, [x5, #8])
	UACCESS_USER(.Lcopy_short_fault\@, \st x3, [x6])
	UACCESS_USER(.Lcopy_short_fault\@, \st x4, [x6, #8])
	mov	x0, #0
	ret
.Lcopy_under16\@:		/* the low 4 bits of x2 are n's */
	tbz	x2, #3, .Lcopy_under8\@
	add	x5, x1, x2
	add	x6, x0, x2
	UACCESS_USER(.Lcopy_short_fault\@, \ld x3, [x1])
	UACCESS_USER(.Lcopy_short_fault\@, \ld x4, [x5, #8])
	UACCESS_USER(.Lcopy_short_fault\@, \st x3, [x0])
	UACCESS_USER(.Lcopy_short_fault\@, \st x4, [x6, #8])
	mov	x0, #0
	ret
.Lcopy_under8\@:
	tbz	x2, #2, .Lcopy_under4\@
	add	x5, x1, x2
	add	x6, x0, x2
	UACCESS_USER(.Lcopy_short_fault\@, \ld w3, [x1])
	UACCESS_USER(.Lcopy_short_fault\@, \ld w4, [x5, #12])
	UACCESS_USER(.Lcopy_short_fault\@, \st w3, [x0])
	UACCESS_USER(.Lcopy_short_fault\@, \st w4, [x6, #12])
	mov	x0, #0
	ret
.Lcopy_under4\@:
	tbz	x2, #1, .Lcopy_under2\@
	add	x5, x1, x2
	add	x6, x0, x2
	UACCESS_USER(.Lcopy_short_fault\@, \ld\()h w3, [x1])
	UACCESS_USER(.Lcopy_short_fault\@, \ld\()h w4, [x5, #14])
	UACCESS_USER(.Lcopy_short_fault\@, \st\()h w3, [x0])
	UACCESS_USER(.Lcopy_short_fault\@, \st\()h w4, [x6, #14])
	mov	x0, #0
	ret
.Lcopy_under2\@:
	tbz	x2, #0, .Lcopy_ok\@
	UACCESS_USER(.Lcopy_short_fault\@, \ld\()b w3, [x1])
	UACCESS_USER(.Lcopy_short_fault\@, \st\()b w3, [x0])
	mov	x0, #0
	ret
.Lcopy_short_fault\@:		/* x0/x1 where the faulting step began */
	add	x2, x2, #16
.Lcopy_bytes\@:
	cbz	x2, .Lcopy_ok\@
.Lcopy_byte\@:
	UACCESS_USER(.Lcopy_byte_fault\@, \ld\()b w3, [x1])
	UACCESS_USER(.Lcopy_byte_fault\@, \st\()b w3, [x0])
	add	x0, x0, #1
	add	x1, x1, #1
	subs	x2, x2, #1
	b.ne	.Lcopy_byte\@
.Lcopy_ok\@:
	mov	x0, #0
	ret
.Lcopy_byte_fault\@:		/* bytes left, the faulting one included */
	mov	x0, x2
	ret
UACCESS_END(\name)
.endm

/*
 * The eight doublewords of a group, each macro given the fixup: the user
 * side one unprivileged access per doubleword, the kernel side pairs.
 */
.macro USER_LOADS fix
	UACCESS_USER(\fix, ldtr x3, [x1])
	UACCESS_USER(\fix, ldtr x4, [x1, #8])
	UACCESS_USER(\fix, ldtr x5, [x1, #16])
	UACCESS_USER(\fix, ldtr x6, [x1, #24])
	UACCESS_USER(\fix, ldtr x7, [x1, #32])
	UACCESS_USER(\fix, ldtr x8, [x1, #40])
	UACCESS_USER(\fix, ldtr x9, [x1, #48])
	UACCESS_USER(\fix, ldtr x10, [x1, #56])
.endm
.macro USER_STORES fix
	UACCESS_USER(\fix, sttr x3, [x0])
	UACCESS_USER(\fix, sttr x4, [x0, #8])
	UACCESS_USER(\fix, sttr x5, [x0, #16])
	UACCESS_USER(\fix, sttr x6, [x0, #24])
	UACCESS_USER(\fix, sttr x7, [x0, #32])
	UACCESS_USER(\fix, sttr x8, [x0, #40])
	UACCESS_USER(\fix, sttr x9, [x0, #48])
	UACCESS_USER(\fix, sttr x10, [x0, #56])
.endm
.macro KERNEL_LOADS fix
	UACCESS_USER(\fix, ldp x3, x4, [x1])
	UACCESS_USER(\fix, ldp x5, x6, [x1, #16])
	UACCESS_USER(\fix, ldp x7, x8, [x1, #32])
	UACCESS_USER(\fix, ldp x9, x10, [x1, #48])
.endm
.macro KERNEL_STORES fix
	UACCESS_USER(\fix, stp x3, x4, [x0])
	UACCESS_USER(\fix, stp x5, x6, [x0, #16])
	UACCESS_USER(\fix, stp x7, x8, [x0, #32])
	UACCESS_USER(\fix, stp x9, x10, [x0, #48])
.endm

/*
 * _uaccess_asm_copy_to_user: kernel source (ldp, ldr, ldrh, ldrb), user
 * destination (sttr, sttrh, sttrb).
 * Input:    x0 = user destination, x1 = kernel source, x2 = byte count
 * Output:   x0 = bytes not copied (0 on success)
 * Clobbers: x1..x10, flags
 * Faults:   any load or store, as in COPY above.
 */
	COPY _uaccess_asm_copy_to_user, KERNEL_LOADS, USER_STORES, ldr, sttr

/*
 * _uaccess_asm_copy_from_user: user source (ldtr, ldtrh, ldtrb), kernel
 * destination (stp, str, strh, strb).
 * Input:    x0 = kernel destination, x1 = user source, x2 = byte count
 * Output:   x0 = bytes not copied (0 on success)
 * Clobbers: x1..x10, flags
 * Faults:   any load or store, as in COPY above.
 */
	COPY _uaccess_asm_copy_from_user, USER_LOADS, KERNEL_STORES, ldtr, str

/*
 * _uaccess_asm_copy_kernel: the kernel probes' copy, plain accesses on both
 * sides (an unprivileged one would fault on an EL1-only page).
 * Input:    x0 = destination, x1 = source, x2 = byte count (kernel memory)
 * Output:   x0 = bytes not copied (0 on success)
 * Clobbers: x1..x10, flags
 * Faults:   any load or store, as in COPY above.
 */
	COPY _uaccess_asm_copy_kernel, KERNEL_LOADS, KERNEL_STORES, ldr, str

	.section .note.GNU-stack, "", @progbits
