# SPDX-License-Identifier: MIT
# PowerPC32 build checks, sourced by tests/build-checks.sh:
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
			f = $2 == "<" pfx "uaccess_dcbz_line_size>:"
			if ($2 ~ "^<" pfx "(_uaccess_clear_user|_uaccess_copy_user)>:$")
				f = 2
			next
		}
		$1 ~ /^[0-9a-f]+:$/ && ((f == 2 && $3 !~ /\(r1\)$/ &&
		    $2 ~ /^(dcbz|dcbt[a-z]*|l[bhw]zu?|st[bhw]u?)$/) ||
		    (f == 1 && $2 == "dcbz")) {
			sub(":", "", $1); printf "%.0f\n", hex($1)
		}' | sort)
	# The instruction of every entry: its first word's address + its value.
	size=$($OBJDUMP -h "$bin" | awk '$2 == "uaccess_extable" { print $3 }')
	covered=$($OBJDUMP -s -j uaccess_extable "$bin" | awk "$hex"'
		BEGIN { words = hex("'"$size"'") / 4 }
		/^ [0-9a-f]+ / {
			a = hex($1)
			for (i = 2; i <= 5 && k < words; i++) {
				w = hex($i)
				if (w >= 2^31)
					w -= 2^32
				if (k++ % 2 == 0)
					printf "%.0f\n", (a + 4 * (i - 2) + w) % 2^32
			}
		}' | sort)
	missing=$(echo "$ops" | grep -vxF "$covered")
	[ -n "$ops" ] && [ -z "$missing" ]
	result $? "every user access in the library has an exception-table entry ($(echo $ops | wc -w) found, $(echo $missing | wc -w) not covered)"
fi
