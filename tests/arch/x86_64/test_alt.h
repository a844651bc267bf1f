/* SPDX-License-Identifier: MIT */
/* Feature bits of the test's patch sites (alt_sites.S). */
#ifndef TEST_ALT_H
#define TEST_ALT_H

/* Selects the replacements of the test's own table. */
#define TEST_ALT_BIT		40
/* A bit no CPU reports: selects the refused site in the library's table. */
#define TEST_ALT_NEVER_BIT	63

#endif
