# SPDX-License-Identifier: MIT
# A CMake toolchain file for armv7m: cmake -DCMAKE_TOOLCHAIN_FILE=cmake/armv7m.cmake
set(CMAKE_SYSTEM_PROCESSOR arm)
set(uaccess_triple arm-none-eabi)
include(${CMAKE_CURRENT_LIST_DIR}/cross.cmake)
