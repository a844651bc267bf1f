# SPDX-License-Identifier: MIT
#
# uaccess.mk: the library's sources, flags, objects and the rules that
# build them, for a kernel's own Makefile (the project's Makefile uses it
# too, so this list is what `make check` builds). Two lines are enough:
#
#   UACCESS_ARCH := <arch>             # required: the name of a directory
#                                      # of arch/ (ls arch/)
#   include path/to/uaccess/uaccess.mk
#
# then link $(UACCESS_OBJS) into the kernel, and compile every kernel file
# that includes <uaccess.h> with $(UACCESS_CPPFLAGS) too. Optional, before
# the include:
#
#   UACCESS_PREFIX := mykernel_        # every symbol gets it
#   UACCESS_SHORT_NAMES := n           # no copy_to_user, get_user, ...
#                                      # macros (use uaccess_copy_to_user):
#                                      # adds -DUACCESS_NO_SHORT_NAMES
#   UACCESS_O := build/uaccess         # where the objects go (the default)
#   UACCESS_CC := $(CC)                # the compiler (the default: the
#                                      # includer's CC, so include this
#                                      # file after setting CC)
#   UACCESS_EXTRA_CFLAGS := -g         # added to the library's flags
#   UACCESS_KUAP := mykernel/include   # the directory of your window hooks,
#                                      # <uaccess/kuap.h>: adds -I it and
#                                      # -DUACCESS_KUAP (<uaccess/kuap_hooks.h>)
#   UACCESS_HARDENED := 0              # no hardened copies: adds
#                                      # -DUACCESS_HARDENED=0
#   UACCESS_RULES := n                 # no objects and rules: build
#                                      # UACCESS_SRCS yourself
#
# Only pattern rules are defined: the includer's default goal stays its
# own. Changing a setting rebuilds the objects ($(UACCESS_O)/uaccess.flags).
#
# Which flags the objects get: exactly $(UACCESS_CPPFLAGS) $(UACCESS_CFLAGS)
# -O2 -MMD -MP $(UACCESS_EXTRA_CFLAGS), never the kernel's CFLAGS or
# CPPFLAGS: a kernel built with -O0 or -mcmodel=kernel still gets the
# library's code as it is tested (its assembly and inline asm do not care
# about the kernel's optimisation level, and the arch's flags make the
# objects fit any code model: see arch/$(UACCESS_ARCH)/uaccess.mk).
#
# An architecture may take settings of its own: see the top of
# arch/$(UACCESS_ARCH)/uaccess.mk.
#
#   UACCESS_SRCS      the .c and .S files to compile (paths under UACCESS_DIR)
#   UACCESS_CPPFLAGS  for them AND for every file that includes <uaccess.h>
#                     (include paths and the configuration macros)
#   UACCESS_CFLAGS    for the library's own files (freestanding, no SIMD/FP)
#   UACCESS_LDFLAGS   -L for the linker script's INCLUDE uaccess/sections.ld
#   UACCESS_OBJS      the objects, $(UACCESS_O)/lib/*.o and
#                     $(UACCESS_O)/arch/$(UACCESS_ARCH)/*.o, with pattern
#                     rules for $(UACCESS_O)/%.o and their -MMD
#                     dependencies included (unless UACCESS_RULES is n)
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

UACCESS_CPPFLAGS := $(if $(UACCESS_KUAP),-I$(UACCESS_KUAP) -DUACCESS_KUAP) \
	-I$(UACCESS_DIR)/include -I$(UACCESS_DIR)/arch/$(UACCESS_ARCH)/include \
	$(if $(UACCESS_PREFIX),-DUACCESS_PREFIX=$(UACCESS_PREFIX)) \
	$(if $(filter n,$(UACCESS_SHORT_NAMES)),-DUACCESS_NO_SHORT_NAMES) \
	$(if $(UACCESS_HARDENED),-DUACCESS_HARDENED=$(UACCESS_HARDENED)) \
	$(UACCESS_ARCH_CPPFLAGS)
UACCESS_CFLAGS := -std=gnu11 -ffreestanding -fno-builtin -nostdlib \
	-fno-stack-protector -I$(UACCESS_DIR)/lib $(UACCESS_ARCH_CFLAGS)
UACCESS_LDFLAGS := -L$(UACCESS_DIR)/include

# The objects and their rules. The project's own Makefile sets
# UACCESS_RULES := n: it builds the same sources under $(O) with its own
# pattern rules (and -Werror), which these would otherwise overlap.
UACCESS_RULES ?= y
ifneq ($(strip $(UACCESS_RULES)),n)
# A rule with targets (below, and in the -MMD files) would make its first
# the default goal: the includer's is kept.
_uaccess_goal := $(.DEFAULT_GOAL)
UACCESS_O ?= build/uaccess
UACCESS_CC ?= $(CC)
UACCESS_EXTRA_CFLAGS ?=
UACCESS_OBJS := $(addprefix $(UACCESS_O)/,$(addsuffix .o,$(basename \
	$(patsubst $(UACCESS_DIR)/%,%,$(UACCESS_SRCS)))))

# The compiler and flags are fixed for these objects here, so a Makefile
# may include this file again with other settings and another UACCESS_O
# (two libraries in one build) without changing the first one's.
_uaccess_cmd := $(strip $(UACCESS_CC) $(UACCESS_CPPFLAGS) $(UACCESS_CFLAGS) -O2 \
	-MMD -MP $(UACCESS_EXTRA_CFLAGS))
$(UACCESS_OBJS): _uaccess_cmd := $(_uaccess_cmd)
_uaccess_build = mkdir -p $(@D) && $(_uaccess_cmd) -c $< -o $@

# The objects depend on the command that built them: it is kept in
# $(UACCESS_O)/uaccess.flags, rewritten only when it changes, so a changed
# setting (UACCESS_RISCV_SUM, UACCESS_EXTRA_CFLAGS, the compiler, ...)
# rebuilds them, and the kernel's files and the library's cannot disagree.
_uaccess_flags_file := $(UACCESS_O)/uaccess.flags
ifneq ($(file <$(_uaccess_flags_file)),$(_uaccess_cmd))
$(shell mkdir -p $(UACCESS_O))
$(file >$(_uaccess_flags_file),$(_uaccess_cmd))
endif
$(UACCESS_OBJS): $(_uaccess_flags_file)

$(UACCESS_O)/%.o: $(UACCESS_DIR)/%.c
	$(_uaccess_build)
$(UACCESS_O)/%.o: $(UACCESS_DIR)/%.S
	$(_uaccess_build)

-include $(UACCESS_OBJS:.o=.d)
.DEFAULT_GOAL := $(_uaccess_goal)
endif
