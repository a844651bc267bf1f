# SPDX-License-Identifier: MIT
#
# uaccess.mk: the library's sources and flags, for a kernel's own Makefile
# (the project's Makefile uses it too, so this list is what `make check`
# builds). Set what you need, include it, build the sources with your
# compiler:
#
#   UACCESS_ARCH := ...                # required: the name of a directory
#                                      # of arch/
#   UACCESS_PREFIX := mykernel_        # optional: every symbol gets it
#   UACCESS_SHORT_NAMES := n           # optional: no copy_to_user, get_user,
#                                      # ... macros (use uaccess_copy_to_user)
#   include path/to/uaccess/uaccess.mk
#
# An architecture may take settings of its own: see the top of
# arch/$(UACCESS_ARCH)/uaccess.mk.
#
#   UACCESS_SRCS      the .c and .S files to compile (paths under UACCESS_DIR)
#   UACCESS_CPPFLAGS  for them AND for every file that includes <uaccess.h>
#                     (include paths and the configuration macros)
#   UACCESS_CFLAGS    for the library's own files (freestanding, no SIMD/FP)
#   UACCESS_LDFLAGS   -L for the linker script's INCLUDE uaccess/sections.ld
#
# Which files: every lib/*.c, and every arch/$(UACCESS_ARCH)/*.[cS]; as in
# musl, an arch file replaces the lib/ file of the same base name.

ifndef UACCESS_DIR
UACCESS_DIR := $(patsubst %/,%,$(dir $(lastword $(MAKEFILE_LIST))))
endif
UACCESS_SHORT_NAMES ?= y

ifeq ($(wildcard $(UACCESS_DIR)/arch/$(UACCESS_ARCH)/uaccess.mk),)
$(error UACCESS_ARCH must name a directory of $(UACCESS_DIR)/arch/ (got '$(UACCESS_ARCH)'))
endif
include $(UACCESS_DIR)/arch/$(UACCESS_ARCH)/uaccess.mk

_uaccess_arch_srcs := $(wildcard $(UACCESS_DIR)/arch/$(UACCESS_ARCH)/*.c \
	$(UACCESS_DIR)/arch/$(UACCESS_ARCH)/*.S)
UACCESS_SRCS := $(filter-out \
	$(addprefix $(UACCESS_DIR)/lib/,$(addsuffix .c,$(basename $(notdir $(_uaccess_arch_srcs))))), \
	$(wildcard $(UACCESS_DIR)/lib/*.c)) $(_uaccess_arch_srcs)

UACCESS_CPPFLAGS := -I$(UACCESS_DIR)/include -I$(UACCESS_DIR)/arch/$(UACCESS_ARCH)/include \
	$(if $(UACCESS_PREFIX),-DUACCESS_PREFIX=$(UACCESS_PREFIX)) \
	$(if $(filter n,$(UACCESS_SHORT_NAMES)),-DUACCESS_NO_SHORT_NAMES) \
	$(UACCESS_ARCH_CPPFLAGS)
UACCESS_CFLAGS := -std=gnu11 -ffreestanding -fno-builtin -nostdlib \
	-fno-stack-protector -I$(UACCESS_DIR)/lib $(UACCESS_ARCH_CFLAGS)
UACCESS_LDFLAGS := -L$(UACCESS_DIR)/include
