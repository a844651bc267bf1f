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
 * lib/extable.c: the registered modules, newest first, linked through
 * their `next`. Code that patches walks it with plain loads: it runs
 * where the caller serializes registration (uaccess_init_features(),
 * uaccess_set_user_range(), uaccess_register_module()).
 */
extern struct uaccess_module *_uaccess_modules;

/*
 * arch_setup.c: choose the routines for this feature set; 0 or -1 as
 * uaccess_init(). The same file defines uaccess_strategy_name().
 */
int _uaccess_arch_setup(unsigned long features);

/*
 * arch_setup.c: uaccess_register_module(m) asks the architecture to patch
 * m's code as _uaccess_arch_setup() patched the image's, for the feature
 * set of the last uaccess_init() and the current user range, and to
 * serialize. why: NULL, or lib/'s reason to refuse m (its exception-table
 * bounds, ...), in which case nothing is patched. Returns 0, or -1 when m
 * is refused (why, or a reason of the architecture's); the refusal is kept
 * for uaccess_init_error() in place of the last one, as a clean call
 * clears it. An architecture that patches no code ignores m's
 * uaccess_altinstr and uaccess_range bounds. In arch_setup.c because that
 * file owns what uaccess_init_error() reports.
 */
int _uaccess_arch_module(struct uaccess_module *m, const char *why);

/*
 * user_range.c: the user range changed (uaccess_set_user_range()); an
 * arch that keeps it in its code writes it there, once uaccess_init() ran.
 */
void _uaccess_arch_user_range(unsigned long start, unsigned long end);

#endif
