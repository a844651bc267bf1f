# SPDX-License-Identifier: MIT
# Prints what uaccess.mk gives a kernel's Makefile, for tests/checks/build-checks.sh:
#   make -f tests/checks/link/print-flags.mk UACCESS_ARCH=... [srcs|cppflags]
# (default: UACCESS_CPPFLAGS and UACCESS_CFLAGS together).
UACCESS_RULES := n
include uaccess.mk
all:
	@echo $(UACCESS_CPPFLAGS) $(UACCESS_CFLAGS)
srcs:
	@echo $(UACCESS_SRCS)
cppflags:
	@echo $(UACCESS_CPPFLAGS)
.PHONY: all srcs cppflags
