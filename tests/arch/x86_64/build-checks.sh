# SPDX-License-Identifier: MIT
# x86-64 build checks, sourced by tests/checks/build-checks.sh:
#  - the library links into a PIE without text relocations (the suite's
#    binary is linked with -z text; checked again from its dynamic section);
#  - no SIMD or x87 registers in the library code;
#  - the size bands refuse values the routines cannot handle.
! readelf -d "$O/tests/uaccess-test" 2>/dev/null | grep -q TEXTREL &&
	readelf -h "$O/tests/uaccess-test" | grep -q 'DYN'
result $? "links into a PIE without text relocations"

! $OBJDUMP -d "$LIB" | grep -Eq '%(x|y|z)mm|%st|%mm[0-7]'
result $? "no SIMD or x87 registers in the library"

# The futex atomic's cmpxchg is locked: without the prefix it passes every
# case on one CPU, and two CPUs under QEMU race only when the host runs
# both at once.
cx=$($OBJDUMP -d --no-show-raw-insn "$LIB" | grep -P ':\t(lock )?cmpxchg')
unlocked=$(echo "$cx" | grep -vc 'lock')
cx=$(echo "$cx" | grep -c cmpxchg)
[ "$cx" -gt 0 ] && [ "$unlocked" -eq 0 ]
result $? "every cmpxchg in the library locked ($cx, $unlocked without)"


# The size bands are build settings, but only within what the routines
# handle (<uaccess/bands.h>): the default compiles, and a limit out of its
# range stops the build with the #error that names it.
bands() {
	echo '#include <uaccess.h>' |
		$CC $CPPFLAGS -std=gnu11 -ffreestanding -fsyntax-only "$@" -x c - 2>&1
}
bands >/dev/null
result $? "size bands: the default bands compile"
for band in UACCESS_CLEAR_SHORT_LIMIT=32 UACCESS_CLEAR_SHORT_LIMIT=129 \
		UACCESS_COPY_BULK=32 \
		UACCESS_CLEAR_BULK=100 UACCESS_CLEAR_BULK_LATE=600; do
	bands -D$band | grep -q "#error.*${band%=*}"
	result $? "size bands: -D$band is refused by its #error"
done

# The checked calls build no stack frame: no push, no lower rsp.
no_frame 'push|sub[[:space:]]+\$[^,]*,%rsp'
