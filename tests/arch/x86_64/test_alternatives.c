// SPDX-License-Identifier: MIT
/*
 * Alternatives: read every patch site back and check that it holds exactly
 * the code its feature set calls for, then NOPs; run a relocated call; and
 * patch the test's own sites (alt_sites.S), one per form the patcher
 * accepts or refuses, checking the bytes written, the relocated targets,
 * the refusals' messages, and that a refused site is left as it was.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <uaccess.h>
#include <uaccess/alternative.h>
#include "harness.h"
#include "platform.h"
#include "test_alt.h"
#include "test_arch.h"
#include "../../../arch/x86_64/arch_internal.h"

extern struct uaccess_alt __start_uaccess_altinstr[];
extern struct uaccess_alt __stop_uaccess_altinstr[];
extern const struct uaccess_alt test_alt_table[], test_alt_table_end[];
int test_alt_reloc(void);
extern uint8_t test_alt_never[], test_alt_target[];
extern uint8_t test_alt_call[], test_alt_jmp[], test_alt_call_then[],
	test_alt_rep_stosb[], test_alt_rep_movsb[], test_alt_stac[],
	test_alt_clac[], test_alt_nopl[], test_alt_nops[], test_alt_66call[],
	test_alt_66jmp[], test_alt_rel8[], test_alt_unknown[],
	test_alt_late_call[], test_alt_inside[], test_alt_long[],
	test_alt_rel8_inside[], test_alt_rel8_back[], test_alt_rel8_before[],
	test_alt_cut_off[];

/* Each site of the test's table: what its replacement must come to. */
static const struct form {
	const char *name;
	const uint8_t *site;
	const char *refused;	/* the reason, or NULL: accepted */
	int rel32_at;		/* a call/jmp to test_alt_target here, or -1 */
} forms[] = {
	{ "call rel32", test_alt_call, NULL, 0 },
	{ "jmp rel32", test_alt_jmp, NULL, 0 },
	{ "call, then rep stosb, rep movsb, stac, clac", test_alt_call_then, NULL, 0 },
	{ "stac, then call", test_alt_late_call, NULL, 3 },
	{ "jbe, call, jmp, rep stosb: rel8 inside", test_alt_rel8_inside, NULL, 2 },
	{ "rep stosb, jne back to it", test_alt_rel8_back, NULL, -1 },
	{ "rep stosb", test_alt_rep_stosb, NULL, -1 },
	{ "rep movsb", test_alt_rep_movsb, NULL, -1 },
	{ "stac", test_alt_stac, NULL, -1 },
	{ "clac", test_alt_clac, NULL, -1 },
	{ "nopl (%rax)", test_alt_nopl, NULL, -1 },
	{ "the NOPs of 1 to 8 bytes", test_alt_nops, NULL, -1 },
	{ "66 call", test_alt_66call, "66-prefixed call/jmp", -1 },
	{ "66 jmp", test_alt_66jmp, "66-prefixed call/jmp", -1 },
	{ "jmp rel8 past the end", test_alt_rel8, "rel8 jump out of the code (use jmp32)", -1 },
	{ "jne rel8 before the start", test_alt_rel8_before,
	  "rel8 jump out of the code (use jmp32)", -1 },
	{ "call cut off", test_alt_cut_off, "call/jmp cut off by the end of the code", -1 },
	{ "lfence", test_alt_unknown, "instruction not allowed in a site", -1 },
	{ "jmp32 into its own code", test_alt_inside, "rel32 target inside the code", -1 },
	{ "replacement longer than the site", test_alt_long, "code longer than the site", -1 },
};

/* The test's own list of single-instruction NOPs, 1 to 8 bytes. */
static const uint8_t nop_forms[9][8] = {
	{ 0 }, { 0x90 }, { 0x66, 0x90 }, { 0x0f, 0x1f, 0x00 },
	{ 0x0f, 0x1f, 0x40, 0x00 }, { 0x0f, 0x1f, 0x44, 0x00, 0x00 },
	{ 0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00 },
	{ 0x0f, 0x1f, 0x80, 0x00, 0x00, 0x00, 0x00 },
	{ 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00 },
};

static const uint8_t *at(const int32_t *field)
{
	return (const uint8_t *)((uintptr_t)field + (uintptr_t)(intptr_t)*field);
}

static int32_t rd32(const uint8_t *p)
{
	int32_t v;

	memcpy(&v, p, 4);
	return v;
}

/* Is p[0, len) made of long NOPs, as few as possible (8 bytes each)? */
static bool long_nops(const uint8_t *p, unsigned int len)
{
	while (len) {
		unsigned int k = len > 8 ? 8 : len;

		if (memcmp(p, nop_forms[k], k))
			return false;
		p += k;
		len -= k;
	}
	return true;
}

/*
 * Does the site hold code[0, len) moved to the site? Bytes must match,
 * except the 4 bytes after a call/jmp opcode (E8/E9), whose absolute
 * targets must match instead.
 */
static bool holds(const uint8_t *site, const uint8_t *code, unsigned int len)
{
	for (unsigned int i = 0; i < len; i++) {
		if ((code[i] == 0xe8 || code[i] == 0xe9) && site[i] == code[i] &&
		    i + 5 <= len &&
		    (uintptr_t)site + i + 5 + (uintptr_t)(intptr_t)rd32(site + i + 1) ==
		    (uintptr_t)code + i + 5 + (uintptr_t)(intptr_t)rd32(code + i + 1)) {
			i += 4;
			continue;
		}
		if (site[i] != code[i])
			return false;
	}
	return true;
}

/* The rel32 target of the call or jmp at p. */
static uintptr_t target_of(const uint8_t *p)
{
	return (uintptr_t)p + 5 + (uintptr_t)(intptr_t)rd32(p + 1);
}

/* The privilege level the suite runs at: the low two bits of %cs. */
static unsigned int test_cpl(void)
{
	unsigned short cs;

	__asm__("mov %%cs, %0" : "=r"(cs));
	return cs & 3;
}

/*
 * The features the library's sites were patched for: a set less SMAP at
 * CPL 3, where stac and clac are #UD (the library drops it itself).
 */
static unsigned long applied(unsigned long features)
{
	return test_cpl() == 3 ? features & ~UACCESS_FEAT_SMAP : features;
}

static const struct form *form_of(const uint8_t *site)
{
	for (size_t i = 0; i < sizeof(forms) / sizeof(forms[0]); i++)
		if (forms[i].site == site)
			return &forms[i];
	return NULL;
}

/* Patch one site of the test's table, entries [a, end), and judge it. */
static void test_alt_form(const struct uaccess_alt *a,
			  const struct uaccess_alt *end)
{
	const uint8_t *site = at(&a->site), *repl = at(&a->repl);
	const struct form *f = form_of(site);
	struct uaccess_patch_report report = { { 0 }, "" };
	uint8_t before[64];
	char want[128];
	int r;

	t_case(f != NULL, "site %p of the test table is not in forms[]",
	       (const void *)site);
	if (!f)
		return;
	t_case(a->site_len <= sizeof(before), "%s: site of %u bytes",
	       f->name, a->site_len);
	if (a->site_len > sizeof(before))
		return;
	/* The original first: the padding the assembler wrote becomes the
	 * patcher's long NOPs, what the site holds from then on. */
	r = _uaccess_apply_alternatives(a, end, 0, &report);
	t_case(r == 0, "%s: original refused (%s)", f->name, report.error);
	memcpy(before, site, a->site_len);
	r = _uaccess_apply_alternatives(a, end, 1UL << TEST_ALT_BIT, &report);
	if (f->refused) {
		snprintf(want, sizeof(want), "alternative site %#lx: %s",
			 (unsigned long)(uintptr_t)site, f->refused);
		t_case(r == -1, "%s: refused site returned %d", f->name, r);
		t_case(!strcmp(report.error, want), "%s: message \"%s\", want \"%s\"",
		       f->name, report.error, want);
		t_case(!memcmp(before, site, a->site_len),
		       "%s: refused site was written", f->name);
		return;
	}
	t_case(r == 0 && !report.error[0], "%s: returned %d (%s)", f->name, r,
	       report.error);
	t_case(holds(site, repl, a->repl_len) &&
	       long_nops(site + a->repl_len, a->site_len - a->repl_len),
	       "%s: the site does not hold the replacement, then NOPs", f->name);
	if (f->rel32_at >= 0)
		t_case(site[f->rel32_at] == repl[f->rel32_at] &&
		       target_of(site + f->rel32_at) == (uintptr_t)test_alt_target,
		       "%s: the site's rel32 reaches %#lx, not test_alt_target %p",
		       f->name, (unsigned long)target_of(site + f->rel32_at),
		       (void *)test_alt_target);
	/* And back to the original without the feature. */
	r = _uaccess_apply_alternatives(a, end, 0, &report);
	t_case(r == 0 && !memcmp(before, site, a->site_len),
	       "%s: not back to the original (returned %d)", f->name, r);
}

static void test_alt_forms(void)
{
	const struct uaccess_alt *a, *end;
	struct uaccess_patch_report report = { { 0 }, "" };
	char want[128];
	size_t n = 0;
	int r;

	t_group_begin("alternatives: the forms a site may hold");
	for (a = test_alt_table; a < test_alt_table_end; a = end) {
		for (end = a + 1; end < test_alt_table_end &&
		     at(&end->site) == at(&a->site); end++)
			;
		test_alt_form(a, end);
		n++;
	}
	t_case(n == sizeof(forms) / sizeof(forms[0]),
	       "%zu sites in the test table, %zu forms", n,
	       sizeof(forms) / sizeof(forms[0]));
	/* The whole table at once: the first refusal is the one reported. */
	r = _uaccess_apply_alternatives(test_alt_table, test_alt_table_end,
					1UL << TEST_ALT_BIT, &report);
	snprintf(want, sizeof(want), "alternative site %#lx: %s",
		 (unsigned long)(uintptr_t)test_alt_66call, form_of(test_alt_66call)->refused);
	t_case(r == -1 && !strcmp(report.error, want),
	       "whole table: returned %d, message \"%s\", want \"%s\"", r,
	       report.error, want);
	_uaccess_apply_alternatives(test_alt_table, test_alt_table_end, 0, &report);
	t_group_end();
}

/*
 * uaccess_init_error(): NULL after the suite's own init; naming the site
 * after an init that selects the refused one; NULL again after the next.
 */
static void test_init_error(void)
{
	const char *e;
	char want[128];
	int r;

	t_group_begin("uaccess_init_error");
	e = uaccess_init_error();
	t_case(e == NULL, "after the suite's init: \"%s\"", e ? e : "");
	r = uaccess_init_features(test_features | 1UL << TEST_ALT_NEVER_BIT);
	e = uaccess_init_error();
	snprintf(want, sizeof(want), "alternative site %#lx: %s",
		 (unsigned long)(uintptr_t)test_alt_never,
		 "instruction not allowed in a site");
	t_case(r == -1 && e && !strcmp(e, want),
	       "init with the refused site: returned %d, \"%s\", want \"%s\"",
	       r, e ? e : "(null)", want);
	r = uaccess_init_features(test_features);
	e = uaccess_init_error();
	t_case(r == test_init_status && e == NULL,
	       "init again: returned %d, \"%s\"", r, e ? e : "(null)");
	t_group_end();
}

static const uint8_t stac_code[3] = { 0x0f, 0x01, 0xcb };
static const uint8_t clac_code[3] = { 0x0f, 0x01, 0xca };

/*
 * A plain uaccess_init() where the suite runs: at CPL 3 (a process on a
 * CPU with or without SMAP) no window site may hold stac or clac, which
 * would be #UD at the first checked call; at CPL 0 with SMAP reported
 * they must (the bare-metal kernel has CR4.SMAP on, and its SMAP test
 * shows the windows work). Then a checked call has to work, and the
 * suite's own feature set is put back.
 */
static void test_plain_init(void)
{
	const struct uaccess_alt *a;
	bool want_stac = test_cpl() == 0 &&
			 (uaccess_cpu_features() & UACCESS_FEAT_SMAP);
	unsigned long smap_sites = 0, stac_sites = 0, clac_sites = 0;
	unsigned char *user = plat_alloc_pages(1);
	unsigned char buf[16];
	int r;

	t_group_begin("uaccess_init() at this privilege level");
	plat_printf("# CPL %u, CPU %s SMAP\n", test_cpl(),
		    uaccess_cpu_features() & UACCESS_FEAT_SMAP ? "has" : "has no");
	r = uaccess_init();
	t_case(r == 0, "plain uaccess_init() returned %d (%s)", r,
	       uaccess_init_error() ? uaccess_init_error() : "");
	for (a = __start_uaccess_altinstr; a < __stop_uaccess_altinstr; a++) {
		const uint8_t *site = at(&a->site);

		if (a->feature != UACCESS_FEAT_SMAP_BIT)
			continue;
		smap_sites++;
		stac_sites += !memcmp(site, stac_code, sizeof(stac_code));
		clac_sites += !memcmp(site, clac_code, sizeof(clac_code));
	}
	t_case(smap_sites >= 2, "only %lu window sites (SMAP) in the table",
	       smap_sites);
	if (want_stac)
		t_case(stac_sites + clac_sites == smap_sites,
		       "CPL 0 with SMAP: %lu of %lu window sites hold stac, %lu clac",
		       stac_sites, smap_sites, clac_sites);
	else
		t_case(stac_sites == 0 && clac_sites == 0,
		       "CPL %u: %lu window sites hold stac, %lu clac (of %lu)",
		       test_cpl(), stac_sites, clac_sites, smap_sites);
	memset(buf, 0x5a, sizeof(buf));
	r = (int)copy_to_user(UPTR(user), buf, sizeof(buf));
	t_case(r == 0, "copy_to_user after plain uaccess_init(): %d not copied", r);
	plat_user_begin();
	r = memcmp(user, buf, sizeof(buf));
	plat_user_end();
	t_case(r == 0, "copy_to_user after plain uaccess_init(): bytes differ");
	r = uaccess_init_features(test_features);
	t_case(r == test_init_status, "init back to the suite's set: %d", r);
	t_group_end();
}

/*
 * Judge every site of the table [start, stop) (the image's or a module's)
 * against `features`: the replacement of its last present feature, else
 * the original, then long NOPs. Returns the number of sites; *patched
 * gets those with a replacement.
 */
static unsigned long check_sites(const struct uaccess_alt *start,
				 const struct uaccess_alt *stop,
				 unsigned long features, const char *when,
				 unsigned long *patched)
{
	const struct uaccess_alt *a, *b;
	unsigned long sites = 0;

	*patched = 0;
	for (a = start; a < stop; a++) {
		const uint8_t *site = at(&a->site);
		const struct uaccess_alt *chosen = NULL;
		const uint8_t *code;
		unsigned int len;

		/* Judge each site once, at its first entry. */
		for (b = start; b < a; b++)
			if (at(&b->site) == site)
				break;
		if (b < a)
			continue;
		sites++;
		for (b = a; b < stop; b++)
			if (at(&b->site) == site &&
			    (applied(features) >> b->feature) & 1)
				chosen = b;	/* the last present one wins */
		code = chosen ? at(&chosen->repl) : at(&a->orig);
		len = chosen ? chosen->repl_len : a->orig_len;
		*patched += chosen != NULL;
		t_case(len <= a->site_len && a->orig_len <= a->site_len,
		       "%s: site %p: lengths orig %u repl %u site %u", when,
		       (void *)site, a->orig_len, len, a->site_len);
		t_case(holds(site, code, len),
		       "%s: site %p: not the %s (feature bit %u)", when,
		       (void *)site, chosen ? "replacement" : "original",
		       chosen ? chosen->feature : a->feature);
		t_case(long_nops(site + len, a->site_len - len),
		       "%s: site %p: padding of %u bytes is not long NOPs",
		       when, (void *)site, a->site_len - len);
	}
	return sites;
}

void test_arch_module_code(const struct uaccess_module *m,
			   unsigned long features, const char *when)
{
	const struct uaccess_range_imm *r;
	unsigned long sites, patched, imms = 0;

	sites = check_sites(m->altinstr_start, m->altinstr_stop, features,
			    when, &patched);
	t_case(sites >= 4, "%s: module has only %lu patch sites", when, sites);
	/* The immediates: -start and end - start of the range now set. */
	for (r = m->range_start; r < (const struct uaccess_range_imm *)m->range_stop; r++) {
		const uint8_t *imm = (const uint8_t *)&r->imm + r->imm;
		uint64_t v, want = r->kind == UACCESS_RANGE_IMM_SPAN ?
			uaccess_user_end - uaccess_user_start :
			r->kind == UACCESS_RANGE_IMM_COPY_SPAN ?
			_uaccess_limits.copy_span : -uaccess_user_start;

		memcpy(&v, imm, 8);
		imms++;
		t_case(v == want && (r->kind == UACCESS_RANGE_IMM_SPAN ||
				     r->kind == UACCESS_RANGE_IMM_COPY_SPAN ||
				     r->kind == UACCESS_RANGE_IMM_MINUS_START),
		       "%s: range immediate %p (kind %d) holds %#llx, want %#llx",
		       when, (const void *)imm, (int)r->kind,
		       (unsigned long long)v, (unsigned long long)want);
	}
	t_case(imms >= 2, "%s: module has only %lu range immediates", when, imms);
}

/* A module's altinstr or range bounds that are not whole entries. */
void test_arch_module_refusals(const struct uaccess_module *m)
{
	static const struct { int table; long start, stop; const char *why; } bad[] = {
		{ 0, 0, 4, "module: altinstr bounds are not whole entries" },
		{ 0, 8, 0, "module: altinstr bounds are not whole entries" },
		{ 1, 0, 12, "module: range bounds are not whole entries" },
		{ 1, 2, 10, "module: range bounds are not whole entries" },
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct uaccess_module odd = *m;
		const char *e;
		int r;

		odd.next = NULL;
		/* No table: else m's, registered already, would be found. */
		odd.extable_start = odd.extable_stop = NULL;
		if (bad[i].table == 0) {
			odd.altinstr_start = (char *)m->altinstr_start + bad[i].start;
			odd.altinstr_stop = (char *)m->altinstr_start + bad[i].stop;
		} else {
			odd.range_start = (char *)m->range_start + bad[i].start;
			odd.range_stop = (char *)m->range_start + bad[i].stop;
		}
		r = uaccess_register_module(&odd);
		e = uaccess_init_error();
		t_case(r == -1 && e && !strcmp(e, bad[i].why),
		       "module bounds %s +%ld..+%ld: returned %d, \"%s\"",
		       bad[i].table ? "range" : "altinstr", bad[i].start,
		       bad[i].stop, r, e ? e : "(null)");
		if (!r)
			uaccess_unregister_module(&odd);
	}
}

void test_alternatives(void)
{
	unsigned long sites, patched;
	char want[128];

	t_group_begin("alternatives applied");
	t_case(test_init_status == 0, "uaccess_init_features returned %d",
	       test_init_status);
	sites = check_sites(__start_uaccess_altinstr, __stop_uaccess_altinstr,
			    test_features, "image", &patched);
	t_case(sites >= 8, "only %lu patch sites", sites);
	t_group_end();

	/* What the sites must hold, from the feature set alone. */
	t_group_begin("uaccess_strategy_name");
	snprintf(want, sizeof(want),
		 "bulk=%s, clear bulk>=%s",
		 test_features & UACCESS_FEAT_ERMS ? "rep" :
		 test_features & UACCESS_FEAT_REP_GOOD ? "repq" : "loop",
		 test_features & UACCESS_FEAT_LATE_STOSB ? "1152" : "640");
	t_case(!strcmp(uaccess_strategy_name(), want), "\"%s\", want \"%s\"",
	       uaccess_strategy_name(), want);
	t_group_end();

	t_group_begin("alternatives: rel32 call relocated");
	t_case(test_alt_reloc() == ((test_features & UACCESS_FEAT_ERMS) ? 1 : 0),
	       "test_alt_reloc returned %d with features %#lx",
	       test_alt_reloc(), test_features);
	t_group_end();
	plat_printf("# %lu patch sites, %lu patched\n", sites, patched);

	test_alt_forms();
	test_init_error();
	test_plain_init();
}
