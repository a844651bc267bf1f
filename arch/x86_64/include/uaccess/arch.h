/* SPDX-License-Identifier: MIT */
/*
 * x86-64 part of the public API: feature bits, defaults, and the inline
 * __clear_user / __copy_to_user / __copy_from_user.
 *
 * Code that includes <uaccess.h> must be built with -mno-red-zone (kernels
 * always are): the inline code calls the out-of-line routines from asm, and
 * a call pushes its return address below the stack pointer.
 */
#ifndef UACCESS_ARCH_H
#define UACCESS_ARCH_H

#include <uaccess/compiler.h>
#include <uaccess/alternative.h>
#include <uaccess/bands.h>
#include <uaccess/extable.h>

/*
 * User space ends one page below the canonical hole: 0x0000800000000000
 * with 4-level paging (48-bit addresses), 0x0100000000000000 with 5-level
 * paging (57-bit, CR4.LA57). Keeping the last page out means that an
 * access which runs past the end of a valid user range stays in canonical
 * space and takes a page fault, not a general-protection fault. The build
 * default is 4-level; a kernel that turns on 5-level paging calls
 * uaccess_set_user_range(0, UACCESS_USER_END_5LEVEL) before uaccess_init()
 * (or builds with -DUACCESS_USER_END=UACCESS_USER_END_5LEVEL).
 */
#define UACCESS_USER_END_4LEVEL 0x00007ffffffff000UL
#define UACCESS_USER_END_5LEVEL 0x00fffffffffff000UL
#ifndef UACCESS_USER_END
#define UACCESS_USER_END UACCESS_USER_END_4LEVEL
#endif

/* What each immediate of the section uaccess_range holds (see below). */
#define UACCESS_RANGE_IMM_MINUS_START	0	/* -uaccess_user_start */
#define UACCESS_RANGE_IMM_SPAN		1	/* end - start */

/*
 * Feature bits for uaccess_init_features(). uaccess_cpu_features() reports
 * the CPUID ones; UACCESS_FEAT_REP_GOOD is never detected (CPUID has no bit
 * for "rep stosq is fast without ERMS"): a kernel that knows it sets it.
 */
#define UACCESS_FEAT_ERMS	(1UL << UACCESS_FEAT_ERMS_BIT)	/* CPUID.7.0:EBX[9] */
#define UACCESS_FEAT_FSRM	(1UL << UACCESS_FEAT_FSRM_BIT)	/* CPUID.7.0:EDX[4] */
#define UACCESS_FEAT_REP_GOOD	(1UL << UACCESS_FEAT_REP_GOOD_BIT) /* kernel's word */
#define UACCESS_FEAT_FSRS	(1UL << UACCESS_FEAT_FSRS_BIT)	/* CPUID.7.1:EAX[11] */
#define UACCESS_FEAT_SMAP	(1UL << UACCESS_FEAT_SMAP_BIT)	/* CPUID.7.0:EBX[20] */

/* Set the hook that writes code at init (default: plain stores). */
#define UACCESS_HAS_TEXT_POKE 1
void uaccess_set_text_poke(void (*poke)(void *dst, const void *src,
					unsigned long len));

/* Open and close a user-access window: stac/clac where SMAP exists. */
#define _UACCESS_STAC UACCESS_ALTERNATIVE(UACCESS_ALT_UNNAMED, nopl (%%rax), \
					  stac, UACCESS_FEAT_SMAP_BIT)
#define _UACCESS_CLAC UACCESS_ALTERNATIVE(UACCESS_ALT_UNNAMED, nopl (%%rax), \
					  clac, UACCESS_FEAT_SMAP_BIT)

/*
 * Size decision inline, everything else out of line (clear_user.S): short
 * sizes run rep stosb in place when the CPU makes short rep fast (FSRM; or
 * FSRS, which names exactly that for stos), else call the short routine;
 * long sizes call the long routine, which decides loop against bulk. The
 * site's table entry covers the inline rep stosb, which sits at its start.
 */
_UACCESS_INLINE unsigned long _uaccess_clear(void *to, unsigned long n)
{
	unsigned long zero = 0;

	__asm__ volatile(_UACCESS_STAC
			 "	cmpq $" _UACCESS_S(UACCESS_CLEAR_SHORT_LIMIT) " - 1, %%rcx\n"
			 "	ja 1f\n"
			 UACCESS_ALTERNATIVE_2_USER(UACCESS_ALT_CLEAR_SHORT,
						    call _uaccess_clear_user_short,
						    rep stosb, UACCESS_FEAT_FSRM_BIT,
						    rep stosb, UACCESS_FEAT_FSRS_BIT, 2f)
			 "2:\n"
			 _UACCESS_CLAC
			 "	.pushsection .text.unlikely, \"ax\"\n"
			 "1:	call " _UACCESS_S(_uaccess_clear_user_long) "\n"
			 "	jmp 2b\n"
			 "	.popsection\n"
			 : "+c"(n), "+D"(to), "+a"(zero)
			 :
			 : "rdx", "memory", "cc");
	return n;
}

/*
 * The copy site, with the window instructions as parameters: the bulk
 * calls open and close their own window, unsafe_copy_to_user() runs inside
 * the caller's (user_access_begin()).
 */
#define _UACCESS_COPY(open, close)					\
	__asm__ volatile(open						\
			 "	cmpq $" _UACCESS_S(UACCESS_COPY_SHORT_LIMIT) " - 1, %%rcx\n" \
			 "	ja 1f\n"				\
			 UACCESS_ALTERNATIVE_USER(UACCESS_ALT_COPY_SHORT,	\
						  call _uaccess_copy_user_short, \
						  rep movsb, UACCESS_FEAT_FSRM_BIT, 2f) \
			 "2:\n"						\
			 close						\
			 "	.pushsection .text.unlikely, \"ax\"\n"	\
			 "1:	call " _UACCESS_S(_uaccess_copy_user_long) "\n" \
			 "	jmp 2b\n"				\
			 "	.popsection\n"				\
			 : "+c"(n), "+D"(to), "+S"(from)		\
			 :						\
			 : "rax", "rdx", "r8", "r9", "r10", "r11", "memory", "cc")

_UACCESS_INLINE unsigned long _uaccess_copy(void *to, const void *from,
					  unsigned long n)
{
	_UACCESS_COPY(_UACCESS_STAC, _UACCESS_CLAC);
	return n;
}

/*
 * Constant sizes 1, 2, 4 and 8: one store (clear) or one load and one store
 * (copy) in place. If one faults, the fixup (out of the hot path) finishes
 * byte by byte, so a partly accessible object still gives the exact count.
 */
#define _UACCESS_CLEAR_CONST(store)					\
	__asm__ volatile(_UACCESS_STAC					\
			 "1:	" store "\n"				\
			 UACCESS_EXTABLE(1b, 3f)			\
			 "	xorl %%ecx, %%ecx\n"			\
			 "2:\n"						\
			 _UACCESS_CLAC					\
			 "	.pushsection .text.unlikely, \"ax\"\n"	\
			 "3:	call " _UACCESS_S(_uaccess_clear_user_bytes) "\n" \
			 "	jmp 2b\n"				\
			 "	.popsection\n"				\
			 : "+c"(n), "+D"(to)				\
			 :						\
			 : "rax", "memory", "cc")

#define _UACCESS_COPY_CONST(load, store)				\
	__asm__ volatile(_UACCESS_STAC					\
			 "1:	" load "\n"				\
			 UACCESS_EXTABLE(1b, 3f)			\
			 "4:	" store "\n"				\
			 UACCESS_EXTABLE(4b, 3f)			\
			 "	xorl %%ecx, %%ecx\n"			\
			 "2:\n"						\
			 _UACCESS_CLAC					\
			 "	.pushsection .text.unlikely, \"ax\"\n"	\
			 "3:	call " _UACCESS_S(_uaccess_copy_user_bytes) "\n" \
			 "	jmp 2b\n"				\
			 "	.popsection\n"				\
			 : "+c"(n), "+D"(to), "+S"(from)		\
			 :						\
			 : "rax", "memory", "cc")

_UACCESS_INLINE unsigned long _uaccess_clear_const(void *to, unsigned long n)
{
	switch (n) {
	case 1: _UACCESS_CLEAR_CONST("movb $0, (%%rdi)"); break;
	case 2: _UACCESS_CLEAR_CONST("movw $0, (%%rdi)"); break;
	case 4: _UACCESS_CLEAR_CONST("movl $0, (%%rdi)"); break;
	default: _UACCESS_CLEAR_CONST("movq $0, (%%rdi)"); break;
	}
	return n;
}

_UACCESS_INLINE unsigned long _uaccess_copy_const(void *to, const void *from,
						unsigned long n)
{
	switch (n) {
	case 1: _UACCESS_COPY_CONST("movb (%%rsi), %%al", "movb %%al, (%%rdi)"); break;
	case 2: _UACCESS_COPY_CONST("movw (%%rsi), %%ax", "movw %%ax, (%%rdi)"); break;
	case 4: _UACCESS_COPY_CONST("movl (%%rsi), %%eax", "movl %%eax, (%%rdi)"); break;
	default: _UACCESS_COPY_CONST("movq (%%rsi), %%rax", "movq %%rax, (%%rdi)"); break;
	}
	return n;
}

#define _UACCESS_SMALL_CONST(n)						\
	(__builtin_constant_p(n) &&					\
	 ((n) == 1 || (n) == 2 || (n) == 4 || (n) == 8))

_UACCESS_INLINE unsigned long __uaccess_clear_user(void __user *to,
						 unsigned long n)
{
	if (_UACCESS_SMALL_CONST(n))
		return _uaccess_clear_const((void *)to, n);
	return _uaccess_clear((void *)to, n);
}

_UACCESS_INLINE unsigned long __uaccess_copy_to_user(void __user *to,
						   const void *from,
						   unsigned long n)
{
	if (_UACCESS_SMALL_CONST(n))
		return _uaccess_copy_const((void *)to, from, n);
	return _uaccess_copy((void *)to, from, n);
}

_UACCESS_INLINE unsigned long __uaccess_copy_from_user(void *to,
						     const void __user *from,
						     unsigned long n)
{
	if (_UACCESS_SMALL_CONST(n))
		return _uaccess_copy_const(to, (const void *)from, n);
	return _uaccess_copy(to, (const void *)from, n);
}

/*
 * Scalars: one load or store with a table entry. A fault (including an
 * object that straddles into an inaccessible page: x86 loads and stores
 * fault whole) resumes out of line, which sets -UACCESS_EFAULT and, for a
 * load, a zero value. For <uaccess.h>'s get_user / put_user.
 */
#define _UACCESS_GET(open, close, load, p, val, err)			\
	__asm__ volatile(open						\
			 "1:	" load "\n"				\
			 UACCESS_EXTABLE(1b, 3f)			\
			 "2:\n"						\
			 close						\
			 "	.pushsection .text.unlikely, \"ax\"\n"	\
			 "3:	movl %[efault], %[err]\n"		\
			 "	xorl %k[val], %k[val]\n"		\
			 "	jmp 2b\n"				\
			 "	.popsection\n"				\
			 : [err] "+r"(err), [val] "=r"(val)		\
			 : [p] "r"(p), [efault] "i"(-UACCESS_EFAULT)	\
			 : "memory")

#define _UACCESS_PUT(open, close, store, p, val, err)			\
	__asm__ volatile(open						\
			 "1:	" store "\n"				\
			 UACCESS_EXTABLE(1b, 3f)			\
			 "2:\n"						\
			 close						\
			 "	.pushsection .text.unlikely, \"ax\"\n"	\
			 "3:	movl %[efault], %[err]\n"		\
			 "	jmp 2b\n"				\
			 "	.popsection\n"				\
			 : [err] "+r"(err)				\
			 : [p] "r"(p), [val] "r"(val),			\
			   [efault] "i"(-UACCESS_EFAULT)		\
			 : "memory")

/* One scalar access, with the window instructions as parameters. */
#define _UACCESS_GET_SIZE(open, close, v, p, size, err) do {		\
	unsigned long val;						\
									\
	switch (size) {							\
	case 1: _UACCESS_GET(open, close, "movzbl (%[p]), %k[val]", p, val, err); break; \
	case 2: _UACCESS_GET(open, close, "movzwl (%[p]), %k[val]", p, val, err); break; \
	case 4: _UACCESS_GET(open, close, "movl (%[p]), %k[val]", p, val, err); break; \
	default: _UACCESS_GET(open, close, "movq (%[p]), %q[val]", p, val, err); break; \
	}								\
	*(v) = val;							\
} while (0)

#define _UACCESS_PUT_SIZE(open, close, v, p, size, err) do {		\
	unsigned long val = (unsigned long)(v);				\
									\
	switch (size) {							\
	case 1: _UACCESS_PUT(open, close, "movb %b[val], (%[p])", p, val, err); break; \
	case 2: _UACCESS_PUT(open, close, "movw %w[val], (%[p])", p, val, err); break; \
	case 4: _UACCESS_PUT(open, close, "movl %k[val], (%[p])", p, val, err); break; \
	default: _UACCESS_PUT(open, close, "movq %q[val], (%[p])", p, val, err); break; \
	}								\
} while (0)

_UACCESS_INLINE int _uaccess_get_user(unsigned long long *v, const void __user *p,
				    unsigned long size)
{
	int err = 0;

	_UACCESS_GET_SIZE(_UACCESS_STAC, _UACCESS_CLAC, v, p, size, err);
	return err;
}

_UACCESS_INLINE int _uaccess_put_user(unsigned long long v, void __user *p,
				    unsigned long size)
{
	int err = 0;

	_UACCESS_PUT_SIZE(_UACCESS_STAC, _UACCESS_CLAC, v, p, size, err);
	return err;
}

/*
 * User-access windows (<uaccess.h>'s user_access_begin / unsafe_*): the
 * same accesses without stac / clac of their own.
 *
 * Opening a window ends with lfence: user_access_begin() cannot rewrite
 * the caller's pointer the way the single calls mask theirs (see
 * _uaccess_mask_addr), so it stops speculation instead, until the range
 * check before it has resolved. lfence waits for every earlier instruction
 * to complete before any later one starts (Intel SDM; AMD documents the
 * same once its "lfence is dispatch serializing" MSR bit is set, which
 * Linux sets and which every Zen CPU has set by default).
 */
_UACCESS_INLINE void _uaccess_window_open(const void __user *p, unsigned long n)
{
	(void)p, (void)n;
	__asm__ volatile(_UACCESS_STAC "lfence" : : : "memory");
}

/*
 * The same window without the barrier, for library code that masks its
 * pointer (_uaccess_mask_addr) after the check instead (lib/strn*_user.c).
 */
_UACCESS_INLINE void _uaccess_window_open_masked(const void __user *p,
					       unsigned long n)
{
	(void)p, (void)n;
	__asm__ volatile(_UACCESS_STAC : : : "memory");
}

_UACCESS_INLINE void _uaccess_window_close(void)
{
	__asm__ volatile(_UACCESS_CLAC : : : "memory");
}

_UACCESS_INLINE int _uaccess_get_unsafe(unsigned long long *v,
				      const void __user *p, unsigned long size)
{
	int err = 0;

	_UACCESS_GET_SIZE("", "", v, p, size, err);
	return err;
}

_UACCESS_INLINE int _uaccess_put_unsafe(unsigned long long v, void __user *p,
				      unsigned long size)
{
	int err = 0;

	_UACCESS_PUT_SIZE("", "", v, p, size, err);
	return err;
}

_UACCESS_INLINE unsigned long _uaccess_copy_unsafe(void __user *uto,
						 const void *from,
						 unsigned long n)
{
	void *to = (void *)uto;

	_UACCESS_COPY("", "");
	return n;
}

/*
 * Spectre v1: the address the checked calls use after access_ok(), a if
 * start <= a < end, else all ones, computed without a branch (cmp + adc
 * make a mask from the carry flag). The CPU cannot predict its way past a
 * data dependency the way it predicts past access_ok()'s branch, so a load
 * or store that runs speculatively after a mispredicted check sees the
 * masked address, never the caller's kernel pointer. All ones is
 * non-canonical: an access there faults (#GP) in every x86-64 kernel,
 * whatever it maps. One compare covers both ends of the range: a - start
 * wraps to a huge value when a < start.
 *
 * The range is not loaded from uaccess_user_start / uaccess_user_end: it
 * sits in the code as two 64-bit immediates, written by uaccess_init() and
 * again by every later uaccess_set_user_range() (arch/x86_64/user_range.c;
 * the table of immediates is the section uaccess_range). Before that they
 * hold the build-time range. Loading the variables put a load, then five
 * dependent instructions, between the caller's pointer and the access; a
 * rep stosb / rep movsb waits for its address, and `make bench` measured
 * the checked clear_user 7 ticks slower than the unchecked one at 640 B to
 * 1 KiB (31 against 24 on the Zen 5 machine of bands.h). With immediates
 * the path is add, cmp, adc, or. The arguments start and end are unused:
 * they are there for the portable uaccess_mask_ptr().
 */
#define _UACCESS_RANGE_IMM(label, kind)					\
	"	.pushsection uaccess_range, \"a\"\n"			\
	"	.balign 4\n"						\
	"	.long " label " - 8 - .\n"				\
	"	.long " kind "\n"					\
	"	.popsection\n"

_UACCESS_INLINE unsigned long _uaccess_mask_addr(unsigned long a,
					       unsigned long start,
					       unsigned long end)
{
	unsigned long off, span, mask;

	(void)start, (void)end;
	__asm__("xorl %k[mask], %k[mask]\n\t"
		"movabsq %[start0], %[off]\n"
		"1:\n"
		_UACCESS_RANGE_IMM("1b", _UACCESS_S(UACCESS_RANGE_IMM_MINUS_START))
		"	addq %[a], %[off]\n\t"
		"movabsq %[span0], %[span]\n"
		"2:\n"
		_UACCESS_RANGE_IMM("2b", _UACCESS_S(UACCESS_RANGE_IMM_SPAN))
		"	cmpq %[span], %[off]\n\t"
		"adcq $-1, %[mask]"
		: [off] "=&r"(off), [span] "=&r"(span), [mask] "=&r"(mask)
		: [a] "r"(a),
		  [start0] "i"(-(unsigned long)UACCESS_USER_START),
		  [span0] "i"(UACCESS_USER_END - UACCESS_USER_START)
		: "cc");
	return a | mask;
}

/*
 * Zero kernel memory without calling memset (the library links no libc).
 * For library use only.
 */
_UACCESS_INLINE void _uaccess_kernel_zero(void *p, unsigned long n)
{
	__asm__ volatile("rep stosb" : "+D"(p), "+c"(n) : "a"(0) : "memory");
}

#endif /* UACCESS_ARCH_H */
