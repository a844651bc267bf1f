/* SPDX-License-Identifier: MIT */
/*
 * A test-only patch site whose replacement calls out of the site from the
 * middle of the replacement: the call must be relocated when copied.
 * test_alt_reloc returns 1 when patched (ERMS), 0 otherwise.
 */
#include <uaccess/alternative.h>

	.text
	.globl test_alt_reloc
	.type test_alt_reloc, @function
test_alt_reloc:
	ALTERNATIVE "xorl %eax, %eax", "nop; call .Lalt_target; nop", UACCESS_FEAT_ERMS_BIT
	ret
	.size test_alt_reloc, . - test_alt_reloc

.Lalt_target:
	movl	$1, %eax
	ret

	.section .note.GNU-stack, "", @progbits
