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
 * The defaults follow what `make bench` measured: rep stosb and
 * rep movsb cost the same at every size below 128 bytes, then step up and
 * lose to the 64-byte loop until about 600 bytes, where they win again.
 * So clear uses rep below 128 and from 640; copy uses rep below 64 (on the
 * mixed sizes the callers see, it beats the groups, which mispredict) and
 * from 640, and the loop in between, which copies 64 bytes for less than
 * one rep movsb startup.
 *
 * A build may move the limits (-DUACCESS_CLEAR_BULK=1024), but only inside
 * what the routines can do; the checks below turn anything else into a
 * compile error rather than a routine that writes outside its range:
 *  - the short clear has groups of 64, 32, ... 1 bytes: it covers n < 128;
 *  - the long clear stores one whole 64-byte block first and the long copy
 *    ends with a block at -64 from the end: both need n >= 64;
 *  - the short copy has groups of 32, ... 1 bytes: it covers n < 64. With
 *    the long copy's n >= 64, its limit is exactly 64;
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
#error "UACCESS_COPY_SHORT_LIMIT: the short copy covers n < 64, the long one needs n >= 64"
#endif
#if UACCESS_CLEAR_BULK < UACCESS_CLEAR_SHORT_LIMIT || UACCESS_CLEAR_BULK > 0x7fffffff
#error "UACCESS_CLEAR_BULK: must be >= UACCESS_CLEAR_SHORT_LIMIT and < 2^31"
#endif
#if UACCESS_COPY_BULK < UACCESS_COPY_SHORT_LIMIT || UACCESS_COPY_BULK > 0x7fffffff
#error "UACCESS_COPY_BULK: must be >= UACCESS_COPY_SHORT_LIMIT and < 2^31"
#endif

#endif
