/* SPDX-License-Identifier: MIT */
/*
 * The kernel's own faulting accesses, for the SMAP test (smap.c): one load
 * and one store whose fixup is the kernel's, not the library's. trap.c
 * knows the two instructions (kprobe_load_insn, kprobe_store_insn): on a
 * #PF there it records the error code and address (trap_last_fault) and
 * resumes at kprobe_fault.
 *
 * int kprobe_load(const void *p) / int kprobe_store(void *p)
 *   Input:    %rdi = the address (one byte loaded, or zero stored)
 *   Output:   %eax = 0 if the access completed, 1 if it faulted
 *   Clobbers: %ecx
 *   Faults:   the load or store may fault (#PF): trap.c resumes at
 *             kprobe_fault, which returns 1
 */
	.text
	.globl	kprobe_load, kprobe_load_insn
	.type	kprobe_load, @function
kprobe_load:
	xorl	%eax, %eax
kprobe_load_insn:
	movb	(%rdi), %cl
	ret
	.size	kprobe_load, . - kprobe_load

	.globl	kprobe_store, kprobe_store_insn
	.type	kprobe_store, @function
kprobe_store:
	xorl	%eax, %eax
kprobe_store_insn:
	movb	%al, (%rdi)
	ret
	.size	kprobe_store, . - kprobe_store

	.globl	kprobe_fault
kprobe_fault:
	movl	$1, %eax
	ret

	.section .note.GNU-stack, "", @progbits
