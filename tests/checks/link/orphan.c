// SPDX-License-Identifier: MIT
/*
 * Not run: an object with a section the strict linker script does not
 * name (.data.rel.local, where position-independent code puts an
 * initialised pointer), for the build check "the strict script refuses an
 * orphan section": the link must fail.
 */
int strict_orphan_target;
int *strict_orphan __attribute__((section(".data.rel.local"), used)) =
	&strict_orphan_target;
