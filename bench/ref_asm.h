/* SPDX-License-Identifier: MIT */
/*
 * The layout every bench/<arch>/ref.S shares: each reference routine a
 * global function between REF_FUNC and REF_END, aligned to 2^REF_ALIGN
 * bytes (the arch's ref.S defines REF_ALIGN before it includes this),
 * typed %function, which every target reads (@ starts a comment on Arm).
 *
 * BENCH_MARKERS(ret): bench_cell_begin and bench_cell_end, for the
 * instruction-count benches (bench/qemu_count.c). The program calls them
 * right before and right after each call it counts; they do nothing, and
 * qemu_count.py finds them in the instruction log and counts what runs
 * between them. In assembly, so that no compiler can drop or merge the
 * calls. `ret` is the arch's return instruction.
 */
#ifndef BENCH_REF_ASM_H
#define BENCH_REF_ASM_H

#define REF_FUNC(name)			\
	.text ;				\
	.globl name ;			\
	.type name, %function ;		\
	.p2align REF_ALIGN ;		\
name:

#define REF_END(name) .size name, . - name

#define BENCH_MARKERS(ret)		\
	REF_FUNC(bench_cell_begin)	\
	ret ;				\
	REF_END(bench_cell_begin) ;	\
	REF_FUNC(bench_cell_end)	\
	ret ;				\
	REF_END(bench_cell_end)

#endif
