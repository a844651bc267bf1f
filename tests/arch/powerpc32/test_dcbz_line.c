// SPDX-License-Identifier: MIT
/*
 * dcbz line-size safety. dcbz clears the CPU's whole line, so with a build
 * for another line size it would clear bytes outside the range. Checks:
 *  - uaccess_dcbz_line_size() matches what a dcbz of the test's own clears
 *    (so the measurement is what the CPU does), and is 0 or a power of two;
 *  - uaccess_cpu_features() reports DCBZ iff that equals UACCESS_DCBZ_LINE;
 *  - with DCBZ forced by uaccess_init_features(), the library uses dcbz
 *    iff the lines match, and clear_user/copy_to_user/copy_from_user write
 *    exactly their range at every line phase, whatever the real line;
 * then restores the feature set the suite runs with.
 */
#include <string.h>
#include <uaccess.h>
#include "harness.h"
#include "platform.h"
#include "test_arch.h"

#define CANARY 0xA5
#define SPAN 512

/* What one dcbz of the test's clears: the length of the zeroed block. */
static unsigned long raw_dcbz_line(void)
{
	static unsigned char buf[SPAN] __attribute__((aligned(SPAN)));
	volatile unsigned char *p = buf;
	unsigned long lo = SPAN, hi = 0;

	for (unsigned long i = 0; i < SPAN; i++)
		p[i] = CANARY;
	__asm__ volatile("dcbz 0, %0" : : "r"(buf + SPAN / 2) : "memory");
	for (unsigned long i = 0; i < SPAN; i++)
		if (!p[i]) {
			if (i < lo)
				lo = i;
			hi = i + 1;
		}
	return hi > lo ? hi - lo : 0;
}

static unsigned char data(unsigned long i)
{
	return (unsigned char)(i * 37 + 11) | 1;	/* never 0 */
}

/*
 * One call on [u, u + n) in a canary-filled page span; check the range and
 * every byte around it.
 */
static void check_range(const char *what, unsigned char *ubase,
			unsigned char *kbase, unsigned long off, unsigned long n)
{
	unsigned char *u = ubase + off;
	unsigned long ret, bad = 3 * SPAN;
	bool from = !strcmp(what, "copy_from_user");

	/* The test's own user accesses: inside a window (KUAP, SMAP). */
	plat_user_begin();
	for (unsigned long i = 0; i < 3 * SPAN; i++)
		ubase[i] = from ? data(i) : CANARY;
	plat_user_end();
	for (unsigned long i = 0; i < 3 * SPAN; i++)
		kbase[i] = from ? CANARY : data(i);
	if (!strcmp(what, "clear_user"))
		ret = clear_user(UPTR(u), n);
	else if (!strcmp(what, "copy_to_user"))
		ret = copy_to_user(UPTR(u), kbase + off, n);
	else
		ret = copy_from_user(kbase + off, UPTR(u), n);
	plat_user_begin();
	for (unsigned long i = 0; i < 3 * SPAN && bad == 3 * SPAN; i++) {
		bool in = i >= off && i < off + n;
		unsigned char got, want;

		if (!strcmp(what, "copy_from_user")) {
			got = kbase[i];
			want = in ? data(i) : CANARY;
		} else {
			got = ubase[i];
			want = !in ? CANARY : !strcmp(what, "clear_user") ? 0 : data(i);
		}
		if (got != want)
			bad = i;
	}
	plat_user_end();
	t_case(ret == 0 && bad == 3 * SPAN,
	       "%s off=%lu n=%lu: returned %lu, first wrong byte at %ld",
	       what, off, n, ret, bad == 3 * SPAN ? -1L : (long)bad - (long)off);
}

void test_dcbz_line(void)
{
	static const char *const calls[] = {
		"clear_user", "copy_to_user", "copy_from_user",
	};
	unsigned long real = raw_dcbz_line();
	unsigned long measured = uaccess_dcbz_line_size();
	bool match = UACCESS_DCBZ_LINE && measured == UACCESS_DCBZ_LINE;
	unsigned char *ubase = plat_alloc_pages(1);
	unsigned char *kbase = plat_alloc_kernel_pages(1);

	plat_printf("# dcbz clears %lu bytes here (measured %lu), built for %d: "
		    "dcbz %s\n", real, measured, UACCESS_DCBZ_LINE,
		    match ? "usable" : "refused");

	t_group_begin("dcbz line size measured and checked");
	t_case(!UACCESS_DCBZ_LINE || measured == real,
	       "uaccess_dcbz_line_size() = %lu, a dcbz clears %lu", measured,
	       real);
	t_case(!(measured & (measured - 1)), "measured %lu", measured);
	t_case(!!(uaccess_cpu_features() & UACCESS_FEAT_DCBZ) == match,
	       "uaccess_cpu_features() = %#lx with line %lu, built for %d",
	       uaccess_cpu_features(), measured, UACCESS_DCBZ_LINE);
	t_group_end();

	t_group_begin("dcbz forced: used iff the line matches, ranges exact");
	uaccess_init_features(UACCESS_FEAT_DCBZ);
	t_case(!!_uaccess_dcbz == match && !strcmp(uaccess_strategy_name(),
		       match ? (UACCESS_DCBZ_LINE <= 64 ? "dcbz"
						      : "dcbz clear, words copy")
			     : "words"),
	       "forced dcbz: _uaccess_dcbz = %lu, strategy %s, line %s",
	       _uaccess_dcbz, uaccess_strategy_name(),
	       match ? "matches" : "differs");
	/*
	 * Every 16-byte phase against a 256-byte line, sizes from just under
	 * two build lines to four 128-byte lines: whole-line ends for the
	 * build's line that are mid-line for a larger one and vice versa.
	 */
	for (size_t c = 0; c < 3; c++)
		for (unsigned long off = 0; off < 256; off += 16)
			for (unsigned long n = 2 * _UACCESS_LINE - 16; n <= 512;
			     n += 48) {
				check_range(calls[c], ubase, kbase, off, n);
				check_range(calls[c], ubase, kbase, off + 3, n + 1);
			}
	uaccess_init_features(test_features);
	t_case(!!_uaccess_dcbz == ((test_features & UACCESS_FEAT_DCBZ) && match),
	       "feature set %#lx not restored", test_features);
	t_group_end();
}
