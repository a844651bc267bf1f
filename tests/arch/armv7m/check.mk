# SPDX-License-Identifier: MIT
# Arm Cortex-M's runs of `make check` (see tests/arch/x86_64/check.mk for the
# variables): no hosted run (tests.mk says why), only the bare-metal kernel
# of examples/armv7m/ under qemu-system-arm -M mps2-an385 (MPU enforced).
CHECK_RUNS += qemu-cm3
CHECK_TOOLS += arm-none-eabi-gcc=gcc-arm-none-eabi qemu-system-arm=qemu-system-arm
check-qemu-cm3_ARGS := ARCH=armv7m
check-qemu-cm3_TARGET := qemu-test
check-qemu-cm3_LOGS := suite.log
