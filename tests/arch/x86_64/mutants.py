# SPDX-License-Identifier: MIT
"""Break the library on purpose, one mutation at a time, and check that the
suite catches each one (make mutants). Every mutant is a plausible fixup,
range-check, masking or window bug; the source is restored after each run.

Usage (from the repository root): python3 tests/arch/x86_64/mutants.py [WORD...]
Arguments pick mutants by a word of their name. A mutant may name, as a
fifth field, the runs that should catch it: a feature set of the hosted
suite, or qemu:CONFIG, a boot of the bare-metal kernel in that
configuration (make qemu-test QEMU_CONFIGS=CONFIG). The bare-metal runs are
for what only real hardware state shows: SMAP, on the max configuration.
Without the field a mutant runs against SETS. The runs stop at the first
that fails."""
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../..')
os.chdir(ROOT)
sys.path.insert(0, os.path.join(ROOT, 'tests'))
import mutate  # noqa: E402  (tests/mutate.py, the driver)
A = 'arch/x86_64/include/uaccess/arch.h'
U = 'include/uaccess.h'
G = 'include/uaccess/generic.h'
M = [
 ("rep clear fixup rounds count to 8", 'arch/x86_64/clear_user.S',
  "UACCESS_FEAT_ERMS_BIT, .Lclear_done)\n	ret\n",
  "UACCESS_FEAT_ERMS_BIT, .Lmut)\n	ret\n.Lmut:	andq $-8, %rcx\n	ret\n"),
 ("loop clear fixup skips the byte retry", 'arch/x86_64/clear_user.S',
  "	UACCESS_USER(.Lclear_bytes, movq %rax, .Lzoff(%rdi))",
  "	UACCESS_USER(.Lclear_done, movq %rax, .Lzoff(%rdi))"),
 ("repq clear fixup drops the byte tail", 'arch/x86_64/clear_user.S',
  "	leaq	(%rdx, %rcx, 8), %rcx\n	jmp	.Lclear_bytes",
  "	shlq	$3, %rcx\n	jmp	.Lclear_bytes"),
 ("long clear stores the last byte first", 'arch/x86_64/clear_user.S',
  "FUNC(_uaccess_clear_user_long)\n	xorl	%eax, %eax\n",
  "FUNC(_uaccess_clear_user_long)\n	xorl	%eax, %eax\n	UACCESS_USER(.Lclear_done, movb %al, -1(%rdi,%rcx))\n"),
 ("last clear block ends 8 bytes late", 'arch/x86_64/clear_user.S',
  "	leaq	-64(%rdi, %rcx), %rdi\n", "	leaq	-56(%rdi, %rcx), %rdi\n"),
 ("rep copy fixup over-reports by one byte", 'arch/x86_64/copy_user.S',
  "UACCESS_FEAT_ERMS_BIT, .Lcopy_done)\n	ret\n",
  "UACCESS_FEAT_ERMS_BIT, .Lmut)\n	ret\n.Lmut:	decq %rcx\n	ret\n"),
 ("short copy fixup returns without retry", 'arch/x86_64/copy_user.S',
  "	UACCESS_USER(.Lcopy_bytes, movq (%rsi), %r8)\n	UACCESS_USER(.Lcopy_bytes, movq %r8, (%rdi))",
  "	UACCESS_USER(.Lcopy_done, movq (%rsi), %r8)\n	UACCESS_USER(.Lcopy_done, movq %r8, (%rdi))"),
 ("repq copy rounds the quadword count", 'arch/x86_64/copy_user.S',
  "	leaq	(%rdx, %rcx, 8), %rcx\n	jmp	.Lcopy_bytes",
  "	leaq	(%rdx, %rcx, 8), %rcx\n	andq	$-8, %rcx\n	jmp	.Lcopy_bytes"),
 ("copy byte loop advances the source twice", 'arch/x86_64/copy_user.S',
  "	incq	%rsi\n	incq	%rdi\n	decq	%rcx\n	jnz	.Lcopy_byte_loop",
  "	incq	%rsi\n	incq	%rdi\n	decq	%rcx\n	jz	.Lcopy_done\n	incq	%rsi\n	decq	%rcx\n	jnz	.Lcopy_byte_loop"),
 ("constant-size clear reports success after a fault", U,
  "	if (_UACCESS_SMALL_CONST(n) && !_uaccess_put_user(0, to, n))\n		return 0;",
  "	if (_UACCESS_SMALL_CONST(n)) {\n		(void)_uaccess_put_user(0, to, n);\n		return 0;\n	}"),
 ("inline rep movsb loses its table entry", 'arch/x86_64/include/uaccess/arch.h',
  'UACCESS_ALTERNATIVE_USER(UACCESS_ALT_COPY_SHORT,	\\\n						  call _uaccess_copy_user_short, \\\n						  rep movsb, UACCESS_FEAT_FSRM_BIT, 2f)',
  'UACCESS_ALTERNATIVE(UACCESS_ALT_COPY_SHORT,	\\\n						  call _uaccess_copy_user_short, \\\n						  rep movsb, UACCESS_FEAT_FSRM_BIT)'),
 ("alternatives forget to relocate rel32", 'arch/x86_64/alternative.c',
  "		u = (uint32_t)moved;\n", "		(void)moved;\n"),
 ("alternatives accept any instruction after the call", 'arch/x86_64/alternative.c',
  "		if (!k)\n			return refusal(code + off, len - off);\n",
  "		if (!k)\n			k = refusal(code + off, len - off) ? 1 : 0;\n"),
 ("alternatives accept a rel32 target inside the code", 'arch/x86_64/alternative.c',
  "		if (target >= (uintptr_t)code && target <= (uintptr_t)code + len)",
  "		if (0 && target >= (uintptr_t)code)"),
 ("refusal report keeps the last refusal, not the first", 'arch/x86_64/arch_internal.h',
  "	if (*p)\n		return;\n", ""),
 ("uaccess_init_error always NULL", 'arch/x86_64/arch_setup.c',
  "	return last.error[0] ? last.error : NULL;", "	return NULL;"),
 ("strategy name reports the site's first replacement whatever won", 'arch/x86_64/alternative.c',
  "				code = (unsigned int)(e - a) + 1;", "				code = 1;"),
 ("strategy name words out of the order of the bulk site", 'arch/x86_64/arch_setup.c',
  '{ "loop", "repq", "rep" }', '{ "loop", "rep", "repq" }'),
 ("get_user gives a nonzero value on a fault", A,
  "fault:\n	*v = 0;\n", "fault:\n	*v = 0xff;\n"),
 ("put_user reports success on a fault", A,
  "fault:\n	return -UACCESS_EFAULT;\n}", "fault:\n	return 0;\n}"),
 ("generic mask keeps the user end itself", G,
  "	unsigned long in = a - start < end - start;",
  "	unsigned long in = a - start <= end - start;"),
 ("generic kernel zeroing stops one byte short", G,
  "	while (n--) {\n		*c++ = 0;", "	while (n-- > 1) {\n		*c++ = 0;"),
 ("put_user does not evaluate x when the check fails", U,
  "	__typeof__(*(ptr)) __pu_v = (x);				\\\n	uaccess_access_ok(__pu_p, sizeof(*__pu_p))			\\\n		? __uaccess_put_user(__pu_v,",
  "	uaccess_access_ok(__pu_p, sizeof(*__pu_p))			\\\n		? __uaccess_put_user(x,"),
 ("copy_from_user zero-fills one byte short", 'include/uaccess.h',
  "_uaccess_kernel_zero((char *)to + (n - left), left);",
  "_uaccess_kernel_zero((char *)to + (n - left), left - 1);"),
 ("access_ok accepts one byte past the end", 'include/uaccess.h',
  "n <= uaccess_user_end - a;", "n <= uaccess_user_end - a + 1;"),
 ("extable sort compares the wrong way", 'lib/extable.c',
  "entry_insn(&t[j - 1]) > insn;", "entry_insn(&t[j - 1]) < insn;"),
 ("strnlen_user counts a NUL just past n (last-word mask off by one)", 'lib/strnlen_user.c',
  "			if (z < left) {", "			if (z <= left) {"),
 ("strncpy_from_user takes bytes before src for the NUL", 'lib/strncpy_from_user.c',
  "	v = wat_fill_before((unsigned long)v, off);\n", ""),
 ("strncpy_from_user stores the last word of the range whole", 'lib/strncpy_from_user.c',
  "		if (!wat_has_zero(w) && left > WAT_BYTES) {",
  "		if (!wat_has_zero(w) && left >= WAT_BYTES) {"),
 ("strncpy_from_user returns count when the string runs into the user end",
  'lib/strncpy_from_user.c',
  "res = max < (unsigned long)count ? -UACCESS_EFAULT : count;", "res = count;"),
 ("Spectre mask compares the wrong way (keeps what is outside)", A,
  "cmpq %[span], %[off]", "cmpq %[off], %[span]"),
 ("Spectre mask returns the address unmasked", A,
  '"cmovaeq %[bad], %[a]"', '"nop"'),
 ("Spectre mask sends outside addresses to all ones (canonical)", A,
  "#define _UACCESS_MASKED_ADDR 0x8000000000000000UL",
  "#define _UACCESS_MASKED_ADDR 0xffffffffffffffffUL"),
 ("Spectre mask keeps the user end itself", 'arch/x86_64/user_range.c',
  "end - start : -start;", "end - start + 1 : -start;"),
 ("Spectre mask range: start written with the wrong sign", 'arch/x86_64/user_range.c',
  "end - start : -start;", "end - start : start;"),
 ("uaccess_set_user_range after init leaves the old range in the masks",
  'arch/x86_64/user_range.c',
  "	if (written) {\n", "	if (0 && written) {\n"),
 ("user_access_begin opens the window without access_ok", U,
  "	if (!uaccess_access_ok(p, n))\n		return false;\n	_uaccess_window_open(p, n);",
  "	_uaccess_window_open(p, n);"),
 ("unsafe_get_user takes the label only on a positive error", U,
  "	if (__builtin_expect(__ug_e, 0))", "	if (__builtin_expect(__ug_e > 0, 0))"),
 ("unsafe_put_user ignores the error", U,
  "(ptr), sizeof(*(ptr))), 0))", "(ptr), sizeof(*(ptr))) && 0, 0))"),
 ("unsafe_copy_to_user takes the label only when nothing was written", U,
  "_uaccess_copy_unsafe((to), (from), (n)), 0))",
  "_uaccess_copy_unsafe((to), (from), (n)) == (n), 0))"),
 ('copy_from_kernel_nofault reports success after a fault', U,
  "uaccess_copy_from_kernel_nofault(void *dst,\n						   const void *src,\n						   unsigned long n)\n{\n	return _uaccess_copy_unsafe((__force void __user *)dst, src, n) ?\n		-UACCESS_EFAULT : 0;",
  "uaccess_copy_from_kernel_nofault(void *dst,\n						   const void *src,\n						   unsigned long n)\n{\n	return _uaccess_copy_unsafe((__force void __user *)dst, src, n) ?\n		0 : 0;"),
 ('copy_to_kernel_nofault reports success after a fault', U,
  "uaccess_copy_to_kernel_nofault(void *dst,\n						 const void *src,\n						 unsigned long n)\n{\n	return _uaccess_copy_unsafe((__force void __user *)dst, src, n) ?\n		-UACCESS_EFAULT : 0;",
  "uaccess_copy_to_kernel_nofault(void *dst,\n						 const void *src,\n						 unsigned long n)\n{\n	return _uaccess_copy_unsafe((__force void __user *)dst, src, n) ?\n		0 : 0;"),
 ('strncpy_from_kernel_nofault reads src[count - 1] (off by one at count)', 'lib/strncpy_from_kernel_nofault.c',
  "	for (i = 0; i < count - 1; i++) {",
  "	for (i = 0; i < count; i++) {"),
 ('masked_user_access_begin skips the mask', U,
  "	__mb_p = (__typeof__(p))_uaccess_mask_object(",
  "	__mb_p = (p); if (0) __mb_p = (__typeof__(p))_uaccess_mask_object("),
 # SMAP: only a kernel with CR4.SMAP on can tell these from the real thing.
 ("stac removed from _UACCESS_STAC", A,
  '_UACCESS_STAC UACCESS_ALTERNATIVE(UACCESS_ALT_UNNAMED, nopl (%%rax), \\\n					  stac, UACCESS_FEAT_SMAP_BIT)',
  '_UACCESS_STAC UACCESS_ALTERNATIVE(UACCESS_ALT_UNNAMED, nopl (%%rax), \\\n					  nopl (%%rax), UACCESS_FEAT_SMAP_BIT)',
  ['qemu:max']),
 ("user_access_begin opens the window without stac", G,
  "	_uaccess_user_open(p, n, UACCESS_READ | UACCESS_WRITE);\n	_uaccess_barrier_nospec();",
  "	(void)p, (void)n;\n	_uaccess_barrier_nospec();", ['qemu:max']),
 ("windows are left open (no clac)", A,
  '__asm__ volatile(_UACCESS_CLAC : : : "memory");',
  '__asm__ volatile("" : : : "memory");', ['qemu:max']),
]
# Each mutant runs against these feature sets until one run fails.
SETS = ['native', 'none', 'rep_good', 'erms']


mutate.main([(name, f, old, new, runs[0] if runs else SETS, None)
              for name, f, old, new, *runs in M],
             lambda key: ['O=build/mutants', 'build/mutants/tests/uaccess-test'],
             lambda key, fs: mutate.hosted(['./build/mutants/tests/uaccess-test', fs]),
             lambda config: mutate.qemu([], 'build/mutants-qemu', config))
