/* SPDX-License-Identifier: MIT */
/*
 * Size bands of the x86-64 routines (bytes). Used by the inline code in
 * <uaccess/arch.h>, by clear_user.S / copy_user.S, and by the tests, which
 * sweep sizes around every limit.
 *
 *   clear, n < SHORT           FSRM: rep stosb inline in the caller.
 *                              Otherwise the short routine: one group of
 *                              stores per set bit of n, no loop.
 *   copy, n < SHORT            one size class: a head and a tail piece of
 *                              the same width, overlapping (copy_user.S).
 *   SHORT <= n < BULK          64-byte blocks (clear: the last one
 *                              overlapping; copy: the bytes after the last
 *                              one as a size class).
 *   n >= BULK                  ERMS: rep stosb/movsb; REP_GOOD: rep
 *                              stosq/movsq; otherwise the same blocks.
 *
 * The defaults follow what `make bench` measured: rep stosb and
 * rep movsb cost the same at every size below 128 bytes, then step up and
 * lose to the 64-byte loop until about 600 bytes, where they win again.
 * So clear uses rep below 128 and from 640, and copy from 640; between,
 * the loop copies 64 bytes for less than one rep startup. Below 64 bytes
 * a copy's size class costs two thirds of a rep movsb at one repeated
 * size, the sizes of real system calls; rep movsb stays cheaper on
 * uniformly random sizes, where the class branches mispredict
 * (docs/BENCHMARKS.md has both).
 *
 * A build may move the limits (-DUACCESS_CLEAR_BULK=1024), but only inside
 * what the routines can do; the checks below turn anything else into a
 * compile error rather than a routine that writes outside its range:
 *  - the short clear has groups of 64, 32, ... 1 bytes: it covers n < 128;
 *  - the long clear stores one whole 64-byte block first and the long copy
 *    ends with a block at -64 from the end: both need n >= 64;
 *  - the copy's size classes cover n < 64, its blocks n >= 64: the limit
 *    is exactly 64;
 *  - BULK >= SHORT (the long routine makes the bulk decision) and BULK
 *    fits the sign-extended 32-bit immediate of its cmpq.
 */
#ifndef UACCESS_BANDS_H
#define UACCESS_BANDS_H

#ifndef UACCESS_CLEAR_SHORT_LIMIT
#define UACCESS_CLEAR_SHORT_LIMIT	128
#endif
#ifndef UACCESS_COPY_SHORT_LIMIT
#define UACCESS_COPY_SHORT_LIMIT	64
#endif
#ifndef UACCESS_CLEAR_BULK
#define UACCESS_CLEAR_BULK		640
#endif
#ifndef UACCESS_COPY_BULK
#define UACCESS_COPY_BULK		640
#endif

#if UACCESS_CLEAR_SHORT_LIMIT < 64 || UACCESS_CLEAR_SHORT_LIMIT > 128
#error "UACCESS_CLEAR_SHORT_LIMIT: the short clear covers n < 128, the long one needs n >= 64"
#endif
#if UACCESS_COPY_SHORT_LIMIT != 64
#error "UACCESS_COPY_SHORT_LIMIT: the copy's size classes cover n < 64, its blocks n >= 64"
#endif
#if UACCESS_CLEAR_BULK < UACCESS_CLEAR_SHORT_LIMIT || UACCESS_CLEAR_BULK > 0x7fffffff
#error "UACCESS_CLEAR_BULK: must be >= UACCESS_CLEAR_SHORT_LIMIT and < 2^31"
#endif
#if UACCESS_COPY_BULK < UACCESS_COPY_SHORT_LIMIT || UACCESS_COPY_BULK > 0x7fffffff
#error "UACCESS_COPY_BULK: must be >= UACCESS_COPY_SHORT_LIMIT and < 2^31"
#endif

#endif
