# SPDX-License-Identifier: MIT
# PowerPC32's runs of `make check` (see tests/arch/x86_64/check.mk for the
# variables), all under qemu-ppc or qemu-system-ppc.
CHECK_RUNS += ppc32 ppc32-l64 ppc32-l16 ppc32-clang qemu-ppc32 sparse-ppc32 lint-ppc32
CHECK_TOOLS += sparse \
	powerpc-linux-gnu-gcc=gcc-powerpc-linux-gnu,libc6-dev-powerpc-cross \
	qemu-ppc=qemu-user qemu-system-ppc
DEMO_TOOLS += \
	powerpc-linux-gnu-gcc=gcc-powerpc-linux-gnu,libc6-dev-powerpc-cross \
	qemu-system-ppc

# 32-byte lines (the default), a 64-byte build (e500mc), a 16-byte build on
# 32-byte cores (must refuse dcbz), and clang, prefixed for vendoring, on
# one CPU: the library must build with either compiler.
check-ppc32_ARGS := ARCH=powerpc32
check-ppc32-l64_ARGS := ARCH=powerpc32 DCBZ_LINE=64
check-ppc32-l16_ARGS := ARCH=powerpc32 DCBZ_LINE=16
check-ppc32-clang_ARGS := ARCH=powerpc32 CC="clang --target=powerpc-linux-gnu" \
	EXTRA_LDFLAGS=-fuse-ld=lld TEST_CONFIGS=750/native NOLIBC_CONFIGS= \
	PREFIX=vendor_
# The bare-metal e500 kernel (examples/powerpc32/) under qemu-system-ppc,
# every configuration.
check-qemu-ppc32_ARGS := ARCH=powerpc32
check-qemu-ppc32_TARGET := qemu-test
check-qemu-ppc32_LOGS := suite.log
# sparse over the library and the kernel's files (tests/tools/sparse.mk).
check-sparse-ppc32_ARGS := ARCH=powerpc32
check-sparse-ppc32_TARGET := sparse
check-sparse-ppc32_LOGS := sparse.log
# make lint (tests/tools/lint.mk) with the cross compiler and clang's target.
check-lint-ppc32_ARGS := ARCH=powerpc32
check-lint-ppc32_TARGET := lint
check-lint-ppc32_LOGS := lint.log
