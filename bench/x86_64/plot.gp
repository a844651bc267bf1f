# SPDX-License-Identifier: MIT
# The plots of the data files uaccess-bench writes in dir: clear_user.dat
# (ticks per call against size, one line per column) to bench.png, and
# replay.dat (each strategy's ticks per call over the library's, one line
# per trace) to replay.png. Run by `make bench` when gnuplot is installed:
#   gnuplot -e "dir='build/x86_64/bench'; what='clear_user'" bench/x86_64/plot.gp
#   gnuplot -e "dir='build/x86_64/bench'; what='replay'" bench/x86_64/plot.gp
if (!exists("dir")) {
	dir = "."
}
data = dir . "/" . what . ".dat"
# The first line names the columns: "# size <columns>" or "# column <traces>".
header = system("head -n 1 '" . data . "'")

if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
	set terminal pngcairo noenhanced size 1280,800
} else {
	set terminal png noenhanced size 1280,800
}
set grid
set key left top
if (what eq "replay") {
	set output dir . "/replay.png"
	set title "replayed traces: ticks per call over the library's (median)"
	set xlabel "strategy"
	set ylabel "ticks per call / library"
	set logscale y 2
	set offsets 0.2, 0.2, 0, 0
	plot for [i = 1:words(header) - 2] data using 1:(column(i + 2)):xtic(2) \
		with linespoints title word(header, i + 2)
} else {
	set output dir . "/bench.png"
	set title "clear_user: TSC ticks per call (median)"
	set xlabel "size (bytes)"
	set ylabel "ticks per call"
	set logscale xy 2
	plot for [i = 2:words(header) - 1] data using 1:i \
		with linespoints title word(header, i + 1)
}
