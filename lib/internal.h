/* SPDX-License-Identifier: MIT */
/*
 * Between the portable library and the arch backends; not for kernels.
 * The functions an architecture provides out of line, each with a default
 * in lib/ (a file of the same name in arch/<arch>/ replaces it).
 */
#ifndef UACCESS_INTERNAL_H
#define UACCESS_INTERNAL_H

/* lib/extable.c: sort the exception table (idempotent). */
void _uaccess_extable_sort(void);

/*
 * arch_setup.c: choose the routines for this feature set; 0 or -1 as
 * uaccess_init(). The same file defines uaccess_strategy_name().
 */
int _uaccess_arch_setup(unsigned long features);

/*
 * user_range.c: the user range changed (uaccess_set_user_range()); an
 * arch that keeps it in its code writes it there, once uaccess_init() ran.
 */
void _uaccess_arch_user_range(unsigned long start, unsigned long end);

#endif
