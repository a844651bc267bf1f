// SPDX-License-Identifier: MIT
/*
 * Exception table: sorted once by uaccess_init(), searched by uaccess_fixup()
 * from the fault handler.
 *
 * Entries hold offsets relative to their own fields (see <uaccess/extable.h>),
 * so an entry cannot be moved by copying it: entry_set() recomputes both
 * offsets for the entry's new place. Addresses are computed in unsigned long
 * so that a negative offset wraps as intended (modulo 2^64, or 2^32 on
 * 32-bit); an offset is stored back by truncation to 32 bits, which is exact
 * because instruction, fixup and table lie within 2 GiB of each other.
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
 * Insertion sort: the table is small (tens of entries from this library, a
 * few thousand if a kernel adds its own) and the linker emits it almost in
 * address order already, which is insertion sort's best case, close to one
 * comparison per entry. No recursion, no allocation, no extra storage.
 */
void _uaccess_extable_sort(void)
{
	entry_t *t = __start_uaccess_extable;
	unsigned long n = (unsigned long)(__stop_uaccess_extable - t);

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
	extable_sorted = true;
}

unsigned long uaccess_fixup(unsigned long pc)
{
	const entry_t *t = __start_uaccess_extable;
	unsigned long lo = 0, hi = (unsigned long)(__stop_uaccess_extable - t);

	/*
	 * Before uaccess_init() the table may be unsorted: a linear scan still
	 * gives the right answer, where a binary search could miss.
	 */
	if (!extable_sorted) {
		for (; lo < hi; lo++)
			if (entry_insn(&t[lo]) == pc)
				return entry_fixup(&t[lo]);
		return 0;
	}

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
