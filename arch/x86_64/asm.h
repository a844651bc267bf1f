/* SPDX-License-Identifier: MIT */
/* Function begin/end for the x86-64 .S files. */
#ifndef UACCESS_X86_64_ASM_H
#define UACCESS_X86_64_ASM_H

#include <uaccess/namespace.h>

#define FUNC(name)			\
	.text ;				\
	.globl name ;			\
	.type name, @function ;		\
	.p2align 4 ;			\
name:

#define END(name) .size name, . - name

#endif
