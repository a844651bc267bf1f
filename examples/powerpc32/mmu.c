// SPDX-License-Identifier: MIT
/*
 * Memory of the e500 test kernel: the user region (its pages allocated by
 * examples/page_alloc.c), a software page table for it, the TLB0 entries
 * the DTLB-miss handler loads from that table, and the KUAP window.
 *
 * The kernel lives in the boot TLB1[0] mapping (64 MiB at 0) and never
 * misses. The user region is 4 KiB pages at USER_BASE, each one of: not
 * mapped (a hole), read-only, read-write (user_prot[], one byte a page).
 * Nothing is in the TLB until it is touched: a DTLB miss (IVOR13) on a
 * mapped page writes a TLB0 entry and retries; on a hole it is a fault,
 * which trap.c resolves through uaccess_fixup(). A store to a read-only
 * entry takes a DSI (IVOR2), resolved the same way. plat_protect()
 * changes the table and invalidates the page's TLB entry (tlbivax), so
 * the next access misses and sees the new protection.
 *
 * User entries carry TID = KUAP_USER_PID (see uaccess/kuap.h): they
 * match only while a user-access window is open.
 */
#include <uaccess.h>
#include "kernel.h"
#include "platform.h"

#define USER_PAGES	(USER_SIZE / PAGE_SIZE)
#define KERNEL_POOL	(8UL << 20)

static unsigned char user_prot[USER_PAGES];	/* enum plat_prot */
static unsigned char kernel_pool[KERNEL_POOL] __attribute__((aligned(4096)));
static unsigned long tlb0_ways, tlb0_victim;
static int test_window;		/* plat_user_begin() without its end */

struct kuap_counts kuap_count;

static void tlb_write(unsigned long mas0, unsigned long mas1,
		      unsigned long mas2, unsigned long mas3,
		      unsigned long mas7)
{
	mtspr(SPR_MAS0, mas0);
	mtspr(SPR_MAS1, mas1);
	mtspr(SPR_MAS2, mas2);
	mtspr(SPR_MAS3, mas3);
	mtspr(SPR_MAS7, mas7);
	__asm__ volatile("isync\n\ttlbwe\n\tisync" : : : "memory");
}

/* Drop the TLB0 entry of one page (TLB1, with IPROT, is not affected). */
static void tlb_invalidate(unsigned long va)
{
	__asm__ volatile("sync\n\ttlbivax 0, %0\n\tsync\n\ttlbsync\n\tsync\n\tisync"
			 : : "r"(va & ~(PAGE_SIZE - 1)) : "memory");
}

/*
 * CCSR, the SoC's registers (UART, GPIO), at physical 0xF_E000_0000: one
 * 1 MiB TLB1 entry, cache-inhibited and guarded as device memory must be,
 * protected (IPROT) from tlbivax. TLB1[0] is the boot mapping.
 */
void mmu_map_ccsr(void)
{
	tlb_write(MAS0_TLBSEL(1) | MAS0_ESEL(1),
		  MAS1_V | MAS1_IPROT | MAS1_TSIZE(TSIZE_1M),
		  CCSR_VIRT | MAS2_I | MAS2_G,
		  0xe0000000UL | MAS3_SR | MAS3_SW, 0xf);
}

void mmu_init(void)
{
	/* TLB0 is set-associative: the entry to replace is chosen by way. */
	tlb0_ways = TLBCFG_ASSOC(mfspr(SPR_TLB0CFG));
	if (!tlb0_ways)
		tlb0_ways = 1;
}

const struct page_layout page_layout = {
	.page_size = PAGE_SIZE, .user_base = USER_BASE, .user_pages = USER_PAGES,
	.kernel_pool = kernel_pool, .kernel_pages = KERNEL_POOL / PAGE_SIZE,
};

/*
 * The DTLB-miss handler's work for a data address: load the user page's
 * entry if the page is mapped and a window is open. It writes only
 * MAS0..3 and MAS7, so it does not depend on what the miss preloaded.
 */
enum tlb_miss mmu_user_tlb_miss(unsigned long addr)
{
	unsigned long page = (addr - USER_BASE) / PAGE_SIZE;
	unsigned long mas3;

	if (!mmu_is_user(addr))
		return MISS_NOT_USER;
	if (user_prot[page] == PLAT_NONE)
		return MISS_NO_PAGE;
	if (mfspr(SPR_PID) != KUAP_USER_PID)
		return MISS_WINDOW_CLOSED;
	mas3 = (USER_PHYS + page * PAGE_SIZE) | MAS3_SR;
	if (user_prot[page] == PLAT_RW || user_prot[page] == PLAT_RWX)
		mas3 |= MAS3_SW;
	tlb_write(MAS0_TLBSEL(0) | MAS0_ESEL(tlb0_victim++ % tlb0_ways),
		  MAS1_V | MAS1_TID(KUAP_USER_PID) | MAS1_TSIZE(TSIZE_4K),
		  addr & ~(PAGE_SIZE - 1), mas3, 0);
	return MISS_MAPPED;
}

/*
 * The next access to the page misses the TLB and finds the new protection.
 * The kernel's 64 MiB never change: they are one TLB1 entry.
 */
void mmu_set_user_page(unsigned long va, enum plat_prot prot)
{
	user_prot[(va - USER_BASE) / PAGE_SIZE] = (unsigned char)prot;
	tlb_invalidate(va);
}

/*
 * The end of the boot TLB1[0] entry: below it the kernel's 64 MiB (the
 * image is at 1 MiB, so the last page is free), above it nothing until
 * the user region. No kernel page can follow the hole.
 */
unsigned char *plat_kernel_hole(unsigned char **after)
{
	*after = NULL;
	return (unsigned char *)KERNEL_MAP_END;
}

/* The masked address is 0, which the boot TLB1[0] entry maps. */
bool plat_masked_addr_faults(void)
{
	return false;
}

/* A window is open while PID selects the user's TLB entries. */
int plat_window_state(void)
{
	return mfspr(SPR_PID) != 0 || kuap_count.open;
}

/*
 * MSR whole (no bit of it changes on its own: an exception's rfi puts back
 * what it interrupted) and PID, the KUAP state the hooks switch.
 */
void plat_status_read(struct plat_status *s)
{
	unsigned long msr;

	__asm__ volatile("mfmsr %0" : "=r"(msr));
	s->n = 2;
	s->name[0] = "MSR";
	s->value[0] = msr;
	s->name[1] = "PID";
	s->value[1] = mfspr(SPR_PID);
}

/* Page 0 is the kernel's (TLB1[0] maps its image from VA 0). */
bool plat_map_page_zero(void)
{
	return false;
}

void plat_unmap_page_zero(void)
{
}

/*
 * The test's own window for filling and checking user buffers: the same
 * PID switch as the library's hooks, counted apart from them.
 */
void plat_user_begin(void)
{
	test_window++;
	mtspr(SPR_PID, KUAP_USER_PID);
	__asm__ volatile("isync" : : : "memory");
}

/*
 * PID is cleared before the count goes down, as it was set after the count
 * went up: an interrupt in between (irq.c) never finds the user PID with
 * no window counted.
 */
void plat_user_end(void)
{
	mtspr(SPR_PID, 0);
	__asm__ volatile("isync" : : : "memory");
	test_window--;
}

bool mmu_test_window_open(void)
{
	return test_window > 0;
}

int mmu_test_window_swap(int open)
{
	int old = test_window;

	test_window = open;
	return old;
}
