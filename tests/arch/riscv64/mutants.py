# SPDX-License-Identifier: MIT
"""Break the RISC-V 64 library on purpose, one mutation at a time, and check
that the suite (under qemu-riscv64) catches each one. Every mutant is a
plausible fixup, count, mask or window bug; each is
applied to a comment-stripped copy of the tree (tests/mutate.py).

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
sys.path.insert(0, os.path.join(ROOT, 'tests'))
import mutate  # noqa: E402  (tests/mutate.py, the driver)
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
  ".Lclear_byte_fault:\n	mv	a0, a1\n",
  ".Lclear_byte_fault:\n	addi	a0, a1, -1\n"),
 ("clear group returns without the byte retry", C, H,
  "	UACCESS_USER(.Lclear_bytes, sd zero, 56(a0))\n",
  "	UACCESS_USER(.Lclear_byte_fault, sd zero, 56(a0))\n"),
 ("clear group fixup reports success", C, H,
  "	UACCESS_USER(.Lclear_bytes, sd zero, 32(a0))\n",
  "	UACCESS_USER(.Lclear_ok, sd zero, 32(a0))\n"),
 ("clear head byte loses its table entry", C, H,
  "	UACCESS_USER(.Lclear_bytes, sb zero, 0(a0))\n", "	sb zero, 0(a0)\n"),
 ("clear word loop runs while 1 byte is left (writes past the range)", C, H,
  ".Lclear_words:\n	li	t0, 8\n",
  ".Lclear_words:\n	li	t0, 1\n"),
 ("copy byte fixup over-reports by one byte", P, H,
  ".Lcopy_byte_fault:\n	mv	a0, a2\n",
  ".Lcopy_byte_fault:\n	addi	a0, a2, -1\n"),
 ("copy group fixup reports success", P, H,
  "	UACCESS_USER(.Lcopy_bytes, ld a4, 56(a1))\n",
  "	UACCESS_USER(.Lcopy_ok, ld a4, 56(a1))\n"),
 ("copy group store returns without the byte retry", P, H,
  "	UACCESS_USER(.Lcopy_bytes, sd a4, 56(a0))\n",
  "	UACCESS_USER(.Lcopy_byte_fault, sd a4, 56(a0))\n"),
 ("copy shifting loop: the next source word returns without the byte retry", P, H,
  "	UACCESS_USER(.Lcopy_bytes, ld t1, 8(a3))\n",
  "	UACCESS_USER(.Lcopy_byte_fault, ld t1, 8(a3))\n"),
 ("copy shifting loop runs while 1 byte is left (writes past the range)", P, H,
  "	li	t4, 8\n", "	li	t4, 1\n"),
 ("copy shifting loop shifts the high part by 8s", P, H,
  "	sub	a5, a5, a4\n",
  "	mv	a5, a4\n"),
 ("copy head advances the source twice", P, H,
  "	addi	a1, a1, 1\n	addi	a2, a2, -1\n	andi	t1, a0, 7\n",
  "	addi	a1, a1, 2\n	addi	a2, a2, -1\n	andi	t1, a0, 7\n"),
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
  "	return m;", "	(void)m;\n	return a;"),
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
  "		if (_uaccess_put_unsafe(v, c + i, 1))\n",
  "		if (i < size - 1 && _uaccess_put_unsafe(v, c + i, 1))\n"),
 ("string calls: the NUL's byte read off the wrong end", W, H,
  "0x0001020304050607UL", "0x0706050403020100UL"),
 # sstatus.SUM: only the bare-metal kernel enforces it, so only it can tell.
 ("SUM never opened (csrs left out of the window)", A, BM,
  '	__asm__ volatile(_UACCESS_CSRS_SSTATUS : : "r"(UACCESS_SSTATUS_SUM) : "memory");\n', ''),
 ("SUM left open (csrc left out of the window)", A, BM,
  '	__asm__ volatile(_UACCESS_CSRC_SSTATUS : : "r"(UACCESS_SSTATUS_SUM) : "memory");\n', ''),
 ("futex compare-exchange stores nothing when the word differs", A, H,
  '"	beq %[seen], %[old], .Lcas_sc%=\\n"',
  '"	bne %[seen], %[old], 3f\\n	beq %[seen], %[old], .Lcas_sc%=\\n"'),
 ("futex sc.w loses its table entry", A, H,
  "UACCESS_EXTABLE(2b, 4b)\n", "\n"),
 ("futex compare-exchange compares a zero-extended oldval", A, H,
  '[old] "r"((long)(int)oldval)', '[old] "r"((long)oldval)'),
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
