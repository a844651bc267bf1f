/* SPDX-License-Identifier: MIT */
/*
 * Alternatives: code chosen per CPU once, at uaccess_init(), by patching.
 *
 * A patch site holds its original (baseline) instructions, padded with NOPs
 * to the length of the longest replacement. Each site has one entry in the
 * section `uaccess_altinstr` per replacement: the site, a copy of the
 * original, the replacement, the feature bit that selects it, and lengths.
 * The copies live in `uaccess_altinstr_code` (never executed in place).
 *
 * uaccess_init_features() first writes every site back to its original,
 * then, in table order, writes the replacement of every entry whose feature
 * is present: for a site with two entries (ALTERNATIVE_2) the second wins
 * when both features are present. Because the original is kept, patching
 * again with another feature set is allowed (tests and the bench do it).
 *
 * Rules for the code in a site (checked by the patcher, which refuses a site
 * it cannot handle and leaves it as it was):
 *  - call/jmp/jcc rel32 may appear anywhere and may target code outside:
 *    they are relocated when copied. A rel8 jump must stay inside.
 *  - An instruction that may fault belongs at the very start of the site
 *    (offset 0 of the original or replacement): the exception-table entry
 *    of the site then covers it wherever it was assembled.
 *  - Use jmp32 for a jump out of a site: the assembler would otherwise pick
 *    a 2-byte jump at the site and a 5-byte one in the copy.
 *
 * The .S form is the assembler macro ALTERNATIVE / ALTERNATIVE_2 with
 * quoted instructions; the C form is the string macro UACCESS_ALTERNATIVE /
 * UACCESS_ALTERNATIVE_2 for asm() statements. Both emit the same layout.
 * Feature arguments are bit numbers (UACCESS_FEAT_*_BIT).
 */
#ifndef UACCESS_ALTERNATIVE_H
#define UACCESS_ALTERNATIVE_H

#define UACCESS_FEAT_ERMS_BIT		0
#define UACCESS_FEAT_FSRM_BIT		1
#define UACCESS_FEAT_REP_GOOD_BIT	2
#define UACCESS_FEAT_FSRS_BIT		3
#define UACCESS_FEAT_SMAP_BIT		4

#ifdef __ASSEMBLER__

.macro jmp32 target		/* always the 5-byte form: see above */
	.byte 0xe9
	.long \target - . - 4
.endm

/*
 * 880: site start, 882: end of site (original + padding)
 * 883/884: a replacement, 885/886: the copy of the original
 */
.macro _UACCESS_ALT_ENTRY feature, repl_start, repl_end
	.pushsection uaccess_altinstr, "a"
	.balign 4
	.long 880b - .
	.long 885f - .
	.long \repl_start - .
	.byte \feature
	.byte 882b - 880b
	.byte \repl_end - \repl_start
	.byte 886f - 885f
	.popsection
.endm

.macro _UACCESS_ALT_PAD start, end
	.skip -(((\end - \start) - (. - 880b)) > 0) * ((\end - \start) - (. - 880b)), 0x90
.endm

.macro ALTERNATIVE orig, repl, feature
880:	\orig
	_UACCESS_ALT_PAD 883f, 884f
882:
	_UACCESS_ALT_ENTRY \feature, 883f, 884f
	.pushsection uaccess_altinstr_code, "a"
883:	\repl
884:
885:	\orig
886:
	.popsection
.endm

.macro ALTERNATIVE_2 orig, repl1, feature1, repl2, feature2
880:	\orig
	_UACCESS_ALT_PAD 883f, 884f
	_UACCESS_ALT_PAD 887f, 888f
882:
	_UACCESS_ALT_ENTRY \feature1, 883f, 884f
	_UACCESS_ALT_ENTRY \feature2, 887f, 888f
	.pushsection uaccess_altinstr_code, "a"
883:	\repl1
884:
887:	\repl2
888:
885:	\orig
886:
	.popsection
.endm

#else /* C */

#include <stdint.h>

#define _UACCESS_ALT_STR2(x) #x
#define _UACCESS_ALT_STR(x) _UACCESS_ALT_STR2(x)

#define _UACCESS_ALT_ENTRY(feature, repl_start, repl_end)		\
	"	.pushsection uaccess_altinstr, \"a\"\n"			\
	"	.balign 4\n"						\
	"	.long 880b - .\n"					\
	"	.long 885f - .\n"					\
	"	.long " repl_start " - .\n"				\
	"	.byte " _UACCESS_ALT_STR(feature) "\n"			\
	"	.byte 882b - 880b\n"					\
	"	.byte " repl_end " - " repl_start "\n"			\
	"	.byte 886f - 885f\n"					\
	"	.popsection\n"

#define _UACCESS_ALT_PAD(start, end)					\
	"	.skip -(((" end " - " start ") - (. - 880b)) > 0) * "	\
	"((" end " - " start ") - (. - 880b)), 0x90\n"

#define UACCESS_ALTERNATIVE(orig, repl, feature)			\
	"880:	" orig "\n"						\
	_UACCESS_ALT_PAD("883f", "884f")				\
	"882:\n"							\
	_UACCESS_ALT_ENTRY(feature, "883f", "884f")			\
	"	.pushsection uaccess_altinstr_code, \"a\"\n"		\
	"883:	" repl "\n"						\
	"884:\n"							\
	"885:	" orig "\n"						\
	"886:\n"							\
	"	.popsection\n"

#define UACCESS_ALTERNATIVE_2(orig, repl1, feature1, repl2, feature2)	\
	"880:	" orig "\n"						\
	_UACCESS_ALT_PAD("883f", "884f")				\
	_UACCESS_ALT_PAD("887f", "888f")				\
	"882:\n"							\
	_UACCESS_ALT_ENTRY(feature1, "883f", "884f")			\
	_UACCESS_ALT_ENTRY(feature2, "887f", "888f")			\
	"	.pushsection uaccess_altinstr_code, \"a\"\n"		\
	"883:	" repl1 "\n"						\
	"884:\n"							\
	"887:	" repl2 "\n"						\
	"888:\n"							\
	"885:	" orig "\n"						\
	"886:\n"							\
	"	.popsection\n"

struct uaccess_alt {
	int32_t site;		/* patch site - &site */
	int32_t orig;		/* copy of the original code - &orig */
	int32_t repl;		/* replacement - &repl */
	uint8_t feature;	/* UACCESS_FEAT_*_BIT */
	uint8_t site_len;	/* original + padding */
	uint8_t repl_len;
	uint8_t orig_len;
};

#endif /* __ASSEMBLER__ */
#endif /* UACCESS_ALTERNATIVE_H */
