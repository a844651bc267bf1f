# SPDX-License-Identifier: MIT
# AArch64 build settings of the library, for CMakeLists.txt: those of
# uaccess.mk beside this file (which says what each does and why), kept
# equal by tests/checks/buildsys.py.
set(UACCESS_AARCH64_PAN "" CACHE STRING "0: an EL0 build (empty: 1, EL1)")
set(UACCESS_ARCH_CFLAGS -mgeneral-regs-only -fno-pic)
set(UACCESS_ARCH_DEFINES)
if(NOT UACCESS_AARCH64_PAN STREQUAL "")
	list(APPEND UACCESS_ARCH_DEFINES UACCESS_AARCH64_PAN=${UACCESS_AARCH64_PAN})
endif()
