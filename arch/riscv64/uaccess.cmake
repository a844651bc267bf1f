# SPDX-License-Identifier: MIT
# RISC-V 64 build settings of the library, for CMakeLists.txt: those of
# uaccess.mk beside this file (which says what each does and why), kept
# equal by tests/checks/buildsys.py.
set(UACCESS_RISCV_SUM "" CACHE STRING "0: a U-mode build (empty: 1, S-mode)")
set(UACCESS_RISCV_ABI lp64 CACHE STRING "the float ABI, lp64 or lp64d")
set(UACCESS_RISCV_VA "" CACHE STRING "SV48 or SV57: the user end (empty: SV39)")
if(UACCESS_RISCV_ABI STREQUAL lp64d)
	set(_uaccess_rv_march rv64imafdc)
else()
	set(_uaccess_rv_march rv64imac)
endif()
set(UACCESS_ARCH_CFLAGS -march=${_uaccess_rv_march} -mabi=${UACCESS_RISCV_ABI}
	-mcmodel=medany -fno-pic -msmall-data-limit=0)
set(UACCESS_ARCH_DEFINES)
if(NOT UACCESS_RISCV_SUM STREQUAL "")
	list(APPEND UACCESS_ARCH_DEFINES UACCESS_RISCV_SUM=${UACCESS_RISCV_SUM})
endif()
if(NOT UACCESS_RISCV_VA STREQUAL "")
	list(APPEND UACCESS_ARCH_DEFINES UACCESS_USER_END=UACCESS_USER_END_${UACCESS_RISCV_VA})
endif()
