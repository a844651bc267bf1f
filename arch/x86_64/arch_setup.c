// SPDX-License-Identifier: MIT
/*
 * uaccess_init() for x86-64: patch the alternatives and the user-range
 * immediates for the feature set, the image's and every registered
 * module's; remember, in words, what was written at the sites and what was
 * refused. A module registered later gets the same feature set and the
 * same code path, on its own tables.
 */
#include <uaccess.h>
#include "internal.h"
#include "arch_internal.h"

extern struct uaccess_alt __start_uaccess_altinstr[];
extern struct uaccess_alt __stop_uaccess_altinstr[];

/*
 * The words for the code of each named choice: the original, then the
 * replacements in the order of the site's ALTERNATIVE or ALTERNATIVE_2 in
 * clear_user.S and copy_user.S. Arrays, not
 * pointers: a table of pointers in position-independent code needs
 * load-time relocations (.data.rel.ro), a table of text does not.
 */
static const struct {
	char label[16];
	char word[3][9];
} names[UACCESS_ALT_NAMES] = {
	[UACCESS_ALT_BULK] = { "bulk=", { "loop", "repq", "rep" } },
	[UACCESS_ALT_CLEAR_LATE] = { ", clear bulk>=",
				     { _UACCESS_S(UACCESS_CLEAR_BULK),
				       _UACCESS_S(UACCESS_CLEAR_BULK_LATE) } },
};

static struct uaccess_patch_report last;	/* of the last init or registration */
static char strategy[96];			/* "" until uaccess_init() */
static unsigned long chosen;			/* the last init's feature set */

/* Append s at *p, staying inside strategy[]. */
static void put(char **p, const char *s)
{
	while (*s && *p < strategy + sizeof(strategy) - 1)
		*(*p)++ = *s++;
	**p = 0;
}

/* The current privilege level: the low two bits of %cs. */
static unsigned int cpl(void)
{
	unsigned short cs;

	__asm__("mov %%cs, %0" : "=r"(cs));
	return cs & 3;
}

/* A module's alternatives and range immediates, for the chosen set. */
static void patch_module(const struct uaccess_module *m,
			 struct uaccess_patch_report *report)
{
	_uaccess_apply_alternatives(m->altinstr_start, m->altinstr_stop, chosen,
				    report);
	_uaccess_range_patch(m->range_start, m->range_stop, report);
}

/* The refusal the report of the last init or registration holds, or NULL. */
static const char *refusal(void)
{
	return last.error[0] ? last.error : NULL;
}

const char *_uaccess_arch_setup(unsigned long features)
{
	struct uaccess_patch_report zero = { { 0 }, "" };
	char *p = strategy;

	/*
	 * stac and clac are #UD outside ring 0, SMAP or not: at CPL 3 (a
	 * hosted unit test, a library OS) there is no SMAP to open, so the
	 * window stays a NOP whatever the caller asked for. Here and not in
	 * uaccess_cpu_features(): both uaccess_init() and an explicit
	 * uaccess_init_features(... | UACCESS_FEAT_SMAP) come through this
	 * one place, and uaccess_cpu_features() stays what CPUID says.
	 */
	if (cpl() == 3)
		features &= ~UACCESS_FEAT_SMAP;
	last = zero;
	chosen = features;
	/* A site that is refused is named in the report (refusal()). */
	_uaccess_apply_alternatives(__start_uaccess_altinstr,
				    __stop_uaccess_altinstr, features, &last);
	_uaccess_arch_user_range_init(&last);
	/* A kernel that masks a feature late must not keep it in a module. */
	for (const struct uaccess_module *m = _uaccess_modules; m; m = m->next)
		patch_module(m, &last);
	_uaccess_serialize();	/* once, after all the code is written */

	for (unsigned int i = 0; i < UACCESS_ALT_NAMES; i++) {
		unsigned int won = last.won[i];
		const char *word = "mixed";

		if (!names[i].label[0])
			continue;
		if (!won)
			word = "no site";
		else if (won <= 3 && names[i].word[won - 1][0])
			word = names[i].word[won - 1];
		put(&p, names[i].label);
		put(&p, word);
	}
	return refusal();
}

/* Whole entries of size `size` in [start, stop), or none (NULL, NULL)? */
static int whole(const void *start, const void *stop, unsigned long size)
{
	unsigned long a = (unsigned long)start, b = (unsigned long)stop;

	return b >= a && a % 4 == 0 && (b - a) % size == 0 && (a || !b);
}

const char *_uaccess_arch_module(struct uaccess_module *m)
{
	struct uaccess_patch_report zero = { { 0 }, "" };

	last = zero;
	if (!whole(m->altinstr_start, m->altinstr_stop, sizeof(struct uaccess_alt)))
		return "module: altinstr bounds are not whole entries";
	if (!whole(m->range_start, m->range_stop, sizeof(struct uaccess_range_imm)))
		return "module: range bounds are not whole entries";
	patch_module(m, &last);
	_uaccess_serialize();
	return refusal();
}

const char *_uaccess_arch_strategy(void)
{
	return strategy[0] ? strategy : "unpatched";
}
