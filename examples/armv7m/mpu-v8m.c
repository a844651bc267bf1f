// SPDX-License-Identifier: MIT
/*
 * The user pages' protection with an ARMv8-M (PMSAv8) MPU of 16 regions:
 * the Cortex-M33 of mps3-an524 (or mps2-an505), in Secure state (the
 * Secure MPU, through the SCS at 0xE000E000 as Secure code sees it). The
 * kernel built for armv8-m.main compiles this file in place of the MPU
 * half of mpu.c, whose top comment tells the scheme: page_prot[] holds each
 * user page's protection, the MPU caches it, a MemManage fault that only
 * a missing region caused loads one (round robin) and runs the
 * instruction again; any other goes to uaccess_fixup().
 *
 * PMSAv8 differs: a region is a base and a limit (RBAR, RLAR, 32-byte
 * granules), with no size classes and no sub-regions; an address that two
 * enabled regions match faults, whatever the access and the privilege; the
 * access permissions are privileged read-write (AP 0), read-write (1),
 * privileged read-only (2), read-only (3): none refuses privileged reads,
 * and none is read-only for unprivileged and read-write for privileged
 * code (ARMv7-M's AP 2). So:
 *
 *  - Regions 0..TLB_SLOTS-1 are the cache, one user page each, AP 1 for
 *    PLAT_RW and PLAT_RWX, AP 3 for PLAT_RO and PLAT_RX, XN, MAIR
 *    attribute 0 (normal memory, write-back). No two slots ever map one
 *    page (a slot is loaded only for a page no slot maps; a page's new
 *    protection drops its slot), so they never overlap. One instruction of
 *    the library touches one page at most, so 14 slots never thrash.
 *  - Regions 14 and 15 both map the kernel hole: the overlap makes every
 *    access to it fault, privileged included (MemManage, DACCVIOL, MMFAR
 *    exact), which no AP does.
 *  - The background (PRIVDEFENA): the default map for privileged code,
 *    nothing for unprivileged accesses.
 *
 * AP 3 refuses privileged writes too: the test's own fills of a read-only
 * page whose slot is loaded, a kernel probe writing there. A fault at a
 * loaded page is therefore told apart by the instruction at the stacked
 * PC: an unprivileged load or store (LDRT, STRT and their byte and
 * halfword forms, all the library uses for user memory) was refused by
 * the page's own protection, a real fault; any other instruction is
 * privileged and the page allows it: the slot is dropped and the
 * instruction runs again under the background. A privileged access of
 * two pages (an unaligned word, an LDRD) may drop two slots, one fault
 * each. mpu_drops counts them (smoke.c makes some: the suite none).
 *
 * MPU writes as in mpu.c: dsb; isb after each (the refill's with the
 * exception return too), mmu_set_user_page() with interrupts masked (the
 * SysTick handler refills: MPU_RNR must not move between two writes).
 */
#include <stdint.h>
#include <string.h>
#include <uaccess.h>
#include "kernel.h"
#include "platform.h"

#ifdef __ARM_ARCH_8M_MAIN__

#define MPU_TYPE	0xE000ED90u
#define MPU_CTRL	0xE000ED94u
#define MPU_RNR		0xE000ED98u
#define MPU_RBAR	0xE000ED9Cu
#define MPU_RLAR	0xE000EDA0u
#define MPU_MAIR0	0xE000EDC0u
#define MPU_MAIR1	0xE000EDC4u
#define CTRL_ENABLE	(1u << 0)
#define CTRL_PRIVDEFENA	(1u << 2)

/* RBAR: base, SH 0 (non-shareable), AP, XN. RLAR: limit, AttrIndx 0, EN. */
#define RBAR(base, ap)	((unsigned int)(base) | (unsigned int)(ap) << 1 | 1u)
#define RLAR(base)	(((unsigned int)(base) + PAGE_SIZE - 32u) | 1u)
#define AP_PRIV_RW	0u
#define AP_USER_RW	1u
#define AP_USER_RO	3u
#define AP_NONE		4u	/* no region: page_prot[] allows nothing */
#define MAIR_WB		0xffu	/* normal memory, write-back, r/w-allocate */

#define USER_PAGES	(USER_SIZE / PAGE_SIZE)
#define TLB_SLOTS	14u
#define HOLE_REGION	14u	/* and 15 */
#define NO_PAGE		(~0ul)

static struct slot {
	unsigned long page;	/* page number; NO_PAGE: empty */
} slots[TLB_SLOTS];
static unsigned int next_slot;
unsigned long mpu_refills, mpu_drops;
const char mpu_cache_desc[] = "ARMv8-M, 14 regions as a TLB of single pages, "
			      "the hole two overlapping regions";

static void mpu_write(unsigned int n, unsigned int rbar, unsigned int rlar)
{
	REG(MPU_RNR) = n;
	REG(MPU_RLAR) = 0;	/* disabled while it moves: no overlap meanwhile */
	REG(MPU_RBAR) = rbar;
	REG(MPU_RLAR) = rlar;
}

static void mpu_sync(void)
{
	__asm__ volatile("dsb\n\tisb" : : : "memory");
}

void mpu_init(void)
{
	if ((REG(MPU_TYPE) >> 8 & 0xff) < TLB_SLOTS + 2)
		kernel_fail("MPU_TYPE %#x: fewer than %u regions", REG(MPU_TYPE),
			    TLB_SLOTS + 2);
	REG(MPU_CTRL) = 0;
	REG(MPU_MAIR0) = MAIR_WB;
	REG(MPU_MAIR1) = 0;
	for (unsigned int i = 0; i < TLB_SLOTS; i++) {
		slots[i].page = NO_PAGE;
		mpu_write(i, 0, 0);
	}
	mpu_write(HOLE_REGION, RBAR(KERNEL_HOLE, AP_PRIV_RW), RLAR(KERNEL_HOLE));
	mpu_write(HOLE_REGION + 1, RBAR(KERNEL_HOLE, AP_PRIV_RW), RLAR(KERNEL_HOLE));
	/* The kernel pool starts zero (plat_alloc_kernel_pages()). */
	memset((void *)KERNEL_POOL, 0, KERNEL_POOL_SIZE);
	REG(MPU_CTRL) = CTRL_ENABLE | CTRL_PRIVDEFENA;
	REG(SHCSR) |= 7u << 16;	/* MemManage, BusFault, UsageFault enabled */
	mpu_sync();
}

static unsigned int page_ap_of(enum page_access a)
{
	static const unsigned int ap[] = {
		[PAGE_NO_ACCESS] = AP_NONE, [PAGE_READ] = AP_USER_RO,
		[PAGE_READ_WRITE] = AP_USER_RW,
	};

	return ap[a];
}

static unsigned int page_ap(unsigned long page)
{
	return page_ap_of(page_access(page));
}

/*
 * The instruction at pc is an unprivileged load or store (T32, 32 bits:
 * 1111 1000 0ss L nnnn  tttt 1110 iiii iiii for STRT, LDRT, STRBT, LDRBT,
 * STRHT, LDRHT; 1111 1001 0s01 nnnn  tttt 1110 ... for LDRSBT, LDRSHT).
 */
static bool unprivileged_access(unsigned int pc)
{
	const volatile uint16_t *insn = (const volatile uint16_t *)(pc & ~1u);
	unsigned int hw1 = insn[0], hw2;

	if ((hw1 & 0xfe80u) != 0xf800u)
		return false;
	hw2 = insn[1];
	return (hw2 & 0x0f00u) == 0x0e00u;
}

bool mpu_refill(unsigned long addr, unsigned int pc)
{
	unsigned long page;
	unsigned int ap, n;

	if (mpu_tasks_mode || addr < USER_BASE || addr >= USER_END)
		return false;
	page = (addr - USER_BASE) / PAGE_SIZE;
	ap = page_ap(page);
	for (n = 0; n < TLB_SLOTS; n++) {
		if (slots[n].page != page)
			continue;
		/* Loaded: refused by the page's own protection, or privileged. */
		if (unprivileged_access(pc))
			return false;
		slots[n].page = NO_PAGE;
		mpu_write(n, 0, 0);
		mpu_sync();
		mpu_drops++;
		return true;
	}
	if (ap == AP_NONE)
		return false;
	n = next_slot;
	next_slot = (next_slot + 1) % TLB_SLOTS;
	slots[n].page = page;
	addr = USER_BASE + page * PAGE_SIZE;
	mpu_write(n, RBAR(addr, ap), RLAR(addr));
	mpu_sync();
	mpu_refills++;
	return true;
}

/*
 * A new protection for one page: its slot is dropped. With interrupts
 * masked (PRIMASK), as in mpu.c.
 */
void mmu_set_user_page(unsigned long va, enum plat_prot p)
{
	unsigned long page = (va - USER_BASE) / PAGE_SIZE;
	unsigned int primask;

	__asm__ volatile("mrs %0, primask\n\tcpsid i" : "=r"(primask) : : "memory");
	page_prot[page] = (unsigned char)p;
	for (unsigned int n = 0; n < TLB_SLOTS; n++) {
		if (slots[n].page != page)
			continue;
		slots[n].page = NO_PAGE;
		mpu_write(n, 0, 0);
		mpu_sync();
	}
	__asm__ volatile("msr primask, %0" : : "r"(primask) : "memory");
}

/*
 * A region with sub-regions left out (srd, ARMv7-M's SRD) becomes one
 * region per run of the eighths it keeps: PMSAv8 has no sub-regions.
 */
void mpu_task_load(const struct task_region *r, unsigned int n)
{
	unsigned int slot = 0;

	for (unsigned int i = 0; i < n; i++) {
		unsigned long part = r[i].size / 8;
		unsigned int ap = page_ap_of(r[i].access);

		for (unsigned int k = 0; k < 8; k++) {
			unsigned int end = k;

			if (r[i].srd >> k & 1)
				continue;
			while (end + 1 < 8 && !(r[i].srd >> (end + 1) & 1))
				end++;
			if (slot == TLB_SLOTS)
				kernel_fail("task regions: more than %u", TLB_SLOTS);
			mpu_write(slot++, (RBAR(r[i].base + k * part, ap) & ~(r[i].exec ? 1u : 0u)),
				  (unsigned int)(r[i].base + (end + 1) * part - 32u) | 1u);
			k = end;
		}
	}
	while (slot < TLB_SLOTS) {
		slots[slot].page = NO_PAGE;
		mpu_write(slot++, 0, 0);
	}
	mpu_sync();
}

#endif /* __ARM_ARCH_8M_MAIN__ */
