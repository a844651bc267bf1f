# SPDX-License-Identifier: MIT
# PowerPC32 build settings of the library, for uaccess.mk.
#
#   UACCESS_DCBZ_LINE := 64    the dcbz line of the target (default 32;
#                              0 builds without dcbz; <uaccess/dcbz.h>)
#
# Big-endian, any CPU from the original PowerPC on: integer registers only
# (-msoft-float; the library never touches FP state, so a kernel need not
# save it around a user copy) and no PIC: 32-bit PowerPC kernels are not
# PIC, and the .S routines are position independent anyway.
UACCESS_ARCH_CFLAGS := -mcpu=powerpc -mbig-endian -msoft-float -fno-pic
UACCESS_ARCH_CPPFLAGS := \
	$(if $(UACCESS_DCBZ_LINE),-DUACCESS_DCBZ_LINE=$(UACCESS_DCBZ_LINE))
