/* SPDX-License-Identifier: MIT */
/*
 * The suite's own reading and writing of exception-table entries,
 * independent of lib/extable.c, for the tests of the image's table and of
 * a module's (test_extable.c, test_module.c).
 */
#ifndef TEST_EXTABLE_ENTRIES_H
#define TEST_EXTABLE_ENTRIES_H

#include <stdint.h>
#include <uaccess/extable.h>

/* Where an entry's instruction and fixup are. */
static inline unsigned long abs_insn(const struct uaccess_extable_entry *e)
{
	return (unsigned long)&e->insn + (unsigned long)(long)e->insn;
}

static inline unsigned long abs_fixup(const struct uaccess_extable_entry *e)
{
	return (unsigned long)&e->fixup + (unsigned long)(long)e->fixup;
}

/*
 * Reverse t[0, n) in place, re-encoding each entry for its new place (as
 * a sort must); insn[] and fixup[] get the addresses in the old order.
 */
static inline void reverse_entries(struct uaccess_extable_entry *t,
				   unsigned long n, unsigned long *insn,
				   unsigned long *fixup)
{
	for (unsigned long i = 0; i < n; i++) {
		insn[i] = abs_insn(&t[i]);
		fixup[i] = abs_fixup(&t[i]);
	}
	for (unsigned long i = 0; i < n; i++) {
		struct uaccess_extable_entry *e = &t[n - 1 - i];

		e->insn = (int32_t)(insn[i] - (unsigned long)&e->insn);
		e->fixup = (int32_t)(fixup[i] - (unsigned long)&e->fixup);
	}
}

#endif
