// SPDX-License-Identifier: MIT
/*
 * Applying alternatives (see <uaccess/alternative.h> for the table and its
 * rules). Every site is rebuilt in a small buffer from the code chosen for
 * it, then written with one call of the text-poke hook, if it changed.
 *
 * The patcher does not decode x86 in general: it accepts exactly what the
 * library's sites hold, so that no form is accepted that no site uses and
 * no test runs. Code is a sequence of:
 *   - calls and jmps with a 32-bit displacement (E8, E9) to code outside
 *     it, relocated since the code now runs at the site;
 *   - rel8 jumps (EB, 70..7F) to a point inside the code or its end, which
 *     move with it unchanged;
 *   - whole instructions from `allowed` below: rep stosb, rep movsb, ret,
 *     stac, clac and the NOPs the padding uses (nopl (%rax) among them).
 * Anything else is refused: the site gets the next choice down (an earlier
 * replacement whose feature is present, else the original, which is
 * correct on every CPU; a refused original leaves the site as it was),
 * uaccess_init() returns -1 and uaccess_init_error() names the site and
 * the reason.
 */
#include <stdint.h>
#include <uaccess.h>
#include <uaccess/alternative.h>
#include "internal.h"
#include "arch_internal.h"

#define MAX_SITE 64	/* longer sites are refused */

static void poke_plain(void *dst, const void *src, unsigned long len)
{
	volatile uint8_t *d = dst;
	const uint8_t *s = src;

	while (len--)
		*d++ = *s++;
}

/*
 * The kernel's hook, NULL for plain stores. Not initialised to poke_plain:
 * an initialised pointer in position-independent code is a load-time
 * relocation in .data.rel.local, a section a kernel's linker script need
 * not collect; a zero one is plain .bss.
 */
static void (*text_poke)(void *dst, const void *src, unsigned long len);

void uaccess_set_text_poke(void (*poke)(void *dst, const void *src,
					unsigned long len))
{
	text_poke = poke;
}

void _uaccess_text_poke(void *dst, const void *src, unsigned long len)
{
	if (text_poke)
		text_poke(dst, src, len);
	else
		poke_plain(dst, src, len);
}

void _uaccess_serialize(void)
{
	unsigned int eax = 0, ecx = 0;

	/* cpuid serialises: no stale instructions past this point. */
	__asm__ volatile("cpuid" : "+a"(eax), "+c"(ecx) : : "rbx", "rdx", "memory");
}

static uintptr_t rel_addr(const int32_t *field)
{
	return (uintptr_t)field + (uintptr_t)(intptr_t)*field;
}

/*
 * The NOPs recommended by the Intel and AMD optimisation manuals, 1 to 8
 * bytes: one instruction each, decoded in one go. No one is a prefix of
 * another, so `allowed` can match them in any order.
 */
static const uint8_t nops[9][8] = {
	{ 0 },
	{ 0x90 },
	{ 0x66, 0x90 },
	{ 0x0f, 0x1f, 0x00 },
	{ 0x0f, 0x1f, 0x40, 0x00 },
	{ 0x0f, 0x1f, 0x44, 0x00, 0x00 },
	{ 0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00 },
	{ 0x0f, 0x1f, 0x80, 0x00, 0x00, 0x00, 0x00 },
	{ 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00 },
};

void _uaccess_fill_nops(uint8_t *p, unsigned int len)
{
	while (len) {
		unsigned int k = len > 8 ? 8 : len;

		/* cppcheck-suppress knownConditionTrueFalse ; k >= 1: len != 0 here */
		for (unsigned int i = 0; i < k; i++)
			p[i] = nops[k][i];
		p += k;
		len -= k;
	}
}

/* The other instructions a site may hold. */
static const struct {
	uint8_t len;
	uint8_t bytes[3];
} allowed[] = {
	{ 2, { 0xf3, 0xaa } },		/* rep stosb */
	{ 2, { 0xf3, 0xa4 } },		/* rep movsb */
	{ 1, { 0xc3 } },		/* ret */
	{ 3, { 0x0f, 0x01, 0xcb } },	/* stac */
	{ 3, { 0x0f, 0x01, 0xca } },	/* clac */
};

static int same(const uint8_t *p, const uint8_t *q, unsigned int len)
{
	while (len--)
		if (*p++ != *q++)
			return 0;
	return 1;
}

/* Length of the allowed instruction at p[0, avail), or 0. */
static unsigned int allowed_len(const uint8_t *p, unsigned int avail)
{
	for (unsigned int k = 1; k <= 8; k++)
		if (k <= avail && same(p, nops[k], k))
			return k;
	for (unsigned int i = 0; i < sizeof(allowed) / sizeof(allowed[0]); i++)
		if (allowed[i].len <= avail && same(p, allowed[i].bytes, allowed[i].len))
			return allowed[i].len;
	return 0;
}

/* Why the bytes at p[0, avail), not allowed, are refused: the forms one
 * might expect to work get their own words. */
static const char *refusal(const uint8_t *p, unsigned int avail)
{
	if (avail >= 2 && p[0] == 0x66 && (p[1] == 0xe8 || p[1] == 0xe9))
		return "66-prefixed call/jmp";
	if (p[0] == 0xe8 || p[0] == 0xe9 || p[0] == 0xeb || (p[0] & 0xf0) == 0x70)
		return "call/jmp cut off by the end of the code";
	return "instruction not allowed in a site";
}

/*
 * Relocate the call or jmp rel32 at insn (inside code[0, len)), copied to
 * out, which will run at `at`. Returns NULL, or why it cannot.
 */
static const char *relocate(uint8_t *out, uintptr_t at, const uint8_t *insn,
			    const uint8_t *code, unsigned int len)
{
	uint32_t u = (uint32_t)insn[1] | (uint32_t)insn[2] << 8 |
		     (uint32_t)insn[3] << 16 | (uint32_t)insn[4] << 24;
	intptr_t disp = (int32_t)u;
	uintptr_t target = (uintptr_t)insn + 5 + (uintptr_t)disp;
	intptr_t moved = disp + (intptr_t)((uintptr_t)insn - at);

	/* A target inside the code would have to move with it: no site
	 * needs that, so it is refused rather than handled. */
	if (target >= (uintptr_t)code && target <= (uintptr_t)code + len)
		return "rel32 target inside the code";
	/* cppcheck-suppress knownConditionTrueFalse ; a 64-bit value may not fit 32 bits */
	if (moved != (int32_t)moved)
		return "rel32 target out of range";
	u = (uint32_t)moved;
	for (int i = 0; i < 4; i++)
		out[1 + i] = (uint8_t)(u >> (8 * i));
	return NULL;
}

/*
 * Build in buf the site's new contents from code[0, len), which will run at
 * site instead of at code. Returns NULL, or why the code cannot go there.
 */
static const char *build_site(uint8_t *buf, unsigned int site_len,
			      uintptr_t site, const uint8_t *code,
			      unsigned int len)
{
	unsigned int off = 0;

	if (site_len > MAX_SITE)
		return "site longer than 64 bytes";
	if (len > site_len)
		return "code longer than the site";
	for (unsigned int i = 0; i < len; i++)
		buf[i] = code[i];
	while (off < len) {
		unsigned int k;

		if ((code[off] == 0xe8 || code[off] == 0xe9) && off + 5 <= len) {
			const char *why = relocate(buf + off, site + off, code + off,
						   code, len);

			if (why)
				return why;
			k = 5;
		} else if ((code[off] == 0xeb || (code[off] & 0xf0) == 0x70) &&
			   off + 2 <= len) {
			long to = (long)off + 2 + (int8_t)code[off + 1];

			/* Inside the code it moves with it; outside it would
			 * need the rel32 form. */
			if (to < 0 || to > (long)len)
				return "rel8 jump out of the code (use jmp32)";
			k = 2;
		} else {
			k = allowed_len(code + off, len - off);
			if (!k)
				return refusal(code + off, len - off);
		}
		off += k;
	}
	_uaccess_fill_nops(buf + len, site_len - len);
	return NULL;
}

/* Note that a site named `what` now holds code number `code` (0 the
 * original), or ALT_MIXED: unknown code, the site was left as it was. */
static void record(struct uaccess_patch_report *report, unsigned int what,
		   unsigned int code)
{
	uint8_t won = code == ALT_MIXED ? ALT_MIXED : (uint8_t)(code + 1);

	if (what == UACCESS_ALT_UNNAMED || what >= UACCESS_ALT_NAMES)
		return;
	if (!report->won[what])
		report->won[what] = won;
	else if (report->won[what] != won)
		report->won[what] = ALT_MIXED;
}

/* Write buf to the site, if it differs: code that is written must be
 * fetched and decoded again, and a site that already holds the right bytes
 * (the common case when patching again) need not pay that. */
static void write_site(uintptr_t site, const uint8_t *buf, unsigned int len)
{
	if (!same((const uint8_t *)site, buf, len))
		_uaccess_text_poke((void *)site, buf, len);
}

int _uaccess_apply_alternatives(const struct uaccess_alt *start,
				const struct uaccess_alt *stop,
				unsigned long features,
				struct uaccess_patch_report *report)
{
	const struct uaccess_alt *a, *e, *end;
	uint8_t buf[MAX_SITE];
	int ret = 0;

	/* A site's entries are consecutive (the macros emit them together). */
	for (a = start; a < stop; a = end) {
		uintptr_t site = rel_addr(&a->site);
		const char *why = "";
		unsigned int code = 0;

		for (end = a + 1; end < stop && rel_addr(&end->site) == site; end++)
			;
		/* The last present replacement that can go there wins; a
		 * refused one falls back to the one before, then the original. */
		for (e = end; why && e-- > a;) {
			if (e->feature >= 64 || !((features >> e->feature) & 1))
				continue;
			why = build_site(buf, a->site_len, site,
					 (const uint8_t *)rel_addr(&e->repl),
					 e->repl_len);
			if (why) {
				_uaccess_report_refusal(report, "alternative", site, why);
				ret = -1;
			} else {
				code = (unsigned int)(e - a) + 1;
			}
		}
		if (why) {
			why = build_site(buf, a->site_len, site,
					 (const uint8_t *)rel_addr(&a->orig),
					 a->orig_len);
			if (why) {
				_uaccess_report_refusal(report, "alternative", site, why);
				record(report, a->what, ALT_MIXED);
				ret = -1;
				continue;
			}
		}
		write_site(site, buf, a->site_len);
		record(report, a->what, code);
	}
	return ret;
}
