# SPDX-License-Identifier: MIT
#
# A kernel's Makefile as docs/INTEGRATION.md section 1 has it, for the
# vendoring check of tests/checks/build-checks.sh: the two lines, then the
# library's objects built through uaccess.mk's rules while this "kernel"
# sets CFLAGS and CPPFLAGS of its own (-O0, the kernel code model, a macro
# it defines), none of which may reach the library's objects.
#   make -f tests/checks/link/kernel.mk ARCH=... KERNEL_CFLAGS=... UACCESS_O=DIR
#	[UACCESS_PREFIX=... UACCESS_SHORT_NAMES=n UACCESS_EXTRA_CFLAGS=...]
UACCESS_ARCH := $(ARCH)
include uaccess.mk

CFLAGS := -O0 $(KERNEL_CFLAGS) -DKERNEL_OWN_CFLAGS
CPPFLAGS := -DKERNEL_OWN_CPPFLAGS

all: $(UACCESS_OBJS)
.PHONY: all
