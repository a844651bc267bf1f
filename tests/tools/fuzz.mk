# SPDX-License-Identifier: MIT
#
# The differential fuzzer (tests/cases/test_fuzz.c, tests/cases/fuzz_model.c).
#
# In the suite: TEST_FUZZ_CASES cases per run of a hosted build (each a
# process of the suite), FUZZ_CASES from tests/arch/$(ARCH)/tests.mk; the
# bare-metal kernels keep the default of test_fuzz.c. The budgets keep
# make -j2 check's fuzzing to about a minute: a native run takes many, an
# emulated one few.
$(O)/tests/cases/test_fuzz.o: TEST_CFLAGS += -DTEST_FUZZ_CASES=$(FUZZ_CASES)
$(NOLIBC_DIR)/tests/cases/test_fuzz.o: NOLIBC_FILE_CFLAGS += -DTEST_FUZZ_CASES=$(FUZZ_CASES)
$(O)/tests/cases/test_fuzz.o $(NOLIBC_DIR)/tests/cases/test_fuzz.o: tests/tools/fuzz.mk

# make fuzz: fuzz until stopped (or for FUZZ_SECONDS), from FUZZ_SEED (the
# time by default). Coverage-guided with clang's libFuzzer where it links
# (hosted, where tests/arch/$(ARCH)/tests.mk sets FUZZ_GUIDED := y:
# tests/tools/fuzz/libfuzzer.c), its corpus in FUZZ_CORPUS;
# else the random fuzzer of the suite, batch after batch, in a fresh
# process each (the feature sets change between batches inside one).
FUZZ_O ?= build/fuzz
FUZZ_CORPUS ?= $(FUZZ_O)/corpus
FUZZ_SECONDS ?= 0
FUZZ_SEED ?=
FUZZ_BATCH_CASES ?= 100000
FUZZ_CLANG ?= clang
FUZZ_GUIDED_BIN := $(FUZZ_O)/uaccess-fuzz
FUZZ_GUIDED_SRCS := tests/tools/fuzz/libfuzzer.c tests/cases/test_fuzz.c \
	tests/cases/fuzz_model.c tests/harness/harness.c tests/harness/features.c \
	tests/harness/hosted/platform.c tests/harness/hosted/process.c
FUZZ_GUIDED_OBJS := $(addprefix $(FUZZ_O)/,$(addsuffix .o,$(basename $(LIB_SRCS))))

# The library with coverage too (its C code; the assembly has none), with
# the hosted library's flags as they are here (examples/ may include
# uaccess.mk again for a kernel).
FUZZ_UACCESS_CFLAGS := $(UACCESS_CFLAGS)
$(FUZZ_O)/%.o: %.c
	$(Q)mkdir -p $(@D) && $(FUZZ_CLANG) $(CPPFLAGS) $(FUZZ_UACCESS_CFLAGS) -O2 -g \
		-fsanitize=fuzzer-no-link -c $< -o $@
$(FUZZ_O)/%.o: %.S
	$(Q)mkdir -p $(@D) && $(FUZZ_CLANG) $(CPPFLAGS) $(FUZZ_UACCESS_CFLAGS) -O2 -g -c $< -o $@

$(FUZZ_GUIDED_BIN): $(FUZZ_GUIDED_OBJS) $(FUZZ_GUIDED_SRCS) tests/cases/fuzz.h \
		tests/tools/fuzz.mk
	$(quiet) FUZZ $@
	$(Q)$(FUZZ_CLANG) $(CPPFLAGS) -std=gnu11 -O2 -g -Itests/cases -Itests/harness \
		-Itests/arch/$(ARCH) $(TEST_ARCH_CFLAGS) -fsanitize=fuzzer -Dmain=uaccess_hosted_main \
		$(TEST_ARCH_LDFLAGS) -Wl,-L,include -Wl,-T,tests/harness/hosted/extable.ld \
		-o $@ $(FUZZ_GUIDED_SRCS) $(FUZZ_GUIDED_OBJS)

fuzz: $(TEST_BIN)
	$(Q)mkdir -p $(FUZZ_CORPUS)
	$(Q)seed=$${FUZZ_SEED:-$(FUZZ_SEED)}; seed=$${seed:-$$(date +%s)}; \
	secs=$(FUZZ_SECONDS); \
	if [ "$(FUZZ_GUIDED)" = y ] && $(MAKE) --no-print-directory -s $(FUZZ_GUIDED_BIN) \
		> $(FUZZ_O)/guided-build.log 2>&1; then \
		echo "fuzz: coverage-guided (libFuzzer), seed $$seed, corpus $(FUZZ_CORPUS)$${secs:+, $$secs s}"; \
		exec $(FUZZ_GUIDED_BIN) -seed=$$seed -handle_segv=0 -handle_bus=0 \
			$$( [ "$$secs" -gt 0 ] && echo -max_total_time=$$secs ) \
			-print_final_stats=1 $(FUZZ_CORPUS); \
	fi; \
	echo "fuzz: no coverage guidance here (clang -fsanitize=fuzzer did not build: $(FUZZ_O)/guided-build.log); random fuzzing, seed $$seed"; \
	end=$$(( $$(date +%s) + secs )); \
	while [ "$$secs" -eq 0 ] || [ $$(date +%s) -lt $$end ]; do \
		hex=$$(printf %x $$seed); \
		echo "== fuzz-run:$$hex:$$(printf %x $(FUZZ_BATCH_CASES))"; \
		$(call test_cmd,fuzz-run:$$hex:$$(printf %x $(FUZZ_BATCH_CASES))) | grep -v '^# feature set' || exit 1; \
		seed=$$((seed + 1)); \
	done

.PHONY: fuzz
