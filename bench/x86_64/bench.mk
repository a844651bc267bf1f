# SPDX-License-Identifier: MIT
#
# make bench: ticks per call of clear_user / copy_to_user / copy_from_user
# against the library forced onto each feature set, the reference
# strategies of ref.S and glibc, then the traces of bench/x86_64/traces replayed
# against the library and the strategies Linux uses. Writes $(O)/bench/results.md (also shown),
# results.csv and, when gnuplot is installed, bench.png and replay.png. Seconds on an
# idle machine; BENCH_ARGS passes options to the program (uaccess-bench -h).
#
# Included through bench/bench.mk (which builds the program) by the
# top-level Makefile, which defines O, TEST_LIB, CC, CPPFLAGS, Q and quiet.

BENCH_SRCS := $(wildcard bench/x86_64/*.c bench/x86_64/*.S)
# -mno-red-zone: <uaccess.h>'s inline code calls routines from asm, and a
# call writes below the stack pointer. -falign-loops=64: every timer loop
# starts a cache line, so that no column gains or loses by where the
# compiler happened to place its loop.
BENCH_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -fpie -mno-red-zone -falign-loops=64 \
	-Ibench -Ibench/x86_64 $(EXTRA_CFLAGS)
# libm for report.c's geometric means. bench/bench.mk names the flags before the
# objects, so --no-as-needed keeps it where the toolchain links --as-needed.
BENCH_LDFLAGS := -pie $(EXTRA_LDFLAGS) -Wl,--push-state,--no-as-needed,-lm,--pop-state

# Pin to CPU 1 where taskset can (a one-CPU machine cannot); the program
# itself then stays on whichever CPU it starts on. Expanded only by `bench`.
BENCH_PIN = $(shell taskset -c 1 true 2>/dev/null && echo taskset -c 1)

# The recorded traces replayed by `make bench` (record.sh writes them).
BENCH_TRACES := $(wildcard bench/x86_64/traces/*.gz)

# Run the program into DIR ($(1)) with the options $(2) and BENCH_ARGS, then
# plot DIR's data files where gnuplot is installed.
bench_run = rm -f $(1)/clear_user.dat $(1)/replay.dat && \
	$(BENCH_PIN) $(BENCH_BIN) -o $(1) $(2) $(BENCH_ARGS) && \
	if command -v gnuplot >/dev/null 2>&1; then \
		for p in clear_user:bench replay:replay; do \
			[ -f $(1)/$${p%:*}.dat ] || continue; \
			gnuplot -e "dir='$(1)'; what='$${p%:*}'" bench/x86_64/plot.gp && \
			echo "plot: $(1)/$${p\#*:}.png"; \
		done; \
	fi

bench: $(BENCH_BIN)
	$(Q)$(call bench_run,$(BENCH_DIR),$(addprefix -t ,$(BENCH_TRACES)))

# make bench-median [BENCH_RUNS=5]: the whole bench BENCH_RUNS times, each
# run in $(BENCH_DIR)/run-N, then the band table and the replay ratios as
# the median over the runs of each run's figure (bench/x86_64/median.py),
# also in median.md.
BENCH_RUNS ?= 5
bench-median: $(BENCH_BIN)
	$(Q)for i in $$(seq 1 $(BENCH_RUNS)); do \
		mkdir -p $(BENCH_DIR)/run-$$i && \
		$(BENCH_PIN) $(BENCH_BIN) -o $(BENCH_DIR)/run-$$i \
			$(addprefix -t ,$(BENCH_TRACES)) $(BENCH_ARGS) > /dev/null || exit 1; \
	done
	$(Q)python3 bench/x86_64/median.py $(addprefix $(BENCH_DIR)/run-,$(shell seq 1 $(BENCH_RUNS))) \
		| tee $(BENCH_DIR)/median.md

# make bench-trace CMD="tar cf - /usr/include | wc -c": record the user
# copies COMMAND makes the kernel do (bench/x86_64/traces/record.sh), then replay
# that trace alone; the table goes to $(BENCH_DIR)/trace/results.md.
bench-trace: $(BENCH_BIN)
	$(Q)if [ -z '$(CMD)' ]; then echo 'usage: make bench-trace CMD="command"'; exit 2; fi
	$(Q)sh scripts/install-deps.sh strace
	$(Q)mkdir -p $(BENCH_DIR)/trace
	$(Q)sh bench/x86_64/traces/record.sh $(BENCH_DIR)/trace/trace.gz sh -c '$(CMD)'
	$(Q)$(call bench_run,$(BENCH_DIR)/trace,-R -t $(BENCH_DIR)/trace/trace.gz)

# make bench-count: instructions per call of every shown column at fixed
# sizes, counted by valgrind's callgrind (count.c, count.py); the table goes
# to $(BENCH_DIR)/count.md. count.o is rebuilt once valgrind (and its
# <valgrind/callgrind.h>) is installed.
bench-count:
	$(Q)sh scripts/install-deps.sh valgrind python3
	$(Q)rm -f $(BENCH_DIR)/bench/x86_64/count.o
	$(Q)$(MAKE) --no-print-directory $(BENCH_BIN)
	$(Q)python3 bench/x86_64/count.py $(BENCH_BIN) $(BENCH_DIR)

.PHONY: bench bench-median bench-trace bench-count
