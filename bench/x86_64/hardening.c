// SPDX-License-Identifier: MIT
/*
 * The hardening tables: what the range check, the Spectre-v1 mask and the
 * speculation barrier cost one 4-byte get_user / put_user; and what the
 * hardened copies' size check (contracts 11 to 14 of <uaccess.h>) costs
 * one copy_from_user whose n the compiler cannot see.
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
static const char *const hd_op_names[NR_HD_OPS] = { "get_user 4 B", "put_user 4 B" };

static long get_check(const uint32_t *p)
{
	uint32_t v = 0;

	if (!access_ok(p, sizeof(*p)))
		return -UACCESS_EFAULT;
	return __get_user(v, p) + (long)v;
}

static long put_check(uint32_t *p, uint32_t v)
{
	if (!access_ok(p, sizeof(*p)))
		return -UACCESS_EFAULT;
	return __put_user(v, p);
}

/*
 * get_NAME and put_NAME: one unsafe_ access in a window that `open` opens
 * (it may return -UACCESS_EFAULT), user_access_end() after it.
 */
#define WINDOW_ACCESSES(name, open)					\
static long get_##name(const uint32_t *p)				\
{									\
	uint32_t v;							\
									\
	open;								\
	unsafe_get_user(v, p, efault);					\
	user_access_end();						\
	return (long)v;							\
efault:									\
	user_access_end();						\
	return -UACCESS_EFAULT;						\
}									\
									\
static long put_##name(uint32_t *p, uint32_t v)				\
{									\
	open;								\
	unsafe_put_user(v, p, efault);					\
	user_access_end();						\
	return 0;							\
efault:									\
	user_access_end();						\
	return -UACCESS_EFAULT;						\
}

WINDOW_ACCESSES(window, if (!user_access_begin(p, sizeof(*p))) return -UACCESS_EFAULT)
WINDOW_ACCESSES(masked, p = masked_user_access_begin(p))

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

/*
 * copy_from_user of n bytes, n hidden from the compiler, into an object
 * of a known size (64 bytes: one compare of n) or of an unknown one (one
 * compare with the limit that stands for INT_MAX and the kernel's check,
 * none set); each
 * beside the same call without the check, the inline the hardened one
 * runs once its check has passed.
 */
enum { HC_KNOWN, HC_UNKNOWN, NR_HC_OPS };
enum { HC_UNHARDENED, HC_HARDENED, NR_HC_COLS };
static const char *const hc_op_names[NR_HC_OPS] = { "copy_from_user 8 B, 64 B object",
						     "copy_from_user 8 B, size unknown" };
static char hc_obj[64];

static inline __attribute__((always_inline)) long
copy_known(const char *from, long n, bool hardened)
{
	unsigned long len = (unsigned long)n;

	FRESH(len);
	if (hardened)
		return (long)copy_from_user(hc_obj, from, len);
	return (long)_uaccess_copy_from_user_unhardened(hc_obj, from, len);
}

static inline __attribute__((always_inline)) long
copy_unknown(char *to, const char *from, long n, bool hardened)
{
	unsigned long len = (unsigned long)n;

	FRESH(len);
	if (hardened)
		return (long)copy_from_user(to, from, len);
	return (long)_uaccess_copy_from_user_unhardened(to, from, len);
}

DEFINE_STR_TIMER(time_known_unhardened, copy_known(from, n, false))
DEFINE_STR_TIMER(time_known_hardened, copy_known(from, n, true))
DEFINE_STR_TIMER(time_unknown_unhardened, copy_unknown(to, from, n, false))
DEFINE_STR_TIMER(time_unknown_hardened, copy_unknown(to, from, n, true))

/* Each cell one 4-byte access, or an 8-byte copy, at the start of an 8-byte string. */
#define ON_8(timer) { timer, 8 }
static const struct cell hc_cells[NR_HC_OPS][NR_HC_COLS] = {
	[HC_KNOWN] = { ON_8(time_known_unhardened), ON_8(time_known_hardened) },
	[HC_UNKNOWN] = { ON_8(time_unknown_unhardened), ON_8(time_unknown_hardened) },
};
static const struct cell hd_cells[NR_HD_OPS][NR_HD_COLS] = {
	[HD_GET] = { ON_8(time_get_raw), ON_8(time_get_check), ON_8(time_get_shipped),
		     ON_8(time_get_window), ON_8(time_get_masked) },
	[HD_PUT] = { ON_8(time_put_raw), ON_8(time_put_check), ON_8(time_put_shipped),
		     ON_8(time_put_window), ON_8(time_put_masked) },
};

void hardening_table(const struct bench_env *env)
{
	double med[NR_HD_OPS][NR_HD_COLS], hc_med[NR_HC_OPS][NR_HC_COLS];

	time_cells(env, &hd_cells[0][0], NR_HD_OPS * NR_HD_COLS, &med[0][0]);
	time_cells(env, &hc_cells[0][0], NR_HC_OPS * NR_HC_COLS, &hc_med[0][0]);
	out("\n## hardening: ticks per call (Spectre-v1 mask vs barrier)\n");
	out("\n__ form: no check; check: access_ok + __ form; shipped: "
	    "get_user/put_user (check + mask); window: user_access_begin "
	    "(check + lfence) + unsafe_ access + user_access_end; masked: "
	    "masked_user_access_begin (mask, no branch, no barrier) + unsafe_ "
	    "access + user_access_end\n");
	out("\n| op           | __ form |   check | shipped |  window |  masked | mask | barrier |\n"
	    "|:-------------|--------:|--------:|--------:|--------:|--------:|-----:|--------:|\n");
	for (int op = 0; op < NR_HD_OPS; op++) {
		double *m = med[op];

		out("| %-12s | %7.1f | %7.1f | %7.1f | %7.1f | %7.1f | %4.1f | %7.1f |\n",
		    hd_op_names[op], m[HD_RAW], m[HD_CHECK], m[HD_SHIPPED],
		    m[HD_WINDOW], m[HD_MASKED], m[HD_SHIPPED] - m[HD_CHECK],
		    m[HD_WINDOW] - m[HD_CHECK]);
	}

	out("\n## hardened copies: ticks per call (size check)\n");
	out("\nn not a constant; unhardened: the same call without the check "
	    "(the inline it runs once the check passed); no kernel check set\n");
	out("\n| op                               | unhardened | hardened | check |\n"
	    "|:---------------------------------|-----------:|---------:|------:|\n");
	for (int op = 0; op < NR_HC_OPS; op++)
		out("| %-32s | %10.1f | %8.1f | %5.1f |\n", hc_op_names[op],
		    hc_med[op][HC_UNHARDENED], hc_med[op][HC_HARDENED],
		    hc_med[op][HC_HARDENED] - hc_med[op][HC_UNHARDENED]);
}
