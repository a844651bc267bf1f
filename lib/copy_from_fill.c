// SPDX-License-Identifier: MIT
/*
 * _uaccess_copy_from_fill(): copy_from_user's copy, window included, and
 * its zero fill in one call (<uaccess/generic.h>'s default, out of line),
 * which the inline copy_from_user of an architecture that names it
 * reaches with a tail call: the zero fill after a short copy would
 * otherwise cost every caller a stack frame.
 */
#include <uaccess.h>

unsigned long _uaccess_copy_from_fill(void *to, const void __user *from,
				      unsigned long n)
{
	return _uaccess_generic_copy_from_fill(to, from, n);
}
