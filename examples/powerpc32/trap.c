// SPDX-License-Identifier: MIT
/*
 * Exceptions of the e500 test kernel: start.S saves the registers and
 * calls trap_handler(); this is where a kernel wires in uaccess_fixup().
 *
 *   DTLB miss (IVOR13)  a mapped user page: load its TLB entry, retry.
 *                       Otherwise a fault, as below.
 *   DSI (IVOR2)         a store to a read-only page: a fault.
 *   a fault             uaccess_fixup(SRR0) gives the resume address if
 *                       the instruction is one of the library's; then
 *                       SRR0 = that address and rfi, and the routine
 *                       returns the bytes it did not do.
 *   decrementer         the storm of irq.c, while it runs.
 *   anything else       a bug: report it and fail the run loudly.
 *
 * KUAP is checked on the way: a library access must fault with its window
 * open, and an exception anywhere else must find the library's window
 * closed.
 */
#include <stddef.h>
#include <uaccess.h>
#include "kernel.h"
#include "platform.h"

_Static_assert(offsetof(struct trap_frame, gpr[4]) == FRAME_GPR(4) &&
	       offsetof(struct trap_frame, cr) == FRAME_CR &&
	       offsetof(struct trap_frame, srr0) == FRAME_SRR0 &&
	       sizeof(struct trap_frame) == TRAP_FRAME_SIZE,
	       "struct trap_frame matches start.S");

extern const char exception_vectors[];

static unsigned long faults;
unsigned long kuap_closed_faults, kuap_open_elsewhere;

static const char *const vector_names[VEC_COUNT] = {
	"critical input", "machine check", "data storage", "instruction storage",
	"external input", "alignment", "program", "FP unavailable",
	"system call", "AP unavailable", "decrementer", "fixed interval timer",
	"watchdog", "data TLB miss", "instruction TLB miss", "debug",
};

/* IVORn = the offset of stub n: mtspr takes the SPR number as an immediate. */
#define SET_IVOR(n)							\
	__asm__ volatile("mtspr " BOOKE_XSTR(SPR_IVOR0) " + " #n ", %0"	\
			 : : "r"(base + 16 * (n)))

void traps_init(void)
{
	unsigned long base = (unsigned long)exception_vectors & 0xffff;

	mtspr(SPR_IVPR, (unsigned long)exception_vectors & ~0xffffUL);
	SET_IVOR(0); SET_IVOR(1); SET_IVOR(2); SET_IVOR(3);
	SET_IVOR(4); SET_IVOR(5); SET_IVOR(6); SET_IVOR(7);
	SET_IVOR(8); SET_IVOR(9); SET_IVOR(10); SET_IVOR(11);
	SET_IVOR(12); SET_IVOR(13); SET_IVOR(14); SET_IVOR(15);
	/*
	 * IVOR32+ (SPE on e500v2) stay 0: such an exception lands in stub 0
	 * and is reported, never silent. Machine checks are taken rather
	 * than stopping the core; external interrupts stay off.
	 */
	__asm__ volatile("mtmsr %0\n\tisync" : : "r"(MSR_ME) : "memory");
}

unsigned long plat_fault_count(void)
{
	return faults;
}

void plat_fault_count_set(unsigned long count)
{
	faults = count;
}

void (*trap_decrementer)(struct trap_frame *frame);

/*
 * A fault on an instruction of the exception table: resume at its fixup.
 * On a user address the window must be open: the MMU's (PID), and one
 * counted by the hooks or by plat_user_begin() (the test's own probe,
 * test_arch_probe_read()). Elsewhere it is a probe of a kernel address
 * (copy_from_kernel_nofault() and the like), which opens no window.
 */
static bool fixup(struct trap_frame *f, unsigned long addr)
{
	unsigned long resume = uaccess_fixup(f->srr0);

	if (!resume)
		return false;
	if (addr >= USER_BASE && addr < USER_END &&
	    (mfspr(SPR_PID) != KUAP_USER_PID ||
	     (kuap_count.open != 1 && !mmu_test_window_open())))
		kuap_closed_faults++;
	faults++;
	f->srr0 = resume;
	return true;
}

static __attribute__((noreturn)) void unexpected(unsigned long vector,
						 struct trap_frame *f,
						 const char *why)
{
	unsigned long pc = f->srr0;

	if (vector == VEC_CRITICAL || vector == VEC_WATCHDOG ||
	    vector == VEC_DEBUG)
		pc = mfspr(SPR_CSRR0);
	else if (vector == VEC_MACHINE_CHECK)
		pc = mfspr(SPR_MCSRR0);
	kernel_fail("%s: %s exception (IVOR%lu) at pc %#lx, address (DEAR) "
		    "%#lx, ESR %#lx, LR %#lx, PID %lu, %ld library windows open",
		    why, vector < VEC_COUNT ? vector_names[vector] : "?", vector,
		    pc, mfspr(SPR_DEAR), mfspr(SPR_ESR), f->lr, mfspr(SPR_PID),
		    kuap_count.open);
}

void trap_handler(unsigned long vector, struct trap_frame *f)
{
	unsigned long addr = mfspr(SPR_DEAR);

	/* An interrupt may land anywhere, an open window included. */
	if (vector == VEC_DECREMENTER && trap_decrementer) {
		trap_decrementer(f);
		return;
	}
	if (kuap_count.open && !uaccess_fixup(f->srr0))
		kuap_open_elsewhere++;
	switch (vector) {
	case VEC_DTLB_MISS:
		switch (mmu_user_tlb_miss(addr)) {
		case MISS_MAPPED:
			return;
		case MISS_WINDOW_CLOSED:
			if (!uaccess_fixup(f->srr0))
				unexpected(vector, f, mmu_test_window_open() ?
					   "user page touched with the window "
					   "closed, inside plat_user_begin() (a "
					   "library call in between closes it)" :
					   "user page touched outside a "
					   "user-access window");
			break;
		case MISS_NOT_USER:
		case MISS_NO_PAGE:
			break;
		}
		__attribute__((fallthrough));	/* a fault */
	case VEC_DSI:
		if (fixup(f, addr))
			return;
		unexpected(vector, f, "unexpected fault");
	default:
		unexpected(vector, f, "unexpected exception");
	}
}
