# SPDX-License-Identifier: MIT
# Shared by the tests/arch/*/build-checks.sh that check, on the linked
# suite binary, that every user access of the library's routines has an
# exception-table entry. Sourced; defines:
#
#   HEX_AWK                  an awk function hex(s): hex digits to a number
#                            (mawk has no strtonum; exact below 2^53)
#   extable_covered BIN LE BITS
#                            the instruction address of every entry of
#                            BIN's uaccess_extable, sorted: each entry's
#                            first word's address + its value, the words
#                            little-endian if LE is 1, addresses modulo
#                            2^BITS (objdump -s shows bytes in memory order)
#   extable_result OPS COVERED
#                            one build-check case: OPS (the addresses of the
#                            accesses, one a line) all in COVERED

HEX_AWK='function hex(s,  i, v) {
	v = 0
	for (i = 1; i <= length(s); i++)
		v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
	return v
}'

extable_covered() {
	size=$($OBJDUMP -h "$1" | awk '$2 == "uaccess_extable" { print $3 }')
	$OBJDUMP -s -j uaccess_extable "$1" | awk -v le="$2" -v bits="$3" "$HEX_AWK"'
		BEGIN { words = hex("'"$size"'") / 4 }
		/^ [0-9a-f]+ / {
			a = hex($1)
			for (i = 2; i <= 5 && k < words; i++) {
				s = $i
				if (le)
					s = substr(s, 7, 2) substr(s, 5, 2) substr(s, 3, 2) substr(s, 1, 2)
				w = hex(s)
				if (w >= 2^31)
					w -= 2^32
				if (k++ % 2 == 0)
					printf "%.0f\n", (a + 4 * (i - 2) + w) % 2^bits
			}
		}' | sort
}

extable_result() {
	missing=$(echo "$1" | grep -vxF -e "$2")
	[ -n "$1" ] && [ -z "$missing" ]
	result $? "every user access in the library has an exception-table entry ($(echo $1 | wc -w) found, $(echo $missing | wc -w) not covered)"
}
