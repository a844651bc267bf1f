/* SPDX-License-Identifier: MIT */
/*
 * clear_user for AArch64: sttr xzr (unprivileged), 64 bytes a group while
 * 64 are left, then doublewords, then bytes. Misaligned stores are allowed
 * on normal memory, so the pointer is not aligned first.
 *
 * Exactness: every store has an exception-table entry. x0/x1 advance only
 * after a whole group or doubleword, so a fault leaves them at its start;
 * the fixup clears byte by byte from there, that loop faults again on
 * exactly the first inaccessible byte, and x1 is then the count of bytes
 * not cleared. A store that faults on its first byte writes nothing; one
 * that straddles into a faulting page may have written the bytes before
 * that page, which the byte loop clears again. No byte at or past the
 * first inaccessible one is written.
 */
#include <uaccess/asm.h>
#include <uaccess/extable.h>

/*
 * _uaccess_clear_user: clear n bytes of user memory (an AAPCS64 function).
 * Input:    x0 = user destination, x1 = byte count
 * Output:   x0 = bytes not cleared (0 on success)
 * Clobbers: x1, flags
 * Faults:   every sttr: a group's or a doubleword's resume at the byte
 *           loop with x0/x1 at its start; the byte loop's return x1.
 */
FUNC(_uaccess_clear_user)
	cmp	x1, #64
	b.lo	.Lclear_dwords
.Lclear_group:
	UACCESS_USER(.Lclear_bytes, sttr xzr, [x0])
	UACCESS_USER(.Lclear_bytes, sttr xzr, [x0, #8])
	UACCESS_USER(.Lclear_bytes, sttr xzr, [x0, #16])
	UACCESS_USER(.Lclear_bytes, sttr xzr, [x0, #24])
	UACCESS_USER(.Lclear_bytes, sttr xzr, [x0, #32])
	UACCESS_USER(.Lclear_bytes, sttr xzr, [x0, #40])
	UACCESS_USER(.Lclear_bytes, sttr xzr, [x0, #48])
	UACCESS_USER(.Lclear_bytes, sttr xzr, [x0, #56])
	add	x0, x0, #64
	sub	x1, x1, #64
	cmp	x1, #64
	b.hs	.Lclear_group
.Lclear_dwords:
	cmp	x1, #8
	b.lo	.Lclear_bytes
.Lclear_dword:
	UACCESS_USER(.Lclear_bytes, sttr xzr, [x0])
	add	x0, x0, #8
	sub	x1, x1, #8
	cmp	x1, #8
	b.hs	.Lclear_dword
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
END(_uaccess_clear_user)

	.section .note.GNU-stack, "", @progbits
