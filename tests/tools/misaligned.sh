#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: tests/tools/misaligned.sh QEMU PLUGIN BIN LIB SITES
# Run the hosted suite BIN once under qemu-user QEMU with the plugin of
# tests/tools/plugins/misaligned.c watching the library's code: every function
# LIB (libuaccess.a) defines, as linked into BIN, and every instruction
# with an entry in BIN's exception table (each user access, inlined ones
# included); SITES is where their list is written. Prints the suite's
# output, then one case, "ok" only if the suite passed and no watched
# instruction made a misaligned access, then the closing line: the suite's
# count with that case added. Needs NM and OBJDUMP (the target's).
qemu=$1 plugin=$2 bin=$3 lib=$4 sites=$5
. "$(dirname "$0")/../checks/extable-coverage.sh"

funcs=$($NM --defined-only "$lib" |
	awk 'NF == 3 && $2 ~ /[Tt]/ { print $3 }' | sort -u)
$NM -S --defined-only "$bin" | awk -v names="$funcs" "$HEX_AWK"'
	BEGIN { n = split(names, a, "\n"); for (i = 1; i <= n; i++) lib[a[i]] = 1 }
	NF == 4 && $3 ~ /[Tt]/ && ($4 in lib) {
		printf "%x %x\n", hex($1), hex($1) + hex($2)
	}' > "$sites"
nfuncs=$(wc -l < "$sites")
extable_covered "$bin" 1 64 | awk '{ printf "%x %x\n", $1, $1 + 1 }' >> "$sites"
nsites=$(($(wc -l < "$sites") - nfuncs))

out=$($qemu -d plugin -plugin "$plugin,sites=$sites" "$bin" 2>&1)
echo "$out" | grep -v '^[0-9]* passed, [0-9]* failed$'
line=$(echo "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed$' | tail -n 1)
count=$(echo "$out" | sed -n 's/^misaligned accesses: \([0-9]*\) .*/\1/p')
passed=${line%% passed*}
failed=${line#*passed, }
failed=${failed%% failed}
what="no misaligned access from the library's code ($nfuncs functions,"
what="$what $nsites exception-table sites watched)"
if [ -n "$line" ] && [ "$failed" -eq 0 ] && [ "$count" = 0 ] &&
   [ "$nfuncs" -gt 0 ] && [ "$nsites" -gt 0 ]; then
	echo "ok - $what"
	passed=$((passed + 1))
else
	echo "not ok - $what: ${count:-no report}, suite: ${line:-no result}"
	passed=${passed:-0}
	failed=$((${failed:-0} + 1))
fi
echo "$passed passed, $failed failed"
