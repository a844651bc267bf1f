/* SPDX-License-Identifier: MIT */
/* Between the portable library and the arch backends; not for kernels. */
#ifndef UACCESS_INTERNAL_H
#define UACCESS_INTERNAL_H

/* lib/extable.c: sort the exception table (idempotent). */
void _uaccess_extable_sort(void);

/* arch: choose the routines for this feature set; 0 or -1 as uaccess_init. */
int _uaccess_arch_setup(unsigned long features);

/*
 * arch: the user range changed (uaccess_set_user_range()); an arch that
 * keeps it in its code (x86-64) writes it there, once uaccess_init() ran.
 */
void _uaccess_arch_user_range(unsigned long start, unsigned long end);

#endif
