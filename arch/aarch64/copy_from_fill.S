/* SPDX-License-Identifier: MIT */
/*
 * copy_from_user's copy with its zero fill (contract 4 of <uaccess.h>),
 * for the inline call to reach with a tail call: a zero fill after the
 * copy in the caller would cost every caller a stack frame for a path
 * that a short copy alone takes.
 *
 * Register use: x11 keeps the return address and x12 the destination's
 * end across the call of _uaccess_asm_copy_from_user, which leaves them
 * alone (its contract in copy_user.S clobbers x1..x10). No stack.
 */
#include <uaccess/asm.h>

/*
 * _uaccess_copy_from_fill
 * Input:    x0 = kernel destination, x1 = user source, x2 = byte count
 * Output:   x0 = bytes not copied (0 on success); that many bytes at the
 *           end of the destination are zero
 * Clobbers: x1..x12, flags
 * Faults:   none of its own: the copy's are the routine's.
 */
UACCESS_FUNC(_uaccess_copy_from_fill)
	mov	x11, x30
	add	x12, x0, x2
	bl	_uaccess_asm_copy_from_user
	cbnz	x0, .Lfill_zero
	ret	x11
.Lfill_zero:
	sub	x1, x12, x0
.Lfill_byte:
	strb	wzr, [x1], #1
	cmp	x1, x12
	b.ne	.Lfill_byte
	ret	x11
UACCESS_END(_uaccess_copy_from_fill)

	.section .note.GNU-stack, "", @progbits
