# SPDX-License-Identifier: MIT
#
# make bench for the architectures whose bench counts instructions exactly
# under qemu-user (bench/$(ARCH)/bench.mk includes this after setting what
# differs; bench/bench.mk builds): $(O)/bench/uaccess-bench is the driver
# (bench/qemu_count.c)
# with bench/$(ARCH)/bench.c and ref.S, a static program without a C
# library (tests/harness/nolibc) linked with $(TEST_LIB), as the hosted suite
# builds it; bench/qemu_count.py counts its calls under qemu, with what
# bench/$(ARCH)/count.py adds, and writes $(O)/bench/results.md (also
# shown) and results.csv, in seconds. BENCH_ARGS: options for the program (-a OFFSET:
# ranges start OFFSET bytes into a page).
#
# From bench/$(ARCH)/bench.mk: BENCH_QEMU (qemu-user), BENCH_DEPS (what the
# count needs, command=Debian package, installed when missing),
# BENCH_MORE_SRCS (bench/qemu_strings.c where the string cells count),
# BENCH_COUNT_ARGS (more for count.py) and BENCH_OTHER_BINS (other builds
# it counts). From the top-level Makefile: O, ARCH, TEST_LIB, CC, CPPFLAGS,
# TEST_LIB_CFLAGS, UACCESS_ARCH_CFLAGS, NM, OBJDUMP, Q and quiet.

BENCH_SRCS := bench/qemu_count.c bench/$(ARCH)/bench.c bench/$(ARCH)/ref.S $(BENCH_MORE_SRCS) \
	$(addprefix tests/harness/nolibc/,string.c vsnprintf.c linux/sys.c \
	linux/$(ARCH)/start.S)
# := throughout: the hosted library's flags, fixed before a kernel's
# Makefile (examples/) includes uaccess.mk again with its own. The headers
# are tests/harness/nolibc's and, in the rules, the compiler's own
# (BENCH_SYSTEM).
BENCH_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -ffreestanding \
	-fno-stack-protector -nostdinc -Ibench -Itests/harness/nolibc/include \
	-Itests/harness/nolibc/linux -Itests/harness/nolibc/linux/$(ARCH) \
	$(UACCESS_ARCH_CFLAGS) $(EXTRA_CFLAGS)
BENCH_SYSTEM = -isystem $(shell $(CC) -print-file-name=include)
BENCH_LIB_FLAGS := $(strip $(CPPFLAGS) $(TEST_LIB_CFLAGS))
# No start files, C library or libgcc. The link map tells count.py where
# the library's code lies, so every instruction run there is counted,
# whichever of its functions runs it.
BENCH_LDFLAGS := -nostdlib -static -Wl,-Map,$(BENCH_BIN).map $(EXTRA_LDFLAGS)

# string.c is memset and memcpy: see tests/harness/nolibc/nolibc.mk.
$(BENCH_DIR)/tests/harness/nolibc/string.o: BENCH_FILE_CFLAGS = $(shell \
	$(CC) -fno-tree-loop-distribute-patterns -E -x c /dev/null \
	>/dev/null 2>&1 && echo -fno-tree-loop-distribute-patterns)

bench-deps:
	$(Q)sh scripts/install-deps.sh $(BENCH_DEPS)

# The tools first: the objects' rules need the compiler.
bench: bench-deps
	$(Q)$(MAKE) --no-print-directory $(BENCH_BIN) $(BENCH_OTHER_BINS)
	$(Q)python3 bench/qemu_count.py bench/$(ARCH)/count.py --bin $(BENCH_BIN) --lib $(TEST_LIB) \
		--out $(BENCH_DIR) --qemu "$(BENCH_QEMU)" --nm "$(NM)" \
		--objdump "$(OBJDUMP)" --cc "$(CC)" --cflags "$(BENCH_LIB_FLAGS)" \
		$(BENCH_COUNT_ARGS) -- $(BENCH_ARGS)

.PHONY: bench bench-deps
