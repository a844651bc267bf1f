/* SPDX-License-Identifier: MIT */
/*
 * The RISC-V 64 side of the seam (<uaccess/generic.h> lists every name): the
 * user end, the sstatus.SUM window, the calls of the out-of-line routines,
 * the scalar accessors and the Spectre-v1 mask. The top part is safe to
 * include from assembly (<uaccess/asm.h> does).
 *
 * The bulk calls open the window, call the out-of-line routine
 * (clear_user.S, copy_user.S: ordinary functions of the standard calling
 * convention) and close the window. A fault inside a routine resumes at
 * its fixup, which returns from the routine like any other path, so the
 * window is closed after every call, faults included.
 *
 * Exceptions a kernel routes to uaccess_fixup(), with sepc: the load and
 * store page faults (scause 13 and 15), and the load and store access
 * faults (5 and 7), which a PMP raises and which a masked address raises
 * when paging is off. Those are the only causes a library instruction
 * takes: it makes no misaligned access (_UACCESS_NO_MISALIGNED below), so
 * no misaligned trap (4, 6) comes from the library, and its pc is never
 * the target of an instruction fault (1, 12).
 */
#ifndef UACCESS_ARCH_H
#define UACCESS_ARCH_H

#include <uaccess/namespace.h>
#include <uaccess/extable.h>

/* Symbols of arch/riscv64/ (see <uaccess/namespace.h>). */
#define _uaccess_asm_clear_user _UACCESS_NS(_uaccess_asm_clear_user)
#define _uaccess_asm_copy_user _UACCESS_NS(_uaccess_asm_copy_user)

/* .S functions start on 16 bytes (the default), so say it once. */
#define _UACCESS_FUNC_ALIGN 4

/*
 * A core may trap a misaligned load or store (to firmware that emulates
 * it, or to the kernel as scause 4 or 6): scalars at a misaligned address
 * are read and written a byte at a time (<uaccess/generic.h>'s
 * _uaccess_get_scalar); the routines make no misaligned access either.
 */
#define _UACCESS_NO_MISALIGNED 1

/*
 * User space: Linux's TASK_SIZE is half the virtual address space of the
 * paging mode (2^38 with Sv39, 2^47 with Sv48, 2^56 with Sv57). The
 * default ends one page lower, a guard page below the end. A kernel with
 * Sv48 or Sv57 calls uaccess_set_user_range(0, UACCESS_USER_END_SV48)
 * before uaccess_init() (or builds with -DUACCESS_USER_END=...).
 */
#define UACCESS_USER_END_SV39 0x3ffffff000UL
#define UACCESS_USER_END_SV48 0x7ffffffff000UL
#define UACCESS_USER_END_SV57 0xfffffffffff000UL
#ifndef UACCESS_USER_END
#define UACCESS_USER_END UACCESS_USER_END_SV39
#endif

/*
 * The window. UACCESS_RISCV_SUM 1 (the default): an S-mode kernel that
 * runs with sstatus.SUM clear; the windows set it (csrs) and clear it
 * (csrc), one switch for both directions. 0: code running in U-mode (the
 * hosted suite), where csr instructions on sstatus are illegal: empty
 * windows. A build-time choice, because it is a property of where the code
 * runs, not of the CPU (every S-mode with paging has SUM) and U-mode code
 * cannot ask which mode it is in without trapping. arch/riscv64/uaccess.mk
 * sets it from the make variable of the same name.
 *
 * A trap taken inside a window must come back with SUM as it was: a
 * kernel's trap entry saves sstatus and its sret restores it (the usual
 * entry code does), and a handler that itself touches user memory opens a
 * window of its own.
 */
#ifndef UACCESS_RISCV_SUM
#define UACCESS_RISCV_SUM 1
#endif
#if UACCESS_RISCV_SUM != 0 && UACCESS_RISCV_SUM != 1
#error "UACCESS_RISCV_SUM: 0 (U-mode, no window) or 1 (S-mode, sstatus.SUM)"
#endif
#define UACCESS_SSTATUS_SUM (1UL << 18)

/*
 * The bulk routines (clear_user.S, copy_user.S) hold their window
 * themselves: sum_open REG sets SUM at their entry and sum_ret REG clears
 * it and returns, on every path (REG: a scratch register, which sum_ret's
 * caller may keep from sum_open instead: no lui then). A checked call then
 * reaches them with a tail call, and the window costs what Linux's does:
 * lui, csrs, csrc, and one more lui where the routine has no register to
 * keep. Every routine call therefore ends with SUM clear: the unsafe copy,
 * which runs inside a user_access_begin() window, sets it again.
 */
#ifdef __ASSEMBLER__
.macro sum_open reg
#if UACCESS_RISCV_SUM
	lui	\reg, 0x40		/* UACCESS_SSTATUS_SUM */
	.insn i 0x73, 2, x0, \reg, 0x100	/* csrs sstatus */
#endif
.endm
.macro sum_ret reg, kept=0
#if UACCESS_RISCV_SUM
	.if !\kept
	lui	\reg, 0x40
	.endif
	.insn i 0x73, 3, x0, \reg, 0x100	/* csrc sstatus */
#endif
	ret
.endm
#endif

/*
 * RV64GC has no count-trailing-zeros instruction (Zbb's ctz is not in
 * it): the string calls find the NUL's byte with a multiplication
 * (lib/word_at_a_time.h) instead of a call to libgcc.
 */
#define _UACCESS_NO_CTZ 1

#ifndef __ASSEMBLER__

/* No run-time features: nothing for uaccess_init_features() to choose. */
#define UACCESS_FEATURE_NAMES { 0 }

/* The out-of-line routines (standard calling convention), for this header. */
unsigned long _uaccess_asm_clear_user(void __user *to, unsigned long n);
unsigned long _uaccess_asm_copy_user(void *to, const void *from, unsigned long n);

/*
 * csrs and csrc on sstatus (CSR 0x100), written as .insn (SYSTEM opcode
 * 0x73; funct3 2 is csrrs, 3 csrrc; rd x0): GCC's assembler wants Zicsr
 * named in -march for the mnemonics, clang 14 refuses that name, and
 * both take the encoding.
 */
#define _UACCESS_CSRS_SSTATUS ".insn i 0x73, 2, x0, %0, 0x100"
#define _UACCESS_CSRC_SSTATUS ".insn i 0x73, 3, x0, %0, 0x100"

#define _uaccess_arch_user_open _uaccess_arch_user_open
_UACCESS_INLINE void _uaccess_arch_user_open(const void __user *p, unsigned long n,
					int dir)
{
	(void)p, (void)n, (void)dir;
#if UACCESS_RISCV_SUM
	__asm__ volatile(_UACCESS_CSRS_SSTATUS : : "r"(UACCESS_SSTATUS_SUM) : "memory");
#endif
}

#define _uaccess_arch_user_close _uaccess_arch_user_close
_UACCESS_INLINE void _uaccess_arch_user_close(const void __user *p, unsigned long n,
					 int dir)
{
	(void)p, (void)n, (void)dir;
#if UACCESS_RISCV_SUM
	__asm__ volatile(_UACCESS_CSRC_SSTATUS : : "r"(UACCESS_SSTATUS_SUM) : "memory");
#endif
}

_UACCESS_INLINE unsigned long _uaccess_arch_clear(void __user *to, unsigned long n)
{
	return _uaccess_asm_clear_user(to, n);	/* its window inside: sum_open */
}

_UACCESS_INLINE unsigned long _uaccess_arch_copy_to(void __user *to,
					       const void *from,
					       unsigned long n)
{
	return _uaccess_asm_copy_user((__force void *)to, from, n);
}

_UACCESS_INLINE unsigned long _uaccess_arch_copy_from(void *to,
						 const void __user *from,
						 unsigned long n)
{
	return _uaccess_asm_copy_user(to, (__force const void *)from, n);
}

_UACCESS_INLINE unsigned long _uaccess_arch_copy_unsafe(void __user *to,
						   const void *from,
						   unsigned long n)
{
	unsigned long left = _uaccess_asm_copy_user((__force void *)to, from, n);

	/* The routine closed the window: the caller's stays open. */
	_uaccess_arch_user_open(to, n, UACCESS_WRITE);
	return left;
}

/* The kernel probes: outside any window, which the routine leaves closed. */
#define _uaccess_arch_kernel_copy_nofault _uaccess_arch_kernel_copy_nofault
_UACCESS_INLINE unsigned long _uaccess_arch_kernel_copy_nofault(void *dst, const void *src,
							   unsigned long n)
{
	return _uaccess_asm_copy_user(dst, src, n);
}

/*
 * Scalars: one aligned load or store with a table entry, no window (a
 * misaligned object never reaches these: <uaccess/generic.h>'s
 * _uaccess_get_scalar). A fault resumes out of line, which sets
 * -UACCESS_EFAULT and, for a load, a zero value. lbu, lhu and lwu
 * zero-extend, so *v is the object's value. Every size is one access: a
 * store that faults writes nothing.
 */
#define _UACCESS_GET(insn, p, v, err)					\
	__asm__ volatile("1:	" insn " %[val], 0(%[p])\n"		\
			 "2:\n"						\
			 "	.pushsection .text.unlikely, \"ax\"\n"	\
			 "3:	li %[err], %[efault]\n"			\
			 "	li %[val], 0\n"				\
			 "	j 2b\n"					\
			 "	.popsection\n"				\
			 UACCESS_EXTABLE(1b, 3b)			\
			 : [err] "+r"(err), [val] "=&r"(v)		\
			 : [p] "r"(p), [efault] "i"(-UACCESS_EFAULT)	\
			 : "memory")

#define _UACCESS_PUT(insn, p, v, err)					\
	__asm__ volatile("1:	" insn " %[val], 0(%[p])\n"		\
			 "2:\n"						\
			 "	.pushsection .text.unlikely, \"ax\"\n"	\
			 "3:	li %[err], %[efault]\n"			\
			 "	j 2b\n"					\
			 "	.popsection\n"				\
			 UACCESS_EXTABLE(1b, 3b)			\
			 : [err] "+r"(err)				\
			 : [p] "r"(p), [val] "r"(v),			\
			   [efault] "i"(-UACCESS_EFAULT)		\
			 : "memory")

_UACCESS_INLINE int _uaccess_arch_get_unsafe(unsigned long long *v,
				      const void __user *p, unsigned long size)
{
	unsigned long x;
	int err = 0;

	switch (size) {
	case 1: _UACCESS_GET("lbu", p, x, err); break;
	case 2: _UACCESS_GET("lhu", p, x, err); break;
	case 4: _UACCESS_GET("lwu", p, x, err); break;
	default: _UACCESS_GET("ld", p, x, err); break;
	}
	*v = x;
	return err;
}

_UACCESS_INLINE int _uaccess_arch_put_unsafe(unsigned long long v, void __user *p,
				      unsigned long size)
{
	unsigned long x = (unsigned long)v;
	int err = 0;

	switch (size) {
	case 1: _UACCESS_PUT("sb", p, x, err); break;
	case 2: _UACCESS_PUT("sh", p, x, err); break;
	case 4: _UACCESS_PUT("sw", p, x, err); break;
	default: _UACCESS_PUT("sd", p, x, err); break;
	}
	return err;
}

/*
 * The futex atomic: lr.w / sc.w, between two fences (a full barrier).
 * When the word differs from oldval, sc.w stores back the value lr.w
 * read, so that a read-only word faults (a store page fault) whatever
 * the comparison says; a lost reservation (another hart's store, a trap
 * taken between the two) fails the sc.w, and the loop reads again. lr.w
 * sign-extends, so oldval is compared sign-extended too.
 */
_UACCESS_INLINE int _uaccess_arch_futex_cmpxchg(unsigned int *cur,
						  unsigned int __user *p,
						  unsigned int oldval,
						  unsigned int newval)
{
	long seen, store, fail;
	int err = 0;

	__asm__ volatile("	fence rw, rw\n"
			 "1:	lr.w %[seen], (%[p])\n"
			 "	mv %[store], %[new]\n"
			 "	beq %[seen], %[old], .Lcas_sc%=\n"
			 "	mv %[store], %[seen]\n"
			 ".Lcas_sc%=:\n"
			 "2:	sc.w %[fail], %[store], (%[p])\n"
			 "	bnez %[fail], 1b\n"
			 "	fence rw, rw\n"
			 "3:\n"
			 "	.pushsection .text.unlikely, \"ax\"\n"
			 "4:	li %[err], %[efault]\n"
			 "	j 3b\n"
			 "	.popsection\n"
			 UACCESS_EXTABLE(1b, 4b)
			 UACCESS_EXTABLE(2b, 4b)
			 : [err] "+r"(err), [seen] "=&r"(seen),
			   [store] "=&r"(store), [fail] "=&r"(fail)
			 : [p] "r"(p), [old] "r"((long)(int)oldval),
			   [new] "r"((long)(int)newval),
			   [efault] "i"(-UACCESS_EFAULT)
			 : "memory");
	*cur = (unsigned int)seen;
	return err;
}

/*
 * The barrier of user_access_begin(). RISC-V defines no speculation
 * barrier: no fence is specified to stop a load from executing before an
 * earlier branch resolves (fence orders memory accesses, fence.i the
 * instruction stream), and Linux leaves barrier_nospec() empty on RISC-V
 * too. So this is a compiler barrier only: it keeps the compiler from
 * moving accesses above the range check. The checked single calls do not
 * depend on it: they mask their pointer (_uaccess_arch_mask_addr, a data
 * dependency no core speculates around). A kernel for a core whose vendor
 * names a barrier builds with that core's sequence here.
 */
_UACCESS_INLINE void _uaccess_arch_barrier_nospec(void)
{
	__asm__ volatile("" : : : "memory");
}

/*
 * Spectre v1: a if start <= a < end, else _UACCESS_MASKED_ADDR, without a
 * branch: sltu sets 1 iff a - start < end - start (one compare covers both
 * ends: a below start wraps to a huge offset), addi turns it into 0 or all
 * ones (outside), or forces all ones outside, and the xor with that shifted
 * right by one leaves bit 63 alone. Written in asm so that no compiler can
 * turn the compare into a branch. Cost: seven integer instructions.
 *
 * The masked address has bit 63 set and bit 62 clear: non-canonical under
 * Sv39, Sv48 and Sv57 (bits 63 down to the mode's top VA bit must be
 * equal), so an access there, or up to 2^62 bytes above it, page-faults
 * whatever the kernel maps, page 0 included; with paging off it is past
 * every physical address and access-faults. Every user end lies below it.
 */
#define _UACCESS_MASKED_ADDR 0x8000000000000000UL
#define _uaccess_arch_mask_addr _uaccess_arch_mask_addr
_UACCESS_INLINE unsigned long _uaccess_arch_mask_addr(unsigned long a,
					       unsigned long start,
					       unsigned long end)
{
	unsigned long out, m;

	__asm__("sltu %[out], %[off], %[span]\n\t"
		"addi %[out], %[out], -1\n\t"
		"or %[m], %[a], %[out]\n\t"
		"srli %[out], %[out], 1\n\t"
		"xor %[m], %[m], %[out]"
		: [out] "=&r"(out), [m] "=&r"(m)
		: [off] "r"(a - start), [span] "r"(end - start), [a] "r"(a));
	return m;
}

/*
 * The checked calls' access_ok() and mask in one sequence, from
 * _uaccess_limits (one lla, then loads at offsets of it): off = a -
 * start, in = off < span (a lies in [start, end)), lim = (span - off) *
 * in, end - a inside and 0 outside, so that n <= lim is the whole check,
 * one branch (a multiply by 0 or 1: one instruction where neg and and are
 * two, and only the predicted branch waits for it). The mask needs no
 * fault of its own, since the branch refuses the call: m = a & -in, a
 * inside and 0 outside, two instructions where the plain mask above
 * spends five.
 *
 * The copies' form reads the copies' span (0 while a hardened check hook
 * is set) and multiplies by in only while n >> 31 is 0 (n <= INT_MAX):
 * both of the hardened copies' tests for two instructions and no branch.
 * Its key for a refused copy is off, which it keeps anyway: the slow path
 * adds start back.
 */
#define _UACCESS_CHECK_MASK_ASM(span, more)				\
	"lla %[base], " _UACCESS_S(_uaccess_limits) "\n\t"		\
	"ld %[lim], 0(%[base])\n\t"					\
	"ld %[span], " span "(%[base])\n\t"				\
	"sub %[off], %[m], %[lim]\n\t"					\
	"sltu %[in], %[off], %[span]\n\t"				\
	"sub %[lim], %[span], %[off]\n\t"				\
	"neg %[base], %[in]\n\t"					\
	"and %[m], %[m], %[base]\n\t"					\
	more								\
	"mul %[lim], %[lim], %[in]"
#define _UACCESS_CHECK_MASK_OUT						\
	[base] "=&r"(base), [lim] "=&r"(lim), [span] "=&r"(span),	\
	[off] "=&r"(off), [in] "=&r"(in), [m] "+r"(m)

#define _uaccess_arch_check_mask _uaccess_arch_check_mask
_UACCESS_INLINE unsigned long _uaccess_arch_check_mask(unsigned long a,
						  unsigned long n, bool *ok)
{
	unsigned long base, lim, span, off, in, m = a;

	__asm__(_UACCESS_CHECK_MASK_ASM("8", "") : _UACCESS_CHECK_MASK_OUT);
	*ok = n <= lim;
	return m;
}

#define _uaccess_arch_check_mask_copy _uaccess_arch_check_mask_copy
_UACCESS_INLINE unsigned long _uaccess_arch_check_mask_copy(unsigned long a,
						       unsigned long n,
						       bool *ok,
						       unsigned long *key)
{
	unsigned long base, lim, span, off, in, m = a;

	__asm__(_UACCESS_CHECK_MASK_ASM("24",
		"srli %[base], %[n], 31\n\t"
		"sltu %[in], %[base], %[in]\n\t")
		: _UACCESS_CHECK_MASK_OUT : [n] "r"(n));
	*ok = n <= lim;
	*key = off;
	return m;
}
#define _uaccess_arch_copy_key_addr(key) ((key) + _uaccess_limits.start)

/* copy_from_user: a tail call of lib/copy_from_fill.c (<uaccess/generic.h>). */
#define _uaccess_arch_copy_from_fill _uaccess_copy_from_fill

/*
 * Zero kernel memory without calling memset (the library links no libc):
 * the clear routine, outside any window. For library use only.
 */
#define _uaccess_arch_kernel_zero _uaccess_arch_kernel_zero
_UACCESS_INLINE void _uaccess_arch_kernel_zero(void *p, unsigned long n)
{
	(void)_uaccess_asm_clear_user((__force void __user *)p, n);
}

#endif /* !__ASSEMBLER__ */
#endif /* UACCESS_ARCH_H */
