# SPDX-License-Identifier: MIT
# find_package(uaccess), after cmake --install of the library: the target
# uaccess::uaccess as CMakeLists.txt defines it, and UACCESS_SECTIONS_LD.
include(${CMAKE_CURRENT_LIST_DIR}/uaccess-targets.cmake)
get_filename_component(UACCESS_SECTIONS_LD
	${CMAKE_CURRENT_LIST_DIR}/../../../include/uaccess/sections.ld ABSOLUTE)
