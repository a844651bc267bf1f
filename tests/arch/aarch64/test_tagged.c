// SPDX-License-Identifier: MIT
/*
 * Tagged user pointers through the architecture's own untag step
 * (test_untag.c replaces it with one of its own). With top-byte-ignore,
 * on for Linux user space, the CPU translates a data address without
 * bits 63..56, so a pointer with a tag there reaches the same memory:
 * access_ok() and the mask must judge it by the address sign-extended
 * from bit 55 and hand the pointer on as given, every call must work
 * through it, and a fault behind it must stop the count at the same
 * byte. With bit 55 set it is a kernel address, whatever its tag.
 */
#include <stdint.h>
#include <string.h>
#include <uaccess.h>
#include "harness.h"
#include "platform.h"
#include "test_arch.h"

#define TAG(p, t) ((unsigned long)(p) | (unsigned long)(t) << 56)

static void fill(unsigned char *p, size_t n)
{
	plat_user_begin();
	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned char)(i * 7 + 1);
	plat_user_end();
}

static bool is_fill(const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != (unsigned char)(i * 7 + 1))
			return false;
	return true;
}

/*
 * The other families through the tagged pointer u to the page p: strings,
 * check_zeroed_user, copy_struct_from_user, the futex atomics, a window.
 */
static void tagged_families(unsigned char *p, unsigned char *u)
{
	struct { uint32_t a, b; } st = { 0, 0 };
	unsigned int old = 0, cur = 0;
	uint32_t x = 0;
	char name[16];
	bool ok;

	plat_user_begin();
	memcpy(p + 100, "tagged\0", 7);
	memset(p + 200, 0, 32);
	memcpy(p + 240, "\x01\0\0\0\x02\0\0\0\0\0\0\0", 12);
	*(uint32_t *)(p + 300) = 7;
	plat_user_end();
	t_case(strnlen_user(UPTR(u + 100), 64) == 7,
	       "strnlen_user through %p: %ld, want 7", (void *)(u + 100),
	       strnlen_user(UPTR(u + 100), 64));
	t_case(strncpy_from_user(name, UPTR(u + 100), sizeof(name)) == 6 &&
	       !strcmp(name, "tagged"), "strncpy_from_user through %p", (void *)(u + 100));
	t_case(check_zeroed_user(UPTR(u + 200), 32) == 1 &&
	       check_zeroed_user(UPTR(u + 240), 8) == 0,
	       "check_zeroed_user through %p", (void *)(u + 200));
	t_case(copy_struct_from_user(&st, sizeof(st), UPTR(u + 240), 12) == 0 &&
	       st.a == 1 && st.b == 2, "copy_struct_from_user through %p", (void *)(u + 240));
	ok = uaccess_futex_op(UACCESS_FUTEX_OP_ADD, 5, &old, UPTR(u + 300)) == 0 &&
	     uaccess_futex_cmpxchg(&cur, UPTR(u + 300), 12, 20) == 0;
	plat_user_begin();
	ok = ok && old == 7 && cur == 12 && *(uint32_t *)(p + 300) == 20;
	plat_user_end();
	t_case(ok, "futex op and cmpxchg through %p", (void *)(u + 300));
	ok = false;
	if (user_access_begin(UPTR(u + 300), 8)) {
		unsafe_put_user(0x55667788u, (uint32_t __user *)(u + 304), out);
		unsafe_get_user(x, (uint32_t __user *)(u + 304), out);
		ok = x == 0x55667788u;
out:
		user_access_end();
	}
	t_case(ok, "user_access_begin, unsafe_put_user, unsafe_get_user through %p",
	       (void *)(u + 300));
}

void test_a64_tagged(void)
{
	size_t page = plat_page_size();
	unsigned char *p = plat_alloc_pages(2);
	unsigned char *u = (unsigned char *)TAG(p, 0x5a);
	unsigned char *guard = u + page;	/* tagged, to PROT_NONE */
	unsigned char k[64];
	uint32_t x = 0;
	bool ok;

	plat_protect(p + page, 1, PLAT_NONE);
	t_group_begin("tagged user pointers");
	t_case(access_ok(UPTR(u), page) && access_ok(UPTR(TAG(p, 0xff)), 1),
	       "access_ok refused the tagged user pointer %p", (void *)u);
	t_case(KPTR(uaccess_mask_ptr(UPTR(u))) == u &&
	       KPTR(uaccess_mask_ptr(UPTR(guard - 1))) == guard - 1,
	       "uaccess_mask_ptr(%p) = %p: not the pointer as given",
	       (void *)u, KPTR(uaccess_mask_ptr(UPTR(u))));
	t_case(!access_ok(UPTR(TAG(p, 0x5a) | 1UL << 55), 1) &&
	       !access_ok(UPTR(TAG(p, 0) | 1UL << 55), 1),
	       "access_ok took %#lx, bit 55 set: a kernel address",
	       TAG(p, 0x5a) | 1UL << 55);

	fill(k, sizeof(k));
	ok = copy_to_user(UPTR(u + 8), k, sizeof(k)) == 0;
	plat_user_begin();
	ok = ok && is_fill(p + 8, sizeof(k));
	plat_user_end();
	t_case(ok, "copy_to_user through %p", (void *)(u + 8));
	fill(p + 16, sizeof(k));
	memset(k, 0, sizeof(k));
	t_case(copy_from_user(k, UPTR(u + 16), sizeof(k)) == 0 &&
	       is_fill(k, sizeof(k)), "copy_from_user through %p", (void *)(u + 16));
	ok = clear_user(UPTR(u + 8), sizeof(k)) == 0;
	plat_user_begin();
	ok = ok && t_first_not(p + 8, sizeof(k), 0) == sizeof(k);
	plat_user_end();
	t_case(ok, "clear_user through %p", (void *)(u + 8));
	ok = put_user(0x11223344u, (uint32_t __user *)(u + 4)) == 0 &&
	     get_user(x, (uint32_t __user *)(u + 4)) == 0;
	t_case(ok && x == 0x11223344u, "put_user, get_user through %p: %#x",
	       (void *)(u + 4), (unsigned int)x);

	tagged_families(p, u);

	/* The page behind the tagged pointer faults: the count stops there. */
	fill(k, sizeof(k));
	t_case(copy_to_user(UPTR(guard - 8), k, 16) == 8,
	       "copy_to_user across %p: not 8 left", (void *)guard);
	memset(k, 0x5c, sizeof(k));
	t_case(copy_from_user(k, UPTR(guard - 8), 16) == 8 &&
	       is_fill(k, 8) && t_first_not(k + 8, 8, 0) == 8,
	       "copy_from_user across %p: not 8 left, or the tail not zeroed",
	       (void *)guard);
	t_case(clear_user(UPTR(guard - 8), 16) == 8,
	       "clear_user across %p: not 8 left", (void *)guard);
	x = 1;
	t_case(get_user(x, (uint32_t __user *)guard) == -UACCESS_EFAULT && x == 0,
	       "get_user at %p: not -EFAULT with 0", (void *)guard);
	plat_user_begin();
	memcpy(guard - 4, "abcd", 4);	/* no NUL before the guard */
	plat_user_end();
	t_case(strnlen_user(UPTR(guard - 4), 64) == 0,
	       "strnlen_user into %p: not 0 (a fault)", (void *)guard);
	t_case(strncpy_from_user((char *)k, UPTR(guard - 4), 64) == -UACCESS_EFAULT,
	       "strncpy_from_user into %p: not -EFAULT", (void *)guard);
	t_group_end();
}
