// SPDX-License-Identifier: MIT
/*
 * strncpy_from_user(dst, src, count): the contract is in <uaccess.h>.
 *
 * Word at a time: the user string is read in aligned words only, so every
 * load lies inside one page. A load that faults therefore means that every
 * byte of its word is inaccessible, and all bytes before it were read: the
 * result stays exact. The first word may hold bytes before src (same page,
 * safe to read); they are filled with 0xff so they never count as the NUL.
 * Bytes of the last word at or past src + max are read (same page again)
 * but ignored: a NUL found there does not count.
 *
 * dst gets whole (possibly unaligned) word stores only for words that lie
 * entirely before the NUL and inside the range; the first and last words
 * go byte by byte, so nothing at or past dst[count] is written, nor
 * anything after the NUL.
 *
 * Speculation (Spectre v1): the loads use src passed through
 * uaccess_mask_ptr() after the range check, so a CPU that runs ahead of a
 * mispredicted check loads from a harmless address (the masked address
 * and the words after it: non-canonical or the bottom of user space),
 * never from a kernel address the caller chose; and the window is opened
 * without the barrier that user_access_begin() needs (it cannot rewrite
 * its caller's pointer). The barrier costs more than half of a whole call
 * for a short string, the mask a few integer instructions.
 */
#include <uaccess.h>
#include "word_at_a_time.h"

/* An unaligned word store into the kernel buffer. */
struct wat_unaligned {
	unsigned long v;
} __attribute__((packed, may_alias));

long uaccess_strncpy_from_user(char *dst, const char __user *src, long count)
{
	unsigned long a = (unsigned long)src, u, max, off, left, done = 0;
	const unsigned long __user *p;
	unsigned long long v;
	long res;

	if (count <= 0)
		return 0;
	/* The range judges the address the MMU sees (a tag untouched). */
	u = _uaccess_arch_untag_addr(a);
	if (u < uaccess_user_start || u >= uaccess_user_end)
		return -UACCESS_EFAULT;
	/* Only the part of the string below the user end is ever read. */
	max = uaccess_user_end - u;
	if (max > (unsigned long)count)
		max = (unsigned long)count;

	off = a % WAT_BYTES;
	/* Spectre v1: masked, not fenced (see the top of the file). */
	p = (const unsigned long __user *)
		((unsigned long)uaccess_mask_ptr(src) & ~(WAT_BYTES - 1));
	left = off + max;	/* range bytes from p on: cannot wrap, u + max <= end */
	/* The window covers the aligned words actually read. */
	_uaccess_read_window_open_masked(p, (left + WAT_BYTES - 1) & ~(WAT_BYTES - 1));
	if (_uaccess_arch_get_unsafe(&v, p, WAT_BYTES))
		goto efault;
	v = wat_fill_before((unsigned long)v, off);
	for (;;) {
		unsigned long w = (unsigned long)v;
		unsigned long end;
		bool nul = false;

		/*
		 * The common case first: a whole word of the string, no NUL
		 * in it and more range after it, stored whole once aligned.
		 */
		if (!wat_has_zero(w) && left > WAT_BYTES) {
			if (off == 0)
				((struct wat_unaligned *)(dst + done))->v = w;
			else
				for (unsigned long i = off; i < WAT_BYTES; i++)
					dst[done + i - off] = (char)wat_byte(w, i);
			done += WAT_BYTES - off;
			left -= WAT_BYTES;
			off = 0;
			p++;
			if (_uaccess_arch_get_unsafe(&v, p, WAT_BYTES))
				goto efault;
			continue;
		}
		/* The last word of the range, or one with a zero byte. */
		end = left < WAT_BYTES ? left : WAT_BYTES;

		if (wat_has_zero(w)) {
			unsigned long z = wat_first_zero(wat_zero_bits(w));

			/* cppcheck-suppress knownConditionTrueFalse ; end >= 1: left >= 1 here */
			if (z < end) {
				end = z + 1;	/* the NUL included */
				nul = true;
			}
		}
		if (off == 0 && end == WAT_BYTES)
			((struct wat_unaligned *)(dst + done))->v = w;
		else
			for (unsigned long i = off; i < end; i++)
				dst[done + i - off] = (char)wat_byte(w, i);
		done += end - off;
		if (nul) {
			res = (long)done - 1;
			break;
		}
		if (left <= WAT_BYTES) {
			/* No NUL before max: a full count, or the user end. */
			res = max < (unsigned long)count ? -UACCESS_EFAULT : count;
			break;
		}
		left -= WAT_BYTES;
		off = 0;
		p++;
		if (_uaccess_arch_get_unsafe(&v, p, WAT_BYTES))
			goto efault;
	}
	_uaccess_window_close_dir(UACCESS_READ);
	return res;
efault:
	_uaccess_window_close_dir(UACCESS_READ);
	return -UACCESS_EFAULT;
}
