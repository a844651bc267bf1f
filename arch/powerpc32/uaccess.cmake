# SPDX-License-Identifier: MIT
# PowerPC32 build settings of the library, for CMakeLists.txt: those of
# uaccess.mk beside this file (which says what each does and why), kept
# equal by tests/checks/buildsys.py.
set(UACCESS_DCBZ_LINE "" CACHE STRING "the dcbz line (empty: 32; 0: no dcbz)")
set(UACCESS_ARCH_CFLAGS -mcpu=powerpc -mbig-endian -msoft-float -fno-pic)
set(UACCESS_ARCH_DEFINES)
if(NOT UACCESS_DCBZ_LINE STREQUAL "")
	list(APPEND UACCESS_ARCH_DEFINES UACCESS_DCBZ_LINE=${UACCESS_DCBZ_LINE})
endif()
