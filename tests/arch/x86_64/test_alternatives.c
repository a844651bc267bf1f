// SPDX-License-Identifier: MIT
/*
 * Alternatives: read every patch site back and check that it holds exactly
 * the code its feature set calls for, then NOPs; and that a call out of the
 * middle of a replacement still reaches its target once copied.
 */
#include <stdint.h>
#include <string.h>
#include <uaccess.h>
#include <uaccess/alternative.h>
#include "harness.h"
#include "platform.h"
#include "test_arch.h"

extern struct uaccess_alt __start_uaccess_altinstr[];
extern struct uaccess_alt __stop_uaccess_altinstr[];
int test_alt_reloc(void);

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

void test_alternatives(void)
{
	const struct uaccess_alt *a, *b;
	unsigned long sites = 0, patched = 0;

	t_group_begin("alternatives applied");
	t_case(test_init_status == 0, "uaccess_init_features returned %d",
	       test_init_status);
	for (a = __start_uaccess_altinstr; a < __stop_uaccess_altinstr; a++) {
		const uint8_t *site = at(&a->site);
		const struct uaccess_alt *chosen = NULL;
		const uint8_t *code;
		unsigned int len;

		/* Judge each site once, at its first entry. */
		for (b = __start_uaccess_altinstr; b < a; b++)
			if (at(&b->site) == site)
				break;
		if (b < a)
			continue;
		sites++;
		for (b = a; b < __stop_uaccess_altinstr; b++)
			if (at(&b->site) == site && (test_features >> b->feature) & 1)
				chosen = b;	/* the last present one wins */
		code = chosen ? at(&chosen->repl) : at(&a->orig);
		len = chosen ? chosen->repl_len : a->orig_len;
		patched += chosen != NULL;
		t_case(len <= a->site_len && a->orig_len <= a->site_len,
		       "site %p: lengths orig %u repl %u site %u", (void *)site,
		       a->orig_len, len, a->site_len);
		t_case(holds(site, code, len),
		       "site %p: not the %s (feature bit %u)", (void *)site,
		       chosen ? "replacement" : "original",
		       chosen ? chosen->feature : a->feature);
		t_case(long_nops(site + len, a->site_len - len),
		       "site %p: padding of %u bytes is not long NOPs",
		       (void *)site, a->site_len - len);
	}
	t_case(sites >= 8, "only %lu patch sites", sites);
	t_group_end();

	t_group_begin("alternatives: rel32 call relocated");
	t_case(test_alt_reloc() == ((test_features & UACCESS_FEAT_ERMS) ? 1 : 0),
	       "test_alt_reloc returned %d with features %#lx",
	       test_alt_reloc(), test_features);
	t_group_end();
	plat_printf("# %lu patch sites, %lu patched\n", sites, patched);
}
