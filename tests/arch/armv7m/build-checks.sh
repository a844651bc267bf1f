# SPDX-License-Identifier: MIT
# Arm Cortex-M build checks, sourced by tests/checks/build-checks.sh (and
# runnable alone: OBJDUMP=arm-none-eabi-objdump LIB=libuaccess.a
# sh tests/arch/armv7m/build-checks.sh, with result() below):
#  - every load and store of the routines' user side is a T form (ldrt,
#    strt, ldrbt, strbt, ldrht, strht) and every kernel-side one is not:
#    privileged code with a plain access would reach privileged-only
#    memory through a user pointer;
#  - no T-form access is PC-relative: Thumb-2 has no literal form of them,
#    and GNU as turns `ldrt rX, [pc, #imm]` into a privileged literal ldr
#    without a word;
#  - no multiple or doubleword access in the routines (no T form exists,
#    and a faulting ldm leaves ICI state).

command -v result >/dev/null 2>&1 || result() {
	if [ "$1" -eq 0 ]; then echo "ok - $2"; else echo "not ok - $2"; fi
}

priv=$($OBJDUMP -d --no-show-raw-insn "$LIB" | awk -v pfx="${PREFIX:-}" '
	# clang keeps its .L labels in the symbol table: not functions.
	/^[0-9a-f]+ <\.L/ { next }
	/^[0-9a-f]+ </ {
		f = $2; sub("^<" pfx, "", f); sub(">:$", "", f)
		r = f ~ /^_uaccess_asm_(clear_user|copy_to_user|copy_from_user|copy_kernel)$/
		next
	}
	r && $1 ~ /^[0-9a-f]+:$/ && $2 ~ /^(ldr|str|ldm|stm|push|pop)/ {
		if ($2 ~ /^(push|pop)/) next
		if ($2 ~ /^(ldm|stm|ldrd|strd)/) { print f ": " $2; next }
		if ($0 ~ /\[pc/) { print f ": pc-relative " $2; next }
		if ($2 ~ /^ldr/)
			user = f == "_uaccess_asm_copy_from_user"
		else
			user = f == "_uaccess_asm_clear_user" || f == "_uaccess_asm_copy_to_user"
		t = $2 ~ /^(ldr|str)[bh]?t(\.w)?$/
		print ((t == user) ? "ok" : f ": " $2)
	}')
bad=$(echo "$priv" | grep -v '^ok$')
[ -n "$priv" ] && [ -z "$bad" ]
result $? "user accesses T forms, kernel ones plain, none PC-relative or multiple ($(echo "$priv" | grep -c '^ok$') right; $(echo $bad))"

# Every T-form access anywhere in the library (the inline accessors of
# <uaccess/arch.h> in the C files included) names a general register base.
tpc=$($OBJDUMP -d --no-show-raw-insn "$LIB" | awk '$2 ~ /^(ldr|str)[bh]?t(\.w)?$/ && /\[pc/' | wc -l)
[ "$tpc" -eq 0 ]
result $? "no PC-relative T-form access in the library ($tpc)"
