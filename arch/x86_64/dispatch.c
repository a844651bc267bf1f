// SPDX-License-Identifier: MIT
/*
 * __clear_user / __copy_to_user / __copy_from_user: call the strategy chosen
 * for this CPU by _uaccess_arch_setup(). The routines in clear_user.S and
 * copy_user.S take their arguments in the string-instruction registers
 * (rdi, rsi, rcx) and return the bytes not done in rcx; the asm statements
 * below are the only callers and list every register the routines clobber.
 */
#include <uaccess.h>
#include "internal.h"

enum strategy {
	STRATEGY_LOOP,	/* unrolled quadword moves: the baseline */
	STRATEGY_REPQ,	/* rep stosq / rep movsq + byte tail */
	STRATEGY_REP,	/* rep stosb / rep movsb (ERMS) */
};

static enum strategy strategy = STRATEGY_LOOP;

static const char *const strategy_names[] = {
	[STRATEGY_LOOP] = "loop",
	[STRATEGY_REPQ] = "repq",
	[STRATEGY_REP] = "rep",
};

void _uaccess_arch_setup(unsigned long features)
{
	if (features & UACCESS_FEAT_ERMS)
		strategy = STRATEGY_REP;
	else if (features & UACCESS_FEAT_REP_GOOD)
		strategy = STRATEGY_REPQ;
	else
		strategy = STRATEGY_LOOP;
}

const char *uaccess_strategy_name(void)
{
	return strategy_names[strategy];
}

#define CALL_CLEAR(routine, to, n)					\
	__asm__ volatile("call " #routine				\
			 : "+D"(to), "+c"(n)				\
			 :						\
			 : "rax", "rdx", "memory", "cc")

#define CALL_COPY(routine, to, from, n)					\
	__asm__ volatile("call " #routine				\
			 : "+D"(to), "+S"(from), "+c"(n)		\
			 :						\
			 : "rax", "rdx", "r8", "r9", "r10", "r11",	\
			   "memory", "cc")

unsigned long __clear_user(void __user *to, unsigned long n)
{
	switch (strategy) {
	case STRATEGY_REP:
		CALL_CLEAR(_clear_user_rep, to, n);
		break;
	case STRATEGY_REPQ:
		CALL_CLEAR(_clear_user_repq, to, n);
		break;
	default:
		CALL_CLEAR(_clear_user_loop, to, n);
		break;
	}
	return n;
}

static unsigned long copy_user(void *to, const void *from, unsigned long n)
{
	switch (strategy) {
	case STRATEGY_REP:
		CALL_COPY(_copy_user_rep, to, from, n);
		break;
	case STRATEGY_REPQ:
		CALL_COPY(_copy_user_repq, to, from, n);
		break;
	default:
		CALL_COPY(_copy_user_loop, to, from, n);
		break;
	}
	return n;
}

unsigned long __copy_to_user(void __user *to, const void *from, unsigned long n)
{
	return copy_user(to, from, n);
}

unsigned long __copy_from_user(void *to, const void __user *from, unsigned long n)
{
	return copy_user(to, from, n);
}
