# SPDX-License-Identifier: MIT
# RISC-V 64 build checks, sourced by tests/checks/build-checks.sh:
#  - no floating-point or vector instructions in the library (it must not
#    touch FP or vector state, which a kernel does not save around a user
#    copy; the lp64d build of the suite allows the compiler F and D, so
#    this is what shows it used none);
#  - every load and store of the routines has an exception-table entry,
#    read back from the linked suite binary (entry address + offset);
#  - the default archive is an S-mode kernel's, as uaccess.mk gives it:
#    SUM windows (csrs and csrc on sstatus), the lp64 float ABI and
#    Sv39's user end; the suite's (U-mode) library is not.

# The mnemonic of every instruction line of a disassembly.
mnemonics() {
	$OBJDUMP -d --no-show-raw-insn "$1" | awk '$1 ~ /^[0-9a-f]+:$/ { print $2 }'
}

! mnemonics "$LIB" | grep -v '^fence' | grep -Eq '^f|^v' &&
	! mnemonics "$TEST_LIB" | grep -v '^fence' | grep -Eq '^f|^v'
result $? "no floating-point or vector instructions in the library (kernel's and lp64d suite's)"

# The windows' csrs/csrc sstatus (<uaccess/arch.h> writes them as .insn,
# which objdump shows as words): csr 0x100, rd x0, funct3 2 (set) or 3
# (clear), any rs1. And uaccess_user_end's initial value, little-endian.
sum_windows() {
	$OBJDUMP -d "$1" | grep -Eq "[[:space:]]100[0-9a-f][2a]073[[:space:]]" &&
		$OBJDUMP -d "$1" | grep -Eq "[[:space:]]100[0-9a-f][3b]073[[:space:]]"
}
sv39_end() {
	$OBJDUMP -s -j .data "$1" | grep -q '00f0ffff 3f000000'
}
abi=$(${OBJDUMP%objdump}readelf -h "$O/lib/user_range.o" | sed -n 's/.*Flags:.*, //p')
sum_windows "$LIB" && sv39_end "$O/lib/user_range.o" && [ "$abi" = "soft-float ABI" ] &&
	! sum_windows "$TEST_LIB" && ! sv39_end "$O/hosted/lib/user_range.o"
result $? "the default archive is an S-mode kernel's: SUM windows, $abi, Sv39's user end (the suite's library has none of them)"

. tests/checks/extable-coverage.sh
bin=$O/tests/uaccess-test
if [ -f "$bin" ]; then
	# The addresses of the memory accesses of the library's routines.
	ops=$($OBJDUMP -d --no-show-raw-insn "$bin" | awk -v pfx="${PREFIX:-}" "$HEX_AWK"'
		/^[0-9a-f]+ </ {
			f = $2 ~ "^<" pfx "(_uaccess_asm_clear_user|_uaccess_asm_copy_user)>:$"
			next
		}
		f && $1 ~ /^[0-9a-f]+:$/ && $2 ~ /^(l[bhwd]u?|s[bhwd])$/ {
			sub(":", "", $1); printf "%.0f\n", hex($1)
		}' | sort)
	extable_result "$ops" "$(extable_covered "$bin" 1 64)"
fi

# The checked calls build no stack frame: no instruction is a lower sp
# or a store of ra. In a U-mode build: an S-mode kernel's SUM window
# (csrs, the call, csrc) keeps the call from being a tail call.
no_frame 'addi?[[:space:]]+sp,sp,-|s[dw][[:space:]]+ra,' -DUACCESS_RISCV_SUM=0
