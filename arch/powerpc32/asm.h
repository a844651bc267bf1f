/* SPDX-License-Identifier: MIT */
/* Function begin/end for the PowerPC32 .S files. */
#ifndef UACCESS_POWERPC32_ASM_H
#define UACCESS_POWERPC32_ASM_H

#include <uaccess/namespace.h>

#define FUNC(name)			\
	.text ;				\
	.globl name ;			\
	.type name, @function ;		\
	.p2align 5 ;			\
name:

#define END(name) .size name, . - name

#endif
