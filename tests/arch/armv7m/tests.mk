# SPDX-License-Identifier: MIT
# Arm Cortex-M (ARMv7-M, ARMv8-M Mainline): how the tests build and run (the
# library's own flags are in arch/armv7m/uaccess.mk).
#
# Two platforms: the bare-metal kernels of examples/armv7m/ under
# qemu-system-arm (make qemu-test), privileged with the MPU enforced, and
# the suite as a static glibc program under qemu-arm (make test): the
# routines' Thumb-2 ldrt/strt are ARMv7-A instructions too, and at PL0
# they act as plain loads and stores. M-profile CPUs do not run in qemu's
# user mode, so the hosted run is a Cortex-A15's. One compiler builds
# both: arm-linux-gnueabihf-gcc compiles the kernels freestanding
# (-nostdlib, and they need nothing of its libgcc).
CROSS_COMPILE ?= arm-linux-gnueabihf-
# The suite's library ($(TEST_LIB), in $(O)/hosted) is built for glibc's
# A-profile, hard-float ABI (GNU ld refuses to link M-profile objects into
# it: "conflicting architecture profiles M/A"), and its futex atomic
# leaves BASEPRI alone (M-profile only; a process needs no masking).
# $(LIB), the build checks' library, and the kernels' keep uaccess.mk's
# defaults: an ARMv7-M kernel's, soft float, BASEPRI 0x20.
HOSTED_SETTINGS := UACCESS_ARMV7M_ARCH=armv7-a UACCESS_ARMV7M_FLOAT_ABI=hard \
	UACCESS_ARMV7M_FUTEX_BASEPRI=0
# Flags of the kernel-model link check (tests/checks/build-checks.sh): a
# Cortex-M kernel's files, Thumb-2 for the library's default -march.
KERNEL_CFLAGS = -mthumb -march=$(or $(UACCESS_ARMV7M_ARCH),armv7-m) -fno-pic \
	-mfloat-abi=$(or $(UACCESS_ARMV7M_FLOAT_ABI),soft)
# The suite's files are Thumb-2 as the library is.
TEST_ARCH_CFLAGS := -mthumb
TEST_ARCH_LDFLAGS := -static
# Each run is CPU/FEATURES: qemu-arm -cpu CPU uaccess-test FEATURES (the
# library has no features: native only).
TEST_CONFIGS := a15/native
QEMU_ARM ?= qemu-arm
# A run without CPU/ (make fuzz's) gets qemu's default CPU.
test_cmd = $(QEMU_ARM) \
	$$(echo $(1) | sed -n 's|^a15/.*|-cpu cortex-a15|p') \
	$(TEST_BIN) $$(echo $(1) | sed 's|^[^/]*/||')
# The libc-free build of the suite (tests/harness/nolibc), on the same CPU,
# with integer registers only, as a kernel builds its files. Its C needs a
# divide instruction (no libgcc): ARMv7-A has none, the Cortex-A15's
# ARMv7VE has udiv.
NOLIBC_CONFIGS := a15/native
NOLIBC_ARCH_CFLAGS := -march=armv7ve+fp -mgeneral-regs-only
# The fuzzer's cases per run under qemu-arm (emulated: few).
FUZZ_CASES ?= 8000
# make sparse and make lint: 32-bit Arm.
SPARSE_FLAGS := --arch=arm -m32
SPARSE_KERNEL_FLAGS :=
SPARSE_DEPS := arm-linux-gnueabihf-gcc=gcc-arm-linux-gnueabihf
LINT_CLANG_FLAGS := --target=thumbv7m-none-eabi
LINT_CPPCHECK_FLAGS := --platform=arm32-wchar_t2 -D__arm__ -D__thumb2__
LINT_DEPS := arm-linux-gnueabihf-gcc=gcc-arm-linux-gnueabihf
