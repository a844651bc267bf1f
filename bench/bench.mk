# SPDX-License-Identifier: MIT
#
# make bench: each architecture's benchmark is bench/$(ARCH)/bench.mk
# (what it measures and writes is said at its top). Included by the
# top-level Makefile, which defines O, ARCH, LIB, TEST_LIB, CC, CPPFLAGS,
# EXTRA_CFLAGS, EXTRA_LDFLAGS, Q, quiet.
#
# Every bench's program is $(BENCH_BIN) in $(BENCH_DIR): the sources of
# BENCH_SRCS, built with BENCH_CFLAGS (with BENCH_SYSTEM, expanded only
# then, and a file's BENCH_FILE_CFLAGS), linked with BENCH_LDFLAGS and
# $(TEST_LIB); bench/$(ARCH)/bench.mk sets them.

ifneq ($(wildcard bench/$(ARCH)/bench.mk),)
BENCH_DIR := $(O)/bench
BENCH_BIN := $(BENCH_DIR)/uaccess-bench
include bench/$(ARCH)/bench.mk
BENCH_OBJS := $(addprefix $(BENCH_DIR)/,$(addsuffix .o,$(basename $(BENCH_SRCS))))

$(BENCH_DIR)/%.o: %.c
	$(quiet) CC $@
	$(Q)mkdir -p $(@D) && $(CC) $(CPPFLAGS) $(BENCH_CFLAGS) $(BENCH_SYSTEM) \
		$(BENCH_FILE_CFLAGS) -MMD -MP -c $< -o $@

$(BENCH_DIR)/%.o: %.S
	$(quiet) AS $@
	$(Q)mkdir -p $(@D) && $(CC) $(CPPFLAGS) $(BENCH_CFLAGS) $(BENCH_SYSTEM) \
		-MMD -MP -c $< -o $@

$(BENCH_BIN): $(BENCH_OBJS) $(TEST_LIB)
	$(quiet) LD $@
	$(Q)$(CC) $(BENCH_LDFLAGS) -o $@ $(BENCH_OBJS) $(TEST_LIB)

-include $(BENCH_OBJS:.o=.d)
else
bench:
	@echo "no benchmark for ARCH=$(ARCH) (bench/$(ARCH)/bench.mk)"; exit 1
.PHONY: bench
endif
