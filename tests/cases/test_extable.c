// SPDX-License-Identifier: MIT
/*
 * The exception table itself: every entry found by uaccess_fixup(), nothing
 * else found, the table sorted by uaccess_init() even when the linker left
 * it in the worst order, and an entry written from C inline asm that works.
 */
#include <uaccess.h>
#include <uaccess/extable.h>
#include "extable_entries.h"
#include "harness.h"
#include "platform.h"
#include "suite.h"
#include "test_arch.h"

extern struct uaccess_extable_entry __start_uaccess_extable[];
extern struct uaccess_extable_entry __stop_uaccess_extable[];

#define MAX_ENTRIES 1024

static unsigned long table_size(void)
{
	return (unsigned long)(__stop_uaccess_extable - __start_uaccess_extable);
}

static void check_lookups(const char *when)
{
	struct uaccess_extable_entry *t = __start_uaccess_extable;
	unsigned long n = table_size();

	for (unsigned long i = 0; i < n; i++) {
		unsigned long insn = abs_insn(&t[i]), fixup = abs_fixup(&t[i]);

		t_case(uaccess_fixup(insn) == fixup,
		       "%s: entry %lu insn %#lx: fixup %#lx, want %#lx", when,
		       i, insn, uaccess_fixup(insn), fixup);
		/* No instruction is one byte long here, so insn +/- 1 is
		 * never another entry. */
		t_case(uaccess_fixup(insn + 1) == 0 && uaccess_fixup(insn - 1) == 0,
		       "%s: neighbour of entry %lu (%#lx) found", when, i, insn);
		if (i)
			t_case(abs_insn(&t[i - 1]) < insn,
			       "%s: entries %lu and %lu out of order", when,
			       i - 1, i);
	}
}

void test_extable(void)
{
	static unsigned long insn[MAX_ENTRIES], fixup[MAX_ENTRIES];
	struct uaccess_extable_entry *t = __start_uaccess_extable;
	unsigned long n = table_size();
	size_t page = plat_page_size();
	unsigned char *buf;

	t_group_begin("extable lookups after uaccess_init");
	t_case(n >= 20 && n <= MAX_ENTRIES, "table has %lu entries", n);
	if (n > MAX_ENTRIES)
		n = MAX_ENTRIES;
	check_lookups("sorted");
	t_case(uaccess_fixup(0) == 0, "pc 0 found");
	t_case(uaccess_fixup(~0UL) == 0, "pc ~0 found");
	t_case(uaccess_fixup((unsigned long)&uaccess_init) == 0,
	       "uaccess_init found");
	t_group_end();

	/*
	 * Reverse the table (re-encoding each entry for its new place, as the
	 * sort must), then let uaccess_init_features() sort it back.
	 */
	t_group_begin("extable sort from reversed order");
	reverse_entries(t, n, insn, fixup);
	uaccess_init_features(test_features);
	check_lookups("re-sorted");
	for (unsigned long i = 0; i < n; i++)
		t_case(abs_insn(&t[i]) == insn[i] && abs_fixup(&t[i]) == fixup[i],
		       "entry %lu changed by the sort", i);
	t_group_end();

	/* The probe is the test's own user access: inside a window (SMAP). */
	t_group_begin("extable entry from C inline asm");
	buf = plat_alloc_pages(2);
	plat_protect(buf + page, 1, PLAT_NONE);
	unsigned long before = plat_fault_count();
	plat_user_begin();
	bool mapped = test_arch_probe_read(buf + page - 1);
	bool unmapped = test_arch_probe_read(buf + page);
	plat_user_end();
	t_case(mapped, "mapped byte unreadable");
	t_case(!unmapped, "unmapped byte readable");
	t_case(plat_fault_count() == before + 1, "%lu faults, want 1",
	       plat_fault_count() - before);
	t_group_end();
}
