# SPDX-License-Identifier: MIT
"""Break the AArch64 library on purpose, one mutation at a time, and check
that the suite (under qemu-aarch64) or the build checks catch each one.
Every mutant is a plausible fixup, count, privilege, untag or mask bug;
each is applied to a comment-stripped copy of the tree (tests/tools/mutate.py).

Usage (from the repository root): python3 tests/arch/aarch64/mutants.py [WORD...]
Arguments pick mutants by a word of their name. Each mutant names the runs
that should catch it: 'CPU/FEATURES', the hosted suite under qemu-aarch64
-cpu CPU (max: 512-byte dc zva blocks, a53: 64), qemu:CONFIG, a boot of
the EL1 kernel in that configuration (make qemu-test ARCH=aarch64
QEMU_CONFIGS=CONFIG), where PAN and EL1-only pages are real, or 'checks',
the build checks (tests/checks/build-checks.sh and
tests/arch/aarch64/build-checks.sh), which read the disassembly: at EL0 an
unprivileged access behaves as a plain one, so only they see the
privilege of each access. The runs stop at the first that fails."""
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../..')
os.chdir(ROOT)
sys.path.insert(0, os.path.join(ROOT, 'tests', 'tools'))
import mutate  # noqa: E402  (tests/tools/mutate.py, the driver)
C = 'arch/aarch64/clear_user.S'
P = 'arch/aarch64/copy_user.S'
A = 'arch/aarch64/include/uaccess/arch.h'
UP = 'include/uaccess/unprivileged.h'
H = ['max/native']
Z = ['max/native', 'a53/native']
K = ['checks']
BM = ['qemu:max']
M = [
 ("clear byte fixup over-reports by one byte", C, H,
  "	mov	x0, x1\n	ret\n", "	sub	x0, x1, #1\n	ret\n"),
 ("clear group returns without the byte retry", C, H,
  ".Lclear_group:\n	CLEAR_GROUP .Lclear_bytes\n",
  ".Lclear_group:\n	CLEAR_GROUP .Lclear_byte_fault\n"),
 ("clear group stores with a privileged str", C, K,
  "	UACCESS_USER(\\fixup, sttr xzr, [x0, #40])\n",
  "	UACCESS_USER(\\fixup, str xzr, [x0, #40])\n"),
 ("clear step fixup returns without the byte retry", C, H,
  "	add	x1, x3, #16\n.Lclear_bytes:\n", "	add	x0, x3, #16\n	ret\n.Lclear_bytes:\n"),
 ("clear step fixup forgets the 16 bytes its count is short of", C, H,
  "	add	x1, x3, #16\n.Lclear_bytes:\n", "	mov	x1, x3\n.Lclear_bytes:\n"),
 ("clear step loop counts 32 bytes a step", C, H,
  "	subs	x3, x3, #16\n	b.hi	.Lclear_step\n", "	subs	x3, x3, #32\n	b.hi	.Lclear_step\n"),
 ("clear last 16 end a byte early", C, H,
  "	UACCESS_USER(.Lclear_step_fault, sttr xzr, [x2, #8])\n",
  "	UACCESS_USER(.Lclear_step_fault, sttr xzr, [x2, #7])\n"),
 ("clear last 16 end a byte late", C, H,
  "	UACCESS_USER(.Lclear_step_fault, sttr xzr, [x2, #8])\n",
  "	UACCESS_USER(.Lclear_step_fault, sttr xzr, [x2, #9])\n"),
 ("clear of 8..15 ends its last doubleword a byte early", C, H,
  "	UACCESS_USER(.Lclear_bytes, sttr xzr, [x2, #-8])\n",
  "	UACCESS_USER(.Lclear_bytes, sttr xzr, [x2, #-9])\n"),
 ("clear of 8..15 ends its last doubleword a byte late", C, H,
  "	UACCESS_USER(.Lclear_bytes, sttr xzr, [x2, #-8])\n",
  "	UACCESS_USER(.Lclear_bytes, sttr xzr, [x2, #-7])\n"),
 ("clear of 4..7 ends its last word a byte late", C, H,
  "	UACCESS_USER(.Lclear_bytes, sttr wzr, [x2, #-4])\n",
  "	UACCESS_USER(.Lclear_bytes, sttr wzr, [x2, #-3])\n"),
 ("clear of 2..3 ends its last halfword a byte early", C, H,
  "	UACCESS_USER(.Lclear_bytes, sttrh wzr, [x2, #-2])\n",
  "	UACCESS_USER(.Lclear_bytes, sttrh wzr, [x2, #-3])\n"),
 ("clear of 4..7 returns without the byte retry", C, H,
  "	UACCESS_USER(.Lclear_bytes, sttr wzr, [x2, #-4])\n",
  "	UACCESS_USER(.Lclear_byte_fault, sttr wzr, [x2, #-4])\n"),
 ("clear of 8..15 stores its last doubleword first", C, H,
  "	UACCESS_USER(.Lclear_bytes, sttr xzr, [x0])\n	UACCESS_USER(.Lclear_bytes, sttr xzr, [x2, #-8])\n",
  "	UACCESS_USER(.Lclear_bytes, sttr xzr, [x2, #-8])\n	UACCESS_USER(.Lclear_bytes, sttr xzr, [x0])\n"),
 ("clear after the groups skips a rest of 16 bytes or more", C, H,
  "	cbz	x1, .Lclear_ok\n	subs	x3, x1, #16\n	b.hs	.Lclear_step\n",
  "	cbz	x1, .Lclear_ok\n	subs	x3, x1, #16\n	b.hs	.Lclear_ok\n"),
 ("dc zva loop runs on to the block past the range", C, Z,
  "	bic	x4, x5, x6\n",
  "	add	x4, x5, x6\n	bic	x4, x4, x6\n"),
 ("dc zva fault resumes without recounting the bytes left", C, Z,
  "	sub	x1, x5, x0\n	b	.Lclear_bytes\n", "	b	.Lclear_bytes\n"),
 ("dc zva head skips its last group", C, Z,
  "	cmp	x0, x7\n	b.hs	.Lclear_blocks\n",
  "	add	x1, x0, #64\n	cmp	x1, x7\n	b.hs	.Lclear_blocks\n"),
 ("dc zva block size taken as 64 bytes whatever DCZID_EL0 says", 'arch/aarch64/arch_setup.c', H,
  "	_uaccess_zva[_UACCESS_ZVA_BLOCK / 8] = block;\n",
  "	_uaccess_zva[_UACCESS_ZVA_BLOCK / 8] = block ? 64 : 0;\n"),
 ("dc zva loop leaves PAN cleared", C, BM,
  "	cbz	x3, .Lclear_tail\n	msr	pan, #1\n", "	cbz	x3, .Lclear_tail\n"),
 ("dc zva fault leaves PAN cleared", C, BM,
  "	cbz	x3, .Lclear_head_fault\n	msr	pan, #1\n", "	cbz	x3, .Lclear_head_fault\n"),
 ("dc zva loop masks IRQs (daifset) with its PAN clear and nothing unmasks them", C, BM,
  "	msr	pan, #0\n", "	msr	daifset, #2\n	msr	pan, #0\n"),
 ("dc zva zeroes a page without the unprivileged probe", C, BM,
  "	UACCESS_USER(.Lclear_block_fault, sttr xzr, [x0])\n	add	x6, x0, #4096\n",
  "	add	x6, x0, #4096\n"),
 ("clear group stores with a plain str", C, BM,
  "	UACCESS_USER(\\fixup, sttr xzr, [x0, #48])\n",
  "	UACCESS_USER(\\fixup, str xzr, [x0, #48])\n"),
 ("dc zva used without the feature bit", 'arch/aarch64/arch_setup.c', ['max/none'],
  "	if (!(features & UACCESS_FEAT_DCZVA))\n		block = 0;\n", "	(void)features;\n"),
 ("copy byte fixup reports success", P, H,
  "	mov	x0, x2\n	ret\nUACCESS_END(\\name)\n", "	mov	x0, #0\n	ret\nUACCESS_END(\\name)\n"),
 ("copy step moves its pointers before its second store", P, H,
  "	UACCESS_USER(.Lcopy_short_fault\\@, \\st x4, [x0, #8])\n	add	x0, x0, #16\n	add	x1, x1, #16\n",
  "	add	x0, x0, #16\n	add	x1, x1, #16\n	UACCESS_USER(.Lcopy_short_fault\\@, \\st x4, [x0, #-8])\n"),
 ("copy step fixup returns without the byte retry", P, H,
  "	add	x2, x2, #16\n.Lcopy_bytes\\@:\n",
  "	add	x0, x2, #16\n	ret\n.Lcopy_bytes\\@:\n"),
 ("copy step fixup forgets the 16 bytes its count is short of", P, H,
  "	add	x2, x2, #16\n.Lcopy_bytes\\@:\n", ".Lcopy_bytes\\@:\n"),
 ("copy step loop counts 32 bytes a step", P, H,
  "	subs	x2, x2, #16\n	b.hi	.Lcopy_step\\@\n", "	subs	x2, x2, #32\n	b.hi	.Lcopy_step\\@\n"),
 ("copy last 16 load their second doubleword a byte early", P, H,
  "	UACCESS_USER(.Lcopy_short_fault\\@, \\ld x4, [x5, #8])\n	UACCESS_USER(.Lcopy_short_fault\\@, \\st x3, [x6])\n",
  "	UACCESS_USER(.Lcopy_short_fault\\@, \\ld x4, [x5, #7])\n	UACCESS_USER(.Lcopy_short_fault\\@, \\st x3, [x6])\n"),
 ("copy of 8..15 stores its last doubleword a byte late", P, H,
  "	UACCESS_USER(.Lcopy_short_fault\\@, \\st x3, [x0])\n	UACCESS_USER(.Lcopy_short_fault\\@, \\st x4, [x6, #8])\n",
  "	UACCESS_USER(.Lcopy_short_fault\\@, \\st x3, [x0])\n	UACCESS_USER(.Lcopy_short_fault\\@, \\st x4, [x6, #9])\n"),
 ("copy of 4..7 stores its last word a byte early", P, H,
  "	UACCESS_USER(.Lcopy_short_fault\\@, \\st w4, [x6, #12])\n",
  "	UACCESS_USER(.Lcopy_short_fault\\@, \\st w4, [x6, #11])\n"),
 ("copy of 2..3 loads its last halfword a byte late", P, H,
  "	UACCESS_USER(.Lcopy_short_fault\\@, \\ld\\()h w4, [x5, #14])\n",
  "	UACCESS_USER(.Lcopy_short_fault\\@, \\ld\\()h w4, [x5, #15])\n"),
 ("copy of 4..7 stores its last word before its first", P, H,
  "	UACCESS_USER(.Lcopy_short_fault\\@, \\st w3, [x0])\n	UACCESS_USER(.Lcopy_short_fault\\@, \\st w4, [x6, #12])\n",
  "	UACCESS_USER(.Lcopy_short_fault\\@, \\st w4, [x6, #12])\n	UACCESS_USER(.Lcopy_short_fault\\@, \\st w3, [x0])\n"),
 ("copy of a byte goes to the halfwords", P, H,
  "	tbz	x2, #1, .Lcopy_under2\\@\n", "	tbz	x2, #0, .Lcopy_under2\\@\n"),
 ("copy_from_user loads user memory with a privileged ldr", P, K,
  "	COPY _uaccess_asm_copy_from_user, USER_LOADS, KERNEL_STORES, ldtr, str\n",
  "	COPY _uaccess_asm_copy_from_user, USER_LOADS, KERNEL_STORES, ldr, str\n"),
 ("kernel probe copy stores with sttr", P, K,
  "	COPY _uaccess_asm_copy_kernel, KERNEL_LOADS, KERNEL_STORES, ldr, str\n",
  "	COPY _uaccess_asm_copy_kernel, KERNEL_LOADS, KERNEL_STORES, ldr, sttr\n"),
 ("group store loses its table entry", P, H + K,
  "	UACCESS_USER(\\fix, sttr x6, [x0, #24])\n", "	sttr x6, [x0, #24]\n"),
 ("copy_from_user opens a write window", UP, H,
  "	return _UACCESS_KUAP_CALL(from, n, UACCESS_KUAP_READ,\n",
  "	return _UACCESS_KUAP_CALL(from, n, UACCESS_KUAP_WRITE,\n"),
 ("clear_user runs outside the window hooks", UP, H,
  "	return _UACCESS_KUAP_CALL(to, n, UACCESS_KUAP_WRITE, _uaccess_asm_clear_user(to, n));\n",
  "	return _uaccess_asm_clear_user(to, n);\n"),
 ("word-at-a-time string loads are privileged ldr", A, K,
  '	_UACCESS_GET_SIZED("ldtrb", "ldtrh", "ldtr", "ldtr", p, size, v, err);\n',
  '	_UACCESS_GET_SIZED("ldtrb", "ldtrh", "ldtr", "ldr", p, size, v, err);\n'),
 ("kernel probe loads are unprivileged ldtr", A, K,
  '	_UACCESS_GET_SIZED("ldrb", "ldrh", "ldr", "ldr", p, size, v, err);\n',
  '	_UACCESS_GET_SIZED("ldtrb", "ldtrh", "ldtr", "ldtr", p, size, v, err);\n'),
 ("untag step keeps the tag", A, H,
  "	return (unsigned long)((long)(a << 8) >> 8);\n", "	return a;\n"),
 ("mask keeps the user end itself", A, H,
  '		"csel %[m], %[a], xzr, lo\\n\\t"\n', '		"csel %[m], %[a], xzr, ls\\n\\t"\n'),
 ("get_user fault leaves the value", A, H,
  '			 "	mov %[val], #0\\n"			\\\n', ''),
 ("get_user of 2 bytes sign-extends", A, H,
  '	_UACCESS_GET_SIZED("ldtrb", "ldtrh", "ldtr", "ldtr", p, size, v, err);\n',
  '	_UACCESS_GET_SIZED("ldtrb", "ldtrsh", "ldtr", "ldtr", p, size, v, err);\n'),
 ("futex compare-exchange stores nothing when the word differs", A, H,
  '"	csel %w[store], %w[new], %w[seen], eq\\n"',
  '"	b.ne 4f\\n	csel %w[store], %w[new], %w[seen], eq\\n"'),
 ("futex exclusives without the ldtr before them", A, BM,
  '"1:	ldtr %w[seen], [%[p]]\\n"', '"1:	nop\\n"'),
 ("futex fault exit leaves PAN cleared", A, BM,
  '"	b 4b\\n"', '"	b 6b\\n"'),
 # The checked calls' check and mask in one (arch.h), and what they tail-call.
 ("copies' fast path skips the hardened limit", A, H,
  '"ccmp %[n], %[limit], #2, ls")', '"nop")'),
 ("checked calls' check ignores the range's carry", A, H,
  '"ccmp %[n], %[off], #2, hs" more', '"cmp %[n], %[off]" more'),
 ("checked calls' mask keeps the user end itself", A, H,
  '"csel %[m], %[" src "], xzr, hi\\n\\t"', '"csel %[m], %[" src "], xzr, hs\\n\\t"'),
 ("copy_from_user's fill leaves a short copy's tail unzeroed", 'arch/aarch64/copy_from_fill.S', H,
  "	cbnz	x0, .Lfill_zero\n", "	cbnz	xzr, .Lfill_zero\n"),
 ("copy_to_user's slow path skips the hardened check", 'lib/hardened_usercopy.c', H,
  "	if (_UACCESS_USERCOPY_ABOVE(n) && !_uaccess_usercopy_slow(from, n, true))",
  "	if (0 && !_uaccess_usercopy_slow(from, n, true))"),
]

QEMU = os.environ.get('QEMU_AARCH64', 'qemu-aarch64')
OUT = 'build/mutants-a64'


def run_hosted(key, s):
    """The hosted suite under qemu-aarch64, or 'checks': the build checks."""
    if s == 'checks':
        return mutate.build_checks(['ARCH=aarch64', f'O={OUT}'])
    cpu, features = s.split('/')
    return mutate.hosted([QEMU, '-cpu', 'cortex-a53' if cpu == 'a53' else cpu,
                          f'{OUT}/tests/uaccess-test', features])


mutate.main([(name, f, old, new, runs, None) for name, f, runs, old, new in M],
            lambda key: ['ARCH=aarch64', f'O={OUT}', f'{OUT}/tests/uaccess-test'],
            run_hosted,
            lambda config: mutate.qemu(['ARCH=aarch64'], 'build/mutants-qemu-a64', config))
