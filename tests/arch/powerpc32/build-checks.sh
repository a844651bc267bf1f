# SPDX-License-Identifier: MIT
# PowerPC32 build checks, sourced by tests/checks/build-checks.sh:
#  - no floating-point, AltiVec or SPE instructions in the library (it must
#    not touch FP state, which a kernel does not save around a user copy);
#  - every load, store, dcbz and dcbt of the routines (but the stack
#    frame's) and the dcbz that measures the line have an exception-table
#    entry, read back from the linked suite binary (entry address + offset).

# The mnemonic of every instruction line of a disassembly.
mnemonics() {
	$OBJDUMP -d --no-show-raw-insn "$1" | awk '$1 ~ /^[0-9a-f]+:$/ { print $2 }'
}

! mnemonics "$LIB" |
	grep -Eq '^(l|st)f[sd]|^f[a-z]|^m[ft]fs|^ev|^v[a-z]|^[ls]tv[xe]|^m[ft]vscr'
result $? "no floating-point, AltiVec or SPE instructions in the library"

. tests/checks/extable-coverage.sh
bin=$O/tests/uaccess-test
if [ -f "$bin" ]; then
	# The addresses of the memory accesses of the library's routines:
	# not those of the stack (r1), nor the load of a kernel variable
	# through the register that the lis before it set (_uaccess_dcbz).
	ops=$($OBJDUMP -d --no-show-raw-insn "$bin" | awk -v pfx="${PREFIX:-}" "$HEX_AWK"'
		/^[0-9a-f]+ </ {
			f = $2 == "<" pfx "uaccess_dcbz_line_size>:"
			if ($2 ~ "^<" pfx "(_uaccess_asm_clear_user|_uaccess_asm_copy_user)>:$")
				f = 2
			next
		}
		$1 ~ /^[0-9a-f]+:$/ && ((f == 2 && $3 !~ /\(r1\)$/ &&
		    !(lis != "" && index($3, "(" lis ")")) &&
		    $2 ~ /^(dcbz|dcbt[a-z]*|l[bhw]zu?|st[bhw]u?)$/) ||
		    (f == 1 && $2 == "dcbz")) {
			sub(":", "", $1); printf "%.0f\n", hex($1)
		}
		$1 ~ /^[0-9a-f]+:$/ { lis = $2 == "lis" ? substr($3, 1, index($3, ",") - 1) : "" }' | sort)
	extable_result "$ops" "$(extable_covered "$bin" 0 32)"
fi

# The checked calls build no stack frame: no instruction is
# stwu r1 or mflr. GCC only: clang 14 makes no tail call on PowerPC32.
if ! $CC --version | grep -q clang; then
	no_frame 'stwu[[:space:]]+r1,|mflr'
fi
