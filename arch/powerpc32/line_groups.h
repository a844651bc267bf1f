/* SPDX-License-Identifier: MIT */
/*
 * What clear_user.S and copy_user.S share about groups: a group is a run
 * of words whose length b (4, 8, ..., 128) is one bit of a byte count,
 * moved or not as that bit says. mtcrf 0x03 puts the count's low byte in
 * cr6/cr7; cr_bit names the CR bit that holds b's. Included after
 * `#define L` (the line, <uaccess/dcbz.h>).
 */

/* .Lbit: the CR bit that mtcrf 0x03 fills from bit b (1 .. 128) of a value. */
.macro cr_bit b
	.set .Lbit, 31
	.set .Lbit_value, 1
	.rept 7
	.if .Lbit_value < \b
	.set .Lbit, .Lbit - 1
	.set .Lbit_value, .Lbit_value * 2
	.endif
	.endr
.endm

/*
 * To the next line boundary: ptr + 4 is word-aligned; the groups of 4 to
 * L/2 bytes that -(ptr + 4) has, each by `group b` (clear_group or
 * copy_group). Clobbers r8, cr6, cr7.
 */
.macro line_head group, ptr
	subfic	%r8, \ptr, -4		/* -(ptr + 4): the bytes to a line boundary */
	mtcrf	0x03, %r8
	\group 4
	\group 8
#if L > 16
	\group 16
#endif
#if L > 32
	\group 32
#endif
#if L > 64
	\group 64
#endif
.endm
