# SPDX-License-Identifier: MIT
# Arm Cortex-M's runs of `make check` (see tests/arch/x86_64/check.mk for the
# variables): the suite under qemu-arm on a Cortex-A15 (tests.mk says why
# not a Cortex-M), then the bare-metal kernels of examples/armv7m/ under
# qemu-system-arm (MPU enforced): -M mps2-an385 (Cortex-M3, ARMv7-M MPU)
# and -M mps2-an505 (Cortex-M33, ARMv8-M MPU).
CHECK_RUNS += cm cm-clang
CHECK_TOOLS += \
	arm-linux-gnueabihf-gcc=gcc-arm-linux-gnueabihf,libc6-dev-armhf-cross \
	qemu-arm=qemu-user
check-cm_ARGS := ARCH=armv7m
# clang, with lld, prefixed for vendoring: the library must build with
# either compiler and link with either linker. The hosted library's hard
# float ABI passes -mgeneral-regs-only, which clang ignores on Arm with a
# warning (arch/armv7m/uaccess.mk).
check-cm-clang_ARGS := ARCH=armv7m CC="clang --target=arm-linux-gnueabihf" \
	EXTRA_CFLAGS=-Wno-unused-command-line-argument \
	EXTRA_LDFLAGS=-fuse-ld=lld PREFIX=vendor_
# sparse over the library and the suite's files (tests/tools/sparse.mk), and
# make lint (tests/tools/lint.mk) with the cross compiler and clang's target.
CHECK_RUNS += sparse-cm lint-cm
check-sparse-cm_ARGS := ARCH=armv7m
check-sparse-cm_TARGET := sparse
check-sparse-cm_LOGS := sparse.log
check-lint-cm_ARGS := ARCH=armv7m
check-lint-cm_TARGET := lint
check-lint-cm_LOGS := lint.log
# The bare-metal kernels, built with an RTOS's toolchain, arm-none-eabi-gcc
# (make qemu-test builds them with CROSS_COMPILE's by default).
CHECK_RUNS += qemu-cm3
CHECK_TOOLS += arm-none-eabi-gcc=gcc-arm-none-eabi qemu-system-arm=qemu-system-arm
DEMO_TOOLS += arm-linux-gnueabihf-gcc=gcc-arm-linux-gnueabihf \
	qemu-system-arm=qemu-system-arm
check-qemu-cm3_ARGS := ARCH=armv7m CROSS_COMPILE=arm-none-eabi-
check-qemu-cm3_TARGET := qemu-test
check-qemu-cm3_LOGS := suite.log
