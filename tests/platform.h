/* SPDX-License-Identifier: MIT */
/*
 * What the suite needs from where it runs: pages it can map and protect,
 * a fault handler that resumes through uaccess_fixup(), and output.
 * tests/hosted/ implements it for a Linux process.
 */
#ifndef TEST_PLATFORM_H
#define TEST_PLATFORM_H

#include <stddef.h>

/* PLAT_RX / PLAT_RWX: for code pages, which the library may patch. */
enum plat_prot { PLAT_NONE, PLAT_RO, PLAT_RW, PLAT_RX, PLAT_RWX };

size_t plat_page_size(void);
/* npages of zeroed, page-aligned, read-write memory; never fails. */
void *plat_alloc_pages(size_t npages);
void plat_protect(void *p, size_t npages, enum plat_prot prot);
/* User-memory faults resolved through uaccess_fixup() so far. */
unsigned long plat_fault_count(void);
int plat_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
