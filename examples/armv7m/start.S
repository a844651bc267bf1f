/* SPDX-License-Identifier: MIT */
/*
 * Vectors and entry of the Cortex-M test kernel (mps2-an385, Cortex-M3;
 * mps3-an524 or mps2-an505, Cortex-M33 in Secure state; any ARMv7-M or
 * ARMv8-M Mainline core: on ARMv8-M vector 7 is SecureFault, a fault
 * here too). Privileged thread mode on MSP throughout. The fault vectors
 * (HardFault, MemManage, BusFault, UsageFault) share one entry: it hands
 * trap.c the exception frame of the stack that was in use (EXC_RETURN bit
 * 2: PSP if set, else MSP), which trap_fault() rewrites in place (the
 * stacked PC) before the exception returns.
 */
	.syntax unified
	.thumb

	.section .vectors, "a"
	.globl vectors
vectors:
	.word	__stack_top
	.word	reset + 1
	.word	fault_entry + 1		/* NMI */
	.word	fault_entry + 1		/* HardFault */
	.word	fault_entry + 1		/* MemManage */
	.word	fault_entry + 1		/* BusFault */
	.word	fault_entry + 1		/* UsageFault */
	.rept	4
	.word	fault_entry + 1
	.endr
	.word	svc_entry + 1		/* SVCall: tasks.c */
	.rept	3
	.word	fault_entry + 1
	.endr
	.word	systick_entry + 1	/* SysTick: timer.c */

	.text
	.globl reset
	.type reset, %function
reset:
	ldr	r0, =__bss_start
	ldr	r1, =__bss_end
	movs	r2, #0
1:	cmp	r0, r1
	bhs	2f
	str	r2, [r0], #4
	b	1b
2:	bl	kmain
	b	.
	.size reset, . - reset

	.type fault_entry, %function
fault_entry:
	tst	lr, #4
	ite	eq
	mrseq	r0, msp
	mrsne	r0, psp
	mrs	r1, ipsr
	push	{r4, lr}
	bl	trap_fault
	pop	{r4, pc}
	.size fault_entry, . - fault_entry

/* SysTick: timer_interrupt() gets the frame of the stack in use. */
	.type systick_entry, %function
systick_entry:
	tst	lr, #4
	ite	eq
	mrseq	r0, msp
	mrsne	r0, psp
	push	{r4, lr}
	bl	timer_interrupt
	pop	{r4, pc}
	.size systick_entry, . - systick_entry

/*
 * long user_call(long (*fn)(void *), void *arg, void *sp): run fn(arg) as an
 * unprivileged task on the process stack sp, until it returns or calls
 * SVC_EXIT (tasks.c): svc_handler() builds the task's frame and returns
 * into it; the exit returns here, with the task's value in r0, on MSP,
 * privileged again. The kernel's callee-saved registers live on MSP
 * meanwhile: a task cannot reach them.
 */
	.globl user_call
	.type user_call, %function
user_call:
	push	{r4-r11, lr}
	svc	#1			/* SVC_START */
	pop	{r4-r11, pc}
	.size user_call, . - user_call

/*
 * SVCall: svc_handler(frame, exc_return) gets the frame of the stack in
 * use and returns the EXC_RETURN to leave by (the task's PSP after a
 * start, the kernel's MSP after an exit, else the same).
 */
	.type svc_entry, %function
svc_entry:
	tst	lr, #4
	ite	eq
	mrseq	r0, msp
	mrsne	r0, psp
	mov	r1, lr
	push	{r4, lr}
	bl	svc_handler
	pop	{r4, lr}
	bx	r0
	.size svc_entry, . - svc_entry

/* Where a task's function returns to: its value is the exit's. */
	.section .task_text, "ax"
	.globl task_return
	.type task_return, %function
task_return:
	svc	#0			/* SVC_EXIT */
	b	.
	.size task_return, . - task_return

	.section .note.GNU-stack, "", %progbits
