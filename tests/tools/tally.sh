#!/bin/sh
# SPDX-License-Identifier: MIT
# Sum the "N passed, N failed" lines of the given logs into one closing
# line. A log that is missing or has no such line (a build failure, a
# crash) counts as one failed case. Exits non-zero if anything failed.
passed=0
failed=0
for log in "$@"; do
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" 2>/dev/null | tail -n 1)
	if [ -z "$line" ]; then
		echo "not ok - $log: no result line (build failure or crash)"
		failed=$((failed + 1))
		continue
	fi
	p=${line%% passed*}
	f=${line#*passed, }
	f=${f%% failed}
	echo "# $log: $line"
	passed=$((passed + p))
	failed=$((failed + f))
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
