# SPDX-License-Identifier: MIT
# PowerPC32: how the tests build and run (the library's own flags are in
# arch/powerpc32/uaccess.mk).
#
# DCBZ_LINE=16|32|64|128|0 sets UACCESS_DCBZ_LINE (<uaccess/dcbz.h>, 32 by
# default) for the library and the tests, and picks the test runs below.
CROSS_COMPILE ?= powerpc-linux-gnu-
UACCESS_DCBZ_LINE := $(DCBZ_LINE)
# The settings $(LIB) gets beyond uaccess.mk's defaults, for the build
# check that compares its objects with uaccess.mk's.
LIB_SETTINGS := $(if $(DCBZ_LINE),UACCESS_DCBZ_LINE=$(DCBZ_LINE))

# Flags of the kernel-model link check (tests/checks/build-checks.sh).
KERNEL_CFLAGS := -mcpu=powerpc -mbig-endian -msoft-float -fno-pic
# The suite is a static Linux program run under qemu-ppc (glibc's static
# binaries need a CPU with the classic FPU: not e500v1/v2).
TEST_ARCH_LDFLAGS := -static

# Each run is CPU/FEATURES: qemu-ppc -cpu CPU uaccess-test FEATURES. The
# CPUs' dcbz lines under qemu: 750, e300c3 and e500v2 32 bytes, e500mc 64.
# "dcbz" forces the feature: where the line differs, the library must
# refuse it. e500v2 has no classic FPU, so it runs the libc-free build of
# the suite (tests/harness/nolibc), NOLIBC_CONFIGS.
ifeq ($(DCBZ_LINE),64)
TEST_CONFIGS := e500mc/native e500mc/none 750/dcbz
NOLIBC_CONFIGS := e500v2/dcbz
else ifeq ($(DCBZ_LINE),16)
TEST_CONFIGS := 750/native 750/dcbz e500mc/dcbz
NOLIBC_CONFIGS := e500v2/dcbz
else
TEST_CONFIGS := 750/native 750/none e300c3/native e500mc/native e500mc/dcbz
NOLIBC_CONFIGS := e500v2/native e500v2/none
endif
QEMU_PPC ?= qemu-ppc
test_cmd = $(QEMU_PPC) -cpu $$(echo $(1) | cut -d/ -f1) $(TEST_BIN) \
	$$(echo $(1) | cut -d/ -f2)
# The libc-free build: soft float, since e500 cores have no classic FPU
# and nothing in the suite needs one.
NOLIBC_ARCH_CFLAGS := -msoft-float
# make sparse (tests/tools/sparse.mk): sparse's target, and the bare-metal
# kernel's -D flags (examples/powerpc32/kernel.mk): every file a KUAP
# kernel's (-DUACCESS_KUAP), but test_kuap.c, which defines UACCESS_KUAP
# itself and has the kernel's hooks call its own. The dcbz line is
# DCBZ_LINE's (32 by default, as in the kernel for 32-byte lines).
SPARSE_FLAGS := --arch=ppc -m32 -mbig-endian
SPARSE_KERNEL_FLAGS = $(if $(filter %/test_kuap.c,$(1)),-DKUAP_CHAIN_TEST_HOOKS,-DUACCESS_KUAP)
SPARSE_DEPS := powerpc-linux-gnu-gcc=gcc-powerpc-linux-gnu
# make lint (tests/tools/lint.mk): gcc -fanalyzer through the cross compiler,
# clang-tidy with clang's PowerPC target.
LINT_CLANG_FLAGS := --target=powerpc-linux-gnu
LINT_CPPCHECK_FLAGS := --platform=unix32 -D__powerpc__ -D__BIG_ENDIAN__
LINT_DEPS := powerpc-linux-gnu-gcc=gcc-powerpc-linux-gnu
# The fuzzer's cases per run under qemu-ppc (emulated: few; tests/tools/fuzz.mk).
FUZZ_CASES ?= 8000
