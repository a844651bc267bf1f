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

# mawk has no strtonum: hex to number by hand (exact below 2^53).
hex='function hex(s,  i, v) {
	v = 0
	for (i = 1; i <= length(s); i++)
		v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
	return v
}'
bin=$O/tests/uaccess-test
if [ -f "$bin" ]; then
	# The addresses of the memory accesses of the library's routines.
	ops=$($OBJDUMP -d --no-show-raw-insn "$bin" | awk -v pfx="${PREFIX:-}" "$hex"'
		/^[0-9a-f]+ </ {
			f = $2 ~ "^<" pfx "(_uaccess_clear_user|_uaccess_copy_user)>:$"
			next
		}
		f && $1 ~ /^[0-9a-f]+:$/ && $2 ~ /^(l[bhwd]u?|s[bhwd])$/ {
			sub(":", "", $1); printf "%.0f\n", hex($1)
		}' | sort)
	# The instruction of every entry: its first word's address + its value
	# (objdump -s shows the bytes in memory order: little-endian words).
	size=$($OBJDUMP -h "$bin" | awk '$2 == "uaccess_extable" { print $3 }')
	covered=$($OBJDUMP -s -j uaccess_extable "$bin" | awk "$hex"'
		BEGIN { words = hex("'"$size"'") / 4 }
		/^ [0-9a-f]+ / {
			a = hex($1)
			for (i = 2; i <= 5 && k < words; i++) {
				s = $i
				w = hex(substr(s, 7, 2) substr(s, 5, 2) substr(s, 3, 2) substr(s, 1, 2))
				if (w >= 2^31)
					w -= 2^32
				if (k++ % 2 == 0)
					printf "%.0f\n", a + 4 * (i - 2) + w
			}
		}' | sort)
	missing=$(echo "$ops" | grep -vxF "$covered")
	[ -n "$ops" ] && [ -z "$missing" ]
	result $? "every user access in the library has an exception-table entry ($(echo $ops | wc -w) found, $(echo $missing | wc -w) not covered)"
fi
