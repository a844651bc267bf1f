// SPDX-License-Identifier: MIT
/*
 * Memory of the Cortex-M test kernel: the user region's pages and their
 * protection with an ARMv7-M MPU of 8 regions (kernel.h has the map).
 *
 * The suite wants thousands of 4 KiB user pages, each unmapped, read-only
 * or read-write, and never frees one: far more protections than 8 regions
 * hold. So the MPU is used as a software-refilled TLB over a page table:
 *
 *  - page_prot[] holds each user page's protection (PLAT_NONE, PLAT_RO, PLAT_RW;
 *    RX and RWX count as RO and RW: nothing runs from user pages).
 *  - Regions 0..TLB_SLOTS-1 are the cache. Each maps one aligned block of 8
 *    pages (32 KiB, the MPU's 8 subregions of 4 KiB) with one access
 *    permission, AP 3 (unprivileged read-write) or AP 2 (unprivileged
 *    read-only), and disables (SRD) the subregions of the pages of the
 *    block that have another protection.
 *  - Region 7 is the kernel hole, AP 0: no access, privileged included.
 *  - The background (PRIVDEFENA) gives privileged code the default map and
 *    unprivileged code nothing: an unprivileged access to a page no region
 *    maps faults (MemManage, DACCVIOL, MMFAR exact).
 *
 * On such a fault in the user region (trap.c), mpu_refill() looks at the
 * page: if page_prot[] allows some unprivileged access and no slot maps the
 * page's block with that protection yet, it loads one (round robin) and
 * the instruction runs again, unseen by the suite and uncounted. Otherwise
 * the fault is real (a hole, or a write to a read-only page whose region
 * is loaded already: MMFSR does not say read or write, but a loaded region
 * with the page's own permission can only have refused a write) and goes
 * to uaccess_fixup(). No library instruction touches more than one page
 * (the routines move words only when aligned; the 8-byte scalars are two
 * aligned words), so 7 slots never thrash on one instruction.
 *
 * plat_protect() writes page_prot[] and drops the slots of the blocks it
 * changed (interrupts masked: the SysTick handler of timer.c refills
 * too); every MPU write ends with dsb; isb (the refill's with the
 * exception return). Privileged code (the test's own fills and checks,
 * the kernel probes) reaches every user page whatever its protection: AP 1
 * to 3 and the background all allow privileged reads and writes, so
 * plat_user_begin() and plat_user_end() have nothing to do.
 *
 * Built for ARMv8-M Mainline (mps2-an505, Cortex-M33), mpu-v8m.c holds
 * the MPU's half instead (mpu_init(), mpu_refill(), mmu_set_user_page()):
 * everything here from the register definitions to mmu_set_user_page()
 * is ARMv7-M's; the plat_ hooks after it serve both.
 */
#include <stdint.h>
#include <string.h>
#include <uaccess.h>
#include "kernel.h"
#include "platform.h"
#include "test_arch.h"

#define USER_PAGES	(USER_SIZE / PAGE_SIZE)

/* Each user page's protection (enum plat_prot), for both MPU halves. */
unsigned char page_prot[USER_PAGES];

enum page_access page_access(unsigned long page)
{
	switch (page_prot[page]) {
	case PLAT_RO:
	case PLAT_RX:
		return PAGE_READ;
	case PLAT_RW:
	case PLAT_RWX:
		return PAGE_READ_WRITE;
	default:
		return PAGE_NO_ACCESS;
	}
}

#ifndef __ARM_ARCH_8M_MAIN__
#define MPU_TYPE	0xE000ED90u
#define MPU_CTRL	0xE000ED94u
#define MPU_RNR		0xE000ED98u
#define MPU_RBAR	0xE000ED9Cu
#define MPU_RASR	0xE000EDA0u
#define CTRL_ENABLE	(1u << 0)
#define CTRL_PRIVDEFENA	(1u << 2)

/* RASR: enable, size 2^(log2size), subregions disabled, AP, C (normal); XN. */
#define RASR_EXEC(log2size, srd, ap) (1u | ((log2size) - 1u) << 1 | \
				      (unsigned int)(srd) << 8 | 1u << 17 | \
				      (unsigned int)(ap) << 24)
#define RASR(log2size, srd, ap) (RASR_EXEC(log2size, srd, ap) | 1u << 28)
#define AP_NONE		0u
#define AP_USER_RO	2u
#define AP_USER_RW	3u

#define BLOCK_PAGES	8u
#define BLOCK_SIZE	(BLOCK_PAGES * PAGE_SIZE)
#define BLOCK_LOG2	15u
#define TLB_SLOTS	7u
#define HOLE_REGION	7u

_Static_assert(BLOCK_SIZE == 1u << BLOCK_LOG2, "a block is 2^BLOCK_LOG2 bytes");
_Static_assert(USER_BASE % BLOCK_SIZE == 0, "blocks are aligned");

static struct slot {
	unsigned long block;	/* base address; 0: empty */
	unsigned int ap;
} slots[TLB_SLOTS];
static unsigned int next_slot;
unsigned long mpu_refills;

static void mpu_write(unsigned int n, unsigned int rbar, unsigned int rasr)
{
	REG(MPU_RNR) = n;
	REG(MPU_RBAR) = rbar;
	REG(MPU_RASR) = rasr;
}

static void mpu_sync(void)
{
	__asm__ volatile("dsb\n\tisb" : : : "memory");
}

void mpu_init(void)
{
	if ((REG(MPU_TYPE) >> 8 & 0xff) < TLB_SLOTS + 1)
		kernel_fail("MPU_TYPE %#x: fewer than %u regions", REG(MPU_TYPE),
			    TLB_SLOTS + 1);
	for (unsigned int i = 0; i < TLB_SLOTS; i++)
		mpu_write(i, 0, 0);
	mpu_write(HOLE_REGION, KERNEL_HOLE, RASR(12, 0, AP_NONE));
	/* The kernel pool starts zero (plat_alloc_kernel_pages()). */
	memset((void *)KERNEL_POOL, 0, KERNEL_POOL_SIZE);
	REG(MPU_CTRL) = CTRL_ENABLE | CTRL_PRIVDEFENA;
	REG(SHCSR) |= 7u << 16;	/* MemManage, BusFault, UsageFault enabled */
	mpu_sync();
}

static unsigned int page_ap(unsigned long page)
{
	static const unsigned int ap[] = {
		[PAGE_NO_ACCESS] = AP_NONE, [PAGE_READ] = AP_USER_RO,
		[PAGE_READ_WRITE] = AP_USER_RW,
	};

	return ap[page_access(page)];
}

/* The subregions of block that a region with ap must not map. */
static unsigned int block_srd(unsigned long block, unsigned int ap)
{
	unsigned long first = (block - USER_BASE) / PAGE_SIZE;
	unsigned int srd = 0;

	for (unsigned int i = 0; i < BLOCK_PAGES; i++)
		if (page_ap(first + i) != ap)
			srd |= 1u << i;
	return srd;
}

bool mpu_refill(unsigned long addr, unsigned int pc)
{
	unsigned long page, block;
	unsigned int ap, n;

	(void)pc;
	if (mpu_tasks_mode || addr < USER_BASE || addr >= USER_END)
		return false;
	page = (addr - USER_BASE) / PAGE_SIZE;
	block = addr & ~(BLOCK_SIZE - 1);
	ap = page_ap(page);
	if (ap == AP_NONE)
		return false;
	for (n = 0; n < TLB_SLOTS; n++)
		if (slots[n].block == block && slots[n].ap == ap)
			return false;	/* loaded: a write to a read-only page */
	n = next_slot;
	next_slot = (next_slot + 1) % TLB_SLOTS;
	slots[n].block = block;
	slots[n].ap = ap;
	mpu_write(n, (unsigned int)block, RASR(BLOCK_LOG2, block_srd(block, ap), ap));
	mpu_sync();
	mpu_refills++;
	return true;
}

const char mpu_cache_desc[] = "7 regions as a TLB of 8-page blocks";

/*
 * A new protection for one page: its block's slots are dropped. With
 * interrupts masked (PRIMASK): a refill of the SysTick handler's own
 * faults between the writes of MPU_RNR and MPU_RASR here would move RNR
 * under them. No user access happens in between, so no fault escalates.
 */
void mmu_set_user_page(unsigned long va, enum plat_prot p)
{
	unsigned long block = va & ~(BLOCK_SIZE - 1);
	bool dropped = false;
	unsigned int primask;

	__asm__ volatile("mrs %0, primask\n\tcpsid i" : "=r"(primask) : : "memory");
	page_prot[(va - USER_BASE) / PAGE_SIZE] = (unsigned char)p;
	for (unsigned int n = 0; n < TLB_SLOTS; n++) {
		if (slots[n].block != block)
			continue;
		slots[n].block = 0;
		mpu_write(n, 0, 0);
		dropped = true;
	}
	if (dropped)
		mpu_sync();
	__asm__ volatile("msr primask, %0" : : "r"(primask) : "memory");
}

void mpu_task_load(const struct task_region *r, unsigned int n)
{
	static const unsigned int ap[] = {
		[PAGE_NO_ACCESS] = AP_NONE, [PAGE_READ] = AP_USER_RO,
		[PAGE_READ_WRITE] = AP_USER_RW,
	};

	if (n > TLB_SLOTS)
		kernel_fail("a task with %u regions: %u at most", n, TLB_SLOTS);
	for (unsigned int i = 0; i < TLB_SLOTS; i++) {
		unsigned int log2 = i < n ? (unsigned int)__builtin_ctzl(r[i].size) : 0;

		if (i >= n)
			mpu_write(i, 0, 0);
		else if (r[i].exec)
			mpu_write(i, (unsigned int)r[i].base,
				  RASR_EXEC(log2, r[i].srd, ap[r[i].access]));
		else
			mpu_write(i, (unsigned int)r[i].base,
				  RASR(log2, r[i].srd, ap[r[i].access]));
	}
	mpu_sync();
}

#endif /* !__ARM_ARCH_8M_MAIN__ */

/*
 * The task phase (both MPU halves): the cache's slots are the tasks'
 * regions from now on, and a fault is never a refill.
 */
bool mpu_tasks_mode;

void mpu_tasks_begin(void)
{
	mpu_tasks_mode = true;
	mpu_task_load(NULL, 0);
}

const struct page_layout page_layout = {
	.page_size = PAGE_SIZE, .user_base = USER_BASE, .user_pages = USER_PAGES,
	.kernel_pool = (unsigned char *)KERNEL_POOL,
	.kernel_pages = KERNEL_POOL_SIZE / PAGE_SIZE,
};

/*
 * Address 0 is the vector table (an385; an505: SSRAM1's Non-secure alias,
 * the kernel's image): the kernel keeps page 0.
 */
bool plat_map_page_zero(void)
{
	return false;
}

void plat_unmap_page_zero(void)
{
}

unsigned char *plat_kernel_hole(unsigned char **after)
{
	*after = (unsigned char *)KERNEL_HOLE + PAGE_SIZE;
	return (unsigned char *)KERNEL_HOLE;
}

/*
 * No user-access window: every user access is unprivileged (ldrt, strt),
 * and privileged code may reach user memory at any time.
 */
void plat_user_begin(void)
{
}

void plat_user_end(void)
{
}

int plat_window_state(void)
{
	return -1;
}

/*
 * What a call could change for good: the masks (PRIMASK bit 0, FAULTMASK
 * bit 1, BASEPRI bits 8..15, which the futex atomic raises and must put
 * back) and CONTROL (bits 16..), in one word; and xPSR but its condition
 * flags (N, Z, C, V, Q and GE: every compare writes them). The exception
 * number in IPSR is 0 in thread mode; EPSR reads as 0.
 */
void plat_status_read(struct plat_status *s)
{
	unsigned int primask, faultmask, basepri, control, xpsr;

	__asm__ volatile("mrs %0, primask\n\tmrs %1, faultmask\n\t"
			 "mrs %2, basepri\n\tmrs %3, control\n\tmrs %4, xpsr"
			 : "=r"(primask), "=r"(faultmask), "=r"(basepri),
			   "=r"(control), "=r"(xpsr));
	s->n = 2;
	s->name[0] = "PRIMASK|FAULTMASK|BASEPRI|CONTROL";
	s->value[0] = (primask & 1) | (faultmask & 1) << 1 | (basepri & 0xff) << 8 |
		      control << 16;
	s->name[1] = "xPSR";
	s->value[1] = xpsr & ~0xf80f0000u;
}

/*
 * The System Control Space: an unprivileged access there is a BusFault
 * whatever the MPU says, and trap.c routes it to uaccess_fixup() (the
 * smoke checks confirm it).
 */
bool plat_masked_addr_faults(void)
{
	return true;
}
