// SPDX-License-Identifier: MIT
/*
 * Loadable modules (uaccess_register_module), on the suite's two stand-ins
 * (module/module.h): a module's table entries are not found before it is
 * registered; registering sorts its table (given here in reverse order),
 * patches its code (test_arch_module_code) and makes its calls survive
 * real faults with exact counts; a malformed or repeated registration is
 * refused with its reason, the module behind the list's head too, and
 * leaves the list as it was; unregistering a module, first or last in the
 * list, leaves the other's entries found and its own not.
 */
#include <string.h>
#include <uaccess.h>
#include <uaccess/extable.h>
#include "extable_entries.h"
#include "harness.h"
#include "platform.h"
#include "suite.h"
#include "test_arch.h"
#include "module/module.h"

#define MAX_ENTRIES 256

static unsigned long entries(const struct uaccess_module *m)
{
	return (unsigned long)((const struct uaccess_extable_entry *)m->extable_stop -
			       (const struct uaccess_extable_entry *)m->extable_start);
}

/*
 * Every entry of m found with its fixup (want true), or none of them found
 * (want false); when found, the table must also be sorted.
 */
static void check_found(const struct uaccess_module *m, const char *name,
			bool want, const char *when)
{
	const struct uaccess_extable_entry *t = m->extable_start;
	unsigned long n = entries(m), ok = 0, sorted = 1;

	for (unsigned long i = 0; i < n; i++) {
		unsigned long got = uaccess_fixup(abs_insn(&t[i]));

		ok += want ? got == abs_fixup(&t[i]) : got == 0;
		if (i && abs_insn(&t[i - 1]) >= abs_insn(&t[i]))
			sorted = 0;
	}
	t_case(ok == n, "%s, %s: %lu of %lu entries %s", when, name, n - ok, n,
	       want ? "not found" : "found");
	if (want)
		t_case(sorted, "%s, %s: table not sorted", when, name);
}

/* Reverse m's table in place, re-encoding each entry for its new place. */
static void reverse_table(const struct uaccess_module *m)
{
	static unsigned long insn[MAX_ENTRIES], fixup[MAX_ENTRIES];

	reverse_entries(m->extable_start, entries(m), insn, fixup);
}

static void check_refused(struct uaccess_module *m, const char *what,
			  const char *want)
{
	int r = uaccess_register_module(m);
	const char *e = uaccess_init_error();

	t_case(r == -1 && e && !strcmp(e, want),
	       "%s: returned %d, \"%s\", want \"%s\"", what, r,
	       e ? e : "(null)", want);
	if (!r)
		uaccess_unregister_module(m);
}

/*
 * Module A's calls around a hole: user buffer page | hole, the range
 * starting k bytes before the hole. Every count exact, every byte where
 * the contract says.
 */
static void module_calls(void)
{
	size_t page = plat_page_size();
	unsigned char *u = plat_alloc_pages(2), *hole;
	unsigned char *k = plat_alloc_kernel_pages(1);
	unsigned char src[32];
	unsigned long before = plat_fault_count();

	plat_protect(u + page, 1, PLAT_NONE);
	hole = u + page;
	for (unsigned int i = 0; i < sizeof(src); i++)
		src[i] = (unsigned char)(0xa0 + i);

	for (unsigned long off = 0; off <= 20; off++) {
		unsigned char *p = hole - off;

		for (unsigned long n = 0; n <= 24; n++) {
			unsigned long done = n < off ? n : off, r;
			bool bad;

			plat_user_begin();
			memset(u + page - 64, 0x55, 64);
			plat_user_end();
			r = module_a_copy_to_user(UPTR(p), src, n);
			plat_user_begin();
			bad = memcmp(p, src, done) != 0 ||
			      t_first_not(u + page - 64, 64 - off, 0x55) != 64 - off;
			plat_user_end();
			t_case(r == n - done && !bad,
			       "module copy_to_user %lu bytes %lu before the hole: "
			       "returned %lu, want %lu%s", n, off, r, n - done,
			       bad ? ", bytes wrong" : "");

			/* p[i] is src[32 - off + i]; the copy zero-fills
			 * k[done, n) and leaves k[n, 32) alone. */
			memset(k, 0x77, 32);
			plat_user_begin();
			memcpy(u + page - 32, src, 32);
			plat_user_end();
			r = module_a_copy_from_user(k, UPTR(p), n);
			t_case(r == n - done && !memcmp(k, src + 32 - off, done) &&
			       t_first_not(k + done, n - done, 0) == n - done &&
			       t_first_not(k + n, 32 - n, 0x77) == 32 - n,
			       "module copy_from_user %lu bytes %lu before the hole: "
			       "returned %lu, want %lu", n, off, r, n - done);

			plat_user_begin();
			memset(u + page - 64, 0x55, 64);
			plat_user_end();
			r = module_a_clear_user(UPTR(p), n);
			plat_user_begin();
			bad = t_first_not(p, done, 0) != done ||
			      t_first_not(u + page - 64, 64 - off, 0x55) != 64 - off;
			plat_user_end();
			t_case(r == n - done && !bad,
			       "module clear_user %lu bytes %lu before the hole: "
			       "returned %lu, want %lu%s", n, off, r, n - done,
			       bad ? ", bytes wrong" : "");
		}

		unsigned long want8 = off < 8 ? 8 - off : 0;
		unsigned long want4 = off < 4 ? 4 - off : 0;
		unsigned long r8 = module_a_copy_to_user_8(UPTR(p), src);
		unsigned long r4 = module_a_clear_user_4(UPTR(p));
		unsigned int v4 = 0xdeadbeef;
		int g4, p2;

		t_case(r8 == want8, "module copy_to_user of 8 (constant) %lu "
		       "before the hole: returned %lu, want %lu", off, r8, want8);
		t_case(r4 == want4, "module clear_user of 4 (constant) %lu "
		       "before the hole: returned %lu, want %lu", off, r4, want4);
		g4 = module_a_get_user_4(&v4, (const unsigned int __user *)p);
		t_case(off >= 4 ? g4 == 0 : g4 == -UACCESS_EFAULT && v4 == 0,
		       "module get_user of 4 %lu before the hole: returned %d, "
		       "value %#x", off, g4, v4);
		p2 = module_a_put_user_2(0x1234, (unsigned short __user *)p);
		t_case(off >= 2 ? p2 == 0 : p2 == -UACCESS_EFAULT,
		       "module put_user of 2 %lu before the hole: returned %d",
		       off, p2);
	}
	t_case(plat_fault_count() > before, "module calls: no fault resolved");

	/* One fault each, resolved through the module's own entry. */
	before = plat_fault_count();
	unsigned int v = 1;
	int g = module_a_get_user_4(&v, (const unsigned int __user *)hole);
	t_case(g == -UACCESS_EFAULT && v == 0 && plat_fault_count() == before + 1,
	       "module get_user in the hole: returned %d, value %#x, %lu faults",
	       g, v, plat_fault_count() - before);
}

/*
 * After the refusals the list is still head -> second -> end (the library
 * links through `next`, newest first). Checked through the links before
 * any search: a module linked in twice makes a cycle, which would turn
 * the lookup of a pc in no table into an endless loop. Then that lookup
 * must answer 0. A broken list is cut after its head, so that the rest of
 * the suite fails instead of hanging.
 */
static void list_intact(struct uaccess_module *head,
			struct uaccess_module *second)
{
	bool intact = head->next == second && !second->next;

	t_case(intact, "module list after the refusals: head->next %p, "
	       "second->next %p, want %p and NULL", (void *)head->next,
	       (void *)second->next, (void *)second);
	if (!intact) {
		head->next = second->next = NULL;
		return;
	}
	t_case(uaccess_fixup((unsigned long)&list_intact) == 0,
	       "uaccess_fixup() of a pc in no table found an entry");
}

static struct uaccess_module module_a = TEST_MODULE(moda);
static struct uaccess_module module_b = TEST_MODULE(modb);

void test_module(void)
{
	struct uaccess_module bad;
	size_t page = plat_page_size();
	unsigned char *u;
	unsigned long long v8 = 0;
	int r;

	t_group_begin("module: not registered, not found");
	t_case(entries(&module_a) >= 4 && entries(&module_a) <= MAX_ENTRIES,
	       "module A has %lu table entries", entries(&module_a));
	t_case(entries(&module_b) >= 2 && entries(&module_b) <= MAX_ENTRIES,
	       "module B has %lu table entries", entries(&module_b));
	check_found(&module_a, "A", false, "before registering");
	check_found(&module_b, "B", false, "before registering");
	t_group_end();

	t_group_begin("module: registered, sorted, patched");
	reverse_table(&module_a);
	r = uaccess_register_module(&module_a);
	t_case(r == 0 && !uaccess_init_error(), "register A: returned %d (%s)",
	       r, uaccess_init_error() ? uaccess_init_error() : "");
	check_found(&module_a, "A", true, "registered from reversed order");
	test_arch_module_code(&module_a, test_features, "registered");
	t_group_end();

	t_group_begin("module: calls around a hole");
	module_calls();
	t_group_end();

	t_group_begin("module: the user range and a new feature set");
	uaccess_set_user_range(test_user_start + page, test_user_end - page);
	test_arch_module_code(&module_a, test_features, "user range moved");
	uaccess_set_user_range(test_user_start, test_user_end);
	test_arch_module_code(&module_a, test_features, "user range back");
	r = uaccess_init_features(0);
	test_arch_module_code(&module_a, 0, "init without features");
	t_case(r == 0, "init without features returned %d", r);
	r = uaccess_init_features(test_features);
	test_arch_module_code(&module_a, test_features, "init again");
	t_case(r == test_init_status, "init again returned %d", r);
	check_found(&module_a, "A", true, "after init again");
	t_group_end();

	t_group_begin("module: refused");
	check_refused(NULL, "NULL", "module: NULL");
	check_refused(&module_a, "A again", "module: already registered");
	bad = module_a;
	bad.next = NULL;
	bad.extable_stop = (char *)bad.extable_start + 4;
	check_refused(&bad, "half an entry", "module: extable bounds are not whole entries");
	bad.extable_stop = (char *)bad.extable_start - 8;
	check_refused(&bad, "stop before start", "module: extable bounds are not whole entries");
	bad.extable_start = (char *)module_a.extable_start + 2;
	bad.extable_stop = (char *)bad.extable_start + 8;
	check_refused(&bad, "misaligned", "module: extable bounds are not whole entries");
	test_arch_module_refusals(&module_a);
	check_found(&module_a, "A", true, "after the refusals");
	/* Neither the list nor A's code changed: A alone, patched as before. */
	t_case(!module_a.next, "module list after the refusals: A->next %p, "
	       "want NULL", (void *)module_a.next);
	module_a.next = NULL;
	test_arch_module_code(&module_a, test_features, "after the refusals");
	t_group_end();

	t_group_begin("module: two registered, the first unregistered");
	r = uaccess_register_module(&module_b);
	t_case(r == 0, "register B: returned %d", r);
	check_found(&module_a, "A", true, "A and B registered");
	check_found(&module_b, "B", true, "A and B registered");
	/* A is behind B now: "already registered" must look past the head. */
	check_refused(&module_a, "A again, behind B", "module: already registered");
	check_refused(&module_b, "B again, the head", "module: already registered");
	list_intact(&module_b, &module_a);
	u = plat_alloc_pages(2);
	plat_protect(u + page, 1, PLAT_NONE);
	r = module_b_get_user_8(&v8, (const unsigned long long __user *)(u + page - 4));
	t_case(r == -UACCESS_EFAULT && v8 == 0,
	       "module B get_user of 8 across the hole: returned %d", r);
	r = module_b_put_user_1(7, (unsigned char __user *)(u + page));
	t_case(r == -UACCESS_EFAULT, "module B put_user in the hole: returned %d", r);
	uaccess_unregister_module(&module_a);
	check_found(&module_a, "A", false, "A unregistered");
	check_found(&module_b, "B", true, "A unregistered");
	uaccess_unregister_module(&module_a);
	check_found(&module_b, "B", true, "A unregistered twice");
	r = module_b_put_user_1(7, (unsigned char __user *)(u + page - 1));
	plat_user_begin();
	t_case(r == 0 && u[page - 1] == 7, "module B put_user: returned %d", r);
	plat_user_end();
	uaccess_unregister_module(&module_b);
	check_found(&module_b, "B", false, "B unregistered");
	t_group_end();

	t_group_begin("module: registered again after unregistering");
	r = uaccess_register_module(&module_b);
	t_case(r == 0, "register B again: returned %d", r);
	check_found(&module_b, "B", true, "B registered again");
	uaccess_unregister_module(&module_b);
	check_found(&module_b, "B", false, "B unregistered again");
	check_found(&module_a, "A", false, "B unregistered again");
	t_group_end();
}
