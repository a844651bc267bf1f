# SPDX-License-Identifier: MIT
# RISC-V 64's runs of `make check` (see tests/arch/x86_64/check.mk for the
# variables), under qemu-riscv64.
CHECK_RUNS += rv64 rv64-clang sparse-rv64 lint-rv64
CHECK_TOOLS += sparse \
	riscv64-linux-gnu-gcc=gcc-riscv64-linux-gnu,libc6-dev-riscv64-cross \
	qemu-riscv64=qemu-user

check-rv64_ARGS := ARCH=riscv64
# clang, prefixed for vendoring. It links with GNU ld: lld 14 cannot link
# Debian's static glibc for RISC-V (R_RISCV_ALIGN needs the relaxation it
# does not implement).
check-rv64-clang_ARGS := ARCH=riscv64 CC="clang --target=riscv64-linux-gnu" \
	NOLIBC_CONFIGS= PREFIX=vendor_
# sparse over the library and the kernel's files (tests/tools/sparse.mk).
check-sparse-rv64_ARGS := ARCH=riscv64
check-sparse-rv64_TARGET := sparse
check-sparse-rv64_LOGS := sparse.log
# The suite once more, under the misaligned-access plugin (tests/tools/misaligned.mk).
CHECK_RUNS += misaligned-rv64
check-misaligned-rv64_ARGS := ARCH=riscv64
check-misaligned-rv64_TARGET := misaligned
check-misaligned-rv64_LOGS := misaligned.log
# make lint (tests/tools/lint.mk) with the cross compiler and clang's target.
check-lint-rv64_ARGS := ARCH=riscv64
check-lint-rv64_TARGET := lint
check-lint-rv64_LOGS := lint.log
# The bare-metal S-mode kernel (examples/riscv64/) under
# qemu-system-riscv64 -M virt, SUM enforced.
CHECK_RUNS += qemu-rv64
CHECK_TOOLS += qemu-system-riscv64=qemu-system-misc
DEMO_TOOLS += riscv64-linux-gnu-gcc=gcc-riscv64-linux-gnu,libc6-dev-riscv64-cross \
	qemu-system-riscv64=qemu-system-misc
check-qemu-rv64_ARGS := ARCH=riscv64
check-qemu-rv64_TARGET := qemu-test
check-qemu-rv64_LOGS := suite.log
