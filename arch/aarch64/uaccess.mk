# SPDX-License-Identifier: MIT
# AArch64 build settings of the library, for uaccess.mk.
#
#   UACCESS_AARCH64_PAN := 0   build for code that runs at EL0 (a Linux
#                              process: the hosted suite), which cannot
#                              touch PAN. Default 1: an EL1 kernel, whose
#                              dc zva loop clears PAN while it runs
#                              (<uaccess/arch.h>).
#
# Integer registers only (-mgeneral-regs-only): the compiler emits no FP or
# SIMD instruction, so a kernel need not save that state around a user
# copy; the build check finds none in the library. -fno-pic: globals are
# reached with adrp and an offset (PC-relative, +-4 GiB, the small code
# model), never through a GOT, so the objects link into a kernel at any
# address and into a static or PIE program with no run-time relocation.
UACCESS_ARCH_CFLAGS := -mgeneral-regs-only -fno-pic
UACCESS_ARCH_CPPFLAGS := \
	$(if $(UACCESS_AARCH64_PAN),-DUACCESS_AARCH64_PAN=$(UACCESS_AARCH64_PAN))
