# SPDX-License-Identifier: MIT
#
# The RISC-V bare-metal kernels: the suite in S-mode on qemu-system-riscv64
# -M virt with -bios none (start.S does the M-mode setup), Sv39 paging and
# sstatus.SUM enforced; built without a C library.
#
#   $(O)/baremetal/kernel.elf	library and suite
#   $(O)/baremetal/demo.elf	the demo (make demo)
#
# Both link their own copy of the library, built through uaccess.mk in
# $(O)/baremetal/uaccess with its defaults, an S-mode kernel's: the windows
# set and clear SUM (the hosted suite's library has empty windows), the
# float ABI is lp64 (no F or D: a stray FP instruction is an illegal
# instruction here, mstatus.FS being Off) and the user range ends at
# Sv39's end.
#
# Included by examples/examples.mk when ARCH=riscv64, after the top-level
# Makefile's variables (O, CC, CPPFLAGS, Q, quiet). Defines
# BAREMETAL_KERNELS, QEMU_CONFIGS, qemu_cmd, QEMU_PASS_STATUS, QEMU_DEPS,
# DEMO_KERNEL and demo_cmd.

RV_BM := examples/riscv64
RV_BM_OUT := $(O)/baremetal

# The machine setup both kernels share, with the files of examples/ it is
# built on.
RV_BM_COMMON := $(addprefix $(RV_BM)/,start.S console.c mmu.c trap.c) \
	$(addprefix examples/,console_printf.c page_alloc.c usercopy_check.c) \
	tests/harness/nolibc/string.c tests/harness/nolibc/vsnprintf.c
# The suite (not the hosted platform) and this kernel's main.
RV_BM_SRCS := $(RV_BM_COMMON) $(RV_BM)/main.c $(RV_BM)/sum.c \
	$(wildcard tests/cases/*.c tests/cases/module/*.c tests/harness/*.c \
	tests/arch/riscv64/*.c)
RV_BM_DEMO_SRCS := $(RV_BM_COMMON) $(RV_BM)/demo.c examples/demo_common.c \
	tests/arch/riscv64/probe.c
rv_bm_objs = $(addprefix $(RV_BM_OUT)/k/,$(addsuffix .o,$(basename $(1))))

# Freestanding, the compiler's own headers only; an S-mode kernel's view of
# <uaccess.h> (the library's CPPFLAGS below), not the hosted suite's.
# -march names Zicsr and Zifencei where the compiler knows them (GCC 12's
# assembler needs them for csr instructions and fence.i).
RV_BM_MARCH := rv64imac$(shell $(CC) -march=rv64imac_zicsr_zifencei -mabi=lp64 \
	-E -x c /dev/null >/dev/null 2>&1 && echo _zicsr_zifencei)
RV_BM_CFLAGS = $(RV_BM_LIB_CPPFLAGS) -I$(RV_BM) -Itests/cases -Itests/harness \
	-Itests/arch/riscv64 -Itests/harness/nolibc/include -std=gnu11 -O2 -g -Wall -Wextra -Werror \
	-ffreestanding -fno-stack-protector -nostdinc \
	-isystem $(shell $(CC) -print-file-name=include) \
	-march=$(RV_BM_MARCH) -mabi=lp64 -mcmodel=medany -fno-pic \
	$(EXTRA_CFLAGS)
# string.c is memset and memcpy: GCC must not turn their loops into calls
# to themselves (as in tests/harness/nolibc/nolibc.mk).
$(RV_BM_OUT)/k/tests/harness/nolibc/string.o: RV_BM_FILE_CFLAGS = $(shell \
	$(CC) -fno-tree-loop-distribute-patterns -E -x c /dev/null \
	>/dev/null 2>&1 && echo -fno-tree-loop-distribute-patterns)
RV_BM_LDFLAGS = -nostdlib -static -Wl,--build-id=none \
	-Wl,-z,max-page-size=4096 -Wl,-L,include -Wl,-T,$(RV_BM)/kernel.ld \
	$(EXTRA_LDFLAGS)

# The library as a kernel's Makefile builds it (docs/INTEGRATION.md, step
# 1): uaccess.mk with no settings of its own, its objects in
# $(RV_BM_OUT)/uaccess.
UACCESS_O := $(RV_BM_OUT)/uaccess
UACCESS_RULES := y
UACCESS_EXTRA_CFLAGS := -Wall -Wextra -Werror $(EXTRA_CFLAGS)
include uaccess.mk
RV_BM_LIB_OBJS := $(UACCESS_OBJS)
RV_BM_LIB_CPPFLAGS := $(patsubst -I./%,-I%,$(UACCESS_CPPFLAGS))

$(RV_BM_OUT)/k/%.o: %.c
	$(quiet) CC $@
	$(Q)mkdir -p $(@D) && $(CC) $(RV_BM_CFLAGS) $(RV_BM_FILE_CFLAGS) \
		-MMD -MP -c $< -o $@

$(RV_BM_OUT)/k/%.o: %.S
	$(quiet) AS $@
	$(Q)mkdir -p $(@D) && $(CC) $(RV_BM_CFLAGS) -MMD -MP -c $< -o $@

RV_BM_KERNEL := $(RV_BM_OUT)/kernel.elf
DEMO_KERNEL := $(RV_BM_OUT)/demo.elf
$(RV_BM_KERNEL): $(call rv_bm_objs,$(RV_BM_SRCS))
$(DEMO_KERNEL): $(call rv_bm_objs,$(RV_BM_DEMO_SRCS))
$(RV_BM_KERNEL) $(DEMO_KERNEL): $(RV_BM_LIB_OBJS) $(RV_BM)/kernel.ld \
		include/uaccess/sections.ld tests/cases/module/sections.ld
	$(quiet) LD $@
	$(Q)$(CC) $(RV_BM_LDFLAGS) -o $@ $(filter %.o,$^)

BAREMETAL_KERNELS := $(RV_BM_KERNEL)

# One configuration: QEMU's default CPU for virt (rv64, Sv39 to Sv57,
# SUM enforced). -m 128M: the user region's pages are RAM at 64 MiB
# (kernel.h). The test device ends QEMU with status 0 on a pass.
QEMU_CONFIGS := virt
QEMU_SYSTEM_RISCV64 ?= qemu-system-riscv64
rv_qemu_cmd = $(QEMU_SYSTEM_RISCV64) -M virt -m 128M -smp 1 -nographic \
	-monitor none -no-reboot -bios none -kernel $(1)
qemu_cmd = $(call rv_qemu_cmd,$(RV_BM_KERNEL))
QEMU_PASS_STATUS := 0
QEMU_DEPS := riscv64-linux-gnu-gcc=gcc-riscv64-linux-gnu,libc6-dev-riscv64-cross \
	qemu-system-riscv64=qemu-system-misc

demo_cmd = $(call rv_qemu_cmd,$(1))

-include $(patsubst %.o,%.d,$(call rv_bm_objs,$(RV_BM_SRCS) $(RV_BM_DEMO_SRCS)))

