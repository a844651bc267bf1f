// SPDX-License-Identifier: MIT
/*
 * Not run: linked by tests/checks/build-checks.sh the way a kernel links the
 * library (freestanding, kernel code model, its own linker script with
 * <uaccess/sections.ld>), to prove that this works.
 */
#include <uaccess.h>

static char kbuf[64];

unsigned long kernel_page_fault(unsigned long pc);
unsigned long kernel_main(void *ubuf);

unsigned long kernel_page_fault(unsigned long pc)
{
	return uaccess_fixup(pc);
}

unsigned long kernel_main(void *ubuf)
{
	uaccess_init();
	return clear_user(ubuf, 64) + copy_to_user(ubuf, kbuf, 64) +
	       copy_from_user(kbuf, ubuf, 64);
}
