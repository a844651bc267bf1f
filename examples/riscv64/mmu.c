// SPDX-License-Identifier: MIT
/*
 * Memory of the RISC-V test kernel: Sv39 page tables (kernel.h has the
 * map), the user region's pages (allocated by examples/page_alloc.c), and
 * the test's own user-access window.
 *
 * The kernel is identity-mapped in 2 MiB pages with U = 0, read, write and
 * execute, but for its last 2 MiB: 4 KiB pages there, one of them left out
 * (the hole of plat_kernel_hole()). The user region is 4 KiB pages with
 * U = 1, each one of: not mapped, read-only, read-write (plat_protect()).
 * Every change of an entry is followed by sfence.vma of its page, so the
 * next access sees it.
 *
 * With sstatus.SUM clear, a supervisor load or store to a U page raises a
 * page fault (13 or 15): the kernel runs with SUM clear and sets it only
 * inside a window, the library's or the test's own (plat_user_begin()).
 */
#include <stdint.h>
#include <string.h>
#include <uaccess.h>
#include "kernel.h"
#include "platform.h"

#define PTE_V	(1UL << 0)
#define PTE_R	(1UL << 1)
#define PTE_W	(1UL << 2)
#define PTE_X	(1UL << 3)
#define PTE_U	(1UL << 4)
#define PTE_G	(1UL << 5)
#define PTE_A	(1UL << 6)
#define PTE_D	(1UL << 7)
#define SATP_SV39	(8UL << 60)
#define MEGA		(2UL << 20)
#define GIGA		(1UL << 30)
#define ENTRIES		512
#define USER_PAGES	(USER_SIZE / PAGE_SIZE)
#define KERNEL_POOL	(8UL << 20)

typedef uint64_t pte_t;

static pte_t root[ENTRIES] __attribute__((aligned(4096)));
static pte_t l1_low[ENTRIES] __attribute__((aligned(4096)));
static pte_t l0_low[ENTRIES] __attribute__((aligned(4096)));
static pte_t l1_user[ENTRIES] __attribute__((aligned(4096)));
static pte_t l0_user[USER_SIZE / MEGA][ENTRIES] __attribute__((aligned(4096)));
static pte_t l1_kernel[ENTRIES] __attribute__((aligned(4096)));
static pte_t l0_kernel_end[ENTRIES] __attribute__((aligned(4096)));

static unsigned char kernel_pool[KERNEL_POOL] __attribute__((aligned(4096)));
static int test_window;			/* plat_user_begin() without its end */
unsigned long sum_left_open;

/*
 * A QEMU hart sets the accessed and dirty bits itself; they are set here
 * anyway, as hardware that faults on a clear bit would need them.
 */
static pte_t leaf(unsigned long pa, unsigned long flags)
{
	return (pa >> 12) << 10 | flags | PTE_V | PTE_A | PTE_D;
}

static pte_t table(const pte_t *next)
{
	return ((unsigned long)next >> 12) << 10 | PTE_V;
}

static unsigned long index_of(unsigned long va, int level)
{
	return (va >> (12 + 9 * level)) & (ENTRIES - 1);
}

static void sfence_page(unsigned long va)
{
	__asm__ volatile("sfence.vma %0, zero" : : "r"(va) : "memory");
}

void mmu_init(void)
{
	const unsigned long kflags = PTE_R | PTE_W | PTE_X | PTE_G;
	const unsigned long dflags = PTE_R | PTE_W | PTE_G;
	unsigned long last = KERNEL_BASE + KERNEL_SIZE - MEGA;

	_Static_assert(USER_BASE % GIGA == 0 && USER_SIZE <= GIGA &&
		       USER_SIZE % MEGA == 0, "the user region is one L1 table");
	_Static_assert(KERNEL_BASE % GIGA == 0 && KERNEL_SIZE <= GIGA &&
		       KERNEL_HOLE >= KERNEL_BASE + KERNEL_SIZE - MEGA,
		       "the hole is in the kernel's last 2 MiB");

	/* Devices: the test device's page, the UART's 2 MiB. Not page 0. */
	root[index_of(0, 2)] = table(l1_low);
	l1_low[index_of(TEST_DEVICE, 1)] = table(l0_low);
	l0_low[index_of(TEST_DEVICE, 0)] = leaf(TEST_DEVICE, dflags);
	l1_low[index_of(UART_BASE, 1)] = leaf(UART_BASE & ~(MEGA - 1), dflags);

	root[index_of(KERNEL_BASE, 2)] = table(l1_kernel);
	for (unsigned long a = KERNEL_BASE; a < last; a += MEGA)
		l1_kernel[index_of(a, 1)] = leaf(a, kflags);
	l1_kernel[index_of(last, 1)] = table(l0_kernel_end);
	for (unsigned long a = last; a < last + MEGA; a += PAGE_SIZE)
		if (a != KERNEL_HOLE)
			l0_kernel_end[index_of(a, 0)] = leaf(a, kflags);

	root[index_of(USER_BASE, 2)] = table(l1_user);
	for (unsigned long i = 0; i < USER_SIZE / MEGA; i++)
		l1_user[i] = table(l0_user[i]);

	/* The kernel runs at the same addresses with paging on. */
	__asm__ volatile("sfence.vma zero, zero\n\tcsrw satp, %0\n\t"
			 "sfence.vma zero, zero"
			 : : "r"(SATP_SV39 | (unsigned long)root >> 12) : "memory");
}

static pte_t *user_pte(unsigned long va)
{
	unsigned long page = (va - USER_BASE) / PAGE_SIZE;

	return &l0_user[page / ENTRIES][page % ENTRIES];
}

const struct page_layout page_layout = {
	.page_size = PAGE_SIZE, .user_base = USER_BASE, .user_pages = USER_PAGES,
	.kernel_pool = kernel_pool, .kernel_pages = KERNEL_POOL / PAGE_SIZE,
};

void mmu_set_user_page(unsigned long va, enum plat_prot prot)
{
	static const unsigned long flags[] = {
		[PLAT_NONE] = 0,
		[PLAT_RO] = PTE_R,
		[PLAT_RW] = PTE_R | PTE_W,
		[PLAT_RX] = PTE_R | PTE_X,
		[PLAT_RWX] = PTE_R | PTE_W | PTE_X,
	};
	unsigned long pa = USER_PHYS + (va - USER_BASE);

	*user_pte(va) = prot == PLAT_NONE ? 0 : leaf(pa, flags[prot] | PTE_U);
	sfence_page(va);
}

/*
 * Page 0 as a user page, as in a kernel whose user memory starts at VA 0:
 * a page of the kernel pool (identity-mapped, so its physical address is
 * its own), zeroed, reached at VA 0 with U = 1.
 */
bool plat_map_page_zero(void)
{
	static unsigned char *frame;

	if (!frame)
		frame = plat_alloc_kernel_pages(1);
	memset(frame, 0, PAGE_SIZE);
	l0_low[0] = leaf((unsigned long)frame, PTE_R | PTE_W | PTE_U);
	sfence_page(0);
	return true;
}

void plat_unmap_page_zero(void)
{
	l0_low[0] = 0;
	sfence_page(0);
}

/* In the kernel's last 2 MiB, 4 KiB pages on both sides. */
unsigned char *plat_kernel_hole(unsigned char **after)
{
	*after = (unsigned char *)KERNEL_HOLE + PAGE_SIZE;
	return (unsigned char *)KERNEL_HOLE;
}

/*
 * The test's own window for filling and checking user buffers: SUM, as the
 * library's windows. Every window, the library's included, is closed when
 * the first of these opens: one found open was left open by the library.
 */
void plat_user_begin(void)
{
	if (!test_window++) {
		if (csr_read(sstatus) & SSTATUS_SUM)
			sum_left_open++;
		csr_set(sstatus, SSTATUS_SUM);
	}
}

void plat_user_end(void)
{
	if (!--test_window)
		csr_clear(sstatus, SSTATUS_SUM);
}

int plat_window_state(void)
{
	return (csr_read(sstatus) & SSTATUS_SUM) != 0;
}

/*
 * sstatus but SPP and SPIE: every trap writes them and its sret writes
 * them again, so a call that faulted leaves them as its fault's sret did,
 * whatever its window did. SIE, which a window must leave alone, is on
 * (traps_init()).
 */
void plat_status_read(struct plat_status *s)
{
	s->n = 1;
	s->name[0] = "sstatus";
	s->value[0] = csr_read(sstatus) & ~(SSTATUS_SPP | SSTATUS_SPIE);
}

bool mmu_test_window_open(void)
{
	return test_window > 0;
}

/* Whether va translates: a walk of the tables, as the hart does. */
bool mmu_mapped(unsigned long va)
{
	const pte_t *t = root;

	/* Sv39: bits 63..39 must copy bit 38, else the access faults. */
	if ((long)(va << 25) >> 25 != (long)va)
		return false;
	for (int level = 2; level >= 0; level--) {
		pte_t e = t[index_of(va, level)];

		if (!(e & PTE_V))
			return false;
		if (e & (PTE_R | PTE_X))
			return true;
		t = (const pte_t *)((e >> 10) << 12);
	}
	return false;
}
