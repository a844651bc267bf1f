# SPDX-License-Identifier: MIT
# Arm Cortex-M build settings of the library (ARMv7-M and ARMv8-M
# Mainline: M3, M4, M7, M33, M55, ...), for uaccess.mk.
#
#   UACCESS_ARMV7M_FLOAT_ABI := hard   the float ABI the objects are
#                              tagged with (default soft). The library
#                              passes no floating-point argument, but GNU
#                              ld refuses to link an object tagged with the
#                              base (soft) AAPCS into a hard-float program
#                              ("X uses VFP register arguments, Y does
#                              not"; checked with GNU ld 2.40, for gcc's
#                              and clang's objects), so this follows the
#                              kernel's: hard builds for -march=
#                              $(UACCESS_ARMV7M_ARCH)+fp (armv7e-m+fp by
#                              default: M4F, M7, and no M3 has an FPU)
#                              with -mgeneral-regs-only, so the tag is all
#                              that changes; softfp links with soft.
#   UACCESS_ARMV7M_ARCH := armv8-m.main   the -march (default armv7-m, whose
#                              code runs on every core named above;
#                              armv7e-m with the hard ABI).
#   UACCESS_ARMV7M_FUTEX_BASEPRI := 0   the BASEPRI level the futex atomic
#                              raises to, 0 for none (<uaccess/arch.h>
#                              says when that is safe); unset, the header's
#                              default.
#
# Soft (the default): no FP register exists for the compiler, so a kernel
# need not save FP state (lazy stacking included) around a user copy; with
# hard, gcc's -mgeneral-regs-only keeps it so (clang ignores that flag on
# Arm, with a warning). -fno-pic: globals through literal pools, no GOT.
# -mno-unaligned-access: the C code's kernel-side stores (a string's
# words into an unaligned buffer) go byte by byte, so a kernel may set
# CCR.UNALIGN_TRP, as the assembly routines allow too.
UACCESS_ARMV7M_FLOAT_ABI ?= soft
ifeq ($(UACCESS_ARMV7M_FLOAT_ABI),hard)
UACCESS_ARMV7M_ARCH ?= armv7e-m
_uaccess_cm_fp := -march=$(UACCESS_ARMV7M_ARCH)+fp -mfloat-abi=hard -mgeneral-regs-only
else
UACCESS_ARMV7M_ARCH ?= armv7-m
_uaccess_cm_fp := -march=$(UACCESS_ARMV7M_ARCH) -mfloat-abi=$(UACCESS_ARMV7M_FLOAT_ABI)
endif
UACCESS_ARCH_CFLAGS := -mthumb $(_uaccess_cm_fp) -fno-pic -mno-unaligned-access
UACCESS_ARCH_CPPFLAGS := $(if $(UACCESS_ARMV7M_FUTEX_BASEPRI),\
	-DUACCESS_ARMV7M_FUTEX_BASEPRI=$(UACCESS_ARMV7M_FUTEX_BASEPRI))
