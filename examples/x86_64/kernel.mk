# SPDX-License-Identifier: MIT
#
# The x86-64 test kernel (examples/x86_64/): the suite of tests/ with
# the library built through uaccess.mk, as a PVH ELF for
# qemu-system-x86_64 -M microvm.
# Included by examples/examples.mk; defines the interface described
# there (BAREMETAL_KERNELS, QEMU_CONFIGS, qemu_cmd, QEMU_PASS_STATUS, ...).

BM_DIR := $(O)/baremetal
BM_KERNEL := $(BM_DIR)/uaccess-kernel.elf
BM_DEMO := $(BM_DIR)/uaccess-demo.elf

# The machine setup both kernels share, with the files of examples/ it is
# built on, then what each runs: the test kernel the suite of tests/ as
# the hosted harness has it (less tests/harness/hosted/), the demo its report (the
# steps both architectures show alike in examples/demo_common.c); both
# with the libc-free string functions and vsnprintf of tests/harness/nolibc/.
BM_SRC := examples/x86_64
BM_COMMON := $(addprefix $(BM_SRC)/,boot.S entry.S kprobe.S trap.c mmu.c kernel.c \
	timer.c) \
	$(addprefix examples/,console_printf.c timer_checks.c usercopy_check.c) \
	tests/harness/nolibc/string.c tests/harness/nolibc/vsnprintf.c
BM_TEST_SRCS := $(BM_COMMON) $(BM_SRC)/run_tests.c $(BM_SRC)/smap.c \
	$(BM_SRC)/smp.c $(BM_SRC)/ap.S \
	$(addprefix examples/,timer_report.c smp_phase.c) \
	$(wildcard tests/cases/*.c tests/cases/module/*.c tests/harness/*.c \
	tests/arch/x86_64/*.c tests/arch/x86_64/*.S)
BM_DEMO_SRCS := $(BM_COMMON) $(BM_SRC)/demo.c examples/demo_common.c
bm_objs = $(addprefix $(BM_DIR)/,$(addsuffix .o,$(basename $(1))))

# Freestanding: our headers (tests/harness/nolibc/include), then only the
# compiler's own. Linked at 1 MiB, so plain absolute code (-fno-pie); no red
# zone, since exceptions push onto the interrupted stack.
BM_CFLAGS = $(TEST_CFLAGS) -ffreestanding -fno-stack-protector -fno-pie \
	-mno-red-zone -fno-asynchronous-unwind-tables -nostdinc \
	-isystem $(shell $(CC) -print-file-name=include) \
	-Itests/harness/nolibc/include
# The kernel's own files also run inside the exception handler: integer
# registers only, so that the interrupted code's SSE registers survive.
$(BM_DIR)/examples/%.o: BM_FILE_CFLAGS = -mgeneral-regs-only
# string.c is memset and memcpy: GCC must not turn their loops into calls
# to themselves (see tests/harness/nolibc/nolibc.mk).
$(BM_DIR)/tests/harness/nolibc/string.o: BM_FILE_CFLAGS = $(shell \
	$(CC) -fno-tree-loop-distribute-patterns -E -x c /dev/null \
	>/dev/null 2>&1 && echo -fno-tree-loop-distribute-patterns)

$(BM_DIR)/%.o: %.c
	$(quiet) CC $@
	$(Q)mkdir -p $(@D) && $(CC) $(CPPFLAGS) $(BM_CFLAGS) $(BM_FILE_CFLAGS) \
		-MMD -MP -c $< -o $@

$(BM_DIR)/%.o: %.S
	$(quiet) AS $@
	$(Q)mkdir -p $(@D) && $(CC) $(CPPFLAGS) $(BM_CFLAGS) -MMD -MP -c $< -o $@

BM_LDFLAGS = -nostdlib -static -Wl,--build-id=none \
	-Wl,-z,max-page-size=4096 -Wl,-L,include \
	-Wl,-T,$(BM_SRC)/kernel.ld $(EXTRA_LDFLAGS)

# The second CPU's copy of the harness and of the tests it runs beside the
# boot CPU (examples/ap_suite.c, shared with the AArch64 kernel): the same
# objects linked into one, every symbol made local but its entry, its
# output sent to ap_plat_printf (smp.c).
BM_AP_SRCS := tests/harness/harness.c $(addprefix tests/cases/,test_macros.c \
	test_generic.c test_bulk.c test_nofault.c) examples/ap_suite.c
BM_AP_SUITE := $(BM_DIR)/ap_suite_copy.o
OBJCOPY ?= objcopy
$(BM_AP_SUITE): $(call bm_objs,$(BM_AP_SRCS))
	$(quiet) LD $@
	$(Q)$(CC) -nostdlib -r -o $@.tmp $^ && \
		$(OBJCOPY) --redefine-sym plat_printf=ap_plat_printf \
		--keep-global-symbol=ap_suite_run $@.tmp $@ && rm -f $@.tmp

# The library as a kernel's Makefile builds it (docs/INTEGRATION.md, step
# 1): uaccess.mk's objects and flags, here in $(BM_DIR)/uaccess, warnings
# made errors as everywhere in this project.
UACCESS_O := $(BM_DIR)/uaccess
UACCESS_RULES := y
UACCESS_EXTRA_CFLAGS := -Wall -Wextra -Werror $(EXTRA_CFLAGS)
include uaccess.mk
BM_LIB_OBJS := $(UACCESS_OBJS)

$(BM_KERNEL): $(call bm_objs,$(BM_TEST_SRCS)) $(BM_AP_SUITE)
$(BM_DEMO): $(call bm_objs,$(BM_DEMO_SRCS))
$(BM_KERNEL) $(BM_DEMO): $(BM_LIB_OBJS) $(BM_SRC)/kernel.ld include/uaccess/sections.ld \
		tests/cases/module/sections.ld
	$(quiet) LD $@
	$(Q)$(CC) $(BM_LDFLAGS) -o $@ $(filter %.o,$^)

BAREMETAL_KERNELS := $(BM_KERNEL)
QEMU_DEPS := qemu-system-x86_64=qemu-system-x86

# CPU models: qemu64 (no ERMS, no SMAP), Haswell (ERMS), max (ERMS and
# SMAP), max with FSRM and the per-CPU table's choices forced on (TCG
# never reports FSRM, which every table entry needs), and max with two
# CPUs running the suite at once (smp.c).
QEMU_CONFIGS := qemu64 haswell max max-fsrm max-smp2
qemu_cpu_qemu64 := qemu64
qemu_cpu_haswell := Haswell
qemu_cpu_max := max
qemu_cpu_max-fsrm := max
qemu_features_max-fsrm := native+fsrm+late_stosb
qemu_cpu_max-smp2 := max
qemu_smp_max-smp2 := 2

# 64 MiB: RAM_TOP of kernel.h. isa-debug-exit turns the kernel's exit code
# v into QEMU's status (v << 1) | 1; a pass (0x10) is 33.
qemu_x86_cmd = qemu-system-x86_64 -M microvm -accel tcg -m 64M \
	-cpu $(qemu_cpu_$(1)) -kernel $(2) \
	$(if $(qemu_smp_$(1)),-smp $(qemu_smp_$(1)) -append cpus=$(qemu_smp_$(1)),\
	$(if $(qemu_features_$(1)),-append features=$(qemu_features_$(1)))) \
	-display none -serial stdio -no-reboot \
	-device isa-debug-exit,iobase=0xf4,iosize=0x04
qemu_cmd = $(call qemu_x86_cmd,$(1),$(BM_KERNEL))
QEMU_PASS_STATUS := 33

# The demo on the CPU model with the most to show (ERMS, SMAP).
DEMO_KERNEL := $(BM_DEMO)
demo_cmd = $(call qemu_x86_cmd,max,$(1))

-include $(patsubst %.o,%.d,$(call bm_objs,$(BM_TEST_SRCS) $(BM_DEMO_SRCS) \
	examples/ap_suite.c))
