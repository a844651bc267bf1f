/* SPDX-License-Identifier: MIT */
/*
 * For the library's .S files: the symbol mapping, the exception-table
 * macros, the assembler-safe part of <uaccess/arch.h>, and function
 * begin/end.
 *
 *   UACCESS_FUNC(name) ... UACCESS_END(name)
 *	a global function, aligned to 2^_UACCESS_FUNC_ALIGN bytes (the
 *	arch's choice, 16 bytes by default). Its type is written %function,
 *	which every GNU and LLVM target reads (@ starts a comment on Arm).
 */
#ifndef UACCESS_ASM_H
#define UACCESS_ASM_H

#include <uaccess/namespace.h>
#include <uaccess/extable.h>
#include <uaccess/arch.h>

#ifndef _UACCESS_FUNC_ALIGN
#define _UACCESS_FUNC_ALIGN 4
#endif

#define UACCESS_FUNC(name)		\
	.text ;				\
	.globl name ;			\
	.type name, %function ;		\
	.p2align _UACCESS_FUNC_ALIGN ;	\
name:

#define UACCESS_END(name) .size name, . - name

#endif /* UACCESS_ASM_H */
