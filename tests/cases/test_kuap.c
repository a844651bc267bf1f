// SPDX-License-Identifier: MIT
/*
 * The kernel-filled window hooks (<uaccess/kuap_hooks.h>), on the
 * architectures that call them: the bulk calls open the window before
 * touching user memory and close it on every path, fault fixups included;
 * so do the scalars, each with the window of its direction over exactly
 * its object, and the calls that only read open read windows. This file
 * is compiled as a KUAP kernel would compile its callers: UACCESS_KUAP is
 * defined, and <uaccess/kuap.h> (tests/harness/uaccess/kuap.h) forwards the hooks
 * here. On an architecture without the hooks it is empty.
 *
 * The hooks check that windows never nest and that prevent() gets the
 * arguments allow() got. They also emulate the protection itself: the user
 * pages are PROT_NONE while the window is closed, and allow() opens the
 * pages of its range (PROT_READ for UACCESS_KUAP_READ, read-write for
 * UACCESS_KUAP_WRITE), except a hole that never opens. A user access
 * outside the window, or a store through a read window, would then fault
 * early and give a wrong count, which the exact count check catches.
 */
#define UACCESS_KUAP
#include <stdint.h>
#include <string.h>
#include <uaccess.h>
#include "harness.h"
#include "platform.h"
#include "suite.h"

#ifdef UACCESS_KUAP_HOOKS_H

/* The user arena: pages 0, 1, hole, 3. */
#define PAGES 4
#define HOLE 2

static unsigned char *user;
static size_t page;

static struct {
	int open;		/* windows open now */
	unsigned long allows, prevents, misuse;
	const void __user *addr;	/* the open window */
	unsigned long n;
	int dir;
	int prevent_dir;	/* what the last prevent() got */
	int dirs;		/* every allow()'s dir since it was cleared */
} kuap;

static void set_pages(const unsigned char *p, unsigned long n,
		      enum plat_prot prot)
{
	size_t first, last;

	if (!n)
		return;
	first = (size_t)(p - user) / page;
	last = (size_t)(p + n - 1 - user) / page;
	for (size_t i = first; i <= last && i < PAGES; i++)
		if (i != HOLE)
			plat_protect(user + i * page, 1, prot);
}

void test_kuap_allow(const void __user *addr, unsigned long n, int dir)
{
	if (kuap.open || dir < UACCESS_KUAP_READ ||
	    dir > (UACCESS_KUAP_READ | UACCESS_KUAP_WRITE))
		kuap.misuse++;
	kuap.open++;
	kuap.allows++;
	kuap.addr = addr;
	kuap.n = n;
	kuap.dir = dir;
	kuap.dirs |= dir;
	set_pages(KPTR(addr), n, dir == UACCESS_KUAP_READ ? PLAT_RO : PLAT_RW);
	kuap.prevent_dir = 0;
}

void test_kuap_prevent(const void __user *addr, unsigned long n, int dir)
{
	/* A window's end does not know the range: (NULL, 0). */
	if (kuap.open != 1 || dir != kuap.dir ||
	    ((addr != kuap.addr || n != kuap.n) && (addr || n)))
		kuap.misuse++;
	kuap.prevent_dir = dir;
	kuap.open--;
	kuap.prevents++;
	set_pages(KPTR(kuap.addr), kuap.n, PLAT_NONE);
}

enum op { CLEAR, TO_USER, FROM_USER };

static const struct {
	const char *name;
	enum op op;
	bool checked;
} ops[] = {
	{ "__clear_user", CLEAR, false }, { "clear_user", CLEAR, true },
	{ "__copy_to_user", TO_USER, false }, { "copy_to_user", TO_USER, true },
	{ "__copy_from_user", FROM_USER, false },
	{ "copy_from_user", FROM_USER, true },
};

static unsigned long call(int o, unsigned char *u, unsigned char *k,
			  unsigned long n)
{
	bool c = ops[o].checked;

	switch (ops[o].op) {
	case CLEAR:
		return c ? clear_user(UPTR(u), n) : __clear_user(UPTR(u), n);
	case TO_USER:
		return c ? copy_to_user(UPTR(u), k, n)
			 : __copy_to_user(UPTR(u), k, n);
	default:
		return c ? copy_from_user(k, UPTR(u), n)
			 : __copy_from_user(k, UPTR(u), n);
	}
}

/* One call: exact count, one window of its direction opened and closed, none if refused. */
static void one(int o, unsigned char *u, unsigned long n, unsigned char *kbuf,
		bool refused)
{
	unsigned char *hole = user + HOLE * page;
	unsigned long k = n, want_windows = refused ? 0 : 1;
	unsigned long a0 = kuap.allows, p0 = kuap.prevents, m0 = kuap.misuse;
	int want_dir = refused ? 0 : ops[o].op == FROM_USER ? UACCESS_KUAP_READ
							     : UACCESS_KUAP_WRITE;
	unsigned long ret;

	if (refused)
		k = 0;
	else if (u < hole && u + n > hole)
		k = (unsigned long)(hole - u);
	else if (u >= hole && u < hole + page && n)
		k = 0;
	kuap.dirs = 0;
	ret = call(o, u, kbuf, n);
	t_case(ret == n - k && kuap.open == 0 && kuap.misuse == m0 &&
		       kuap.allows - a0 == want_windows &&
		       kuap.prevents - p0 == want_windows && kuap.dirs == want_dir,
	       "%s n=%lu user=hole%+ld: returned %lu (want %lu), %lu allows, "
	       "%lu prevents (want %lu), dir %d (want %d), %d open, %lu misuses",
	       ops[o].name, n, (long)(u - hole), ret, n - k,
	       kuap.allows - a0, kuap.prevents - p0, want_windows, kuap.dirs,
	       want_dir, kuap.open, kuap.misuse - m0);
}

/*
 * The windows other than the bulk calls': one allow and one prevent, with
 * the direction each names, and none at all for the probes of kernel
 * memory. A read window's pages are read-only here (the hooks' emulation),
 * so a store in it faults: the e500 kernel's PID cannot tell directions,
 * these hooks can.
 */
static void windows(unsigned char *kbuf)
{
	uint32_t __user *p = (uint32_t __user *)(user + 64);
	unsigned long a0 = kuap.allows, p0 = kuap.prevents, m0 = kuap.misuse;
	uint32_t v = 0;
	bool stored = true;
	char s[8];
	int r;

	t_group_begin("KUAP: one-way and masked windows, kernel probes");
	if (user_read_access_begin(p, 4)) {
		unsafe_get_user(v, p, read_fault);
read_fault:
		t_case(kuap.open == 1 && kuap.dir == UACCESS_KUAP_READ,
		       "user_read_access_begin opened dir %d, want read", kuap.dir);
		unsafe_put_user(v, p, store_fault);
		goto store_done;
store_fault:
		stored = false;
store_done:
		user_read_access_end();
	}
	t_case(!stored, "a store went through a read window");
	t_case(kuap.prevent_dir == UACCESS_KUAP_READ,
	       "user_read_access_end closed dir %d, want read", kuap.prevent_dir);
	if (user_write_access_begin(p, 4)) {
		t_case(kuap.open == 1 && kuap.dir == UACCESS_KUAP_WRITE,
		       "user_write_access_begin opened dir %d, want write", kuap.dir);
		unsafe_put_user(v, p, write_fault);
write_fault:
		user_write_access_end();
	}
	t_case(kuap.prevent_dir == UACCESS_KUAP_WRITE,
	       "user_write_access_end closed dir %d, want write", kuap.prevent_dir);
	p = masked_user_access_begin(p);
	t_case(kuap.open == 1 &&
	       kuap.dir == (UACCESS_KUAP_READ | UACCESS_KUAP_WRITE),
	       "masked_user_access_begin opened dir %d, want both", kuap.dir);
	user_access_end();
	t_case(kuap.allows - a0 == 3 && kuap.prevents - p0 == 3 &&
	       kuap.misuse == m0 && kuap.open == 0,
	       "three windows: %lu allows, %lu prevents, %lu misuses, %d open",
	       kuap.allows - a0, kuap.prevents - p0, kuap.misuse - m0, kuap.open);

	a0 = kuap.allows;
	memset(kbuf, 'x', 64);
	kbuf[20] = 0;
	r = copy_from_kernel_nofault(kbuf + 100, kbuf, 64);
	r |= copy_to_kernel_nofault(kbuf + 200, kbuf, 64);
	r |= strncpy_from_kernel_nofault(s, kbuf, sizeof(s)) != sizeof(s);
	t_case(!r && kuap.allows == a0 && kuap.open == 0,
	       "kernel probes: %d, %lu windows opened (want none)", r,
	       kuap.allows - a0);
	t_group_end();
}

/*
 * One scalar call: its return, and exactly one window, of the call's
 * direction, over exactly the object (none when access_ok refuses it).
 * The hooks' pages are read-only in a read window, so a put_user through
 * one faults here, as it would under a KUAP that protects writes.
 */
static void scalar_one(unsigned long size, bool put, bool checked,
		       unsigned char *p, int want, bool refused)
{
	const int want_dir = put ? UACCESS_KUAP_WRITE : UACCESS_KUAP_READ;
	unsigned long a0 = kuap.allows, p0 = kuap.prevents, m0 = kuap.misuse;
	int r = 0;

	kuap.dirs = 0;
	kuap.addr = NULL;
	kuap.n = 0;
#define SCALAR(T) do {							\
	T x = (T)0x5a;							\
	if (put)							\
		r = checked ? put_user(x, (T __user *)p)		\
			    : __put_user(x, (T __user *)p);		\
	else								\
		r = checked ? get_user(x, (T __user *)p)		\
			    : __get_user(x, (T __user *)p);		\
} while (0)
	switch (size) {
	case 1: SCALAR(uint8_t); break;
	case 2: SCALAR(uint16_t); break;
	case 4: SCALAR(uint32_t); break;
	default: SCALAR(uint64_t); break;
	}
#undef SCALAR
	t_case(r == want && kuap.open == 0 && kuap.misuse == m0 &&
	       kuap.allows - a0 == !refused && kuap.prevents - p0 == !refused &&
	       (refused || (kuap.dirs == want_dir && kuap.addr == UPTR(p) &&
			    kuap.n == size)),
	       "%s%s_user of %lu at hole%+ld: returned %d (want %d), %lu "
	       "windows, dir %d (want %d), range %p+%lu (want %p+%lu)",
	       checked ? "" : "__", put ? "put" : "get", size,
	       (long)(p - (user + HOLE * page)), r, want, kuap.allows - a0,
	       kuap.dirs, want_dir, KPTR(kuap.addr), kuap.n, (void *)p, size);
}

/* Every size, both directions, checked and not, around the hole. */
static void scalars(void)
{
	unsigned char *hole = user + HOLE * page;
	unsigned long start0 = uaccess_user_start, end0 = uaccess_user_end;

	t_group_begin("KUAP: get_user / put_user, the window of each");
	for (unsigned long size = 1; size <= 8; size *= 2)
		for (int put = 0; put < 2; put++)
			for (int checked = 0; checked < 2; checked++) {
				/* Aligned and not, whole, straddling, in it. */
				scalar_one(size, put, checked, user + 64, 0, false);
				scalar_one(size, put, checked, user + 65, 0, false);
				scalar_one(size, put, checked, hole - size, 0, false);
				if (size > 1)
					scalar_one(size, put, checked, hole - size / 2,
						   -UACCESS_EFAULT, false);
				scalar_one(size, put, checked, hole, -UACCESS_EFAULT, false);
			}
	uaccess_set_user_range(page, (unsigned long)user + page);
	for (unsigned long size = 1; size <= 8; size *= 2)
		for (int put = 0; put < 2; put++)
			scalar_one(size, put, true, user + page, -UACCESS_EFAULT, true);
	uaccess_set_user_range(start0, end0);
	t_group_end();
}

/*
 * The calls that only read (strings, check_zeroed_user,
 * copy_struct_from_user) open read windows only, on success, on a fault
 * and after an early answer. They are out of line: their windows reach
 * the hooks of the library's build, which only the bare-metal kernels'
 * are (examples/ARCH/uaccess/kuap.h, built with KUAP_CHAIN_TEST_HOOKS for
 * this file: its KUAP_COUNT is the kernel's counts, whose dirs collect
 * every window's direction); this file's hooks see inline calls only.
 */
static void read_calls(unsigned char *kbuf)
{
#ifdef KUAP_CHAIN_TEST_HOOKS
	unsigned char *hole = user + HOLE * page;
	unsigned long a0, m0;
	long r;

	t_group_begin("KUAP: the calls that only read open read windows");
	set_pages(user, 2 * page, PLAT_RW);
	plat_user_begin();
	memcpy(user + 100, "hello", 6);
	memset(hole - 16, 'x', 16);
	memset(user + 200, 0, 64);
	user[230] = 1;
	plat_user_end();
#define READ_CALL(call, want, what) do {				\
	a0 = KUAP_COUNT.allows, m0 = KUAP_COUNT.misuse;			\
	KUAP_COUNT.dirs = 0;						\
	r = (call);							\
	t_case(r == (want) && !KUAP_COUNT.open &&			\
	       KUAP_COUNT.misuse == m0 && KUAP_COUNT.allows - a0 >= 1 &&	\
	       KUAP_COUNT.dirs == UACCESS_KUAP_READ,			\
	       "%s: returned %ld (want %ld), %lu windows, dirs %d (want " \
	       "read only)", what, r, (long)(want),			\
	       KUAP_COUNT.allows - a0, KUAP_COUNT.dirs);		\
} while (0)
	READ_CALL(strnlen_user(UPTR(user + 100), 64), 6, "strnlen_user");
	READ_CALL(strnlen_user(UPTR(hole - 16), 64), 0,
		  "strnlen_user into the hole");
	READ_CALL(strncpy_from_user((char *)kbuf, UPTR(user + 100), 64), 5,
		  "strncpy_from_user");
	READ_CALL(strncpy_from_user((char *)kbuf, UPTR(hole - 16), 64),
		  -UACCESS_EFAULT, "strncpy_from_user into the hole");
	READ_CALL(check_zeroed_user(UPTR(user + 200), 64), 0,
		  "check_zeroed_user, a nonzero byte (early answer)");
	READ_CALL(check_zeroed_user(UPTR(user + 200), 30), 1,
		  "check_zeroed_user, all zero");
	READ_CALL(check_zeroed_user(UPTR(hole), 16), -UACCESS_EFAULT,
		  "check_zeroed_user into the hole");
	READ_CALL(copy_struct_from_user(kbuf, 16, UPTR(user + 200), 24), 0,
		  "copy_struct_from_user, a longer zero tail");
	READ_CALL(copy_struct_from_user(kbuf, 16, UPTR(user + 200), 64),
		  -UACCESS_E2BIG, "copy_struct_from_user, a nonzero tail");
	READ_CALL(copy_struct_from_user(kbuf, 16, UPTR(hole - 8), 16),
		  -UACCESS_EFAULT, "copy_struct_from_user into the hole");
#undef READ_CALL
	set_pages(user, 2 * page, PLAT_NONE);
	t_group_end();
#else
	(void)kbuf;
	plat_printf("# KUAP read windows of the out-of-line calls: checked by "
		    "the bare-metal kernels, whose hooks the library is built with\n");
#endif
}

void test_kuap(void)
{
	static const unsigned long sizes[] = {
		0, 1, 3, 4, 7, 31, 64, 65, 127, 300, 1000, 4096 + 13,
	};
	static const unsigned long offs[] = { 0, 1, 5, 32, 63, 200, 4095 };
	unsigned long start0 = uaccess_user_start, end0 = uaccess_user_end;
	unsigned char *kbuf;
	unsigned char *hole;
	/*
	 * No hardened check hook (a kernel may have one): with one, a copy to
	 * or from an object of unknown size goes through the library's slow
	 * path, whose window hooks are the library's, not this file's.
	 */
	uaccess_usercopy_check_t *hook = uaccess_set_usercopy_check(NULL);

	page = plat_page_size();
	user = plat_alloc_pages(PAGES);
	kbuf = plat_alloc_kernel_pages(3);
	hole = user + HOLE * page;
	memset(kbuf, 0x5a, 3 * page);
	plat_protect(user, PAGES, PLAT_NONE);

	windows(kbuf);
	scalars();
	read_calls(kbuf);
	for (size_t o = 0; o < sizeof(ops) / sizeof(ops[0]); o++) {
		t_group_begin("%s %s KUAP window around every call",
			      uaccess_strategy_name(), ops[o].name);
		for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
			unsigned long n = sizes[s];

			/* Far from the hole; ending at or in it; starting in it. */
			one(o, user + 8, n, kbuf, false);
			for (size_t i = 0; i < sizeof(offs) / sizeof(offs[0]); i++)
				one(o, hole - offs[i], n, kbuf, false);
			one(o, hole + page - 1, n, kbuf, false);
			one(o, hole + 7, n, kbuf, false);
		}
		/* Refused by access_ok: no window at all. */
		uaccess_set_user_range(page, (unsigned long)user + page);
		for (size_t s = 1; s < sizeof(sizes) / sizeof(sizes[0]); s++)
			if (ops[o].checked)
				one(o, user + page, sizes[s], kbuf, true);
		uaccess_set_user_range(start0, end0);
		t_group_end();
	}
	uaccess_set_usercopy_check(hook);
}

#endif /* UACCESS_KUAP_HOOKS_H */
