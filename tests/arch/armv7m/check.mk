# SPDX-License-Identifier: MIT
# Arm Cortex-M's runs of `make check` (see tests/arch/x86_64/check.mk for the
# variables): no hosted run (tests.mk says why), only the bare-metal kernels
# of examples/armv7m/ under qemu-system-arm (MPU enforced): -M mps2-an385
# (Cortex-M3, ARMv7-M MPU) and -M mps2-an505 (Cortex-M33, ARMv8-M MPU).
CHECK_RUNS += qemu-cm3
CHECK_TOOLS += arm-none-eabi-gcc=gcc-arm-none-eabi qemu-system-arm=qemu-system-arm
check-qemu-cm3_ARGS := ARCH=armv7m
check-qemu-cm3_TARGET := qemu-test
check-qemu-cm3_LOGS := suite.log
# The build checks (no hosted test program: make build-checks needs only
# the library; the test program's two cases are skipped, not counted).
CHECK_RUNS += cm-build
check-cm-build_ARGS := ARCH=armv7m
check-cm-build_TARGET := build-checks
check-cm-build_LOGS := build-checks.log
