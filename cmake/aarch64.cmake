# SPDX-License-Identifier: MIT
# A CMake toolchain file for aarch64: cmake -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64.cmake
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(uaccess_triple aarch64-linux-gnu)
include(${CMAKE_CURRENT_LIST_DIR}/cross.cmake)
