# SPDX-License-Identifier: MIT
#
# The Cortex-M bare-metal kernel: the suite, then the kernel's own smoke
# checks (smoke.c), on qemu-system-arm -M mps2-an385 -cpu cortex-m3
# (ARMv7-M, MPU enforced: mpu.c), privileged, with semihosting for output
# and the exit status; built without a C library.
#
#   $(O)/baremetal/kernel.elf	library, suite and smoke checks
#
# It links its own copy of the library, built through uaccess.mk in
# $(O)/baremetal/uaccess with its defaults (soft float, armv7-m).
#
# Included by examples/examples.mk when ARCH=armv7m, after the top-level
# Makefile's variables (O, CC, Q, quiet). Defines BAREMETAL_KERNELS,
# QEMU_CONFIGS, qemu_cmd, QEMU_PASS_STATUS, QEMU_DEPS, DEMO_KERNEL and
# demo_cmd (none yet).

CM_BM := examples/armv7m
CM_BM_OUT := $(O)/baremetal

CM_BM_SRCS := $(addprefix $(CM_BM)/,start.S console.c mpu.c trap.c timer.c main.c smoke.c) \
	$(addprefix examples/,console_printf.c page_alloc.c usercopy_check.c \
	timer_checks.c timer_report.c) \
	tests/harness/nolibc/string.c tests/harness/nolibc/vsnprintf.c \
	$(wildcard tests/cases/*.c tests/cases/module/*.c tests/harness/*.c \
	tests/arch/armv7m/*.c)
cm_bm_objs = $(addprefix $(CM_BM_OUT)/k/,$(addsuffix .o,$(basename $(1))))

CM_BM_CFLAGS = $(CM_BM_LIB_CPPFLAGS) -I$(CM_BM) -Itests/cases -Itests/harness \
	-Itests/arch/armv7m -Itests/harness/nolibc/include \
	-std=gnu11 -O2 -g -Wall -Wextra -Werror -ffreestanding -fno-stack-protector \
	-nostdinc -isystem $(shell $(CC) -print-file-name=include) \
	-mthumb -march=armv7-m -mfloat-abi=soft -fno-pic $(EXTRA_CFLAGS)
# string.c is memset and memcpy: GCC must not turn their loops into calls
# to themselves (as in tests/harness/nolibc/nolibc.mk).
$(CM_BM_OUT)/k/tests/harness/nolibc/string.o: CM_BM_FILE_CFLAGS = $(shell \
	$(CC) -fno-tree-loop-distribute-patterns -E -x c /dev/null \
	>/dev/null 2>&1 && echo -fno-tree-loop-distribute-patterns)
CM_BM_LDFLAGS = -nostdlib -static -Wl,--build-id=none -Wl,-z,noexecstack -Wl,-L,include \
	-Wl,-T,$(CM_BM)/kernel.ld $(EXTRA_LDFLAGS)

UACCESS_O := $(CM_BM_OUT)/uaccess
UACCESS_RULES := y
UACCESS_EXTRA_CFLAGS := -Wall -Wextra -Werror $(EXTRA_CFLAGS)
include uaccess.mk
CM_BM_LIB_OBJS := $(UACCESS_OBJS)
CM_BM_LIB_CPPFLAGS := $(patsubst -I./%,-I%,$(UACCESS_CPPFLAGS))

$(CM_BM_OUT)/k/%.o: %.c
	$(quiet) CC $@
	$(Q)mkdir -p $(@D) && $(CC) $(CM_BM_CFLAGS) $(CM_BM_FILE_CFLAGS) \
		-MMD -MP -c $< -o $@

$(CM_BM_OUT)/k/%.o: %.S
	$(quiet) AS $@
	$(Q)mkdir -p $(@D) && $(CC) $(CM_BM_CFLAGS) -MMD -MP -c $< -o $@

CM_BM_KERNEL := $(CM_BM_OUT)/kernel.elf
$(CM_BM_KERNEL): $(call cm_bm_objs,$(CM_BM_SRCS)) $(CM_BM_LIB_OBJS) \
		$(CM_BM)/kernel.ld include/uaccess/sections.ld \
		tests/cases/module/sections.ld
	$(quiet) LD $@
	$(Q)$(CC) $(CM_BM_LDFLAGS) -o $@ $(filter %.o,$^) -lgcc

BAREMETAL_KERNELS := $(CM_BM_KERNEL)
DEMO_KERNEL :=
demo_cmd :=

# One configuration: an385 with its Cortex-M3 (8 MPU regions). Semihosting's
# SYS_EXIT_EXTENDED ends QEMU with the kernel's status, 0 on a pass.
QEMU_CONFIGS := an385
QEMU_SYSTEM_ARM ?= qemu-system-arm
qemu_cmd = $(QEMU_SYSTEM_ARM) -M mps2-an385 -cpu cortex-m3 -nographic \
	-monitor none -serial none -no-reboot \
	-semihosting-config enable=on,target=native -kernel $(CM_BM_KERNEL)
QEMU_PASS_STATUS := 0
QEMU_DEPS := arm-none-eabi-gcc=gcc-arm-none-eabi qemu-system-arm=qemu-system-arm

-include $(patsubst %.o,%.d,$(call cm_bm_objs,$(CM_BM_SRCS)))
