// SPDX-License-Identifier: MIT
/*
 * The untag step of the seam (<uaccess/generic.h>), filled the way an
 * architecture with tagged user pointers fills it: on a 64-bit word this
 * file's step clears the top byte of an address, as AArch64's
 * top-byte-ignore does (on a 32-bit word, whose user range may span the
 * top byte, it is the address itself). access_ok() and the portable mask
 * must then judge the untagged address and hand back the pointer as
 * given. Every architecture runs this, so the shared code is tested on
 * each; the default step (the address itself) is tested too.
 */
static inline unsigned long test_untag_top_byte(unsigned long a);
#define _uaccess_arch_untag_addr test_untag_top_byte
#include <uaccess.h>
#include "suite.h"

#define TAG_SHIFT (8 * sizeof(unsigned long) - 8)
#define TAG(a, t) ((a) | ((unsigned long)(t) << TAG_SHIFT))
#define TAGGED (sizeof(unsigned long) == 8)

static inline unsigned long test_untag_top_byte(unsigned long a)
{
	return TAGGED ? a & ~TAG(0UL, 0xff) : a;
}

static bool ok(unsigned long a, unsigned long n)
{
	return uaccess_access_ok((const void __user *)a, n);
}

/* The portable mask, on a range below the top byte of either word size. */
static void test_untag_mask(void)
{
	unsigned long start = 0x10000, end = 0x00fff000, u = start + 4096;
	unsigned long want = TAGGED ? TAG(u, 0xfe) : 0;

	t_case(_uaccess_generic_mask_addr(TAG(u, 0xfe), start, end) == want,
	       "mask(%#lx) = %#lx, want %#lx", TAG(u, 0xfe),
	       _uaccess_generic_mask_addr(TAG(u, 0xfe), start, end), want);
	t_case(_uaccess_generic_mask_addr(TAG(end, 0xfe), start, end) == 0 &&
	       _uaccess_generic_mask_addr(TAG(start - 1, 0x5a), start, end) == 0,
	       "mask() kept a tagged address outside the range");
}

/*
 * access_ok(), on this platform's range. A 64-bit range leaves the top
 * byte free, as tagged pointers need; a 32-bit one may span it (3 GiB of
 * user space), so there only untagged addresses are checked.
 */
static void test_untag_access_ok(void)
{
	unsigned long start = uaccess_user_start, end = uaccess_user_end;
	unsigned long u = start + 4096, tagged = TAG(u, 0xfe), past = TAG(end, 0xfe);

	t_case(start + 3 * 4096 < end, "premise: user range [%#lx, %#lx) too small", start, end);
	if (!TAGGED) {
		t_case(ok(u, 16) && !ok(end, 1) && ok(u, end - u) && !ok(u, end - u + 1),
		       "access_ok() misjudged [%#lx, %#lx)", start, end);
		return;
	}
	/* The premise: the tag alone takes the pointer out of the range. */
	t_case(test_untag_top_byte(u) == u && tagged >= end && test_untag_top_byte(end) == end,
	       "premise: user range [%#lx, %#lx) reaches the tag byte", start, end);
	t_case(ok(tagged, 16), "access_ok(%#lx, 16) refused a tagged user pointer", tagged);
	t_case(ok(tagged, end - u) && !ok(tagged, end - u + 1),
	       "access_ok(%#lx, ...) misjudged the end of the range", tagged);
	t_case(!ok(past, 1) && !ok(TAG(start - 1, 0x01), 1),
	       "access_ok() took a tagged address outside the range");
}

void test_untag(void)
{
	unsigned long u = 0x12345678;

	t_group_begin("untag: the default step is the address itself");
	t_case(_uaccess_generic_untag_addr(u) == u &&
	       _uaccess_generic_untag_addr(TAG(u, 0xfe)) == TAG(u, 0xfe) &&
	       _uaccess_generic_untag_addr(~0UL) == ~0UL,
	       "_uaccess_generic_untag_addr changed an address");
	t_group_end();

	t_group_begin("untag: access_ok() and the mask see the untagged address");
	test_untag_mask();
	test_untag_access_ok();
	t_group_end();
}
