# SPDX-License-Identifier: MIT
"""Break the Cortex-M library on purpose, one mutation at a time, and check
that the bare-metal suite or the build checks catch each one. Every mutant
is a plausible privilege, fixup, count, mask or futex bug; each is applied
to a comment-stripped copy of the tree (tests/tools/mutate.py).

Usage (from the repository root): python3 tests/arch/armv7m/mutants.py [WORD...]
Arguments pick mutants by a word of their name. Each mutant names the runs
that should catch it: qemu:CONFIG, a boot of the MPU kernel of
examples/armv7m/ in that configuration (make qemu-test ARCH=armv7m
QEMU_CONFIGS=CONFIG), the only run of the suite where a privileged access
differs from an unprivileged one (in the hosted run under qemu-arm, at PL0,
ldr and ldrt are alike; tests/arch/armv7m/tests.mk), and the only one whose
futex atomic raises BASEPRI; or 'checks', the build checks
(tests/checks/build-checks.sh and tests/arch/armv7m/build-checks.sh, make
build-checks), which read the disassembly. A privileged access through a
user pointer is seen by the suite too: the kernel's unmapped and read-only
user pages are privileged read-write (the MPU's default map and AP 2), so a
plain ldr or str there succeeds where ldrt or strt faults, and the count
comes out wrong. The runs stop at the first that fails."""
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../..')
os.chdir(ROOT)
sys.path.insert(0, os.path.join(ROOT, 'tests', 'tools'))
import mutate  # noqa: E402  (tests/tools/mutate.py, the driver)
C = 'arch/armv7m/clear_user.S'
P = 'arch/armv7m/copy_user.S'
A = 'arch/armv7m/include/uaccess/arch.h'
K = ['checks']
BM = ['qemu:an385']

# clear_user's group and word loops, whose faults retry byte by byte.
CLEAR_WORDS = (
    ".Lclear_group:\n"
    "	UACCESS_USER(.Lclear_bytes, strt r2, [r0])\n"
    "	UACCESS_USER(.Lclear_bytes, strt r2, [r0, #4])\n"
    "	UACCESS_USER(.Lclear_bytes, strt r2, [r0, #8])\n"
    "	UACCESS_USER(.Lclear_bytes, strt r2, [r0, #12])\n"
    "	adds	r0, r0, #16\n"
    "	subs	r1, r1, #16\n"
    "	cmp	r1, #16\n"
    "	bhs	.Lclear_group\n"
    ".Lclear_words:\n"
    "	cmp	r1, #4\n"
    "	blo	.Lclear_bytes\n"
    ".Lclear_word:\n"
    "	UACCESS_USER(.Lclear_bytes, strt r2, [r0])\n"
    "	adds	r0, r0, #4\n"
    "	subs	r1, r1, #4\n"
    "	cmp	r1, #4\n"
    "	bhs	.Lclear_word\n")
# The same with a fixup that trusts MMFAR instead of retrying: bytes not
# cleared = end - MMFAR (end = r0 + r1, both still the faulting group's or
# word's start and count).
CLEAR_MMFAR = CLEAR_WORDS.replace("UACCESS_USER(.Lclear_bytes,", "UACCESS_USER(.Lclear_mmfar,") + (
    "	b	.Lclear_bytes\n"
    ".Lclear_mmfar:\n"
    "	movw	r3, #0xed34\n"
    "	movt	r3, #0xe000\n"
    "	ldr	r3, [r3]\n"
    "	add	r0, r0, r1\n"
    "	subs	r0, r0, r3\n"
    "	bx	lr\n")

# copy's group loop (loads, then stores).
COPY_GROUP_LOADS = (
    "	UACCESS_USER(.Lcopy_bytes\\@, \\ldw r3, [r1])\n"
    "	UACCESS_USER(.Lcopy_bytes\\@, \\ldw r4, [r1, #4])\n"
    "	UACCESS_USER(.Lcopy_bytes\\@, \\ldw r5, [r1, #8])\n"
    "	UACCESS_USER(.Lcopy_bytes\\@, \\ldw r12, [r1, #12])\n")

COPY_GROUP_STORES = (
    "	UACCESS_USER(.Lcopy_bytes\\@, \\stw r3, [r0])\n"
    "	UACCESS_USER(.Lcopy_bytes\\@, \\stw r4, [r0, #4])\n"
    "	UACCESS_USER(.Lcopy_bytes\\@, \\stw r5, [r0, #8])\n"
    "	UACCESS_USER(.Lcopy_bytes\\@, \\stw r12, [r0, #12])\n"
    "	adds	r0, r0, #16\n"
    "	adds	r1, r1, #16\n")

M = [
 # Privilege: a plain access through a user pointer.
 ("clear group stores with a privileged str", C, BM,
  "	UACCESS_USER(.Lclear_bytes, strt r2, [r0, #8])\n",
  "	UACCESS_USER(.Lclear_bytes, str r2, [r0, #8])\n"),
 ("clear byte loop stores with a privileged strb", C, BM,
  ".Lclear_byte:\n	UACCESS_USER(.Lclear_byte_fault, strbt r2, [r0])\n",
  ".Lclear_byte:\n	UACCESS_USER(.Lclear_byte_fault, strb r2, [r0])\n"),
 ("copy_from_user loads user words with a privileged ldr", P, BM,
  "	COPY _uaccess_asm_copy_from_user, ldrt, str, ldrbt, strb\n",
  "	COPY _uaccess_asm_copy_from_user, ldr, str, ldrbt, strb\n"),
 ("copy_to_user stores user bytes with a privileged strb", P, BM,
  "	COPY _uaccess_asm_copy_to_user, ldr, strt, ldrb, strbt\n",
  "	COPY _uaccess_asm_copy_to_user, ldr, strt, ldrb, strb\n"),
 ("get_user of 4 bytes loads with a privileged ldr", A, BM,
  '	_UACCESS_GET_SIZED("ldrbt", "ldrht", "ldrt", p, size, v, err);\n',
  '	_UACCESS_GET_SIZED("ldrbt", "ldrht", "ldr", p, size, v, err);\n'),
 ("kernel probe copy loads with ldrt and ldrbt", P, BM,
  "	COPY _uaccess_asm_copy_kernel, ldr, str, ldrb, strb\n",
  "	COPY _uaccess_asm_copy_kernel, ldrt, str, ldrbt, strb\n"),
 # The same privilege bugs, seen by the build checks alone.
 ("checks: clear word stores with a privileged str", C, K,
  ".Lclear_word:\n	UACCESS_USER(.Lclear_bytes, strt r2, [r0])\n",
  ".Lclear_word:\n	UACCESS_USER(.Lclear_bytes, str r2, [r0])\n"),
 ("checks: copy_from_user loads user bytes with a privileged ldrb", P, K,
  "	COPY _uaccess_asm_copy_from_user, ldrt, str, ldrbt, strb\n",
  "	COPY _uaccess_asm_copy_from_user, ldrt, str, ldrb, strb\n"),
 # A T-form load written PC-relative: GNU as assembles a privileged literal
 # ldr.w. Harmless at run time (r2 is set again at once), so the build check
 # alone sees it.
 ("checks: a PC-relative ldrt in clear_user", C, K,
  "UACCESS_FUNC(_uaccess_asm_clear_user)\n	movs	r2, #0\n",
  "UACCESS_FUNC(_uaccess_asm_clear_user)\n"
  "	UACCESS_USER(.Lclear_byte_fault, ldrt r2, [pc, #4])\n	movs	r2, #0\n"),
 # Fixups and counts.
 ("clear group and word fixups count from MMFAR instead of retrying", C, BM,
  CLEAR_WORDS, CLEAR_MMFAR),
 ("clear byte fixup over-reports by one byte", C, BM,
  ".Lclear_byte_fault:\n	mov	r0, r1\n",
  ".Lclear_byte_fault:\n	adds	r0, r1, #1\n"),
 ("copy byte fixup under-reports by one byte", P, BM,
  ".Lcopy_byte_fault\\@:\n	mov	r0, r2\n",
  ".Lcopy_byte_fault\\@:\n	subs	r0, r2, #1\n"),
 ("clear byte loop counts down after the store's fixup point", C, BM,
  "	UACCESS_USER(.Lclear_byte_fault, strbt r2, [r0])\n	adds	r0, r0, #1\n	subs	r1, r1, #1\n	bne	.Lclear_byte\n",
  "	subs	r1, r1, #1\n	UACCESS_USER(.Lclear_byte_fault, strbt r2, [r0])\n	adds	r0, r0, #1\n	cmp	r1, #0\n	bne	.Lclear_byte\n"),
 ("clear group's first store fixup reports success", C, BM,
  ".Lclear_group:\n	UACCESS_USER(.Lclear_bytes, strt r2, [r0])\n",
  ".Lclear_group:\n	UACCESS_USER(.Lclear_ok, strt r2, [r0])\n"),
 ("copy group load fixups report success", P, BM,
  COPY_GROUP_LOADS, COPY_GROUP_LOADS.replace(".Lcopy_bytes\\@,", ".Lcopy_ok\\@,")),
 ("clear group fixup returns the group's count without the byte retry", C, BM,
  "	UACCESS_USER(.Lclear_bytes, strt r2, [r0, #12])\n",
  "	UACCESS_USER(.Lclear_byte_fault, strt r2, [r0, #12])\n"),
 ("copy group advances the source between its loads and stores", P, BM,
  COPY_GROUP_STORES, "	adds	r1, r1, #16\n" + COPY_GROUP_STORES.replace("	adds	r1, r1, #16\n", "")),
 # Scalars, mask, futex.
 ("get_user fault leaves the value", A, BM,
  '			 "	mov %[val], #0\\n"			\\\n', ''),
 ("masked address is 0, the readable vector table", A, BM,
  "#define _UACCESS_MASKED_ADDR 0xE000E000UL\n",
  "#define _UACCESS_MASKED_ADDR 0UL\n"),
 ("mask keeps an address one past the end", A, BM,
  "	unsigned long in = a - start < end - start;\n",
  "	unsigned long in = a - start <= end - start;\n"),
 ("futex stores the new word without the compare", A, BM,
  '			 "	it eq\\n"\n			 "	moveq %[store], %[new]\\n"\n',
  '			 "	mov %[store], %[new]\\n"\n'),
 ("futex stores nothing when the word differs", A, BM,
  '			 "	mov %[store], %[seen]\\n"\n			 "	cmp %[seen], %[old]\\n"\n'
  '			 "	it eq\\n"\n			 "	moveq %[store], %[new]\\n"\n'
  '			 "2:	strt %[store], [%[p]]\\n"\n',
  '			 "	cmp %[seen], %[old]\\n"\n			 "	bne 3f\\n"\n'
  '			 "2:	strt %[new], [%[p]]\\n"\n'),
 ("futex fault path skips BASEPRI's restore", A, BM,
  '			 "3:" _UACCESS_FUTEX_UNMASK\n',
  '			 _UACCESS_FUTEX_UNMASK "3:\\n"\n'),
]

OUT = 'build/mutants-cm'


def run_hosted(key, s):
    """'checks': the build checks (no mutant names the hosted suite)."""
    assert s == 'checks', s
    return mutate.build_checks(['ARCH=armv7m', f'O={OUT}'])


mutate.main([(name, f, old, new, runs, None) for name, f, runs, old, new in M],
            lambda key: ['ARCH=armv7m', f'O={OUT}', f'{OUT}/libuaccess.a'],
            run_hosted,
            lambda config: mutate.qemu(['ARCH=armv7m'], 'build/mutants-qemu-cm', config))
