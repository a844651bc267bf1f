/* SPDX-License-Identifier: MIT */
/*
 * Portable defaults of the arch seam, and the helpers every architecture
 * shares. <uaccess.h> includes this right after <uaccess/arch.h>.
 *
 * What each <uaccess/arch.h> provides:
 *   UACCESS_USER_END, UACCESS_FEAT_*, its symbol list (_UACCESS_NS)
 *   _uaccess_arch_clear, _uaccess_arch_copy_to, _uaccess_arch_copy_from   bulk, own window
 *   _uaccess_arch_copy_unsafe                  bulk to user, inside the caller's window
 *   _uaccess_arch_get_unsafe, _uaccess_arch_put_unsafe     one scalar, no window
 *   _uaccess_arch_barrier_nospec               the barrier of user_access_begin
 *   _uaccess_arch_futex_cmpxchg(cur, p, old, new)   the futex atomic:
 *       inside a window, p 4-byte aligned and in the user range: atomically
 *       read the word at p, store new if it equals old, ELSE STORE BACK
 *       what was read (so a word that cannot be written faults either
 *       way), a full barrier; *cur = the value read and 0, or
 *       -UACCESS_EFAULT with the word unchanged (lib/futex.c builds every
 *       futex call on it)
 * and, where the defaults below do not fit: _uaccess_arch_user_open,
 * _uaccess_arch_user_close, _uaccess_arch_untag_addr, _uaccess_arch_mask_addr (with
 * _UACCESS_MASKED_ADDR), _uaccess_arch_check_mask, _uaccess_arch_check_mask_copy
 * (with _uaccess_arch_copy_key_addr),
 * _uaccess_arch_copy_from_fill, _uaccess_arch_mask_object (with
 * _UACCESS_MASKED_OBJECT_MAX), _uaccess_arch_kernel_copy_nofault,
 * _uaccess_arch_kernel_get_nofault, _uaccess_arch_kernel_zero, _uaccess_arch_get_user,
 * _uaccess_arch_put_user, _UACCESS_FUNC_ALIGN, _UACCESS_NO_MISALIGNED.
 *
 * An architecture that provides one of the overridable names defines a
 * macro of the same name to itself (`#define _uaccess_arch_kernel_zero
 * _uaccess_arch_kernel_zero`), the way musl's atomic.h does; the default here
 * then steps aside. The defaults that compute something are also defined
 * as _uaccess_generic_*, whatever the architecture chose, so that the
 * suite tests them on every architecture.
 */
#ifndef UACCESS_GENERIC_H
#define UACCESS_GENERIC_H

/*
 * The window around user accesses: by default none (a CPU that does not
 * keep the kernel out of user memory). dir is UACCESS_READ, UACCESS_WRITE
 * or both; p and n are the user range the accesses stay inside.
 */
#ifndef _uaccess_arch_user_open
_UACCESS_INLINE void _uaccess_arch_user_open(const void __user *p, unsigned long n,
					int dir)
{
	(void)p, (void)n, (void)dir;
}
#endif

#ifndef _uaccess_arch_user_close
_UACCESS_INLINE void _uaccess_arch_user_close(const void __user *p, unsigned long n,
					 int dir)
{
	(void)p, (void)n, (void)dir;
}
#endif

/*
 * The address a user pointer names, for access_ok() and the Spectre-v1
 * mask: by default the pointer itself. An architecture whose CPU ignores
 * some bits of a user pointer (a tag in its top byte) clears them here;
 * the accesses themselves keep the pointer as given. An architecture with
 * its own _uaccess_arch_mask_addr applies this step in it.
 */
_UACCESS_INLINE unsigned long _uaccess_generic_untag_addr(unsigned long a)
{
	return a;
}
#ifndef _uaccess_arch_untag_addr
#define _uaccess_arch_untag_addr _uaccess_generic_untag_addr
#endif

/*
 * Spectre v1: a if start <= a < end, else 0, the NULL page. One unsigned
 * compare covers both ends: a - start wraps to a huge value when a <
 * start. The empty asm hides the comparison's result from the optimizer,
 * so that it stays a data dependency and never becomes a branch the CPU
 * could mispredict. An architecture overrides this with a sequence it
 * knows to be branch-free, and where it has an address that faults
 * whatever the kernel maps (a non-canonical one), with that address as
 * _UACCESS_MASKED_ADDR. Where it has none, the masked address is user
 * memory if the range holds it: uaccess_set_user_range() says so.
 */
_UACCESS_INLINE unsigned long _uaccess_generic_mask_addr(unsigned long a,
							 unsigned long start,
							 unsigned long end)
{
	unsigned long in = _uaccess_arch_untag_addr(a) - start < end - start;

	__asm__("" : "+r"(in));
	return a & -in;
}
#ifndef _uaccess_arch_mask_addr
#define _uaccess_arch_mask_addr _uaccess_generic_mask_addr
#define _UACCESS_MASKED_ADDR 0UL
#endif
#ifndef _UACCESS_MASKED_ADDR
#error "an arch with its own _uaccess_arch_mask_addr sets _UACCESS_MASKED_ADDR"
#endif

/*
 * The checked calls' first step, _uaccess_arch_check_mask(a, n, ok): *ok =
 * access_ok(a, n), and the address they then use, uaccess_mask_ptr(a). An
 * architecture may compute both in one sequence (x86-64: one
 * subtraction's flags for both); its *ok for n = 0 may differ from
 * access_ok()'s, since a call of no bytes touches nothing and returns 0
 * either way. The default, _uaccess_generic_check_mask, calls access_ok()
 * and so is defined after it, in <uaccess.h>; the suite tests it
 * everywhere.
 */
#ifndef _uaccess_arch_check_mask
#define _uaccess_arch_check_mask _uaccess_generic_check_mask
#endif

/*
 * The copies' form, optional: _uaccess_arch_check_mask_copy(a, n, ok, key)
 * as _uaccess_arch_check_mask, where *ok also asks n <= the hardened
 * copies' limits for an object of unknown size (n <= INT_MAX, and no
 * check hook set: _uaccess_limits.usercopy), and *key is what a copy
 * refused here passes out of line, where _uaccess_arch_copy_key_addr(key)
 * gives a back (the out-of-line call sorts out which test failed). An
 * architecture defines it where its check takes the limit's test for
 * fewer instructions than a compare apart, and keeps a value from which
 * a comes back (so that the fast path needs no copy of a). Without it, a
 * copy makes the hardened test and then the range check.
 */
#ifndef _uaccess_arch_copy_key_addr
#define _uaccess_arch_copy_key_addr(key) (key)
#endif

/*
 * masked_user_access_begin(): a if the whole object [a, a + n) lies in
 * [start, end), else the arch's faulting address: a must lie in
 * [start, end - n + 1), the range _uaccess_arch_mask_addr() is given (an empty
 * one when the object is larger than the range). This default checks the
 * whole object, which an architecture whose user end is directly followed
 * by kernel memory needs. An architecture where every access within
 * _UACCESS_MASKED_OBJECT_MAX bytes past the user end faults anyway (a
 * guard page, an address hole) overrides it with the plain mask and sets
 * that maximum, which masked_user_access_begin() asserts at compile time.
 */
#ifndef _uaccess_arch_mask_object
_UACCESS_INLINE unsigned long _uaccess_arch_mask_object(unsigned long a,
						   unsigned long n,
						   unsigned long start,
						   unsigned long end)
{
	return _uaccess_arch_mask_addr(a, start,
				  n && n <= end - start ? end - n + 1 : start);
}
#endif
#ifndef _UACCESS_MASKED_OBJECT_MAX
#define _UACCESS_MASKED_OBJECT_MAX (~0UL)
#endif

/*
 * Kernel probes (copy_{from,to}_kernel_nofault(), strncpy_from_kernel_
 * nofault()): by default the user accessors, which fault on a kernel
 * address the same way. An architecture whose user accessors cannot reach
 * kernel memory (unprivileged loads and stores) gives the probes plain
 * accesses of their own. Same results as _uaccess_arch_copy_unsafe and
 * _uaccess_arch_get_unsafe: bytes not copied, 0 or nonzero.
 */
#ifndef _uaccess_arch_kernel_copy_nofault
_UACCESS_INLINE unsigned long _uaccess_arch_kernel_copy_nofault(void *dst, const void *src,
							   unsigned long n)
{
	return _uaccess_arch_copy_unsafe((__force void __user *)dst, src, n);
}
#endif

#ifndef _uaccess_arch_kernel_get_nofault
_UACCESS_INLINE int _uaccess_arch_kernel_get_nofault(unsigned long long *v, const void *p,
						unsigned long size)
{
	return _uaccess_arch_get_unsafe(v, (__force const void __user *)p, size);
}
#endif

/*
 * Zero kernel memory without calling memset (the library links no libc).
 * The empty asm keeps the compiler from turning the loop into a call to
 * memset. For library use only.
 */
_UACCESS_INLINE void _uaccess_generic_kernel_zero(void *p, unsigned long n)
{
	unsigned char *c = (unsigned char *)p;

	while (n--) {
		*c++ = 0;
		__asm__("" : "+r"(c));
	}
}
#ifndef _uaccess_arch_kernel_zero
#define _uaccess_arch_kernel_zero _uaccess_generic_kernel_zero
#endif

/*
 * copy_from_user's copy, _uaccess_arch_copy_from_fill(to, from, n): as
 * _uaccess_arch_copy_from, and to[n - left, n) zeroed when it returns left
 * != 0. The default zeroes after the call, which costs the caller a stack
 * frame; an architecture names instead _uaccess_copy_from_fill (<uaccess.h>),
 * the same out of line, for a tail call, or fills in its copy's own asm
 * (and defines _UACCESS_COPY_FROM_FILL_INLINE: every copy_from_user takes
 * it). The empty asm keeps the compiler
 * from computing the address on the path that copied everything, the
 * common one. The copy is _uaccess_arch_copy_from_in_window: the arch's
 * copy_from, window included, unless its _uaccess_arch_copy_from_fill
 * opens the window around the whole call (kernel-filled hooks, which only
 * the caller's file may see: <uaccess/kuap_hooks.h>).
 */
#ifndef _uaccess_arch_copy_from_in_window
#define _uaccess_arch_copy_from_in_window _uaccess_arch_copy_from
#endif
_UACCESS_INLINE unsigned long _uaccess_generic_copy_from_fill(void *to,
							 const void __user *from,
							 unsigned long n)
{
	unsigned long left = _uaccess_arch_copy_from_in_window(to, from, n);

	if (__builtin_expect(left != 0, 0)) {
		__asm__("" : "+r"(left));
		_uaccess_arch_kernel_zero((char *)to + (n - left), left);
	}
	return left;
}
#ifndef _uaccess_arch_copy_from_fill
#define _uaccess_arch_copy_from_fill _uaccess_generic_copy_from_fill
#endif

/*
 * One scalar at any address, inside the caller's window: what get_user,
 * put_user, the unsafe_ accessors and the constant sizes of the bulk calls
 * run. Where the arch's cores may trap a misaligned load or store
 * (_UACCESS_NO_MISALIGNED 1), _uaccess_arch_get_unsafe and _uaccess_arch_put_unsafe
 * get pointers aligned to _UACCESS_SCALAR_ALIGN(size) only (the size
 * unless the arch says less), and a misaligned object is read or written a
 * byte at a time, stores in ascending order (a put that faults has
 * written the bytes before the fault, as a straddling store may have).
 * The loop stays a loop (the empty asm) and calls nothing, so the aligned
 * path costs one test of the pointer's low bits and no stack frame.
 */
#ifndef _UACCESS_NO_MISALIGNED
#define _UACCESS_NO_MISALIGNED 0
#endif
/* The alignment the arch's scalar access of `size` bytes needs. */
#ifndef _UACCESS_SCALAR_ALIGN
#define _UACCESS_SCALAR_ALIGN(size) (size)
#endif

/* Whether the arch's one access serves an object of size bytes at p. */
_UACCESS_INLINE bool _uaccess_scalar_direct(const void __user *p,
					    unsigned long size)
{
	return !_UACCESS_NO_MISALIGNED ||
	       __builtin_expect(!((unsigned long)p &
				  (_UACCESS_SCALAR_ALIGN(size) - 1)), 1);
}

_UACCESS_INLINE int _uaccess_get_scalar(unsigned long long *v,
					const void __user *p,
					unsigned long size)
{
	const unsigned char __user *c = (const unsigned char __user *)p;
	unsigned long long x = 0, b;

	if (_uaccess_scalar_direct(p, size))
		return _uaccess_arch_get_unsafe(v, p, size);
	for (unsigned long i = 0; i < size; i++) {
		__asm__("" : "+r"(i));
		/* The most significant byte first: shifts by constants only. */
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
		if (_uaccess_arch_get_unsafe(&b, c + i, 1)) {
#else
		if (_uaccess_arch_get_unsafe(&b, c + size - 1 - i, 1)) {
#endif
			*v = 0;
			return -UACCESS_EFAULT;
		}
		x = x << 8 | b;
	}
	*v = x;
	return 0;
}

_UACCESS_INLINE int _uaccess_put_scalar(unsigned long long v, void __user *p,
					unsigned long size)
{
	unsigned char __user *c = (unsigned char __user *)p;

	if (_uaccess_scalar_direct(p, size))
		return _uaccess_arch_put_unsafe(v, p, size);
	for (unsigned long i = 0; i < size; i++) {
		__asm__("" : "+r"(i));
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
		if (_uaccess_arch_put_unsafe(v >> 8 * (size - 1), c + i, 1))
			return -UACCESS_EFAULT;
		v <<= 8;
#else
		if (_uaccess_arch_put_unsafe(v, c + i, 1))
			return -UACCESS_EFAULT;
		v >>= 8;
#endif
	}
	return 0;
}

/*
 * Scalar calls: one access inside a window of its own, for get_user and
 * put_user (the unsafe accessors run in the caller's window).
 */
#ifndef _uaccess_arch_get_user
_UACCESS_INLINE int _uaccess_arch_get_user(unsigned long long *v,
				      const void __user *p, unsigned long size)
{
	int err;

	_uaccess_arch_user_open(p, size, UACCESS_READ);
	err = _uaccess_get_scalar(v, p, size);
	_uaccess_arch_user_close(p, size, UACCESS_READ);
	return err;
}
#endif

#ifndef _uaccess_arch_put_user
_UACCESS_INLINE int _uaccess_arch_put_user(unsigned long long v, void __user *p,
				      unsigned long size)
{
	int err;

	_uaccess_arch_user_open(p, size, UACCESS_WRITE);
	err = _uaccess_put_scalar(v, p, size);
	_uaccess_arch_user_close(p, size, UACCESS_WRITE);
	return err;
}
#endif

/*
 * The window of user_access_begin(): both directions. The barrier stops
 * speculation until the range check before it has resolved:
 * user_access_begin() cannot rewrite its caller's pointer the way the
 * single calls mask theirs. Code that masks its pointer after the check
 * (masked_user_access_begin(), lib/strn*_user.c) opens the window without
 * it.
 */
_UACCESS_INLINE void _uaccess_window_open(const void __user *p, unsigned long n)
{
	_uaccess_arch_user_open(p, n, UACCESS_READ | UACCESS_WRITE);
	_uaccess_arch_barrier_nospec();
}

_UACCESS_INLINE void _uaccess_window_open_masked(const void __user *p,
						 unsigned long n)
{
	_uaccess_arch_user_open(p, n, UACCESS_READ | UACCESS_WRITE);
}

/*
 * The window of the library's string and struct calls, which only read
 * user memory: loads alone, after the mask, without the barrier. Closed by
 * _uaccess_window_close_dir(UACCESS_READ).
 */
_UACCESS_INLINE void _uaccess_read_window_open_masked(const void __user *p,
						      unsigned long n)
{
	_uaccess_arch_user_open(p, n, UACCESS_READ);
}

/* The one-way windows: the same, for dir alone. */
_UACCESS_INLINE void _uaccess_window_open_dir(const void __user *p,
					      unsigned long n, int dir)
{
	_uaccess_arch_user_open(p, n, dir);
	_uaccess_arch_barrier_nospec();
}

_UACCESS_INLINE void _uaccess_window_close_dir(int dir)
{
	_uaccess_arch_user_close((const void __user *)0, 0, dir);
}

/* The range is not known at the end of a window: (NULL, 0). */
_UACCESS_INLINE void _uaccess_window_close(void)
{
	_uaccess_arch_user_close((const void __user *)0, 0,
			    UACCESS_READ | UACCESS_WRITE);
}

/*
 * Constant sizes 1, 2, 4 and 8 of the bulk calls: one scalar access in
 * place instead of a call. If it faults, the caller runs the routine on
 * the whole object, which gives the exact count: a faulting load wrote
 * nothing to the kernel side, and a store either faults whole or has
 * written only bytes before the fault, which the routine writes again.
 */
#define _UACCESS_SMALL_CONST(n)						\
	(__builtin_constant_p(n) &&					\
	 ((n) == 1 || (n) == 2 || (n) == 4 || (n) == 8))

/*
 * n bytes (1, 2, 4 or 8) of kernel memory at p as a number, and back, in
 * the same byte order as the scalar accessors use (an object of that
 * size), so the bytes land unchanged whatever the endianness.
 */
_UACCESS_INLINE unsigned long long _uaccess_kernel_load(const void *p,
							unsigned long n)
{
	unsigned char b;
	unsigned short h;
	unsigned int w;
	unsigned long long d;

	switch (n) {
	case 1: __builtin_memcpy(&b, p, 1); return b;
	case 2: __builtin_memcpy(&h, p, 2); return h;
	case 4: __builtin_memcpy(&w, p, 4); return w;
	default: __builtin_memcpy(&d, p, 8); return d;
	}
}

_UACCESS_INLINE void _uaccess_kernel_store(void *p, unsigned long long v,
					   unsigned long n)
{
	unsigned char b = (unsigned char)v;
	unsigned short h = (unsigned short)v;
	unsigned int w = (unsigned int)v;

	switch (n) {
	case 1: __builtin_memcpy(p, &b, 1); break;
	case 2: __builtin_memcpy(p, &h, 2); break;
	case 4: __builtin_memcpy(p, &w, 4); break;
	default: __builtin_memcpy(p, &v, 8); break;
	}
}

#endif /* UACCESS_GENERIC_H */
