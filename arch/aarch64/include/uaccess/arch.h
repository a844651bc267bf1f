/* SPDX-License-Identifier: MIT */
/*
 * The AArch64 side of the seam (<uaccess/generic.h> lists every name):
 * feature bits, the PAN setting, the user end, the untag step, the window
 * hooks, the calls of the out-of-line routines, the scalar accessors, the
 * kernel probes and the Spectre-v1 mask. The top part is safe to include
 * from assembly (<uaccess/asm.h> does).
 *
 * Every access to user memory is unprivileged: ldtr and sttr (and their
 * b, h and w forms) check EL0's permissions, so a kernel keeps PAN set
 * the whole time, needs no window for them, and a kernel address passed
 * as a user pointer faults even past a wrong range check. The kernel
 * side of a copy and the kernel probes (copy_from_kernel_nofault() and
 * the others) use plain loads and stores: an unprivileged access to an
 * EL1-only page faults. Two instructions have no unprivileged form, dc
 * zva (clear_user.S) and the futex atomic's exclusives (below): an sttr
 * or ldtr before them asks EL0's permission, and PAN is cleared around
 * them.
 *
 * Exceptions a kernel routes to uaccess_fixup(), with ELR_EL1: data
 * aborts, ESR_EL1.EC 0x24 (from EL0) and 0x25 (same EL), translation,
 * access-flag and permission faults (FAR_EL1 holds the address). A
 * library instruction takes no other exception.
 */
#ifndef UACCESS_ARCH_H
#define UACCESS_ARCH_H

#include <uaccess/namespace.h>
#include <uaccess/extable.h>

/* Symbols of arch/aarch64/ (see <uaccess/namespace.h>). */
#define _uaccess_asm_clear_user _UACCESS_NS(_uaccess_asm_clear_user)
#define _uaccess_asm_copy_to_user _UACCESS_NS(_uaccess_asm_copy_to_user)
#define _uaccess_asm_copy_from_user _UACCESS_NS(_uaccess_asm_copy_from_user)
#define _uaccess_asm_copy_kernel _UACCESS_NS(_uaccess_asm_copy_kernel)
#define _uaccess_zva _UACCESS_NS(_uaccess_zva)
#define _uaccess_pan _UACCESS_NS(_uaccess_pan)

/* .S functions start on 16 bytes (the default), so say it once. */
#define _UACCESS_FUNC_ALIGN 4

/*
 * UACCESS_AARCH64_PAN 1 (the default): an EL1 kernel. clear_user may zero
 * whole blocks with dc zva, which has no unprivileged form and obeys PAN:
 * on a CPU with PAN, the dc zva loop runs with PAN cleared, and every
 * path out of it, a fault's included, restores the state it found; an
 * interrupt taken inside finds PAN set on entry where the kernel keeps
 * SCTLR_EL1.SPAN = 0, and the eret restores the loop's state. 0: code
 * that runs at EL0 (a Linux process, the hosted suite), where the PAN
 * register is not accessible: no PAN instruction is assembled, and dc zva
 * is used as EL0 may use it (SCTLR_EL1.DZE set by the kernel).
 */
#ifndef UACCESS_AARCH64_PAN
#define UACCESS_AARCH64_PAN 1
#endif
#if UACCESS_AARCH64_PAN != 0 && UACCESS_AARCH64_PAN != 1
#error "UACCESS_AARCH64_PAN: 0 (EL0, no PAN instruction) or 1 (EL1 kernel)"
#endif

/*
 * The feature bit (uaccess_init_features()), checked against the CPU again
 * there, so that a forced set cannot run an instruction the CPU prohibits:
 *   UACCESS_FEAT_DCZVA  clear_user zeroes the whole DCZID_EL0 blocks of a
 *                       large range with dc zva (DCZID_EL0.DZP clear)
 * Whether the CPU has PAN is no choice: an EL1 build reads it from
 * ID_AA64MMFR1_EL1 whenever it uses dc zva.
 */
#define UACCESS_FEAT_DCZVA	(1UL << 0)

/*
 * The dc zva loop's settings, set by uaccess_init(): the block size in
 * bytes (0: no dc zva, the state before uaccess_init()), then nonzero when
 * the loop must clear PAN. Offsets for clear_user.S.
 */
#define _UACCESS_ZVA_BLOCK	0
#define _UACCESS_ZVA_PAN	8

/*
 * User space: the TTBR0 half. With 48-bit virtual addresses it ends at
 * 2^48, with 39-bit ones at 2^39; the defaults end one page lower, a
 * guard page below the end. A kernel with 39-bit VAs calls
 * uaccess_set_user_range(0, UACCESS_USER_END_VA39) before uaccess_init()
 * (or builds with -DUACCESS_USER_END=...).
 */
#define UACCESS_USER_END_VA39 0x0000007ffffff000UL
#define UACCESS_USER_END_VA48 0x0000fffffffff000UL
#ifndef UACCESS_USER_END
#define UACCESS_USER_END UACCESS_USER_END_VA48
#endif

#ifndef __ASSEMBLER__

#define UACCESS_FEATURE_NAMES { [0] = "dczva" }

extern unsigned long _uaccess_zva[2];
/* Nonzero in an EL1 build on a CPU with PAN, from uaccess_init(). */
extern unsigned long _uaccess_pan;

/*
 * The untag step: with top-byte-ignore the CPU translates a user pointer
 * without bits 63..56, which a program may use as a tag (and MTE does).
 * The range check and the mask judge the address sign-extended from bit
 * 55, as the MMU sees it; the accesses use the pointer as given. A kernel
 * pointer (bit 55 set) stays a kernel pointer.
 */
#ifndef _uaccess_arch_untag_addr	/* unless the includer brings its own */
#define _uaccess_arch_untag_addr _uaccess_arch_untag_addr
_UACCESS_INLINE unsigned long _uaccess_arch_untag_addr(unsigned long a)
{
	return (unsigned long)((long)(a << 8) >> 8);
}
#endif

/* Bulk calls and kernel probes: <uaccess/unprivileged.h>. */
#include <uaccess/unprivileged.h>

/*
 * The futex atomic: ldxr / stlxr, then dmb ish (a full barrier). No
 * exclusive has an unprivileged form, so EL0's permission is asked first
 * by an ldtr: it faults on a page EL0 cannot read (an EL1-only page in the
 * user range, which ldxr at EL1 could reach), and a page EL0 can read is
 * writable at EL1 exactly when EL0 may write it (the AP encodings), so
 * stlxr then faults where an EL0 store would. In an EL1 build PAN is
 * cleared around the exclusives, and every exit restores the state found
 * (an interrupt in between finds PAN as SPAN sets it, and its eret
 * restores the loop's). When the word differs from oldval, stlxr stores
 * back the value ldxr read, so a read-only word faults whatever the
 * comparison says; a lost reservation fails the stlxr and the loop reads
 * again.
 */
_UACCESS_INLINE int _uaccess_arch_futex_cmpxchg(unsigned int *cur,
						  unsigned int __user *p,
						  unsigned int oldval,
						  unsigned int newval)
{
	unsigned long pan = 0;
	unsigned int seen, store, fail;
	int err = 0;

#if UACCESS_AARCH64_PAN
	if (_uaccess_pan)
		__asm__ volatile(".arch_extension pan\n\tmrs %0, pan" : "=r"(pan));
#endif
	/* Each asm names PAN's extension: clang assembles each on its own. */
	__asm__ volatile(
#if UACCESS_AARCH64_PAN
			 "	.arch_extension pan\n"
#endif
			 "1:	ldtr %w[seen], [%[p]]\n"
#if UACCESS_AARCH64_PAN
			 "	cbz %[pan], 2f\n"
			 "	msr pan, #0\n"
#endif
			 "2:	ldxr %w[seen], [%[p]]\n"
			 "	cmp %w[seen], %w[old]\n"
			 "	csel %w[store], %w[new], %w[seen], eq\n"
			 "3:	stlxr %w[fail], %w[store], [%[p]]\n"
			 "	cbnz %w[fail], 2b\n"
			 "	dmb ish\n"
			 "4:\n"
#if UACCESS_AARCH64_PAN
			 "	cbz %[pan], 6f\n"
			 "	msr pan, #1\n"
			 "6:\n"
#endif
			 "	.pushsection .text.unlikely, \"ax\"\n"
			 "5:	mov %w[err], %[efault]\n"
			 "	b 4b\n"
			 "	.popsection\n"
			 UACCESS_EXTABLE(1b, 5b)
			 UACCESS_EXTABLE(2b, 5b)
			 UACCESS_EXTABLE(3b, 5b)
			 : [err] "+r"(err), [seen] "=&r"(seen),
			   [store] "=&r"(store), [fail] "=&r"(fail)
			 : [p] "r"(p), [old] "r"(oldval), [new] "r"(newval),
			   [pan] "r"(pan), [efault] "i"(-UACCESS_EFAULT)
			 : "memory", "cc");
	*cur = seen;
	return err;
}

/*
 * Scalars: one load or store with a table entry; get_user and put_user
 * call the window hooks around it (<uaccess/generic.h>). A fault
 * resumes out of line, which sets -UACCESS_EFAULT and, for a load, a zero
 * value. The loads zero-extend, so *v is the object's value. A store that
 * faults on its first byte writes nothing; one that straddles two pages
 * and faults on the second may have written the first page's part, which
 * lies before the fault.
 */
#define _UACCESS_GET(insn, reg, p, v, err)				\
	__asm__ volatile("1:	" insn " %" reg "[val], [%[p]]\n"	\
			 "2:\n"						\
			 "	.pushsection .text.unlikely, \"ax\"\n"	\
			 "3:	mov %w[err], %[efault]\n"		\
			 "	mov %[val], #0\n"			\
			 "	b 2b\n"					\
			 "	.popsection\n"				\
			 UACCESS_EXTABLE(1b, 3b)			\
			 : [err] "+r"(err), [val] "=&r"(v)		\
			 : [p] "r"(p), [efault] "i"(-UACCESS_EFAULT)	\
			 : "memory")

#define _UACCESS_PUT(insn, reg, p, v, err)				\
	__asm__ volatile("1:	" insn " %" reg "[val], [%[p]]\n"	\
			 "2:\n"						\
			 "	.pushsection .text.unlikely, \"ax\"\n"	\
			 "3:	mov %w[err], %[efault]\n"		\
			 "	b 2b\n"					\
			 "	.popsection\n"				\
			 UACCESS_EXTABLE(1b, 3b)			\
			 : [err] "+r"(err)				\
			 : [p] "r"(p), [val] "r"(v),			\
			   [efault] "i"(-UACCESS_EFAULT)		\
			 : "memory")

/* A load of 1, 2, 4 or 8 bytes by size: ld1..ld8 name the instructions. */
#define _UACCESS_GET_SIZED(ld1, ld2, ld4, ld8, p, size, v, err) do {	\
	unsigned long __gs_x;						\
									\
	switch (size) {							\
	case 1: _UACCESS_GET(ld1, "w", p, __gs_x, err); break;		\
	case 2: _UACCESS_GET(ld2, "w", p, __gs_x, err); break;		\
	case 4: _UACCESS_GET(ld4, "w", p, __gs_x, err); break;		\
	default: _UACCESS_GET(ld8, "x", p, __gs_x, err); break;		\
	}								\
	*(v) = __gs_x;							\
} while (0)

_UACCESS_INLINE int _uaccess_arch_get_unsafe(unsigned long long *v,
				      const void __user *p, unsigned long size)
{
	int err = 0;

	_UACCESS_GET_SIZED("ldtrb", "ldtrh", "ldtr", "ldtr", p, size, v, err);
	return err;
}

_UACCESS_INLINE int _uaccess_arch_put_unsafe(unsigned long long v, void __user *p,
				      unsigned long size)
{
	unsigned long x = (unsigned long)v;
	int err = 0;

	switch (size) {
	case 1: _UACCESS_PUT("sttrb", "w", p, x, err); break;
	case 2: _UACCESS_PUT("sttrh", "w", p, x, err); break;
	case 4: _UACCESS_PUT("sttr", "w", p, x, err); break;
	default: _UACCESS_PUT("sttr", "x", p, x, err); break;
	}
	return err;
}

#define _uaccess_arch_kernel_get_nofault _uaccess_arch_kernel_get_nofault
_UACCESS_INLINE int _uaccess_arch_kernel_get_nofault(unsigned long long *v, const void *p,
						unsigned long size)
{
	int err = 0;

	_UACCESS_GET_SIZED("ldrb", "ldrh", "ldr", "ldr", p, size, v, err);
	return err;
}

/*
 * The barrier of user_access_begin(): dsb nsh; isb, the sequence that
 * stops speculation on cores without the SB instruction. The checked
 * single calls do not depend on it: they mask their pointer.
 */
_UACCESS_INLINE void _uaccess_arch_barrier_nospec(void)
{
	__asm__ volatile("dsb nsh\n\tisb" : : : "memory");
}

/*
 * Spectre v1: a if start <= untag(a) < end, else 0, without a branch: cmp
 * and csel, then csdb (hint #20), which keeps later instructions from
 * using a csel result the CPU predicted rather than computed. One compare
 * covers both ends of the range (below start wraps to a huge offset). The
 * masked address is the NULL page, which a kernel leaves unmapped.
 */
#define _UACCESS_MASKED_ADDR 0UL
#define _uaccess_arch_mask_addr _uaccess_arch_mask_addr
_UACCESS_INLINE unsigned long _uaccess_arch_mask_addr(unsigned long a,
					       unsigned long start,
					       unsigned long end)
{
	unsigned long m;

	__asm__("cmp %[off], %[span]\n\t"
		"csel %[m], %[a], xzr, lo\n\t"
		"hint #20"
		: [m] "=r"(m)
		: [off] "r"(_uaccess_arch_untag_addr(a) - start), [span] "r"(end - start),
		  [a] "r"(a)
		: "cc");
	return m;
}

/*
 * The checked calls' access_ok() and mask in one sequence, from
 * _uaccess_limits (one adrp, then loads at its low 12 bits; the loads are
 * in the asm because GCC 12 spends an add on the second one): lim = span
 * - off is end - untag(a), and its carry says off <= span, i.e. a lies in
 * [start, end]; hi (off < span) keeps a through the csel, else the NULL
 * page. ccmp then compares n with lim where the carry was set, and sets C
 * without Z where it was not, so that ls (n <= lim) is the whole check,
 * one branch. n = 0 passes wherever a lies in [start, end], and the call
 * then touches nothing. The copies' form also asks n <= the hardened
 * limit, with one more load and ccmp (<uaccess/generic.h>).
 */
#define _UACCESS_LIMIT_LDR(reg, field)					\
	"ldr %[" reg "], [%[base], #:lo12:" _UACCESS_S(_uaccess_limits) "+" field "]\n\t"
#define _UACCESS_CHECK_MASK_ASM(src, more)					\
	"adrp %[base], " _UACCESS_S(_uaccess_limits) "\n\t"		\
	_UACCESS_LIMIT_LDR("start", "0")				\
	_UACCESS_LIMIT_LDR("span", "8")					\
	"sub %[off], %[ua], %[start]\n\t"				\
	"subs %[off], %[span], %[off]\n\t"				\
	"csel %[m], %[" src "], xzr, hi\n\t"				\
	"hint #20\n\t"							\
	"ccmp %[n], %[off], #2, hs" more
#define _UACCESS_CHECK_MASK_OUT(ok)					\
	[base] "=&r"(base), [start] "=&r"(start), [span] "=&r"(span),	\
	[off] "=&r"(off), _UACCESS_FITS_OUT(ok)
/* The condition as the asm's output; a compiler without flag outputs sets a register. */
#ifdef __GCC_ASM_FLAG_OUTPUTS__
#define _UACCESS_FITS ""
#define _UACCESS_FITS_OUT(ok) "=@ccls"(ok)
#define _UACCESS_FITS_CLOBBER
#else
#define _UACCESS_FITS "\n\tcset %w[fits], ls"
#define _UACCESS_FITS_OUT(ok) [fits] "=r"(ok)
#define _UACCESS_FITS_CLOBBER "cc"
#endif
#define _UACCESS_CHECK_MASK_IN						\
	[ua] "r"(_uaccess_arch_untag_addr(a)), [n] "r"(n)

#define _uaccess_arch_check_mask _uaccess_arch_check_mask
_UACCESS_INLINE unsigned long _uaccess_arch_check_mask(unsigned long a,
						  unsigned long n, bool *ok)
{
	unsigned long base, start, span, off, m = a;
	int fits;

	/* m in a's register: the refused path has no use for a. */
	__asm__(_UACCESS_CHECK_MASK_ASM("m", "") _UACCESS_FITS
		: _UACCESS_CHECK_MASK_OUT(fits), [m] "+r"(m)
		: _UACCESS_CHECK_MASK_IN : _UACCESS_FITS_CLOBBER);
	*ok = fits;
	return m;
}

#define _uaccess_arch_check_mask_copy _uaccess_arch_check_mask_copy
_UACCESS_INLINE unsigned long _uaccess_arch_check_mask_copy(unsigned long a,
						       unsigned long n,
						       bool *ok,
						       unsigned long *key)
{
	unsigned long m, base, start, span, off, limit;
	int fits;

	__asm__(_UACCESS_CHECK_MASK_ASM("a", "\n\t"
		_UACCESS_LIMIT_LDR("limit", "16")
		"ccmp %[n], %[limit], #2, ls") _UACCESS_FITS
		: _UACCESS_CHECK_MASK_OUT(fits), [m] "=&r"(m), [limit] "=&r"(limit)
		: _UACCESS_CHECK_MASK_IN, [a] "r"(a) : _UACCESS_FITS_CLOBBER);
	*ok = fits;
	*key = a;
	return m;
}
#define _uaccess_arch_copy_key_addr(key) (key)

/*
 * copy_from_user's copy and zero fill in one call, a tail call for the
 * inline copy_from_user (<uaccess/generic.h>): copy_from_fill.S, which
 * opens no window of its own.
 */
#define _uaccess_arch_copy_from_fill _uaccess_arch_copy_from_fill
_UACCESS_INLINE unsigned long _uaccess_arch_copy_from_fill(void *to,
						      const void __user *from,
						      unsigned long n)
{
	return _UACCESS_KUAP_CALL(from, n, UACCESS_KUAP_READ,
				  _uaccess_copy_from_fill(to, from, n));
}

#endif /* !__ASSEMBLER__ */
#endif /* UACCESS_ARCH_H */
