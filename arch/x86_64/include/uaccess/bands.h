/* SPDX-License-Identifier: MIT */
/*
 * Size bands of the x86-64 routines (bytes). Used by the inline code in
 * <uaccess/arch.h>, by clear_user.S / copy_user.S, and by the tests, which
 * sweep sizes around every limit.
 *
 *   clear, n < SHORT           the short routine: one size class of
 *                              overlapping stores, no loop.
 *   copy, n < 64               one size class: a head and a tail piece of
 *                              the same width, overlapping (copy_user.S).
 *   SHORT (copy: 64) <= n < BULK  64-byte blocks (the bytes after the last
 *                              one as a size class).
 *   n >= BULK                  ERMS: rep stosb/movsb; REP_GOOD: rep
 *                              stosq/movsq; otherwise the same blocks.
 *                              Clears with LATE_STOSB (the table): the
 *                              blocks up to CLEAR_BULK_LATE, then rep.
 *
 * The limits follow `make bench`'s tables: rep stosb and rep movsb
 * cost the same at every size below 128 bytes, then step up and lose to
 * the 64-byte loop until about 600 bytes, where they win again. So both
 * use rep from 640, and the short clear's limit is 128; between, the loop
 * moves 64 bytes for less than one rep startup. Whether the flat cost
 * below 128 beats stores differs by CPU: that is the per-CPU table's
 * choice, not a limit here.
 *
 * A build may move the limits (-DUACCESS_CLEAR_BULK=1024), but only inside
 * what the routines can do; the checks below turn anything else into a
 * compile error rather than a routine that writes outside its range:
 *  - the long clear stores one whole 64-byte block first and the long copy
 *    ends with a block at -64 from the end: both need n >= 64;
 *  - the short clear's classes cover n < 128 (64..127: 64 + 64 at most);
 *  - BULK >= SHORT (the long routine makes the bulk decision) and BULK
 *    fits the sign-extended 32-bit immediate of its cmpq; the copy tests
 *    BULK only from 128 bytes (81..127 have their own site), so its BULK
 *    is above 128.
 */
#ifndef UACCESS_BANDS_H
#define UACCESS_BANDS_H

#ifndef UACCESS_CLEAR_SHORT_LIMIT
#define UACCESS_CLEAR_SHORT_LIMIT	128
#endif
#ifndef UACCESS_CLEAR_BULK
#define UACCESS_CLEAR_BULK		640
#endif
#ifndef UACCESS_COPY_BULK
#define UACCESS_COPY_BULK		640
#endif
#ifndef UACCESS_CLEAR_BULK_LATE
#if UACCESS_CLEAR_BULK > 1152
#define UACCESS_CLEAR_BULK_LATE		UACCESS_CLEAR_BULK
#else
#define UACCESS_CLEAR_BULK_LATE		1152
#endif
#endif

#if UACCESS_CLEAR_SHORT_LIMIT < 64 || UACCESS_CLEAR_SHORT_LIMIT > 128
#error "UACCESS_CLEAR_SHORT_LIMIT: the short clear covers n < 128, the long one needs n >= 64"
#endif
#if UACCESS_CLEAR_BULK < UACCESS_CLEAR_SHORT_LIMIT || UACCESS_CLEAR_BULK > 0x7fffffff
#error "UACCESS_CLEAR_BULK: must be >= UACCESS_CLEAR_SHORT_LIMIT and < 2^31"
#endif
#if UACCESS_CLEAR_BULK_LATE < UACCESS_CLEAR_BULK || UACCESS_CLEAR_BULK_LATE > 0x7fffffff
#error "UACCESS_CLEAR_BULK_LATE: must be >= UACCESS_CLEAR_BULK and < 2^31"
#endif
#if UACCESS_COPY_BULK <= 128 || UACCESS_COPY_BULK > 0x7fffffff
#error "UACCESS_COPY_BULK: must be > 128 and < 2^31"
#endif

#endif
