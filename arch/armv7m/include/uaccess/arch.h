/* SPDX-License-Identifier: MIT */
/*
 * The Arm Cortex-M side of the seam (ARMv7-M and ARMv8-M Mainline: M3, M4,
 * M7, M33, M55, ...; <uaccess/generic.h> lists every name): the user end,
 * the masked address, the calls of the out-of-line routines, the scalar
 * accessors, the kernel probes and the futex atomic. The top part is safe
 * to include from assembly (<uaccess/asm.h> does).
 *
 * Every access to user memory is unprivileged: ldrt, strt and their b and
 * h forms are checked against the MPU's unprivileged permissions even in
 * privileged thread and handler mode, so no window is needed, and a kernel
 * address handed in as a user pointer faults even past a wrong range
 * check (with PRIVDEFENA, an address in no MPU region is privileged-only).
 * The kernel side of a copy and the kernel probes use plain loads and
 * stores. Thumb-2's T forms take [Rn, #0..255] only: no negative or
 * register offset, no writeback, no doubleword or multiple form, and
 * `ldrt rX, [pc, #imm]` is not one (GNU as assembles a privileged literal
 * load): every T-form access here names a general register as base.
 *
 * Exceptions a kernel routes to uaccess_fixup(), with the PC stacked in
 * its exception frame (MSP or PSP, EXC_RETURN bit 2): MemManage (MMFSR
 * DACCVIOL, MMFAR the address), BusFault (an unprivileged access to the
 * System Control Space, the masked address below, or a bus error), and
 * HardFault where one of these escalated (a fault taken with its priority
 * masked). The handler writes the fixup to the stacked PC, clears the
 * IT/ICI bits of the stacked xPSR (no library instruction that may fault
 * lies in an IT block or is a multiple load) and the CFSR bits it consumed.
 * A library instruction takes no other exception.
 *
 * Misaligned words: ARMv7-M allows them for ldr(t)/str(t) unless the kernel
 * sets CCR.UNALIGN_TRP, and never on Device memory; the routines move words
 * only when both sides are word-aligned, and the scalars are split into
 * naturally aligned accesses (_UACCESS_NO_MISALIGNED).
 */
#ifndef UACCESS_ARCH_H
#define UACCESS_ARCH_H

#include <uaccess/namespace.h>
#include <uaccess/extable.h>

#if defined(__ARMEB__) || (defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__)
#error "armv7m: little-endian only (the 8-byte scalars are two words, low first)"
#endif

/* Symbols of arch/armv7m/ (see <uaccess/namespace.h>). */
#define _uaccess_asm_clear_user _UACCESS_NS(_uaccess_asm_clear_user)
#define _uaccess_asm_copy_to_user _UACCESS_NS(_uaccess_asm_copy_to_user)
#define _uaccess_asm_copy_from_user _UACCESS_NS(_uaccess_asm_copy_from_user)
#define _uaccess_asm_copy_kernel _UACCESS_NS(_uaccess_asm_copy_kernel)

/* .S functions start on 4 bytes: flash is precious, fetch is 32-bit. */
#define _UACCESS_FUNC_ALIGN 2

/*
 * User space: everything below the Private Peripheral Bus (0xE0000000).
 * The range check only refuses pointers no user can own; the MPU's
 * unprivileged permissions are the exact check, on every access. A kernel
 * with a fixed user RAM window calls uaccess_set_user_range() or builds
 * with -DUACCESS_USER_END=... (and UACCESS_USER_START).
 */
#define UACCESS_USER_END_PPB 0xE0000000UL
#ifndef UACCESS_USER_END
#define UACCESS_USER_END UACCESS_USER_END_PPB
#endif

/*
 * The BASEPRI level the futex atomic raises to (BASEPRI_MAX: never
 * lowers it): every interrupt at this priority or lower is held off for
 * the three instructions of the read-modify-write. An interrupt handler
 * of higher priority (numerically lower) must not touch futex words. The
 * fault handlers must keep a priority above it (the reset value 0 does),
 * or a fault in the atomic escalates to HardFault, which must then ask
 * uaccess_fixup() too. 0x20: the second level with the 3 priority bits
 * every ARMv7-M core has. 0: the atomic masks nothing itself (no mrs or
 * msr, which A-profile cannot run): its caller already holds off every
 * interrupt that touches futex words (a kernel whose irq_lock() raises
 * BASEPRI, or a Linux process: the suite's hosted run).
 */
#ifndef UACCESS_ARMV7M_FUTEX_BASEPRI
#define UACCESS_ARMV7M_FUTEX_BASEPRI 0x20
#endif
#if UACCESS_ARMV7M_FUTEX_BASEPRI < 0 || UACCESS_ARMV7M_FUTEX_BASEPRI > 0xff
#error "UACCESS_ARMV7M_FUTEX_BASEPRI: a BASEPRI level, 1..0xff, or 0 (no masking)"
#endif

/*
 * The address a refused pointer becomes: the System Control Space, which
 * every ARMv7-M and ARMv8-M core has and no unprivileged access may reach
 * (BusFault), whatever the MPU says. Address 0 would not do: it is the
 * vector table, flash that user tasks often may read. The first 0xF00
 * bytes are privileged-only whatever the kernel configures (STIR, at
 * +0xF00, is writable unprivileged when CCR.USERSETMPEND is set), hence
 * _UACCESS_MASKED_OBJECT_MAX.
 */
#define _UACCESS_MASKED_ADDR 0xE000E000UL
#define _UACCESS_MASKED_OBJECT_MAX 0xF00UL

/* Scalars: naturally aligned words at most (8 bytes are two words). */
#define _UACCESS_NO_MISALIGNED 1
#define _UACCESS_SCALAR_ALIGN(size) ((size) > 4 ? 4UL : (unsigned long)(size))

#ifndef __ASSEMBLER__

#define UACCESS_FEATURE_NAMES { 0 }

/* Bulk calls and kernel probes: <uaccess/unprivileged.h>. */
#include <uaccess/unprivileged.h>

/*
 * The futex atomic, for a uniprocessor (M-profile has no unprivileged
 * exclusive, and a privileged strex would write a word the MPU gives
 * unprivileged code read-only): BASEPRI raised to
 * UACCESS_ARMV7M_FUTEX_BASEPRI (unless 0), ldrt, compare, strt of the new
 * word or of the word read (so a read-only word faults either way),
 * BASEPRI put back on every path, a fault's included. dmb before and
 * after: a full barrier.
 */
#if UACCESS_ARMV7M_FUTEX_BASEPRI
#define _UACCESS_FUTEX_MASK	"	mrs %[saved], basepri\n"		\
				"	msr basepri_max, %[level]\n"
#define _UACCESS_FUTEX_UNMASK	"	msr basepri, %[saved]\n"
#else
#define _UACCESS_FUTEX_MASK	""
#define _UACCESS_FUTEX_UNMASK	"\n"
#endif
_UACCESS_INLINE int _uaccess_arch_futex_cmpxchg(unsigned int *cur,
						unsigned int __user *p,
						unsigned int oldval,
						unsigned int newval)
{
	unsigned int seen = 0, store, saved;
	int err = 0;

	__asm__ volatile(_UACCESS_FUTEX_MASK
			 "	dmb\n"
			 "1:	ldrt %[seen], [%[p]]\n"
			 "	mov %[store], %[seen]\n"
			 "	cmp %[seen], %[old]\n"
			 "	it eq\n"
			 "	moveq %[store], %[new]\n"
			 "2:	strt %[store], [%[p]]\n"
			 "	dmb\n"
			 "3:" _UACCESS_FUTEX_UNMASK
			 "	.pushsection .text.unlikely, \"ax\"\n"
			 "4:	mov %[err], %[efault]\n"
			 "	b 3b\n"
			 "	.popsection\n"
			 UACCESS_EXTABLE(1b, 4b)
			 UACCESS_EXTABLE(2b, 4b)
			 : [err] "+r"(err), [seen] "+&r"(seen),
			   [store] "=&r"(store), [saved] "=&r"(saved)
			 : [p] "r"(p), [old] "r"(oldval), [new] "r"(newval),
			   [level] "r"(UACCESS_ARMV7M_FUTEX_BASEPRI),
			   [efault] "i"(-UACCESS_EFAULT)
			 : "memory", "cc");
	*cur = seen;
	return err;
}

/*
 * Scalars: one load or store with a table entry (two for 8 bytes, low word
 * first); get_user and put_user call the window hooks around them
 * (<uaccess/generic.h>). A fault resumes out of line, which sets
 * -UACCESS_EFAULT and, for a load, a zero value. The loads zero-extend. A
 * put of 8 bytes whose second word faults has written the first, which
 * lies before the fault.
 */
#define _UACCESS_GET(insn, ptr_, out_, err_)					\
	__asm__ volatile("1:	" insn " %[val], [%[p]]\n"		\
			 "2:\n"						\
			 "	.pushsection .text.unlikely, \"ax\"\n"	\
			 "3:	mov %[err], %[efault]\n"		\
			 "	mov %[val], #0\n"			\
			 "	b 2b\n"					\
			 "	.popsection\n"				\
			 UACCESS_EXTABLE(1b, 3b)			\
			 : [err] "+r"(err_), [val] "=&r"(out_)		\
			 : [p] "r"(ptr_), [efault] "i"(-UACCESS_EFAULT)	\
			 : "memory")

#define _UACCESS_GET2(insn, ptr_, lo_, hi_, err_)				\
	__asm__ volatile("1:	" insn " %[lo], [%[p]]\n"		\
			 "2:	" insn " %[hi], [%[p], #4]\n"		\
			 "3:\n"						\
			 "	.pushsection .text.unlikely, \"ax\"\n"	\
			 "4:	mov %[err], %[efault]\n"		\
			 "	mov %[lo], #0\n"			\
			 "	mov %[hi], #0\n"			\
			 "	b 3b\n"					\
			 "	.popsection\n"				\
			 UACCESS_EXTABLE(1b, 4b)			\
			 UACCESS_EXTABLE(2b, 4b)			\
			 : [err] "+r"(err_), [lo] "=&r"(lo_), [hi] "=&r"(hi_)	\
			 : [p] "r"(ptr_), [efault] "i"(-UACCESS_EFAULT)	\
			 : "memory")

#define _UACCESS_PUT(insn, ptr_, in_, err_)					\
	__asm__ volatile("1:	" insn " %[val], [%[p]]\n"		\
			 "2:\n"						\
			 "	.pushsection .text.unlikely, \"ax\"\n"	\
			 "3:	mov %[err], %[efault]\n"		\
			 "	b 2b\n"					\
			 "	.popsection\n"				\
			 UACCESS_EXTABLE(1b, 3b)			\
			 : [err] "+r"(err_)				\
			 : [p] "r"(ptr_), [val] "r"(in_),			\
			   [efault] "i"(-UACCESS_EFAULT)		\
			 : "memory")

/* A load of 1, 2, 4 or 8 bytes by size: ld1, ld2, ld4 name the instructions. */
#define _UACCESS_GET_SIZED(ld1, ld2, ld4, p, size, v, err) do {	\
	unsigned int __gs_lo, __gs_hi = 0;				\
									\
	switch (size) {							\
	case 1: _UACCESS_GET(ld1, p, __gs_lo, err); break;		\
	case 2: _UACCESS_GET(ld2, p, __gs_lo, err); break;		\
	case 4: _UACCESS_GET(ld4, p, __gs_lo, err); break;		\
	default: _UACCESS_GET2(ld4, p, __gs_lo, __gs_hi, err); break;	\
	}								\
	*(v) = (unsigned long long)__gs_hi << 32 | __gs_lo;		\
} while (0)

_UACCESS_INLINE int _uaccess_arch_get_unsafe(unsigned long long *v,
					     const void __user *p, unsigned long size)
{
	int err = 0;

	_UACCESS_GET_SIZED("ldrbt", "ldrht", "ldrt", p, size, v, err);
	return err;
}

_UACCESS_INLINE int _uaccess_arch_put_unsafe(unsigned long long v, void __user *p,
					     unsigned long size)
{
	unsigned int lo = (unsigned int)v, hi = (unsigned int)(v >> 32);
	int err = 0;

	switch (size) {
	case 1: _UACCESS_PUT("strbt", p, lo, err); break;
	case 2: _UACCESS_PUT("strht", p, lo, err); break;
	case 4: _UACCESS_PUT("strt", p, lo, err); break;
	default:
		_UACCESS_PUT("strt", p, lo, err);
		if (!err)
			_UACCESS_PUT("strt", (unsigned char __user *)p + 4, hi, err);
		break;
	}
	return err;
}

#define _uaccess_arch_kernel_get_nofault _uaccess_arch_kernel_get_nofault
_UACCESS_INLINE int _uaccess_arch_kernel_get_nofault(unsigned long long *v, const void *p,
						     unsigned long size)
{
	int err = 0;

	_UACCESS_GET_SIZED("ldrb", "ldrh", "ldr", p, size, v, err);
	return err;
}

#if defined(__ARM_ARCH_8M_MAIN__)
/*
 * ARMv8-M: true if the running task's MPU permissions (unprivileged,
 * ttt) refuse a read, or a write, of the byte at p. An early refusal for
 * a kernel that wants one before it starts a call, never the check: it
 * judges one byte at one moment, and the call's own unprivileged
 * accesses stay exact. TT's answer: R (bit 18), RW (bit 19).
 */
_UACCESS_INLINE bool uaccess_armv8m_refuses(const void __user *p, bool write)
{
	unsigned int tt;

	__asm__ volatile("ttt %0, %1" : "=r"(tt) : "r"(p));
	return !(tt >> (write ? 19 : 18) & 1);
}
#endif

/*
 * The barrier of user_access_begin(): dsb; isb, which completes every
 * earlier instruction before a later one starts (the M7's short
 * speculation included; M3 and M4 do not speculate loads).
 */
_UACCESS_INLINE void _uaccess_arch_barrier_nospec(void)
{
	__asm__ volatile("dsb\n\tisb" : : : "memory");
}

/*
 * Spectre v1: a if start <= a < end, else _UACCESS_MASKED_ADDR, without a
 * branch: one unsigned compare (below start wraps to a huge offset), its
 * result hidden from the optimizer by the empty asm so that it stays data,
 * then a select by mask.
 */
#define _uaccess_arch_mask_addr _uaccess_arch_mask_addr
_UACCESS_INLINE unsigned long _uaccess_arch_mask_addr(unsigned long a,
						      unsigned long start,
						      unsigned long end)
{
	unsigned long in = a - start < end - start;

	__asm__("" : "+r"(in));
	return _UACCESS_MASKED_ADDR ^ ((a ^ _UACCESS_MASKED_ADDR) & -in);
}

#endif /* !__ASSEMBLER__ */
#endif /* UACCESS_ARCH_H */
