/* SPDX-License-Identifier: MIT */
/*
 * The example kernels' check of the hardened copies (usercopy_check.c):
 * the allocator tells it each object, the kernel installs it once.
 */
#ifndef BAREMETAL_USERCOPY_CHECK_H
#define BAREMETAL_USERCOPY_CHECK_H

#include <stdbool.h>

/*
 * One allocation of the kernel pool, [p, p + size): called under the
 * allocator's lock, in the order of allocation, from boot on.
 */
void usercopy_heap_add(const void *p, unsigned long size);

/* Install the check; the pool is [start, end). */
void usercopy_check_init(unsigned long start, unsigned long end);

/* The check itself (uaccess_usercopy_check_t). */
bool usercopy_check(const void *obj, unsigned long n, bool to_user);

#endif
