/* SPDX-License-Identifier: MIT */
/*
 * PVH entry: QEMU (-M microvm -kernel) loads this ELF at its physical
 * addresses and jumps to the address in the Xen ELF note in 32-bit protected
 * mode, paging off, %ebx = the hvm_start_info. This file takes the CPU to
 * long mode with just enough paging for that (the first GiB, identity, 2 MiB
 * pages) and calls kernel_main(start_info); mmu.c then replaces those
 * tables with the real 4 KiB ones.
 *
 * Register use: %esi keeps the start_info address until it is passed in
 * %rdi; everything else is scratch.
 */

#define CR0_PE		(1 << 0)
#define CR0_MP		(1 << 1)	/* wait/fwait honour TS (SSE setup) */
#define CR0_WP		(1 << 16)	/* read-only pages bind the kernel too */
#define CR0_PG		(1 << 31)
#define CR4_PAE		(1 << 5)
#define CR4_OSFXSR	(1 << 9)	/* SSE: the suite is ordinary C */
#define CR4_OSXMMEXCPT	(1 << 10)
#define MSR_EFER	0xc0000080
#define EFER_LME	(1 << 8)

#define KERNEL_CS	0x08
#define KERNEL_DS	0x10

/* The PVH note: name "Xen", type 18 (XEN_ELFNOTE_PHYS32_ENTRY), 4-byte desc. */
	.section .note.Xen, "a", @note
	.balign 4
	.long	4, 4, 18
	.asciz	"Xen"
	.balign 4
	.long	pvh_start

/*
 * pvh_start: the PVH entry (32-bit, flat segments, paging off, IF clear).
 *   Input:    %ebx = physical address of the hvm_start_info
 *   Output:   does not return: kernel_main(start_info) in long mode, on
 *             boot_stack, with CR0.WP set and SSE enabled
 *   Clobbers: everything (nothing is live before it)
 *   Faults:   none expected; there is no IDT until trap_init()
 */
	.section .boot.text, "ax"
	.code32
	.globl	pvh_start
pvh_start:
	cli
	cld
	movl	%ebx, %esi
	/* The loader's segments are unspecified beyond being flat: use ours. */
	lgdt	gdt_desc
	movl	$KERNEL_DS, %eax
	movw	%ax, %ds
	movw	%ax, %es
	movw	%ax, %ss

	movl	$boot_pml4, %eax
	movl	%eax, %cr3
	movl	%cr4, %eax
	orl	$(CR4_PAE | CR4_OSFXSR | CR4_OSXMMEXCPT), %eax
	movl	%eax, %cr4
	movl	$MSR_EFER, %ecx
	rdmsr
	orl	$EFER_LME, %eax
	wrmsr
	movl	%cr0, %eax
	andl	$~(1 << 2), %eax		/* EM off: SSE instructions run */
	orl	$(CR0_PE | CR0_MP | CR0_WP | CR0_PG), %eax
	movl	%eax, %cr0
	/* Paging on with LME set: the CPU is in compatibility mode until a
	 * 64-bit code segment is loaded. */
	ljmp	$KERNEL_CS, $.Llong_mode

	.code64
.Llong_mode:
	movl	$KERNEL_DS, %eax
	movw	%ax, %ds
	movw	%ax, %es
	movw	%ax, %ss
	movw	%ax, %fs
	movw	%ax, %gs
	leaq	boot_stack_top(%rip), %rsp
	movl	%esi, %edi
	call	kernel_main
.Lhalt:
	hlt
	jmp	.Lhalt

/*
 * GDT: null, 64-bit code, data, then a TSS descriptor (16 bytes) per CPU
 * that trap.c fills in at run time (its base is split across fields, which the
 * linker cannot do).
 */
	.section .data
	.balign 16
	.globl	gdt
gdt:
	.quad	0
	.quad	0x00af9a000000ffff	/* 0x08: code, L=1, DPL 0 */
	.quad	0x00cf92000000ffff	/* 0x10: data, writable */
	.quad	0, 0			/* 0x18: TSS */
	.quad	0, 0			/* 0x28: the second CPU's TSS */
gdt_end:
	.globl	gdt_desc
gdt_desc:
	.word	gdt_end - gdt - 1
	.quad	gdt

/* Boot page tables: PML4[0] -> PDPT[0] -> PD, 512 x 2 MiB identity. */
	.balign 4096
boot_pml4:
	.quad	boot_pdpt + 0x3		/* present, writable */
	.fill	511, 8, 0
boot_pdpt:
	.quad	boot_pd + 0x3
	.fill	511, 8, 0
boot_pd:
	.set	.Lpage, 0
	.rept	512
	.quad	(.Lpage << 21) | 0x83	/* present, writable, 2 MiB */
	.set	.Lpage, .Lpage + 1
	.endr

	/* The stack, in its own pages: mmu.c unmaps the page below it, so
	 * an overflow faults (#DF on its own stack reports it). */
	.section .bss.stack, "aw", @nobits
	.balign 4096
	.globl	boot_stack_guard
boot_stack_guard:
	.skip	4096
	.skip	65536
	.globl	boot_stack_top
boot_stack_top:

	.section .note.GNU-stack, "", @progbits
