/* SPDX-License-Identifier: MIT */
/*
 * Build-time configuration. Every setting is a macro with a default here;
 * a kernel overrides one with -DNAME=value, never by editing sources.
 *
 *   UACCESS_USER_START  lowest user address access_ok() accepts (default 0;
 *                       4096 refuses every access through a NULL pointer)
 *   UACCESS_USER_END    first address above user space (default: the
 *                       architecture's, see <uaccess/arch.h>)
 *   UACCESS_EFAULT      the errno value scalar calls return negated (14, as
 *                       on Linux and in POSIX implementations generally)
 *   UACCESS_E2BIG       the errno value copy_struct_from_user() returns
 *                       negated for a user struct larger than the kernel's
 *                       with a nonzero byte past it (7, as on Linux)
 *   UACCESS_EINVAL      the errno value the futex atomics return negated for
 *                       a misaligned word (22, as on Linux)
 *   UACCESS_ENOSYS      the errno value uaccess_futex_op() returns negated
 *                       for an operation it does not know (38, as
 *                       Linux's arch_futex_atomic_op_inuser())
 *   UACCESS_HARDENED    1 (default): copy_from_user, copy_from_user_nozero,
 *                       copy_to_user and copy_struct_from_user check their
 *                       size against the kernel object (<uaccess.h>,
 *                       contracts 11 to 14); 0: no check. Read only by the
 *                       inline calls, so it may differ between a kernel's
 *                       files and the library's
 */
#ifndef UACCESS_CONFIG_H
#define UACCESS_CONFIG_H

#ifndef UACCESS_USER_START
#define UACCESS_USER_START 0UL
#endif

#ifndef UACCESS_EFAULT
#define UACCESS_EFAULT 14
#endif

#ifndef UACCESS_E2BIG
#define UACCESS_E2BIG 7
#endif

#ifndef UACCESS_EINVAL
#define UACCESS_EINVAL 22
#endif

#ifndef UACCESS_ENOSYS
#define UACCESS_ENOSYS 38
#endif

#ifndef UACCESS_HARDENED
#define UACCESS_HARDENED 1
#endif

#endif /* UACCESS_CONFIG_H */
