/* SPDX-License-Identifier: MIT */
/*
 * A test-only patch site whose replacement calls out of the site from the
 * middle of the replacement: the call must be relocated when copied.
 * test_alt_reloc returns 1 when patched (ERMS), 0 otherwise.
 */
#include <uaccess/alternative.h>

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
	ALTERNATIVE(nopl (%rax), nop ; call .Lalt_target ; nop, UACCESS_FEAT_ERMS_BIT)
	ret
	.size test_alt_reloc, . - test_alt_reloc

.Lalt_target:
	movl	$1, %eax
	ret

	.section .note.GNU-stack, "", @progbits
