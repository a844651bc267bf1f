# SPDX-License-Identifier: MIT
# x86-64 build settings of the library, for CMakeLists.txt: those of
# uaccess.mk beside this file (which says why), kept equal by
# tests/checks/buildsys.py.
set(UACCESS_ARCH_CFLAGS -mgeneral-regs-only -mno-red-zone -fpie)
set(UACCESS_ARCH_DEFINES)
