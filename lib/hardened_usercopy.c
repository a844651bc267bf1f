// SPDX-License-Identifier: MIT
/*
 * The kernel's hooks of the hardened copies (contracts 11 to 14 of
 * <uaccess.h>): the check the inline calls ask about objects whose size
 * the compiler does not know, and the report of every refusal.
 *
 * Both pointers start NULL, in .bss, and only the setters write them, as
 * uaccess_set_text_poke() does on x86-64: an initialised function pointer
 * would be a load-time relocation in .data.rel.local, a section a
 * kernel's linker script need not collect. The inline calls read no
 * pointer: a copy to or from an object of unknown size compares n with
 * _uaccess_limits.usercopy (a plain integer, in .data, beside the user
 * range: lib/user_range.c), INT_MAX without a check hook and 0 with one,
 * or checks the range against _uaccess_limits.copy_span, 0 with a hook
 * (x86-64 keeps it in the code: the setter has the arch rewrite it), and
 * only a refused copy calls here. Every read that leads to a call is one
 * atomic load here, so a hook removed meanwhile is never called through
 * a stale test.
 */
#include <uaccess.h>
#include "internal.h"

static uaccess_usercopy_check_t *check_hook;
static uaccess_usercopy_report_t *report_hook;

/*
 * Plain loads and stores, no exchange: the kernel calls the setters one at
 * a time (at boot, or under its own lock), and an exchange would be a
 * libgcc call on some targets (AArch64's outline atomics). The hook is
 * stored before the limit that sends copies to it.
 */
uaccess_usercopy_check_t *uaccess_set_usercopy_check(uaccess_usercopy_check_t *check)
{
	uaccess_usercopy_check_t *old =
		__atomic_load_n(&check_hook, __ATOMIC_RELAXED);

	__atomic_store_n(&check_hook, check, __ATOMIC_RELAXED);
	__atomic_store_n(&_uaccess_limits.copy_span,
			 check ? 0 : _uaccess_limits.span, __ATOMIC_RELAXED);
	__atomic_store_n(&_uaccess_limits.usercopy, check ? 0 : __INT_MAX__,
			 __ATOMIC_RELEASE);
	_uaccess_arch_user_range(uaccess_user_start, uaccess_user_end);
	return old;
}

uaccess_usercopy_report_t *uaccess_set_usercopy_report(uaccess_usercopy_report_t *report)
{
	uaccess_usercopy_report_t *old =
		__atomic_load_n(&report_hook, __ATOMIC_RELAXED);

	__atomic_store_n(&report_hook, report, __ATOMIC_RELAXED);
	return old;
}

void _uaccess_usercopy_refused(int why, const void *obj, unsigned long size,
			       unsigned long n, bool to_user)
{
	uaccess_usercopy_report_t *report =
		__atomic_load_n(&report_hook, __ATOMIC_RELAXED);

	if (report)
		report(why, obj, size, n, to_user);
}

/* n above _uaccess_usercopy_limit, for an object of unknown size. */
bool _uaccess_usercopy_slow(const void *obj, unsigned long n, bool to_user)
{
	uaccess_usercopy_check_t *check;

	if (n > (unsigned long)__INT_MAX__) {
		_uaccess_usercopy_refused(UACCESS_USERCOPY_INT_MAX, obj, ~0UL, n,
					  to_user);
		return false;
	}
	check = __atomic_load_n(&check_hook, __ATOMIC_RELAXED);
	if (!check || check(obj, n, to_user))
		return true;
	_uaccess_usercopy_refused(UACCESS_USERCOPY_CHECK, obj, ~0UL, n, to_user);
	return false;
}

/*
 * A copy to or from an object of unknown size that failed the inline
 * calls' one test, made again: the hardened check where n is above the
 * limit, then the checked copy, which refuses the range if that failed.
 * key is the inline check's for the user pointer (<uaccess/generic.h>).
 * The inline calls tail-call these, so that their fast path keeps no
 * stack frame for a call it never makes.
 */
#define USER_PTR(key) ((__force void __user *)_uaccess_arch_copy_key_addr(key))

unsigned long _uaccess_copy_to_user_slow(unsigned long key, const void *from,
					 unsigned long n)
{
	if (_UACCESS_USERCOPY_ABOVE(n) && !_uaccess_usercopy_slow(from, n, true))
		return n;
	return _uaccess_copy_to_user_unhardened(USER_PTR(key), from, n);
}

unsigned long _uaccess_copy_from_user_slow(void *to, unsigned long key,
					   unsigned long n)
{
	if (_UACCESS_USERCOPY_ABOVE(n) && !_uaccess_usercopy_slow(to, n, false))
		return n;
	return _uaccess_copy_from_user_unhardened(to, USER_PTR(key), n);
}

unsigned long _uaccess_copy_from_user_nozero_slow(void *to, unsigned long key,
						  unsigned long n)
{
	if (_UACCESS_USERCOPY_ABOVE(n) && !_uaccess_usercopy_slow(to, n, false))
		return n;
	return _uaccess_copy_from_user_nozero_unhardened(to, USER_PTR(key), n);
}
