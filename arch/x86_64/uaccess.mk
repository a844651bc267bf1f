# SPDX-License-Identifier: MIT
# x86-64 build settings of the library, for uaccess.mk.
#
# Integer registers only and no red zone (the library may run in an
# interrupt context on the kernel stack). -fpie makes every reference
# RIP-relative, so the same objects link into a PIE and into a kernel built
# with -mcmodel=kernel -fno-pic.
UACCESS_ARCH_CFLAGS := -mgeneral-regs-only -mno-red-zone -fpie
UACCESS_ARCH_CPPFLAGS :=
