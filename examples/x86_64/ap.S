/* SPDX-License-Identifier: MIT */
/*
 * The second CPU's way from reset to kernel code. smp.c copies
 * ap_trampoline..ap_trampoline_end to AP_TRAMPOLINE (below 1 MiB, page
 * aligned) and sends STARTUP with that page; the CPU starts there in real
 * mode at CS = AP_TRAMPOLINE >> 4, IP 0.
 *
 * ap_trampoline: real mode to long mode in one step (PAE, the boot CPU's
 * page tables, EFER.LME, then PE and PG together), then a far jump into
 * the kernel's 64-bit code segment at ap_long_mode.
 *   Input:    ap_tramp_cr3 (the page tables), filled in by smp.c in the
 *             copy; the kernel's gdt
 *   Output:   does not return: ap_main() on ap_stack_top, GS base unset
 *   Clobbers: everything (nothing is live at reset)
 *   Faults:   none expected; there is no IDT until ap_main() loads one
 */
#define CR0_PE		(1 << 0)
#define CR0_MP		(1 << 1)
#define CR0_WP		(1 << 16)
#define CR0_PG		(1 << 31)
#define CR4_PAE		(1 << 5)
#define CR4_OSFXSR	(1 << 9)
#define CR4_OSXMMEXCPT	(1 << 10)
#define MSR_EFER	0xc0000080
#define EFER_LME	(1 << 8)
#define KERNEL_CS	0x08
#define KERNEL_DS	0x10
#define AP_TRAMPOLINE	0x8000

	.section .rodata
	.code16
	.globl	ap_trampoline, ap_trampoline_end, ap_tramp_cr3
ap_trampoline:
	cli
	cld
	xorw	%ax, %ax
	movw	%ax, %ds
	lgdtl	AP_TRAMPOLINE + (ap_tramp_gdt - ap_trampoline)
	movl	AP_TRAMPOLINE + (ap_tramp_cr3 - ap_trampoline), %eax
	movl	%eax, %cr3
	movl	$(CR4_PAE | CR4_OSFXSR | CR4_OSXMMEXCPT), %eax
	movl	%eax, %cr4
	movl	$MSR_EFER, %ecx
	rdmsr
	orl	$EFER_LME, %eax
	wrmsr
	movl	$(CR0_PE | CR0_MP | CR0_WP | CR0_PG), %eax
	movl	%eax, %cr0
	ljmpl	$KERNEL_CS, $ap_long_mode
	.balign	8
ap_tramp_cr3:
	.long	0
ap_tramp_gdt:
	.word	0x37			/* null, code, data, two TSSs */
	.long	gdt
ap_trampoline_end:

	.text
	.code64
ap_long_mode:
	movl	$KERNEL_DS, %eax
	movw	%ax, %ds
	movw	%ax, %es
	movw	%ax, %ss
	movw	%ax, %fs
	movw	%ax, %gs
	movq	ap_stack_top(%rip), %rsp
	call	ap_main
1:	cli
	hlt
	jmp	1b

	.section .note.GNU-stack, "", @progbits
