/* SPDX-License-Identifier: MIT */
/*
 * The PowerPC32 side of the seam (<uaccess/generic.h> lists every name):
 * feature bits, the user end, the KUAP window hooks, the calls of the
 * out-of-line routines, the scalar accessors and the Spectre-v1 mask. The
 * top part is safe to include from assembly (<uaccess/asm.h> does).
 *
 * The bulk calls open a KUAP window, call the out-of-line routine
 * (clear_user.S, copy_user.S: ordinary C functions of the SysV ABI) and
 * close the window. A fault inside a routine resumes at its fixup, which
 * returns from the routine like any other path, so the window is closed
 * after every call, faults included.
 */
#ifndef UACCESS_ARCH_H
#define UACCESS_ARCH_H

#include <uaccess/namespace.h>
#include <uaccess/dcbz.h>
#include <uaccess/extable.h>

/* Symbols of arch/powerpc32/ (see <uaccess/namespace.h>). */
#define uaccess_dcbz_line_size _UACCESS_NS(uaccess_dcbz_line_size)
#define _uaccess_asm_clear_user _UACCESS_NS(_uaccess_asm_clear_user)
#define _uaccess_asm_copy_user _UACCESS_NS(_uaccess_asm_copy_user)
#define _uaccess_dcbz _UACCESS_NS(_uaccess_dcbz)

/* .S functions start on 32 bytes, a cache line of most of these cores. */
#define _UACCESS_FUNC_ALIGN 5

/*
 * Some cores trap a misaligned integer access (603e in some cases, 44x
 * with CCR0[FLSTA]): scalars at a misaligned address are read and written
 * a byte at a time (<uaccess/generic.h>'s _uaccess_get_scalar).
 */
#define _UACCESS_NO_MISALIGNED 1
/* An 8-byte object is two word accesses: word alignment is enough. */
#define _UACCESS_SCALAR_ALIGN(size) ((size) < 4 ? (size) : 4)

/*
 * User space ends at the kernel's TASK_SIZE: 0xc0000000 with the 3G/1G
 * split (the default of 32-bit Linux and of this build), 0x80000000 with
 * 2G/2G. A kernel with another split calls uaccess_set_user_range(4096,
 * end) before uaccess_init() (or builds with -DUACCESS_USER_END=...).
 * Start at 4096 or above: a 32-bit address space has no address that
 * always faults, so a refused pointer is masked to 0, and the NULL page
 * must be mapped neither as user nor as kernel memory for it to fault
 * (uaccess_set_user_range() returns -1 for a range that holds it). The
 * object of masked_user_access_begin() is at most that page.
 */
#define _UACCESS_MASKED_OBJECT_MAX 4096UL
#define UACCESS_USER_END_3G 0xc0000000UL
#define UACCESS_USER_END_2G 0x80000000UL
#ifndef UACCESS_USER_END
#define UACCESS_USER_END UACCESS_USER_END_3G
#endif

/*
 * Feature bits for uaccess_init_features().
 *
 * UACCESS_FEAT_DCBZ: clear whole cache lines with dcbz (clear_user, and
 * copy's destination lines when a line fits in 16 registers: up to 64
 * bytes). uaccess_cpu_features() reports it when dcbz clears exactly
 * UACCESS_DCBZ_LINE bytes on this CPU, measured on a line of the library's
 * own data. uaccess_init_features() measures again before using it and
 * masks it on a mismatch: dcbz with a wrong line size would clear bytes
 * outside the range, so no feature set can force that.
 *
 * dcbz needs cacheable, copy-back memory: on cache-inhibited or
 * write-through memory it takes an alignment exception. A kernel that runs
 * with its data not cacheable (early boot, caches off) must not call
 * uaccess_init(), whose measurement executes dcbz: it calls
 * uaccess_init_features(0) (no dcbz is then ever executed), or builds with
 * -DUACCESS_DCBZ_LINE=0, which leaves dcbz out of the library altogether.
 *
 * Exceptions: every load, store, dcbz and dcbt on user memory has an
 * exception-table entry, and every fixup finishes the call byte by byte.
 * So besides the page fault (DSI, and on Book E the data TLB miss it cannot
 * resolve), the kernel may route an alignment exception taken by a library
 * instruction to uaccess_fixup() as well: dcbz on a cache-inhibited user
 * mapping (a user mmap of device memory), or a misaligned source load of
 * the copy routine on a core that traps those; the call then completes
 * byte by byte, exactly. Scalars are never misaligned (above).
 * On MPC8xx a dcbz that misses the TLB does not set DAR: a kernel that
 * resolves such faults must compute the address from the instruction
 * (rA|0 + rB), as Linux does.
 */
#define UACCESS_FEAT_DCBZ	(1UL << 0)

#ifndef __ASSEMBLER__

/* Each feature's name, indexed by its bit (as on every architecture). */
#define UACCESS_FEATURE_NAMES { [0] = "dcbz" }

/*
 * What one dcbz clears on this CPU, in bytes, measured on each call (dcbz
 * on a 512-byte aligned pattern in the library's .bss); 0 if it clears no
 * whole aligned block of at most 256 bytes, if the dcbz faults, or in a
 * build with UACCESS_DCBZ_LINE=0 (which executes no dcbz).
 */
unsigned long uaccess_dcbz_line_size(void);

/*
 * KUAP (kernel userspace access protection: book3s/32 segment Kp/Ks bits,
 * 8xx MD_AP, 40x/44x PID): the hooks of <uaccess/kuap_hooks.h>, around
 * every bulk call (dir: UACCESS_KUAP_READ for copy_from_user,
 * UACCESS_KUAP_WRITE for clear_user and copy_to_user) and every scalar.
 */
#include <uaccess/kuap_hooks.h>

/*
 * The out-of-line routines (C calling convention), for this header only.
 * Each reads _uaccess_dcbz where its line loop starts (nonzero selects
 * dcbz: uaccess_init() sets it after checking the line size; 0 before),
 * so that a call passes no third argument.
 */
unsigned long _uaccess_asm_clear_user(void __user *to, unsigned long n);
unsigned long _uaccess_asm_copy_user(void *to, const void *from, unsigned long n);
extern unsigned long _uaccess_dcbz;

_UACCESS_INLINE unsigned long _uaccess_arch_clear(void __user *to, unsigned long n)
{
	return _UACCESS_KUAP_CALL(to, n, UACCESS_KUAP_WRITE,
				  _uaccess_asm_clear_user(to, n));
}

_UACCESS_INLINE unsigned long _uaccess_arch_copy_to(void __user *to,
					       const void *from,
					       unsigned long n)
{
	return _UACCESS_KUAP_CALL(to, n, UACCESS_KUAP_WRITE,
				  _uaccess_asm_copy_user((__force void *)to, from, n));
}

_UACCESS_INLINE unsigned long _uaccess_arch_copy_from(void *to,
						 const void __user *from,
						 unsigned long n)
{
	return _UACCESS_KUAP_CALL(from, n, UACCESS_KUAP_READ,
				  _uaccess_asm_copy_user(to, (__force const void *)from,
						     n));
}

_UACCESS_INLINE unsigned long _uaccess_arch_copy_unsafe(void __user *to,
						   const void *from,
						   unsigned long n)
{
	return _uaccess_asm_copy_user((__force void *)to, from, n);
}

/*
 * Scalars: aligned loads or stores with table entries, inside a KUAP
 * window (a misaligned object never reaches these: <uaccess/generic.h>'s
 * _uaccess_get_scalar). A fault resumes out of line, which sets
 * -UACCESS_EFAULT and, for a load, a zero value. hi and lo are in-out
 * operands: a load of 1, 2 or 4 bytes writes lo alone, and hi must keep
 * its 0 for *v to be zero-extended. An 8-byte object is two words; a
 * put_user that faults on the second word has written the first (both lie
 * before the fault).
 */
#define _UACCESS_GET_WORDS(insn, p, hi, lo, err)			\
	__asm__ volatile("1:	" insn "\n"				\
			 "2:\n"						\
			 "	.pushsection .text.unlikely, \"ax\"\n"	\
			 "3:	li %[err], %[efault]\n"			\
			 "	li %[hi], 0\n"				\
			 "	li %[lo], 0\n"				\
			 "	b 2b\n"					\
			 "	.popsection\n"				\
			 UACCESS_EXTABLE(1b, 3b)			\
			 : [err] "+r"(err), [hi] "+&r"(hi), [lo] "+&r"(lo) \
			 : [p] "b"(p), [efault] "i"(-UACCESS_EFAULT)	\
			 : "memory")

#define _UACCESS_PUT_WORDS(insn, p, hi, lo, err)			\
	__asm__ volatile("1:	" insn "\n"				\
			 "2:\n"						\
			 "	.pushsection .text.unlikely, \"ax\"\n"	\
			 "3:	li %[err], %[efault]\n"			\
			 "	b 2b\n"					\
			 "	.popsection\n"				\
			 UACCESS_EXTABLE(1b, 3b)			\
			 : [err] "+r"(err)				\
			 : [p] "b"(p), [hi] "r"(hi), [lo] "r"(lo),	\
			   [efault] "i"(-UACCESS_EFAULT)		\
			 : "memory")

_UACCESS_INLINE int _uaccess_arch_get_unsafe(unsigned long long *v,
				      const void __user *p, unsigned long size)
{
	unsigned long hi = 0, lo = 0;
	int err = 0;

	switch (size) {
	case 1: _UACCESS_GET_WORDS("lbz %[lo], 0(%[p])", p, hi, lo, err); break;
	case 2: _UACCESS_GET_WORDS("lhz %[lo], 0(%[p])", p, hi, lo, err); break;
	case 4: _UACCESS_GET_WORDS("lwz %[lo], 0(%[p])", p, hi, lo, err); break;
	default:
		_UACCESS_GET_WORDS("lwz %[hi], 0(%[p])\n"
				   "4:	lwz %[lo], 4(%[p])\n"
				   UACCESS_EXTABLE(4b, 3f), p, hi, lo, err);
		break;
	}
	*v = (unsigned long long)hi << 32 | lo;
	return err;
}

_UACCESS_INLINE int _uaccess_arch_put_unsafe(unsigned long long v, void __user *p,
				      unsigned long size)
{
	unsigned long hi = (unsigned long)(v >> 32), lo = (unsigned long)v;
	int err = 0;

	switch (size) {
	case 1: _UACCESS_PUT_WORDS("stb %[lo], 0(%[p])", p, hi, lo, err); break;
	case 2: _UACCESS_PUT_WORDS("sth %[lo], 0(%[p])", p, hi, lo, err); break;
	case 4: _UACCESS_PUT_WORDS("stw %[lo], 0(%[p])", p, hi, lo, err); break;
	default:
		_UACCESS_PUT_WORDS("stw %[hi], 0(%[p])\n"
				   "4:	stw %[lo], 4(%[p])\n"
				   UACCESS_EXTABLE(4b, 3f), p, hi, lo, err);
		break;
	}
	return err;
}

/*
 * The futex atomic: lwarx / stwcx., between two syncs (a full barrier).
 * When the word differs from oldval, stwcx. stores back the value lwarx
 * read, so that a read-only word faults (a data storage interrupt on the
 * store) whatever the comparison says; a lost reservation (another CPU's
 * store, an interrupt between the two) fails the stwcx., and the loop
 * reads again.
 */
_UACCESS_INLINE int _uaccess_arch_futex_cmpxchg(unsigned int *cur,
						  unsigned int __user *p,
						  unsigned int oldval,
						  unsigned int newval)
{
	unsigned int seen, store;
	int err = 0;

	__asm__ volatile("	sync\n"
			 "1:	lwarx %[seen], 0, %[p]\n"
			 "	mr %[store], %[new]\n"
			 "	cmpw %[seen], %[old]\n"
			 "	beq .Lcas_st%=\n"
			 "	mr %[store], %[seen]\n"
			 ".Lcas_st%=:\n"
			 "2:	stwcx. %[store], 0, %[p]\n"
			 "	bne- 1b\n"
			 "	sync\n"
			 "3:\n"
			 "	.pushsection .text.unlikely, \"ax\"\n"
			 "4:	li %[err], %[efault]\n"
			 "	b 3b\n"
			 "	.popsection\n"
			 UACCESS_EXTABLE(1b, 4b)
			 UACCESS_EXTABLE(2b, 4b)
			 : [err] "+r"(err), [seen] "=&r"(seen),
			   [store] "=&r"(store)
			 : [p] "r"(p), [old] "r"(oldval), [new] "r"(newval),
			   [efault] "i"(-UACCESS_EFAULT)
			 : "memory", "cr0");
	*cur = seen;
	return err;
}

/*
 * The barrier of user_access_begin(): sync waits until every earlier
 * instruction and access has completed; isync then discards anything
 * fetched after it, so no later load runs ahead of the range check.
 */
_UACCESS_INLINE void _uaccess_arch_barrier_nospec(void)
{
	__asm__ volatile("sync\n\tisync" : : : "memory");
}

/*
 * Spectre v1: the address the checked calls use after access_ok(), a if
 * start <= a < end, else 0, computed without a branch: subfc sets the
 * carry iff a - start >= end - start (one compare covers both ends: a
 * below start wraps to a huge offset), subfe turns the carry into a mask
 * (0 or all ones), and. A load or store that runs speculatively after a
 * mispredicted access_ok() depends on the mask, so it never sees the
 * caller's kernel pointer. The masked address is 0 (_UACCESS_MASKED_ADDR
 * of <uaccess/generic.h>): see the user end above for what that asks of
 * the kernel. Cost: four integer instructions.
 */
#define _uaccess_arch_mask_addr _uaccess_arch_mask_addr
#define _UACCESS_MASKED_ADDR 0UL
_UACCESS_INLINE unsigned long _uaccess_arch_mask_addr(unsigned long a,
					       unsigned long start,
					       unsigned long end)
{
	unsigned long mask;

	__asm__("subfc %[mask], %[span], %[off]\n\t"
		"subfe %[mask], %[mask], %[mask]"
		: [mask] "=&r"(mask)
		: [off] "r"(a - start), [span] "r"(end - start)
		: "xer");
	return a & mask;
}

/*
 * The checked calls' access_ok() and mask in one sequence, from
 * _uaccess_limits (one lis, then loads at its low 16 bits: the struct is
 * aligned to its size, so no field's address carries into the high half):
 * off = a - start; subfc carries iff off >= span (a outside [start, end))
 * and subfe turns that into t, all ones inside and 0 outside; m = a & t
 * and lim = (span - off) & t, so that n <= lim is the whole check, one
 * compare. The mask needs no fault of its own, since the branch refuses
 * the call: outside, m is 0 (_UACCESS_MASKED_ADDR).
 *
 * The copies' form reads the copies' span (0 while a hardened check hook
 * is set) and also clears lim where n > INT_MAX (srawi: all ones): both
 * of the hardened copies' tests for two instructions and no branch. Its
 * key for a refused copy is off, which it keeps anyway: the slow path
 * adds start back.
 */
#define _UACCESS_CHECK_MASK_ASM(span, more)				\
	"lis %[base], " _UACCESS_S(_uaccess_limits) "@ha\n\t"		\
	"lwz %[lim], " _UACCESS_S(_uaccess_limits) "@l(%[base])\n\t"	\
	"lwz %[span], " _UACCESS_S(_uaccess_limits) "+" span "@l(%[base])\n\t" \
	"subf %[off], %[lim], %[m]\n\t"				\
	"subfc %[t], %[span], %[off]\n\t"				\
	"subfe %[t], %[t], %[t]\n\t"					\
	"subf %[lim], %[off], %[span]\n\t"				\
	"and %[m], %[m], %[t]\n\t"					\
	more								\
	"and %[lim], %[lim], %[t]"
#define _UACCESS_CHECK_MASK_OUT						\
	[base] "=&b"(base), [lim] "=&r"(lim), [span] "=&r"(span),	\
	[off] "=&r"(off), [t] "=&r"(t), [m] "+r"(m)

#define _uaccess_arch_check_mask _uaccess_arch_check_mask
_UACCESS_INLINE unsigned long _uaccess_arch_check_mask(unsigned long a,
						  unsigned long n, bool *ok)
{
	unsigned long base, lim, span, off, t, m = a;

	__asm__(_UACCESS_CHECK_MASK_ASM("4", "")
		: _UACCESS_CHECK_MASK_OUT : : "xer");
	*ok = n <= lim;
	return m;
}

#define _uaccess_arch_check_mask_copy _uaccess_arch_check_mask_copy
_UACCESS_INLINE unsigned long _uaccess_arch_check_mask_copy(unsigned long a,
						       unsigned long n,
						       bool *ok,
						       unsigned long *key)
{
	unsigned long base, lim, span, off, t, m = a;

	__asm__(_UACCESS_CHECK_MASK_ASM("12",
		"srawi %[base], %[n], 31\n\t"
		"andc %[t], %[t], %[base]\n\t")
		: _UACCESS_CHECK_MASK_OUT : [n] "r"(n) : "xer");
	*ok = n <= lim;
	*key = off;
	return m;
}
#define _uaccess_arch_copy_key_addr(key) ((key) + _uaccess_limits.start)

/*
 * copy_from_user: lib/copy_from_fill.c inside the window
 * (<uaccess/generic.h>), a tail call where the KUAP hooks are empty.
 */
#define _uaccess_arch_copy_from_in_window(to, from, n)			\
	_uaccess_asm_copy_user(to, (__force const void *)(from), n)
#define _uaccess_arch_copy_from_fill(to, from, n)			\
	_UACCESS_KUAP_CALL(from, n, UACCESS_KUAP_READ,			\
			   _uaccess_copy_from_fill(to, from, n))

/*
 * Zero kernel memory without calling memset (the library links no libc):
 * the clear routine, outside any KUAP window. For library use only.
 */
#define _uaccess_arch_kernel_zero _uaccess_arch_kernel_zero
_UACCESS_INLINE void _uaccess_arch_kernel_zero(void *p, unsigned long n)
{
	_uaccess_asm_clear_user((__force void __user *)p, n);
}

#endif /* !__ASSEMBLER__ */
#endif /* UACCESS_ARCH_H */
