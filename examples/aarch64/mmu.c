// SPDX-License-Identifier: MIT
/*
 * Memory of the AArch64 test kernel: the translation tables (kernel.h has
 * the map), the user region's pages (allocated by examples/page_alloc.c),
 * PSTATE.PAN and the software-PAN window, and the test's own user-access
 * window.
 *
 * Two roots (level-1 tables, 39-bit VAs): the user root maps the kernel,
 * the devices, the user region and the first 1 GiB (page 0, when it is
 * a user page); the kernel root only the kernel's 1 GiB, through the same
 * level-2 table. Kernel and device mappings are global, user pages
 * non-global; both roots have one ASID (uaccess/kuap.h says why), and
 * loading the kernel root is followed by TLBI ASIDE1, which drops
 * exactly the user translations. Every change of a user entry is followed
 * by a broadcast TLBI of its page, so the next access on either CPU sees
 * it.
 *
 * Protection of user memory, two independent layers:
 *   PSTATE.PAN (FEAT_PAN; set all the time, SCTLR_EL1.SPAN = 0 sets it on
 *   every exception entry): a plain EL1 load or store to an EL0-accessible
 *   page takes a permission fault. ldtr/sttr check EL0's permissions
 *   instead, so the library needs PAN clear for nothing but dc zva.
 *   Software PAN: outside a window TTBR0 holds the kernel root, where
 *   user memory is not mapped at all; every CPU has it, a CPU without
 *   FEAT_PAN (cortex-a53) nothing else.
 *
 * mmu_init() runs with the MMU off, where data accesses are Device
 * memory and must be aligned: this file is built with -mstrict-align
 * (kernel.mk) and mmu_init() writes aligned doublewords only. On hardware
 * the tables would also have to be cleaned out of any stale cache lines
 * first; QEMU models no caches.
 */
#include <stdint.h>
#include <string.h>
#include <uaccess.h>
/*
 * With -DUACCESS_KUAP a library that calls the window hooks includes
 * <uaccess/kuap.h> from <uaccess/arch.h>: its guard tells, before
 * kernel.h includes the header itself, whether the library takes them.
 */
#ifdef BAREMETAL_A64_UACCESS_KUAP_H
#define LIBRARY_HAS_HOOKS true
#else
#define LIBRARY_HAS_HOOKS false
#endif
#include "kernel.h"
#include "platform.h"

#define PTE_VALID	(1UL << 0)
#define PTE_TABLE	(1UL << 1)	/* levels 1, 2: a table; level 3: a page */
#define PTE_NORMAL	(0UL << 2)	/* MAIR attribute 0 */
#define PTE_DEVICE	(1UL << 2)	/* MAIR attribute 1 */
#define PTE_EL0		(1UL << 6)	/* AP[1]: EL0 may access */
#define PTE_RO		(1UL << 7)	/* AP[2]: read-only */
#define PTE_SH_INNER	(3UL << 8)
#define PTE_AF		(1UL << 10)
#define PTE_NG		(1UL << 11)
#define PTE_PXN		(1UL << 53)
#define PTE_UXN		(1UL << 54)
#define PTE_ADDR	0x0000fffffffff000UL

#define MEGA2		(2UL << 20)
#define GIGA		(1UL << 30)
#define ENTRIES		512
#define USER_PAGES	(USER_SIZE / PAGE_SIZE)
#define KERNEL_POOL	(12UL << 20)
#define VA_BITS		39

/* MAIR: 0 normal write-back, 1 Device-nGnRnE. */
#define MAIR_VALUE	0x00ffUL
/*
 * TCR: 39-bit TTBR0 walks from level 1, 4 KiB granule, inner shareable
 * write-back walks; TTBR1 off (EPD1); 8-bit ASIDs from TTBR0; 32-bit
 * physical addresses; top-byte-ignore for TTBR0 (TBI0), as Linux gives
 * user space: the suite's tagged user pointers reach their page.
 */
#define TCR_VALUE	((64UL - VA_BITS) | 1UL << 8 | 1UL << 10 | 3UL << 12 | \
			 (64UL - VA_BITS) << 16 | 1UL << 23 | 1UL << 37)
/*
 * SCTLR_EL1, every bit chosen (reset values differ between cores): MMU,
 * caches, SP alignment checks; no alignment checks (the library's
 * accesses may be misaligned on normal memory); the bits RES1 in ARMv8.0
 * (EOS, TSCXT, EIS, nTLSMD, LSMAOE) and nTWI, nTWE; little-endian; no
 * pointer authentication, MTE or WXN. SPAN (bit 23) is 0 on a CPU with
 * PAN, so that every exception entry sets PAN; it is RES1 on one without.
 */
#define SCTLR_BASE	(1UL << 0 | 1UL << 2 | 1UL << 3 | 1UL << 4 | 1UL << 11 | \
			 1UL << 12 | 1UL << 16 | 1UL << 18 | 1UL << 20 |     \
			 1UL << 22 | 1UL << 28 | 1UL << 29)
#define SCTLR_SPAN	(1UL << 23)

typedef uint64_t pte_t;

static pte_t root_user[ENTRIES] __attribute__((aligned(4096)));
static pte_t root_kernel[ENTRIES] __attribute__((aligned(4096)));
static pte_t l2_low[ENTRIES] __attribute__((aligned(4096)));
static pte_t l3_page0[ENTRIES] __attribute__((aligned(4096)));
static pte_t l2_kernel[ENTRIES] __attribute__((aligned(4096)));
static pte_t l3_kernel_end[ENTRIES] __attribute__((aligned(4096)));
static pte_t l2_user[ENTRIES] __attribute__((aligned(4096)));
static pte_t l3_user[USER_SIZE / MEGA2][ENTRIES] __attribute__((aligned(4096)));

bool cpu_has_pan;
bool software_pan;
unsigned long kuap_ttbr0_open, kuap_ttbr0_closed;
unsigned long window_left_open;		/* both CPUs' */

static unsigned char kernel_pool[KERNEL_POOL] __attribute__((aligned(4096)));

const struct page_layout page_layout = {
	.page_size = PAGE_SIZE, .user_base = USER_BASE, .user_pages = USER_PAGES,
	.kernel_pool = kernel_pool, .kernel_pages = KERNEL_POOL / PAGE_SIZE,
};

static unsigned long index_of(unsigned long va, int level)
{
	return (va >> (12 + 9 * (3 - level))) & (ENTRIES - 1);
}

static pte_t table(const pte_t *next)
{
	return (unsigned long)next | PTE_VALID | PTE_TABLE;
}

unsigned long mmu_sctlr(void)
{
	return SCTLR_BASE | (cpu_has_pan ? 0 : SCTLR_SPAN);
}

unsigned long mmu_tcr(void)
{
	return TCR_VALUE;
}

unsigned long mmu_mair(void)
{
	return MAIR_VALUE;
}

void mmu_init(void)
{
	const pte_t kblock = PTE_VALID | PTE_NORMAL | PTE_SH_INNER | PTE_AF | PTE_UXN;
	const pte_t dblock = PTE_VALID | PTE_DEVICE | PTE_AF | PTE_PXN | PTE_UXN;
	unsigned long last = KERNEL_BASE + KERNEL_SIZE - MEGA2;

	_Static_assert(USER_BASE % GIGA == 0 && USER_SIZE <= GIGA &&
		       USER_SIZE % MEGA2 == 0 && USER_END <= 1UL << VA_BITS,
		       "the user region is one level-2 table");
	_Static_assert(KERNEL_BASE % GIGA == 0 && KERNEL_SIZE <= GIGA &&
		       KERNEL_HOLE(0) >= KERNEL_BASE + KERNEL_SIZE - MEGA2 &&
		       KERNEL_HOLE(MAX_CPUS) < KERNEL_BASE + KERNEL_SIZE,
		       "the holes are in the kernel's last 2 MiB");
	_Static_assert(GIC_VA / GIGA == KERNEL_BASE / GIGA &&
		       UART_VA / GIGA == KERNEL_BASE / GIGA &&
		       GIC_VA >= KERNEL_BASE + KERNEL_SIZE &&
		       UART_VA >= KERNEL_BASE + KERNEL_SIZE,
		       "the devices are in the kernel's 1 GiB, past its RAM");

	cpu_has_pan = (read_sysreg(id_aa64mmfr1_el1) >> 20 & 0xf) != 0;
	write_sysreg(tpidr_el1, &cpus[0]);

	l2_low[0] = table(l3_page0);
	for (unsigned long a = KERNEL_BASE; a < last; a += MEGA2)
		l2_kernel[index_of(a, 2)] = a | kblock;
	l2_kernel[index_of(last, 2)] = table(l3_kernel_end);
	for (unsigned long a = last; a < last + MEGA2; a += PAGE_SIZE)
		l3_kernel_end[index_of(a, 3)] = a | kblock | PTE_TABLE;
	for (unsigned int cpu = 0; cpu < MAX_CPUS; cpu++)
		l3_kernel_end[index_of(KERNEL_HOLE(cpu), 3)] = 0;

	/* Devices: the GIC's and the UART's 2 MiB. */
	l2_kernel[index_of(GIC_VA, 2)] = GIC_PHYS | dblock;
	l2_kernel[index_of(UART_VA, 2)] = UART_PHYS | dblock;
	for (unsigned long i = 0; i < USER_SIZE / MEGA2; i++)
		l2_user[i] = table(l3_user[i]);

	root_kernel[index_of(KERNEL_BASE, 1)] = table(l2_kernel);
	root_user[0] = table(l2_low);
	root_user[index_of(KERNEL_BASE, 1)] = table(l2_kernel);
	root_user[index_of(USER_BASE, 1)] = table(l2_user);

	/* Until mmu_software_pan_init(): the user root, window or not. */
	kuap_ttbr0_open = (unsigned long)root_user | (unsigned long)KUAP_ASID << KUAP_ASID_SHIFT;
	kuap_ttbr0_closed = kuap_ttbr0_open;

	write_sysreg(mair_el1, MAIR_VALUE);
	write_sysreg(tcr_el1, TCR_VALUE);
	write_sysreg(ttbr0_el1, kuap_ttbr0_open);
	isb();
	__asm__ volatile("tlbi vmalle1\n\tdsb nsh\n\tisb" : : : "memory");
	write_sysreg(sctlr_el1, mmu_sctlr());
	isb();
	if (cpu_has_pan)
		pan_write(true);
}

/*
 * Software PAN goes on only where the library calls the hooks: with the
 * kernel root in TTBR0 outside windows, a library that did not open one
 * would fault on every user access. A library whose <uaccess/arch.h>
 * took the hooks must call them: one checked get and one clear, each a
 * window of its own.
 */
enum software_pan_state mmu_software_pan_init(void)
{
	struct kuap_counts *k = kuap_this_cpu();
	unsigned char *page, v;
	unsigned long before = k->allows;
	int e;

	if (!LIBRARY_HAS_HOOKS)
		return SW_PAN_NO_HOOKS;
	page = plat_alloc_pages(1);
	e = __get_user(v, (unsigned char __user *)page);
	e |= __clear_user(UPTR(page), 2 * sizeof(long)) != 0;
	(void)v;
	if (e || k->allows - before != 2 || k->open)
		return SW_PAN_HOOKS_UNCALLED;
	kuap_ttbr0_closed = (unsigned long)root_kernel |
			    (unsigned long)KUAP_ASID << KUAP_ASID_SHIFT;
	software_pan = true;
	kuap_load_closed();
	return SW_PAN_ON;
}

static void tlb_flush_page(unsigned long va)
{
	__asm__ volatile("dsb ishst\n\ttlbi vaae1is, %0\n\tdsb ish\n\tisb"
			 : : "r"(va >> 12 & ((1UL << 44) - 1)) : "memory");
}

static pte_t *user_pte(unsigned long va)
{
	unsigned long page = (va - USER_BASE) / PAGE_SIZE;

	return &l3_user[page / ENTRIES][page % ENTRIES];
}

static pte_t user_leaf(unsigned long pa, enum plat_prot prot)
{
	static const pte_t flags[] = {
		[PLAT_NONE] = 0,
		[PLAT_RO] = PTE_EL0 | PTE_RO | PTE_UXN,
		[PLAT_RW] = PTE_EL0 | PTE_UXN,
		[PLAT_RX] = PTE_EL0 | PTE_RO,
		[PLAT_RWX] = PTE_EL0,
	};

	if (prot == PLAT_NONE)
		return 0;
	return pa | flags[prot] | PTE_VALID | PTE_TABLE | PTE_NORMAL |
	       PTE_SH_INNER | PTE_AF | PTE_NG | PTE_PXN;
}

/* Each change is seen by both CPUs: the TLBI is broadcast. */
void mmu_set_user_page(unsigned long va, enum plat_prot prot)
{
	*user_pte(va) = user_leaf(USER_PHYS + (va - USER_BASE), prot);
	tlb_flush_page(va);
}

void mmu_set_kernel_only(void *page)
{
	unsigned long va = (unsigned long)page;

	if (!mmu_is_user(va) || va % PAGE_SIZE)
		kernel_fail("mmu_set_kernel_only(%p): not a user page", page);
	*user_pte(va) = (USER_PHYS + (va - USER_BASE)) | PTE_VALID | PTE_TABLE |
			PTE_NORMAL | PTE_SH_INNER | PTE_AF | PTE_NG | PTE_PXN |
			PTE_UXN;
	tlb_flush_page(va);
}

/*
 * Page 0 as a user page, as in a kernel whose user memory starts at VA 0:
 * a zeroed page of the kernel pool (its physical address is its own),
 * reached at VA 0 from the user root only.
 */
bool plat_map_page_zero(void)
{
	static unsigned char *frame;

	if (!frame)
		frame = plat_alloc_kernel_pages(1);
	memset(frame, 0, PAGE_SIZE);
	l3_page0[0] = (unsigned long)frame | PTE_EL0 | PTE_UXN | PTE_VALID |
		      PTE_TABLE | PTE_NORMAL | PTE_SH_INNER | PTE_AF | PTE_NG |
		      PTE_PXN;
	tlb_flush_page(0);
	return true;
}

void plat_unmap_page_zero(void)
{
	l3_page0[0] = 0;
	tlb_flush_page(0);
}

/*
 * In the kernel's last 2 MiB, 4 KiB pages on both sides: one hole per
 * CPU, since the tests write the pages around it.
 */
unsigned char *plat_kernel_hole(unsigned char **after)
{
	unsigned long hole = KERNEL_HOLE(this_cpu()->index);

	*after = (unsigned char *)hole + PAGE_SIZE;
	return (unsigned char *)hole;
}

/* The level-3 entry of va in the user root, or NULL (a block or nothing). */
static const pte_t *walk(unsigned long va)
{
	const pte_t *t = root_user;

	if (va >> VA_BITS)
		return NULL;
	for (int level = 1; level <= 3; level++) {
		pte_t e = t[index_of(va, level)];

		if (!(e & PTE_VALID))
			return NULL;
		if (level == 3)
			return &t[index_of(va, level)];
		if (!(e & PTE_TABLE))
			return &t[index_of(va, level)];
		t = (const pte_t *)(e & PTE_ADDR);
	}
	return NULL;
}

bool mmu_mapped(unsigned long va)
{
	return walk(va) != NULL;
}

bool mmu_user_allows(unsigned long va, bool write)
{
	const pte_t *e = walk(va);

	return e && (*e & PTE_EL0) && !(write && (*e & PTE_RO));
}

static void load_ttbr0(bool open)
{
	if (open)
		kuap_load_open();
	else
		kuap_load_closed();
}

/* Flagged before the user root comes in and after it goes (timer.c). */
void mmu_software_window(bool open)
{
	struct cpu *c = this_cpu();

	if (open)
		c->software_window = true;
	load_ttbr0(open);
	if (!open)
		c->software_window = false;
}

/*
 * The test's own window for filling and checking user buffers: PAN clear
 * and the user root, the whole of what keeps plain accesses out. Every
 * window, the library's included, is closed when the first of these
 * opens: one found open was left open by the library.
 */
void plat_user_begin(void)
{
	struct cpu *c = this_cpu();

	if (!c->test_window++) {
		if (plat_window_state() > 0)
			__atomic_fetch_add(&window_left_open, 1, __ATOMIC_RELAXED);
		if (cpu_has_pan)
			pan_write(false);
		load_ttbr0(true);
	}
}

void plat_user_end(void)
{
	struct cpu *c = this_cpu();

	/* Closed before it is counted down (the timer handler relies on it). */
	if (c->test_window == 1) {
		load_ttbr0(false);
		if (cpu_has_pan)
			pan_write(true);
	}
	c->test_window--;
}

/* Open: PAN clear, or TTBR0 the user root; -1 with neither to read. */
int plat_window_state(void)
{
	if (!cpu_has_pan && !software_pan)
		return -1;
	return (cpu_has_pan && !pan_read()) ||
	       (software_pan && read_sysreg(ttbr0_el1) != kuap_ttbr0_closed);
}

/* A 4-bit field of an ID register: which version of a feature the CPU has. */
#define ID_FIELD(id, shift) (read_sysreg(id) >> (shift) & 0xf)

/*
 * PSTATE as SPSR lays it out, every field EL1 can read (each read puts its
 * bits where SPSR has them), but NZCV, the condition flags every
 * comparison writes, the caller's as much as the library's; and TTBR0,
 * the root software PAN's hooks switch. A field the CPU lacks reads as 0
 * (its register would be undefined).
 */
void plat_status_read(struct plat_status *s)
{
	unsigned long p = read_sysreg(daif) | read_sysreg(CurrentEL) |
			  read_sysreg(spsel);

	if (cpu_has_pan)
		p |= pan_read();
	if (ID_FIELD(id_aa64mmfr2_el1, 4))
		p |= read_sysreg(S3_0_C4_C2_4);		/* UAO */
	if (ID_FIELD(id_aa64pfr0_el1, 48))
		p |= read_sysreg(S3_3_C4_C2_5);		/* DIT */
	if (ID_FIELD(id_aa64pfr1_el1, 4) >= 2)	/* SSBS as a register */
		p |= read_sysreg(S3_3_C4_C2_6);
	if (ID_FIELD(id_aa64pfr1_el1, 8))
		p |= read_sysreg(S3_3_C4_C2_7);		/* TCO */
	s->n = 2;
	s->name[0] = "PSTATE";
	s->value[0] = p;
	s->name[1] = "TTBR0_EL1";
	s->value[1] = read_sysreg(ttbr0_el1);
}
