/* SPDX-License-Identifier: MIT */
/*
 * The x86-64 side of the seam (<uaccess/generic.h> lists every name): feature
 * bits, the user end, the window (stac/clac), the inline clear and copy
 * sites, the scalar accessors, the Spectre-v1 mask and the kernel zeroing.
 * The top part is safe to include from assembly (<uaccess/asm.h> does).
 *
 * Code that includes <uaccess.h> must be built with -mno-red-zone (kernels
 * always are): the inline code calls the out-of-line routines from asm, and
 * a call pushes its return address below the stack pointer.
 *
 * Faults a kernel sends to uaccess_fixup(): the page fault (#PF), and the
 * general-protection fault (#GP), which an access to a non-canonical
 * address raises instead: the kernel probes given one, an accessor after
 * masked_user_access_begin() on a refused pointer (the mask's address is
 * non-canonical), an unchecked call given one.
 */
#ifndef UACCESS_ARCH_H
#define UACCESS_ARCH_H

#include <uaccess/namespace.h>
#include <uaccess/alternative.h>
#include <uaccess/bands.h>
#include <uaccess/extable.h>

/* Symbols of arch/x86_64/ (see <uaccess/namespace.h>). */
#define uaccess_set_text_poke _UACCESS_NS(uaccess_set_text_poke)
#define _uaccess_apply_alternatives _UACCESS_NS(_uaccess_apply_alternatives)
#define _uaccess_fill_nops _UACCESS_NS(_uaccess_fill_nops)
#define _uaccess_text_poke _UACCESS_NS(_uaccess_text_poke)
#define _uaccess_serialize _UACCESS_NS(_uaccess_serialize)
#define _uaccess_arch_user_range_init _UACCESS_NS(_uaccess_arch_user_range_init)
#define _uaccess_range_patch _UACCESS_NS(_uaccess_range_patch)
#define _uaccess_x86_features _UACCESS_NS(_uaccess_x86_features)
#define _uaccess_asm_clear_user_bytes _UACCESS_NS(_uaccess_asm_clear_user_bytes)
#define _uaccess_asm_clear_user _UACCESS_NS(_uaccess_asm_clear_user)
#define _uaccess_asm_clear_user_long _UACCESS_NS(_uaccess_asm_clear_user_long)
#define _uaccess_asm_copy_user_bytes _UACCESS_NS(_uaccess_asm_copy_user_bytes)
#define _uaccess_asm_copy_user _UACCESS_NS(_uaccess_asm_copy_user)

/* .S functions start on 16 bytes, a fetch block of every x86-64 core. */
#define _UACCESS_FUNC_ALIGN 4

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
#define UACCESS_RANGE_IMM_COPY_SPAN	2	/* _uaccess_limits.copy_span */

/*
 * Feature bits for uaccess_init_features(). uaccess_cpu_features() reports
 * the CPUID ones, and the choices its per-CPU table (cpu_features.c) makes
 * for the CPU it runs on: LATE_STOSB names no CPUID bit but what a
 * benchmark found on that CPU. UACCESS_FEAT_REP_GOOD is never
 * detected (CPUID has no bit for "rep stosq is fast without ERMS"): a
 * kernel that knows better sets it. UACCESS_FEAT_SMAP is reported as
 * CPUID has it, but
 * uaccess_init() and uaccess_init_features() drop it when they run at CPL
 * 3 (stac and clac are #UD outside ring 0): in a process the windows stay
 * NOPs.
 */
#define UACCESS_FEAT_ERMS	(1UL << UACCESS_FEAT_ERMS_BIT)	/* CPUID.7.0:EBX[9] */
#define UACCESS_FEAT_FSRM	(1UL << UACCESS_FEAT_FSRM_BIT)	/* CPUID.7.0:EDX[4] */
#define UACCESS_FEAT_REP_GOOD	(1UL << UACCESS_FEAT_REP_GOOD_BIT) /* kernel's word */
#define UACCESS_FEAT_SMAP	(1UL << UACCESS_FEAT_SMAP_BIT)	/* CPUID.7.0:EBX[20] */
/* Clears as rep stosb from UACCESS_CLEAR_BULK_LATE, not UACCESS_CLEAR_BULK. */
#define UACCESS_FEAT_LATE_STOSB	(1UL << UACCESS_FEAT_LATE_STOSB_BIT)	/* table */

#ifndef __ASSEMBLER__

/*
 * Each feature's name, indexed by its bit, for code that prints or parses
 * feature sets (the suite, the bench, a kernel's boot log):
 *	static const char *const names[] = UACCESS_FEATURE_NAMES;
 * A new feature is a bit in <uaccess/alternative.h>, its mask and name
 * here, and its detection in cpu_features.c.
 */
#define UACCESS_FEATURE_NAMES {						\
	[UACCESS_FEAT_ERMS_BIT] = "erms",				\
	[UACCESS_FEAT_FSRM_BIT] = "fsrm",				\
	[UACCESS_FEAT_REP_GOOD_BIT] = "rep_good",			\
	[UACCESS_FEAT_SMAP_BIT] = "smap",				\
	[UACCESS_FEAT_LATE_STOSB_BIT] = "late_stosb",			\
}

/* Set the hook that writes code at init (default: plain stores). */
#define UACCESS_HAS_TEXT_POKE 1
void uaccess_set_text_poke(void (*poke)(void *dst, const void *src,
					unsigned long len));

/*
 * The window: stac/clac where SMAP exists (patched in at init), a NOP of
 * the same length elsewhere. Both directions at once: SMAP has one switch.
 */
#define _UACCESS_STAC UACCESS_ALTERNATIVE(UACCESS_ALT_UNNAMED, nopl (%%rax), \
					  stac, UACCESS_FEAT_SMAP_BIT)
#define _UACCESS_CLAC UACCESS_ALTERNATIVE(UACCESS_ALT_UNNAMED, nopl (%%rax), \
					  clac, UACCESS_FEAT_SMAP_BIT)

#define _uaccess_arch_user_open _uaccess_arch_user_open
_UACCESS_INLINE void _uaccess_arch_user_open(const void __user *p, unsigned long n,
					int dir)
{
	(void)p, (void)n, (void)dir;
	__asm__ volatile(_UACCESS_STAC : : : "memory");
}

#define _uaccess_arch_user_close _uaccess_arch_user_close
_UACCESS_INLINE void _uaccess_arch_user_close(const void __user *p, unsigned long n,
					 int dir)
{
	(void)p, (void)n, (void)dir;
	__asm__ volatile(_UACCESS_CLAC : : : "memory");
}

/*
 * The barrier of user_access_begin(): lfence waits for every earlier
 * instruction to complete before any later one starts (Intel SDM; AMD
 * documents the same once its "lfence is dispatch serializing" MSR bit is
 * set, which Linux sets and which every Zen CPU has set by default).
 */
_UACCESS_INLINE void _uaccess_arch_barrier_nospec(void)
{
	__asm__ volatile("lfence" : : : "memory");
}

/*
 * One call (clear_user.S), whose entry decides short against long: a
 * decision made in line would cost a taken jump on one of its two paths.
 */
_UACCESS_INLINE unsigned long _uaccess_arch_clear(void __user *uto, unsigned long n)
{
	void *to = (__force void *)uto;
	unsigned long zero = 0;

	__asm__ volatile(_UACCESS_STAC
			 "	call " _UACCESS_S(_uaccess_asm_clear_user) "\n"
			 _UACCESS_CLAC
			 : "+c"(n), "+D"(to), "+a"(zero)
			 :
			 : "rdx", "memory", "cc");
	return n;
}

/*
 * The copy site, with the window instructions as parameters: the bulk
 * calls open and close their own window, unsafe_copy_to_user() runs inside
 * the caller's (user_access_begin()). One body for both directions, and
 * no size decision in place: copy_user.S makes each one once.
 */
#define _UACCESS_COPY(open, close)					\
	__asm__ volatile(open						\
			 "	call " _UACCESS_S(_uaccess_asm_copy_user) "\n"	\
			 close						\
			 : "+c"(n), "+D"(to), "+S"(from)		\
			 :						\
			 : "rax", "rdx", "r8", "r9", "r10", "r11", "memory", "cc")

_UACCESS_INLINE unsigned long _uaccess_arch_copy_to(void __user *uto,
					       const void *from,
					       unsigned long n)
{
	void *to = (__force void *)uto;

	_UACCESS_COPY(_UACCESS_STAC, _UACCESS_CLAC);
	return n;
}

_UACCESS_INLINE unsigned long _uaccess_arch_copy_from(void *to,
						 const void __user *ufrom,
						 unsigned long n)
{
	const void *from = (__force const void *)ufrom;

	_UACCESS_COPY(_UACCESS_STAC, _UACCESS_CLAC);
	return n;
}

/*
 * copy_from_user's copy and zero fill: every exit of copy_user.S that
 * leaves bytes (the byte loop's fault, rep movsb's) returns rdi at the
 * first byte not copied, so the fill starts from the asm's own output,
 * an inline rep stosb: the caller keeps neither to nor n across the call,
 * and builds no stack frame for a path a short copy alone takes.
 */
#define _uaccess_arch_copy_from_fill _uaccess_arch_copy_from_fill
#define _UACCESS_COPY_FROM_FILL_INLINE 1
_UACCESS_INLINE unsigned long _uaccess_arch_copy_from_fill(void *to,
						      const void __user *ufrom,
						      unsigned long n)
{
	const void *from = (__force const void *)ufrom;

	_UACCESS_COPY(_UACCESS_STAC, _UACCESS_CLAC);
	if (__builtin_expect(n != 0, 0))	/* to: where the copy stopped */
		__asm__ volatile("movq %%rcx, %%rdx\n\trep stosb\n\tmovq %%rdx, %%rcx"
				 : "+D"(to), "+c"(n) : "a"(0) : "rdx", "memory");
	return n;
}

_UACCESS_INLINE unsigned long _uaccess_arch_copy_unsafe(void __user *uto,
						   const void *from,
						   unsigned long n)
{
	void *to = (__force void *)uto;

	_UACCESS_COPY("", "");
	return n;
}

/*
 * Scalars inside a window: one load or store with a table entry, on a
 * memory operand (the compiler picks the addressing). x86 loads and
 * stores fault whole, so a faulting store wrote nothing, also when the
 * object straddles into an inaccessible page.
 *
 * With asm goto the table entry resumes straight at a C label: after
 * inlining, unsafe_get_user()'s "goto label" is the fault path itself, and
 * the accesses of a window carry no error register and no test. Stores
 * use it with every compiler. Loads need asm goto with outputs, which
 * GCC 12 miscompiles (the fault path received the output register's stale
 * value instead of the 0 the C code stores: seen in this suite's get_user
 * sweeps); they use it with clang 14 or later only, and otherwise an
 * out-of-line fixup that sets an error register. -DUACCESS_NO_ASM_GOTO
 * gives every access the fixup form (make check builds it that way once).
 */
/* NOLINTBEGIN(bugprone-macro-parentheses): asm operand lists, labels and a type */
#define _UACCESS_FIXUP_FLAG(insn, outputs, inputs, clobbers, fault) do { \
	int __e = 0;							\
	__asm__ volatile("1:	" insn "\n"				\
			 "2:\n"						\
			 UACCESS_EXTABLE(1b, 3f)			\
			 "	.pushsection .text.unlikely, \"ax\"\n"	\
			 "3:	movl $1, %[e]\n"			\
			 "	jmp 2b\n"				\
			 "	.popsection\n"				\
			 : [e] "+r"(__e) outputs : inputs : clobbers);	\
	if (__e)							\
		goto fault;						\
} while (0)

#if !defined(UACCESS_NO_ASM_GOTO) && defined(__clang__) && __clang_major__ >= 14
#define _UACCESS_LOAD(insn, out, obj, fault)				\
	__asm__ goto("1:	" insn "\n"				\
		     UACCESS_EXTABLE(1b, %l[fault])			\
		     : [val] "=r"(out) : [mem] "m"(obj) : : fault)
#else
#define _UACCESS_LOAD(insn, out, obj, fault)				\
	_UACCESS_FIXUP_FLAG(insn, _UACCESS_COMMA [val] "=r"(out),	\
			    [mem] "m"(obj), "cc", fault)
#endif

#ifndef UACCESS_NO_ASM_GOTO
#define _UACCESS_STORE(insn, cons, in, obj, fault)			\
	__asm__ goto("1:	" insn "\n"				\
		     UACCESS_EXTABLE(1b, %l[fault])			\
		     : : [val] cons(in), [mem] "m"(obj) : "memory" : fault)
#else
#define _UACCESS_STORE(insn, cons, in, obj, fault)			\
	_UACCESS_FIXUP_FLAG(insn, , [val] cons(in) _UACCESS_COMMA	\
			    [mem] "m"(obj), "memory", fault)
#endif
#define _UACCESS_COMMA ,

/* The user object at p of type t, as a memory operand. */
#define _UACCESS_MEM(t, p) (*(volatile t *)(__force unsigned long)(p))
/* NOLINTEND(bugprone-macro-parentheses) */

_UACCESS_INLINE int _uaccess_arch_get_unsafe(unsigned long long *v,
					const void __user *p,
					unsigned long size)
{
	unsigned long val;

	switch (size) {
	case 1:
		_UACCESS_LOAD("movzbl %[mem], %k[val]", val,
			      _UACCESS_MEM(unsigned char, p), fault);
		break;
	case 2:
		_UACCESS_LOAD("movzwl %[mem], %k[val]", val,
			      _UACCESS_MEM(unsigned short, p), fault);
		break;
	case 4:
		_UACCESS_LOAD("movl %[mem], %k[val]", val,
			      _UACCESS_MEM(unsigned int, p), fault);
		break;
	default:
		_UACCESS_LOAD("movq %[mem], %q[val]", val,
			      _UACCESS_MEM(unsigned long, p), fault);
		break;
	}
	*v = val;
	return 0;
/* cppcheck-suppress unusedLabel ; the asm goto of _UACCESS_LOAD jumps here */
fault:
	*v = 0;
	return -UACCESS_EFAULT;
}

_UACCESS_INLINE int _uaccess_arch_put_unsafe(unsigned long long v, void __user *p,
					unsigned long size)
{
	switch (size) {
	case 1:
		_UACCESS_STORE("movb %b[val], %[mem]", "iq", (unsigned char)v,
			       _UACCESS_MEM(unsigned char, p), fault);
		break;
	case 2:
		_UACCESS_STORE("movw %w[val], %[mem]", "ir", (unsigned short)v,
			       _UACCESS_MEM(unsigned short, p), fault);
		break;
	case 4:
		_UACCESS_STORE("movl %k[val], %[mem]", "ir", (unsigned int)v,
			       _UACCESS_MEM(unsigned int, p), fault);
		break;
	default:
		_UACCESS_STORE("movq %q[val], %[mem]", "er", (unsigned long)v,
			       _UACCESS_MEM(unsigned long, p), fault);
		break;
	}
	return 0;
/* cppcheck-suppress unusedLabel ; the asm goto of _UACCESS_STORE jumps here */
fault:
	return -UACCESS_EFAULT;
}

/*
 * The futex atomic: lock cmpxchg, a full barrier, which writes the
 * destination back when the comparison fails, so a read-only word faults
 * either way (#PF with the write bit). It faults whole: a fault leaves
 * the word as it was.
 */
_UACCESS_INLINE int _uaccess_arch_futex_cmpxchg(unsigned int *cur,
						  unsigned int __user *p,
						  unsigned int oldval,
						  unsigned int newval)
{
	int err = 0;

	__asm__ volatile("1:	lock cmpxchgl %[new], %[mem]\n"
			 "2:\n"
			 UACCESS_EXTABLE(1b, 3f)
			 "	.pushsection .text.unlikely, \"ax\"\n"
			 "3:	movl %[efault], %[err]\n"
			 "	jmp 2b\n"
			 "	.popsection\n"
			 : [err] "+r"(err), "+a"(oldval),
			   [mem] "+m"(_UACCESS_MEM(unsigned int, p))
			 : [new] "r"(newval), [efault] "i"(-UACCESS_EFAULT)
			 : "memory", "cc");
	*cur = oldval;
	return err;
}

/*
 * Spectre v1: the address the checked calls use after access_ok(), a if
 * start <= a < end, else _UACCESS_MASKED_ADDR, computed without a branch:
 * cmp, then cmovb picks a over the constant when the carry says inside.
 * The CPU does not predict a cmov's condition the way it predicts
 * access_ok()'s branch: a load or store that runs speculatively after a
 * mispredicted check waits for the cmov and sees the masked address,
 * never the caller's kernel pointer. One compare covers both ends of the
 * range: a - start wraps to a huge value when a < start.
 *
 * _UACCESS_MASKED_ADDR is all ones less bit 62, 0xbfffffffffffffff:
 * non-canonical with 4-level and with 5-level paging (bit 63 set, bit 62
 * clear), so an access there takes #GP in every x86-64 kernel, whatever it
 * maps, and so does one at any offset below 2^61 from it (an unsafe_
 * accessor's field offset, masked_user_access_begin()'s object). All ones
 * would not do: 0xffffffffffffffff is canonical, the top page of the
 * kernel half, which a kernel may map.
 *
 * Three instructions (add, cmp, cmov) lie between a and the address a
 * copy's loads and stores wait for, the fewest of the forms that keep the
 * mask branch-free.
 *
 * The range is not loaded from uaccess_user_start / uaccess_user_end: it
 * sits in the code as 64-bit immediates, written by uaccess_init() and
 * again by every later uaccess_set_user_range() and
 * uaccess_set_usercopy_check() (arch/x86_64/arch_user_range.c; the table
 * of immediates is the section uaccess_range). Before that they
 * hold the build-time range. A load of the variables would put a load and
 * a chain of dependent instructions between the caller's pointer and the
 * access, and a rep stosb / rep movsb waits for its address. The
 * arguments start and end are unused: they are there for the portable
 * uaccess_mask_ptr(). The section's name is written as a token, as in
 * <uaccess/extable.h>.
 */
#define _UACCESS_MASKED_BIT 62
#define _UACCESS_MASKED_ADDR (~0UL & ~(1UL << _UACCESS_MASKED_BIT))

#define _UACCESS_RANGE_IMM(label, kind)					\
	"	.pushsection " _UACCESS_S(uaccess_range) ", \"a\"\n"	\
	"	.balign 4\n"						\
	"	.long " label " - 8 - .\n"				\
	"	.long " kind "\n"					\
	"	.popsection\n"

/*
 * The start of the sequences below: %[off] = a - start, %[span] = the
 * span immediate of kind (end - start, or the copies' span), then the bad
 * address in %[masked]; and the inputs they name.
 */
#define _UACCESS_RANGE_ASM(kind)					\
	"movabsq %[start0], %[off]\n"					\
	"1:\n"								\
	_UACCESS_RANGE_IMM("1b", _UACCESS_S(UACCESS_RANGE_IMM_MINUS_START)) \
	"	addq %[a], %[off]\n\t"					\
	"movabsq %[span0], %[span]\n"					\
	"2:\n"								\
	_UACCESS_RANGE_IMM("2b", _UACCESS_S(kind))			\
	"	movabsq %[bad], %[masked]\n\t"
#define _UACCESS_RANGE_INPUTS						\
	[a] "r"(a), [start0] "i"(-(unsigned long)UACCESS_USER_START),	\
	[span0] "i"(UACCESS_USER_END - UACCESS_USER_START),		\
	[bad] "i"(_UACCESS_MASKED_ADDR)

#define _uaccess_arch_mask_addr _uaccess_arch_mask_addr
_UACCESS_INLINE unsigned long _uaccess_arch_mask_addr(unsigned long a,
						 unsigned long start,
						 unsigned long end)
{
	unsigned long off, span, mask;

	(void)start, (void)end;
	__asm__(_UACCESS_RANGE_ASM(UACCESS_RANGE_IMM_SPAN)
		"cmpq %[span], %[off]\n\t"
		"cmovbq %[a], %[masked]"
		: [off] "=&r"(off), [span] "=&r"(span), [masked] "=&r"(mask)
		: _UACCESS_RANGE_INPUTS
		: "cc");
	return mask;
}

/*
 * The checked calls' access_ok() and mask in one sequence: lim = span -
 * (a - start) is end - a, and its borrow says a lies outside [start,
 * end], which is access_ok()'s test of a. The same flags drive the mask
 * (cmova: start <= a < end keeps a) and set lim to 0 outside, so that
 * one compare of n with lim is the whole check, and one branch. No load,
 * and the accesses wait for add, sub and cmov, the same chain as the
 * mask alone. kind names the span immediate.
 */
#define _UACCESS_CHECK_MASK_ASM(kind)					\
	__asm__(_UACCESS_RANGE_ASM(kind)				\
		"xorl %k[zero], %k[zero]\n\t"				\
		"subq %[off], %[span]\n\t"				\
		"cmovaq %[a], %[masked]\n\t"				\
		"cmovbq %[zero], %[span]"					\
		: [off] "=&r"(off), [span] "=&r"(lim), [masked] "=&r"(p),	\
		  [zero] "=&r"(zero)						\
		: _UACCESS_RANGE_INPUTS					\
		: "cc")

/*
 * clear_user's: n - 1 < lim refuses n = 0 at every address, and the
 * refused path returns n, 0, and touches nothing: a clear of no bytes
 * skips the routine's size classes.
 */
#define _uaccess_arch_check_mask _uaccess_arch_check_mask
_UACCESS_INLINE unsigned long _uaccess_arch_check_mask(unsigned long a,
						  unsigned long n, bool *ok)
{
	unsigned long off, lim, p, zero;

	_UACCESS_CHECK_MASK_ASM(UACCESS_RANGE_IMM_SPAN);
	*ok = n - 1 < lim;
	return p;
}

/*
 * The copies' form (<uaccess/generic.h>): the same sequence against the
 * copies' span, an immediate that is end - start, or 0 while a check hook
 * is set (lib/hardened_usercopy.c has it rewritten), and the compare with
 * INT_MAX, a constant: the hardened limit costs no load. n = 0 passes at
 * every address, to the routine, which touches nothing. A copy that fails
 * goes out of line with a as its key, a tail call: the copies keep no
 * stack frame.
 */
#define _uaccess_arch_check_mask_copy _uaccess_arch_check_mask_copy
_UACCESS_INLINE unsigned long _uaccess_arch_check_mask_copy(unsigned long a,
						       unsigned long n,
						       bool *ok,
						       unsigned long *key)
{
	unsigned long off, lim, p, zero;

	_UACCESS_CHECK_MASK_ASM(UACCESS_RANGE_IMM_COPY_SPAN);
	*ok = n <= lim && n <= (unsigned long)__INT_MAX__;
	*key = a;
	return p;
}

/*
 * masked_user_access_begin() masks the object's first byte only: with
 * either default user end, the page after the end is the last page below
 * the canonical hole, which no kernel maps, and the masked address is the
 * bottom of the hole, so an object of up to a page that starts inside the
 * range and runs past its end, or starts at the masked address, faults
 * all the same. A kernel that sets another user end keeps the page after
 * it unmapped.
 */
#define _UACCESS_MASKED_OBJECT_MAX 4096UL
#define _uaccess_arch_mask_object(a, n, start, end) _uaccess_arch_mask_addr(a, start, end)

/* Zero kernel memory (the library links no memset): rep stosb. */
#define _uaccess_arch_kernel_zero _uaccess_arch_kernel_zero
_UACCESS_INLINE void _uaccess_arch_kernel_zero(void *p, unsigned long n)
{
	__asm__ volatile("rep stosb" : "+D"(p), "+c"(n) : "a"(0) : "memory");
}

#endif /* !__ASSEMBLER__ */
#endif /* UACCESS_ARCH_H */
