#!/bin/sh
# SPDX-License-Identifier: MIT
# Checks on the built library, one case each, for `make test`:
#  - no undefined symbols but those the linker provides;
#  - it links into a freestanding kernel image (KERNEL_CFLAGS, own linker
#    script with <uaccess/sections.ld>), also with the strictest script
#    (tests/checks/link/strict.ld) and orphan sections an error;
#  - it has no section a kernel's linker script would miss;
#  - the test program runs only the tests it is given by name;
#  - whatever tests/arch/$ARCH/build-checks.sh adds.
#  - the default archive is uaccess.mk's default build, and a changed
#    setting rebuilds uaccess.mk's objects.
# Environment: CC AR NM OBJDUMP O ARCH LIB TEST_LIB KERNEL_CFLAGS PREFIX
# CPPFLAGS EXTRA_CFLAGS LIB_SETTINGS EXTRA_LDFLAGS TEST_RUN (set by the
# Makefile; TEST_RUN runs the test program, less its arguments; LIB
# is the kernel's library, TEST_LIB the tests'; the strict link uses
# EXTRA_LDFLAGS, so -fuse-ld=lld checks lld's orphan handling too).
set -u
# The make runs below are of their own (print-flags.mk), not jobs of the
# make that runs this script.
unset MAKEFLAGS MFLAGS
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
	__start_uaccess_altinstr __stop_uaccess_altinstr
	__start_uaccess_range __stop_uaccess_range'
defined=$($NM --defined-only "$LIB" | awk 'NF == 3 { print $3 }' | sort -u)
undef=$($NM -u "$LIB" | awk 'NF == 2 { print $2 }' | sort -u)
extra=$(for s in $undef; do
	echo "$defined" | grep -qx "$s" && continue
	echo $allowed | tr " " "\n" | grep -qx "$s" && continue
	echo "$s"
done)
[ -z "$extra" ]
result $? "nm: no undefined symbols besides the linker's ($(echo $extra))"

dir=$O/tests/checks/link
mkdir -p "$dir"
$CC $CPPFLAGS -std=gnu11 -O2 -Wall -Werror \
	-ffreestanding -fno-builtin -nostdlib -fno-stack-protector \
	$KERNEL_CFLAGS -c tests/checks/link/kernel_main.c -o "$dir/kernel_main.o" &&
$CC -nostdlib -static -Wl,-L,include -Wl,-T,tests/arch/$ARCH/kernel.ld \
	-o "$dir/kernel.elf" "$dir/kernel_main.o" "$LIB"
result $? "links into a kernel image ($KERNEL_CFLAGS)"

# The strictest kernel script (tests/checks/link/strict.ld: .text*, .rodata*,
# .data, .bss and the fragment, nothing else) with orphans an error: every
# section of the library must be one docs/INTEGRATION.md tells a kernel to
# collect. Then the same link with one object more, whose section the script
# does not name, must fail: the check can see an orphan.
strict_link() {
	$CC ${EXTRA_LDFLAGS:-} -nostdlib -static -Wl,--build-id=none \
		-Wl,--orphan-handling=error \
		-Wl,-L,include -Wl,-L,tests/arch/$ARCH -Wl,-T,tests/checks/link/strict.ld \
		-o "$dir/strict.elf" "$dir/strict_main.o" "$@" "$LIB"
}
$CC $CPPFLAGS -std=gnu11 -O2 -Wall -Werror \
	-ffreestanding -fno-builtin -nostdlib -fno-stack-protector \
	$KERNEL_CFLAGS -c tests/checks/link/strict_main.c -o "$dir/strict_main.o" &&
$CC -std=gnu11 -O2 -ffreestanding -fno-stack-protector $KERNEL_CFLAGS \
	-c tests/checks/link/orphan.c -o "$dir/orphan.o" &&
strict_link 2>"$dir/strict.log"
result $? "links with the strict script (tests/checks/link/strict.ld, --orphan-handling=error; $dir/strict.log)"
! strict_link "$dir/orphan.o" 2>"$dir/orphan.log" &&
	grep -q 'data\.rel\.local' "$dir/orphan.log"
result $? "the strict script refuses an orphan section (.data.rel.local)"

# A kernel that makes only unchecked calls, linked with the default script.
$CC $CPPFLAGS -std=gnu11 -O2 -Wall -Werror -ffreestanding -fno-builtin \
	-fno-stack-protector $KERNEL_CFLAGS -c tests/checks/link/unchecked_main.c \
	-o "$dir/unchecked_main.o" &&
$CC -nostdlib -static -Wl,-e,unchecked_main -o "$dir/unchecked.elf" \
	"$dir/unchecked_main.o" "$LIB"
result $? "links with the default linker script and no checked call"

# Every symbol the library defines is in its namespace: PREFIX (when the
# build has one, make PREFIX=p_) then uaccess_ or _uaccess_.
outside=$($NM -g --defined-only "$LIB" | awk 'NF == 3 { print $3 }' |
	grep -v "^${PREFIX:-}_\{0,1\}uaccess_" | sort -u)
[ -z "$outside" ]
result $? "nm: every symbol is ${PREFIX:-}uaccess_* or ${PREFIX:-}_uaccess_* ($(echo $outside))"

# Vendoring: a kernel's Makefile as docs/INTEGRATION.md has it
# (tests/checks/link/kernel.mk: two lines, then $(UACCESS_OBJS) through uaccess.mk's
# rules) with a prefix and no short names, linked into a kernel that has its
# own copy_to_user and friends. The kernel's CFLAGS (-O0, its code model)
# and CPPFLAGS must not reach the library's objects: every compile command
# make ran has the library's -O2 and none of the kernel's flags.
vdir=$O/tests/vendor
rm -rf "$vdir" && mkdir -p "$vdir"
vok=0
make --no-print-directory -f tests/checks/link/kernel.mk ARCH="$ARCH" CC="$CC" \
	KERNEL_CFLAGS="$KERNEL_CFLAGS" UACCESS_O="$vdir/lib" \
	UACCESS_PREFIX=vk_ UACCESS_SHORT_NAMES=n \
	UACCESS_EXTRA_CFLAGS="-Wall -Werror" >"$vdir/make.log" 2>&1 || vok=1
vcmds=$(grep -e ' -c ' "$vdir/make.log")
vn=$(echo "$vcmds" | grep -c ' -O2 ')
vsrcs=$(make -s --no-print-directory -f tests/checks/link/print-flags.mk \
	UACCESS_ARCH="$ARCH" srcs | wc -w)
[ $vok -eq 0 ] && [ "$vn" -eq "$vsrcs" ] &&
	! echo "$vcmds" | grep -q -e '-O0' -e 'KERNEL_OWN_C'
result $? "vendoring: uaccess.mk's rules build the $vsrcs objects with the library's flags, not the kernel's ($vn with -O2; $vdir/make.log)"
$CC $(make -s --no-print-directory -f tests/checks/link/print-flags.mk \
	UACCESS_ARCH="$ARCH" UACCESS_PREFIX=vk_ UACCESS_SHORT_NAMES=n cppflags) \
	-std=gnu11 -O2 -Wall -Werror -ffreestanding -fno-builtin \
	-fno-stack-protector $KERNEL_CFLAGS -c tests/checks/link/vendor_main.c \
	-o "$vdir/vendor_main.o" || vok=1
[ $vok -eq 0 ] && $CC -nostdlib -static -Wl,-L,include -Wl,-e,vendor_main \
	-Wl,-T,tests/arch/$ARCH/kernel.ld -o "$vdir/kernel.elf" \
	"$vdir/vendor_main.o" $(find "$vdir/lib" -name '*.o')
result $? "vendoring: prefixed build without short names links beside a kernel's own copy_to_user"
vbad=$($NM --defined-only $(find "$vdir/lib" -name '*.o') 2>/dev/null |
	awk 'NF == 3 && $2 ~ /[A-Z]/ { print $3 }' | grep -v '^vk_' | sort -u)
[ -z "$vbad" ]
result $? "vendoring: every library symbol starts with vk_ ($(echo $vbad))"

# The default archive is what a kernel's Makefile gets: uaccess.mk with
# no settings but this build's own (PREFIX, EXTRA_CFLAGS and the
# architecture's LIB_SETTINGS of tests.mk) builds the same objects, byte
# for byte. Whatever the tests need instead is built apart ($TEST_LIB).
ddir=$O/tests/default
rm -rf "$ddir"
dok=0
env $(env | sed -n 's/^\(UACCESS_[A-Z0-9_]*\)=.*/-u \1/p') \
	make --no-print-directory -f tests/checks/link/kernel.mk ARCH="$ARCH" \
	CC="$CC" UACCESS_O="$ddir" UACCESS_PREFIX="${PREFIX:-}" \
	UACCESS_EXTRA_CFLAGS="${EXTRA_CFLAGS:-}" ${LIB_SETTINGS:-} \
	>"$ddir.log" 2>&1 || dok=1
dn=0
for o in $(find "$ddir" -name '*.o' 2>/dev/null); do
	cmp -s "$o" "$O/${o#$ddir/}" || { echo "# differs: $o" >>"$ddir.log"; dok=1; }
	dn=$((dn + 1))
done
[ $dok -eq 0 ] && [ "$dn" -eq "$($AR t "$LIB" | wc -l)" ]
result $? "the default archive ($LIB) has the $dn objects uaccess.mk builds with its defaults, byte for byte ($ddir.log)"

# A changed setting rebuilds uaccess.mk's objects ($(UACCESS_O)/uaccess.flags):
# after the build above, make -q finds nothing to do (0) with the same
# settings and work (1) with one more flag, and the build with it compiles
# every object again.
dmake() {
	env $(env | sed -n 's/^\(UACCESS_[A-Z0-9_]*\)=.*/-u \1/p') \
	make --no-print-directory -f tests/checks/link/kernel.mk ARCH="$ARCH" \
		CC="$CC" UACCESS_O="$ddir" UACCESS_PREFIX="${PREFIX:-}" \
		${LIB_SETTINGS:-} "$@"
}
dmake -q UACCESS_EXTRA_CFLAGS="${EXTRA_CFLAGS:-}" >/dev/null 2>&1
dsame=$?
dmake -q UACCESS_EXTRA_CFLAGS="${EXTRA_CFLAGS:-} -DUACCESS_FLAGS_PROBE" >/dev/null 2>&1
dnew=$?
dmake UACCESS_EXTRA_CFLAGS="${EXTRA_CFLAGS:-} -DUACCESS_FLAGS_PROBE" \
	>"$ddir-rebuild.log" 2>&1
drebuilt=$(grep -c ' -c ' "$ddir-rebuild.log")
[ $dsame -eq 0 ] && [ $dnew -eq 1 ] && [ "$drebuilt" -eq "$dn" ]
result $? "uaccess.mk: a changed setting rebuilds its objects (make -q: $dsame with the same settings, $dnew with one flag more; $drebuilt of $dn compiled again; $ddir-rebuild.log)"

# A call whose result says what was done is __must_check: ignoring the
# result of copy_to_user is a compiler warning (an error with -Werror), and
# the same call with its result used compiles.
must_check() {
	printf '#include <uaccess.h>\nvoid f(void __user *u, const void *k, unsigned long n)\n{ %s; }\n' "$1" |
	$CC $CPPFLAGS -std=gnu11 -Wall -Werror -ffreestanding -fno-builtin \
		$KERNEL_CFLAGS -x c -c - -o /dev/null 2>/dev/null
}
! must_check 'copy_to_user(u, k, n)' && must_check 'if (copy_to_user(u, k, n)) return'
result $? "ignoring copy_to_user's result is a warning (__must_check)"

# The hardened copies (tests/checks/link/hardened_const.c): an in-bounds copy of
# a constant size costs nothing, so the code (relocations included) is
# the same built with and without UACCESS_HARDENED; and a constant size
# above the object's fails to build, naming the call, for each of the four
# calls (the same file builds with the check off: the error is the check's).
hardened_cc() {
	$CC $CPPFLAGS -std=gnu11 -O2 -Wall -Werror -ffreestanding -fno-builtin \
		-fno-stack-protector $KERNEL_CFLAGS "$@" \
		-c tests/checks/link/hardened_const.c
}
hok=0
for h in 0 1; do
	hardened_cc -DUACCESS_HARDENED=$h -o "$dir/hardened$h.o" &&
		$OBJDUMP -dr "$dir/hardened$h.o" | tail -n +3 >"$dir/hardened$h.dis" ||
		hok=1
done
[ $hok -eq 0 ] && [ -s "$dir/hardened1.dis" ] &&
	cmp -s "$dir/hardened0.dis" "$dir/hardened1.dis"
result $? "hardened copies: an in-bounds constant copy compiles to the same code with and without the check ($dir/hardened[01].dis)"
hok=0
for call in 1:copy_from_user 2:copy_from_user_nozero 3:copy_to_user \
		4:copy_struct_from_user; do
	hardened_cc -DOVERFLOW=${call%%:*} -o "$dir/overflow.o" \
		>"$dir/overflow.log" 2>&1 && hok=1
	grep -q "error.*${call#*:}: constant" "$dir/overflow.log" || hok=1
	hardened_cc -DOVERFLOW=${call%%:*} -DUACCESS_HARDENED=0 \
		-o "$dir/overflow.o" || hok=1
done
[ $hok -eq 0 ]
result $? "hardened copies: a constant n above the object's size fails to build, naming the call ($dir/overflow.log)"

# Every section of the library is one a kernel's linker script collects:
# a standard one (code, read-only, writable and small data, notes, unwind
# and debug information, Arm's unwind tables included, which clang gives
# every function on every Arm target, clang's address-significance table,
# which the linker drops) or one that <uaccess/sections.ld> places. Not, for
# instance, .data.rel.local, where position-independent code puts an
# initialised pointer.
fragment=$(sed -n 's/.*KEEP(\*(\([A-Za-z0-9_.]*\)))/\1/p' include/uaccess/sections.ld)
odd=$($OBJDUMP -h "$LIB" | awk '$1 ~ /^[0-9]+$/ { print $2 }' | sort -u |
	while read -r s; do
		case $s in
		.text | .text.* | .rodata | .rodata.* | .data | .bss | .sdata | \
		.sbss | .note.GNU-stack | .comment | .eh_frame | .debug_* | \
		.ARM.exidx | .ARM.exidx.* | .ARM.extab | .ARM.extab.* | \
		.*.attributes | \
		.llvm_addrsig) ;;
		*) echo "$fragment" | grep -qxF "$s" || echo "$s" ;;
		esac
	done)
[ -n "$fragment" ] && [ -z "$odd" ]
result $? "sections: only standard ones and those of <uaccess/sections.ld> ($(echo $odd))"

# The out-of-line defaults of lib/ that this architecture replaces
# (arch_setup.c, cpu_features.c, arch_user_range.c, ...) still compile with the
# library's flags: they are what a new port starts from.
lflags=$(make -s --no-print-directory -f tests/checks/link/print-flags.mk \
	UACCESS_ARCH="$ARCH")
lok=0
for src in lib/*.c; do
	$CC $lflags -O2 -Wall -Wextra -Werror -c "$src" -o /dev/null || lok=1
done
[ $lok -eq 0 ]
result $? "every lib/*.c compiles, the defaults this architecture replaces too"

# A changed flag rebuilds what it compiled (the Makefile's $(O)/flags):
# after a build, make -q finds nothing to do (0) with the same flags and
# work (1) with one -D more.
fdir=$O/flags-probe
fmake() {
	make --no-print-directory -s ARCH="$ARCH" CC="$CC" PREFIX="${PREFIX:-}" \
		O="$fdir" "$@" "$fdir/libuaccess.a"
}
rm -rf "$fdir"
fmake >"$O/flags-probe.log" 2>&1 && fmake -q
fsame=$?
fmake -q EXTRA_CFLAGS=-DUACCESS_FLAGS_PROBE
fnew=$?
[ $fsame -eq 0 ] && [ $fnew -eq 1 ]
result $? "a changed flag rebuilds the library (make -q: $fsame with the same flags, $fnew with one more; $O/flags-probe.log)"

# The test program runs only the tests named after the feature set
# (futex, or test_futex) and refuses a name not in the suite table.
# TEST_RUN is the first run of TEST_CONFIGS, the feature set its last word;
# empty for an architecture with no hosted run (no TEST_CONFIGS), whose
# two cases are skipped, counted neither passed nor failed.
if [ -z "${TEST_RUN:-}" ]; then
	echo "# skip - uaccess-test runs one test by name / refuses an unknown name: no hosted test program (TEST_CONFIGS empty)"
else
	rdir=$O/tests/select
	mkdir -p "$rdir"
	eval "$TEST_RUN futex test_futex" >"$rdir/futex.log" 2>&1
	rok=$?
	grep -v '^#' "$rdir/futex.log" | sed '$d' | grep -v '^ok - futex ' >/dev/null
	rother=$?
	tail -n 1 "$rdir/futex.log" | grep -qx '[1-9][0-9]* passed, 0 failed'
	rlast=$?
	[ $rok -eq 0 ] && [ $rother -ne 0 ] && [ $rlast -eq 0 ] &&
		grep -q '^ok - futex ' "$rdir/futex.log"
	result $? "uaccess-test FEATURES futex runs that test alone ($rdir/futex.log)"
	eval "$TEST_RUN futex no_such_test" >"$rdir/unknown.log" 2>&1
	runknown=$?
	[ $runknown -ne 0 ] && grep -q '^# unknown test no_such_test;.* futex' \
		"$rdir/unknown.log" && ! grep -q '^ok' "$rdir/unknown.log"
	result $? "uaccess-test refuses an unknown test name ($rdir/unknown.log)"
fi

# Checks of this architecture (they call result too).
# no_frame REGEX [CFLAGS] (for tests/arch/$ARCH/build-checks.sh):
# clear_user, copy_to_user and copy_from_user with a variable size and a
# kernel object of unknown size (tests/checks/link/checked_calls.c),
# built as the kernel's library is (plus CFLAGS) at -O2, build no stack
# frame: none of their instructions matches REGEX, the arch's
# frame-building ones.
no_frame() {
	$CC $CPPFLAGS -std=gnu11 -O2 -Wall -Werror -ffreestanding -fno-builtin \
		-fno-stack-protector $KERNEL_CFLAGS ${2:-} \
		-c tests/checks/link/checked_calls.c -o "$dir/checked_calls.o" &&
	$OBJDUMP -d --no-show-raw-insn "$dir/checked_calls.o" >"$dir/checked_calls.dis" &&
	[ "$(grep -c '^[0-9a-f]* <checked_[a-z_]*>:$' "$dir/checked_calls.dis")" -eq 3 ] &&
	! grep -Eq "$1" "$dir/checked_calls.dis"
	result $? "clear_user, copy_to_user and copy_from_user build no stack frame (${2:+$2: }$dir/checked_calls.dis)"
}

[ -f tests/arch/$ARCH/build-checks.sh ] && . tests/arch/$ARCH/build-checks.sh

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
