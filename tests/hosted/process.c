// SPDX-License-Identifier: MIT
/*
 * What both Linux-process platforms (tests/hosted/platform.c with the C
 * library, tests/nolibc/linux/platform.c without) answer alike: a process
 * has one kind of memory and runs without SMAP, so kernel buffers are
 * ordinary pages and test-side user accesses need no window.
 */
#include "platform.h"

void *plat_alloc_kernel_pages(size_t npages)
{
	return plat_alloc_pages(npages);
}

void plat_user_begin(void)
{
}

void plat_user_end(void)
{
}

unsigned char *plat_kernel_hole(unsigned char **after)
{
	static unsigned char *hole;
	size_t page = plat_page_size();

	if (!hole) {
		hole = (unsigned char *)plat_alloc_kernel_pages(3) + page;
		plat_protect(hole, 1, PLAT_NONE);
	}
	*after = hole + page;
	return hole;
}

/* A non-canonical address and an unmapped page both arrive as SIGSEGV. */
bool plat_masked_addr_faults(void)
{
	return true;
}
