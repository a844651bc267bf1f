/* SPDX-License-Identifier: MIT */
/*
 * Patch sites for test_alternatives.c.
 *
 * In the library's table (patched by every uaccess_init()):
 *  - test_alt_reloc: a call that must be relocated, run for real;
 *  - test_alt_never: a replacement the patcher refuses, selected only by
 *    TEST_ALT_NEVER_BIT, a feature bit no CPU reports: uaccess_init() with
 *    that bit must fail and uaccess_init_error() must name this site.
 *
 * In a table of their own (test_alt_table to test_alt_table_end, patched
 * only by the test through _uaccess_apply_alternatives()): one site per
 * form the patcher accepts or refuses, each replacement selected by
 * TEST_ALT_BIT.
 */
#include <uaccess/alternative.h>
#include "test_alt.h"

/*
 * int test_alt_reloc(void)
 *   Input:    none
 *   Output:   %eax = 1 when the site was patched (ERMS), else 0
 *   Clobbers: flags
 *   Faults:   none
 */
	.text
	.globl test_alt_reloc
	.type test_alt_reloc, @function
test_alt_reloc:
	xorl	%eax, %eax
	ALTERNATIVE(UACCESS_ALT_UNNAMED, nopl (%rax), call .Lalt_one,
		    UACCESS_FEAT_ERMS_BIT)
	ret
	.size test_alt_reloc, . - test_alt_reloc

.Lalt_one:
	movl	$1, %eax
	ret

/* Never run: only its bytes are read. */
	.globl test_alt_never
test_alt_never:
	ALTERNATIVE(UACCESS_ALT_UNNAMED, nopl (%rax), lfence, TEST_ALT_NEVER_BIT)

/* From here on the entries go to .rodata, into the test's own table. */
#define uaccess_altinstr .rodata

	.section .rodata
	.balign 4
	.globl test_alt_table
test_alt_table:

/* The target of the calls and jumps below: never run, only compared. */
	.text
	.globl test_alt_target
test_alt_target:
	ret

/* The NOPs of the patcher's table, 1 to 8 bytes. */
.macro nop_forms
	.byte 0x90
	.byte 0x66, 0x90
	.byte 0x0f, 0x1f, 0x00
	.byte 0x0f, 0x1f, 0x40, 0x00
	.byte 0x0f, 0x1f, 0x44, 0x00, 0x00
	.byte 0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00
	.byte 0x0f, 0x1f, 0x80, 0x00, 0x00, 0x00, 0x00
	.byte 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00
.endm

#define SITE(name, repl)						\
	.globl name ;							\
name:	ALTERNATIVE(UACCESS_ALT_UNNAMED, nopl (%rax), repl, TEST_ALT_BIT)

/* Accepted. */
SITE(test_alt_call, call test_alt_target)
SITE(test_alt_jmp, jmp32 test_alt_target)
SITE(test_alt_call_then, call test_alt_target ; rep stosb ; rep movsb ; stac ; clac)
SITE(test_alt_late_call, stac ; call test_alt_target)
/* The shape of <uaccess/arch.h>'s clear site: rel8 jumps inside the code. */
SITE(test_alt_rel8_inside, jbe 1f ; call test_alt_target ; jmp 3f ; 1: rep stosb ; 3:)
SITE(test_alt_rel8_back, 1: rep stosb ; jne 1b)
SITE(test_alt_rep_stosb, rep stosb)
SITE(test_alt_rep_movsb, rep movsb)
SITE(test_alt_stac, stac)
SITE(test_alt_clac, clac)
SITE(test_alt_nopl, nopl (%rax))
SITE(test_alt_nops, nop_forms)
/* Refused. */
SITE(test_alt_66call, .byte 0x66 ; call test_alt_target)
SITE(test_alt_66jmp, .byte 0x66 ; jmp32 test_alt_target)
SITE(test_alt_rel8, .byte 0xeb ; .byte 1)
SITE(test_alt_rel8_before, .byte 0x90 ; .byte 0x75 ; .byte 0xfc)
SITE(test_alt_cut_off, .byte 0x90 ; .byte 0xe8 ; .byte 0 ; .byte 0)
SITE(test_alt_unknown, lfence)
SITE(test_alt_inside, jmp32 1f ; 1:)

/*
 * A replacement longer than its site, which the macros never make: the
 * entry is written out by hand (the layout of struct uaccess_alt).
 */
	.globl test_alt_long
test_alt_long:
	nopl	(%rax)
	.pushsection .rodata
	.balign 4
	.long test_alt_long - .
	.long .Llong_orig - .
	.long .Llong_repl - .
	.byte TEST_ALT_BIT, 3, 5, 3
	.byte UACCESS_ALT_UNNAMED, 0, 0, 0
	.popsection
	.pushsection uaccess_altinstr_code, "a"
.Llong_repl:
	call	test_alt_target
.Llong_orig:
	nopl	(%rax)
	.popsection

	.section .rodata
	.globl test_alt_table_end
test_alt_table_end:

	.section .note.GNU-stack, "", @progbits
