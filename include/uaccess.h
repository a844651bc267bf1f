/* SPDX-License-Identifier: MIT */
/*
 * uaccess: kernel access to user memory that survives a fault on the user side.
 *
 * Return convention of every bulk call: the number of bytes NOT done.
 * 0 means everything was done. Let k be the offset of the first inaccessible
 * byte of the user range (k = n when all of it is accessible):
 *
 *  1. __clear_user(to, n) zeroes to[0, k) and returns n - k. Nothing outside
 *     [to, to + k) is written, not even in a mapped page that lies after an
 *     unmapped one.
 *  2. __copy_to_user(to, from, n): k is the first unwritable byte of `to`;
 *     to[0, k) == from[0, k); returns n - k; nothing else is written.
 *  3. __copy_from_user(to, from, n): k is the first unreadable byte of `from`;
 *     to[0, k) == from[0, k); returns n - k; to[k, n) is left as it was.
 *  4. clear_user / copy_to_user / copy_from_user are the same after an
 *     access_ok() check. If the check fails they return n and touch no user
 *     memory. copy_from_user also zero-fills to[k, n) (to[0, n) when the check
 *     fails), so uninitialised kernel data never reaches the caller.
 *  5. access_ok(p, n) is true iff [p, p + n) lies inside the user range
 *     [uaccess_user_start, uaccess_user_end) without wrapping around.
 *  6. uaccess_fixup(pc) returns the address at which to resume if pc is an
 *     instruction covered by the image's exception table or by that of a
 *     registered module (uaccess_register_module()), else 0. It takes no
 *     locks and allocates nothing: call it from the page-fault handler.
 *  7. uaccess_init() runs once on the boot CPU before any user access: it
 *     sorts the exception table and picks the routines for this CPU.
 *  8. copy_from_user_nozero(to, from, n) is copy_from_user without the
 *     zero-fill: after the same check and mask, to[0, k) == from[0, k),
 *     it returns n - k, and to[k, n) is left as it was; a failed check
 *     returns n and writes nothing at all. For destinations that hold live
 *     data (a buffer-cache block, a pipe ring), where zeroing what the copy
 *     did not reach would destroy it; the caller must not use to[k, n) as
 *     if it came from the user.
 *  9. check_zeroed_user(from, size): let i be the first byte of
 *     from[0, size) that is nonzero or inaccessible. 1 if there is none
 *     (size 0 included, which reads nothing), 0 if byte i is nonzero,
 *     -UACCESS_EFAULT if it is inaccessible or the range fails access_ok()
 *     (nothing is read then). The answer goes by address order: a nonzero
 *     byte before a hole gives 0, one after it -EFAULT.
 * 10. copy_struct_from_user(dst, ksize, src, usize), for a struct that a
 *     system call extends over time (the user passes its size): returns 0
 *     and dst[0, ksize) holds src[0, min) followed by zeros (min =
 *     min(ksize, usize)) if src[0, usize) is readable and, when usize >
 *     ksize, src[ksize, usize) is all zero. Else, with dst[0, ksize) all
 *     zero on every failure: -UACCESS_E2BIG if usize > ksize and
 *     check_zeroed_user(src + ksize, usize - ksize) is 0; -UACCESS_EFAULT if
 *     that check is -EFAULT, if src[0, usize) fails access_ok() (nothing
 *     is read) or if src[0, min) faults. The bytes past ksize are checked
 *     first, so a nonzero one there gives -E2BIG even where src[0, min)
 *     would fault. usize 0 reads nothing and succeeds, as a copy_from_user
 *     of 0 bytes does.
 * 11. Hardened copies (UACCESS_HARDENED, on unless built with 0): first of
 *     all, copy_from_user, copy_from_user_nozero and copy_to_user compare
 *     n, and copy_struct_from_user ksize, with the size the compiler knows
 *     of the kernel object that to, from or dst points into
 *     (__builtin_object_size(p, 0): from p to that object's end). Where n
 *     is a constant larger than it, the build fails with an error that
 *     names the call. The size is the optimizer's: at -O0 none is known.
 * 12. Refused at run time: n larger than that size, n above INT_MAX
 *     (whatever the object), or n refused by the kernel's check (13). The
 *     call returns n (copy_struct_from_user -UACCESS_E2BIG, as Linux's),
 *     reads and writes nothing, user or kernel, and tells the kernel's
 *     report hook. copy_from_user does not zero-fill here: a refusal means
 *     the caller's size is wrong, so the object's bounds are in doubt
 *     (after the kernel's check none is known), and the only write that
 *     cannot overrun it is none.
 * 13. Where the compiler knows no size for the object, the kernel's check
 *     (uaccess_set_usercopy_check()), if set, says whether [p, p + n) lies
 *     inside one object of its own (a heap allocation, the live stack).
 * 14. get_user and put_user are not checked: their kernel side is x, of
 *     *ptr's type, whose size is the size they copy, so no length can
 *     exceed it. Nor are the __ forms: the checked calls are built on them.
 *
 * Counts are exact: never more bytes reported done than were done (that
 * would leak kernel data through copy_from_user) and never fewer (a short
 * read or write count would be wrong).
 *
 * Where each name is implemented (the Linux spellings below are macros for
 * the uaccess_ names; an arch's inline parts are arch/ARCH/include/uaccess/
 * arch.h, its routines arch/ARCH/clear_user.S and copy_user.S):
 *   access_ok, mask_ptr, clear_user, copy_to_user, copy_from_user[_nozero],
 *     their __ forms, get_user, put_user, unsafe_*, user_*access_begin/end,
 *     masked_user_access_begin, copy_{from,to}_kernel_nofault   this header
 *   strncpy_from_user, strnlen_user, check_zeroed_user, copy_struct_from_user,
 *     strncpy_from_kernel_nofault        lib/<the name>.c
 *   futex_cmpxchg, futex_op              lib/futex.c
 *   set_usercopy_check, set_usercopy_report   lib/hardened_usercopy.c
 *   init, init_features, init_error, strategy_name   lib/init.c
 *   cpu_features                         arch/ARCH/cpu_features.c, else lib/
 *   set_user_range, user_start, user_end lib/user_range.c
 *   fixup                                lib/extable.c
 *   register_module, unregister_module   lib/module.c
 *   set_text_poke (x86-64)               arch/x86_64/alternative.c
 */
#ifndef UACCESS_H
#define UACCESS_H

#include <stdbool.h>
#include <stddef.h>

#include <uaccess/compiler.h>	/* __user, __must_check */
#include <uaccess/namespace.h>
#include <uaccess/config.h>

/* Directions of a user access, for the window of each architecture. */
#define UACCESS_READ	1
#define UACCESS_WRITE	2

/*
 * What the checked calls read, side by side so that one base address
 * reaches them all (aligned to its size, so no field's address carries
 * into the high part of an address pair: AArch64's adrp page, PowerPC's
 * @ha): the user range as its
 * start and span (end - start; uaccess_set_user_range() keeps them equal
 * to the two above), the hardened copies' limit (lib/hardened_usercopy.c)
 * and the copies' span, span or 0 while a check hook is set (where an
 * architecture folds the hook's test into its range check). In
 * lib/user_range.c; for this header and the arch headers only (declared
 * before them: their checks read it).
 */
struct _uaccess_limits {
	unsigned long start, span;
	unsigned long usercopy, copy_span;
} __attribute__((__aligned__(4 * sizeof(unsigned long))));
extern struct _uaccess_limits _uaccess_limits;

/*
 * copy_from_user's copy and its zero fill out of line, for an
 * architecture's _uaccess_arch_copy_from_fill (<uaccess/generic.h>) to
 * tail-call: lib/copy_from_fill.c, which opens its own window, or the
 * architecture's copy_from_fill.[cS] of the same name (its arch.h says
 * what it expects).
 */
unsigned long _uaccess_copy_from_fill(void *to, const void __user *from,
				      unsigned long n);

#include <uaccess/arch.h>	/* this architecture's side of the seam */
#include <uaccess/generic.h>	/* the defaults it did not override */

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The user range checked by access_ok(), for reading: only
 * uaccess_set_user_range() changes it, since an architecture may also
 * hold it in the checked calls' code (x86-64's immediates).
 */
extern unsigned long uaccess_user_start;
extern unsigned long uaccess_user_end;

/*
 * Set the user range [start, end). Call it before uaccess_init() or at any
 * time no other CPU is inside a uaccess call. start = 4096 makes every
 * access through a NULL pointer fail the check. An architecture may also
 * hold the range in its code (immediates of the Spectre-v1 masks): a call
 * after uaccess_init() then rewrites them, in the image and in every
 * registered module (see <uaccess/arch.h>).
 *
 * Returns 0, or -1 when the range is set but holds the first page of the
 * address refused pointers are masked to (uaccess_mask_ptr()): possible
 * only where that address is the NULL page (PowerPC32, AArch64), start is
 * below 4096 and end above 0, as for user memory that starts at 0.
 * Everything works then but masked_user_access_begin() on a refused
 * pointer, which reaches the user's page 0 instead of faulting if the
 * kernel maps it there.
 */
int uaccess_set_user_range(unsigned long start, unsigned long end);

_UACCESS_INLINE __must_check bool uaccess_access_ok(const void __user *p, unsigned long n)
{
	unsigned long a = _uaccess_arch_untag_addr((__force unsigned long)p);

	/* Written so that no sum can wrap: a <= end is checked before end - a. */
	return a >= uaccess_user_start && a <= uaccess_user_end &&
	       n <= uaccess_user_end - a;
}

/*
 * Spectre v1: uaccess_mask_ptr(p) is p if it lies in the user range, else
 * the arch's masked address, computed without a branch: a non-canonical
 * address where the architecture has one (x86-64, RISC-V 64), which faults
 * whatever the kernel maps, else the NULL page (PowerPC32, AArch64; see
 * uaccess_set_user_range()). The checked calls pass their pointer through
 * it after access_ok(): a CPU that speculates past a mispredicted check
 * then still cannot load from or store to a kernel address the caller
 * chose. The __ forms do not mask (their caller checked, and masks if it
 * must); user_access_begin() uses a speculation barrier instead, because
 * it cannot rewrite the caller's pointer.
 */
#define uaccess_mask_ptr(p)						\
	((__typeof__(p))_uaccess_arch_mask_addr((__force unsigned long)(p),	\
					   uaccess_user_start,		\
					   uaccess_user_end))

/* The default _uaccess_arch_check_mask (<uaccess/generic.h>), built on access_ok. */
_UACCESS_INLINE unsigned long _uaccess_generic_check_mask(unsigned long a,
							  unsigned long n,
							  bool *ok)
{
	*ok = uaccess_access_ok((const void __user *)a, n);
	return _uaccess_arch_mask_addr(a, uaccess_user_start, uaccess_user_end);
}
#define _UACCESS_CHECK_MASK(p, n, ok)					\
	((__typeof__(p))_uaccess_arch_check_mask((__force unsigned long)(p), (n), (ok)))

#ifdef _uaccess_arch_check_mask_copy
#define _UACCESS_CHECK_MASK_COPY(p, n, ok, key)				\
	((__typeof__(p))_uaccess_arch_check_mask_copy((__force unsigned long)(p), \
						      (n), (ok), (key)))
#endif

/* The unchecked calls: constant small sizes in place, the rest by the arch. */
_UACCESS_INLINE __must_check unsigned long
__uaccess_clear_user(void __user *to, unsigned long n)
{
	if (_UACCESS_SMALL_CONST(n) && !_uaccess_arch_put_user(0, to, n))
		return 0;
	return _uaccess_arch_clear(to, n);
}

_UACCESS_INLINE __must_check unsigned long
__uaccess_copy_to_user(void __user *to, const void *from, unsigned long n)
{
	if (_UACCESS_SMALL_CONST(n) &&
	    !_uaccess_arch_put_user(_uaccess_kernel_load(from, n), to, n))
		return 0;
	return _uaccess_arch_copy_to(to, from, n);
}

/* A constant small n as one scalar access: true if that copied it all. */
_UACCESS_INLINE bool _uaccess_copy_from_user_scalar(void *to, const void __user *from,
						    unsigned long n)
{
	unsigned long long v;

	if (_UACCESS_SMALL_CONST(n) && !_uaccess_arch_get_user(&v, from, n)) {
		_uaccess_kernel_store(to, v, n);
		return true;
	}
	return false;
}

_UACCESS_INLINE __must_check unsigned long
__uaccess_copy_from_user(void *to, const void __user *from, unsigned long n)
{
	if (_uaccess_copy_from_user_scalar(to, from, n))
		return 0;
	return _uaccess_arch_copy_from(to, from, n);
}

/*
 * copy_from_user's copy once checked: __copy_from_user, and to[k, n)
 * zero-filled where the copy stopped short (by the arch's routine on its
 * fault path where it can: <uaccess/generic.h>).
 */
_UACCESS_INLINE __must_check unsigned long
_uaccess_copy_from_user_fill(void *to, const void __user *from, unsigned long n)
{
	if (_uaccess_copy_from_user_scalar(to, from, n))
		return 0;
	return _uaccess_arch_copy_from_fill(to, from, n);
}

/*
 * What a checked call costs besides its routine: the calling function's
 * own instructions (check, Spectre mask, hardened limit, tail call) with a
 * variable n and an object of unknown size, GCC 12 -O2, counted by make
 * bench under QEMU 7.2 (bench/ARCH; its "+ok" columns: Linux's asm-generic
 * access_ok() and call, 7 or 8). clear / copy_to / copy_from:
 *   AArch64 (EL0)    11 / 14 / 14
 *   RISC-V 64 (U)    12 / 14 / 14
 *   PowerPC32        12 / 14 / 14
 * (copy_from_user's zero fill lives in the routine's call, not the
 * caller: lib/copy_from_fill.c, or arch/ARCH/copy_from_fill.S.) A range fixed at build time
 * does not pay for its immediates on these: they cost as many
 * instructions as the loads, but for a range that starts at 0.
 */
_UACCESS_INLINE __must_check unsigned long uaccess_clear_user(void __user *to, unsigned long n)
{
	bool ok;

	to = _UACCESS_CHECK_MASK(to, n, &ok);
	if (__builtin_expect(!ok, 0))
		return n;
	return __uaccess_clear_user(to, n);
}

/*
 * The checked copies without the size check of contracts 11 to 14: what
 * the hardened calls below run once their check has passed, and what
 * code that has bounded n itself may call (the bench times both). A
 * passed range check is the likely way: without the hint GCC 12 put
 * copy_from_user's copy behind a taken jump and back.
 */
_UACCESS_INLINE __must_check unsigned long
_uaccess_copy_to_user_unhardened(void __user *to, const void *from,
				 unsigned long n)
{
	bool ok;

	to = _UACCESS_CHECK_MASK(to, n, &ok);
	if (__builtin_expect(!ok, 0))
		return n;
	return __uaccess_copy_to_user(to, from, n);
}

_UACCESS_INLINE __must_check unsigned long
_uaccess_copy_from_user_unhardened(void *to, const void __user *from,
				   unsigned long n)
{
	bool ok;

	from = _UACCESS_CHECK_MASK(from, n, &ok);
#ifdef _UACCESS_COPY_FROM_FILL_INLINE
	/* The arch's copy fills in line, without a frame (<uaccess/generic.h>). */
	if (__builtin_expect(ok, 1))
		return _uaccess_copy_from_user_fill(to, from, n);
	_uaccess_arch_kernel_zero(to, n);	/* refused: nothing read */
	return n;
#else
	unsigned long left = n;

	if (__builtin_expect(ok, 1))
		left = __uaccess_copy_from_user(to, from, n);
	if (__builtin_expect(left != 0, 0)) {
		/*
		 * Never hand back what the buffer held before. The empty asm
		 * keeps the compiler from computing the address on the path
		 * that copied everything, the common one.
		 */
		__asm__("" : "+r"(left));
		_uaccess_arch_kernel_zero((char *)to + (n - left), left);
	}
	return left;
#endif
}

_UACCESS_INLINE __must_check unsigned long
_uaccess_copy_from_user_nozero_unhardened(void *to, const void __user *from,
					  unsigned long n)
{
	bool ok;

	from = _UACCESS_CHECK_MASK(from, n, &ok);
	if (__builtin_expect(!ok, 0))
		return n;
	return __uaccess_copy_from_user(to, from, n);
}

/* lib/check_zeroed_user.c, lib/copy_struct_from_user.c; contracts 9 and 10. */
__must_check int uaccess_check_zeroed_user(const void __user *from,
					   unsigned long size);
__must_check int _uaccess_copy_struct_unhardened(void *dst, unsigned long ksize,
						const void __user *src,
						unsigned long usize);

/*
 * The kernel's side of contracts 12 and 13: two hooks, none by default.
 * Set them at boot, before the first copy, or at any time (a copy that
 * starts after the setter returns calls the new hook). Each setter
 * returns the hook it replaces; NULL removes one. Neither hook may make a
 * checked copy itself. x86-64 holds the copies' limit in its code, so
 * there uaccess_set_usercopy_check() after uaccess_init() rewrites it as
 * uaccess_set_user_range() does, with the same rule: no other CPU inside
 * a uaccess call.
 *
 * check(obj, n, to_user): true if [obj, obj + n) lies inside one object
 * of the kernel's, or in memory it does not track; false refuses the
 * copy. to_user: obj is the source of a copy to user memory, else the
 * destination (Linux's check_object_size()). Called where the compiler
 * knows no size for obj, n constant or not, after the INT_MAX check;
 * not for n = 0, which copies nothing (as Linux skips it).
 *
 * report(why, obj, size, n, to_user): told of each refusal (why is a
 * UACCESS_USERCOPY_* below; size is the one the compiler knew, ~0UL for
 * none). When it returns, so does the call, as contract 12 says; a kernel
 * that stops on a refusal, as Linux does, stops in it.
 */
#define UACCESS_USERCOPY_SIZE		1	/* n above the known size */
#define UACCESS_USERCOPY_INT_MAX	2	/* n above INT_MAX */
#define UACCESS_USERCOPY_CHECK		3	/* the kernel's check: false */

typedef bool uaccess_usercopy_check_t(const void *obj, unsigned long n,
				      bool to_user);
typedef void uaccess_usercopy_report_t(int why, const void *obj,
				       unsigned long size, unsigned long n,
				       bool to_user);
uaccess_usercopy_check_t *uaccess_set_usercopy_check(uaccess_usercopy_check_t *check);
uaccess_usercopy_report_t *uaccess_set_usercopy_report(uaccess_usercopy_report_t *report);

/*
 * lib/hardened_usercopy.c: the hooks' ends, out of line and cold. A copy
 * to or from an object of unknown size makes no call there while n is at
 * most _uaccess_limits.usercopy: INT_MAX, or 0 while a check hook is set.
 * One compare with it is both tests of such a copy, INT_MAX and the hook;
 * above it the call is the whole copy's, out of line (the _slow calls), a
 * tail call that leaves the fast path without a stack frame.
 */
bool _uaccess_usercopy_slow(const void *obj, unsigned long n, bool to_user);
__attribute__((__cold__)) void
_uaccess_usercopy_refused(int why, const void *obj, unsigned long size,
			  unsigned long n, bool to_user);
__attribute__((__cold__)) unsigned long
_uaccess_copy_to_user_slow(unsigned long key, const void *from, unsigned long n);
__attribute__((__cold__)) unsigned long
_uaccess_copy_from_user_slow(void *to, unsigned long key, unsigned long n);
__attribute__((__cold__)) unsigned long
_uaccess_copy_from_user_nozero_slow(void *to, unsigned long key,
				    unsigned long n);

/*
 * Whether a copy to or from obj takes the fused check with the limit's
 * test: an object of unknown size, on an architecture that fuses them
 * (_uaccess_arch_check_mask_copy, <uaccess/generic.h>). The hint: without
 * it, GCC 12 lays out a known size's copy otherwise than the same copy
 * built with UACCESS_HARDENED 0 (tests/checks/build-checks.sh).
 */
#ifdef _uaccess_arch_check_mask_copy
#define _UACCESS_USERCOPY_UNKNOWN(obj)					\
	(UACCESS_HARDENED &&						\
	 __builtin_expect(__builtin_object_size(obj, 0) == ~0UL, 1))
#else
#define _UACCESS_USERCOPY_UNKNOWN(obj) 0
#endif
#define _UACCESS_USERCOPY_ABOVE(n)					\
	__builtin_expect((n) > __atomic_load_n(&_uaccess_limits.usercopy,	\
					       __ATOMIC_RELAXED), 0)

/*
 * Contract 11's build failure: a call to one of these that the optimizer
 * could not remove. None is defined anywhere.
 */
void _uaccess_copy_from_user_overflow(void) __attribute__((__error__(
	"copy_from_user: constant n larger than the kernel object")));
void _uaccess_copy_from_user_nozero_overflow(void) __attribute__((__error__(
	"copy_from_user_nozero: constant n larger than the kernel object")));
void _uaccess_copy_to_user_overflow(void) __attribute__((__error__(
	"copy_to_user: constant n larger than the kernel object")));
void _uaccess_copy_struct_from_user_overflow(void) __attribute__((__error__(
	"copy_struct_from_user: constant ksize larger than dst")));

enum {
	_UACCESS_HC_FROM, _UACCESS_HC_FROM_NOZERO, _UACCESS_HC_TO, _UACCESS_HC_STRUCT,
};

/*
 * true if a copy of n bytes to or from obj may go ahead. call is one of
 * the constants above, which names the call in the build error. Where the
 * compiler knows obj's size and a constant n fits it, every test here
 * folds to false and no instruction is left; a variable n against a known
 * size costs one compare (INT_MAX is then above it), and one of unknown
 * size one compare with _uaccess_usercopy_limit.
 */
_UACCESS_INLINE __must_check bool
_uaccess_usercopy_ok(const void *obj, unsigned long n, bool to_user, int call)
{
#if UACCESS_HARDENED
	unsigned long size = __builtin_object_size(obj, 0);

	if (__builtin_expect(n > size, 0)) {
		if (__builtin_constant_p(n)) {
			if (call == _UACCESS_HC_FROM)
				_uaccess_copy_from_user_overflow();
			else if (call == _UACCESS_HC_FROM_NOZERO)
				_uaccess_copy_from_user_nozero_overflow();
			else if (call == _UACCESS_HC_TO)
				_uaccess_copy_to_user_overflow();
			else
				_uaccess_copy_struct_from_user_overflow();
		}
		_uaccess_usercopy_refused(UACCESS_USERCOPY_SIZE, obj, size, n,
					  to_user);
		return false;
	}
	if (size == ~0UL)
		return !_UACCESS_USERCOPY_ABOVE(n) ||
		       _uaccess_usercopy_slow(obj, n, to_user);
	if (__builtin_expect(n > (unsigned long)__INT_MAX__, 0)) {
		_uaccess_usercopy_refused(UACCESS_USERCOPY_INT_MAX, obj, size, n,
					  to_user);
		return false;
	}
#else
	(void)obj, (void)n, (void)to_user;
#endif
	(void)call;
	return true;
}

/*
 * The copies to or from an object of unknown size, where the architecture
 * fuses the limit's test into its check (_UACCESS_USERCOPY_UNKNOWN): one
 * branch, and a copy that fails either test is made again out of line
 * (the _slow calls), a tail call, which sorts out which and leaves the
 * fast path without a stack frame. The _slow calls take the check's key
 * for the user pointer (<uaccess/generic.h>), so that the fast path keeps
 * no register for the caller's pointer.
 */
#ifdef _uaccess_arch_check_mask_copy
_UACCESS_INLINE unsigned long _uaccess_copy_to_user_fused(void __user *to, const void *from,
							unsigned long n)
{
	unsigned long key;
	bool ok;
	void __user *p = _UACCESS_CHECK_MASK_COPY(to, n, &ok, &key);

	if (__builtin_expect(!ok, 0))
		return _uaccess_copy_to_user_slow(key, from, n);
	return __uaccess_copy_to_user(p, from, n);
}

_UACCESS_INLINE unsigned long _uaccess_copy_from_user_fused(void *to, const void __user *from,
							  unsigned long n)
{
	unsigned long key;
	bool ok;
	const void __user *p = _UACCESS_CHECK_MASK_COPY(from, n, &ok, &key);

	if (__builtin_expect(!ok, 0))
		return _uaccess_copy_from_user_slow(to, key, n);
	return _uaccess_copy_from_user_fill(to, p, n);
}

_UACCESS_INLINE unsigned long
_uaccess_copy_from_user_nozero_fused(void *to, const void __user *from, unsigned long n)
{
	unsigned long key;
	bool ok;
	const void __user *p = _UACCESS_CHECK_MASK_COPY(from, n, &ok, &key);

	if (__builtin_expect(!ok, 0))
		return _uaccess_copy_from_user_nozero_slow(to, key, n);
	return __uaccess_copy_from_user(to, p, n);
}
#else	/* never called: _UACCESS_USERCOPY_UNKNOWN is 0 */
#define _uaccess_copy_to_user_fused(to, from, n) (n)
#define _uaccess_copy_from_user_fused(to, from, n) (n)
#define _uaccess_copy_from_user_nozero_fused(to, from, n) (n)
#endif

/* The calls of contracts 3, 4, 8 and 10 behind that check. */
_UACCESS_INLINE __must_check unsigned long uaccess_copy_to_user(void __user *to,
						 const void *from,
						 unsigned long n)
{
	if (_UACCESS_USERCOPY_UNKNOWN(from))
		return _uaccess_copy_to_user_fused(to, from, n);
	if (!_uaccess_usercopy_ok(from, n, true, _UACCESS_HC_TO))
		return n;
	return _uaccess_copy_to_user_unhardened(to, from, n);
}

_UACCESS_INLINE __must_check unsigned long uaccess_copy_from_user(void *to,
						   const void __user *from,
						   unsigned long n)
{
	if (_UACCESS_USERCOPY_UNKNOWN(to))
		return _uaccess_copy_from_user_fused(to, from, n);
	if (!_uaccess_usercopy_ok(to, n, false, _UACCESS_HC_FROM))
		return n;
	return _uaccess_copy_from_user_unhardened(to, from, n);
}

_UACCESS_INLINE __must_check unsigned long
uaccess_copy_from_user_nozero(void *to, const void __user *from, unsigned long n)
{
	if (_UACCESS_USERCOPY_UNKNOWN(to))
		return _uaccess_copy_from_user_nozero_fused(to, from, n);
	if (!_uaccess_usercopy_ok(to, n, false, _UACCESS_HC_FROM_NOZERO))
		return n;
	return _uaccess_copy_from_user_nozero_unhardened(to, from, n);
}

_UACCESS_INLINE __must_check int uaccess_copy_struct_from_user(void *dst,
						unsigned long ksize,
						const void __user *src,
						unsigned long usize)
{
	if (!_uaccess_usercopy_ok(dst, ksize, false, _UACCESS_HC_STRUCT))
		return -UACCESS_E2BIG;
	return _uaccess_copy_struct_unhardened(dst, ksize, src, usize);
}

/*
 * get_user(x, ptr) / put_user(x, ptr): one scalar of 1, 2, 4 or 8 bytes,
 * of *ptr's type. 0, or -UACCESS_EFAULT if ptr fails access_ok() (nothing
 * is touched) or the access faults; get_user then sets x to 0, so that no
 * stale value escapes. __get_user / __put_user skip access_ok(). A put_user
 * that faults may have written the bytes of the object before the fault.
 */
#define _UACCESS_INT(x)							\
	__typeof__(__builtin_choose_expr(sizeof(x) > sizeof(0UL), 0ULL, 0UL))
#define _UACCESS_SCALAR(x)						\
	_Static_assert(sizeof(x) == 1 || sizeof(x) == 2 ||		\
		       sizeof(x) == 4 || sizeof(x) == 8,		\
		       "user scalars are 1, 2, 4 or 8 bytes")

#define __uaccess_get_user(x, ptr) ({					\
	unsigned long long __gu_v;					\
	int __gu_e;							\
	_UACCESS_SCALAR(*(ptr));					\
	__gu_e = _uaccess_arch_get_user(&__gu_v, (ptr), sizeof(*(ptr)));	\
	(x) = (__typeof__(*(ptr)))(_UACCESS_INT(*(ptr)))__gu_v;		\
	__gu_e;								\
})

#define uaccess_get_user(x, ptr) ({					\
	__typeof__(*(ptr)) __user *__gu_p = (ptr);			\
	int __gu_r = -UACCESS_EFAULT;					\
	bool __gu_ok;							\
	__gu_p = _UACCESS_CHECK_MASK(__gu_p, sizeof(*__gu_p), &__gu_ok); \
	if (__gu_ok)							\
		__gu_r = __uaccess_get_user(x, __gu_p);			\
	else								\
		(x) = (__typeof__(*(ptr)))0;				\
	__gu_r;								\
})

#define __uaccess_put_user(x, ptr) ({					\
	__typeof__(*(ptr)) __pu_x = (x);				\
	_UACCESS_SCALAR(*(ptr));					\
	_uaccess_arch_put_user((unsigned long long)(_UACCESS_INT(*(ptr)))__pu_x, \
			  (ptr), sizeof(*(ptr)));			\
})

/* x is evaluated once, before the check, whatever the check says. */
#define uaccess_put_user(x, ptr) ({					\
	__typeof__(*(ptr)) __user *__pu_p = (ptr);			\
	__typeof__(*(ptr)) __pu_v = (x);				\
	bool __pu_ok;							\
	__pu_p = _UACCESS_CHECK_MASK(__pu_p, sizeof(*__pu_p), &__pu_ok); \
	__pu_ok ? __uaccess_put_user(__pu_v, __pu_p) : -UACCESS_EFAULT;	\
})

/*
 * User-access windows, for a hot path that makes several accesses: one
 * check and one window (the architecture's switch that lets the kernel
 * reach user memory: SMAP's stac/clac, a KUAP allow and prevent) for all
 * of them.
 *
 *	if (!user_access_begin(uptr, len))
 *		return -EFAULT;
 *	unsafe_get_user(a, &uptr->a, efault);
 *	unsafe_put_user(b, &uptr->b, efault);
 *	user_access_end();
 *	return 0;
 * efault:
 *	user_access_end();
 *	return -EFAULT;
 *
 * user_access_begin(p, n): false if access_ok(p, n) fails (no window is
 * opened); else opens the window, behind a speculation barrier, and
 * returns true. Every access in the window must lie inside [p, p + n):
 * that is what was checked. Nothing else may run in the window: no call
 * to other code, no sleeping, no checked uaccess call (those close their
 * own window when they return).
 *
 * unsafe_get_user(x, ptr, label) / unsafe_put_user(x, ptr, label): one
 * scalar of 1, 2, 4 or 8 bytes; on a fault, x is 0 (get) and control goes
 * to label. unsafe_copy_to_user(to, from, n, label): goes to label if not
 * all n bytes could be written (some before the fault may have been).
 * The label's code must call user_access_end().
 */
_UACCESS_INLINE __must_check bool uaccess_user_access_begin(const void __user *p,
					     unsigned long n)
{
	if (!uaccess_access_ok(p, n))
		return false;
	_uaccess_window_open(p, n);
	return true;
}

_UACCESS_INLINE void uaccess_user_access_end(void)
{
	_uaccess_window_close();
}

#define uaccess_unsafe_get_user(x, ptr, label) do {			\
	unsigned long long __ug_v;					\
	int __ug_e;							\
	_UACCESS_SCALAR(*(ptr));					\
	__ug_e = _uaccess_get_scalar(&__ug_v, (ptr), sizeof(*(ptr)));	\
	(x) = (__typeof__(*(ptr)))(_UACCESS_INT(*(ptr)))__ug_v;		\
	if (__builtin_expect(__ug_e, 0))				\
		goto label;						\
} while (0)

#define uaccess_unsafe_put_user(x, ptr, label) do {			\
	__typeof__(*(ptr)) __up_x = (x);				\
	_UACCESS_SCALAR(*(ptr));					\
	if (__builtin_expect(_uaccess_put_scalar(			\
			(unsigned long long)(_UACCESS_INT(*(ptr)))__up_x, \
			(ptr), sizeof(*(ptr))), 0))			\
		goto label;						\
} while (0)

#define uaccess_unsafe_copy_to_user(to, from, n, label) do {		\
	if (__builtin_expect(_uaccess_arch_copy_unsafe((to), (from), (n)), 0)) \
		goto label;						\
} while (0)

/*
 * Windows for one object, and windows for one direction.
 *
 * masked_user_access_begin(p): for one object of *p's type at p, whose
 * size an architecture may bound (_UACCESS_MASKED_OBJECT_MAX of
 * <uaccess/arch.h>, a compile-time check). Returns p if [p, p + sizeof(*p))
 * lies in the user range, else an address that faults (uaccess_mask_ptr()'s:
 * <uaccess/arch.h> says which exception it raises), and
 * opens the window, both directions, in either case. No branch and no
 * speculation barrier: the pointer is a data dependency of the check, so
 * nothing can run ahead of it. The caller then makes its accesses with the
 * unsafe_ accessors on the RETURNED pointer, inside [ret, ret + sizeof(*p)),
 * and ends with user_access_end(), on the fault label too:
 *
 *	struct s __user *q = masked_user_access_begin(uptr);
 *	unsafe_get_user(a, &q->a, efault);
 *	user_access_end();
 *	...
 * efault:
 *	user_access_end();
 *	return -EFAULT;
 *
 * So a refused pointer reaches the label through the first accessor's
 * fault, like a pointer into an unmapped user page; nothing is read or
 * written. Which window when: user_access_begin(p, n) for several accesses
 * anywhere in a range the caller names, behind a speculation barrier;
 * masked_user_access_begin(p) for one object at a pointer, where
 * the barrier would cost more than the accesses.
 *
 * user_read_access_begin(p, n) / user_read_access_end() and
 * user_write_access_begin(p, n) / user_write_access_end(): as
 * user_access_begin() / user_access_end() (the same check, the same
 * barrier, false and no window on a refusal), but the window lets only
 * loads (read) or only stores (write) reach user memory where the CPU can
 * tell them apart (the window hooks get UACCESS_READ or UACCESS_WRITE
 * alone); where the window has one switch they open the whole window.
 * A read window takes unsafe_get_user() only, a write window
 * unsafe_put_user() and unsafe_copy_to_user() only, and each ends with
 * its own _end.
 */
#define uaccess_masked_user_access_begin(p) ({				\
	__typeof__(p) __mb_p;						\
	_Static_assert(sizeof(*(p)) <= _UACCESS_MASKED_OBJECT_MAX,	\
		       "masked_user_access_begin: object too large");	\
	__mb_p = (__typeof__(p))_uaccess_arch_mask_object(			\
		(__force unsigned long)(p), sizeof(*(p)),		\
		uaccess_user_start, uaccess_user_end);			\
	_uaccess_window_open_masked(__mb_p, sizeof(*(p)));		\
	__mb_p;								\
})

_UACCESS_INLINE __must_check bool uaccess_user_read_access_begin(const void __user *p,
						  unsigned long n)
{
	if (!uaccess_access_ok(p, n))
		return false;
	_uaccess_window_open_dir(p, n, UACCESS_READ);
	return true;
}

_UACCESS_INLINE void uaccess_user_read_access_end(void)
{
	_uaccess_window_close_dir(UACCESS_READ);
}

_UACCESS_INLINE __must_check bool uaccess_user_write_access_begin(void __user *p,
						   unsigned long n)
{
	if (!uaccess_access_ok(p, n))
		return false;
	_uaccess_window_open_dir(p, n, UACCESS_WRITE);
	return true;
}

_UACCESS_INLINE void uaccess_user_write_access_end(void)
{
	_uaccess_window_close_dir(UACCESS_WRITE);
}

/*
 * Strings (lib/strncpy_from_user.c, lib/strnlen_user.c), both checked
 * against the user range; only the part of the string below the range's
 * end is read (a string that runs into the end is treated as a fault there).
 *
 * strncpy_from_user(dst, src, count): copies the string at src, NUL
 * included, to dst and returns its length (without the NUL) if a NUL lies
 * in src[0, count); else copies count bytes, adds no NUL and returns count;
 * -UACCESS_EFAULT if src faults (or fails the check) before either. Never
 * writes dst[count] or beyond; on -EFAULT, dst[0, count) may hold bytes
 * read before the fault.
 *
 * strnlen_user(s, n): the length of the string INCLUDING its NUL if the
 * NUL lies in s[0, n); a value greater than n if not; 0 on a fault (or a
 * failed check) before either. n <= 0: 0, nothing read, as in Linux.
 *
 * Both read user memory in aligned words where that pays: a read past the
 * NUL stays inside the aligned word that holds the NUL, which cannot cross
 * into another page, so a string whose NUL is the last byte before an
 * unmapped page succeeds.
 */
__must_check long uaccess_strncpy_from_user(char *dst, const char __user *src, long count);
__must_check long uaccess_strnlen_user(const char __user *s, long n);

/*
 * Probes of kernel addresses, for debuggers, backtraces and tracing: an
 * address that may be unmapped (or one the MMU cannot translate at all) is read or
 * written through the same exception table as user memory, so a bad one
 * gives an error, never a crash. No user window is opened (no stac, no
 * KUAP allow) and nothing is checked against the user range or masked:
 * these are kernel addresses, and a user address is reached only if the
 * CPU lets the kernel reach it with the window closed (with SMAP or KUAP
 * it faults, and the probe says -UACCESS_EFAULT). The kernel's fault
 * handler must send these faults to uaccess_fixup(), as every other
 * fixup: the page fault for any address, and whatever the
 * architecture raises instead for an address it cannot translate at all
 * (<uaccess/arch.h> names it).
 *
 *  1. copy_from_kernel_nofault(dst, src, n) / copy_to_kernel_nofault(dst,
 *     src, n): copy src[0, n) to dst[0, n); 0 if all n bytes were copied,
 *     else -UACCESS_EFAULT. Either side may fault: on a fault at offset k
 *     of either side, dst[0, k) may hold the bytes before it (some or all),
 *     and nothing at or past dst[k] is written, nor anything read at or
 *     past src[k]. The two differ only in which side the caller doubts.
 *  2. strncpy_from_kernel_nofault(dst, src, count): with count > 0, copies
 *     the string at src to dst. If a NUL lies in src[0, count - 1), copies
 *     it and the bytes before it and returns the length INCLUDING the NUL;
 *     else copies src[0, count - 1), stores a NUL at dst[count - 1] and
 *     returns count (src[count - 1] is never read). If the byte at src[k]
 *     faults first: dst[0, k) holds the bytes before it, dst[k] = NUL (dst
 *     always holds a string), returns -UACCESS_EFAULT. With count <= 0:
 *     returns 0, writes nothing, reads nothing. Never writes dst[count] or
 *     beyond. Byte loads: a probe reads no byte it does not copy.
 */
_UACCESS_INLINE __must_check int uaccess_copy_from_kernel_nofault(void *dst,
						   const void *src,
						   unsigned long n)
{
	return _uaccess_arch_kernel_copy_nofault(dst, src, n) ? -UACCESS_EFAULT : 0;
}

_UACCESS_INLINE __must_check int uaccess_copy_to_kernel_nofault(void *dst,
						 const void *src,
						 unsigned long n)
{
	return _uaccess_arch_kernel_copy_nofault(dst, src, n) ? -UACCESS_EFAULT : 0;
}

__must_check long uaccess_strncpy_from_kernel_nofault(char *dst, const void *src,
						      long count);

/*
 * Atomic operations on one 32-bit user word, for futexes (lib/futex.c):
 * what a futex wait (read the word, compare, sleep) and a futex wake-op
 * (change the word, report what it held) need. Neither call sleeps: a
 * word on a page that is not present gives -UACCESS_EFAULT, and the
 * kernel faults the page in and calls again, as with every fixup.
 *
 *  1. uaccess_futex_cmpxchg(cur, uaddr, oldval, newval): atomically
 *     reads the word at uaddr and, if it equals oldval, writes newval;
 *     *cur = the value read. 0 whether or not it was equal.
 *  2. uaccess_futex_op(op, arg, old, uaddr): atomically replaces the
 *     word w with SET arg, ADD w + arg (mod 2^32), OR w | arg, ANDN
 *     w & ~arg or XOR w ^ arg (UACCESS_FUTEX_OP_*, the values of
 *     Linux's FUTEX_OP_*); *old = w. 0.
 *  3. Refused with nothing read or written: -UACCESS_ENOSYS for an op
 *     not in that list (checked first), -UACCESS_EINVAL for a uaddr that
 *     is not 4-byte aligned, -UACCESS_EFAULT for a word outside the user
 *     range (access_ok(); the pointer is masked as in every checked call).
 *  4. -UACCESS_EFAULT when the word is not both readable and writable,
 *     the word unchanged: a word the caller can read but not write is an
 *     error even where the comparison fails and nothing would be stored
 *     (every backend makes the store there too: x86-64's lock cmpxchg
 *     writes the value back, the LL/SC backends store-conditional the
 *     value they read), so a futex on a read-only page fails the same
 *     way on every architecture and whatever the word holds.
 *  5. *cur and *old are written on success only.
 *  6. A full barrier: no load or store before the call is reordered
 *     after the word's access, nor one after it before it (on the 0
 *     paths; an error promises no ordering).
 *  7. Lock-free: an LL/SC backend retries a store-conditional that lost
 *     its reservation (to another CPU's store or to an interrupt);
 *     uaccess_futex_op() is a compare-and-exchange loop over the word and
 *     retries while other CPUs change it. No result means "try again".
 */
#define UACCESS_FUTEX_OP_SET	0
#define UACCESS_FUTEX_OP_ADD	1
#define UACCESS_FUTEX_OP_OR	2
#define UACCESS_FUTEX_OP_ANDN	3
#define UACCESS_FUTEX_OP_XOR	4

__must_check int uaccess_futex_cmpxchg(unsigned int *cur,
				       unsigned int __user *uaddr,
				       unsigned int oldval, unsigned int newval);
__must_check int uaccess_futex_op(int op, unsigned int arg, unsigned int *old,
				  unsigned int __user *uaddr);

/*
 * Detect this CPU's features and configure the library for them. Returns 0,
 * or -1 if some code could not be patched (it then keeps its baseline code,
 * which is correct on every CPU, only slower).
 */
int uaccess_init(void);

/*
 * The same with an explicit feature set (UACCESS_FEAT_* of the arch header):
 * lets a kernel mask a feature (a CPU erratum) and lets tests force each
 * code path. uaccess_cpu_features() returns what uaccess_init() would use;
 * an architecture may leave out a feature that cannot work where it runs
 * (see the feature bits of <uaccess/arch.h>).
 */
int uaccess_init_features(unsigned long features);
unsigned long uaccess_cpu_features(void);

/* The routines uaccess_init() chose, in words ("rep", "loop", ...). */
const char *uaccess_strategy_name(void);

/*
 * NULL when the last uaccess_init() / uaccess_init_features() wrote every
 * patch site it had; else why it returned -1, in a short static message
 * that names the first site it refused (its address, and which table) and
 * the reason, e.g. "alternative site 0x1234: 66-prefixed call/jmp".
 */
const char *uaccess_init_error(void);

unsigned long uaccess_fixup(unsigned long pc);

/*
 * Loadable modules. Code of a module that includes <uaccess.h> has
 * exception-table entries, and where the architecture patches code, patch
 * sites and user-range immediates, in sections of the module's own ELF file with the same names
 * as the image's. The kernel's module loader finds them by name in the
 * module's section headers and, after loading and relocating the module,
 * fills one struct uaccess_module with where they ended up in memory:
 *
 *	extable_start, extable_stop	uaccess_extable (writable: sorted
 *					in place)
 *	altinstr_start, altinstr_stop	uaccess_altinstr (patch sites)
 *	range_start, range_stop		uaccess_range (range immediates)
 *
 * [start, stop) of each; NULL, NULL for a section the module lacks. The
 * module's uaccess_altinstr_code must be loaded too (the alternatives
 * point into it); its bounds are not needed. An architecture that patches
 * no code ignores the altinstr and range bounds. `next`
 * belongs to the library from registration until the grace period after
 * unregistration has ended (see below).
 *
 * uaccess_register_module(m), after uaccess_init() and before any of m's
 * code runs:
 *  1. sorts m's exception table in place; writes into m's patch
 *     sites the code of the feature set the last uaccess_init() /
 *     uaccess_init_features() chose, and the current user range into m's
 *     range immediates, then serializes; then publishes m: from then on
 *     uaccess_fixup() finds m's entries, on every CPU. Returns 0.
 *  2. returns -1 and does not register m when m is NULL, its exception
 *     table bounds are not whole entries (stop < start, misaligned, an odd
 *     size), m is registered already, uaccess_init() has not run, or
 *     its altinstr or range bounds are not whole entries or one of its
 *     sites or immediates is refused as uaccess_init() refuses one (that
 *     code may have been written; m's code must not run).
 *     uaccess_init_error() then says why, naming the refused site.
 *     After a 0, uaccess_init_error() is NULL.
 *
 * uaccess_unregister_module(m), once none of m's code can run any more:
 *  3. unlinks m: a uaccess_fixup() that starts after the call returns does
 *     not find m's entries. m's memory (struct, table and code) may be
 *     freed only after a grace period: once no CPU can still be inside a
 *     uaccess_fixup() that started before the call returned (RCU's
 *     synchronize_rcu(), or a stop-machine, or any wait that outlasts
 *     every fault handler running at the time of the call).
 *  4. does nothing if m is not registered.
 *
 * Concurrency: uaccess_register_module() and uaccess_unregister_module()
 * are serialized by the caller (the kernel's module mutex), and neither
 * runs concurrently with uaccess_init*() or uaccess_set_user_range(). Each
 * may run while other CPUs take faults and run uaccess_fixup(), which
 * walks the modules with acquire loads against the release store that
 * links or unlinks one, without a lock. uaccess_init_features() patches
 * the registered modules again for its feature set, and
 * uaccess_set_user_range() rewrites their range immediates: every
 * copy of the code in the kernel follows the same choice.
 */
struct uaccess_module {
	void *extable_start, *extable_stop;
	void *altinstr_start, *altinstr_stop;
	void *range_start, *range_stop;
	struct uaccess_module *next;	/* the library's */
};

__must_check int uaccess_register_module(struct uaccess_module *m);
void uaccess_unregister_module(struct uaccess_module *m);

/*
 * The short names kernels use. Each is a macro over the uaccess_ spelling
 * above (which always exists); a kernel that has its own copy_to_user (or
 * any of these) builds with -DUACCESS_NO_SHORT_NAMES and calls
 * uaccess_copy_to_user and so on (see <uaccess/namespace.h>). uaccess.mk's
 * UACCESS_SHORT_NAMES := n is the same switch: it adds that -D to
 * UACCESS_CPPFLAGS. Linux's raw_copy_to_user / raw_copy_from_user are
 * __copy_to_user / __copy_from_user here (no check, no zero-fill).
 */
#ifndef UACCESS_NO_SHORT_NAMES
#define access_ok uaccess_access_ok
#define clear_user uaccess_clear_user
#define copy_to_user uaccess_copy_to_user
#define copy_from_user uaccess_copy_from_user
#define __clear_user __uaccess_clear_user
#define __copy_to_user __uaccess_copy_to_user
#define __copy_from_user __uaccess_copy_from_user
#define copy_from_user_nozero uaccess_copy_from_user_nozero
#define check_zeroed_user uaccess_check_zeroed_user
#define copy_struct_from_user uaccess_copy_struct_from_user
#define get_user uaccess_get_user
#define put_user uaccess_put_user
#define __get_user __uaccess_get_user
#define __put_user __uaccess_put_user
#define user_access_begin uaccess_user_access_begin
#define user_access_end uaccess_user_access_end
#define unsafe_get_user uaccess_unsafe_get_user
#define unsafe_put_user uaccess_unsafe_put_user
#define unsafe_copy_to_user uaccess_unsafe_copy_to_user
#define strncpy_from_user uaccess_strncpy_from_user
#define strnlen_user uaccess_strnlen_user
#define masked_user_access_begin uaccess_masked_user_access_begin
#define user_read_access_begin uaccess_user_read_access_begin
#define user_read_access_end uaccess_user_read_access_end
#define user_write_access_begin uaccess_user_write_access_begin
#define user_write_access_end uaccess_user_write_access_end
#define copy_from_kernel_nofault uaccess_copy_from_kernel_nofault
#define copy_to_kernel_nofault uaccess_copy_to_kernel_nofault
#define strncpy_from_kernel_nofault uaccess_strncpy_from_kernel_nofault
#define __copy_to_user_inatomic __uaccess_copy_to_user
#define __copy_from_user_inatomic __uaccess_copy_from_user
#define futex_atomic_cmpxchg_inatomic uaccess_futex_cmpxchg
/* Linux's takes an int *oval for the old value. */
#define arch_futex_atomic_op_inuser(op, arg, oval, uaddr)		\
	uaccess_futex_op(op, arg, (unsigned int *)(oval), uaddr)
#endif

#ifdef __cplusplus
}
#endif

#endif /* UACCESS_H */
