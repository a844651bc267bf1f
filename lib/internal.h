/* SPDX-License-Identifier: MIT */
/*
 * Between the portable library and the arch backends; not for kernels.
 * The functions an architecture provides out of line, each with a default
 * in lib/ (a file of the same name in arch/<arch>/ replaces it).
 */
#ifndef UACCESS_INTERNAL_H
#define UACCESS_INTERNAL_H

/*
 * Portable, between the files of lib/:
 *
 * extable.c: sort the image's exception table (idempotent); ready a
 * module's for uaccess_fixup() (NULL, or why it cannot be).
 */
void _uaccess_extable_sort(void);
const char *_uaccess_extable_add(const struct uaccess_module *m);

/*
 * module.c: the registered modules, newest first, linked through their
 * `next`. Code that patches walks it with plain loads: it runs where the
 * caller serializes registration (uaccess_init_features(),
 * uaccess_set_user_range(), uaccess_register_module()).
 */
extern struct uaccess_module *_uaccess_modules;

/*
 * init.c: keep why (NULL: none) as the refusal of the last init or
 * module registration, for uaccess_init_error(); 0, or -1 if why.
 */
int _uaccess_report(const char *why);

/*
 * What an architecture provides, each a default in lib/ that the arch
 * file of the same name replaces:
 *
 * arch_setup.c: choose the routines for this feature set, patching code
 * where the architecture does; NULL, or why a choice was refused (the
 * code keeps its slower baseline there). Then patch module m's code the
 * same way, for the feature set of the last uaccess_init() and the
 * current user range, and serialize: NULL, or why m is refused (nothing
 * patched then). An architecture that patches no code ignores m's
 * uaccess_altinstr and uaccess_range bounds. And the choice in words,
 * for uaccess_strategy_name().
 */
const char *_uaccess_arch_setup(unsigned long features);
const char *_uaccess_arch_module(struct uaccess_module *m);
const char *_uaccess_arch_strategy(void);

/*
 * arch_user_range.c: the user range or the copies' span changed
 * (uaccess_set_user_range(), uaccess_set_usercopy_check()); an arch that
 * keeps them in its code writes them there, once uaccess_init() ran.
 */
void _uaccess_arch_user_range(unsigned long start, unsigned long end);

#endif
