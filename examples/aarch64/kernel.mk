# SPDX-License-Identifier: MIT
#
# The AArch64 bare-metal kernels: the suite at EL1 on qemu-system-aarch64
# -M virt (GICv2), 4 KiB pages, PAN and software PAN; built without a C
# library.
#
#   $(O)/baremetal/kernel.elf	library and suite
#   $(O)/baremetal/demo.elf	the demo (make demo)
#
# Both link their own copy of the library, built through uaccess.mk in
# $(O)/baremetal/uaccess with its default, an EL1 kernel's (the dc zva
# loop may clear PAN; the hosted suite's library, at EL0, has no PAN
# instruction) and -DUACCESS_KUAP with this directory's <uaccess/kuap.h>
# (the window hooks switch TTBR0: software PAN).
#
# Included by examples/examples.mk when ARCH=aarch64, after the top-level
# Makefile's variables (O, CC, CROSS_COMPILE, Q, quiet). Defines
# BAREMETAL_KERNELS, QEMU_CONFIGS, qemu_cmd, QEMU_PASS_STATUS, QEMU_DEPS,
# DEMO_KERNEL and demo_cmd.

A64_BM := examples/aarch64
A64_BM_OUT := $(O)/baremetal

# The machine setup both kernels share, with the files of examples/ it is
# built on.
A64_BM_COMMON := $(addprefix $(A64_BM)/,start.S console.c mmu.c trap.c timer.c) \
	$(addprefix examples/,console_printf.c page_alloc.c timer_checks.c \
	usercopy_check.c) \
	tests/harness/nolibc/string.c tests/harness/nolibc/vsnprintf.c
# The suite (not the hosted platform) and this kernel's own cases.
A64_BM_SRCS := $(A64_BM_COMMON) $(addprefix $(A64_BM)/,main.c pan.c smp.c) \
	$(addprefix examples/,timer_report.c smp_phase.c) \
	$(wildcard tests/cases/*.c tests/cases/module/*.c tests/harness/*.c \
	tests/arch/aarch64/*.c)
A64_BM_DEMO_SRCS := $(A64_BM_COMMON) $(A64_BM)/demo.c examples/demo_common.c
a64_bm_objs = $(addprefix $(A64_BM_OUT)/k/,$(addsuffix .o,$(basename $(1))))

# The library as a kernel's Makefile builds it (docs/INTEGRATION.md, step
# 1): uaccess.mk with this kernel's window hooks, its objects in
# $(A64_BM_OUT)/uaccess.
UACCESS_O := $(A64_BM_OUT)/uaccess
UACCESS_RULES := y
UACCESS_EXTRA_CFLAGS := -DUACCESS_KUAP -I$(A64_BM) -Wall -Wextra -Werror $(EXTRA_CFLAGS)
include uaccess.mk
A64_BM_LIB_OBJS := $(UACCESS_OBJS)
A64_BM_LIB_CPPFLAGS := $(patsubst -I./%,-I%,$(UACCESS_CPPFLAGS))

# Freestanding, the compiler's own headers only; every caller of the
# library sees the kernel's <uaccess.h> (the library's CPPFLAGS above,
# then this directory, whose <uaccess/kuap.h> comes before the suite's
# tests/harness/uaccess/kuap.h). Integer registers only: the exception
# entry saves no FP state. Atomics inline (no libgcc helpers): LDAXR/STLXR, which
# every ARMv8.0 core has.
A64_BM_CFLAGS = $(A64_BM_LIB_CPPFLAGS) -I$(A64_BM) -Itests/cases -Itests/harness \
	-Itests/arch/aarch64 -Itests/harness/nolibc/include -std=gnu11 -O2 -g -Wall \
	-Wextra -Werror -ffreestanding -fno-stack-protector -nostdinc \
	-isystem $(shell $(CC) -print-file-name=include) -mgeneral-regs-only \
	-mno-outline-atomics -fno-pic $(EXTRA_CFLAGS)
# Every caller of the library is the kernel's code with its hooks, but
# test_kuap.c, which defines UACCESS_KUAP itself and has hooks of its own
# for ours to call (uaccess/kuap.h).
A64_BM_KUAP = -DUACCESS_KUAP
$(A64_BM_OUT)/k/tests/cases/test_kuap.o: A64_BM_KUAP = -DKUAP_CHAIN_TEST_HOOKS
# mmu_init() runs with the MMU off, where data is Device memory: no
# misaligned access the compiler might merge stores into.
$(A64_BM_OUT)/k/$(A64_BM)/mmu.o: A64_BM_FILE_CFLAGS = -mstrict-align
# string.c is memset and memcpy: GCC must not turn their loops into calls
# to themselves (as in tests/harness/nolibc/nolibc.mk).
$(A64_BM_OUT)/k/tests/harness/nolibc/string.o: A64_BM_FILE_CFLAGS = $(shell \
	$(CC) -fno-tree-loop-distribute-patterns -E -x c /dev/null \
	>/dev/null 2>&1 && echo -fno-tree-loop-distribute-patterns)
A64_BM_LDFLAGS = -nostdlib -static -Wl,--build-id=none \
	-Wl,-z,max-page-size=4096 -Wl,-L,include -Wl,-T,$(A64_BM)/kernel.ld \
	$(EXTRA_LDFLAGS)

$(A64_BM_OUT)/k/%.o: %.c
	$(quiet) CC $@
	$(Q)mkdir -p $(@D) && $(CC) $(A64_BM_CFLAGS) $(A64_BM_KUAP) \
		$(A64_BM_FILE_CFLAGS) -MMD -MP -c $< -o $@

$(A64_BM_OUT)/k/%.o: %.S
	$(quiet) AS $@
	$(Q)mkdir -p $(@D) && $(CC) $(A64_BM_CFLAGS) $(A64_BM_KUAP) -MMD -MP \
		-c $< -o $@

# The second CPU's copy of the harness and of the tests it runs beside the
# boot CPU (examples/ap_suite.c, as the x86-64 kernel's): the same objects
# linked into one, every symbol made local but its entry, its output sent
# to ap_plat_printf (smp.c).
A64_BM_AP_SRCS := tests/harness/harness.c $(addprefix tests/cases/,test_macros.c \
	test_generic.c test_bulk.c test_nofault.c) examples/ap_suite.c
A64_BM_AP_SUITE := $(A64_BM_OUT)/ap_suite_copy.o
A64_OBJCOPY ?= $(CROSS_COMPILE)objcopy
$(A64_BM_AP_SUITE): $(call a64_bm_objs,$(A64_BM_AP_SRCS))
	$(quiet) LD $@
	$(Q)$(CC) -nostdlib -r -o $@.tmp $^ && \
		$(A64_OBJCOPY) --redefine-sym plat_printf=ap_plat_printf \
		--keep-global-symbol=ap_suite_run $@.tmp $@ && rm -f $@.tmp

A64_BM_KERNEL := $(A64_BM_OUT)/kernel.elf
DEMO_KERNEL := $(A64_BM_OUT)/demo.elf
$(A64_BM_KERNEL): $(call a64_bm_objs,$(A64_BM_SRCS)) $(A64_BM_AP_SUITE)
$(DEMO_KERNEL): $(call a64_bm_objs,$(A64_BM_DEMO_SRCS))
$(A64_BM_KERNEL) $(DEMO_KERNEL): $(A64_BM_LIB_OBJS) $(A64_BM)/kernel.ld \
		include/uaccess/sections.ld tests/cases/module/sections.ld
	$(quiet) LD $@
	$(Q)$(CC) $(A64_BM_LDFLAGS) -o $@ $(filter %.o,$^)

BAREMETAL_KERNELS := $(A64_BM_KERNEL)

# CPU models: max (FEAT_PAN, kept set; LSE), cortex-a53 (neither: software
# PAN alone), and max with two CPUs running part of the suite at once
# (smp.c; the command line tells the kernel to start the second).
# -m 128M: the user region's pages are RAM at 64 MiB (kernel.h).
# Semihosting gives the kernel its command line and its exit status:
# EXIT_PASS (33) on a pass, never 0, which a reset or PSCI SYSTEM_OFF
# would give.
QEMU_CONFIGS := max a53 max-smp2
qemu_a64_cpu_max := max
qemu_a64_cpu_a53 := cortex-a53
qemu_a64_cpu_max-smp2 := max
qemu_a64_smp_max-smp2 := 2
QEMU_SYSTEM_AARCH64 ?= qemu-system-aarch64
a64_qemu_cmd = $(QEMU_SYSTEM_AARCH64) -M virt,gic-version=2 -m 128M \
	-cpu $(qemu_a64_cpu_$(1)) -smp $(or $(qemu_a64_smp_$(1)),1) -nographic \
	-monitor none -no-reboot -semihosting -kernel $(2) \
	$(if $(qemu_a64_smp_$(1)),-append cpus=$(qemu_a64_smp_$(1)))
qemu_cmd = $(call a64_qemu_cmd,$(1),$(A64_BM_KERNEL))
QEMU_PASS_STATUS := 33
QEMU_DEPS := aarch64-linux-gnu-gcc=gcc-aarch64-linux-gnu,libc6-dev-arm64-cross \
	qemu-system-aarch64=qemu-system-arm

# The demo on the CPU model with the most to show (PAN).
demo_cmd = $(call a64_qemu_cmd,max,$(1))

-include $(patsubst %.o,%.d,$(call a64_bm_objs,$(A64_BM_SRCS) $(A64_BM_DEMO_SRCS)))
