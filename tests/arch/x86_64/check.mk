# SPDX-License-Identifier: MIT
# x86-64's runs of `make check` (each a `make test`, or check-RUN_TARGET,
# with check-RUN_ARGS, in its own output directory), and the tools they
# need (scripts/install-deps.sh: TOOL or TOOL=PACKAGE[,PACKAGE]).
CHECK_RUNS += gcc clang gcc-prefix asan qemu-x86 qemu-x86-clang sparse-x86 lint-x86
CHECK_TOOLS += gcc clang ld.lld=lld qemu-system-x86_64=qemu-system-x86 sparse \
	clang-tidy cppcheck
DEMO_TOOLS += gcc qemu-system-x86_64=qemu-system-x86

check-gcc_ARGS := CC=gcc
check-clang_ARGS := CC=clang EXTRA_LDFLAGS=-fuse-ld=lld
# The vendoring build (every symbol prefixed) passes the same suite, on the
# baseline and the FSRM code; its build checks link it beside a kernel that
# has its own copy_to_user. It also builds the scalar accessors without
# asm goto, the form older compilers get.
check-gcc-prefix_ARGS := CC=gcc PREFIX=vendor_ TEST_CONFIGS="none erms+fsrm" \
	NOLIBC_CONFIGS= EXTRA_CFLAGS=-DUACCESS_NO_ASM_GOTO
# The bare-metal kernel (examples/x86_64/) under QEMU, every configuration
# (a boot that fails or hangs counts as a failed case), built with gcc and
# with clang + lld.
check-qemu-x86_ARGS := CC=gcc
check-qemu-x86_TARGET := qemu-test
check-qemu-x86_LOGS := suite.log
check-qemu-x86-clang_ARGS := CC=clang EXTRA_LDFLAGS=-fuse-ld=lld
check-qemu-x86-clang_TARGET := qemu-test
check-qemu-x86-clang_LOGS := suite.log
# sparse over the library and the kernel's files (tests/tools/sparse.mk).
check-sparse-x86_ARGS := CC=gcc
check-sparse-x86_TARGET := sparse
check-sparse-x86_LOGS := sparse.log
# The suite (every feature set) with AddressSanitizer and UBSan (clang's
# standard undefined set) in the library's C code and the tests; any report
# aborts the run, which then has no closing line and counts as failed. The
# library's .S routines are not instrumented, nor are mmap'd user pages
# tracked. Only the suite: the build checks are about the plain objects.
check-asan_ARGS := CC=clang EXTRA_LDFLAGS="-fuse-ld=lld -fsanitize=address,undefined" \
	EXTRA_CFLAGS="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
	NOLIBC_CONFIGS=
check-asan_TARGET := suite
check-asan_LOGS := suite.log
# make lint (tests/tools/lint.mk): gcc -fanalyzer, clang-tidy and cppcheck over
# the library.
check-lint-x86_ARGS := CC=gcc
check-lint-x86_TARGET := lint
check-lint-x86_LOGS := lint.log
# The demo kernel built with CMake (gcc, and clang + lld) and with Meson,
# the library through their two lines (examples/cmake/, examples/meson/),
# booted as make qemu-demo boots it.
CHECK_RUNS += cmake-x86 cmake-x86-clang meson-x86
check-cmake-x86_ARGS := CC=gcc
check-cmake-x86_TARGET := cmake-demo
check-cmake-x86_LOGS := suite.log
check-cmake-x86-clang_ARGS := CC=clang EXTRA_LDFLAGS=-fuse-ld=lld
check-cmake-x86-clang_TARGET := cmake-demo
check-cmake-x86-clang_LOGS := suite.log
check-meson-x86_ARGS := CC=gcc
check-meson-x86_TARGET := meson-demo
check-meson-x86_LOGS := suite.log
