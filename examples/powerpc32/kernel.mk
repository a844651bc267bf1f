# SPDX-License-Identifier: MIT
#
# The PowerPC32 bare-metal kernels: the suite on qemu-system-ppc -M ppce500
# (e500v2; -cpu e500mc for 64-byte cache lines), built without a C library.
#
#   $(O)/baremetal/kernel-l32.elf	library and suite for 32-byte dcbz lines
#   $(O)/baremetal/kernel-l64.elf	the same for 64-byte lines (e500mc)
#
# Each links its own copy of the library, built with -DUACCESS_KUAP and this
# directory's <uaccess/kuap.h> (uaccess.mk, in $(O)/baremetal/uaccessNN), so that
# the KUAP hooks are this kernel's everywhere.
#
# Included by examples/examples.mk when ARCH=powerpc32, after the
# top-level Makefile's variables (O, CC, CPPFLAGS, Q, quiet). Defines
# BAREMETAL_KERNELS, QEMU_CONFIGS, qemu_cmd, QEMU_PASS_STATUS, QEMU_DEPS,
# DEMO_KERNEL and demo_cmd.

PPC_BM := examples/powerpc32
PPC_BM_OUT := $(O)/baremetal
PPC_BM_LINES := 32 64

# The suite (not the hosted platform), the libc subset of
# tests/harness/nolibc, and this kernel with the files of examples/ it is built on.
PPC_BM_SHARED := $(addprefix examples/,console_printf.c page_alloc.c usercopy_check.c)
PPC_BM_SRCS := $(wildcard tests/cases/*.c tests/cases/module/*.c \
	tests/harness/*.c tests/arch/powerpc32/*.c) \
	tests/harness/nolibc/string.c tests/harness/nolibc/vsnprintf.c \
	$(filter-out $(PPC_BM)/demo.c,$(wildcard $(PPC_BM)/*.c)) $(PPC_BM)/start.S \
	$(PPC_BM_SHARED)

# Freestanding, the compiler's own headers only. This directory comes
# before tests/arch/powerpc32 so that <uaccess/kuap.h> is the kernel's.
# No DCBZ_LINE from the command line: each kernel sets its own.
PPC_BM_CC_INCLUDE := $(shell $(CC) -print-file-name=include)
PPC_BM_CFLAGS = $(CPPFLAGS) -I$(PPC_BM) -Itests/cases -Itests/harness \
	-Itests/arch/powerpc32 -Itests/harness/nolibc/include -std=gnu11 -O2 -g -Wall -Wextra -Werror \
	-ffreestanding -fno-stack-protector -nostdinc -isystem $(PPC_BM_CC_INCLUDE) \
	-mcpu=powerpc -mbig-endian -msoft-float -fno-pic
# Every caller of the library is a KUAP kernel's code, except test_kuap.c,
# which defines UACCESS_KUAP itself and has hooks of its own for ours to
# call (uaccess/kuap.h).
PPC_BM_KUAP = -DUACCESS_KUAP
$(PPC_BM_OUT)/k%/tests/cases/test_kuap.o: PPC_BM_KUAP = -DKUAP_CHAIN_TEST_HOOKS
# string.c is memset and memcpy: GCC must not turn their loops into calls
# to themselves (as in tests/harness/nolibc/nolibc.mk).
$(PPC_BM_OUT)/k%/tests/harness/nolibc/string.o: PPC_BM_KUAP += $(shell \
	$(CC) -fno-tree-loop-distribute-patterns -E -x c /dev/null \
	>/dev/null 2>&1 && echo -fno-tree-loop-distribute-patterns)
PPC_BM_LDFLAGS = -nostdlib -static -Wl,--build-id=none -Wl,-L,include \
	-Wl,-T,$(PPC_BM)/kernel.ld

# The library for one line size, as a kernel's Makefile builds it
# (docs/INTEGRATION.md, step 1): uaccess.mk with this kernel's line size
# and KUAP hooks, its objects in $(PPC_BM_OUT)/uaccessLINE. The hosted
# suite's line size comes back afterwards.
_ppc_bm_hosted_line := $(UACCESS_DCBZ_LINE)
define ppc_bm_lib
UACCESS_DCBZ_LINE := $(1)
UACCESS_O := $(PPC_BM_OUT)/uaccess$(1)
UACCESS_RULES := y
UACCESS_EXTRA_CFLAGS := -DUACCESS_KUAP -I$(PPC_BM) -Wall -Wextra -Werror $(EXTRA_CFLAGS)
include uaccess.mk
PPC_BM_LIB_OBJS_$(1) := $$(UACCESS_OBJS)
endef
$(foreach l,$(PPC_BM_LINES),$(eval $(call ppc_bm_lib,$(l))))
UACCESS_DCBZ_LINE := $(_ppc_bm_hosted_line)

# $(call ppc_bm_kernel,LINE): the objects and the kernel for one line size.
define ppc_bm_kernel
PPC_BM_OBJS_$(1) := $(addprefix $(PPC_BM_OUT)/k$(1)/,$(addsuffix .o,$(basename $(PPC_BM_SRCS))))

$(PPC_BM_OUT)/k$(1)/%.o: %.c
	$$(quiet) CC $$@
	$$(Q)mkdir -p $$(@D) && $$(CC) $$(PPC_BM_CFLAGS) $$(PPC_BM_KUAP) \
		-DUACCESS_DCBZ_LINE=$(1) -MMD -MP -c $$< -o $$@

$(PPC_BM_OUT)/k$(1)/%.o: %.S
	$$(quiet) AS $$@
	$$(Q)mkdir -p $$(@D) && $$(CC) $$(PPC_BM_CFLAGS) -MMD -MP -c $$< -o $$@

$(PPC_BM_OUT)/kernel-l$(1).elf: $$(PPC_BM_OBJS_$(1)) $$(PPC_BM_LIB_OBJS_$(1)) \
		$(PPC_BM)/kernel.ld include/uaccess/sections.ld tests/cases/module/sections.ld
	$$(quiet) LD $$@
	$$(Q)$$(CC) $$(PPC_BM_LDFLAGS) -o $$@ $$(PPC_BM_OBJS_$(1)) \
		$$(PPC_BM_LIB_OBJS_$(1))

-include $$(PPC_BM_OBJS_$(1):.o=.d)
endef
$(foreach l,$(PPC_BM_LINES),$(eval $(call ppc_bm_kernel,$(l))))

BAREMETAL_KERNELS := $(foreach l,$(PPC_BM_LINES),$(PPC_BM_OUT)/kernel-l$(l).elf)

# Configurations CPU-lLINE[-FEATURES]: the CPU, the kernel for a line size,
# and the feature set (kernel command line; "native" by default). A kernel
# whose line differs from the CPU's (e500mc has 64-byte lines, e500v2 32)
# must find dcbz unusable and still pass; "none" runs the word strategy on
# a CPU where dcbz would work. -m 128M: the user region is RAM at 64 MiB.
QEMU_CONFIGS := e500v2-l32 e500v2-l32-none e500mc-l64 e500mc-l32 e500v2-l64
QEMU_SYSTEM_PPC ?= qemu-system-ppc
qemu_cmd = $(QEMU_SYSTEM_PPC) -M ppce500 -m 128M -nographic -monitor none \
	-no-reboot -cpu $$(echo $(1) | cut -d- -f1) \
	-kernel $(PPC_BM_OUT)/kernel-$$(echo $(1) | cut -d- -f2).elf \
	$$(echo $(1) | cut -s -d- -f3 | sed 's/./-append &/')
QEMU_PASS_STATUS := 0
QEMU_DEPS := powerpc-linux-gnu-gcc=gcc-powerpc-linux-gnu,libc6-dev-powerpc-cross \
	qemu-system-ppc

# The demo (make demo): demo.c instead of the suite, on e500v2, with the
# steps both architectures show alike (examples/demo_common.c).
PPC_BM_DEMO_OBJS := $(addprefix $(PPC_BM_OUT)/k32/,$(addsuffix .o,$(basename \
	$(PPC_BM)/demo.c examples/demo_common.c $(PPC_BM)/console.c \
	$(PPC_BM)/mmu.c $(PPC_BM)/trap.c $(PPC_BM)/start.S $(PPC_BM_SHARED) \
	tests/arch/powerpc32/probe.c tests/harness/nolibc/string.c tests/harness/nolibc/vsnprintf.c)))
DEMO_KERNEL := $(PPC_BM_OUT)/demo.elf
$(DEMO_KERNEL): $(PPC_BM_DEMO_OBJS) $(PPC_BM_LIB_OBJS_32) \
		$(PPC_BM)/kernel.ld include/uaccess/sections.ld
	$(quiet) LD $@
	$(Q)$(CC) $(PPC_BM_LDFLAGS) -o $@ $(PPC_BM_DEMO_OBJS) $(PPC_BM_LIB_OBJS_32)
demo_cmd = $(QEMU_SYSTEM_PPC) -M ppce500 -m 128M -nographic -monitor none \
	-no-reboot -cpu e500v2 -kernel $(1)
-include $(PPC_BM_OUT)/k32/$(PPC_BM)/demo.d \
	$(PPC_BM_OUT)/k32/examples/demo_common.d

