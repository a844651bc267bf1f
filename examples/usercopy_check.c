// SPDX-License-Identifier: MIT
/*
 * The example kernels' check of the hardened copies (contract 13 of
 * <uaccess.h>, uaccess_set_usercopy_check()): Linux's check_object_size()
 * cut down to what these kernels have. A kernel range that touches the
 * boot stack (BOOT_STACK_SIZE below boot_stack_top, reserved by each
 * start.S or boot.S) must lie in its live part, from the check's own
 * frame up: a frame below it has returned. One that touches the kernel
 * page pool must lie inside one allocation (page_alloc.c, x86-64's
 * mmu.c): the pages of one call are one object, and the pool past the
 * last one belongs to none. Other memory (.data, .bss, another CPU's
 * stack, user pages a test hands in as a kernel buffer) is not tracked
 * and passes.
 *
 * No lock: the check may run in an interrupt handler that interrupted the
 * allocator. Objects are only appended, each written before nr_objects
 * is raised past it (release), and read below nr_objects (acquire).
 */
#include <uaccess.h>
#include "usercopy_check.h"

#define BOOT_STACK_SIZE	(64UL * 1024)
#define MAX_OBJECTS	1024

extern char boot_stack_top[];

struct object {
	unsigned long start, end;
};

static struct object objects[MAX_OBJECTS];	/* by address: allocation order */
static unsigned long nr_objects;
static unsigned long pool_start, pool_end;

void usercopy_heap_add(const void *p, unsigned long size)
{
	unsigned long nr = nr_objects;

	/* Past the table's end an allocation stays untracked: it joins the
	 * last object, so that no copy into it is refused wrongly. */
	if (nr == MAX_OBJECTS) {
		__atomic_store_n(&objects[nr - 1].end, (unsigned long)p + size,
				 __ATOMIC_RELEASE);
		return;
	}
	objects[nr].start = (unsigned long)p;
	objects[nr].end = (unsigned long)p + size;
	__atomic_store_n(&nr_objects, nr + 1, __ATOMIC_RELEASE);
}

void usercopy_check_init(unsigned long start, unsigned long end)
{
	pool_start = start;
	pool_end = end;
	uaccess_set_usercopy_check(usercopy_check);
}

/* The object holding a, or NULL: a binary search of the sorted table. */
static const struct object *object_of(unsigned long a)
{
	unsigned long lo = 0, hi = __atomic_load_n(&nr_objects, __ATOMIC_ACQUIRE);

	while (lo < hi) {
		unsigned long mid = lo + (hi - lo) / 2;

		if (a < objects[mid].start)
			hi = mid;
		else if (a >= __atomic_load_n(&objects[mid].end, __ATOMIC_ACQUIRE))
			lo = mid + 1;
		else
			return &objects[mid];
	}
	return NULL;
}

bool usercopy_check(const void *obj, unsigned long n, bool to_user)
{
	unsigned long a = (unsigned long)obj, end = a + n;
	unsigned long top = (unsigned long)boot_stack_top;
	unsigned long bottom = top - BOOT_STACK_SIZE;
	unsigned long live = (unsigned long)__builtin_frame_address(0);
	const struct object *o;

	(void)to_user;
	if (n == 0)
		return true;
	if (end < a)
		return false;
	if (a < top && end > bottom) {
		/* On another CPU's stack, only the boot stack's bounds count. */
		if (live < bottom || live >= top)
			live = bottom;
		return a >= live && end <= top;
	}
	if (a < pool_end && end > pool_start) {
		o = object_of(a);
		return o && end <= __atomic_load_n(&o->end, __ATOMIC_RELAXED);
	}
	return true;
}
