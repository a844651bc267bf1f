/* SPDX-License-Identifier: MIT */
/*
 * The demo steps both demo kernels show the same way (demo_common.c), and
 * the verdict every step ends with. Each examples/ARCH/demo.c adds
 * the steps that are its CPU's own (what uaccess_init() chose, what catches
 * a stray user access) and calls these in order.
 */
#ifndef BAREMETAL_DEMO_COMMON_H
#define BAREMETAL_DEMO_COMMON_H

#include <stdbool.h>

/* Print a step's closing line; the run passes only if every step's holds. */
void demo_verdict(bool ok);

/*
 * Step 2, clear_user into an unmapped page. faults_how follows the count
 * of faults resolved on the same line: how this CPU's clear_user gets to
 * the exact first unmapped byte.
 */
void demo_padzero(const char *faults_how);

/* Step 3, copy_from_user from a partly unmapped buffer. */
void demo_partial_copy(void);

/* Step 4, get_user / put_user on a kernel address. */
void demo_kernel_address(void);

/* The closing line; true if every step held. */
bool demo_done(void);

#endif
