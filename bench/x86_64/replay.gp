# SPDX-License-Identifier: MIT
# The replayed traces: each strategy's ticks per call over the library's,
# one line per trace, from the replay.dat that uaccess-bench writes. Run by
# `make bench` when gnuplot is installed:
#   gnuplot -e "dir='build/x86_64/bench'" bench/x86_64/replay.gp
if (!exists("dir")) {
	dir = "."
}
data = dir . "/replay.dat"

# The first line is "# column <trace names>": word i + 2 names trace i.
header = system("head -n 1 '" . data . "'")

if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
	set terminal pngcairo noenhanced size 1280,800
} else {
	set terminal png noenhanced size 1280,800
}
set output dir . "/replay.png"
set title "replayed traces: ticks per call over the library's (median)"
set xlabel "strategy"
set ylabel "ticks per call / library"
set logscale y 2
set grid
set key left top
set offsets 0.2, 0.2, 0, 0
plot for [i = 1:words(header) - 2] data using 1:(column(i + 2)):xtic(2) \
	with linespoints title word(header, i + 2)
