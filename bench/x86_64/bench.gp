# SPDX-License-Identifier: MIT
# clear_user ticks per call against size, one line per column, from the
# clear_user.dat that uaccess-bench writes. Run by `make bench`:
#   gnuplot -e "dir='build/x86_64/bench'" bench/x86_64/bench.gp
if (!exists("dir")) {
	dir = "."
}
data = dir . "/clear_user.dat"

# The first line is "# size <column names>": word i + 1 names column i.
header = system("head -n 1 '" . data . "'")

if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
	set terminal pngcairo noenhanced size 1280,800
} else {
	set terminal png noenhanced size 1280,800
}
set output dir . "/bench.png"
set title "clear_user: TSC ticks per call (median)"
set xlabel "size (bytes)"
set ylabel "ticks per call"
set logscale xy 2
set grid
set key left top
plot for [i = 2:words(header) - 1] data using 1:i \
	with linespoints title word(header, i + 1)
