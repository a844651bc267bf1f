# SPDX-License-Identifier: MIT
#
# make bench ARCH=riscv64: instructions executed per call by clear_user,
# copy_to_user and copy_from_user against ref.S's Linux-shaped routines
# and its plain byte and doubleword loops (both sides aligned, the
# destination at +3, the source at +5; the library over the Linux-shaped
# reference per cell first), and by strnlen_user / strncpy_from_user
# against ../ref_strings.h's byte loop, counted exactly under qemu-riscv64
# (count.py). The library is the hosted suite's (tests/arch/riscv64/tests.mk:
# U-mode, so the windows are empty; lp64d; Sv48's user end). The build and
# the run: bench/qemu_count.mk.

BENCH_QEMU := $(QEMU_RISCV64)
BENCH_MORE_SRCS := bench/qemu_strings.c
BENCH_DEPS := riscv64-linux-gnu-gcc=gcc-riscv64-linux-gnu qemu-riscv64=qemu-user python3
include bench/qemu_count.mk
