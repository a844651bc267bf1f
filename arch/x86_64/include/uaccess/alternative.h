/* SPDX-License-Identifier: MIT */
/*
 * Alternatives: code chosen per CPU once, at uaccess_init(), by patching.
 *
 * A patch site holds its original (baseline) instructions, padded with NOPs
 * to the length of the longest replacement. Each site has one entry in the
 * section `uaccess_altinstr` per replacement: the site, a copy of the
 * original, the replacement, the feature bit that selects it, lengths, and
 * the name of the choice the site makes (UACCESS_ALT_*, for
 * uaccess_strategy_name(), which reports what was written at the sites).
 * The copies live in `uaccess_altinstr_code` (never executed in place).
 *
 * uaccess_init_features() writes into each site the replacement of its
 * last entry whose feature is present (for ALTERNATIVE_2 the second wins
 * when both are), or the original when there is none. Because the original
 * is kept, patching again with another feature set is allowed (tests and
 * the bench do it).
 *
 * What a site's code may be (the patcher accepts exactly this; for a
 * refused replacement it writes the next choice down, in the end the
 * original, and says why in uaccess_init_error()):
 *  - calls and jumps with a 32-bit displacement to code outside the site,
 *    relocated when copied. In a .S file write jmp32 for a jump there: the
 *    assembler would otherwise pick a 2-byte jump at the site and a 5-byte
 *    one in the copy. No 0x66 prefix;
 *  - rel8 jumps (jmp, jcc) that stay inside the code: they move with it;
 *  - rep stosb, rep movsb, ret, stac, clac, and the NOPs 1 to 8 bytes
 *    long that the padding uses (nopl (%rax) is one).
 * A user access in a site needs an exception-table entry at its address in
 * the site. The _USER forms take the fixup for the instruction at the
 * site's start (offset 0 of the original and of each replacement) and emit
 * its entry, which covers whichever code was written there; a site with an
 * access elsewhere emits its own (<uaccess/arch.h>'s clear site).
 * The layout is written once, as assembler directives separated by ';'
 * (_UACCESS_ALT_1 and _UACCESS_ALT_2 below). A .S file uses it as it is:
 *
 *	ALTERNATIVE(what, orig, repl, feature)
 *	ALTERNATIVE_USER(what, orig, repl, feature, fixup)
 *	ALTERNATIVE_2(what, orig, repl1, feature1, repl2, feature2)
 *	ALTERNATIVE_2_USER(what, orig, repl1, feature1, repl2, feature2, fixup)
 *
 * and C pastes the same text, stringified, into an asm() statement with
 * UACCESS_ALTERNATIVE, UACCESS_ALTERNATIVE_USER, UACCESS_ALTERNATIVE_2 and
 * UACCESS_ALTERNATIVE_2_USER, as <uaccess/extable.h> does for its entries.
 * The code arguments are plain instructions, not strings (`rep stosb`,
 * `nopl (%%rax)` in an extended asm()), several separated by ';', none
 * with a comma (it would split the arguments). Feature arguments are bit
 * numbers (UACCESS_FEAT_*_BIT); `what` is one of the names below. The
 * labels 880 to 888 belong to the layout; code outside it does not name
 * them.
 */
#ifndef UACCESS_ALTERNATIVE_H
#define UACCESS_ALTERNATIVE_H

#include <uaccess/extable.h>

#define UACCESS_FEAT_ERMS_BIT		0
#define UACCESS_FEAT_FSRM_BIT		1
#define UACCESS_FEAT_REP_GOOD_BIT	2
#define UACCESS_FEAT_SMAP_BIT		3
#define UACCESS_FEAT_LATE_STOSB_BIT	4

/*
 * The choices a site can be named after: every site of one name makes the
 * same choice, with its replacements in the same order (arch_setup.c has
 * the words for each code). Unnamed sites (stac/clac) are not reported.
 */
#define UACCESS_ALT_UNNAMED		0
#define UACCESS_ALT_BULK		1	/* clear_user.S, copy_user.S */
#define UACCESS_ALT_CLEAR_LATE		2	/* clear_user.S */
#define UACCESS_ALT_NAMES		3

/*
 * 880: site start, 882: end of site (original + padding)
 * 883/884, 887/888: the replacements, 885/886: the copy of the original
 */
/* NOLINTBEGIN(bugprone-macro-parentheses): assembler text, not C expressions */
#define _UACCESS_ALT_ENTRY(what, feature, repl_start, repl_end)		\
	.pushsection uaccess_altinstr, "a" ;				\
	.balign 4 ;							\
	.long 880b - . ;						\
	.long 885f - . ;						\
	.long repl_start - . ;						\
	.byte feature ;							\
	.byte 882b - 880b ;						\
	.byte repl_end - repl_start ;					\
	.byte 886f - 885f ;						\
	.byte what ;							\
	.skip 3 ;							\
	.popsection

/* NOPs (0x90) up to the length of the replacement, if it is longer. */
#define _UACCESS_ALT_PAD(start, end)					\
	.skip -(((end - start) - (. - 880b)) > 0) *			\
		((end - start) - (. - 880b)), 0x90

/* cover: empty, or the exception-table entry of the site's start. */
#define _UACCESS_ALT_1(what, orig, repl, feature, cover)		\
	880: orig ;							\
	_UACCESS_ALT_PAD(883f, 884f) ;					\
	882: cover							\
	_UACCESS_ALT_ENTRY(what, feature, 883f, 884f) ;			\
	.pushsection uaccess_altinstr_code, "a" ;			\
	883: repl ;							\
	884: ;								\
	885: orig ;							\
	886: ;								\
	.popsection

#define _UACCESS_ALT_2(what, orig, repl1, feature1, repl2, feature2, cover) \
	880: orig ;							\
	_UACCESS_ALT_PAD(883f, 884f) ;					\
	_UACCESS_ALT_PAD(887f, 888f) ;					\
	882: cover							\
	_UACCESS_ALT_ENTRY(what, feature1, 883f, 884f) ;		\
	_UACCESS_ALT_ENTRY(what, feature2, 887f, 888f) ;		\
	.pushsection uaccess_altinstr_code, "a" ;			\
	883: repl1 ;							\
	884: ;								\
	887: repl2 ;							\
	888: ;								\
	885: orig ;							\
	886: ;								\
	.popsection

#define _UACCESS_ALT_COVER(fixup) _UACCESS_EXTABLE_DIRECTIVES(880b, fixup) ;
/* NOLINTEND(bugprone-macro-parentheses) */

#ifdef __ASSEMBLER__

.macro jmp32 target		/* always the 5-byte form: see above */
	.byte 0xe9
	.long \target - . - 4
.endm

#define ALTERNATIVE(what, orig, repl, feature)				\
	_UACCESS_ALT_1(what, orig, repl, feature, )
#define ALTERNATIVE_USER(what, orig, repl, feature, fixup)		\
	_UACCESS_ALT_1(what, orig, repl, feature, _UACCESS_ALT_COVER(fixup))
#define ALTERNATIVE_2(what, orig, repl1, feature1, repl2, feature2)	\
	_UACCESS_ALT_2(what, orig, repl1, feature1, repl2, feature2, )
#define ALTERNATIVE_2_USER(what, orig, repl1, feature1, repl2, feature2, \
			   fixup)					\
	_UACCESS_ALT_2(what, orig, repl1, feature1, repl2, feature2,	\
		       _UACCESS_ALT_COVER(fixup))

#else /* C */

#include <stdint.h>

#define UACCESS_ALTERNATIVE(what, orig, repl, feature)			\
	"\n" _UACCESS_STR(_UACCESS_ALT_1(what, orig, repl, feature, )) "\n"
#define UACCESS_ALTERNATIVE_USER(what, orig, repl, feature, fixup)	\
	"\n" _UACCESS_STR(_UACCESS_ALT_1(what, orig, repl, feature,	\
					_UACCESS_ALT_COVER(fixup))) "\n"
#define UACCESS_ALTERNATIVE_2(what, orig, repl1, feature1, repl2, feature2) \
	"\n" _UACCESS_STR(_UACCESS_ALT_2(what, orig, repl1, feature1, repl2, \
					feature2, )) "\n"
#define UACCESS_ALTERNATIVE_2_USER(what, orig, repl1, feature1, repl2,	\
				   feature2, fixup)			\
	"\n" _UACCESS_STR(_UACCESS_ALT_2(what, orig, repl1, feature1, repl2, \
					feature2, _UACCESS_ALT_COVER(fixup))) "\n"

struct uaccess_alt {
	int32_t site;		/* patch site - &site */
	int32_t orig;		/* copy of the original code - &orig */
	int32_t repl;		/* replacement - &repl */
	uint8_t feature;	/* UACCESS_FEAT_*_BIT */
	uint8_t site_len;	/* original + padding */
	uint8_t repl_len;
	uint8_t orig_len;
	uint8_t what;		/* UACCESS_ALT_* */
	uint8_t unused[3];
};

#endif /* __ASSEMBLER__ */
#endif /* UACCESS_ALTERNATIVE_H */
