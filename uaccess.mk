# SPDX-License-Identifier: MIT
#
# uaccess.mk: the library's sources and flags, for a kernel's own Makefile
# (the project's Makefile uses it too, so this list is what `make check`
# builds). Set what you need, include it, build the sources with your
# compiler:
#
#   UACCESS_ARCH := x86_64             # or powerpc32 (default: x86_64)
#   UACCESS_PREFIX := mykernel_        # optional: every symbol gets it
#   UACCESS_SHORT_NAMES := n           # optional: no copy_to_user, get_user,
#                                      # ... macros (use uaccess_copy_to_user)
#   UACCESS_DCBZ_LINE := 64            # PowerPC32: the dcbz line (default 32)
#   include path/to/uaccess/uaccess.mk
#
#   UACCESS_SRCS      the .c and .S files to compile (paths under UACCESS_DIR)
#   UACCESS_CPPFLAGS  for them AND for every file that includes <uaccess.h>
#                     (include paths and the configuration macros)
#   UACCESS_CFLAGS    for the library's own files (freestanding, no SIMD/FP)
#   UACCESS_LDFLAGS   -L for the linker script's INCLUDE uaccess/sections.ld
#
# Which files: every lib/*.c, and every arch/$(UACCESS_ARCH)/*.[cS]; as in
# musl, an arch file replaces the lib/ file of the same base name.

UACCESS_DIR ?= $(patsubst %/,%,$(dir $(lastword $(MAKEFILE_LIST))))
UACCESS_ARCH ?= x86_64
UACCESS_SHORT_NAMES ?= y

# x86-64: integer registers only and no red zone (the library may run in an
# interrupt context on the kernel stack). -fpie makes every reference
# RIP-relative, so the same objects link into a PIE and into a kernel built
# with -mcmodel=kernel -fno-pic.
UACCESS_ARCH_CFLAGS_x86_64 := -mgeneral-regs-only -mno-red-zone -fpie
# PowerPC32, big-endian, any CPU from the original PowerPC on: integer
# registers only (-msoft-float; the library never touches FP state, so a
# kernel need not save it around a user copy) and no PIC: 32-bit PowerPC
# kernels are not PIC, and the .S routines are position independent anyway.
UACCESS_ARCH_CFLAGS_powerpc32 := -mcpu=powerpc -mbig-endian -msoft-float -fno-pic

_uaccess_arch_srcs := $(wildcard $(UACCESS_DIR)/arch/$(UACCESS_ARCH)/*.c \
	$(UACCESS_DIR)/arch/$(UACCESS_ARCH)/*.S)
UACCESS_SRCS := $(filter-out \
	$(addprefix $(UACCESS_DIR)/lib/,$(addsuffix .c,$(basename $(notdir $(_uaccess_arch_srcs))))), \
	$(wildcard $(UACCESS_DIR)/lib/*.c)) $(_uaccess_arch_srcs)

UACCESS_CPPFLAGS := -I$(UACCESS_DIR)/include -I$(UACCESS_DIR)/arch/$(UACCESS_ARCH)/include \
	$(if $(UACCESS_PREFIX),-DUACCESS_PREFIX=$(UACCESS_PREFIX)) \
	$(if $(filter n,$(UACCESS_SHORT_NAMES)),-DUACCESS_NO_SHORT_NAMES) \
	$(if $(UACCESS_DCBZ_LINE),-DUACCESS_DCBZ_LINE=$(UACCESS_DCBZ_LINE))
UACCESS_CFLAGS := -std=gnu11 -ffreestanding -fno-builtin -nostdlib \
	-fno-stack-protector -I$(UACCESS_DIR)/lib \
	$(UACCESS_ARCH_CFLAGS_$(UACCESS_ARCH))
UACCESS_LDFLAGS := -L$(UACCESS_DIR)/include
