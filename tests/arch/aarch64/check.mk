# SPDX-License-Identifier: MIT
# AArch64's runs of `make check` (see tests/arch/x86_64/check.mk for the
# variables), under qemu-aarch64.
CHECK_RUNS += a64 a64-clang
CHECK_TOOLS += \
	aarch64-linux-gnu-gcc=gcc-aarch64-linux-gnu,libc6-dev-arm64-cross \
	qemu-aarch64=qemu-user

check-a64_ARGS := ARCH=aarch64
# clang and lld, prefixed for vendoring: the library must build with
# either compiler and link with either linker.
# The sweep without dc zva is gcc's alone.
check-a64-clang_ARGS := ARCH=aarch64 CC="clang --target=aarch64-linux-gnu" \
	EXTRA_LDFLAGS=-fuse-ld=lld PREFIX=vendor_ TEST_CONFIGS=max/native
# sparse over the library and the suite's files (tests/tools/sparse.mk), and
# make lint (tests/tools/lint.mk) with the cross compiler and clang's target.
CHECK_RUNS += sparse-a64 lint-a64
check-sparse-a64_ARGS := ARCH=aarch64
check-sparse-a64_TARGET := sparse
check-sparse-a64_LOGS := sparse.log
check-lint-a64_ARGS := ARCH=aarch64
check-lint-a64_TARGET := lint
check-lint-a64_LOGS := lint.log
# The bare-metal EL1 kernel (examples/aarch64/) under qemu-system-aarch64
# -M virt: PAN, software PAN, the timer storm, two CPUs.
CHECK_RUNS += qemu-a64
CHECK_TOOLS += qemu-system-aarch64=qemu-system-arm
DEMO_TOOLS += aarch64-linux-gnu-gcc=gcc-aarch64-linux-gnu,libc6-dev-arm64-cross \
	qemu-system-aarch64=qemu-system-arm
check-qemu-a64_ARGS := ARCH=aarch64
check-qemu-a64_TARGET := qemu-test
check-qemu-a64_LOGS := suite.log
# The demo kernel built with CMake and with Meson (examples/cmake/,
# examples/meson/), its window hooks given as UACCESS_KUAP, booted as make
# qemu-demo boots it.
CHECK_RUNS += cmake-a64 meson-a64
check-cmake-a64_ARGS := ARCH=aarch64
check-cmake-a64_TARGET := cmake-demo
check-cmake-a64_LOGS := suite.log
check-meson-a64_ARGS := ARCH=aarch64
check-meson-a64_TARGET := meson-demo
check-meson-a64_LOGS := suite.log
