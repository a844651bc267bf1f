/* SPDX-License-Identifier: MIT */
/*
 * Size bands of the x86-64 routines (bytes). Used by the inline code in
 * <uaccess/arch.h>, by clear_user.S / copy_user.S, and by the tests, which
 * sweep sizes around every limit.
 *
 *   n < SHORT                  FSRM: rep stosb/movsb inline in the caller.
 *                              Otherwise the short routine: one group of
 *                              stores per set bit of n, no loop.
 *   SHORT <= n < BULK          64-byte blocks, the last one overlapping.
 *   n >= BULK                  ERMS: rep stosb/movsb; REP_GOOD: rep
 *                              stosq/movsq; otherwise the same blocks.
 *
 * Where the numbers come from: `make bench` on an AMD EPYC virtual machine
 * (Zen 5 class, "Turin-like", FSRM + ERMS, no FSRS), ticks per call:
 *  - rep stosb costs 4.4 flat for 0..127 bytes, then 21.5 from 128 bytes
 *    (the step is exactly at 128); the 64-byte loop costs 5.2 at 128, 7.6
 *    at 192, 19.5 at 512, 24.3 at 640, where rep costs 23.9: so clear uses
 *    rep below 128 and from 640.
 *  - rep movsb costs 6.6 flat below 128 and 22 above; the loop copies 64
 *    bytes in 4.3: so copy uses rep only below 64 (where the mixes, with
 *    their unpredictable sizes, favour it) and from 640.
 * Issue 3 quotes the same shape on Zen 5 and Emerald Rapids (the rep step
 * at 128 and the crossover near 600 bytes).
 */
#ifndef UACCESS_BANDS_H
#define UACCESS_BANDS_H

#define UACCESS_CLEAR_SHORT_LIMIT	128
#define UACCESS_COPY_SHORT_LIMIT	64
#define UACCESS_CLEAR_BULK		640
#define UACCESS_COPY_BULK		640

#endif
