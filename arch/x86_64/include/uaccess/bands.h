/* SPDX-License-Identifier: MIT */
/*
 * Size bands of the x86-64 routines (bytes). Used by the inline code in
 * <uaccess/arch.h>, by clear_user.S / copy_user.S, and by the tests, which
 * sweep sizes around every limit.
 *
 *   n < SHORT_LIMIT            FSRM: rep stosb/movsb inline in the caller.
 *                              Otherwise the short path: one group of
 *                              stores per set bit of n, no loop.
 *   SHORT_LIMIT <= n < BULK    the unrolled 64-byte loop.
 *   n >= BULK                  ERMS: rep stosb/movsb; REP_GOOD: rep
 *                              stosq/movsq; otherwise the loop.
 *
 * Where the numbers come from: `make bench` on AMD EPYC (Zen, FSRM + ERMS)
 * and the figures of issue 3 for Zen 5 and Emerald Rapids: rep with FSRM is
 * flat and cheapest below 128 bytes, then pays a startup of ~20 ticks that
 * the loop beats up to 500-700 bytes. See README "Benchmarks".
 */
#ifndef UACCESS_BANDS_H
#define UACCESS_BANDS_H

#define UACCESS_SHORT_LIMIT	128
#define UACCESS_CLEAR_BULK	640
#define UACCESS_COPY_BULK	640

#endif
