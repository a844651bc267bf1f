# SPDX-License-Identifier: MIT
#
# make bench ARCH=riscv64: instructions executed per call by clear_user,
# copy_to_user and copy_from_user against ref.S's Linux-shaped routines
# and its plain byte and doubleword loops (both sides aligned, the
# destination at +3, the source at +5; the library over the Linux-shaped
# reference per cell first), and by strnlen_user / strncpy_from_user
# against ../ref_strings.h's byte loop, counted exactly under qemu-riscv64
# (count.py). Writes $(O)/bench/results.md (also shown) and results.csv,
# in seconds.
#
# The program is a static glibc program linked with the library as the
# hosted suite builds it (tests/arch/riscv64/tests.mk: U-mode, so the
# windows are empty; lp64d; Sv48's user end).
#
# Included by bench/bench.mk for ARCH=riscv64, from the top-level
# Makefile, which defines O, LIB, CC, CPPFLAGS, UACCESS_ARCH_CFLAGS, NM,
# OBJDUMP, QEMU_RISCV64 (tests/arch/riscv64/tests.mk), Q and quiet.

BENCH_DIR := $(O)/bench
BENCH_BIN := $(BENCH_DIR)/uaccess-bench
BENCH_SRCS := bench/riscv64/bench.c bench/riscv64/ref.S
BENCH_OBJS := $(addprefix $(BENCH_DIR)/,$(addsuffix .o,$(basename $(BENCH_SRCS))))
# := throughout: the hosted library's flags, fixed before a kernel's
# Makefile (examples/) includes uaccess.mk again with its own.
BENCH_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror $(UACCESS_ARCH_CFLAGS) \
	$(EXTRA_CFLAGS)
BENCH_LIB_FLAGS := $(strip $(CPPFLAGS) $(TEST_LIB_CFLAGS))
BENCH_LDFLAGS = -static $(EXTRA_LDFLAGS)
# What the count needs (command=Debian package), installed when missing.
BENCH_DEPS := riscv64-linux-gnu-gcc=gcc-riscv64-linux-gnu,libc6-dev-riscv64-cross \
	qemu-riscv64=qemu-user python3

$(BENCH_DIR)/%.o: %.c
	$(quiet) CC $@
	$(Q)mkdir -p $(@D) && $(CC) $(CPPFLAGS) $(BENCH_CFLAGS) -MMD -MP -c $< -o $@

$(BENCH_DIR)/%.o: %.S
	$(quiet) AS $@
	$(Q)mkdir -p $(@D) && $(CC) $(CPPFLAGS) $(BENCH_CFLAGS) -MMD -MP -c $< -o $@

$(BENCH_BIN): $(BENCH_OBJS) $(TEST_LIB)
	$(quiet) LD $@
	$(Q)$(CC) $(BENCH_LDFLAGS) -o $@ $(BENCH_OBJS) $(TEST_LIB)

bench-deps:
	$(Q)sh scripts/install-deps.sh $(BENCH_DEPS)

# The tools first: the objects' rules need the compiler.
bench: bench-deps
	$(Q)$(MAKE) --no-print-directory $(BENCH_BIN)
	$(Q)python3 bench/riscv64/count.py --bin $(BENCH_BIN) --lib $(TEST_LIB) \
		--out $(BENCH_DIR) --qemu "$(QEMU_RISCV64)" --nm "$(NM)" \
		--objdump "$(OBJDUMP)" --cc "$(CC)" --cflags "$(BENCH_LIB_FLAGS)"

.PHONY: bench bench-deps
-include $(BENCH_OBJS:.o=.d)
