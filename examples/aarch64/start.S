/* SPDX-License-Identifier: MIT */
/*
 * Entry of the AArch64 test kernel. QEMU's -M virt starts a -kernel ELF
 * at its entry in EL1h with the MMU and caches off and every exception
 * masked; a second CPU comes in at secondary_entry through PSCI CPU_ON
 * the same way. Then the vectors (VBAR_EL1): every exception saves the
 * integer registers and the exception registers on the stack it
 * interrupted (only the kernel runs here, on SP_EL1), closes the
 * software-PAN window (TTBR0 = kuap_ttbr0_closed and the user
 * translations dropped, as uaccess/kuap.h does: the handler never
 * touches user memory but through the library), calls trap_handler()
 * and returns with eret to the ELR and SPSR the handler left in the
 * frame, the interrupted TTBR0 put back. PSTATE.PAN needs no code here:
 * with SCTLR_EL1.SPAN = 0 the CPU sets it on entry, and eret restores
 * the interrupted one from SPSR.
 *
 * Register use: x0..x3 arguments and scratch, x19 and up kept by the C
 * code called (AAPCS64).
 */
#include "kernel.h"

#define SEMIHOST_SYS_EXIT	0x18
#define SEMIHOST_GET_CMDLINE	0x15
#define ADP_APPLICATION_EXIT	0x20026

/*
 * _start: the boot CPU's entry.
 * Input:    EL1h, MMU off, DAIF masked
 * Output:   none: kernel_main() does not return
 * Clobbers: everything
 * Faults:   none expected; VBAR_EL1 is set before any C runs
 */
	.section .text.boot, "ax"
	.globl _start
_start:
	msr	daifset, #0xf
	adrp	x0, boot_stack_top
	add	x0, x0, :lo12:boot_stack_top
	mov	sp, x0
	/* The bss by hand: the page tables live there (aligned stores only,
	 * the data side being Device memory until the MMU is on). */
	adrp	x0, __bss_start
	add	x0, x0, :lo12:__bss_start
	adrp	x1, __bss_end
	add	x1, x1, :lo12:__bss_end
.Lzero_bss:
	cmp	x0, x1
	b.hs	.Lbss_done
	stp	xzr, xzr, [x0], #16
	b	.Lzero_bss
.Lbss_done:
	adrp	x0, vectors
	add	x0, x0, :lo12:vectors
	msr	vbar_el1, x0
	isb
	bl	mmu_init
	bl	kernel_main
.Lhalt:
	wfi
	b	.Lhalt

/*
 * secondary_entry: a CPU started by PSCI CPU_ON (smp.c).
 * Input:    EL1h, MMU off, x0 = struct ap_boot (written and cleaned to
 *           the point of coherency by the boot CPU)
 * Output:   none: the struct's main function does not return
 * Clobbers: everything
 * Faults:   none expected
 */
	.globl secondary_entry
secondary_entry:
	msr	daifset, #0xf
	adrp	x1, vectors
	add	x1, x1, :lo12:vectors
	msr	vbar_el1, x1
	ldr	x1, [x0, #AP_BOOT_MAIR]
	msr	mair_el1, x1
	ldr	x1, [x0, #AP_BOOT_TCR]
	msr	tcr_el1, x1
	ldr	x1, [x0, #AP_BOOT_TTBR0]
	msr	ttbr0_el1, x1
	isb
	tlbi	vmalle1
	dsb	nsh
	isb
	ldr	x1, [x0, #AP_BOOT_SCTLR]
	ldr	x2, [x0, #AP_BOOT_STACK]
	ldr	x3, [x0, #AP_BOOT_CPU]
	ldr	x4, [x0, #AP_BOOT_MAIN]
	msr	sctlr_el1, x1
	isb
	mov	sp, x2
	msr	tpidr_el1, x3
	blr	x4
.Lap_halt:
	wfi
	b	.Lap_halt

/*
 * vectors: VBAR_EL1. Each entry makes room for the frame, saves x0/x1 and
 * goes to trap_common with the kind of exception in x0. Only the
 * "current EL with SP_ELx" group is expected; the others are reported.
 * Input:    an exception
 * Output:   eret to the frame's ELR/SPSR, the integer registers as
 *           trap_handler() left them in the frame, TTBR0 as interrupted
 * Clobbers: nothing of the interrupted code (but what the handler
 *           changed in the frame)
 * Faults:   none: the frame is on the interrupted kernel stack
 */
.macro VECTOR kind
	.balign	128
	sub	sp, sp, #FRAME_SIZE
	stp	x0, x1, [sp, #FRAME_X(0)]
	mov	x0, #\kind
	b	trap_common
.endm

	.text
	.balign	2048
	.globl vectors
vectors:
	VECTOR KIND_SP0			/* current EL, SP_EL0 */
	VECTOR KIND_SP0
	VECTOR KIND_SP0
	VECTOR KIND_SP0
	VECTOR KIND_SYNC		/* current EL, SP_ELx */
	VECTOR KIND_IRQ
	VECTOR KIND_FIQ
	VECTOR KIND_SERROR
	VECTOR KIND_LOWER		/* lower EL, AArch64 */
	VECTOR KIND_LOWER
	VECTOR KIND_LOWER
	VECTOR KIND_LOWER
	VECTOR KIND_LOWER		/* lower EL, AArch32 */
	VECTOR KIND_LOWER
	VECTOR KIND_LOWER
	VECTOR KIND_LOWER

trap_common:
	stp	x2, x3, [sp, #FRAME_X(2)]
	stp	x4, x5, [sp, #FRAME_X(4)]
	stp	x6, x7, [sp, #FRAME_X(6)]
	stp	x8, x9, [sp, #FRAME_X(8)]
	stp	x10, x11, [sp, #FRAME_X(10)]
	stp	x12, x13, [sp, #FRAME_X(12)]
	stp	x14, x15, [sp, #FRAME_X(14)]
	stp	x16, x17, [sp, #FRAME_X(16)]
	stp	x18, x19, [sp, #FRAME_X(18)]
	stp	x20, x21, [sp, #FRAME_X(20)]
	stp	x22, x23, [sp, #FRAME_X(22)]
	stp	x24, x25, [sp, #FRAME_X(24)]
	stp	x26, x27, [sp, #FRAME_X(26)]
	stp	x28, x29, [sp, #FRAME_X(28)]
	add	x1, sp, #FRAME_SIZE		/* the interrupted sp, for reports */
	stp	x30, x1, [sp, #FRAME_X(30)]
	mrs	x1, elr_el1
	mrs	x2, spsr_el1
	stp	x1, x2, [sp, #FRAME_ELR]
	mrs	x1, esr_el1
	mrs	x2, far_el1
	stp	x1, x2, [sp, #FRAME_ESR]
	mrs	x1, ttbr0_el1
	stp	x1, x0, [sp, #FRAME_TTBR0]
	adrp	x2, kuap_ttbr0_closed
	ldr	x2, [x2, :lo12:kuap_ttbr0_closed]
	cmp	x1, x2
	b.eq	.Lwindow_closed
	msr	ttbr0_el1, x2		/* as uaccess/kuap.h closes a window */
	isb
	movz	x1, #KUAP_ASID, lsl #KUAP_ASID_SHIFT
	tlbi	aside1, x1
	dsb	nsh
	isb
.Lwindow_closed:
	mov	x0, sp
	bl	trap_handler
	ldp	x1, x2, [sp, #FRAME_ELR]
	msr	elr_el1, x1
	msr	spsr_el1, x2
	ldr	x1, [sp, #FRAME_TTBR0]
	msr	ttbr0_el1, x1
	isb
	ldp	x2, x3, [sp, #FRAME_X(2)]
	ldp	x4, x5, [sp, #FRAME_X(4)]
	ldp	x6, x7, [sp, #FRAME_X(6)]
	ldp	x8, x9, [sp, #FRAME_X(8)]
	ldp	x10, x11, [sp, #FRAME_X(10)]
	ldp	x12, x13, [sp, #FRAME_X(12)]
	ldp	x14, x15, [sp, #FRAME_X(14)]
	ldp	x16, x17, [sp, #FRAME_X(16)]
	ldp	x18, x19, [sp, #FRAME_X(18)]
	ldp	x20, x21, [sp, #FRAME_X(20)]
	ldp	x22, x23, [sp, #FRAME_X(22)]
	ldp	x24, x25, [sp, #FRAME_X(24)]
	ldp	x26, x27, [sp, #FRAME_X(26)]
	ldp	x28, x29, [sp, #FRAME_X(28)]
	ldr	x30, [sp, #FRAME_X(30)]
	ldp	x0, x1, [sp, #FRAME_X(0)]
	add	sp, sp, #FRAME_SIZE
	eret

/*
 * The probes of pan.c and demo.c: one access each whose fixup is the
 * kernel's (trap.c knows the three instructions and resumes at
 * kprobe_fixup), so that the tests of PAN and software PAN do not depend
 * on the library's table, and a fault there is never the library's.
 *
 * kprobe_load / kprobe_load_user
 *   Input:    x0 = address, x1 = where to put the byte read
 *   Output:   x0 = 0 (read, *x1 set) or 1 (faulted, *x1 untouched)
 *   Clobbers: x2
 *   Faults:   the ldrb (plain, EL1's permissions) or the ldtrb
 *             (unprivileged, EL0's), resumed at kprobe_fixup
 * kprobe_store
 *   Input:    x0 = address, w1 = the byte
 *   Output:   x0 = 0 (stored) or 1 (faulted, nothing stored)
 *   Clobbers: nothing else
 *   Faults:   the strb, resumed at kprobe_fixup
 */
	.globl kprobe_load, kprobe_load_insn
	.globl kprobe_load_user, kprobe_load_user_insn
	.globl kprobe_store, kprobe_store_insn, kprobe_fixup
kprobe_load:
kprobe_load_insn:
	ldrb	w2, [x0]
	strb	w2, [x1]
	mov	x0, #0
	ret
kprobe_load_user:
kprobe_load_user_insn:
	ldtrb	w2, [x0]
	strb	w2, [x1]
	mov	x0, #0
	ret
kprobe_store:
kprobe_store_insn:
	strb	w1, [x0]
	mov	x0, #0
	ret
kprobe_fixup:
	mov	x0, #1
	ret

/*
 * psci_call: a PSCI function through the hypervisor call QEMU's virt
 * machine answers (its PSCI conduit without EL2 is hvc).
 * Input:    x0 = function id, x1..x3 = arguments
 * Output:   x0 = PSCI's result
 * Clobbers: x1..x17 (SMCCC: the callee may clobber them)
 * Faults:   none
 */
	.globl psci_call
psci_call:
	hvc	#0
	ret

/*
 * semihost: one semihosting call (QEMU's -semihosting), A64's hlt #0xf000.
 * Input:    x0 = operation, x1 = its parameter block
 * Output:   x0 = its result
 * Clobbers: nothing else
 * Faults:   an undefined instruction if QEMU runs without -semihosting
 */
	.globl semihost
semihost:
	hlt	#0xf000
	ret

	.section .bss.stack, "aw", @nobits
	.balign	16
	.space	64 * 1024
	.globl boot_stack_top
boot_stack_top:

	.section .note.GNU-stack, "", @progbits
