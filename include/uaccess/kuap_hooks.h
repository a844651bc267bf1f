/* SPDX-License-Identifier: MIT */
/*
 * Kernel-filled window hooks, for an architecture whose kernels keep user
 * memory out of reach by means the library cannot know (PowerPC32's KUAP
 * through segment bits or the PID register, AArch64's software PAN by
 * switching TTBR0): its <uaccess/arch.h> includes this header and calls
 * them around every user access. User memory is reachable only between
 * uaccess_kuap_allow() and uaccess_kuap_prevent(), called with the same
 * arguments around each bulk and scalar call:
 *
 *   addr, n   the user range the call may touch
 *   dir       UACCESS_KUAP_READ (loads only) or UACCESS_KUAP_WRITE (stores)
 *
 * By default they are empty. A kernel that needs them builds everything
 * that includes <uaccess.h> (the library too) with -DUACCESS_KUAP and
 * provides a header <uaccess/kuap.h> in its own include path that defines
 * both, static inline (a single register write stays inline), with these
 * signatures:
 *
 *   void uaccess_kuap_allow(const void __user *addr, unsigned long n, int dir);
 *   void uaccess_kuap_prevent(const void __user *addr, unsigned long n, int dir);
 *
 * user_access_begin() opens a window for both directions (dir =
 * UACCESS_KUAP_READ | UACCESS_KUAP_WRITE) on its range; user_access_end(),
 * which does not know the range, closes it with (NULL, 0, the same dir): a
 * protection that needs the range to close keeps it from allow(). Calls
 * refused by access_ok() touch no user memory and open no window; a fault
 * inside a call returns through the same prevent() as success.
 */
#ifndef UACCESS_KUAP_HOOKS_H
#define UACCESS_KUAP_HOOKS_H

#define UACCESS_KUAP_READ	UACCESS_READ
#define UACCESS_KUAP_WRITE	UACCESS_WRITE

#ifdef UACCESS_KUAP
#include <uaccess/kuap.h>
#else
_UACCESS_INLINE void uaccess_kuap_allow(const void __user *addr, unsigned long n,
				      int dir)
{
	(void)addr, (void)n, (void)dir;
}

_UACCESS_INLINE void uaccess_kuap_prevent(const void __user *addr,
					unsigned long n, int dir)
{
	(void)addr, (void)n, (void)dir;
}
#endif

/* The window of every access is the pair of hooks. */
#define _uaccess_arch_user_open uaccess_kuap_allow
#define _uaccess_arch_user_close uaccess_kuap_prevent

/*
 * A bulk routine's call, bytes not done, inside the window of dir over
 * [addr, addr + n): how the arch's _uaccess_arch_clear, _uaccess_arch_copy_to and
 * _uaccess_arch_copy_from call their routines. A fault returns through the
 * routine, so prevent() follows every path.
 */
#define _UACCESS_KUAP_CALL(addr, n, dir, call) ({			\
	unsigned long __kc_left;					\
									\
	uaccess_kuap_allow(addr, n, dir);				\
	__kc_left = (call);						\
	uaccess_kuap_prevent(addr, n, dir);				\
	__kc_left;							\
})

#endif /* UACCESS_KUAP_HOOKS_H */
