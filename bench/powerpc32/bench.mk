# SPDX-License-Identifier: MIT
#
# make bench ARCH=powerpc32: instructions executed per call and per KiB by
# clear_user and copy_to_user, dcbz strategy against words against the
# plain loops of ref.S, counted exactly under qemu-ppc (count.py), with the
# loads, stores, dcbz and dcbt among them; then the library against ref.S's
# Linux-shaped routines, lib/ref per cell, for this build's line and each
# other line of BENCH_VS_LINES (a build of its own in $(O)/bench/lLINE);
# then the time-base mode under qemu, only to show it works (its figures
# mean nothing there). The build and the run: bench/qemu_count.mk.
#
# The program runs on the boards themselves too, FPU-less MPC8xx and e300c2
# included: copy $(O)/bench/uaccess-bench over and run `uaccess-bench time`
# there for ticks and MB/s (bench.c says more). For an MPC8xx, build with
# DCBZ_LINE=16.
#
#   BENCH_QEMU_CPU   the qemu-ppc CPU of the count (default: one whose dcbz
#                    line is the build's, so the dcbz column really uses
#                    dcbz: 750 for 32, e500mc for 64; none has 16 or 128,
#                    and then the library refuses dcbz and the tables say so)
#   BENCH_VS_LINES   the line sizes of the table against ref:linux (32 64;
#                    each counted on the CPU BENCH_QEMU_CPU would pick)

BENCH_QEMU := $(QEMU_PPC)
BENCH_MORE_SRCS := bench/qemu_strings.c
BENCH_DEPS := powerpc-linux-gnu-gcc=gcc-powerpc-linux-gnu qemu-ppc=qemu-user python3
bench_cpu = $(if $(filter 64,$(1)),e500mc,750)
BENCH_QEMU_CPU ?= $(call bench_cpu,$(DCBZ_LINE))
BENCH_VS_LINES ?= 32 64
BENCH_OTHER_LINES := $(filter-out $(or $(DCBZ_LINE),32),$(BENCH_VS_LINES))
BENCH_OTHER_BINS = $(foreach l,$(BENCH_OTHER_LINES),$(BENCH_DIR)/l$(l)/bench/uaccess-bench)
BENCH_COUNT_ARGS = --cpus $(BENCH_QEMU_CPU) $(foreach l,$(BENCH_OTHER_LINES),--build \
	$(BENCH_DIR)/l$(l)/bench/uaccess-bench,$(BENCH_DIR)/l$(l)/libuaccess.a,$(call bench_cpu,$(l)))
include bench/qemu_count.mk

# The other lines' programs: this Makefile again, in a directory of their own.
$(BENCH_DIR)/l%/bench/uaccess-bench: FORCE
	$(Q)$(MAKE) --no-print-directory ARCH=powerpc32 DCBZ_LINE=$* \
		O=$(BENCH_DIR)/l$* $@

FORCE:
.PHONY: FORCE
