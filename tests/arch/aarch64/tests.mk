# SPDX-License-Identifier: MIT
# AArch64: how the tests build and run (the library's own flags are in
# arch/aarch64/uaccess.mk).
CROSS_COMPILE ?= aarch64-linux-gnu-
# Flags of the kernel-model link check (tests/build-checks.sh): no PIC,
# no FP or SIMD register, as a kernel builds its own files.
KERNEL_CFLAGS := -fno-pic -mgeneral-regs-only
# The suite is a static glibc program under qemu-aarch64, at EL0, where
# ldtr and sttr behave as plain loads and stores.
TEST_ARCH_LDFLAGS := -static
# One run: there are no feature sets to choose between.
TEST_CONFIGS := native
QEMU_AARCH64 ?= qemu-aarch64
test_cmd = $(QEMU_AARCH64) $(TEST_BIN) $(1)
# The libc-free build of the suite (tests/nolibc), once, with integer
# registers only, as a kernel builds its files: nothing in the suite
# leans on FP or SIMD state.
NOLIBC_CONFIGS := native
NOLIBC_ARCH_CFLAGS := -mgeneral-regs-only
# The fuzzer's cases per run under qemu-aarch64 (emulated: few).
FUZZ_CASES ?= 8000
# make lint (tests/lint.mk): clang-tidy for this target, cppcheck 64-bit.
LINT_CLANG_FLAGS := --target=aarch64-linux-gnu
LINT_CPPCHECK_FLAGS := --platform=unix64 -D__aarch64__
LINT_DEPS := aarch64-linux-gnu-gcc=gcc-aarch64-linux-gnu
