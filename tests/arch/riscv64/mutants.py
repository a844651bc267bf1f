# SPDX-License-Identifier: MIT
"""Break the RISC-V 64 library on purpose, one mutation at a time, and check
that the suite (under qemu-riscv64) catches each one. Every mutant is a
plausible fixup, count, mask or window bug; each is
applied to a comment-stripped copy of the tree (tests/tools/mutate.py).

Usage (from the repository root): python3 tests/arch/riscv64/mutants.py [WORD...]
Arguments pick mutants by a word of their name. Each mutant names the runs
that should catch it: 'native', the hosted suite under qemu-riscv64, or
qemu:CONFIG, a boot of the bare-metal kernel in that configuration (make
qemu-test ARCH=riscv64 QEMU_CONFIGS=CONFIG), whose sstatus.SUM is real where
the hosted suite's windows are empty (it runs in U-mode). The runs stop at
the first that fails."""
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../..')
os.chdir(ROOT)
sys.path.insert(0, os.path.join(ROOT, 'tests', 'tools'))
import mutate  # noqa: E402  (tests/tools/mutate.py, the driver)
C = 'arch/riscv64/clear_user.S'
P = 'arch/riscv64/copy_user.S'
A = 'arch/riscv64/include/uaccess/arch.h'
W = 'lib/word_at_a_time.h'
G = 'include/uaccess/generic.h'
H = ['native']
# The bare-metal kernel's configuration (examples/riscv64/kernel.mk).
BM = ['qemu:virt']
M = [
 ("clear byte fixup over-reports by one byte", C, H,
  ".Lclear_byte_fault:\n	sub	a0, a2, a0\n",
  ".Lclear_byte_fault:\n	sub	a0, a2, a0\n	addi	a0, a0, -1\n"),
 ("clear byte loop stops at an unsigned bound (a huge count's end wraps)", C, H,
  "	bne	a0, a2, .Lclear_byte_loop\n", "	bltu	a0, a2, .Lclear_byte_loop\n"),
 ("clear group returns without the byte retry", C, H,
  "	UACCESS_USER(.Lclear_bytes, sd zero, 56(a0))\n",
  "	UACCESS_USER(.Lclear_byte_fault, sd zero, 56(a0))\n"),
 ("clear group fixup reports success", C, H,
  "	UACCESS_USER(.Lclear_bytes, sd zero, 32(a0))\n",
  "	UACCESS_USER(.Lclear_ok, sd zero, 32(a0))\n"),
 ("clear pair fixup reports success", C, H,
  "	UACCESS_USER(.Lclear_bytes, sd zero, 8(a0))\n	addi	a0, a0, 16\n",
  "	UACCESS_USER(.Lclear_ok, sd zero, 8(a0))\n	addi	a0, a0, 16\n"),
 ("clear pairs run while 8 bytes are left (write past the range)", C, H,
  "	li	t0, 16\n	bltu	a1, t0, .Lclear_8_15\n",
  "	li	t0, 8\n	bltu	a1, t0, .Lclear_8_15\n"),
 ("clear after the groups skips the doubleword of 8..15 left", C, H,
  "	bltu	a1, t0, .Lclear_lt16_nz\n.Lclear_pairs:",
  "	bltu	a1, t0, .Lclear_tail\n.Lclear_pairs:"),
 ("clear head byte loses its table entry", C, H,
  "	UACCESS_USER(.Lclear_bytes, sb zero, 0(a0))\n", "	sb zero, 0(a0)\n"),
 ("clear head halfword leaves the count (writes past the range)", C, H,
  "	addi	a0, a0, 2\n	addi	a1, a1, -2\n", "	addi	a0, a0, 2\n"),
 ("clear head word's fixup reports success", C, H,
  "	UACCESS_USER(.Lclear_bytes, sw zero, 0(a0))\n	addi	a0, a0, 4\n	addi	a1, a1, -4\n"
  ".Lclear_head_done:",
  "	UACCESS_USER(.Lclear_ok, sw zero, 0(a0))\n	addi	a0, a0, 4\n	addi	a1, a1, -4\n"
  ".Lclear_head_done:"),
 ("clear 8..15 on a boundary: the tail lands on the doubleword", C, H,
  "	addi	a0, a0, 8\n	j	.Lclear_tail\n", "	j	.Lclear_tail\n"),
 ("clear 8..15 on a boundary: the doubleword's fixup reports success", C, H,
  ".Lclear_8_15:\n	UACCESS_USER(.Lclear_bytes, sd zero, 0(a0))\n",
  ".Lclear_8_15:\n	UACCESS_USER(.Lclear_ok, sd zero, 0(a0))\n"),
 ("clear tail: the halfword after the word lands on the word", C, H,
  "	addi	a0, a0, 4\n	addi	a1, a1, -4\n	j	.Lclear_tail_lt4\n",
  "	addi	a1, a1, -4\n	j	.Lclear_tail_lt4\n"),
 ("clear tail: the last byte one past the range", C, H,
  "	UACCESS_USER(.Lclear_bytes, sb zero, -1(t3))\n",
  "	UACCESS_USER(.Lclear_bytes, sb zero, 0(t3))\n"),
 ("clear tail word's fixup reports success", C, H,
  ".Lclear_tail_word:\n	UACCESS_USER(.Lclear_bytes, sw zero, 0(a0))\n",
  ".Lclear_tail_word:\n	UACCESS_USER(.Lclear_ok, sw zero, 0(a0))\n"),
 # The plugin run sees the misaligned stores, QEMU does not trap them.
 ("clear without its head: doublewords stored misaligned", C, ['misaligned'],
  "	bnez	t1, .Lclear_head\n", ""),
 ("copy byte fixup over-reports by one byte", P, H,
  ".Lcopy_byte_fault:\n	sub	a0, a3, a0\n",
  ".Lcopy_byte_fault:\n	sub	a0, a3, a0\n	addi	a0, a0, -1\n"),
 ("copy byte loop stops at an unsigned bound (a huge count's end wraps)", P, H,
  "	bne	a0, a3, .Lcopy_byte_loop\n", "	bltu	a0, a3, .Lcopy_byte_loop\n"),
 ("copy 128-byte group, second half: fixup reports success", P, H,
  "	COPY_GROUP 64, .Lcopy_bytes\n", "	COPY_GROUP 64, .Lcopy_ok\n"),
 ("copy 128-byte group, second half: returns without the byte retry", P, H,
  "	COPY_GROUP 64, .Lcopy_bytes\n", "	COPY_GROUP 64, .Lcopy_byte_fault\n"),
 ("copy 128-byte groups run while 64 bytes are left (write past the range)", P, H,
  "	addi	t2, a3, -128\n", "	addi	t2, a3, -64\n"),
 ("copy after the 128-byte groups keeps the stale count", P, H,
  "	sub	a2, a3, a0\n	beqz	a2, .Lcopy_ok\n", "	beqz	a2, .Lcopy_ok\n"),
 ("copy 64-byte group's fixup reports success", P, H,
  "	COPY_GROUP 0, .Lcopy_bytes\n	addi	a0, a0, 64\n",
  "	COPY_GROUP 0, .Lcopy_ok\n	addi	a0, a0, 64\n"),
 ("copy pair fixup reports success", P, H,
  "	UACCESS_USER(.Lcopy_bytes, ld t3, 8(a1))\n	UACCESS_USER(.Lcopy_bytes, sd t1, 0(a0))\n",
  "	UACCESS_USER(.Lcopy_ok, ld t3, 8(a1))\n	UACCESS_USER(.Lcopy_bytes, sd t1, 0(a0))\n"),
 ("copy 8..15 on a boundary: the tail from the doubleword's source", P, H,
  "	addi	a1, a1, 8\n	j	.Lcopy_tail\n", "	j	.Lcopy_tail\n"),
 ("copy tail load's fixup reports success", P, H,
  "	UACCESS_USER(.Lcopy_bytes, ld t1, 0(a1))\n.Lcopy_store_tail:",
  "	UACCESS_USER(.Lcopy_ok, ld t1, 0(a1))\n.Lcopy_store_tail:"),
 ("copy tail: the halfword stores the word's low bytes again", P, H,
  "	UACCESS_USER(.Lcopy_bytes, sw t1, 0(a0))\n	srli	t1, t1, 32\n",
  "	UACCESS_USER(.Lcopy_bytes, sw t1, 0(a0))\n"),
 ("copy tail: the last byte one past the range", P, H,
  "	UACCESS_USER(.Lcopy_bytes, sb t1, -1(t4))\n",
  "	UACCESS_USER(.Lcopy_bytes, sb t1, 0(t4))\n"),
 ("copy head advances the source twice", P, H,
  "	addi	a1, a1, 1\n	bltu	a0, t2, .Lcopy_head_loop\n",
  "	addi	a1, a1, 2\n	bltu	a0, t2, .Lcopy_head_loop\n"),
 ("copy byte pairs: the second byte stored over the first", P, H,
  "	UACCESS_USER(.Lcopy_bytes, sb t3, 1(a0))\n",
  "	UACCESS_USER(.Lcopy_bytes, sb t3, 0(a0))\n"),
 ("copy byte pairs run while 1 byte is left (write past the range)", P, H,
  "	addi	t2, a3, -1\n", "	mv	t2, a3\n"),
 ("copy shifting loop shifts the high part by 8s", P, H,
  "	neg	t6, t5\n", "	mv	t6, t5\n"),
 ("copy shifting loop, one a round: the aligned source stays put", P, H,
  "	addi	a4, a4, 8\n	bltu	a0, a6, .Lcopy_shift1\n",
  "	bltu	a0, a6, .Lcopy_shift1\n"),
 ("copy shifting loop, four a round: a load's fixup keeps the scratch source", P, H,
  "	UACCESS_USER(.Lcopy_shift_fault, ld t2, 16(a4))\n",
  "	UACCESS_USER(.Lcopy_bytes, ld t2, 16(a4))\n"),
 ("copy shifting loop, four a round: the carried load's fixup reports success", P, H,
  "	UACCESS_USER(.Lcopy_shift_fault, ld t0, 32(a4))\n",
  "	UACCESS_USER(.Lcopy_ok, ld t0, 32(a4))\n"),
 ("copy shifting loop, four a round: runs with 24 bytes left (writes past the range)", P, H,
  "	addi	a7, a6, -32\n", "	addi	a7, a6, -24\n"),
 ("copy shifting loop, one a round: the next source word returns without the byte retry",
  P, H,
  "	UACCESS_USER(.Lcopy_shift_fault, ld t0, 8(a4))\n",
  "	UACCESS_USER(.Lcopy_byte_fault, ld t0, 8(a4))\n"),
 ("copy shifting loop, one a round: runs to the boundary itself (writes past the range)", P, H,
  "	bltu	a0, a6, .Lcopy_shift1\n", "	bleu	a0, a6, .Lcopy_shift1\n"),
 ("copy shifting loop's fixup resumes at the aligned source", P, H,
  ".Lcopy_shift_fault:\n	add	a1, a0, a5\n", ".Lcopy_shift_fault:\n	mv	a1, a4\n"),
 # The plugin run sees the misaligned loads, QEMU does not trap them.
 ("copy without its source test: doublewords loaded misaligned", P, ['misaligned'],
  "	andi	t1, a1, 7\n	bnez	t1, .Lcopy_shift\n", ""),
 ("get_user leaves the value unzeroed on a fault", A, H,
  '			 "	li %[val], 0\\n"				\\\n', ''),
 ("put_user reports success on a fault", A, H,
  '			 "3:	li %[err], %[efault]\\n"			\\\n			 "	j 2b\\n"',
  '			 "3:\\n"			\\\n			 "	j 2b\\n"'),
 ("get_user of 4 bytes sign-extends", A, H,
  'case 4: _UACCESS_GET("lwu"', 'case 4: _UACCESS_GET("lw"'),
 ("Spectre mask compares the wrong way (keeps what is outside)", A, H,
  "sltu %[out], %[off], %[span]", "sltu %[out], %[span], %[off]"),
 ("Spectre mask returns the address unmasked", A, H,
  '[a] "r"(a));\n	return m;', '[a] "r"(a));\n	(void)m;\n	return a;'),
 ("Spectre mask keeps the user end itself", A, H,
  '[span] "r"(end - start), [a] "r"(a));',
  '[span] "r"(end - start + 1), [a] "r"(a));'),
 ("Spectre mask sends a refused pointer to 0, the NULL page (user memory from VA 0)", A, H,
  '"srli %[out], %[out], 1\\n\\t"', '"srli %[out], %[out], 0\\n\\t"'),
 # Misaligned scalars: the plugin run sees the access, QEMU does not trap it.
 ("a misaligned scalar is one access (no alignment test)", A, ['misaligned'],
  "#define _UACCESS_NO_MISALIGNED 1\n", "#define _UACCESS_NO_MISALIGNED 0\n"),
 ("a misaligned get_user that faults reports success", G, H,
  "			*v = 0;\n			return -UACCESS_EFAULT;\n",
  "			*v = 0;\n			return 0;\n"),
 ("a misaligned put_user leaves its last byte unwritten", G, H,
  "		if (_uaccess_arch_put_unsafe(v, c + i, 1))\n",
  "		if (i < size - 1 && _uaccess_arch_put_unsafe(v, c + i, 1))\n"),
 ("a misaligned put_user stores its highest byte first", G, H,
  "		if (_uaccess_arch_put_unsafe(v, c + i, 1))\n			return -UACCESS_EFAULT;\n		v >>= 8;\n",
  "		if (_uaccess_arch_put_unsafe(v >> 8 * (size - 1 - i), c + size - 1 - i, 1))\n"
  "			return -UACCESS_EFAULT;\n"),
 ("string calls: the NUL's byte read off the wrong end", W, H,
  "0x0001020304050607UL", "0x0706050403020100UL"),
 # sstatus.SUM: only the bare-metal kernel enforces it, so only it can tell.
 ("SUM never opened (csrs left out of the window)", A, BM,
  '	__asm__ volatile(_UACCESS_CSRS_SSTATUS : : "r"(UACCESS_SSTATUS_SUM) : "memory");\n', ''),
 ("SUM left open (csrc left out of the window)", A, BM,
  '	__asm__ volatile(_UACCESS_CSRC_SSTATUS : : "r"(UACCESS_SSTATUS_SUM) : "memory");\n', ''),
 ("window open writes sstatus (csrw) instead of setting SUM (csrs)", A, BM,
  '#define _UACCESS_CSRS_SSTATUS ".insn i 0x73, 2, x0, %0, 0x100"',
  '#define _UACCESS_CSRS_SSTATUS ".insn i 0x73, 1, x0, %0, 0x100"'),
 ("the routines never open SUM (sum_open sets nothing)", A, BM,
  ".insn i 0x73, 2, x0, \\reg, 0x100", "nop"),
 ("the routines leave SUM open (sum_ret clears nothing)", A, BM,
  ".insn i 0x73, 3, x0, \\reg, 0x100", "nop"),
 ("copy_user's fault exit leaves SUM open", 'arch/riscv64/copy_user.S', BM,
  "	sub	a0, a3, a0\n	sum_ret a1\n", "	sub	a0, a3, a0\n	ret\n"),
 ("clear_user keeps a register that its body overwrites for sum_ret", 'arch/riscv64/clear_user.S', BM,
  "	sum_open t6\n", "	sum_open t2\n"),
 ("the unsafe copy leaves its caller's window closed", A, BM,
  "	_uaccess_arch_user_open(to, n, UACCESS_WRITE);\n	return left;", "	return left;"),
 ("the kernel probes leave SUM open", A, BM,
  "	return _uaccess_asm_copy_user(dst, src, n);\n}",
  "	unsigned long left = _uaccess_asm_copy_user(dst, src, n);\n\n	_uaccess_arch_user_open(dst, n, UACCESS_READ);\n	return left;\n}"),
 ("futex compare-exchange stores nothing when the word differs", A, H,
  '"	beq %[seen], %[old], .Lcas_sc%=\\n"',
  '"	bne %[seen], %[old], 3f\\n	beq %[seen], %[old], .Lcas_sc%=\\n"'),
 ("futex sc.w loses its table entry", A, H,
  "UACCESS_EXTABLE(2b, 4b)\n", "\n"),
 ("futex compare-exchange compares a zero-extended oldval", A, H,
  '[old] "r"((long)(int)oldval)', '[old] "r"((long)oldval)'),
 # The checked calls' check and mask in one (arch.h), and what they tail-call.
 ("copies' fast path skips the INT_MAX test", A, H,
  '"sltu %[in], %[base], %[in]\\n\\t")', '"nop\\n\\t")'),
 ("copies' fast path reads the range's span, not the copies'", A, H,
  '_UACCESS_CHECK_MASK_ASM("24",', '_UACCESS_CHECK_MASK_ASM("8",'),
 ("checked calls' check passes addresses above the range", A, H,
  '"mul %[lim], %[lim], %[in]"', '"nop"'),
 ("checked calls' mask keeps addresses outside the range", A, H,
  '"and %[m], %[m], %[base]\\n\\t"', '"nop\\n\\t"'),
 ("a refused copy's key loses the range's start", A, H,
  "#define _uaccess_arch_copy_key_addr(key) ((key) + _uaccess_limits.start)",
  "#define _uaccess_arch_copy_key_addr(key) (key)"),
 ("copy_from_user's fill leaves a short copy's tail unzeroed", 'include/uaccess/generic.h', H,
  "	if (__builtin_expect(left != 0, 0)) {", "	if (0) {"),
]

QEMU = os.environ.get('QEMU_RISCV64', 'qemu-riscv64')
OUT = 'build/mutants-rv'


def run_hosted(key, s):
    """One run of the hosted suite under qemu-riscv64, feature set s, or
    'misaligned': the suite under the misaligned-access plugin."""
    if s == 'misaligned':
        return mutate.hosted(['make', '-s', 'ARCH=riscv64', f'O={OUT}',
                              'misaligned'])
    return mutate.hosted([QEMU, f'{OUT}/tests/uaccess-test', s])


mutate.main([(name, f, old, new, runs, None) for name, f, runs, old, new in M],
            lambda key: ['ARCH=riscv64', f'O={OUT}', f'{OUT}/tests/uaccess-test'],
            run_hosted,
            lambda config: mutate.qemu(['ARCH=riscv64'], 'build/mutants-qemu-rv', config))
