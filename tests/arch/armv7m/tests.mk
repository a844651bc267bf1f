# SPDX-License-Identifier: MIT
# Arm Cortex-M (ARMv7-M, ARMv8-M Mainline): how the tests build and run (the
# library's own flags are in arch/armv7m/uaccess.mk).
#
# There is no hosted run: the suite runs only as the bare-metal kernel of
# examples/armv7m/ under qemu-system-arm (make qemu-test). No Linux runs on
# these cores, and no arm-linux-gnueabi(hf) toolchain is installed here
# (Debian has gcc-arm-linux-gnueabihf 12.2, and qemu-arm is installed):
# the routines' Thumb-2 ldrt/strt are ARMv7-A instructions too, so a
# qemu-arm process could run them, but the futex atomic's BASEPRI is
# M-profile only and would need a hosted setting of its own first.
CROSS_COMPILE ?= arm-none-eabi-
# Flags of the kernel-model link check (tests/checks/build-checks.sh): a
# Cortex-M kernel's files, Thumb-2 for the library's default -march.
KERNEL_CFLAGS = -mthumb -march=$(or $(UACCESS_ARMV7M_ARCH),armv7-m) -fno-pic \
	-mfloat-abi=$(or $(UACCESS_ARMV7M_FLOAT_ABI),soft)
TEST_ARCH_CFLAGS :=
TEST_ARCH_LDFLAGS :=
# No hosted or libc-free Linux run (above).
TEST_CONFIGS :=
test_cmd = false
NOLIBC_CONFIGS :=
NOLIBC_ARCH_CFLAGS :=
FUZZ_CASES ?= 0
# make sparse and make lint: 32-bit Arm.
SPARSE_FLAGS := --arch=arm -m32
SPARSE_KERNEL_FLAGS :=
SPARSE_DEPS := arm-none-eabi-gcc=gcc-arm-none-eabi
LINT_CLANG_FLAGS := --target=thumbv7m-none-eabi
LINT_CPPCHECK_FLAGS := --platform=arm32-wchar_t2 -D__arm__ -D__thumb2__
LINT_DEPS := arm-none-eabi-gcc=gcc-arm-none-eabi
