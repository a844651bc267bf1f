// SPDX-License-Identifier: MIT
/*
 * Paging for the test kernel: 4-level tables mapping RAM 1:1 in 4 KiB
 * pages, so that every page can be protected on its own, and the page
 * allocators and protection calls of tests/harness/platform.h on top.
 *
 *   0             not present: a NULL access faults
 *   below text    supervisor, writable (the loader's start_info, cmdline)
 *   text          supervisor, read-only (CR0.WP: the kernel too); the
 *                 alternatives are written through the text-poke hook,
 *                 which opens the page around the write (PLAT_RWX, PLAT_RX)
 *   rodata        supervisor, read-only
 *   data, bss     supervisor, writable; the page below the stack unmapped
 *   kernel pool   supervisor, writable: plat_alloc_kernel_pages()
 *   user region   U/S=1, writable: plat_alloc_pages(); with CR4.SMAP the
 *                 kernel reaches it only inside a stac/clac window
 *
 * The upper levels allow everything (U/S and R/W set): the last level
 * alone decides, so plat_protect() edits one PTE per page and flushes it
 * with invlpg.
 */
#include <string.h>
#include "kernel.h"
#include "platform.h"
#include "../usercopy_check.h"

#define PTE_P	0x1UL
#define PTE_W	0x2UL
#define PTE_U	0x4UL
#define TABLE_FLAGS (PTE_P | PTE_W | PTE_U)

#define NR_PT	(RAM_TOP / (512 * PAGE_SIZE))	/* one per 2 MiB */
_Static_assert(RAM_TOP <= 512UL * 512 * PAGE_SIZE, "one PD covers 1 GiB");

/* From kernel.ld and boot.S. */
extern char _text_start[], _rodata_end[], _kernel_end[];
extern char boot_stack_guard[];

#define PDE_PS	0x80UL		/* a 2 MiB page */
#define PTE_PWT	0x8UL
#define PTE_PCD	0x10UL		/* uncached: device registers */

typedef uint64_t table_t[512] __attribute__((aligned(4096)));
static table_t pml4, pdpt, pd, pt[NR_PT], pd_apic;

/*
 * The allocators serve every CPU: one lock around both. Two CPUs running
 * the suite at once so get disjoint pages, each its own user region.
 */
static unsigned long kernel_next, user_next;
static volatile int alloc_lock;

volatile unsigned long text_gen = 1;	/* 0: what no CPU has checked */

static void lock(volatile int *l)
{
	while (__atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE))
		while (*l)
			__asm__ volatile("pause");
}

static void unlock(volatile int *l)
{
	__atomic_store_n(l, 0, __ATOMIC_RELEASE);
}

static uint64_t *pte_of(unsigned long addr)
{
	if (addr >= RAM_TOP) {
		plat_printf("# mmu: address %#lx is not mapped RAM\n", addr);
		kernel_exit(false);
	}
	return &pt[addr / (512 * PAGE_SIZE)][(addr / PAGE_SIZE) % 512];
}

static uint64_t initial_pte(unsigned long a)
{
	if (a == 0 || a == (unsigned long)boot_stack_guard)
		return 0;
	if (a >= (unsigned long)_text_start && a < (unsigned long)_rodata_end)
		return a | PTE_P;
	if (a >= USER_BASE)
		return a | PTE_P | PTE_W | PTE_U;
	return a | PTE_P | PTE_W;
}

void mmu_init(void)
{
	pml4[0] = (uint64_t)(unsigned long)pdpt | TABLE_FLAGS;
	pdpt[0] = (uint64_t)(unsigned long)pd | TABLE_FLAGS;
	for (unsigned long i = 0; i < NR_PT; i++)
		pd[i] = (uint64_t)(unsigned long)pt[i] | TABLE_FLAGS;
	for (unsigned long a = 0; a < RAM_TOP; a += PAGE_SIZE)
		*pte_of(a) = initial_pte(a);
	/* The local APIC's registers: one uncached 2 MiB page at APIC_BASE
	 * (the 4th GiB), supervisor only. */
	pdpt[APIC_BASE >> 30] = (uint64_t)(unsigned long)pd_apic | TABLE_FLAGS;
	pd_apic[(APIC_BASE >> 21) & 511] = (APIC_BASE & ~((2UL << 20) - 1)) |
		PTE_P | PTE_W | PDE_PS | PTE_PCD | PTE_PWT;
	/* Loading CR3 flushes every non-global translation, the boot
	 * tables' 2 MiB ones included. */
	__asm__ volatile("mov %0, %%cr3" : : "r"(pml4) : "memory");

	kernel_next = ((unsigned long)_kernel_end + PAGE_SIZE - 1) & ~(PAGE_SIZE - 1);
	user_next = USER_BASE;
	/* The hardened copies' check: the kernel pool is its heap. */
	usercopy_check_init(kernel_next, USER_BASE);
}

size_t plat_page_size(void)
{
	return PAGE_SIZE;
}

static void *take(unsigned long *next, unsigned long limit, size_t npages,
		  const char *what)
{
	unsigned long p;

	lock(&alloc_lock);
	p = *next;
	if (npages > (limit - p) / PAGE_SIZE) {
		unlock(&alloc_lock);
		plat_printf("# mmu: out of %s pages (%zu more wanted)\n", what, npages);
		kernel_exit(false);
	}
	*next = p + npages * PAGE_SIZE;
	if (next == &kernel_next)	/* one object of the copies' check */
		usercopy_heap_add((void *)p, npages * PAGE_SIZE);
	unlock(&alloc_lock);
	return (void *)p;
}

/* Pages are never freed, so a fresh page is still zero from boot; clear it
 * anyway, as the contract of plat_alloc_pages() promises. */
void *plat_alloc_pages(size_t npages)
{
	void *p = take(&user_next, RAM_TOP, npages, "user");

	plat_user_begin();
	memset(p, 0, npages * PAGE_SIZE);
	plat_user_end();
	return p;
}

void *plat_alloc_kernel_pages(size_t npages)
{
	void *p = take(&kernel_next, USER_BASE, npages, "kernel");

	memset(p, 0, npages * PAGE_SIZE);
	return p;
}

void plat_protect(void *p, size_t npages, enum plat_prot prot)
{
	static const uint64_t bits[] = {
		[PLAT_NONE] = 0,
		[PLAT_RO] = PTE_P,
		[PLAT_RW] = PTE_P | PTE_W,
		[PLAT_RX] = PTE_P,		/* no NX here: R and RX agree */
		[PLAT_RWX] = PTE_P | PTE_W,
	};
	unsigned long a = (unsigned long)p & ~(PAGE_SIZE - 1);
	struct cpu *c = this_cpu();

	/*
	 * Pages are made writable and executable only to patch code
	 * (PLAT_RWX, then PLAT_RX again). In between, this CPU takes no
	 * interrupt: the timer handler calls the library, which must not run
	 * an instruction half rewritten. text_gen tells the handler the text
	 * changed (it checks the library's window sites again).
	 */
	if (prot == PLAT_RWX && !c->irq_off_depth++) {
		unsigned long flags;

		__asm__ volatile("pushfq; popq %0; cli" : "=r"(flags) : : "memory");
		c->irq_saved_flags = flags;
	}
	if (prot == PLAT_RWX)
		__atomic_add_fetch(&text_gen, 1, __ATOMIC_RELAXED);
	for (size_t i = 0; i < npages; i++, a += PAGE_SIZE) {
		uint64_t *pte = pte_of(a);

		*pte = (*pte & ~(PTE_P | PTE_W)) | a | bits[prot];
		__asm__ volatile("invlpg (%0)" : : "r"(a) : "memory");
	}
	if (prot == PLAT_RX && c->irq_off_depth && !--c->irq_off_depth &&
	    (c->irq_saved_flags & (1UL << 9)))
		__asm__ volatile("sti" : : : "memory");
}

/*
 * Three pages of the kernel pool, the middle one unmapped: one set per
 * CPU, since the tests write the pages around the hole.
 */
unsigned char *plat_kernel_hole(unsigned char **after)
{
	static unsigned char *holes[MAX_CPUS];
	unsigned char **hole = &holes[this_cpu()->index];

	if (!*hole) {
		*hole = (unsigned char *)plat_alloc_kernel_pages(3) + PAGE_SIZE;
		plat_protect(*hole, 1, PLAT_NONE);
	}
	*after = *hole + PAGE_SIZE;
	return *hole;
}

/*
 * The text-poke hook for uaccess_init() (uaccess_set_text_poke()): text
 * pages are read-only even to the kernel (CR0.WP), so open the pages for
 * the write and close them again.
 */
void text_poke(void *dst, const void *src, unsigned long len)
{
	unsigned long lo = (unsigned long)dst & ~(PAGE_SIZE - 1);
	unsigned long hi = ((unsigned long)dst + len + PAGE_SIZE - 1) & ~(PAGE_SIZE - 1);

	plat_protect((void *)lo, (hi - lo) / PAGE_SIZE, PLAT_RWX);
	memcpy(dst, src, len);
	plat_protect((void *)lo, (hi - lo) / PAGE_SIZE, PLAT_RX);
}

/* Is [addr] mapped, and writable? For trap.c's diagnosis of a fault. */
bool mmu_page_allows(unsigned long addr, bool write)
{
	uint64_t pte;

	if (addr >= RAM_TOP)
		return false;
	pte = *pte_of(addr);
	return (pte & PTE_P) && (!write || (pte & PTE_W));
}
