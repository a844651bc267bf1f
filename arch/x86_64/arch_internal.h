/* SPDX-License-Identifier: MIT */
/* Between the x86-64 files of the library and their tests; not for kernels. */
#ifndef UACCESS_X86_64_INTERNAL_H
#define UACCESS_X86_64_INTERNAL_H

#include <stdint.h>
#include <uaccess/alternative.h>

/*
 * What a patching pass did, zeroed before it:
 *  - won[what], per named choice (UACCESS_ALT_*): 1 + the code written at
 *    every site of that name (0 the original, then the replacements in
 *    their order), 0 if no site has the name, ALT_MIXED if the sites
 *    differ (one was refused), for uaccess_strategy_name();
 *  - error: the first refusal, in words, for uaccess_init_error().
 */
#define ALT_MIXED 0xff
struct uaccess_patch_report {
	uint8_t won[UACCESS_ALT_NAMES];
	char error[80];
};

/*
 * Record "TABLE site 0xSITE: WHY" in report unless a refusal is there
 * already. Inline here, not a library function of its own: the files that
 * patch (alternative.c, arch_user_range.c) and the tests share it without one
 * more symbol to export.
 */
static inline void _uaccess_report_refusal(struct uaccess_patch_report *report,
					   const char *table, uintptr_t site,
					   const char *why)
{
	char *p = report->error, *end = report->error + sizeof(report->error) - 1;
	char hex[2 * sizeof(site)];
	int n = 0;

	if (*p)
		return;
	do {
		hex[n++] = "0123456789abcdef"[site & 15];
		site >>= 4;
	} while (site);
	while (*table && p < end)
		*p++ = *table++;
	for (const char *s = " site 0x"; *s && p < end; s++)
		*p++ = *s;
	while (n && p < end)
		*p++ = hex[--n];
	for (const char *s = ": "; *s && p < end; s++)
		*p++ = *s;
	while (*why && p < end)
		*p++ = *why++;
	*p = 0;
}

/*
 * alternative.c: patch every site of the entries [start, stop) for this
 * feature set; 0, or -1 if a site was refused (the first refusal goes into
 * report). The caller serializes (_uaccess_serialize()) once all code is
 * written.
 */
int _uaccess_apply_alternatives(const struct uaccess_alt *start,
				const struct uaccess_alt *stop,
				unsigned long features,
				struct uaccess_patch_report *report);

/* alternative.c: the longest NOPs that fill p[0, len). */
void _uaccess_fill_nops(uint8_t *p, unsigned int len);

/* alternative.c: write code through the kernel's text-poke hook. */
void _uaccess_text_poke(void *dst, const void *src, unsigned long len);

/* alternative.c: wait until no stale instruction can run (cpuid). */
void _uaccess_serialize(void);

/*
 * An entry of the section uaccess_range: where a mask's 8-byte immediate
 * is, and which value of the range it holds.
 */
struct uaccess_range_imm {
	int32_t imm;	/* the 8-byte immediate - &imm */
	int32_t kind;	/* UACCESS_RANGE_IMM_*, or -1: no immediate */
};

/*
 * arch_user_range.c: write the current user range into the immediates of the
 * entries [start, stop) (the image's or a module's); 0, or -1 if one was
 * refused (the first refusal goes into report). The caller serializes.
 */
int _uaccess_range_patch(const struct uaccess_range_imm *start,
			 const struct uaccess_range_imm *stop,
			 struct uaccess_patch_report *report);

/*
 * arch_user_range.c: the same for the image's immediates, from uaccess_init();
 * from then on every uaccess_set_user_range() rewrites them, and those of
 * the registered modules.
 */
int _uaccess_arch_user_range_init(struct uaccess_patch_report *report);

/*
 * cpu_features.c: the CPUID words uaccess_cpu_features() reads, and the
 * feature set they make, the per-CPU table's choices included. Apart so
 * that the tests can hand it any CPU's values.
 */
struct uaccess_x86_cpuid {
	uint32_t max_leaf;	/* leaf 0: eax */
	uint32_t vendor[3];	/* leaf 0: ebx, edx, ecx ("Genu" "ineI" "ntel") */
	uint32_t leaf1_eax;	/* family, model, stepping */
	uint32_t leaf7_ebx, leaf7_edx;	/* leaf 7.0 */
};
unsigned long _uaccess_x86_features(const struct uaccess_x86_cpuid *id);

#endif
