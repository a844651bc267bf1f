# SPDX-License-Identifier: MIT
#
# The Cortex-M bare-metal kernel: the suite, then the kernel's own smoke
# checks (smoke.c), privileged, with semihosting for output and the exit
# status; built without a C library, once per board:
#
#   $(O)/baremetal/kernel.elf	  -march=armv7-m, for qemu-system-arm -M
#				  mps2-an385 -cpu cortex-m3 (ARMv7-M MPU:
#				  mpu.c)
#   $(O)/baremetal/kernel-BOARD.elf -march=armv8-m.main, for a Cortex-M33
#				  board in Secure state (ARMv8-M MPU:
#				  mpu-v8m.c): an505 (-M mps2-an505), booted by
#				  default, and an524 (-M mps3-an524) on
#				  request, QEMU_CONFIGS="an385 an505 an524"
#
# All link one copy of the library, built through uaccess.mk in
# $(O)/baremetal/uaccess with its defaults (soft float, armv7-m): the
# Cortex-M33 runs the ARMv7-M build unchanged.
#
# Included by examples/examples.mk when ARCH=armv7m, after the top-level
# Makefile's variables (O, CC, Q, quiet). Defines BAREMETAL_KERNELS,
# QEMU_CONFIGS, qemu_cmd, QEMU_PASS_STATUS, QEMU_DEPS, DEMO_KERNEL and
# demo_cmd.

CM_BM := examples/armv7m
CM_BM_OUT := $(O)/baremetal

CM_BM_SRCS := $(addprefix $(CM_BM)/,start.S console.c mpu.c mpu-v8m.c trap.c timer.c \
	main.c smoke.c tasks.c task_cases.c task_programs.c) \
	$(addprefix examples/,console_printf.c page_alloc.c usercopy_check.c \
	timer_checks.c timer_report.c) \
	tests/harness/nolibc/string.c tests/harness/nolibc/vsnprintf.c \
	$(wildcard tests/cases/*.c tests/cases/module/*.c tests/harness/*.c \
	tests/arch/armv7m/*.c)
# $(call cm_bm_objs,SRCS[,DIR]): k for the an385 kernel, k-BOARD for a
# Cortex-M33 board's.
cm_bm_objs = $(addprefix $(CM_BM_OUT)/$(or $(2),k)/,$(addsuffix .o,$(basename $(1))))

CM_BM_CFLAGS = $(CM_BM_LIB_CPPFLAGS) -I$(CM_BM) -Itests/cases -Itests/harness \
	-Itests/arch/armv7m -Itests/harness/nolibc/include \
	-std=gnu11 -O2 -g -Wall -Wextra -Werror -ffreestanding -fno-stack-protector \
	-nostdinc -isystem $(shell $(CC) -print-file-name=include) \
	-mthumb $(CM_BM_MARCH) -mfloat-abi=soft -fno-pic $(EXTRA_CFLAGS)
CM_BM_MARCH = -march=armv7-m
# string.c is memset and memcpy: GCC must not turn their loops into calls
# to themselves (as in tests/harness/nolibc/nolibc.mk).
$(CM_BM_OUT)/%/tests/harness/nolibc/string.o: CM_BM_FILE_CFLAGS = $(shell \
	$(CC) -fno-tree-loop-distribute-patterns -E -x c /dev/null \
	>/dev/null 2>&1 && echo -fno-tree-loop-distribute-patterns)
CM_BM_LDFLAGS = -nostdlib $(CM_BM_LD_BOARD) -static -Wl,--build-id=none -Wl,-z,noexecstack -Wl,-L,include \
	-Wl,-T,$(CM_BM)/kernel.ld $(EXTRA_LDFLAGS)

UACCESS_O := $(CM_BM_OUT)/uaccess
UACCESS_RULES := y
UACCESS_EXTRA_CFLAGS := -Wall -Wextra -Werror $(EXTRA_CFLAGS)
include uaccess.mk
CM_BM_LIB_OBJS := $(UACCESS_OBJS)
CM_BM_LIB_CPPFLAGS := $(patsubst -I./%,-I%,$(UACCESS_CPPFLAGS))

define cm_bm_obj_rules
$$(CM_BM_OUT)/$(1)/%.o: %.c
	$$(quiet) CC $$@
	$$(Q)mkdir -p $$(@D) && $$(CC) $$(CM_BM_CFLAGS) $$(CM_BM_FILE_CFLAGS) \
		-MMD -MP -c $$< -o $$@

$$(CM_BM_OUT)/$(1)/%.o: %.S
	$$(quiet) AS $$@
	$$(Q)mkdir -p $$(@D) && $$(CC) $$(CM_BM_CFLAGS) -MMD -MP -c $$< -o $$@
endef
$(eval $(call cm_bm_obj_rules,k))

# The Cortex-M33 boards: an505 booted by default (its user region lies at
# 0x80000000: kernel.h), an524 on request.
CM_BM_M33_BOARDS := an524 an505
CM_BM_KERNEL := $(CM_BM_OUT)/kernel.elf
cm_bm_kernel_an385 := $(CM_BM_KERNEL)

# Each board's addresses for kernel.ld (kernel.h has its map): the image's
# base and limit, STACK_TOP; and its QEMU machine.
cm_bm_ld_an385 := 0 0x400000 0x20100000
cm_bm_ld_an524 := 0x10000000 0x10080000 0x60100000
cm_bm_ld_an505 := 0x10000000 0x10400000 0x38100000
cm_bm_machine_an385 := -M mps2-an385 -cpu cortex-m3
cm_bm_machine_an524 := -M mps3-an524 -cpu cortex-m33
cm_bm_machine_an505 := -M mps2-an505 -cpu cortex-m33
cm_bm_defsyms = $(addprefix -Wl$(cm_bm_comma)--defsym=,$(join \
	__image_base= __image_limit= __stack_top=,$(cm_bm_ld_$(1))))
cm_bm_comma := ,

CM_BM_LD_DEPS := $(CM_BM_LIB_OBJS) $(CM_BM)/kernel.ld \
	include/uaccess/sections.ld tests/cases/module/sections.ld

$(CM_BM_KERNEL): CM_BM_LD_BOARD = $(call cm_bm_defsyms,an385)
$(CM_BM_KERNEL): $(call cm_bm_objs,$(CM_BM_SRCS)) $(CM_BM_LD_DEPS)
	$(quiet) LD $@
	$(Q)$(CC) $(CM_BM_LDFLAGS) -o $@ $(filter %.o,$^) -lgcc

define cm_bm_m33_board
$$(eval $$(call cm_bm_obj_rules,k-$(1)))
$$(CM_BM_OUT)/k-$(1)/%.o: CM_BM_MARCH = -march=armv8-m.main -DCM_BOARD_$(1)
cm_bm_kernel_$(1) := $$(CM_BM_OUT)/kernel-$(1).elf
$$(CM_BM_OUT)/kernel-$(1).elf: CM_BM_LD_BOARD = $$(call cm_bm_defsyms,$(1))
$$(CM_BM_OUT)/kernel-$(1).elf: $$(call cm_bm_objs,$$(CM_BM_SRCS),k-$(1)) $$(CM_BM_LD_DEPS)
	$$(quiet) LD $$@
	$$(Q)$$(CC) $$(CM_BM_LDFLAGS) -o $$@ $$(filter %.o,$$^) -lgcc
-include $$(patsubst %.o,%.d,$$(call cm_bm_objs,$$(CM_BM_SRCS),k-$(1)))
endef
$(foreach b,$(CM_BM_M33_BOARDS),$(eval $(call cm_bm_m33_board,$(b))))

# Only the kernels of the configurations booted (QEMU_CONFIGS may come
# from the command line: tests/arch/armv7m/mutants.py boots one).
BAREMETAL_KERNELS = $(foreach c,$(QEMU_CONFIGS),$(cm_bm_kernel_$(c)))
# The demo kernel, for an385 alone: the machine and the tasks of the test
# kernel, demo.c in place of main.c and the suite.
CM_BM_DEMO_SRCS := $(addprefix $(CM_BM)/,start.S console.c mpu.c trap.c timer.c \
	tasks.c task_programs.c demo.c) \
	$(addprefix examples/,console_printf.c page_alloc.c usercopy_check.c \
	timer_checks.c demo_common.c) \
	tests/harness/nolibc/string.c tests/harness/nolibc/vsnprintf.c
DEMO_KERNEL := $(CM_BM_OUT)/demo.elf
cm_bm_kernel_demo := $(DEMO_KERNEL)
cm_bm_machine_demo := $(cm_bm_machine_an385)
$(DEMO_KERNEL): CM_BM_LD_BOARD = $(call cm_bm_defsyms,an385)
$(DEMO_KERNEL): $(call cm_bm_objs,$(CM_BM_DEMO_SRCS)) $(CM_BM_LD_DEPS)
	$(quiet) LD $@
	$(Q)$(CC) $(CM_BM_LDFLAGS) -o $@ $(filter %.o,$^) -lgcc

# The configurations: an385 with its Cortex-M3 (8 MPU regions), an505 with
# its Cortex-M33 (16, ARMv8-M); an524 (Cortex-M33) on request.
# Semihosting's SYS_EXIT_EXTENDED ends QEMU with the kernel's status, 0 on
# a pass.
QEMU_CONFIGS := an385 an505
QEMU_SYSTEM_ARM ?= qemu-system-arm
qemu_cmd = $(QEMU_SYSTEM_ARM) $(cm_bm_machine_$(1)) -nographic \
	-monitor none -serial none -no-reboot \
	-semihosting-config enable=on,target=native -kernel $(or $(2),$(cm_bm_kernel_$(1)))
QEMU_PASS_STATUS := 0
QEMU_DEPS := arm-linux-gnueabihf-gcc=gcc-arm-linux-gnueabihf qemu-system-arm=qemu-system-arm
# Semihosting writes to QEMU's stderr unless given a chardev: the demo's
# to stdout, which qemu-demo reads.
demo_cmd = $(call qemu_cmd,demo,$(1)) -chardev stdio,id=semihosting \
	-semihosting-config chardev=semihosting

-include $(patsubst %.o,%.d,$(call cm_bm_objs,$(CM_BM_SRCS) $(CM_BM_DEMO_SRCS)))
