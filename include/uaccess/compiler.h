/* SPDX-License-Identifier: MIT */
/*
 * Compiler attributes of the API.
 *
 * _UACCESS_INLINE: the inline calls of <uaccess.h> and <uaccess/arch.h>.
 * Plain "static inline" is a hint, and GCC weighs an asm statement by its
 * number of lines: a clear or copy site whose patchable alternatives
 * expand to a few dozen assembler lines was compiled as an out-of-line
 * function reached by a call, which defeats the point of patching the
 * instruction into the caller. always_inline makes the promise
 * hold in every caller.
 *
 * __must_check: on every call whose result says what was done (bytes not
 * done, -EFAULT, a length): ignoring it is a bug, and the compiler says so.
 *
 * __user, __force: under sparse (__CHECKER__, `make sparse`) a user
 * pointer lives in an address space of its own, which a kernel pointer
 * cannot be mixed with and which may not be dereferenced; __force marks
 * the few casts that cross on purpose. For the compiler both are empty.
 * A kernel that defines them already keeps its own definitions.
 */
#ifndef UACCESS_COMPILER_H
#define UACCESS_COMPILER_H

#define _UACCESS_INLINE static inline __attribute__((__always_inline__))

#ifndef __must_check
#define __must_check __attribute__((__warn_unused_result__))
#endif

#ifdef __CHECKER__
#ifndef __user
#define __user __attribute__((noderef, address_space(__user)))
#endif
#ifndef __force
#define __force __attribute__((force))
#endif
#else
#ifndef __user
#define __user
#endif
#ifndef __force
#define __force
#endif
#endif

#endif /* UACCESS_COMPILER_H */
