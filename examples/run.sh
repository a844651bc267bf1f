#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Boot one bare-metal configuration and judge it.
#   run.sh NAME TIMEOUT_S LOG -- CMD...
# Runs CMD with a timeout, its output in LOG. It passes only if LOG has a
# line "N passed, 0 failed" with N > 0, its last line is "# kernel: pass",
# and CMD exits with $PASS_STATUS (default 0): a machine reset (after
# which QEMU may exit 0), a hang or a kernel that stops early all fail. Prints
# "ok - NAME (Ts)" or "not ok - NAME (why)" and the end of the log.
# A failed run also gets a closing line in LOG counting the boot as one
# more failed case, for tests/tools/tally.sh.

name=$1 limit=$2 log=$3
shift 3
[ "$1" = "--" ] && shift
want=${PASS_STATUS:-0}

start=$(date +%s)
timeout -k 5 "$limit" "$@" > "$log" 2>&1 < /dev/null
status=$?
secs=$(( $(date +%s) - start ))

result=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)
passed=${result%% passed*}
failed=${result#*passed, }
failed=${failed%% failed}
why=
if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
	why="no exit after ${limit}s: hang"
elif [ "$status" -ne "$want" ]; then
	why="exit status $status, want $want"
	[ "$status" -eq 0 ] && why="$why (0: a triple fault?)"
fi
if [ -z "$result" ]; then
	why="${why:+$why; }no 'N passed, N failed' line"
	passed=0 failed=0
elif [ "$passed" -eq 0 ] || [ "$failed" -ne 0 ]; then
	why="${why:+$why; }$result"
fi
if [ "$(tail -n 1 "$log")" != "# kernel: pass" ]; then
	why="${why:+$why; }last line is not '# kernel: pass'"
fi

if [ -z "$why" ]; then
	echo "ok - $name (${secs}s)"
	exit 0
fi
echo "not ok - $name ($why, ${secs}s)"
tail -n 15 "$log" | sed 's/^/#   /'
echo "# run.sh: not ok - $name: $why" >> "$log"
echo "$passed passed, $((failed + 1)) failed" >> "$log"
exit 1
