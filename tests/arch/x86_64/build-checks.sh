# SPDX-License-Identifier: MIT
# x86-64 build checks, sourced by tests/build-checks.sh:
#  - the library links into a PIE without text relocations (the suite's
#    binary is linked with -z text; checked again from its dynamic section);
#  - no SIMD or x87 registers in the library code.
! readelf -d "$O/tests/uaccess-test" 2>/dev/null | grep -q TEXTREL &&
	readelf -h "$O/tests/uaccess-test" | grep -q 'DYN'
result $? "links into a PIE without text relocations"

! $OBJDUMP -d "$LIB" | grep -Eq '%(x|y|z)mm|%st|%mm[0-7]'
result $? "no SIMD or x87 registers in the library"

