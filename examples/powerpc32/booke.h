/* SPDX-License-Identifier: MIT */
/*
 * The Book E (e500v2, e500mc) registers this kernel uses: SPR numbers, the
 * MAS register fields that write a TLB entry, and the layout of the register
 * frame that start.S saves on every exception. Facts from the Power ISA 2.06
 * Book III-E and the e500 core reference manuals.
 */
#ifndef BAREMETAL_BOOKE_H
#define BAREMETAL_BOOKE_H

#define SPR_DEC		22	/* decrementer: counts down at the timebase */
#define SPR_SRR0	26
#define SPR_SRR1	27
#define SPR_PID		48	/* PID0: the TID a TLB entry must carry */
#define SPR_DECAR	54	/* what DEC reloads from (TCR[ARE]) */
#define SPR_CSRR0	58	/* critical interrupts save here */
#define SPR_DEAR	61	/* the data address of a DSI / DTLB miss */
#define SPR_ESR		62
#define SPR_IVPR	63	/* upper 16 bits of every vector */
#define SPR_TBL		268	/* timebase, low word (read) */
#define SPR_TBU		269	/* timebase, high word (read) */
#define SPR_PVR		287
#define SPR_TSR		336	/* timer status: write 1 to clear */
#define SPR_TCR		340	/* timer control */
#define SPR_IVOR0	400	/* IVOR0..15 = 400..415: low 16 bits */
#define SPR_MCSRR0	570	/* machine check saves here */
#define SPR_MAS0	624
#define SPR_MAS1	625
#define SPR_MAS2	626
#define SPR_MAS3	627
#define SPR_TLB0CFG	688
#define SPR_MAS7	944	/* upper 4 bits of a 36-bit real address */

#define MSR_ME		0x00001000	/* machine checks are taken, not a stop */

/* The decrementer: interrupt enable, auto-reload, the pending status. */
#define TCR_DIE		0x04000000
#define TCR_ARE		0x00400000
#define TSR_DIS		0x08000000

/* ESR: what kind of access faulted. */
#define ESR_ST		0x00800000	/* a store (or dcbz) */

/* MAS0: which TLB and which entry (way, for the set-associative TLB0). */
#define MAS0_TLBSEL(n)	((unsigned long)(n) << 28)
#define MAS0_ESEL(n)	((unsigned long)(n) << 16)
/* MAS1: valid, protected from tlbivax, translation ID, page size 4^k KiB. */
#define MAS1_V		0x80000000
#define MAS1_IPROT	0x40000000
#define MAS1_TID(t)	((unsigned long)(t) << 16)
#define MAS1_TSIZE(k)	((unsigned long)(k) << 8)
#define TSIZE_4K	1
#define TSIZE_1M	5
/* MAS2: effective page number and storage attributes. */
#define MAS2_I		0x08	/* cache inhibited */
#define MAS2_G		0x02	/* guarded */
/* MAS3: real page number and supervisor permissions. */
#define MAS3_SW		0x04
#define MAS3_SR		0x01

/* TLB0CFG: associativity in the top byte. */
#define TLBCFG_ASSOC(cfg)	((cfg) >> 24)

/* The frame offsets, for start.S (checked against the struct in trap.c). */
#define FRAME_GPR(n)	(8 + 4 * (n))
#define FRAME_CR	136
#define FRAME_LR	140
#define FRAME_CTR	144
#define FRAME_XER	148
#define FRAME_SRR0	152
#define FRAME_SRR1	156
#define TRAP_FRAME_SIZE	160	/* 16-aligned, as the ABI wants r1 */

#ifndef __ASSEMBLER__
#define BOOKE_STR(x)	#x
#define BOOKE_XSTR(x)	BOOKE_STR(x)

#define mfspr(n) ({							\
	unsigned long __v;						\
	__asm__ volatile("mfspr %0, " BOOKE_XSTR(n) : "=r"(__v));	\
	__v;								\
})
#define mtspr(n, v)							\
	__asm__ volatile("mtspr " BOOKE_XSTR(n) ", %0" : : "r"(v) : "memory")

/*
 * The frame start.S builds on the stack for every exception: the ABI's
 * back chain and LR save word (the C handler it calls stores its LR
 * there), every GPR, then the special registers. The handler may change
 * srr0: the exception returns there.
 */
struct trap_frame {
	unsigned long back_chain, lr_save;
	unsigned long gpr[32];
	unsigned long cr, lr, ctr, xer, srr0, srr1;
};

/* The vectors start.S installs: vector n is IVPR + n * 16 (IVORn). */
enum {
	VEC_CRITICAL, VEC_MACHINE_CHECK, VEC_DSI, VEC_ISI, VEC_EXTERNAL,
	VEC_ALIGNMENT, VEC_PROGRAM, VEC_FP_UNAVAILABLE, VEC_SYSCALL,
	VEC_AP_UNAVAILABLE, VEC_DECREMENTER, VEC_FIT, VEC_WATCHDOG,
	VEC_DTLB_MISS, VEC_ITLB_MISS, VEC_DEBUG, VEC_COUNT
};
#endif /* !__ASSEMBLER__ */

#endif
