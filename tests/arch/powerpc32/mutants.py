# SPDX-License-Identifier: MIT
"""Break the PowerPC32 library on purpose, one mutation at a time, and check
that the suite (under qemu-ppc) catches each one. Every mutant is a plausible
fixup, line-size or KUAP bug; each is
applied to a comment-stripped copy of the tree (tests/mutate.py).

Usage (from the repository root): python3 tests/arch/powerpc32/mutants.py [WORD...]
Arguments pick mutants by a word of their name. Each mutant names the line
size it is built for and the runs that should catch it: CPU/FEATURES, the
hosted suite under qemu-ppc, or qemu:CONFIG, a boot of the bare-metal
kernel in that configuration (make qemu-test QEMU_CONFIGS=CONFIG), whose
KUAP is real (PID) where the hosted suite's windows are empty hooks. The
runs stop at the first that fails."""
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../..')
os.chdir(ROOT)
sys.path.insert(0, os.path.join(ROOT, 'tests'))
import mutate  # noqa: E402  (tests/mutate.py, the driver)
C = 'arch/powerpc32/clear_user.S'
P = 'arch/powerpc32/copy_user.S'
A = 'arch/powerpc32/include/uaccess/arch.h'
U = 'include/uaccess.h'
G = 'include/uaccess/generic.h'
DEFAULT = ['750/native', '750/none']
M = [
 ("clear byte fixup rounds the count down to 4", C, 32, DEFAULT,
  ".Lclear_byte_fault:\n	mfctr	%r3\n",
  ".Lclear_byte_fault:\n	mfctr	%r3\n	clrrwi	%r3, %r3, 2\n"),
 ("clear line fixup forgets the lines left", C, 32, DEFAULT,
  "	slwi	%r6, %r6, LG\n	add	%r4, %r4, %r6\n.Lclear_bytes:",
  "	slwi	%r6, %r6, LG\n.Lclear_bytes:"),
 ("clear tail group returns without the byte retry", C, 32, DEFAULT,
  "	zero_words (\\b / 4), .Lclear_bytes\n	addi	%r3, %r3, \\b\n	subi	%r4, %r4, \\b\n.Lclear_tail_\\@:",
  "	zero_words (\\b / 4), .Lclear_byte_fault\n	addi	%r3, %r3, \\b\n	subi	%r4, %r4, \\b\n.Lclear_tail_\\@:"),
 ("dcbz in clear loses its table entry", C, 32, ['750/native'],
  "	UACCESS_USER(.Lclear_lines_fault, dcbz 0, %r3)\n", "	dcbz 0, %r3\n"),
 ("dcbz used although the line differs (16-byte build, 32-byte core)",
  'arch/powerpc32/arch_setup.c', 16, ['750/dcbz'],
  "		features &= ~UACCESS_FEAT_DCBZ;\n", "		(void)0;\n"),
 ("dcbz used although the line differs (32-byte build, 64-byte core)",
  'arch/powerpc32/arch_setup.c', 32, ['e500mc/dcbz'],
  "		features &= ~UACCESS_FEAT_DCBZ;\n", "		(void)0;\n"),
 ("line measurement trusts the build setting", 'arch/powerpc32/cpu_features.c', 32,
  ['e500mc/native'], "	return hi - lo;\n", "	return UACCESS_DCBZ_LINE;\n"),
 ("copy: dcbz before the source line is loaded", P, 32, ['750/native'],
  "	load_words .Lcopy_dcbz_fault, %r4, -PF, LINE_REGS\n	UACCESS_USER(.Lcopy_dcbz_fault, dcbz 0, %r3)\n",
  "	UACCESS_USER(.Lcopy_dcbz_fault, dcbz 0, %r3)\n	load_words .Lcopy_dcbz_fault, %r4, -PF, LINE_REGS\n"),
 ("copy: dcbz after the first store of the line", P, 32, ['750/native'],
  "	UACCESS_USER(.Lcopy_dcbz_fault, dcbz 0, %r3)\n	store_words .Lcopy_dcbz_fault, %r3, 0, LINE_REGS\n",
  "	store_words .Lcopy_dcbz_fault, %r3, 0, LINE_REGS\n	UACCESS_USER(.Lcopy_dcbz_fault, dcbz 0, %r3)\n"),
 ("copy: dcbz fixup forgets the source lead", P, 32, ['750/native'],
  ".Lcopy_dcbz_fault:\n	subi	%r4, %r4, PF\n",
  ".Lcopy_dcbz_fault:\n"),
 ("copy: 64-byte dcbz fixup keeps the frame", P, 64, ['e500mc/native'],
  ".Lcopy_dcbz_fault:\n	subi	%r4, %r4, PF\n#ifdef FRAME\n	lmw	%r24, 16(%r1)\n	addi	%r1, %r1, FRAME\n",
  ".Lcopy_dcbz_fault:\n	subi	%r4, %r4, PF\n#ifdef FRAME\n	lmw	%r24, 16(%r1)\n"),
 ("copy: far loop leaves out the near lines", P, 32, ['750/native'],
  "	mtctr	%r6\n	addi	%r5, %r5, PF\n", "	mtctr	%r6\n"),
 ("copy: word line fixup counts one line too many", P, 32, ['750/none'],
  "	mfctr	%r6\n	slwi	%r6, %r6, LG\n	add	%r5, %r5, %r6\n.Lcopy_bytes:",
  "	mfctr	%r6\n	addi	%r6, %r6, 1\n	slwi	%r6, %r6, LG\n	add	%r5, %r5, %r6\n.Lcopy_bytes:"),
 ("copy byte fixup over-reports by one byte", P, 32, DEFAULT,
  ".Lcopy_byte_fault:\n	mfctr	%r3\n",
  ".Lcopy_byte_fault:\n	mfctr	%r3\n	subi	%r3, %r3, 1\n"),
 ("copy head group skips the byte retry", P, 32, DEFAULT,
  "	copy_words \\b, .Lcopy_bytes\n	addi	%r3, %r3, \\b\n	addi	%r4, %r4, \\b\n	subi	%r5, %r5, \\b\n.Lcopy_head_\\@:",
  "	copy_words \\b, .Lcopy_ok\n	addi	%r3, %r3, \\b\n	addi	%r4, %r4, \\b\n	subi	%r5, %r5, \\b\n.Lcopy_head_\\@:"),
 ("the bulk calls close the KUAP window before the routine runs",
  'include/uaccess/kuap_hooks.h', 32, ['750/native'],
  "	__kc_left = (call);						\\\n	uaccess_kuap_prevent(addr, n, dir);				\\\n",
  "	uaccess_kuap_prevent(addr, n, dir);				\\\n	__kc_left = (call);						\\\n"),
 ("clear_user opens a read window", 'arch/powerpc32/include/uaccess/arch.h', 32, ['750/native'],
  "	return _UACCESS_KUAP_CALL(to, n, UACCESS_KUAP_WRITE,\n				  _uaccess_clear_user(",
  "	return _UACCESS_KUAP_CALL(to, n, UACCESS_KUAP_READ,\n				  _uaccess_clear_user("),
 ("strnlen_user finds the NUL with the borrowing test (wrong on big-endian)",
  'lib/strnlen_user.c', 32, DEFAULT,
  "wat_first_zero(wat_zero_bits(w));", "wat_first_zero(wat_has_zero(w));"),
 ("strncpy_from_user copies a NUL just past count (last-word mask off by one)",
  'lib/strncpy_from_user.c', 32, DEFAULT,
  "			if (z < end) {", "			if (z <= end) {"),
 ("strncpy_from_user stores the last word of the range whole",
  'lib/strncpy_from_user.c', 32, DEFAULT,
  "		if (!wat_has_zero(w) && left > WAT_BYTES) {",
  "		if (!wat_has_zero(w) && left >= WAT_BYTES) {"),
 ("strnlen_user takes bytes before s for the NUL", 'lib/strnlen_user.c', 32, DEFAULT,
  "	v = wat_fill_before((unsigned long)v, off);\n", ""),
 ("Spectre mask compares the wrong way (keeps what is outside)", A, 32, ['750/native'],
  "subfc %[mask], %[span], %[off]", "subfc %[mask], %[off], %[span]"),
 ("Spectre mask returns the address unmasked", A, 32, ['750/native'],
  "	return a & mask;", "	(void)mask;\n	return a;"),
 ("Spectre mask keeps the user end itself", A, 32, ['750/native'],
  '[span] "r"(end - start)', '[span] "r"(end - start + 1)'),
 ("get_user leaves the value unzeroed on a fault", A, 32, ['750/native'],
  '			 "	li %[hi], 0\\n"				\\\n			 "	li %[lo], 0\\n"				\\\n',
  ''),
 ("put_user reports success when the second word of 8 faults", A, 32, ['750/native'],
  '"4:	stw %[lo], 4(%[p])\\n"\n				   UACCESS_EXTABLE(4b, 3f)',
  '"4:	stw %[lo], 4(%[p])\\n"\n				   UACCESS_EXTABLE(4b, 2f)'),
 ("get_user: the second word of 8 has no table entry", A, 32, ['750/native'],
  '"4:	lwz %[lo], 4(%[p])\\n"\n				   UACCESS_EXTABLE(4b, 3f), p',
  '"4:	lwz %[lo], 4(%[p])\\n", p'),
 ("user_access_begin opens the window without access_ok", U, 32, ['750/native'],
  "	if (!uaccess_access_ok(p, n))\n		return false;\n	_uaccess_window_open(p, n);",
  "	_uaccess_window_open(p, n);"),
 ("unsafe_get_user takes the label only on a positive error", U, 32, ['750/native'],
  "	if (__builtin_expect(__ug_e, 0))", "	if (__builtin_expect(__ug_e > 0, 0))"),
 ("unsafe_put_user ignores the error", U, 32, ['750/native'],
  "(ptr), sizeof(*(ptr))), 0))", "(ptr), sizeof(*(ptr))) && 0, 0))"),
 ("unsafe_copy_to_user takes the label only when nothing was written", U, 32,
  ['750/native'], "_uaccess_copy_unsafe((to), (from), (n)), 0))",
  "_uaccess_copy_unsafe((to), (from), (n)) == (n), 0))"),
 ("check_zeroed_user takes the bytes before from in its first word (mask of the wrong end)",
  'lib/copy_struct_from_user.c', 32, DEFAULT,
  "	w = (unsigned long)v & wat_mask_from(off);", "	w = (unsigned long)v & ~wat_mask_from(off);"),
 ("copy_struct_from_user leaves dst stale after a failure", 'lib/copy_struct_from_user.c',
  32, DEFAULT, "fail:\n	_uaccess_kernel_zero(dst, ksize);\n", "fail:\n"),
 ("copy_from_user_nozero reports one byte more done", U, 32, DEFAULT,
  "	return __uaccess_copy_from_user(to, uaccess_mask_ptr(from), n);\n}\n\n__must_check int uaccess_check_zeroed_user",
  "	unsigned long left = __uaccess_copy_from_user(to, uaccess_mask_ptr(from), n);\n\n	return left ? left - 1 : 0;\n}\n\n__must_check int uaccess_check_zeroed_user"),
 # KUAP: only the bare-metal kernel enforces it (PID), so only it can tell.
 ("KUAP allow not called in _uaccess_window_open", G, 32, ['qemu:e500v2-l32'],
  "	_uaccess_user_open(p, n, UACCESS_READ | UACCESS_WRITE);\n	_uaccess_barrier_nospec();",
  "	(void)p, (void)n;\n	_uaccess_barrier_nospec();"),
 ("KUAP prevent not called in _uaccess_window_close", G, 32, ['qemu:e500v2-l32'],
  "	_uaccess_user_close((const void __user *)0, 0,\n			    UACCESS_READ | UACCESS_WRITE);\n",
  ""),
 ("module registration forgets to sort the module's table", 'lib/extable.c', 32, DEFAULT,
  "	if (!why)\n		sort_table(m->extable_start, m->extable_stop);\n", ""),
 ("uaccess_fixup skips the module list", 'lib/extable.c', 32, DEFAULT,
  "	for (m = __atomic_load_n(&_uaccess_modules, __ATOMIC_ACQUIRE); m;",
  "	for (m = NULL; m;"),
 ("module unregister leaves it searchable", 'lib/extable.c', 32, DEFAULT,
  "			__atomic_store_n(link, m->next, __ATOMIC_RELEASE);\n", ""),
 ("constant-size clear reports success after a fault", U, 32, DEFAULT,
  "	if (_UACCESS_SMALL_CONST(n) && !_uaccess_put_user(0, to, n))\n		return 0;",
  "	if (_UACCESS_SMALL_CONST(n)) {\n		(void)_uaccess_put_user(0, to, n);\n		return 0;\n	}"),
 ("constant-size copy_from_user stores the value after a faulting load", U, 32, DEFAULT,
  "	if (_UACCESS_SMALL_CONST(n) && !_uaccess_get_user(&v, from, n)) {",
  "	if (_UACCESS_SMALL_CONST(n) && (_uaccess_get_user(&v, from, n), 1)) {"),
 ("check_zeroed_user leaves the KUAP window open after a fault", 'lib/copy_struct_from_user.c',
  32, ['qemu:e500v2-l32'],
  "efault:\n	_uaccess_window_close_dir(UACCESS_READ);\n	return -UACCESS_EFAULT;", "efault:\n	return -UACCESS_EFAULT;"),
 ('copy_from_kernel_nofault reports success after a fault', U, 32, ['750/native'],
  "uaccess_copy_from_kernel_nofault(void *dst,\n						   const void *src,\n						   unsigned long n)\n{\n	return _uaccess_kernel_copy_nofault(dst, src, n) ? -UACCESS_EFAULT : 0;",
  "uaccess_copy_from_kernel_nofault(void *dst,\n						   const void *src,\n						   unsigned long n)\n{\n	return _uaccess_kernel_copy_nofault(dst, src, n) ? 0 : 0;"),
 ('copy_to_kernel_nofault reports success after a fault', U, 32, ['750/native'],
  "uaccess_copy_to_kernel_nofault(void *dst,\n						 const void *src,\n						 unsigned long n)\n{\n	return _uaccess_kernel_copy_nofault(dst, src, n) ? -UACCESS_EFAULT : 0;",
  "uaccess_copy_to_kernel_nofault(void *dst,\n						 const void *src,\n						 unsigned long n)\n{\n	return _uaccess_kernel_copy_nofault(dst, src, n) ? 0 : 0;"),
 ('strncpy_from_kernel_nofault reads src[count - 1] (off by one at count)', 'lib/strncpy_from_kernel_nofault.c', 32, ['750/native'],
  "	for (i = 0; i < count - 1; i++) {",
  "	for (i = 0; i < count; i++) {"),
 ('masked_user_access_begin skips the mask', U, 32, ['750/native'],
  "	__mb_p = (__typeof__(p))_uaccess_mask_object(",
  "	__mb_p = (p); if (0) __mb_p = (__typeof__(p))_uaccess_mask_object("),
 ("masked_user_access_begin checks the object's first byte only", G, 32, ['750/native'],
  "				  n && n <= end - start ? end - n + 1 : start);",
  "				  n ? end : end);"),
 # Hostile arguments (tests/test_hostile.c).
 ("strncpy_from_user takes a negative count for a huge one", 'lib/strncpy_from_user.c', 32,
  ['750/native'], "	if (count <= 0)\n		return 0;\n	if (a < uaccess_user_start",
  "	if (count == 0)\n		return 0;\n	if (a < uaccess_user_start"),
 # The decrementer storm of the bare-metal kernel: the handler's KUAP
 # save and restore.
 ("decrementer handler returns with PID 0 (interrupted window closed)",
  'examples/powerpc32/irq.c', 32, ['qemu:e500v2-l32'],
  "	mtspr(SPR_PID, pid);\n", ""),
 ("decrementer handler does not restore the KUAP count",
  'examples/powerpc32/irq.c', 32, ['qemu:e500v2-l32'],
  "	kuap_count = count;\n", ""),
 ('user_read_access_begin opens a write window', U, 32, ['750/native'],
  "	_uaccess_window_open_dir(p, n, UACCESS_READ);",
  "	_uaccess_window_open_dir(p, n, UACCESS_WRITE);"),
 ('user_write_access_begin opens a read window', U, 32, ['750/native'],
  "	_uaccess_window_open_dir(p, n, UACCESS_WRITE);",
  "	_uaccess_window_open_dir(p, n, UACCESS_READ);"),
 ("put_user opens a read window", G, 32, ['750/native'],
  "	_uaccess_user_open(p, size, UACCESS_WRITE);\n	err = _uaccess_put_scalar(v, p, size);",
  "	_uaccess_user_open(p, size, UACCESS_READ);\n	err = _uaccess_put_scalar(v, p, size);"),
 ("get_user opens a window over the wrong range", G, 32, ['750/native'],
  "	_uaccess_user_open(p, size, UACCESS_READ);\n	err = _uaccess_get_scalar(v, p, size);",
  "	_uaccess_user_open(p, size + 1, UACCESS_READ);\n	err = _uaccess_get_scalar(v, p, size);"),
 ("the string and struct calls open both directions", G, 32, ['qemu:e500v2-l32'],
  "	_uaccess_user_open(p, n, UACCESS_READ);\n}",
  "	_uaccess_user_open(p, n, UACCESS_READ | UACCESS_WRITE);\n}"),
 ("a misaligned put_user stores its bytes little-endian", G, 32, ['750/native'],
  "		if (_uaccess_put_unsafe(v >> 8 * (size - 1), c + i, 1))\n",
  "		if (_uaccess_put_unsafe(v >> 8 * i, c + i, 1))\n"),
 ("a misaligned get_user reads its bytes from the wrong end", G, 32, ['750/native'],
  "		if (_uaccess_get_unsafe(&b, c + i, 1)) {\n",
  "		if (_uaccess_get_unsafe(&b, c + size - 1 - i, 1)) {\n"),
 ("uaccess_set_user_range: no warning for a range holding the masked address",
  'lib/uaccess.c', 32, ['750/native'],
  "	return m < end && start <= m + 4095 ? -1 : 0;", "	(void)m;\n	return 0;"),
 ("futex compare-exchange stores nothing when the word differs", A, 32,
  DEFAULT, '"	beq .Lcas_st%=\\n"', '"	bne 3f\\n	beq .Lcas_st%=\\n"'),
 ("futex stwcx. loses its table entry", A, 32, DEFAULT,
  "UACCESS_EXTABLE(2b, 4b)\n", "\n"),
]

QEMU = os.environ.get('QEMU_PPC', 'qemu-ppc')


def out_dir(line):
    return f'build/mutants-ppc{line}'


def run_hosted(line, s):
    """One run of the hosted suite under qemu-ppc: CPU/FEATURES."""
    cpu, feat = s.split('/')
    return mutate.hosted([QEMU, '-cpu', cpu, f'{out_dir(line)}/tests/uaccess-test', feat])


mutate.main([(name, f, old, new, sets, line) for name, f, line, sets, old, new in M],
            lambda line: ['ARCH=powerpc32', f'DCBZ_LINE={line}', f'O={out_dir(line)}',
                          f'{out_dir(line)}/tests/uaccess-test'],
            run_hosted,
            lambda config: mutate.qemu(['ARCH=powerpc32'], 'build/mutants-qemu-ppc', config))
