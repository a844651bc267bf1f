/* SPDX-License-Identifier: MIT */
/*
 * copy_to_user, copy_from_user and the kernel probe's copy for AArch64:
 * one body, written once as the macro COPY below, assembled three times
 * with the load and store instructions of each side as its arguments.
 * User memory is reached with ldtr/sttr (unprivileged), kernel memory
 * with ldp/stp and ldr/str.
 *
 * Shape: groups of 64 bytes while 64 are left (eight doublewords: the
 * user side one ldtr or sttr each, the kernel side four ldp or stp), then
 * doublewords while 8 are left, then bytes. AArch64 allows misaligned
 * accesses to normal memory, so neither pointer is aligned first.
 *
 * Register use: x0 walks the destination, x1 the source, x2 counts the
 * bytes still to copy; x3..x10 carry data. No stack.
 *
 * Exactness: every load and store has an exception-table entry. x0/x1/x2
 * advance only after a whole group or doubleword, whose loads all come
 * before its stores, so a fault leaves them at its start. The fixup
 * copies byte by byte from there; that loop faults again on exactly the
 * first byte that cannot be read or written, and x2 is then the count of
 * bytes not copied. A store that faults on its first byte writes nothing;
 * one that straddles into a faulting page may have written the bytes
 * before that page, which the byte loop writes again with the same values.
 * No byte at or past the first inaccessible one is written.
 */
#include <uaccess/asm.h>
#include <uaccess/extable.h>

/*
 * COPY name, group_load, group_store, ldx, stx, ldb, stb: one copy
 * routine. The group macros move 64 bytes from [x1] through x3..x10 to
 * [x0]; ldx/stx move a doubleword, ldb/stb a byte (w3). \@ makes each
 * routine's labels its own.
 * Input:    x0 = destination, x1 = source, x2 = byte count
 * Output:   x0 = bytes not copied (0 on success)
 * Clobbers: x1..x10, flags (caller-saved)
 * Faults:   every load and store: a group's or a doubleword's resume at
 *           the byte loop with x0/x1/x2 at its start; the byte loop's
 *           return x2, the exact count of bytes not copied.
 */
.macro COPY name, group_load, group_store, ldx, stx, ldb, stb
UACCESS_FUNC(\name)
	cmp	x2, #64
	b.lo	.Lcopy_dwords\@
.Lcopy_group\@:
	\group_load .Lcopy_bytes\@
	\group_store .Lcopy_bytes\@
	add	x0, x0, #64
	add	x1, x1, #64
	sub	x2, x2, #64
	cmp	x2, #64
	b.hs	.Lcopy_group\@
.Lcopy_dwords\@:
	cmp	x2, #8
	b.lo	.Lcopy_bytes\@
.Lcopy_dword\@:
	UACCESS_USER(.Lcopy_bytes\@, \ldx x3, [x1])
	UACCESS_USER(.Lcopy_bytes\@, \stx x3, [x0])
	add	x0, x0, #8
	add	x1, x1, #8
	sub	x2, x2, #8
	cmp	x2, #8
	b.hs	.Lcopy_dword\@
.Lcopy_bytes\@:
	cbz	x2, .Lcopy_ok\@
.Lcopy_byte\@:
	UACCESS_USER(.Lcopy_byte_fault\@, \ldb w3, [x1])
	UACCESS_USER(.Lcopy_byte_fault\@, \stb w3, [x0])
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
 * _uaccess_asm_copy_to_user: kernel source (ldp, ldr, ldrb), user destination
 * (sttr, sttrb).
 * Input:    x0 = user destination, x1 = kernel source, x2 = byte count
 * Output:   x0 = bytes not copied (0 on success)
 * Clobbers: x1..x10, flags
 * Faults:   any load or store, as in COPY above.
 */
	COPY _uaccess_asm_copy_to_user, KERNEL_LOADS, USER_STORES, ldr, sttr, ldrb, sttrb

/*
 * _uaccess_asm_copy_from_user: user source (ldtr, ldtrb), kernel destination
 * (stp, str, strb).
 * Input:    x0 = kernel destination, x1 = user source, x2 = byte count
 * Output:   x0 = bytes not copied (0 on success)
 * Clobbers: x1..x10, flags
 * Faults:   any load or store, as in COPY above.
 */
	COPY _uaccess_asm_copy_from_user, USER_LOADS, KERNEL_STORES, ldtr, str, ldtrb, strb

/*
 * _uaccess_asm_copy_kernel: the kernel probes' copy, plain accesses on both
 * sides (an unprivileged one would fault on an EL1-only page).
 * Input:    x0 = destination, x1 = source, x2 = byte count (kernel memory)
 * Output:   x0 = bytes not copied (0 on success)
 * Clobbers: x1..x10, flags
 * Faults:   any load or store, as in COPY above.
 */
	COPY _uaccess_asm_copy_kernel, KERNEL_LOADS, KERNEL_STORES, ldr, str, ldrb, strb

	.section .note.GNU-stack, "", @progbits
