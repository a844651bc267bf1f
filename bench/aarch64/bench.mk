# SPDX-License-Identifier: MIT
#
# make bench ARCH=aarch64: instructions executed per call by clear_user,
# copy_to_user and copy_from_user against the references of ref.S (clears:
# sttrb bytes, sttr doublewords, sttr unrolled x8, stp unrolled x4, dc zva
# blocks; copies: bytes, doublewords), aligned and misaligned, counted
# exactly under qemu-aarch64 (count.py) on each CPU model of
# BENCH_QEMU_CPUS: their dc zva blocks differ (512 bytes on max, 64 on
# cortex-a53). Every call is checked byte by byte. Writes
# $(O)/bench/results.md (also shown) and results.csv, in seconds.
#
# The program is a static glibc program linked with the library as the
# hosted suite builds it (tests/arch/aarch64/tests.mk: EL0, no PAN
# instructions). The link map tells count.py where the library's code
# lies, so every instruction run there is counted, whichever of its
# functions runs it.
#
# Included by bench/bench.mk for ARCH=aarch64, from the top-level
# Makefile, which defines O, LIB, CC, CPPFLAGS, UACCESS_ARCH_CFLAGS, NM,
# OBJDUMP, QEMU_AARCH64 (tests/arch/aarch64/tests.mk), Q and quiet.

BENCH_DIR := $(O)/bench
BENCH_BIN := $(BENCH_DIR)/uaccess-bench
BENCH_MAP := $(BENCH_BIN).map
BENCH_SRCS := bench/aarch64/bench.c bench/aarch64/ref.S
BENCH_OBJS := $(addprefix $(BENCH_DIR)/,$(addsuffix .o,$(basename $(BENCH_SRCS))))
# := throughout: the hosted library's flags, fixed before a kernel's
# Makefile (examples/) includes uaccess.mk again with its own.
BENCH_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror $(UACCESS_ARCH_CFLAGS) \
	$(EXTRA_CFLAGS)
BENCH_LIB_FLAGS := $(strip $(CPPFLAGS) $(TEST_LIB_CFLAGS))
BENCH_LDFLAGS := -static -Wl,-Map,$(BENCH_MAP) $(EXTRA_LDFLAGS)
BENCH_QEMU_CPUS ?= max cortex-a53
# What the count needs (command=Debian package), installed when missing.
BENCH_DEPS := aarch64-linux-gnu-gcc=gcc-aarch64-linux-gnu,libc6-dev-arm64-cross \
	qemu-aarch64=qemu-user python3

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
	$(Q)python3 bench/aarch64/count.py --bin $(BENCH_BIN) --lib $(TEST_LIB) \
		--map $(BENCH_MAP) --out $(BENCH_DIR) --qemu "$(QEMU_AARCH64)" \
		--cpus "$(BENCH_QEMU_CPUS)" --nm "$(NM)" --objdump "$(OBJDUMP)" \
		--cc "$(CC)" --cflags "$(BENCH_LIB_FLAGS)"

.PHONY: bench bench-deps
-include $(BENCH_OBJS:.o=.d)
