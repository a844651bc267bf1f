# SPDX-License-Identifier: MIT
#
# The suite without a C library: $(O)/tests/uaccess-test-nolibc, a static
# Linux program on raw system calls (tests/harness/nolibc/linux/) with its own
# string functions and vsnprintf (tests/harness/nolibc/*.c, include/), for CPUs on
# which the C library cannot run (a CPU without the FPU the C library
# was built for).
#
#   make nolibc-test	build it and run it once per NOLIBC_CONFIGS, each
#			log ending in "N passed, N failed", summed in
#			$(O)/nolibc.log
#
# Included by the top-level Makefile, which defines ARCH, O, LIB, CC,
# CPPFLAGS, TEST_CFLAGS, TEST_CONFIGS, TEST_BIN, test_cmd, run_configs, Q
# and quiet.
# tests/arch/$(ARCH)/tests.mk may set NOLIBC_CONFIGS, nolibc_cmd (by
# default those of the hosted suite, with this binary) and
# NOLIBC_ARCH_CFLAGS.

NOLIBC_DIR := $(O)/nolibc
NOLIBC_SRCS := $(wildcard tests/cases/*.c tests/cases/module/*.c \
	tests/harness/*.c tests/arch/$(ARCH)/*.c tests/arch/$(ARCH)/*.S \
	tests/harness/nolibc/*.c tests/harness/nolibc/linux/*.c \
	tests/harness/nolibc/linux/$(ARCH)/*.S tests/harness/hosted/process.c)
NOLIBC_OBJS := $(addprefix $(NOLIBC_DIR)/,$(addsuffix .o,$(basename $(NOLIBC_SRCS))))
NOLIBC_BIN := $(O)/tests/uaccess-test-nolibc

# Headers: ours (tests/harness/nolibc/include), then only the compiler's own
# (stddef.h, stdarg.h, stdint.h, stdbool.h), never the C library's.
NOLIBC_CFLAGS = $(TEST_CFLAGS) -ffreestanding -fno-stack-protector \
	-nostdinc -isystem $(shell $(CC) -print-file-name=include) \
	-Itests/harness/nolibc/include -Itests/harness/nolibc/linux/$(ARCH) \
	$(NOLIBC_ARCH_CFLAGS)
# No start files, C library or libgcc (vsnprintf divides 64-bit numbers in
# 32-bit steps, so nothing needs its helpers). The linker script is the
# hosted suite's (<uaccess/sections.ld>).
NOLIBC_LDFLAGS = -nostdlib -static -Wl,-L,include \
	-Wl,-T,tests/harness/hosted/extable.ld $(EXTRA_LDFLAGS)

# string.c is memset and memcpy: GCC must not turn their loops into calls
# to themselves (-ffreestanding is enough from GCC 12 on; clang has no flag).
$(NOLIBC_DIR)/tests/harness/nolibc/string.o: NOLIBC_FILE_CFLAGS = $(shell \
	$(CC) -fno-tree-loop-distribute-patterns -E -x c /dev/null \
	>/dev/null 2>&1 && echo -fno-tree-loop-distribute-patterns)

$(NOLIBC_DIR)/%.o: %.c
	$(quiet) CC $@
	$(Q)mkdir -p $(@D) && $(CC) $(CPPFLAGS) $(NOLIBC_CFLAGS) \
		$(NOLIBC_FILE_CFLAGS) -MMD -MP -c $< -o $@

$(NOLIBC_DIR)/%.o: %.S
	$(quiet) AS $@
	$(Q)mkdir -p $(@D) && $(CC) $(CPPFLAGS) $(NOLIBC_CFLAGS) -MMD -MP -c $< -o $@

$(NOLIBC_BIN): $(NOLIBC_OBJS) $(TEST_LIB) tests/harness/hosted/extable.ld \
		include/uaccess/sections.ld tests/cases/module/sections.ld
	$(quiet) LD $@
	$(Q)mkdir -p $(@D) && $(CC) $(NOLIBC_LDFLAGS) -o $@ $(NOLIBC_OBJS) $(TEST_LIB)

NOLIBC_CONFIGS ?= $(TEST_CONFIGS)
nolibc_cmd ?= $(subst $(TEST_BIN),$(NOLIBC_BIN),$(call test_cmd,$(1)))
NOLIBC_LOGS = $(foreach c,$(NOLIBC_CONFIGS),$(O)/nolibc-$(subst /,_,$(c)).log)

nolibc-test: $(NOLIBC_BIN)
	$(call run_configs,$(NOLIBC_CONFIGS),nolibc_cmd,nolibc)
	$(Q)sh tests/tools/tally.sh $(NOLIBC_LOGS) > $(O)/nolibc.log; \
		tail -n 1 $(O)/nolibc.log

.PHONY: nolibc-test
-include $(NOLIBC_OBJS:.o=.d)
