// SPDX-License-Identifier: MIT
/*
 * The library's setup for uaccess-bench (bench.h): text patching in a
 * Linux process, the feature set detected, and every switch between feature
 * sets. The only file that calls uaccess_init_features().
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <uaccess.h>
#include "bench.h"

static unsigned long lib_features;

/*
 * The library patches its code (the inline calls in this program's own
 * timing loops included) at init. Text pages of a Linux process are not
 * writable: open them around each write. Writable and executable at once,
 * since the page being patched may hold the code doing the patching.
 */
static void poke_text(void *dst, const void *src, unsigned long len)
{
	unsigned long page = (unsigned long)sysconf(_SC_PAGESIZE);
	unsigned long lo = (unsigned long)dst & ~(page - 1);
	unsigned long hi = ((unsigned long)dst + len + page - 1) & ~(page - 1);
	bool ok = !mprotect((void *)lo, hi - lo, PROT_READ | PROT_WRITE | PROT_EXEC);

	if (ok) {
		memcpy(dst, src, len);
		ok = !mprotect((void *)lo, hi - lo, PROT_READ | PROT_EXEC);
	}
	if (!ok) {
		perror("mprotect text");
		exit(2);
	}
}

void library_select(unsigned long features)
{
	if (uaccess_init_features(features)) {
		fprintf(stderr, "bench: uaccess_init_features(%#lx) could not patch\n",
			features);
		exit(1);
	}
}

void library_restore(void)
{
	library_select(lib_features);
}

unsigned long library_setup(unsigned long *detected)
{
	*detected = uaccess_cpu_features();
	lib_features = *detected & ~UACCESS_FEAT_SMAP;
	uaccess_set_text_poke(poke_text);
	library_restore();
	return lib_features;
}

void library_strategy(unsigned long features, char *buf, size_t len)
{
	library_select(features);
	snprintf(buf, len, "%s", uaccess_strategy_name());
	library_restore();
}
