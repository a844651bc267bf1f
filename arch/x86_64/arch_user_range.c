// SPDX-License-Identifier: MIT
/*
 * The user range as immediates in the code: every inline range check and
 * mask (<uaccess/arch.h>) holds -start and a span in two movabs
 * instructions, each listed in the section uaccess_range: end - start, or
 * for the copies _uaccess_limits.copy_span (0 while a usercopy check hook
 * is set). This file writes them: at uaccess_init(), and at every
 * uaccess_set_user_range() and uaccess_set_usercopy_check() after it
 * (before it, the text-poke hook may not be ready, and init writes them
 * anyway); a module's at its registration and at every later such call,
 * through the same function. Like the
 * alternatives, a site is checked before it is written: the 8 bytes must
 * follow a movabs opcode (REX.W, then B8+r), or the site is left alone,
 * the call returns -1 and the report says which.
 */
#include <stdint.h>
#include <uaccess.h>
#include "internal.h"
#include "arch_internal.h"

extern struct uaccess_range_imm __start_uaccess_range[];
extern struct uaccess_range_imm __stop_uaccess_range[];

/*
 * One entry of no kind, so that the section, and the __start_/__stop_
 * symbols the linker makes for it, exist even in a kernel that never calls
 * a checked routine (tests/checks/link/unchecked_main.c).
 */
#define RANGE_IMM_NONE (-1)
__asm__(".pushsection uaccess_range, \"a\"\n\t"
	".balign 4\n\t"
	".long 0, -1\n\t"
	".popsection");

static int written;	/* the immediates have been written once */

int _uaccess_range_patch(const struct uaccess_range_imm *start,
			 const struct uaccess_range_imm *stop,
			 struct uaccess_patch_report *report)
{
	const unsigned long value[] = {
		[UACCESS_RANGE_IMM_MINUS_START] = -uaccess_user_start,
		[UACCESS_RANGE_IMM_SPAN] = uaccess_user_end - uaccess_user_start,
		[UACCESS_RANGE_IMM_COPY_SPAN] =
			__atomic_load_n(&_uaccess_limits.copy_span, __ATOMIC_RELAXED),
	};
	int ret = 0;

	for (const struct uaccess_range_imm *r = start; r < stop; r++) {
		uint8_t *imm = (uint8_t *)&r->imm + r->imm;
		const uint8_t *b;
		int same = 1;

		if (r->kind == RANGE_IMM_NONE)
			continue;
		if (r->kind < 0 || r->kind >= (int)(sizeof(value) / sizeof(value[0]))) {
			_uaccess_report_refusal(report, "range immediate",
						(uintptr_t)imm, "unknown kind");
			ret = -1;
			continue;
		}
		b = (const uint8_t *)&value[r->kind];
		if ((imm[-2] & 0xf8) != 0x48 || (imm[-1] & 0xf8) != 0xb8) {
			_uaccess_report_refusal(report, "range immediate",
						(uintptr_t)imm, "not the immediate of a movabs");
			ret = -1;
			continue;
		}
		for (int i = 0; i < 8; i++)
			same &= imm[i] == b[i];
		if (!same)
			_uaccess_text_poke(imm, b, 8);
	}
	return ret;
}

int _uaccess_arch_user_range_init(struct uaccess_patch_report *report)
{
	written = 1;
	return _uaccess_range_patch(__start_uaccess_range, __stop_uaccess_range,
				    report);
}

void _uaccess_arch_user_range(unsigned long start, unsigned long end)
{
	(void)start, (void)end;	/* uaccess_user_start / _end hold them */
	if (written) {
		/* uaccess_init() and the registrations reported any site
		 * refused here already. */
		struct uaccess_patch_report ignored = { { 0 }, "" };

		_uaccess_range_patch(__start_uaccess_range,
				     __stop_uaccess_range, &ignored);
		for (const struct uaccess_module *m = _uaccess_modules; m;
		     m = m->next)
			_uaccess_range_patch(m->range_start, m->range_stop,
					     &ignored);
		_uaccess_serialize();
	}
}
