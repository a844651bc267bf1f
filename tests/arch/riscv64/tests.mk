# SPDX-License-Identifier: MIT
# RISC-V 64: how the tests build and run (the library's own flags are in
# arch/riscv64/uaccess.mk).
CROSS_COMPILE ?= riscv64-linux-gnu-
# The suite is a static glibc program under qemu-riscv64, in U-mode: its
# library (the Makefile's $(TEST_LIB), in $(O)/hosted) has empty windows
# (UACCESS_RISCV_SUM=0; csrs on sstatus is illegal in U-mode) and is
# tagged lp64d like glibc (linkers refuse to mix float ABIs; the library
# still uses no FP register). qemu-riscv64 maps a process's mmap area from
# 2^38 up, just above Sv39's user end: the suite's user pages lie there, so
# it runs with Sv48's end. $(LIB) (the build checks') and the bare-metal
# kernel's library keep uaccess.mk's defaults: an S-mode kernel's.
HOSTED_SETTINGS := UACCESS_RISCV_SUM=0 UACCESS_RISCV_ABI=lp64d UACCESS_RISCV_VA=SV48
# Flags of the kernel-model link check (tests/checks/build-checks.sh): a kernel
# at any address (medany), no PIC, the library's float ABI.
KERNEL_CFLAGS = -mcmodel=medany -fno-pic -mabi=$(or $(UACCESS_RISCV_ABI),lp64)
TEST_ARCH_LDFLAGS := -static
# One run: there are no feature sets to choose between.
TEST_CONFIGS := native
QEMU_RISCV64 ?= qemu-riscv64
test_cmd = $(QEMU_RISCV64) $(TEST_BIN) $(1)
# make misaligned (tests/tools/misaligned.mk): the routines make no misaligned
# access, and the suite checks it under this qemu.
MISALIGNED_QEMU = $(QEMU_RISCV64)
# The libc-free build of the suite (tests/harness/nolibc), once.
NOLIBC_CONFIGS := native
NOLIBC_ARCH_CFLAGS :=
# The fuzzer's cases per run under qemu-riscv64 (emulated: few).
FUZZ_CASES ?= 8000
# make sparse (tests/tools/sparse.mk): sparse's target; the bare-metal kernel's
# files are an S-mode kernel's, as the library's (the windows set SUM).
SPARSE_FLAGS := --arch=riscv64 -m64
SPARSE_KERNEL_FLAGS :=
SPARSE_DEPS := riscv64-linux-gnu-gcc=gcc-riscv64-linux-gnu
# make lint (tests/tools/lint.mk): gcc -fanalyzer through the cross compiler,
# clang-tidy with clang's RISC-V target.
LINT_CLANG_FLAGS := --target=riscv64-linux-gnu
LINT_CPPCHECK_FLAGS := --platform=unix64 -D__riscv -D__riscv_xlen=64
LINT_DEPS := riscv64-linux-gnu-gcc=gcc-riscv64-linux-gnu
