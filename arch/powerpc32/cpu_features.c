// SPDX-License-Identifier: MIT
/*
 * The one CPU feature of PowerPC32 that matters here: whether dcbz clears
 * exactly UACCESS_DCBZ_LINE bytes. There is no portable register that says
 * (the PVR names a core, not its cache; user mode cannot read it), so
 * measure: fill a 512-byte aligned scratch block with a pattern, dcbz its
 * middle, and see which bytes became zero. A real line is a power of two,
 * aligned to its size, around the address given; anything else (a dcbz that
 * clears nothing, or faults) counts as no usable dcbz.
 */
#include <uaccess.h>
#include <uaccess/extable.h>

#define SCRATCH 512
#define PATTERN 0xa5

#if UACCESS_DCBZ_LINE
static unsigned char scratch[SCRATCH] __attribute__((aligned(SCRATCH)));

unsigned long uaccess_dcbz_line_size(void)
{
	volatile unsigned char *p = scratch;
	unsigned long lo = SCRATCH, hi = 0, i;
	int ok = 1;

	for (i = 0; i < SCRATCH; i++)
		p[i] = PATTERN;
	/*
	 * An alignment exception (scratch not cacheable) that the kernel
	 * routes to uaccess_fixup() lands at 2 and means: no dcbz.
	 */
	__asm__ volatile("1:	dcbz 0, %1\n"
			 UACCESS_EXTABLE(1b, 2f)
			 "	b 3f\n"
			 "2:	li %0, 0\n"
			 "3:\n"
			 : "+r"(ok)
			 : "r"(scratch + SCRATCH / 2)
			 : "memory");
	if (!ok)
		return 0;
	for (i = 0; i < SCRATCH; i++)
		if (p[i] != PATTERN) {
			if (i < lo)
				lo = i;
			hi = i + 1;
		}
	if (lo >= hi || hi - lo > SCRATCH / 2 || (hi - lo) & (hi - lo - 1) ||
	    lo % (hi - lo) || lo > SCRATCH / 2 || hi <= SCRATCH / 2)
		return 0;
	for (i = lo; i < hi; i++)
		if (p[i])
			return 0;
	return hi - lo;
}
#else
unsigned long uaccess_dcbz_line_size(void)
{
	return 0;	/* built without dcbz: not even measured */
}
#endif

unsigned long uaccess_cpu_features(void)
{
	return UACCESS_DCBZ_LINE && uaccess_dcbz_line_size() == UACCESS_DCBZ_LINE
		       ? UACCESS_FEAT_DCBZ : 0;
}
