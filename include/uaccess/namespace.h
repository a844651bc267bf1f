/* SPDX-License-Identifier: MIT */
/*
 * Vendoring: with -DUACCESS_PREFIX=p_ every symbol the library defines is
 * linked as p_<name> (p_uaccess_init, p__uaccess_clear_user_long, ...), so
 * two copies of the library, or the library and a kernel's own code, never
 * share a symbol. Callers keep writing the plain names: the lists map them,
 * in C and in the .S files (<uaccess/asm.h> includes them), and inline asm
 * names its callees through _UACCESS_S(name), which expands the mapping.
 *
 * Without a prefix every symbol is already uaccess_* or _uaccess_*
 * (tests/checks/build-checks.sh checks that, and with a prefix that every symbol
 * carries it). The public API's short names (copy_to_user, get_user, ...)
 * are macros over uaccess_* names; -DUACCESS_NO_SHORT_NAMES leaves them
 * out for a kernel that has its own (see the end of <uaccess.h>).
 *
 * This list holds every extern symbol of lib/; each <uaccess/arch.h> lists
 * those of its own arch/ directory the same way. A new symbol goes into one
 * of the lists, or the prefixed build's symbol check fails.
 */
#ifndef UACCESS_NAMESPACE_H
#define UACCESS_NAMESPACE_H

#ifdef UACCESS_PREFIX
#define _UACCESS_NS3(p, name) p##name
#define _UACCESS_NS2(p, name) _UACCESS_NS3(p, name)
#define _UACCESS_NS(name) _UACCESS_NS2(UACCESS_PREFIX, name)
#else
#define _UACCESS_NS(name) name
#endif

/* The API (<uaccess.h>). */
#define uaccess_init _UACCESS_NS(uaccess_init)
#define uaccess_init_features _UACCESS_NS(uaccess_init_features)
#define uaccess_cpu_features _UACCESS_NS(uaccess_cpu_features)
#define uaccess_strategy_name _UACCESS_NS(uaccess_strategy_name)
#define uaccess_init_error _UACCESS_NS(uaccess_init_error)
#define uaccess_fixup _UACCESS_NS(uaccess_fixup)
#define uaccess_register_module _UACCESS_NS(uaccess_register_module)
#define uaccess_unregister_module _UACCESS_NS(uaccess_unregister_module)
#define uaccess_set_user_range _UACCESS_NS(uaccess_set_user_range)
#define uaccess_user_start _UACCESS_NS(uaccess_user_start)
#define uaccess_user_end _UACCESS_NS(uaccess_user_end)
#define uaccess_strncpy_from_user _UACCESS_NS(uaccess_strncpy_from_user)
#define uaccess_strnlen_user _UACCESS_NS(uaccess_strnlen_user)
#define uaccess_check_zeroed_user _UACCESS_NS(uaccess_check_zeroed_user)
#define _uaccess_copy_struct_unhardened _UACCESS_NS(_uaccess_copy_struct_unhardened)
#define uaccess_set_usercopy_check _UACCESS_NS(uaccess_set_usercopy_check)
#define uaccess_set_usercopy_report _UACCESS_NS(uaccess_set_usercopy_report)
#define _uaccess_limits _UACCESS_NS(_uaccess_limits)
#define _uaccess_copy_from_fill _UACCESS_NS(_uaccess_copy_from_fill)
#define _uaccess_copy_to_user_slow _UACCESS_NS(_uaccess_copy_to_user_slow)
#define _uaccess_copy_from_user_slow _UACCESS_NS(_uaccess_copy_from_user_slow)
#define _uaccess_copy_from_user_nozero_slow _UACCESS_NS(_uaccess_copy_from_user_nozero_slow)
#define _uaccess_usercopy_slow _UACCESS_NS(_uaccess_usercopy_slow)
#define _uaccess_usercopy_refused _UACCESS_NS(_uaccess_usercopy_refused)
#define uaccess_strncpy_from_kernel_nofault _UACCESS_NS(uaccess_strncpy_from_kernel_nofault)
#define uaccess_futex_cmpxchg _UACCESS_NS(uaccess_futex_cmpxchg)
#define uaccess_futex_op _UACCESS_NS(uaccess_futex_op)

/* Between lib/ and the architectures (lib/internal.h). */
#define _uaccess_extable_sort _UACCESS_NS(_uaccess_extable_sort)
#define _uaccess_extable_add _UACCESS_NS(_uaccess_extable_add)
#define _uaccess_modules _UACCESS_NS(_uaccess_modules)
#define _uaccess_report _UACCESS_NS(_uaccess_report)
#define _uaccess_arch_setup _UACCESS_NS(_uaccess_arch_setup)
#define _uaccess_arch_module _UACCESS_NS(_uaccess_arch_module)
#define _uaccess_arch_strategy _UACCESS_NS(_uaccess_arch_strategy)
#define _uaccess_arch_user_range _UACCESS_NS(_uaccess_arch_user_range)

/* A symbol's name as a string for inline asm, after the mapping above. */
#define _UACCESS_S2(x) #x
#define _UACCESS_S(x) _UACCESS_S2(x)

#endif /* UACCESS_NAMESPACE_H */
