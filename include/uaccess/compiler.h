/* SPDX-License-Identifier: MIT */
/*
 * _UACCESS_INLINE: the inline calls of <uaccess.h> and <uaccess/arch.h>.
 *
 * Plain "static inline" is a hint, and GCC weighs an asm statement by its
 * number of lines: the x86-64 clear and copy sites, whose alternatives
 * expand to a few dozen assembler lines, were compiled as out-of-line
 * functions and reached by a call (seen in the benchmark's code with GCC
 * 12 at -O2), which defeats the point of patching rep stosb / rep movsb
 * into the caller. always_inline makes the promise hold in every caller.
 */
#ifndef UACCESS_COMPILER_H
#define UACCESS_COMPILER_H

#define _UACCESS_INLINE static inline __attribute__((__always_inline__))

#endif /* UACCESS_COMPILER_H */
