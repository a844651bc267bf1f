# SPDX-License-Identifier: MIT
#
#   make                    libuaccess.a for ARCH (default: the first of ARCHS) in O=
#   make check              build and run the tests with gcc and clang
#   make test               build and run the tests with this CC only
#   make nolibc-test        the suite built without a C library
#   make mutants            check that the suite catches deliberate bugs
#   ARCH= CROSS_COMPILE= CC= O= V=1   as in Linux and musl
#   PREFIX=p_               every library symbol prefixed (uaccess.mk)

# The architectures: each has arch/ARCH/ (the library), tests/arch/ARCH/
# (its tests: tests.mk, check.mk) and may have a bare-metal kernel and a
# bench of its own. This list is the only place that names them all; the
# first is the default.
ARCHS := x86_64 powerpc32 riscv64 aarch64 armv7m

ARCH ?= $(firstword $(ARCHS))
O ?= build/$(ARCH)
V ?= 0

ifeq ($(filter $(ARCH),$(ARCHS)),)
$(error ARCH=$(ARCH) is not one of: $(ARCHS))
endif
# How this architecture's tests build and run, and its default CROSS_COMPILE.
include tests/arch/$(ARCH)/tests.mk
CROSS_COMPILE ?=

ifeq ($(origin CC),default)
CC := $(CROSS_COMPILE)gcc
endif
ifeq ($(origin AR),default)
AR := $(CROSS_COMPILE)ar
endif
NM ?= $(CROSS_COMPILE)nm
OBJDUMP ?= $(CROSS_COMPILE)objdump

ifeq ($(V),1)
Q :=
quiet = @:
else
Q := @
quiet = @printf '  %-6s %s\n'
endif

# The library a kernel links, $(LIB): its sources and flags come from
# uaccess.mk with the architecture's defaults (an S-mode RISC-V kernel, an
# EL1 AArch64 kernel, ...), exactly what a kernel's Makefile gets, and with
# any setting given on the command line. PREFIX=p_ builds it with every
# symbol prefixed. tests/checks/build-checks.sh checks that its objects
# are uaccess.mk's, byte for byte.
UACCESS_DIR := .
UACCESS_ARCH := $(ARCH)
UACCESS_PREFIX := $(PREFIX)
# Our own pattern rules below build the sources (with -Werror, under $(O)).
UACCESS_RULES := n
include uaccess.mk
LIB_SRCS := $(patsubst ./%,%,$(UACCESS_SRCS))
lib_objs = $(addprefix $(1)/,$(addsuffix .o,$(basename $(LIB_SRCS))))
LIB_OBJS := $(call lib_objs,$(O))
LIB := $(O)/libuaccess.a
LIB_CPPFLAGS := $(patsubst -I./%,-I%,$(UACCESS_CPPFLAGS))
LIB_CFLAGS := $(UACCESS_CFLAGS) -O2 -Wall -Wextra -Werror $(EXTRA_CFLAGS)

# The library the tests link, $(TEST_LIB), and the CPPFLAGS of every file
# that calls it: the same, unless the architecture's tests run where a
# kernel's library cannot (tests.mk's HOSTED_SETTINGS: a Linux process in
# U-mode or at EL0). Then it is uaccess.mk again with those settings, in
# $(O)/hosted, and the settings are put back as they were for the
# bare-metal kernels' builds (examples/ARCH/kernel.mk).
ifneq ($(strip $(HOSTED_SETTINGS)),)
_hosted_vars := $(foreach s,$(HOSTED_SETTINGS),$(firstword $(subst =, ,$(s))))
$(foreach v,$(_hosted_vars),$(eval _saved_$(v) := $(value $(v)))\
	$(eval _origin_$(v) := $(origin $(v))))
$(foreach s,$(HOSTED_SETTINGS),$(eval $(s)))
include uaccess.mk
TEST_LIB_OBJS := $(call lib_objs,$(O)/hosted)
TEST_LIB := $(O)/hosted/libuaccess.a
CPPFLAGS := $(patsubst -I./%,-I%,$(UACCESS_CPPFLAGS))
TEST_LIB_CFLAGS := $(UACCESS_CFLAGS) -O2 -Wall -Wextra -Werror $(EXTRA_CFLAGS)
$(foreach v,$(_hosted_vars),$(if $(filter undefined,$(_origin_$(v))),\
	$(eval undefine $(v)),$(eval $(v) = $(value _saved_$(v)))))
else
TEST_LIB_OBJS := $(LIB_OBJS)
TEST_LIB := $(LIB)
CPPFLAGS := $(LIB_CPPFLAGS)
TEST_LIB_CFLAGS := $(LIB_CFLAGS)
endif

# The hosted test program (a Linux process; may use libc).
TEST_SRCS := $(wildcard tests/cases/*.c tests/cases/module/*.c \
	tests/harness/*.c tests/harness/hosted/*.c \
	tests/arch/$(ARCH)/*.c tests/arch/$(ARCH)/*.S)
TEST_OBJS := $(addprefix $(O)/,$(addsuffix .o,$(basename $(TEST_SRCS))))
TEST_BIN := $(O)/tests/uaccess-test
TEST_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -Itests/cases \
	-Itests/harness -Itests/arch/$(ARCH) $(TEST_ARCH_CFLAGS) $(EXTRA_CFLAGS)
# The linker script places the library's sections through the kernel
# fragment, so every test run also checks <uaccess/sections.ld>.
TEST_LDFLAGS := $(TEST_ARCH_LDFLAGS) -Wl,-L,include \
	-Wl,-T,tests/harness/hosted/extable.ld $(EXTRA_LDFLAGS)

all: $(LIB)

$(LIB): $(LIB_OBJS)
$(TEST_LIB): $(TEST_LIB_OBJS)
$(sort $(LIB) $(TEST_LIB)):
	$(quiet) AR $@
	$(Q)rm -f $@ && $(AR) rcs $@ $^

$(LIB_OBJS): FLAGS_FOR = $(LIB_CPPFLAGS) $(LIB_CFLAGS)
$(TEST_LIB_OBJS): FLAGS_FOR = $(CPPFLAGS) $(TEST_LIB_CFLAGS)
$(O)/tests/%.o: FLAGS_FOR = $(CPPFLAGS) $(TEST_CFLAGS)

# $(O)/hosted/X.o is built from X.c too (the shorter stem wins).
define compile_rules
$(1)/%.o: %.c
	$$(quiet) CC $$@
	$$(Q)mkdir -p $$(@D) && $$(CC) $$(FLAGS_FOR) -MMD -MP -c $$< -o $$@

$(1)/%.o: %.S
	$$(quiet) AS $$@
	$$(Q)mkdir -p $$(@D) && $$(CC) $$(FLAGS_FOR) -MMD -MP -c $$< -o $$@
endef
$(eval $(call compile_rules,$(O)))
$(eval $(call compile_rules,$(O)/hosted))

$(TEST_BIN): $(TEST_OBJS) $(TEST_LIB) tests/harness/hosted/extable.ld \
		include/uaccess/sections.ld tests/cases/module/sections.ld
	$(quiet) LD $@
	$(Q)$(CC) $(TEST_LDFLAGS) -o $@ $(TEST_OBJS) $(TEST_LIB)

# $(call run_configs,CONFIGS,CMD,NAME): run $(call CMD,C) for each config
# C, its output in $(O)/NAME-C.log (a '/' in C becomes '_'), showing all
# but the "ok" lines.
define run_configs
	$(Q)for c in $(1); do \
		log=$(O)/$(3)-$$(echo $$c | tr / _).log; \
		echo "== $(3) $$c"; \
		$(call $(2),$$c) > $$log 2>&1; \
		grep -v '^ok' $$log; \
	done
endef

# The tests' makefiles (make nolibc-test, sparse, fuzz, lint, misaligned,
# style) and each architecture's runs of make check: tests/tests.mk.
CHECK_RUNS :=
CHECK_TOOLS :=
DEMO_TOOLS :=
include tests/tests.mk

# Run the suite once per configuration of TEST_CONFIGS (tests.mk), each in a
# fresh process started by $(call test_cmd,CONFIG), then the libc-free build
# once per NOLIBC_CONFIGS (tests/harness/nolibc/nolibc.mk); each log ends in
# "N passed, N failed", and suite.log sums them (make suite stops there).
# Then the build checks.
SUITE_LOGS = $(foreach c,$(TEST_CONFIGS),$(O)/suite-$(subst /,_,$(c)).log) \
	$(if $(NOLIBC_CONFIGS),$(NOLIBC_LOGS))

suite: $(TEST_BIN) $(if $(NOLIBC_CONFIGS),$(NOLIBC_BIN))
	$(call run_configs,$(TEST_CONFIGS),test_cmd,suite)
	$(call run_configs,$(NOLIBC_CONFIGS),nolibc_cmd,nolibc)
	$(Q)sh tests/tools/tally.sh $(SUITE_LOGS) > $(O)/suite.log; \
		tail -n 1 $(O)/suite.log

build_checks = $(Q)CC="$(CC)" AR="$(AR)" NM="$(NM)" OBJDUMP="$(OBJDUMP)" \
		O="$(O)" ARCH="$(ARCH)" KERNEL_CFLAGS="$(KERNEL_CFLAGS)" \
		LIB="$(LIB)" TEST_LIB="$(TEST_LIB)" PREFIX="$(PREFIX)" \
		CPPFLAGS="$(LIB_CPPFLAGS)" \
		EXTRA_CFLAGS="$(EXTRA_CFLAGS)" LIB_SETTINGS="$(LIB_SETTINGS)" \
		EXTRA_LDFLAGS="$(EXTRA_LDFLAGS)" \
		TEST_RUN="$(if $(TEST_CONFIGS),$(call test_cmd,$(firstword $(TEST_CONFIGS))))" \
		sh tests/checks/build-checks.sh | tee $(O)/build-checks.log

test: suite $(LIB)
	$(build_checks)

# The build checks alone (the mutants that only they can catch). An
# architecture with no hosted run (no TEST_CONFIGS: a new port, before
# it has one) has no test program: its checks need the library only, and
# those of the test program are skipped.
build-checks: $(if $(TEST_CONFIGS),$(TEST_BIN)) $(LIB)
	$(build_checks)

# make check: every run of CHECK_RUNS, as many at a time as make's -j
# allows (one by one without -j; `make -j2 check` on two cores, as CI
# runs it), each a `make test` (or check-RUN_TARGET) with the arguments
# check-RUN_ARGS in its own output directory $(CHECK_O)-RUN, then one
# closing line over the logs of all of them (check-RUN_LOGS, default
# suite.log and build-checks.log). Each architecture adds its runs and the
# tools they need in tests/arch/ARCH/check.mk.
CHECK_O ?= build/check
CHECK_LOGS = $(foreach r,$(CHECK_RUNS),$(addprefix $(CHECK_O)-$(r)/,\
	$(or $(check-$(r)_LOGS),suite.log build-checks.log)))

# Everything is installed first: the runs may start together (make -jN),
# and two apt-get at once would collide. The runs are one sub-make, called
# through $(MAKE) without a -j of its own, so that make's jobserver hands
# out the user's -jN over the runs and the builds inside them.
check:
	$(Q)sh scripts/install-deps.sh $(sort $(CHECK_TOOLS))
	$(Q)rm -f $(CHECK_LOGS) && mkdir -p $(dir $(CHECK_O))
	@echo "running ($(or $(filter -j%,$(MAKEFLAGS)),one at a time; make -jN check runs N)): $(CHECK_RUNS)"
	-$(Q)$(MAKE) --no-print-directory $(addprefix check-,$(CHECK_RUNS))
	$(Q)for r in $(CHECK_RUNS); do echo "== $$r"; cat $(CHECK_O)-$$r.out; done
	$(Q)sh tests/tools/tally.sh $(CHECK_LOGS)

check-%:
	-$(Q)$(MAKE) --no-print-directory $(check-$*_ARGS) O=$(CHECK_O)-$* \
		$(or $(check-$*_TARGET),test) > $(CHECK_O)-$*.out 2>&1

# make demo: the first command for a newcomer. Installs what is missing,
# builds the library and the demo kernel for each architecture (quietly:
# the build's output is in $(DEMO_O)/ARCH/demo-build.log), boots each under
# QEMU and shows its report (examples/*/demo.c). Fails if a build
# or a demo kernel does.
DEMO_ARCHS := $(foreach a,$(ARCHS),$(if $(wildcard examples/$(a)/demo.c),$(a)))
DEMO_O ?= build

demo:
	$(Q)sh scripts/install-deps.sh make $(sort $(DEMO_TOOLS))
	$(Q)for a in $(DEMO_ARCHS); do \
		o=$(DEMO_O)/$$a; mkdir -p $$o; \
		echo "== $$a: building the library and the demo kernel in $$o"; \
		$(MAKE) --no-print-directory ARCH=$$a O=$$o qemu-demo-build \
			> $$o/demo-build.log 2>&1 || \
			{ tail -n 20 $$o/demo-build.log; exit 1; }; \
		$(MAKE) --no-print-directory -s ARCH=$$a O=$$o qemu-demo || exit 1; \
		echo; \
	done
	@echo "Every demo kernel passed. Next:"
	@echo "  make -j2 check   every test: hosted, user-mode QEMU and bare metal"
	@echo "  make bench       the benchmark tables for this CPU"
	@echo "  docs/INTEGRATION.md   how to put the library into your kernel"

# make bench: bench/bench.mk
-include bench/bench.mk

# make qemu-test / qemu-check / demo: the bare-metal kernels,
# examples/examples.mk
-include examples/examples.mk

# Break each fixup on purpose and check that the suite notices (slow).
mutants:
	python3 tests/arch/$(ARCH)/mutants.py

clean:
	rm -rf build $(if $(filter build/%,$(O)),,$(O))

# The objects of the library, the tests and the bench depend on the flags
# they were built with: $(O)/flags holds them and is rewritten only when
# they change, so a new EXTRA_CFLAGS, a -D setting or a flag edited in a
# makefile rebuilds what it compiled. (After every include: the bench's
# flags are set in its makefile.)
FLAGS_FILE := $(O)/flags
BUILD_FLAGS = $(strip $(CC) $(LIB_CPPFLAGS) $(LIB_CFLAGS) $(CPPFLAGS) \
	$(TEST_LIB_CFLAGS) $(TEST_CFLAGS) \
	$(BENCH_CFLAGS) $(EXTRA_LDFLAGS))
ifneq ($(file <$(FLAGS_FILE)),$(BUILD_FLAGS))
$(shell mkdir -p $(O))
$(file >$(FLAGS_FILE),$(BUILD_FLAGS))
endif
$(LIB_OBJS) $(TEST_LIB_OBJS) $(TEST_OBJS) $(NOLIBC_OBJS) $(BENCH_OBJS) $(FUZZ_GUIDED_OBJS): $(FLAGS_FILE)

.PHONY: all suite test build-checks check demo mutants clean
-include $(sort $(LIB_OBJS:.o=.d) $(TEST_LIB_OBJS:.o=.d)) $(TEST_OBJS:.o=.d)
