// SPDX-License-Identifier: MIT
/*
 * What both Linux-process platforms (tests/harness/hosted/platform.c with the C
 * library, tests/harness/nolibc/linux/platform.c without) answer alike: a process
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

/*
 * The page below H - page is inaccessible too: a probe test that strays
 * below the memory plat_kernel_hole() promises faults there every time,
 * not only when the process's layout happens to leave that page unmapped.
 */
unsigned char *plat_kernel_hole(unsigned char **after)
{
	static unsigned char *hole;
	size_t page = plat_page_size();

	if (!hole) {
		unsigned char *p = plat_alloc_kernel_pages(4);

		plat_protect(p, 1, PLAT_NONE);
		hole = p + 2 * page;
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

/* A process has no user-access window (no SMAP, SUM or KUAP at CPL 3). */
int plat_window_state(void)
{
	return -1;
}

/*
 * Its windows are empty, and the registers a kernel's window writes
 * (sstatus, MSR, PSTATE.PAN, RFLAGS.IF) are the kernel's: nothing to read.
 */
void plat_status_read(struct plat_status *s)
{
	s->n = 0;
}
