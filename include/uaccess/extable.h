/* SPDX-License-Identifier: MIT */
/*
 * The exception table: one entry per user-memory instruction that may fault,
 * saying where to resume when it does.
 *
 * An entry is two 32-bit words, each the distance from the word itself to an
 * address: the faulting instruction, then the fixup. Entries are therefore
 * position independent (no relocations at load time, fine in a PIE and in a
 * kernel linked at -2 GiB) and 8 bytes on every architecture, as long as an
 * instruction and its fixup lie within 2 GiB of the table (always true for a
 * kernel image).
 *
 * UACCESS_EXTABLE(insn, fixup) emits one entry into the section
 * `uaccess_extable`. In a .S file it expands to assembler directives; in C
 * it expands to a string to paste into an asm() statement. Place it right
 * after the instruction it covers. The section name is a C identifier, so
 * GNU ld and lld define __start_uaccess_extable / __stop_uaccess_extable; a
 * kernel with its own linker script includes <uaccess/sections.ld>.
 *
 * The section is writable because uaccess_init() sorts it in place.
 *
 * The section names of the library's tables (uaccess_extable here, and
 * the patch-site and range-immediate sections of an architecture that
 * patches code) are
 * written as tokens, never inside a string, so that a file may #define
 * them to other names before it includes <uaccess.h>: the suite builds its
 * stand-ins for loadable modules into the test program that way
 * (tests/cases/module/), each with tables of its own.
 */
#ifndef UACCESS_EXTABLE_H
#define UACCESS_EXTABLE_H

#define _UACCESS_STR2(...) #__VA_ARGS__
#define _UACCESS_STR(...) _UACCESS_STR2(__VA_ARGS__)

#define _UACCESS_EXTABLE_DIRECTIVES(insn, fixup)			\
	.pushsection uaccess_extable, "aw" ;				\
	.balign 4 ;							\
	.long (insn) - . ;						\
	.long (fixup) - . ;						\
	.popsection

#ifdef __ASSEMBLER__
#define UACCESS_EXTABLE(insn, fixup) _UACCESS_EXTABLE_DIRECTIVES(insn, fixup)
/*
 * UACCESS_USER(fixup, instruction): an instruction that touches user memory,
 * labelled 99 and covered by an entry that resumes at fixup.
 */
#define UACCESS_USER(fixup, ...) 99: __VA_ARGS__ ; UACCESS_EXTABLE(99b, fixup)
#else
#define UACCESS_EXTABLE(insn, fixup)					\
	"\n" _UACCESS_STR(_UACCESS_EXTABLE_DIRECTIVES(insn, fixup)) "\n"

#include <stdint.h>

struct uaccess_extable_entry {
	int32_t insn;	/* faulting instruction - &insn */
	int32_t fixup;	/* resume address - &fixup */
};
#endif

#endif /* UACCESS_EXTABLE_H */
