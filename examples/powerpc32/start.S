/* SPDX-License-Identifier: MIT */
/*
 * Entry and exceptions of the e500 test kernel.
 *
 * QEMU's ppce500 machine enters the ELF at _start with the MMU on (Book E
 * always translates): TLB1[0] maps 64 MiB at virtual 0 to physical 0, MSR
 * is 0, r3 points at the device tree. The kernel runs entirely from that
 * mapping; mmu.c adds the user region in TLB0.
 *
 * Every exception lands in a 16-byte stub at IVPR + 16 * n (IVORn = 16 * n,
 * set by traps_init() in trap.c), which pushes a struct trap_frame and
 * calls trap_handler(n, frame) in C. If that returns, the frame is restored
 * and rfi resumes at frame->srr0: a resolved TLB miss retries the access,
 * a fault in a library routine resumes at its exception-table fixup.
 *
 * All exceptions are taken from kernel code on the kernel stack (there is
 * no user mode here), so the handler just extends the current stack: the
 * 32-bit SysV ABI keeps nothing below r1, so nothing live is overwritten.
 */
#include "booke.h"

/*
 * _start
 *   Input:    r3 = the device tree (QEMU), MSR = 0, TLB1[0] as above
 *   Output:   does not return: kernel_main(r3) on boot_stack with .bss zero
 *   Clobbers: everything (nothing is live before it)
 *   Faults:   none expected; IVPR/IVORs are set later by traps_init()
 */
	.section .text.boot, "ax"
	.globl _start
	.type _start, @function
_start:
	lis	1, boot_stack_top@ha
	addi	1, 1, boot_stack_top@l
	li	0, 0
	stwu	0, -16(1)		/* a frame whose back chain ends the list */

	/* Clear .bss (the stack's own words are still zero): r3 stays. */
	lis	4, __bss_start@ha
	addi	4, 4, __bss_start@l
	lis	5, __bss_end@ha
	addi	5, 5, __bss_end@l
	subf	5, 4, 5
	srwi.	5, 5, 2
	beq	.Lbss_done
	mtctr	5
	addi	4, 4, -4
.Lbss_clear:
	stwu	0, 4(4)
	bdnz	.Lbss_clear
.Lbss_done:
	bl	kernel_main		/* kernel_main(device tree), no return */
.Lhang:
	b	.Lhang
	.size _start, . - _start

/*
 * The vectors: IVPR holds the upper 16 bits of their address, so the
 * linker script aligns this section to 64 KiB. Each stub is exactly four
 * instructions: open the frame, free r3, pass the vector number.
 *   Input:    an exception taken through IVORn = exception_vectors + 16 n
 *   Output:   branches to exception_common with the frame open and
 *             r3 = n (the interrupted r3 saved in the frame)
 *   Clobbers: r1 (lowered by the frame), r3 (saved first)
 *   Faults:   none
 */
	.section .vectors, "ax"
	.globl exception_vectors
exception_vectors:
	.irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	.balign 16
	stwu	1, -TRAP_FRAME_SIZE(1)
	stw	3, FRAME_GPR(3)(1)
	li	3, \n
	b	exception_common
	.endr

/*
 * exception_common: the rest of the frame, the C handler, the way back.
 *   Input:    r1 = the new frame (back chain = the interrupted r1), r3 =
 *             the vector, SRR0/SRR1 = where and in which state it hit
 *   Output:   every register as it was, except where trap_handler()
 *             changed the frame (srr0: the resume address)
 *   Clobbers: nothing of the interrupted code's (below its r1 is free)
 *   Faults:   none of its own; an exception in trap_handler() nests
 *             another frame on the same stack
 * Critical and machine-check exceptions save their state in CSRR / MCSRR,
 * not SRR: trap_handler() reports those and never returns.
 */
	.text
	.type exception_common, @function
exception_common:
	stw	0, FRAME_GPR(0)(1)
	stw	2, FRAME_GPR(2)(1)
	stmw	4, FRAME_GPR(4)(1)	/* r4..r31 */
	mfcr	0
	stw	0, FRAME_CR(1)
	mflr	0
	stw	0, FRAME_LR(1)
	mfctr	0
	stw	0, FRAME_CTR(1)
	mfxer	0
	stw	0, FRAME_XER(1)
	mfsrr0	0
	stw	0, FRAME_SRR0(1)
	mfsrr1	0
	stw	0, FRAME_SRR1(1)

	mr	4, 1
	bl	trap_handler		/* trap_handler(vector, frame) */

	lwz	0, FRAME_SRR0(1)
	mtsrr0	0
	lwz	0, FRAME_SRR1(1)
	mtsrr1	0
	lwz	0, FRAME_CR(1)
	mtcr	0
	lwz	0, FRAME_LR(1)
	mtlr	0
	lwz	0, FRAME_CTR(1)
	mtctr	0
	lwz	0, FRAME_XER(1)
	mtxer	0
	lwz	0, FRAME_GPR(0)(1)
	lwz	2, FRAME_GPR(2)(1)
	lwz	3, FRAME_GPR(3)(1)
	lmw	4, FRAME_GPR(4)(1)
	addi	1, 1, TRAP_FRAME_SIZE
	rfi
	.size exception_common, . - exception_common

	.section .bss
	.balign 16
	.space 65536
	.globl boot_stack_top
boot_stack_top:

	.section .note.GNU-stack, "", @progbits
