# SPDX-License-Identifier: MIT
#
# make bench ARCH=armv7m: instructions executed per call by clear_user,
# copy_to_user and copy_from_user against ref.S's byte and word loops
# (both sides aligned, the destination at +3, the source at +5), counted
# exactly under qemu-arm (count.py). The library is the hosted suite's
# build (tests/arch/armv7m/tests.mk), the same Thumb-2 routines a
# Cortex-M kernel links. qemu-arm has no M-profile CPU for Linux
# processes (-cpu cortex-m3 aborts), so the count runs on BENCH_QEMU_CPU,
# an A-profile core that runs ldrt/strt as plain user accesses: the counts
# are the code's, the timing of a Cortex-M is not modelled. The build and
# the run: bench/qemu_count.mk.

BENCH_QEMU := $(or $(QEMU_ARM),qemu-arm)
BENCH_QEMU_CPU ?= cortex-a15
BENCH_COUNT_ARGS = --cpus "$(BENCH_QEMU_CPU)"
BENCH_DEPS := arm-linux-gnueabihf-gcc=gcc-arm-linux-gnueabihf qemu-arm=qemu-user python3
include bench/qemu_count.mk
# The program's C is the libc-free suite's (tests.mk: a divide instruction,
# integer registers only).
BENCH_CFLAGS += $(NOLIBC_ARCH_CFLAGS)
