# SPDX-License-Identifier: MIT
#
# make bench ARCH=aarch64: instructions executed per call by clear_user,
# copy_to_user and copy_from_user against the references of ref.S (clears:
# sttrb bytes, sttr doublewords, sttr unrolled x8, stp unrolled x4, dc zva
# blocks; copies: bytes, doublewords), aligned and misaligned, counted
# exactly under qemu-aarch64 (count.py) on each CPU model of
# BENCH_QEMU_CPUS: their dc zva blocks differ (512 bytes on max, 64 on
# cortex-a53). The library is the hosted suite's
# (tests/arch/aarch64/tests.mk: EL0, no PAN instructions). The build and the
# run: bench/qemu_count.mk.

BENCH_QEMU := $(QEMU_AARCH64)
BENCH_QEMU_CPUS ?= max cortex-a53
BENCH_COUNT_ARGS = --cpus "$(BENCH_QEMU_CPUS)"
BENCH_DEPS := aarch64-linux-gnu-gcc=gcc-aarch64-linux-gnu qemu-aarch64=qemu-user python3
include bench/qemu_count.mk
