/* SPDX-License-Identifier: MIT */
/* Between the x86-64 files of the library; not for kernels. */
#ifndef UACCESS_X86_64_INTERNAL_H
#define UACCESS_X86_64_INTERNAL_H

#include <stdint.h>

/*
 * alternative.c: patch every site for this feature set; 0 or -1. The
 * caller serializes (_uaccess_serialize()) once all code is written.
 */
int _uaccess_apply_alternatives(unsigned long features);

/* alternative.c: the longest NOPs that fill p[0, len). */
void _uaccess_fill_nops(uint8_t *p, unsigned int len);

/* alternative.c: write code through the kernel's text-poke hook. */
void _uaccess_text_poke(void *dst, const void *src, unsigned long len);

/* alternative.c: wait until no stale instruction can run (cpuid). */
void _uaccess_serialize(void);

/* user_range.c: write the user range into every mask; 0 or -1 (ditto). */
int _uaccess_arch_user_range_init(void);

#endif
