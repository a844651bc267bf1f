// SPDX-License-Identifier: MIT
/*
 * Pages for the suite on the kernels with a user region of their own
 * (page_alloc.h): plat_alloc_pages(), plat_alloc_kernel_pages(),
 * plat_protect() and plat_page_size() over the kernel's page_layout and
 * mmu_set_user_page(). A request the region or the pool cannot meet ends
 * the run (kernel_fail()): a test that wanted the pages cannot go on.
 * Each allocation of kernel pages is one object of the hardened copies'
 * check (usercopy_check.c), once page_alloc_check_copies() installed it.
 */
#include <string.h>
#include "platform.h"
#include "console.h"
#include "page_alloc.h"
#include "usercopy_check.h"

static volatile int alloc_lock;
static unsigned long user_used, kernel_used;	/* pages handed out */

static void lock(void)
{
	while (__atomic_exchange_n(&alloc_lock, 1, __ATOMIC_ACQUIRE))
		;
}

static void unlock(void)
{
	__atomic_store_n(&alloc_lock, 0, __ATOMIC_RELEASE);
}

size_t plat_page_size(void)
{
	return page_layout.page_size;
}

bool mmu_is_user(unsigned long va)
{
	return va >= page_layout.user_base &&
	       va < page_layout.user_base + user_used * page_layout.page_size;
}

/* User pages: never reused, zeroed through their user mapping. */
void *plat_alloc_pages(size_t npages)
{
	const unsigned long size = page_layout.page_size;
	unsigned char *p;

	lock();
	if (npages > page_layout.user_pages - user_used)
		kernel_fail("user region exhausted: %lu pages wanted, %lu left",
			    (unsigned long)npages, page_layout.user_pages - user_used);
	p = (unsigned char *)page_layout.user_base + user_used * size;
	user_used += npages;
	unlock();
	for (size_t i = 0; i < npages; i++)
		mmu_set_user_page((unsigned long)p + i * size, PLAT_RW);
	plat_user_begin();
	memset(p, 0, npages * size);
	plat_user_end();
	return p;
}

/* Kernel pages: never reused, so still zero from boot. */
void *plat_alloc_kernel_pages(size_t npages)
{
	unsigned char *p;

	lock();
	if (npages > page_layout.kernel_pages - kernel_used)
		kernel_fail("kernel pool exhausted: %lu pages wanted",
			    (unsigned long)npages);
	p = page_layout.kernel_pool + kernel_used * page_layout.page_size;
	kernel_used += npages;
	usercopy_heap_add(p, npages * page_layout.page_size);
	unlock();
	return p;
}

/* The hardened copies' check (usercopy_check.c): the pool is its heap. */
void page_alloc_check_copies(void)
{
	unsigned long start = (unsigned long)page_layout.kernel_pool;

	usercopy_check_init(start, start + page_layout.kernel_pages *
			    page_layout.page_size);
}

/*
 * Only user pages change: these kernels never patch the library's code,
 * so no test asks for more.
 */
void plat_protect(void *p, size_t npages, enum plat_prot prot)
{
	unsigned long va = (unsigned long)p;

	for (size_t i = 0; i < npages; i++, va += page_layout.page_size) {
		if (!mmu_is_user(va) || va % page_layout.page_size || prot > PLAT_RWX)
			kernel_fail("plat_protect(%p, %lu, %d): not a user page",
				    p, (unsigned long)npages, prot);
		mmu_set_user_page(va, prot);
	}
}
