/* SPDX-License-Identifier: MIT */
/*
 * The page allocators and plat_protect() of tests/harness/platform.h for the
 * kernels that keep a user region apart from their own memory (AArch64's,
 * RISC-V's and the e500's mmu.c), in page_alloc.c. User pages come from
 * the region in order, kernel pages from a pool in the kernel's .bss;
 * neither is freed, so two CPUs allocating at once only need one lock to
 * get pages of their own.
 *
 * The kernel provides page_layout (where the region and the pool are) and
 * mmu_set_user_page(), the one step that is its page tables' own.
 */
#ifndef BAREMETAL_PAGE_ALLOC_H
#define BAREMETAL_PAGE_ALLOC_H

#include <stdbool.h>
#include "platform.h"

struct page_layout {
	unsigned long page_size;
	unsigned long user_base, user_pages;	/* the user region */
	unsigned char *kernel_pool;		/* zero from boot */
	unsigned long kernel_pages;
};
extern const struct page_layout page_layout;

/*
 * Map the region's page at va with prot (PLAT_NONE: not at all); the next
 * access on any CPU sees the change.
 */
void mmu_set_user_page(unsigned long va, enum plat_prot prot);

/* In the user region's pages handed out so far. */
bool mmu_is_user(unsigned long va);

/* Install the check of the hardened copies over the kernel pool. */
void page_alloc_check_copies(void);

#endif
