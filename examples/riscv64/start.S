/* SPDX-License-Identifier: MIT */
/*
 * Entry of the RISC-V test kernel, booted by QEMU with -bios none: the
 * hart starts at 0x80000000 in M-mode with a0 = hart id, a1 = the device
 * tree. A few lines of M-mode setup hand the machine to S-mode, where the
 * kernel runs; it never comes back to M-mode, and an M-mode trap is a bug
 * of this setup, reported through the test device.
 *
 * Then the S-mode trap entry (stvec): every trap saves the integer
 * registers and the trap CSRs on the stack it interrupted (there is no
 * user mode here, so that stack is always the kernel's), closes the
 * user-access window (clears sstatus.SUM: the handler never touches user
 * memory), calls trap_handler() and returns with sret to the sepc the
 * handler left in the frame, the interrupted sstatus (SUM included) put
 * back.
 */

#define FRAME_SIZE	(36 * 8)
#define FRAME_SSTATUS	(32 * 8)
#define FRAME_SCAUSE	(33 * 8)
#define FRAME_STVAL	(34 * 8)
#define SSTATUS_SUM	(1 << 18)
#define TEST_DEVICE	0x100000
/* The test device's "fail" command, with 0x4d ('M') as the exit code. */
#define M_TRAP_EXIT	((0x4d << 16) | 0x3333)

/*
 * _start: the M-mode setup, then S-mode.
 * Input:    M-mode, a0 = hart id, a1 = device tree
 * Output:   S-mode at s_entry, a0 and a1 unchanged, paging off
 * Clobbers: t0
 * Faults:   none expected; any M-mode trap goes to m_trap
 */
	.section .text.boot, "ax"
	.globl _start
_start:
	csrw	mie, zero
	la	t0, m_trap
	csrw	mtvec, t0
	/*
	 * PMP: with PMP implemented and no entry, S-mode may access nothing.
	 * Entry 0 is NAPOT over the whole address space, read, write, execute.
	 */
	li	t0, -1
	srli	t0, t0, 10
	csrw	pmpaddr0, t0
	li	t0, 0x1f		/* R | W | X | A = NAPOT */
	csrw	pmpcfg0, t0
	/*
	 * Every exception S-mode can take goes to S-mode (stvec): the
	 * misaligned ones too, so that a misaligned access of the library
	 * that the hart refuses is reported, not emulated. Not 9 and 11
	 * (ecall from S and M): nothing here calls M-mode. The S-mode
	 * interrupts (software, timer, external) are S-mode's.
	 */
	li	t0, 0xb1ff
	csrw	medeleg, t0
	li	t0, 0x222
	csrw	mideleg, t0
	/* S-mode may read cycle, time and instret. */
	li	t0, 7
	csrw	mcounteren, t0
	csrw	satp, zero
	/* mstatus.MPP = S, MPIE = 0; FS stays Off: an FP instruction traps. */
	li	t0, (3 << 11) | (1 << 7)
	csrc	mstatus, t0
	li	t0, (1 << 11)
	csrs	mstatus, t0
	la	t0, s_entry
	csrw	mepc, t0
	mret

	.align	2
m_trap:
	li	t0, TEST_DEVICE
	li	t1, M_TRAP_EXIT
	sw	t1, 0(t0)
1:	wfi
	j	1b

s_entry:
	la	sp, boot_stack_top
	la	t0, __bss_start
	la	t1, __bss_end
1:	bgeu	t0, t1, 2f
	sd	zero, 0(t0)
	addi	t0, t0, 8
	j	1b
2:	call	kernel_main
3:	wfi
	j	3b

/*
 * trap_entry: stvec, direct mode.
 * Input: any S-mode trap. Output: sret to frame sepc, every integer
 * register but sp as trap_handler() left them in the frame, sstatus as
 * interrupted. Clobbers: nothing of the interrupted code. Faults: none
 * (the frame is on the interrupted kernel stack).
 */
	.text
	.globl trap_entry
	.align	2
trap_entry:
	addi	sp, sp, -FRAME_SIZE
	sd	x1, 1 * 8(sp)
	sd	x3, 3 * 8(sp)
	sd	x4, 4 * 8(sp)
	sd	x5, 5 * 8(sp)
	sd	x6, 6 * 8(sp)
	sd	x7, 7 * 8(sp)
	sd	x8, 8 * 8(sp)
	sd	x9, 9 * 8(sp)
	sd	x10, 10 * 8(sp)
	sd	x11, 11 * 8(sp)
	sd	x12, 12 * 8(sp)
	sd	x13, 13 * 8(sp)
	sd	x14, 14 * 8(sp)
	sd	x15, 15 * 8(sp)
	sd	x16, 16 * 8(sp)
	sd	x17, 17 * 8(sp)
	sd	x18, 18 * 8(sp)
	sd	x19, 19 * 8(sp)
	sd	x20, 20 * 8(sp)
	sd	x21, 21 * 8(sp)
	sd	x22, 22 * 8(sp)
	sd	x23, 23 * 8(sp)
	sd	x24, 24 * 8(sp)
	sd	x25, 25 * 8(sp)
	sd	x26, 26 * 8(sp)
	sd	x27, 27 * 8(sp)
	sd	x28, 28 * 8(sp)
	sd	x29, 29 * 8(sp)
	sd	x30, 30 * 8(sp)
	sd	x31, 31 * 8(sp)
	addi	t0, sp, FRAME_SIZE
	sd	t0, 2 * 8(sp)		/* the interrupted sp, for reports */
	csrr	t0, sepc
	sd	t0, 0(sp)
	csrr	t0, sstatus
	sd	t0, FRAME_SSTATUS(sp)
	csrr	t0, scause
	sd	t0, FRAME_SCAUSE(sp)
	csrr	t0, stval
	sd	t0, FRAME_STVAL(sp)
	li	t0, SSTATUS_SUM
	csrc	sstatus, t0
	mv	a0, sp
	call	trap_handler
	ld	t0, 0(sp)
	csrw	sepc, t0
	ld	t0, FRAME_SSTATUS(sp)
	csrw	sstatus, t0
	ld	x1, 1 * 8(sp)
	ld	x3, 3 * 8(sp)
	ld	x4, 4 * 8(sp)
	ld	x5, 5 * 8(sp)
	ld	x6, 6 * 8(sp)
	ld	x7, 7 * 8(sp)
	ld	x8, 8 * 8(sp)
	ld	x9, 9 * 8(sp)
	ld	x10, 10 * 8(sp)
	ld	x11, 11 * 8(sp)
	ld	x12, 12 * 8(sp)
	ld	x13, 13 * 8(sp)
	ld	x14, 14 * 8(sp)
	ld	x15, 15 * 8(sp)
	ld	x16, 16 * 8(sp)
	ld	x17, 17 * 8(sp)
	ld	x18, 18 * 8(sp)
	ld	x19, 19 * 8(sp)
	ld	x20, 20 * 8(sp)
	ld	x21, 21 * 8(sp)
	ld	x22, 22 * 8(sp)
	ld	x23, 23 * 8(sp)
	ld	x24, 24 * 8(sp)
	ld	x25, 25 * 8(sp)
	ld	x26, 26 * 8(sp)
	ld	x27, 27 * 8(sp)
	ld	x28, 28 * 8(sp)
	ld	x29, 29 * 8(sp)
	ld	x30, 30 * 8(sp)
	ld	x31, 31 * 8(sp)
	addi	sp, sp, FRAME_SIZE
	sret

/*
 * The probes of sum.c: one user access each, with the kernel's own fixup
 * (trap.c), so that the SUM test does not depend on the library's table.
 *
 * kprobe_load: Input a0 = address, a1 = where to put the byte read.
 * Output a0 = 0 (read, *a1 set) or 1 (faulted, *a1 untouched).
 * Clobbers t0. Faults: the lbu, resumed at kprobe_fixup.
 *
 * kprobe_store: Input a0 = address, a1 = the byte. Output a0 = 0 (stored)
 * or 1 (faulted, nothing stored). Clobbers nothing else. Faults: the sb,
 * resumed at kprobe_fixup.
 */
	.globl kprobe_load, kprobe_store, kprobe_fixup
	.globl kprobe_load_insn, kprobe_store_insn
kprobe_load:
kprobe_load_insn:
	lbu	t0, 0(a0)
	sb	t0, 0(a1)
	li	a0, 0
	ret
kprobe_store:
kprobe_store_insn:
	sb	a1, 0(a0)
	li	a0, 0
	ret
kprobe_fixup:
	li	a0, 1
	ret

	.section .bss.stack, "aw", @nobits
	.align	4
	.space	64 * 1024
	.globl boot_stack_top
boot_stack_top:
