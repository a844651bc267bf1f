# SPDX-License-Identifier: MIT
#
# make bench ARCH=powerpc32: instructions executed per call and per KiB by
# clear_user and copy_to_user, dcbz strategy against words against the
# plain loops of ref.S, counted exactly under qemu-ppc (count.py), with the
# loads, stores, dcbz and dcbt among them; then the library against ref.S's
# Linux-shaped routines, lib/ref per cell, for this build's line and each
# other line of BENCH_VS_LINES (a build of its own in $(O)/bench/lLINE);
# then the time-base mode under qemu, only to show it works (its figures
# mean nothing there). Writes $(O)/bench/results.md (also shown) and
# results.csv. About twenty seconds (the count runs one instruction per
# translation block).
#
# $(O)/bench/uaccess-bench is a static program without a C library or
# floating point (tests/nolibc), so it also runs on the boards themselves,
# FPU-less MPC8xx and e300c2 included: copy it over and run
# `uaccess-bench time` there for ticks and MB/s (bench.c says more). For an
# MPC8xx, build with DCBZ_LINE=16.
#
#   BENCH_QEMU_CPU   the qemu-ppc CPU of the count (default: one whose dcbz
#                    line is the build's, so the dcbz column really uses
#                    dcbz: 750 for 32, e500mc for 64; none has 16 or 128,
#                    and then the library refuses dcbz and the tables say so)
#   BENCH_ARGS       options for both runs: -a OFFSET (into the page)
#   BENCH_VS_LINES   the line sizes of the table against ref:linux (32 64;
#                    each counted on the CPU BENCH_QEMU_CPU would pick)
#
# Included by bench/bench.mk for ARCH=powerpc32, from the top-level
# Makefile, which defines O, LIB, CC, CPPFLAGS, UACCESS_ARCH_CFLAGS, NM, OBJDUMP,
# QEMU_PPC (tests/arch/powerpc32/tests.mk), Q and quiet.

BENCH_DIR := $(O)/bench
BENCH_BIN := $(BENCH_DIR)/uaccess-bench
BENCH_SRCS := bench/powerpc32/bench.c bench/powerpc32/ref.S \
	tests/nolibc/string.c tests/nolibc/vsnprintf.c tests/nolibc/linux/sys.c \
	tests/nolibc/linux/powerpc32/start.S
BENCH_OBJS := $(addprefix $(BENCH_DIR)/,$(addsuffix .o,$(basename $(BENCH_SRCS))))

# The headers of tests/nolibc and the compiler's own, never a C library's;
# UACCESS_ARCH_CFLAGS for the library's -mcpu, -msoft-float and line size.
BENCH_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -ffreestanding \
	-fno-stack-protector -nostdinc -isystem $(shell $(CC) -print-file-name=include) \
	-Itests/nolibc/include -Itests/nolibc/linux -Itests/nolibc/linux/powerpc32 $(UACCESS_ARCH_CFLAGS) \
	$(EXTRA_CFLAGS)
# No start files, C library or libgcc (bench.c divides 64-bit numbers by
# hand).
BENCH_LDFLAGS = -nostdlib -static $(EXTRA_LDFLAGS)

# string.c is memset and memcpy: see tests/nolibc/nolibc.mk.
$(BENCH_DIR)/tests/nolibc/string.o: BENCH_FILE_CFLAGS = $(shell \
	$(CC) -fno-tree-loop-distribute-patterns -E -x c /dev/null \
	>/dev/null 2>&1 && echo -fno-tree-loop-distribute-patterns)

$(BENCH_DIR)/%.o: %.c
	$(quiet) CC $@
	$(Q)mkdir -p $(@D) && $(CC) $(CPPFLAGS) $(BENCH_CFLAGS) \
		$(BENCH_FILE_CFLAGS) -MMD -MP -c $< -o $@

$(BENCH_DIR)/%.o: %.S
	$(quiet) AS $@
	$(Q)mkdir -p $(@D) && $(CC) $(CPPFLAGS) $(BENCH_CFLAGS) -MMD -MP -c $< -o $@

$(BENCH_BIN): $(BENCH_OBJS) $(TEST_LIB)
	$(quiet) LD $@
	$(Q)$(CC) $(BENCH_LDFLAGS) -o $@ $(BENCH_OBJS) $(TEST_LIB)

bench_cpu = $(if $(filter 64,$(1)),e500mc,750)
BENCH_QEMU_CPU ?= $(call bench_cpu,$(DCBZ_LINE))
BENCH_VS_LINES ?= 32 64
BENCH_OTHER_LINES := $(filter-out $(or $(DCBZ_LINE),32),$(BENCH_VS_LINES))
BENCH_OTHER_BINS := $(foreach l,$(BENCH_OTHER_LINES),$(BENCH_DIR)/l$(l)/bench/uaccess-bench)

# The other lines' programs: this Makefile again, in a directory of their own.
$(BENCH_DIR)/l%/bench/uaccess-bench: FORCE
	$(Q)$(MAKE) --no-print-directory ARCH=powerpc32 DCBZ_LINE=$* \
		O=$(BENCH_DIR)/l$* $@

bench: $(BENCH_BIN) $(BENCH_OTHER_BINS)
	$(Q)python3 bench/powerpc32/count.py --bin $(BENCH_BIN) \
		--lib $(TEST_LIB) --out $(BENCH_DIR) --qemu "$(QEMU_PPC)" \
		--cpu $(BENCH_QEMU_CPU) --nm "$(NM)" --objdump "$(OBJDUMP)" \
		$(foreach l,$(BENCH_OTHER_LINES),--vs $(BENCH_DIR)/l$(l)/bench/uaccess-bench,$(BENCH_DIR)/l$(l)/libuaccess.a,$(call bench_cpu,$(l))) \
		-- $(BENCH_ARGS)

FORCE:
.PHONY: bench FORCE
-include $(BENCH_OBJS:.o=.d)
