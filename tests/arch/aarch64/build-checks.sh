# SPDX-License-Identifier: MIT
# AArch64 build checks, sourced by tests/checks/build-checks.sh:
#  - the default archive is an EL1 kernel's (PAN handling), the suite's
#    library an EL0 process's (none);
#  - no floating-point or SIMD instruction in the library (it must not
#    touch that state, which a kernel does not save around a user copy):
#    no operand names a b, h, s, d, q or v register, or FPCR or FPSR;
#  - every user access of the routines is unprivileged (ldtr*, sttr*) and
#    every kernel access is not: at EL0, where the suite runs, the two
#    behave alike, so only the code shows a kernel with PAN set would
#    fault (or a kernel pointer would pass);
#  - every load and store of the routines, and clear_user's dc zva, has an
#    exception-table entry, read back from the linked suite binary (entry
#    address + offset); clear_user's loads read its own settings, not user
#    memory, and have none.

# The operands of every instruction but the branches and adr/adrp (whose
# operands are addresses), less objdump's <symbol> and // comments.
operands() {
	$OBJDUMP -d --no-show-raw-insn "$1" | awk '
		$1 ~ /^[0-9a-f]+:$/ && $2 !~ /^(b|bl|br|blr|b\..*|cbn?z|tbn?z|adrp?)$/ {
			$1 = ""; $2 = ""; sub(/\/\/.*/, ""); gsub(/<[^>]*>/, ""); print
		}'
}

# A kernel that runs where it is loaded: the library (-fno-pic, reached
# PC-relative) links into a position-independent image, which needs no
# text relocation.
$CC $CPPFLAGS -std=gnu11 -O2 -Wall -Werror -ffreestanding -fno-builtin -nostdlib \
	-fno-stack-protector $KERNEL_CFLAGS -fpie -c tests/checks/link/strict_main.c \
	-o "$dir/pie_main.o" &&
$CC ${EXTRA_LDFLAGS:-} -nostdlib -static-pie -Wl,-e,strict_main \
	-o "$dir/pie.elf" "$dir/pie_main.o" "$LIB" 2>"$dir/pie.log" &&
! ${OBJDUMP%objdump}readelf -d "$dir/pie.elf" | grep -q TEXTREL
result $? "links into a position-independent kernel (-static-pie; $dir/pie.log)"

# The default archive is an EL1 kernel's, as uaccess.mk gives it: its
# clear_user reads, clears and restores PSTATE.PAN around dc zva; the
# suite's library (EL0) has no PAN instruction.
pan_ops() {
	$OBJDUMP -d --no-show-raw-insn "$1" | grep -Ec '(mrs|msr)[[:space:]].*pan'
}
[ "$(pan_ops "$LIB")" -gt 0 ] && [ "$(pan_ops "$TEST_LIB")" -eq 0 ]
result $? "the default archive is an EL1 kernel's: $(pan_ops "$LIB") PAN instructions (the suite's library: $(pan_ops "$TEST_LIB"))"

! operands "$LIB" | grep -Eiq '(^|[^0-9a-z_.])[bhsdqv][0-9]+([^0-9]|$)|fp[cs]r'
result $? "no floating-point or SIMD instructions in the library"

# One line per load and store of the routines: "ok", or the routine and
# the instruction that has the wrong privilege. The user side: clear_user's
# and copy_to_user's stores, copy_from_user's loads; copy_kernel has none.
priv=$($OBJDUMP -d --no-show-raw-insn "$LIB" | awk -v pfx="${PREFIX:-}" '
	/^[0-9a-f]+ </ {
		f = $2; sub("^<" pfx, "", f); sub(">:$", "", f)
		r = f ~ /^_uaccess_asm_(clear_user|copy_to_user|copy_from_user|copy_kernel)$/
		next
	}
	r && $1 ~ /^[0-9a-f]+:$/ && $2 ~ /^(ld|st)/ {
		if ($2 ~ /^ld/)
			user = f == "_uaccess_asm_copy_from_user"
		else
			user = f == "_uaccess_asm_clear_user" || f == "_uaccess_asm_copy_to_user"
		print ((($2 ~ /^(ld|st)tr/) == user) ? "ok" : f ": " $2)
	}')
bad=$(echo "$priv" | grep -v '^ok$')
[ -n "$priv" ] && [ -z "$bad" ]
result $? "user accesses unprivileged, kernel ones not ($(echo "$priv" | grep -c '^ok$') right; $(echo $bad))"

. tests/checks/extable-coverage.sh

# The library's C files reach memory through the inline accessors of
# <uaccess/arch.h>: every instruction with a table entry in them must be
# unprivileged, but in the kernel probes' files (*kernel_nofault*), where
# it must be plain. The entries are read from each object's relocations
# (an entry's first word points at its instruction: "SECTION+OFFSET").
# The futex atomic's exclusives (futex.o) have no unprivileged form: an
# ldtr before them judges EL0's permission (<uaccess/arch.h>).
cdir=$(mktemp -d)
case $LIB in /*) lib=$LIB ;; *) lib=$PWD/$LIB ;; esac
(cd "$cdir" && ${OBJDUMP%objdump}ar x "$lib")
cpriv=$(for o in "$cdir"/*.o; do
	case $o in *.S.o|*/clear_user.o|*/copy_user.o) continue ;; esac
	kernel=0; case $o in *kernel_nofault*) kernel=1 ;; esac
	$OBJDUMP -r -j uaccess_extable "$o" 2>/dev/null | awk '
		$2 ~ /^R_/ && n++ % 2 == 0 { split($3, a, "+"); print a[1], (a[2] == "" ? 0 : a[2]) }' |
	while read -r sec off; do
		$OBJDUMP -d --no-show-raw-insn -j "$sec" "$o" | awk -v off="$off" -v k=$kernel \
			-v name="${o##*/}" "$HEX_AWK"'
			$1 ~ /^[0-9a-f]+:$/ { a = $1; sub(":", "", a)
				if (hex(a) == hex(substr(off, 3))) {
					u = $2 ~ /^(ld|st)tr/
					x = name == "futex.o" && $2 ~ /^(ldxr|stlxr)$/
					print ((u != k || x) ? "ok" : name ": " $2)
				} }'
	done
done)
rm -rf "$cdir"
bad=$(echo "$cpriv" | grep -v '^ok$')
[ -n "$cpriv" ] && [ -z "$bad" ]
result $? "the C files' table-covered accesses unprivileged, the probes' plain ($(echo "$cpriv" | grep -c '^ok$') right; $(echo $bad))"
bin=$O/tests/uaccess-test
if [ -f "$bin" ]; then
	# The addresses of the memory accesses of the library's routines.
	ops=$($OBJDUMP -d --no-show-raw-insn "$bin" | awk -v pfx="${PREFIX:-}" "$HEX_AWK"'
		/^[0-9a-f]+ </ {
			f = $2 ~ "^<" pfx "_uaccess_asm_(clear_user|copy_to_user|copy_from_user|copy_kernel)>:$"
			clear = $2 == "<" pfx "_uaccess_asm_clear_user>:"
			next
		}
		clear && $2 ~ /^ld/ { next }
		f && $1 ~ /^[0-9a-f]+:$/ && ($2 ~ /^(ld|st)/ || $2 == "dc") {
			sub(":", "", $1); printf "%.0f\n", hex($1)
		}' | sort)
	extable_result "$ops" "$(extable_covered "$bin" 1 64)"
fi

# The checked calls build no stack frame: no instruction is
# stp x29, x30, a move of sp or a store of x30.
no_frame 'stp[[:space:]]+x29, x30|(sub|add)[[:space:]]+sp, sp|str[[:space:]]+x30'
