// SPDX-License-Identifier: MIT
/*
 * Just enough of a flattened device tree reader to find /chosen/bootargs
 * (qemu -append): the structure block is a stream of big-endian 32-bit
 * tokens, node names and property values padded to 4 bytes.
 */
#include <string.h>
#include "kernel.h"

#define FDT_MAGIC	0xd00dfeed
#define FDT_BEGIN_NODE	1
#define FDT_END_NODE	2
#define FDT_PROP	3
#define FDT_NOP		4
#define FDT_END		9

static unsigned long be32(const void *p)
{
	return *(const unsigned int *)p;	/* the CPU is big-endian too */
}

static unsigned long pad4(unsigned long n)
{
	return (n + 3) & ~3UL;
}

/* Copy the first word of /chosen/bootargs to buf; NULL if there is none. */
const char *fdt_first_bootarg(const void *fdt, char *buf, unsigned long size)
{
	const char *base = fdt;
	const char *p, *strings;
	int depth = 0;
	bool in_chosen = false;

	if (!fdt || be32(base) != FDT_MAGIC)
		return NULL;
	p = base + be32(base + 8);		/* off_dt_struct */
	strings = base + be32(base + 12);	/* off_dt_strings */
	for (;;) {
		unsigned long token = be32(p), len;
		const char *value;

		p += 4;
		switch (token) {
		case FDT_BEGIN_NODE:
			depth++;
			in_chosen = depth == 2 && !strcmp(p, "chosen");
			p += pad4(strlen(p) + 1);
			break;
		case FDT_END_NODE:
			depth--;
			in_chosen = false;
			break;
		case FDT_PROP:
			len = be32(p);
			value = p + 8;
			if (in_chosen && !strcmp(strings + be32(p + 4), "bootargs")) {
				unsigned long n = 0;

				while (n < len && n + 1 < size && value[n] &&
				       value[n] != ' ')
					n++;
				memcpy(buf, value, n);
				buf[n] = 0;
				return n ? buf : NULL;
			}
			p = value + pad4(len);
			break;
		case FDT_NOP:
			break;
		default:	/* FDT_END or garbage */
			return NULL;
		}
	}
}
