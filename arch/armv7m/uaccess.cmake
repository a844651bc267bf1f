# SPDX-License-Identifier: MIT
# Arm Cortex-M build settings of the library, for CMakeLists.txt: those of
# uaccess.mk beside this file (which says what each does and why), kept
# equal by tests/checks/buildsys.py.
set(UACCESS_ARMV7M_FLOAT_ABI soft CACHE STRING "soft, softfp or hard")
set(UACCESS_ARMV7M_ARCH "" CACHE STRING "the -march (empty: armv7-m; armv7e-m with hard)")
set(UACCESS_ARMV7M_FUTEX_BASEPRI "" CACHE STRING "the futex atomic's BASEPRI level")
if(UACCESS_ARMV7M_FLOAT_ABI STREQUAL hard)
	if(UACCESS_ARMV7M_ARCH STREQUAL "")
		set(UACCESS_ARMV7M_ARCH armv7e-m)
	endif()
	set(_uaccess_cm_fp -march=${UACCESS_ARMV7M_ARCH}+fp -mfloat-abi=hard -mgeneral-regs-only)
else()
	if(UACCESS_ARMV7M_ARCH STREQUAL "")
		set(UACCESS_ARMV7M_ARCH armv7-m)
	endif()
	set(_uaccess_cm_fp -march=${UACCESS_ARMV7M_ARCH} -mfloat-abi=${UACCESS_ARMV7M_FLOAT_ABI})
endif()
set(UACCESS_ARCH_CFLAGS -mthumb ${_uaccess_cm_fp} -fno-pic -mno-unaligned-access)
set(UACCESS_ARCH_DEFINES)
if(NOT UACCESS_ARMV7M_FUTEX_BASEPRI STREQUAL "")
	list(APPEND UACCESS_ARCH_DEFINES
		UACCESS_ARMV7M_FUTEX_BASEPRI=${UACCESS_ARMV7M_FUTEX_BASEPRI})
endif()
