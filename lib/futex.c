// SPDX-License-Identifier: MIT
/*
 * The futex atomics (contract in <uaccess.h>): the checks, the mask and
 * the window here, the one atomic instruction sequence in the
 * architecture's _uaccess_arch_futex_cmpxchg() (<uaccess/generic.h>
 * says what it must do). Every operation is a compare-and-exchange loop
 * over that one sequence, so a port writes a single atomic, whose
 * store-permission rule then holds for every operation too.
 */
#include <uaccess.h>

_Static_assert(sizeof(unsigned int) == 4, "the futex word is 32 bits");

/* The checks every call makes before touching the word; 0 to go on. */
static int futex_check(const unsigned int __user *uaddr)
{
	if (_uaccess_arch_untag_addr((__force unsigned long)uaddr) & 3)
		return -UACCESS_EINVAL;
	if (!uaccess_access_ok(uaddr, sizeof(*uaddr)))
		return -UACCESS_EFAULT;
	return 0;
}

int uaccess_futex_cmpxchg(unsigned int *cur, unsigned int __user *uaddr,
			  unsigned int oldval, unsigned int newval)
{
	unsigned int v;
	int err = futex_check(uaddr);

	if (err)
		return err;
	uaddr = uaccess_mask_ptr(uaddr);
	_uaccess_arch_user_open(uaddr, sizeof(*uaddr), UACCESS_READ | UACCESS_WRITE);
	err = _uaccess_arch_futex_cmpxchg(&v, uaddr, oldval, newval);
	_uaccess_arch_user_close(uaddr, sizeof(*uaddr), UACCESS_READ | UACCESS_WRITE);
	if (!err)
		*cur = v;
	return err;
}

int uaccess_futex_op(int op, unsigned int arg, unsigned int *old,
		     unsigned int __user *uaddr)
{
	unsigned long long first;
	unsigned int w, seen, next;
	int err;

	if (op < UACCESS_FUTEX_OP_SET || op > UACCESS_FUTEX_OP_XOR)
		return -UACCESS_ENOSYS;
	err = futex_check(uaddr);
	if (err)
		return err;
	uaddr = uaccess_mask_ptr(uaddr);
	_uaccess_arch_user_open(uaddr, sizeof(*uaddr), UACCESS_READ | UACCESS_WRITE);
	err = _uaccess_arch_get_unsafe(&first, uaddr, sizeof(*uaddr));
	w = (unsigned int)first;
	while (!err) {
		switch (op) {
		case UACCESS_FUTEX_OP_SET: next = arg; break;
		case UACCESS_FUTEX_OP_ADD: next = w + arg; break;
		case UACCESS_FUTEX_OP_OR: next = w | arg; break;
		case UACCESS_FUTEX_OP_ANDN: next = w & ~arg; break;
		default: next = w ^ arg; break;
		}
		err = _uaccess_arch_futex_cmpxchg(&seen, uaddr, w, next);
		if (err || seen == w)
			break;
		w = seen;	/* another CPU changed it: again from its value */
	}
	_uaccess_arch_user_close(uaddr, sizeof(*uaddr), UACCESS_READ | UACCESS_WRITE);
	if (!err)
		*old = w;
	return err;
}
