# SPDX-License-Identifier: MIT
# A CMake toolchain file for riscv64: cmake -DCMAKE_TOOLCHAIN_FILE=cmake/riscv64.cmake
set(CMAKE_SYSTEM_PROCESSOR riscv64)
set(uaccess_triple riscv64-linux-gnu)
include(${CMAKE_CURRENT_LIST_DIR}/cross.cmake)
