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
 * The modules form a singly linked list, newest first, that the fault path
 * walks without a lock while another CPU registers or unregisters a module
 * (those two are serialized by the caller). The invariants that make that
 * safe:
 *  - a module is complete (table sorted, code patched) before the release
 *    store that links it in; a reader reaches it only through an acquire
 *    load of that link, so it sees the completed table;
 *  - unlinking is one release store into the predecessor's link; the
 *    unlinked module's own `next` is left as it was, so a reader that is
 *    standing on it still reaches the rest of the list;
 *  - nothing is ever freed here: the caller frees a module's memory after a
 *    grace period, once no CPU can be inside uaccess_fixup() on it.
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

struct uaccess_module *_uaccess_modules;

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

/* Why lib/ refuses to register m, or NULL. */
static const char *module_refusal(const struct uaccess_module *m)
{
	unsigned long start, stop;

	if (!m)
		return "module: NULL";
	if (!extable_sorted)
		return "module: uaccess_init() has not run";
	start = (unsigned long)m->extable_start;
	stop = (unsigned long)m->extable_stop;
	if (stop < start || start % 4 || (stop - start) % sizeof(entry_t) ||
	    (!start && stop))
		return "module: extable bounds are not whole entries";
	for (const struct uaccess_module *r = _uaccess_modules; r; r = r->next)
		if (r == m)
			return "module: already registered";
	return NULL;
}

int uaccess_register_module(struct uaccess_module *m)
{
	const char *why = module_refusal(m);

	if (!why)
		sort_table(m->extable_start, m->extable_stop);
	/* Patches the code and serializes; records a refusal, ours too. */
	if (_uaccess_arch_module(m, why))
		return -1;
	m->next = _uaccess_modules;
	__atomic_store_n(&_uaccess_modules, m, __ATOMIC_RELEASE);
	return 0;
}

void uaccess_unregister_module(struct uaccess_module *m)
{
	for (struct uaccess_module **link = &_uaccess_modules; *link;
	     link = &(*link)->next) {
		if (*link == m) {
			__atomic_store_n(link, m->next, __ATOMIC_RELEASE);
			return;
		}
	}
}
