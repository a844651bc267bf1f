// SPDX-License-Identifier: MIT
/*
 * Applying alternatives (see <uaccess/alternative.h> for the table and its
 * rules). Every site is rebuilt in a small buffer, then written with one
 * call of the text-poke hook:
 *
 *   1. copy the chosen code (replacement, or the copy of the original);
 *   2. relocate each rel32 call/jmp/jcc and RIP-relative operand that points
 *      outside the copied code, since the code now runs at the site;
 *   3. fill the rest of the site with the longest NOPs that fit.
 *
 * Relocating needs instruction boundaries, so the code is walked with a
 * length decoder that knows the instruction forms this library uses (and
 * common ones a kernel might add). Anything else makes the site refused:
 * it is left as it was, uaccess_init() returns -1, and the code in the site
 * stays correct (the original runs on every CPU).
 */
#include <stdint.h>
#include <uaccess.h>
#include <uaccess/alternative.h>
#include "internal.h"
#include "arch_internal.h"

extern struct uaccess_alt __start_uaccess_altinstr[];
extern struct uaccess_alt __stop_uaccess_altinstr[];

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

/* Length of a ModRM operand (ModRM, SIB, displacement); *riprel set if
 * the operand is RIP-relative (its disp32 then sits right after ModRM). */
static int modrm_len(const uint8_t *p, int *riprel)
{
	int mod = p[0] >> 6, rm = p[0] & 7, len = 1;

	*riprel = 0;
	if (mod == 3)
		return 1;
	if (rm == 4) {			/* SIB byte */
		len++;
		if (mod == 0 && (p[1] & 7) == 5)
			return len + 4;
	} else if (mod == 0 && rm == 5) {
		*riprel = 1;
		return len + 4;
	}
	return len + (mod == 1 ? 1 : mod == 2 ? 4 : 0);
}

/*
 * Decode one instruction at p: return its length, and where its rel32
 * field is (offset, or -1), or whether it has a rel8 branch. 0 if unknown.
 */
struct insn {
	int len;
	int rel32;	/* offset of a displacement relative to the next insn */
	int rel8;	/* offset of an 8-bit branch displacement */
};

static struct insn decode(const uint8_t *p)
{
	struct insn in = { 0, -1, -1 };
	int n = 0, opsize16 = 0, rexw = 0, rip, ml;

	for (;; n++) {		/* prefixes */
		if (p[n] == 0x66)
			opsize16 = 1;
		else if (p[n] == 0xf2 || p[n] == 0xf3 || p[n] == 0x2e ||
			 p[n] == 0x3e || p[n] == 0x26 || p[n] == 0x36 ||
			 p[n] == 0x64 || p[n] == 0x65)
			;
		else
			break;
	}
	if ((p[n] & 0xf0) == 0x40) {	/* REX */
		rexw = p[n] & 8;
		n++;
	}
	uint8_t op = p[n++];

	switch (op) {
	case 0x90: case 0xc3: case 0xcc:			/* nop ret int3 */
	case 0xa4: case 0xa5: case 0xaa: case 0xab:		/* movs stos */
		in.len = n;
		return in;
	case 0xe8: case 0xe9:					/* call/jmp rel32 */
		in.rel32 = n;
		in.len = n + 4;
		return in;
	case 0xeb:						/* jmp rel8 */
		in.rel8 = n;
		in.len = n + 1;
		return in;
	case 0x3c:						/* cmp al, imm8 */
		in.len = n + 1;
		return in;
	case 0x3d:						/* cmp eax, imm */
		in.len = n + (opsize16 ? 2 : 4);
		return in;
	case 0x01: case 0x03: case 0x09: case 0x0b: case 0x21: case 0x23:
	case 0x29: case 0x2b: case 0x31: case 0x33: case 0x39: case 0x3b:
	case 0x84: case 0x85: case 0x88: case 0x89: case 0x8a: case 0x8b:
	case 0x8d:			/* ALU/mov/lea with a ModRM operand */
		ml = modrm_len(p + n, &rip);
		if (rip)
			in.rel32 = n + 1;
		in.len = n + ml;
		return in;
	case 0x80: case 0x83: case 0xc6:	/* ModRM + imm8 */
	case 0x81: case 0xc7:			/* ModRM + imm16/32 */
		ml = modrm_len(p + n, &rip);
		in.len = n + ml + ((op == 0x81 || op == 0xc7) ? (opsize16 ? 2 : 4) : 1);
		if (rip)	/* RIP-relative is relative to the next insn */
			return (struct insn){ 0, -1, -1 };
		return in;
	case 0x0f:
		op = p[n++];
		if (op == 0x01 && (p[n] == 0xca || p[n] == 0xcb)) {	/* clac/stac */
			in.len = n + 1;
			return in;
		}
		if (op == 0x1f) {					/* nopl */
			in.len = n + modrm_len(p + n, &rip);
			return in;
		}
		if ((op & 0xf0) == 0x80) {				/* jcc rel32 */
			in.rel32 = n;
			in.len = n + 4;
			return in;
		}
		return in;
	default:
		if ((op & 0xf0) == 0x70) {				/* jcc rel8 */
			in.rel8 = n;
			in.len = n + 1;
			return in;
		}
		if (op >= 0xb8 && op <= 0xbf) {				/* mov imm */
			in.len = n + (rexw ? 8 : opsize16 ? 2 : 4);
			return in;
		}
		return in;	/* unknown: len 0 */
	}
}

/*
 * The NOPs recommended by the Intel and AMD optimisation manuals, 1 to 8
 * bytes: one instruction each, decoded in one go.
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

		for (unsigned int i = 0; i < k; i++)
			p[i] = nops[k][i];
		p += k;
		len -= k;
	}
}

/*
 * Build in buf the site's new contents from code[0, len), which will run at
 * site instead of at code. Returns 0, or -1 if the code cannot be moved.
 */
static int build_site(uint8_t *buf, unsigned int site_len, uintptr_t site,
		      const uint8_t *code, unsigned int len)
{
	uintptr_t delta = (uintptr_t)code - site;

	if (len > site_len || site_len > MAX_SITE)
		return -1;
	for (unsigned int i = 0; i < len; i++)
		buf[i] = code[i];
	for (unsigned int off = 0; off < len;) {
		struct insn in = decode(code + off);

		if (!in.len || off + (unsigned int)in.len > len)
			return -1;
		if (in.rel8 >= 0) {
			/* Must land inside the copied code, which moves as one. */
			long to = (long)off + in.len + (int8_t)code[off + in.rel8];

			if (to < 0 || to > (long)len)
				return -1;
		}
		if (in.rel32 >= 0) {
			int32_t disp;
			uintptr_t next = (uintptr_t)code + off + (unsigned int)in.len;
			uintptr_t target;

			for (int i = 0; i < 4; i++)
				((uint8_t *)&disp)[i] = code[off + (unsigned int)in.rel32 + (unsigned int)i];
			target = next + (uintptr_t)(intptr_t)disp;
			/* Targets inside the copied code move with it. */
			if (target < (uintptr_t)code || target > (uintptr_t)code + len) {
				intptr_t moved = (intptr_t)disp + (intptr_t)delta;

				if (moved != (int32_t)moved)
					return -1;
				disp = (int32_t)moved;
			}
			for (int i = 0; i < 4; i++)
				buf[off + (unsigned int)in.rel32 + (unsigned int)i] = ((uint8_t *)&disp)[i];
		}
		off += (unsigned int)in.len;
	}
	_uaccess_fill_nops(buf + len, site_len - len);
	return 0;
}

static int patch(const struct uaccess_alt *a, const int32_t *code_field,
		 unsigned int code_len)
{
	uint8_t buf[MAX_SITE];
	uintptr_t site = rel_addr(&a->site);

	if (build_site(buf, a->site_len, site,
		       (const uint8_t *)rel_addr(code_field), code_len))
		return -1;
	/* Write only what changes: code that is written must be fetched and
	 * decoded again, and a site that already holds the right bytes (the
	 * common case when patching again) need not pay that. */
	for (unsigned int i = 0; i < a->site_len; i++)
		if (((const uint8_t *)site)[i] != buf[i]) {
			_uaccess_text_poke((void *)site, buf, a->site_len);
			break;
		}
	return 0;
}

int _uaccess_apply_alternatives(unsigned long features)
{
	const struct uaccess_alt *a;
	int ret = 0;

	/* Every site back to its original, then the replacements in order. */
	for (a = __start_uaccess_altinstr; a < __stop_uaccess_altinstr; a++)
		if (patch(a, &a->orig, a->orig_len))
			ret = -1;
	for (a = __start_uaccess_altinstr; a < __stop_uaccess_altinstr; a++)
		if (a->feature < 64 && ((features >> a->feature) & 1))
			if (patch(a, &a->repl, a->repl_len))
				ret = -1;
	return ret;
}
