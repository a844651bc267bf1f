# SPDX-License-Identifier: MIT
# RISC-V 64 build checks, sourced by tests/build-checks.sh:
#  - no floating-point or vector instructions in the library (it must not
#    touch FP or vector state, which a kernel does not save around a user
#    copy; the lp64d build of the suite allows the compiler F and D, so
#    this is what shows it used none);
#  - every load and store of the routines has an exception-table entry,
#    read back from the linked suite binary (entry address + offset).

# The mnemonic of every instruction line of a disassembly.
mnemonics() {
	$OBJDUMP -d --no-show-raw-insn "$1" | awk '$1 ~ /^[0-9a-f]+:$/ { print $2 }'
}

! mnemonics "$LIB" | grep -v '^fence' | grep -Eq '^f|^v'
result $? "no floating-point or vector instructions in the library"

. tests/extable-coverage.sh
bin=$O/tests/uaccess-test
if [ -f "$bin" ]; then
	# The addresses of the memory accesses of the library's routines.
	ops=$($OBJDUMP -d --no-show-raw-insn "$bin" | awk -v pfx="${PREFIX:-}" "$HEX_AWK"'
		/^[0-9a-f]+ </ {
			f = $2 ~ "^<" pfx "(_uaccess_clear_user|_uaccess_copy_user)>:$"
			next
		}
		f && $1 ~ /^[0-9a-f]+:$/ && $2 ~ /^(l[bhwd]u?|s[bhwd])$/ {
			sub(":", "", $1); printf "%.0f\n", hex($1)
		}' | sort)
	extable_result "$ops" "$(extable_covered "$bin" 1 64)"
fi
