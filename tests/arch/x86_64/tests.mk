# SPDX-License-Identifier: MIT
# x86-64: how the tests build and run (the library's own flags are in
# arch/x86_64/uaccess.mk).
# Flags of the kernel-model link check (tests/build-checks.sh).
KERNEL_CFLAGS := -mcmodel=kernel -fno-pic -mno-red-zone -mgeneral-regs-only
# The tests call the inline routines, which call out of line from asm.
TEST_ARCH_CFLAGS := -mno-red-zone
# -z text: the library must need no text relocations in a PIE.
TEST_ARCH_LDFLAGS := -pie -Wl,-z,text
# Every feature set the dispatch distinguishes, each run in its own process
# (tests/hosted/platform.c parses the names).
TEST_CONFIGS := none rep_good erms erms+fsrm erms+fsrm+fsrs fsrs native
test_cmd = $(TEST_BIN) $(1)
# The libc-free build of the suite (tests/nolibc) once, to keep it working.
NOLIBC_CONFIGS := native
# make sparse (tests/sparse.mk): sparse's target; the bare-metal kernel
# builds its files with no -D flags of its own.
SPARSE_FLAGS := --arch=x86_64 -m64
SPARSE_KERNEL_FLAGS :=
SPARSE_DEPS := gcc
