# SPDX-License-Identifier: MIT
"""Break the library on purpose, one mutation at a time, and check that the
suite catches each one (make mutants). Every mutant is a plausible fixup or
range-check bug; the source is restored after each run."""
import os
import subprocess
import sys

os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../..'))
M = [
 ("rep clear fixup rounds count to 8", 'arch/x86_64/clear_user.S',
  "	UACCESS_EXTABLE(880b, .Lclear_done)\n	ret\n",
  "	UACCESS_EXTABLE(880b, .Lmut)\n	ret\n.Lmut:	andq $-8, %rcx\n	ret\n"),
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
  "	UACCESS_EXTABLE(880b, .Lcopy_done)\n	ret\n",
  "	UACCESS_EXTABLE(880b, .Lmut)\n	ret\n.Lmut:	decq %rcx\n	ret\n"),
 ("short copy fixup returns without retry", 'arch/x86_64/copy_user.S',
  "	UACCESS_USER(.Lcopy_bytes, movq (%rsi), %r8)\n	UACCESS_USER(.Lcopy_bytes, movq %r8, (%rdi))",
  "	UACCESS_USER(.Lcopy_done, movq (%rsi), %r8)\n	UACCESS_USER(.Lcopy_done, movq %r8, (%rdi))"),
 ("repq copy rounds the quadword count", 'arch/x86_64/copy_user.S',
  "	leaq	(%rdx, %rcx, 8), %rcx\n	jmp	.Lcopy_bytes",
  "	leaq	(%rdx, %rcx, 8), %rcx\n	andq	$-8, %rcx\n	jmp	.Lcopy_bytes"),
 ("copy byte loop advances the source twice", 'arch/x86_64/copy_user.S',
  "	incq	%rsi\n	incq	%rdi\n	decq	%rcx\n	jnz	.Lcopy_byte_loop",
  "	incq	%rsi\n	incq	%rdi\n	decq	%rcx\n	jz	.Lcopy_done\n	incq	%rsi\n	decq	%rcx\n	jnz	.Lcopy_byte_loop"),
 ("constant-size clear fixup reports success", 'arch/x86_64/include/uaccess/arch.h',
  '"3:	call _uaccess_clear_user_bytes\\n"', '"3:	xorl %%ecx, %%ecx\\n"'),
 ("inline rep movsb loses its table entry", 'arch/x86_64/include/uaccess/arch.h',
  '"rep movsb", UACCESS_FEAT_FSRM_BIT)\n			 UACCESS_EXTABLE(880b, 2f)',
  '"rep movsb", UACCESS_FEAT_FSRM_BIT)\n'),
 ("alternatives forget to relocate rel32", 'arch/x86_64/alternative.c',
  "				disp = (int32_t)moved;", "				(void)moved;"),
 ("get_user leaves the value unzeroed on a fault", 'arch/x86_64/include/uaccess/arch.h',
  '			 "	xorl %k[val], %k[val]\\n"		\\\n', ''),
 ("put_user reports success on a fault", 'arch/x86_64/include/uaccess/arch.h',
  '			 "3:	movl %[efault], %[err]\\n"		\\\n			 "	jmp 2b\\n"',
  '			 "3:	jmp 2b\\n"'),
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
 ("strncpy_from_user returns count when the string runs into the user end",
  'lib/strncpy_from_user.c',
  "res = max < (unsigned long)count ? -UACCESS_EFAULT : count;", "res = count;"),
]
# Each mutant runs against these feature sets until one run fails.
SETS = ['native', 'none', 'rep_good', 'erms']
missed = 0
for name, f, old, new in M:
    # Arguments, if any, pick mutants by a word of their name.
    if len(sys.argv) > 1 and not any(a in name for a in sys.argv[1:]):
        continue
    src = open(f).read()
    assert src.count(old) == 1, (name, src.count(old))
    open(f, 'w').write(src.replace(old, new))
    try:
        b = subprocess.run(['make', '-s', 'O=build/mutants', 'build/mutants/tests/uaccess-test'], capture_output=True, text=True)
        if b.returncode:
            print(f"BUILD FAIL {name}: {b.stderr[-500:]}"); continue
        rc, first, last = 0, [], []
        for fs in SETS:
            r = subprocess.run(['timeout', '600', './build/mutants/tests/uaccess-test', fs], capture_output=True, text=True)
            rc = r.returncode
            last = [l for l in r.stdout.splitlines() if ' passed, ' in l]
            first = [l for l in r.stdout.splitlines() if l.startswith('# FAIL') or 'unexpected' in l][:1]
            if rc:
                break
        missed += rc == 0
        print(f"{'CAUGHT' if rc else 'MISSED'} {name}: set {fs} rc={rc} {last[-1] if last else '(no result line)'} {first}")
    finally:
        open(f, 'w').write(src)
sys.exit(1 if missed else 0)
