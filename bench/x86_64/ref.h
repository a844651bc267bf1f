// SPDX-License-Identifier: MIT
/*
 * The reference strategies of ref.S: plain SysV functions without fault
 * handling (mapped memory only). Each returns 0, the library's "bytes not
 * done" on success, so that the benchmark treats every column alike.
 */
#ifndef BENCH_REF_H
#define BENCH_REF_H

unsigned long ref_clear_bytes(void *to, unsigned long n);
unsigned long ref_clear_loop(void *to, unsigned long n);
unsigned long ref_clear_rep(void *to, unsigned long n);
unsigned long ref_clear_repq(void *to, unsigned long n);
/* Linux 6.x's out-of-line clear (no FSRS) and copy (ERMS, no FSRM). */
unsigned long ref_clear_linux(void *to, unsigned long n);

unsigned long ref_copy_bytes(void *to, const void *from, unsigned long n);
unsigned long ref_copy_loop(void *to, const void *from, unsigned long n);
unsigned long ref_copy_rep(void *to, const void *from, unsigned long n);
unsigned long ref_copy_repq(void *to, const void *from, unsigned long n);
unsigned long ref_copy_linux(void *to, const void *from, unsigned long n);

#endif
