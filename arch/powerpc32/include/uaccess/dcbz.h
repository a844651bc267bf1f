/* SPDX-License-Identifier: MIT */
/*
 * The data-cache line of PowerPC32, for C and assembly: dcbz clears one
 * whole line, so the routines must know its size at build time.
 *
 *   UACCESS_DCBZ_LINE   bytes one dcbz clears on the target: 16 (MPC8xx),
 *                       32 (6xx, 7xx, e300, e500v1/v2; the default),
 *                       64 (e500mc, e5500), 128 (44x/47x), or 0 to build
 *                       without dcbz at all (no dcbz instruction is ever
 *                       executed, not even to measure the line).
 *   UACCESS_PREFETCH_LINES
 *                       how many lines ahead copy_user prefetches its
 *                       source with dcbt (default 4).
 *
 * uaccess_init() measures what dcbz really clears and never uses dcbz if
 * that differs from UACCESS_DCBZ_LINE (see <uaccess/arch.h>).
 */
#ifndef UACCESS_DCBZ_H
#define UACCESS_DCBZ_H

#ifndef UACCESS_DCBZ_LINE
#define UACCESS_DCBZ_LINE 32
#endif

#if UACCESS_DCBZ_LINE == 16
#define _UACCESS_LINE_SHIFT 4
#elif UACCESS_DCBZ_LINE == 32 || UACCESS_DCBZ_LINE == 0
#define _UACCESS_LINE_SHIFT 5
#elif UACCESS_DCBZ_LINE == 64
#define _UACCESS_LINE_SHIFT 6
#elif UACCESS_DCBZ_LINE == 128
#define _UACCESS_LINE_SHIFT 7
#else
#error "UACCESS_DCBZ_LINE must be 0, 16, 32, 64 or 128"
#endif

/*
 * The unit of the line loops: the dcbz line, or 32 bytes when dcbz is
 * built out. The word strategy uses the same unit, so both strategies
 * share every path but the loop body.
 */
#define _UACCESS_LINE (1 << _UACCESS_LINE_SHIFT)

#ifndef UACCESS_PREFETCH_LINES
#define UACCESS_PREFETCH_LINES 4
#endif

/*
 * Sizes at which the routines change strategy (the tests sweep around
 * them). From UACCESS_LINES_MIN bytes on (clear_user) and from
 * UACCESS_COPY_LINES_MIN on (copy_user), the range holds a whole line at
 * least: the routines align the destination to a line and run the line
 * loop; below that they store words and bytes only (a copy's groups of
 * words beat the loop's set-up on up to 4 lines of 32 bytes). The copy
 * prefetches only lines inside the source range, so its prefetching part of
 * the loop starts at about UACCESS_COPY_PREFETCH_MIN bytes.
 */
#define UACCESS_LINES_MIN (2 * _UACCESS_LINE)
#if _UACCESS_LINE > 64
#define UACCESS_COPY_LINES_MIN (2 * _UACCESS_LINE)
#else
#define UACCESS_COPY_LINES_MIN 128
#endif
#define UACCESS_COPY_PREFETCH_MIN ((UACCESS_PREFETCH_LINES + 2) * _UACCESS_LINE)

#endif /* UACCESS_DCBZ_H */
