#!/bin/sh
# SPDX-License-Identifier: MIT
# Checks on the built library, one case each, for `make test`:
#  - no undefined symbols but those the linker provides;
#  - it links into a freestanding kernel image (KERNEL_CFLAGS, own linker
#    script with <uaccess/sections.ld>);
#  - whatever tests/arch/$ARCH/build-checks.sh adds.
# Environment: CC NM OBJDUMP O ARCH LIB KERNEL_CFLAGS (set by the Makefile).
set -u
passed=0
failed=0
result() {
	if [ "$1" -eq 0 ]; then
		echo "ok - $2"; passed=$((passed + 1))
	else
		echo "not ok - $2"; failed=$((failed + 1))
	fi
}

# Symbols the linker defines for the library's sections.
allowed='__start_uaccess_extable __stop_uaccess_extable
	__start_uaccess_altinstr __stop_uaccess_altinstr'
defined=$($NM --defined-only "$LIB" | awk 'NF == 3 { print $3 }' | sort -u)
undef=$($NM -u "$LIB" | awk 'NF == 2 { print $2 }' | sort -u)
extra=$(for s in $undef; do
	echo "$defined" | grep -qx "$s" && continue
	echo $allowed | tr " " "\n" | grep -qx "$s" && continue
	echo "$s"
done)
[ -z "$extra" ]
result $? "nm: no undefined symbols besides the linker's ($(echo $extra))"

dir=$O/tests/link
mkdir -p "$dir"
$CC -Iinclude -Iarch/$ARCH/include -std=gnu11 -O2 -Wall -Werror \
	-ffreestanding -fno-builtin -nostdlib -fno-stack-protector \
	$KERNEL_CFLAGS -c tests/link/kernel_main.c -o "$dir/kernel_main.o" &&
$CC -nostdlib -static -Wl,-L,include -Wl,-T,tests/arch/$ARCH/kernel.ld \
	-o "$dir/kernel.elf" "$dir/kernel_main.o" "$LIB"
result $? "links into a kernel image ($KERNEL_CFLAGS)"

# Checks of this architecture (they call result too).
[ -f tests/arch/$ARCH/build-checks.sh ] && . tests/arch/$ARCH/build-checks.sh

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
