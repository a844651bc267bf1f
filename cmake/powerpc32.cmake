# SPDX-License-Identifier: MIT
# A CMake toolchain file for powerpc32: cmake -DCMAKE_TOOLCHAIN_FILE=cmake/powerpc32.cmake
set(CMAKE_SYSTEM_PROCESSOR powerpc)
set(uaccess_triple powerpc-linux-gnu)
include(${CMAKE_CURRENT_LIST_DIR}/cross.cmake)
