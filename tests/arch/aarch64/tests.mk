# SPDX-License-Identifier: MIT
# AArch64: how the tests build and run (the library's own flags are in
# arch/aarch64/uaccess.mk).
CROSS_COMPILE ?= aarch64-linux-gnu-
# The suite is a Linux process at EL0, which cannot touch PAN: its library
# (the Makefile's $(TEST_LIB), in $(O)/hosted) is built without its PAN
# instructions. $(LIB), the build checks' library, keeps uaccess.mk's
# default: an EL1 kernel's.
HOSTED_SETTINGS := UACCESS_AARCH64_PAN=0
# Flags of the kernel-model link check (tests/checks/build-checks.sh): no PIC,
# no FP or SIMD register, as a kernel builds its own files.
KERNEL_CFLAGS := -fno-pic -mgeneral-regs-only
# The suite is a static glibc program under qemu-aarch64, at EL0, where
# ldtr and sttr behave as plain loads and stores.
TEST_ARCH_LDFLAGS := -static
# Each run is CPU/FEATURES: qemu-aarch64 -cpu CPU uaccess-test FEATURES.
# The dc zva block under qemu-aarch64: 512 bytes on max, 64 on cortex-a53
# (the libc-free run's CPU, below); "none" clears with sttr alone.
TEST_CONFIGS := max/native max/none
QEMU_AARCH64 ?= qemu-aarch64
# A run without CPU/ (make fuzz's) gets qemu's default CPU.
test_cmd = $(QEMU_AARCH64) \
	$$(echo $(1) | sed -n 's|^a53/.*|-cpu cortex-a53|p; s|^max/.*|-cpu max|p') \
	$(TEST_BIN) $$(echo $(1) | sed 's|^[^/]*/||')
# The libc-free build of the suite (tests/harness/nolibc), once, with integer
# registers only, as a kernel builds its files: nothing in the suite
# leans on FP or SIMD state.
NOLIBC_CONFIGS := a53/native
NOLIBC_ARCH_CFLAGS := -mgeneral-regs-only
# The fuzzer's cases per run under qemu-aarch64 (emulated: few).
FUZZ_CASES ?= 8000
# make sparse (tests/tools/sparse.mk): sparse's target, and the bare-metal
# kernel's -D flags (examples/aarch64/kernel.mk): an EL1 kernel's files
# (the library's defaults), with its window hooks (-DUACCESS_KUAP), but
# test_kuap.c, which defines UACCESS_KUAP itself and has the kernel's
# hooks call its own.
SPARSE_FLAGS := --arch=aarch64 -m64
SPARSE_KERNEL_FLAGS = $(if $(filter %/test_kuap.c,$(1)),-DKUAP_CHAIN_TEST_HOOKS,-DUACCESS_KUAP)
# make lint (tests/tools/lint.mk): clang-tidy for this target, cppcheck 64-bit.
LINT_CLANG_FLAGS := --target=aarch64-linux-gnu
LINT_CPPCHECK_FLAGS := --platform=unix64 -D__aarch64__
LINT_DEPS := aarch64-linux-gnu-gcc=gcc-aarch64-linux-gnu
