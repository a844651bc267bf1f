# SPDX-License-Identifier: MIT
# x86-64: how the tests build and run (the library's own flags are in
# arch/x86_64/uaccess.mk).
# Flags of the kernel-model link check (tests/checks/build-checks.sh).
KERNEL_CFLAGS := -mcmodel=kernel -fno-pic -mno-red-zone -mgeneral-regs-only
# The tests call the inline routines, which call out of line from asm.
TEST_ARCH_CFLAGS := -mno-red-zone
# -z text: the library must need no text relocations in a PIE.
TEST_ARCH_LDFLAGS := -pie -Wl,-z,text
# Every feature set the dispatch distinguishes, each run in its own process
# (tests/harness/hosted/platform.c parses the names).
# erms+fsrm+late_stosb is what the per-CPU table gives the CPUs it has an
# entry for; rep_good+erms holds both features of
# the two-replacement site (UACCESS_ALT_BULK), so the rule that the last
# present one wins is checked.
TEST_CONFIGS := none rep_good erms erms+fsrm erms+fsrm+late_stosb rep_good+erms native
# The sanitizers' settings, read only by a sanitizer build (check-asan in
# check.mk): ASan leaves SIGSEGV to the suite's handler, which resumes
# through uaccess_fixup(); UBSan prints where. No leak check: the library
# allocates nothing, and LeakSanitizer reports at exit, after the closing
# line, where no run could count it.
TEST_ENV := ASAN_OPTIONS=handle_segv=0:allow_user_segv_handler=1:detect_leaks=0 \
	UBSAN_OPTIONS=print_stacktrace=1
test_cmd = $(TEST_ENV) $(TEST_BIN) $(1)
# The libc-free build of the suite (tests/harness/nolibc) once, to keep it working.
NOLIBC_CONFIGS := native
# The fuzzer's cases per hosted run (tests/tools/fuzz.mk), and make fuzz guided
# by libFuzzer where clang links it.
FUZZ_CASES ?= 60000
FUZZ_GUIDED := y
# make sparse (tests/tools/sparse.mk): sparse's target; the bare-metal kernel
# builds its files with no -D flags of its own.
SPARSE_FLAGS := --arch=x86_64 -m64
SPARSE_KERNEL_FLAGS :=
SPARSE_DEPS := gcc
# make lint (tests/tools/lint.mk). cppcheck sees clang's form of the accessors
# (asm goto for loads too): its preprocessor counts the arguments of
# _UACCESS_FIXUP_FLAG after expanding _UACCESS_COMMA, which C does not, and
# stops at the gcc form; the C around the asm is the same in both.
LINT_CLANG_FLAGS :=
LINT_CPPCHECK_FLAGS := --platform=unix64 -D__x86_64__ -D__clang__ \
	-D__clang_major__=14
LINT_DEPS := gcc
