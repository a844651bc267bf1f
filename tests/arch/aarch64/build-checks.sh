# SPDX-License-Identifier: MIT
# AArch64 build checks, sourced by tests/build-checks.sh:
#  - no floating-point or SIMD instruction in the library (it must not
#    touch that state, which a kernel does not save around a user copy):
#    no operand names a b, h, s, d, q or v register, or FPCR or FPSR;
#  - every user access of the routines is unprivileged (ldtr*, sttr*) and
#    every kernel access is not: at EL0, where the suite runs, the two
#    behave alike, so only the code shows a kernel with PAN set would
#    fault (or a kernel pointer would pass);
#  - every load and store of the routines has an exception-table entry,
#    read back from the linked suite binary (entry address + offset).

# The operands of every instruction but the branches and adr/adrp (whose
# operands are addresses), less objdump's <symbol> and // comments.
operands() {
	$OBJDUMP -d --no-show-raw-insn "$1" | awk '
		$1 ~ /^[0-9a-f]+:$/ && $2 !~ /^(b|bl|br|blr|b\..*|cbn?z|tbn?z|adrp?)$/ {
			$1 = ""; $2 = ""; sub(/\/\/.*/, ""); gsub(/<[^>]*>/, ""); print
		}'
}

! operands "$LIB" | grep -Eiq '(^|[^0-9a-z_.])[bhsdqv][0-9]+([^0-9]|$)|fp[cs]r'
result $? "no floating-point or SIMD instructions in the library"

# One line per load and store of the routines: "ok", or the routine and
# the instruction that has the wrong privilege. The user side: clear_user's
# and copy_to_user's stores, copy_from_user's loads; copy_kernel has none.
priv=$($OBJDUMP -d --no-show-raw-insn "$LIB" | awk -v pfx="${PREFIX:-}" '
	/^[0-9a-f]+ </ {
		f = $2; sub("^<" pfx, "", f); sub(">:$", "", f)
		r = f ~ /^_uaccess_(clear_user|copy_to_user|copy_from_user|copy_kernel)$/
		next
	}
	r && $1 ~ /^[0-9a-f]+:$/ && $2 ~ /^(ld|st)/ {
		if ($2 ~ /^ld/)
			user = f == "_uaccess_copy_from_user"
		else
			user = f == "_uaccess_clear_user" || f == "_uaccess_copy_to_user"
		print ((($2 ~ /^(ld|st)tr/) == user) ? "ok" : f ": " $2)
	}')
bad=$(echo "$priv" | grep -v '^ok$')
[ -n "$priv" ] && [ -z "$bad" ]
result $? "user accesses unprivileged, kernel ones not ($(echo "$priv" | grep -c '^ok$') right; $(echo $bad))"

. tests/extable-coverage.sh
bin=$O/tests/uaccess-test
if [ -f "$bin" ]; then
	# The addresses of the memory accesses of the library's routines.
	ops=$($OBJDUMP -d --no-show-raw-insn "$bin" | awk -v pfx="${PREFIX:-}" "$HEX_AWK"'
		/^[0-9a-f]+ </ {
			f = $2 ~ "^<" pfx "_uaccess_(clear_user|copy_to_user|copy_from_user|copy_kernel)>:$"
			next
		}
		f && $1 ~ /^[0-9a-f]+:$/ && $2 ~ /^(ld|st)/ {
			sub(":", "", $1); printf "%.0f\n", hex($1)
		}' | sort)
	extable_result "$ops" "$(extable_covered "$bin" 1 64)"
fi
