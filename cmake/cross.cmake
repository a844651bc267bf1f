# SPDX-License-Identifier: MIT
# What the toolchain files beside this one share: a freestanding target
# (no C library, no linking in CMake's compiler checks), Debian's cross
# gcc for the triple they set (uaccess_triple), or clang with
# -DCMAKE_C_COMPILER=clang, to which CMake passes --target=<triple>.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
if(NOT CMAKE_C_COMPILER)
	set(CMAKE_C_COMPILER ${uaccess_triple}-gcc)
endif()
set(CMAKE_C_COMPILER_TARGET ${uaccess_triple})
set(CMAKE_ASM_COMPILER_TARGET ${uaccess_triple})
set(CMAKE_AR ${uaccess_triple}-ar CACHE FILEPATH "")
set(CMAKE_RANLIB ${uaccess_triple}-ranlib CACHE FILEPATH "")
