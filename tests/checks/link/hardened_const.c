// SPDX-License-Identifier: MIT
/*
 * The hardened copies' compile-time side, for tests/checks/build-checks.sh:
 * built with and without UACCESS_HARDENED, the in-bounds constant copies
 * below must compile to the same code (their check folds away); built
 * with -DOVERFLOW=N, call N copies one byte more than its object holds,
 * which must fail to build with an error naming the call.
 */
#include <uaccess.h>

struct req {
	unsigned int op, flags;
	unsigned long arg[4];
};

long hardened_const_from(const void __user *u);
long hardened_const_from(const void __user *u)
{
	struct req r;

	if (copy_from_user(&r, u, sizeof(r)))
		return -UACCESS_EFAULT;
	return (long)(r.op + r.arg[3]);
}

long hardened_const_to(void __user *u, unsigned int op);
long hardened_const_to(void __user *u, unsigned int op)
{
	struct req r = { .op = op };

	return copy_to_user(u, &r, sizeof(r)) ? -UACCESS_EFAULT : 0;
}

#ifdef OVERFLOW
long hardened_const_overflow(void __user *u);
long hardened_const_overflow(void __user *u)
{
	struct req r = { .op = 1 };

#if OVERFLOW == 1
	if (copy_from_user(&r, u, sizeof(r) + 1))
#elif OVERFLOW == 2
	if (copy_from_user_nozero(&r, u, sizeof(r) + 1))
#elif OVERFLOW == 3
	if (copy_to_user(u, &r, sizeof(r) + 1))
#else
	if (copy_struct_from_user(&r, sizeof(r) + 1, u, 8))
#endif
		return -UACCESS_EFAULT;
	return r.op;
}
#endif
