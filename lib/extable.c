// SPDX-License-Identifier: MIT
/*
 * Exception tables: the image's, sorted once by uaccess_init(), and one per
 * registered module, sorted when it is registered; all searched by
 * uaccess_fixup() from the fault handler.
 *
 * Entries hold offsets relative to their own fields (see <uaccess/extable.h>),
 * so an entry cannot be moved by copying it: entry_set() recomputes both
 * offsets for the entry's new place. Addresses are computed in unsigned long
 * so that a negative offset wraps as intended (modulo 2^64, or 2^32 on
 * 32-bit); an offset is stored back by truncation to 32 bits, which is exact
 * because instruction, fixup and table lie within 2 GiB of each other.
 *
 * The modules' list is lib/module.c's; this file sorts a module's table
 * when it is registered and searches it with the image's.
 */
#include <stdbool.h>
#include <uaccess.h>
#include <uaccess/extable.h>
#include "internal.h"

typedef struct uaccess_extable_entry entry_t;

/* Provided by the linker (or by <uaccess/sections.ld>). */
extern entry_t __start_uaccess_extable[];
extern entry_t __stop_uaccess_extable[];

static bool extable_sorted;

static unsigned long entry_insn(const entry_t *e)
{
	return (unsigned long)&e->insn + (unsigned long)(long)e->insn;
}

static unsigned long entry_fixup(const entry_t *e)
{
	return (unsigned long)&e->fixup + (unsigned long)(long)e->fixup;
}

static void entry_set(entry_t *e, unsigned long insn, unsigned long fixup)
{
	e->insn = (int32_t)(insn - (unsigned long)&e->insn);
	e->fixup = (int32_t)(fixup - (unsigned long)&e->fixup);
}

/*
 * Insertion sort of [t, stop): a table is small (tens of entries from this
 * library, a few thousand if a kernel adds its own) and the linker emits
 * it almost in address order already, which is insertion sort's best
 * case, close to one comparison per entry. No recursion, no allocation,
 * no extra storage.
 */
static void sort_table(entry_t *t, const entry_t *stop)
{
	unsigned long n = (unsigned long)(stop - t);

	for (unsigned long i = 1; i < n; i++) {
		unsigned long insn = entry_insn(&t[i]);
		unsigned long fixup = entry_fixup(&t[i]);
		unsigned long j = i;

		for (; j > 0 && entry_insn(&t[j - 1]) > insn; j--)
			entry_set(&t[j], entry_insn(&t[j - 1]),
				  entry_fixup(&t[j - 1]));
		if (j != i)
			entry_set(&t[j], insn, fixup);
	}
}

void _uaccess_extable_sort(void)
{
	sort_table(__start_uaccess_extable, __stop_uaccess_extable);
	extable_sorted = true;
}

/* The fixup of pc in the sorted table [t, stop), or 0. */
static unsigned long search_table(const entry_t *t, const entry_t *stop,
				  unsigned long pc)
{
	unsigned long lo = 0, hi = (unsigned long)(stop - t);

	/* Invariant: if pc is in the table, its index lies in [lo, hi). */
	while (lo < hi) {
		unsigned long mid = lo + (hi - lo) / 2;
		unsigned long insn = entry_insn(&t[mid]);

		if (pc < insn)
			hi = mid;
		else if (pc > insn)
			lo = mid + 1;
		else
			return entry_fixup(&t[mid]);
	}
	return 0;
}

unsigned long uaccess_fixup(unsigned long pc)
{
	const entry_t *t = __start_uaccess_extable;
	const struct uaccess_module *m;
	unsigned long fixup;

	/*
	 * Before uaccess_init() the table may be unsorted: a linear scan still
	 * gives the right answer, where a binary search could miss. No module
	 * can be registered yet.
	 */
	if (!extable_sorted) {
		/* cppcheck-suppress comparePointers ; the linker's two bounds of one section */
		for (; t < __stop_uaccess_extable; t++)
			if (entry_insn(t) == pc)
				return entry_fixup(t);
		return 0;
	}
	fixup = search_table(t, __stop_uaccess_extable, pc);
	if (fixup)
		return fixup;
	for (m = __atomic_load_n(&_uaccess_modules, __ATOMIC_ACQUIRE); m;
	     m = __atomic_load_n(&m->next, __ATOMIC_ACQUIRE)) {
		fixup = search_table(m->extable_start, m->extable_stop, pc);
		if (fixup)
			return fixup;
	}
	return 0;
}

/*
 * Ready m's table for uaccess_fixup(): NULL once sorted, or why it cannot
 * be (untouched then).
 */
const char *_uaccess_extable_add(const struct uaccess_module *m)
{
	unsigned long start = (unsigned long)m->extable_start;
	unsigned long stop = (unsigned long)m->extable_stop;

	if (!extable_sorted)
		return "module: uaccess_init() has not run";
	if (stop < start || start % 4 || (stop - start) % sizeof(entry_t) ||
	    (!start && stop))
		return "module: extable bounds are not whole entries";
	sort_table(m->extable_start, m->extable_stop);
	return NULL;
}
