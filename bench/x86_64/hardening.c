// SPDX-License-Identifier: MIT
/*
 * The hardening table: what the range check, the Spectre-v1 mask and the
 * speculation barrier cost one 4-byte get_user / put_user.
 */
#include <stdint.h>
#include <uaccess.h>
#include "bench.h"

/*
 * One 4-byte get_user / put_user per call, four ways: no check (__ form);
 * the check without the mask (access_ok + __ form); as shipped (check +
 * mask); and a window
 * (user_access_begin: check + lfence, unsafe_ access, user_access_end);
 * and a masked window (masked_user_access_begin: mask, no branch, no
 * barrier, unsafe_ access, user_access_end).
 * mask = shipped - check; barrier = window - check.
 */
enum { HD_RAW, HD_CHECK, HD_SHIPPED, HD_WINDOW, HD_MASKED, NR_HD_COLS };
enum { HD_GET, HD_PUT, NR_HD_OPS };
static const char *const hd_col_names[NR_HD_COLS] = {
	"__ form", "check", "shipped", "window", "masked",
};
static const char *const hd_op_names[NR_HD_OPS] = {
	"get_user 4 B", "put_user 4 B",
};

static long get_check(const uint32_t *p)
{
	uint32_t v = 0;

	if (!access_ok(p, sizeof(*p)))
		return -UACCESS_EFAULT;
	return __get_user(v, p) + (long)v;
}

static long get_window(const uint32_t *p)
{
	uint32_t v;

	if (!user_access_begin(p, sizeof(*p)))
		return -UACCESS_EFAULT;
	unsafe_get_user(v, p, efault);
	user_access_end();
	return (long)v;
efault:
	user_access_end();
	return -UACCESS_EFAULT;
}

static long put_check(uint32_t *p, uint32_t v)
{
	if (!access_ok(p, sizeof(*p)))
		return -UACCESS_EFAULT;
	return __put_user(v, p);
}

static long put_window(uint32_t *p, uint32_t v)
{
	if (!user_access_begin(p, sizeof(*p)))
		return -UACCESS_EFAULT;
	unsafe_put_user(v, p, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -UACCESS_EFAULT;
}

static long get_masked(const uint32_t *p)
{
	uint32_t v;

	p = masked_user_access_begin(p);
	unsafe_get_user(v, p, efault);
	user_access_end();
	return (long)v;
efault:
	user_access_end();
	return -UACCESS_EFAULT;
}

static long put_masked(uint32_t *p, uint32_t v)
{
	p = masked_user_access_begin(p);
	unsafe_put_user(v, p, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -UACCESS_EFAULT;
}

static inline long get_raw(const uint32_t *p)
{
	uint32_t v = 0;

	return __get_user(v, p) + (long)v;
}

static inline long get_shipped(const uint32_t *p)
{
	uint32_t v = 0;

	return get_user(v, p) + (long)v;
}

#define UPTR ((uint32_t *)(uintptr_t)from)
DEFINE_STR_TIMER(time_get_raw, get_raw(UPTR))
DEFINE_STR_TIMER(time_get_check, get_check(UPTR))
DEFINE_STR_TIMER(time_get_shipped, get_shipped(UPTR))
DEFINE_STR_TIMER(time_get_window, get_window(UPTR))
DEFINE_STR_TIMER(time_put_raw, __put_user((uint32_t)i, UPTR))
DEFINE_STR_TIMER(time_put_check, put_check(UPTR, (uint32_t)i))
DEFINE_STR_TIMER(time_put_shipped, put_user((uint32_t)i, UPTR))
DEFINE_STR_TIMER(time_put_window, put_window(UPTR, (uint32_t)i))
DEFINE_STR_TIMER(time_get_masked, get_masked(UPTR))
DEFINE_STR_TIMER(time_put_masked, put_masked(UPTR, (uint32_t)i))

static timer_fn *const hd_timers[NR_HD_OPS][NR_HD_COLS] = {
	[HD_GET] = { time_get_raw, time_get_check, time_get_shipped,
		     time_get_window, time_get_masked },
	[HD_PUT] = { time_put_raw, time_put_check, time_put_shipped,
		     time_put_window, time_put_masked },
};

void hardening_table(void)
{
	struct cell cells[NR_HD_OPS][NR_HD_COLS];
	double med[NR_HD_OPS][NR_HD_COLS];

	configure_library(columns[0].features);
	/* One 4-byte access at the start of an 8-byte string. */
	for (int op = 0; op < NR_HD_OPS; op++)
		for (int c = 0; c < NR_HD_COLS; c++)
			cells[op][c] = (struct cell){ hd_timers[op][c], 8 };
	time_cells(&cells[0][0], NR_HD_OPS * NR_HD_COLS, &med[0][0]);

	out("\n## hardening: ticks per call (Spectre-v1 mask vs barrier)\n");
	out("\n__ form: no check; check: access_ok + __ form; shipped: "
	    "get_user/put_user (check + mask); window: user_access_begin "
	    "(check + lfence) + unsafe_ access + user_access_end; masked: "
	    "masked_user_access_begin (mask, no branch, no barrier) + unsafe_ "
	    "access + user_access_end\n");
	out("\n| %-12s | %7s | %7s | %7s | %7s | %7s | mask | barrier |\n"
	    "|:-------------|--------:|--------:|--------:|--------:|--------:|-----:|--------:|\n",
	    "op", hd_col_names[0], hd_col_names[1], hd_col_names[2],
	    hd_col_names[3], hd_col_names[4]);
	for (int op = 0; op < NR_HD_OPS; op++) {
		double *m = med[op];

		out("| %-12s | %7.1f | %7.1f | %7.1f | %7.1f | %7.1f | %4.1f | %7.1f |\n",
		    hd_op_names[op], m[HD_RAW], m[HD_CHECK], m[HD_SHIPPED],
		    m[HD_WINDOW], m[HD_MASKED], m[HD_SHIPPED] - m[HD_CHECK],
		    m[HD_WINDOW] - m[HD_CHECK]);
	}
}

