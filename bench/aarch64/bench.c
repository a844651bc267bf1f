// SPDX-License-Identifier: MIT
/*
 * The AArch64 columns of uaccess-bench (bench/qemu_count.c runs them):
 * clear_user, copy_to_user and copy_from_user next to the references of
 * ref.S. The library is built for EL0, as the hosted suite's, and
 * uaccess_init() picks its routines for the CPU model count.py runs it on;
 * count's header line says which, and the dc zva block (DCZID_EL0). The
 * guard around a range is the largest block DCZID_EL0 can announce, so
 * that a block zeroed in the wrong place is seen wherever it lands.
 */
#include "qemu_count.h"

BENCH_CLEAR_CALL(bench_call_lib_clear, clear_user((void __user *)to, n))
REF_CLEAR_CALL(ref_clear_bytes)
REF_CLEAR_CALL(ref_clear_dwords)
REF_CLEAR_CALL(ref_clear_x8)
REF_CLEAR_CALL(ref_clear_stp)
REF_CLEAR_CALL(ref_clear_zva)
REF_CHECKED_CLEAR_CALL(ref_clear_dwords)
BENCH_CALL(bench_call_lib_copy_to, copy_to_user((void __user *)to, from, n))
REF_COPY_CALL(ref_copy_to_bytes)
REF_COPY_CALL(ref_copy_to_dwords)
REF_CHECKED_COPY_CALL(ref_copy_to_dwords, to)
BENCH_CALL(bench_call_lib_copy_from, copy_from_user(to, (const void __user *)from, n))
REF_COPY_CALL(ref_copy_from_bytes)
REF_COPY_CALL(ref_copy_from_dwords)
REF_CHECKED_COPY_CALL(ref_copy_from_dwords, from)

/* In count.py's order: the library first, then the references. */
static const struct column columns[] = {
	COLUMN("clear_user", "lib", bench_call_lib_clear),
	COLUMN("clear_user", "ref:bytes", bench_call_ref_clear_bytes),
	COLUMN("clear_user", "ref:dwords", bench_call_ref_clear_dwords),
	COLUMN("clear_user", "ref:x8", bench_call_ref_clear_x8),
	COLUMN("clear_user", "ref:stp", bench_call_ref_clear_stp),
	COLUMN("clear_user", "ref:zva", bench_call_ref_clear_zva),
	COLUMN("clear_user", "ref:dwords+ok", bench_call_ref_clear_dwords_ok),
	COLUMN("copy_to_user", "lib", bench_call_lib_copy_to),
	COLUMN("copy_to_user", "ref:bytes", bench_call_ref_copy_to_bytes),
	COLUMN("copy_to_user", "ref:dwords", bench_call_ref_copy_to_dwords),
	COLUMN("copy_to_user", "ref:dwords+ok", bench_call_ref_copy_to_dwords_ok),
	COLUMN("copy_from_user", "lib", bench_call_lib_copy_from),
	COLUMN("copy_from_user", "ref:bytes", bench_call_ref_copy_from_bytes),
	COLUMN("copy_from_user", "ref:dwords", bench_call_ref_copy_from_dwords),
	COLUMN("copy_from_user", "ref:dwords+ok", bench_call_ref_copy_from_dwords_ok),
};

static const struct table tables[] = { TABLE(columns) };

/*
 * The sweep: every size up to 300 and sizes around 1, 2, 4 and 8 KiB;
 * clears at destination offsets that put the start anywhere in a
 * doubleword and near the start and end of a 64- and a 512-byte block
 * (the dc zva blocks under qemu), copies at every destination and source
 * offset in a doubleword. A wrong head, tail or block loop cannot pass;
 * the dc zva paths need sizes of several blocks to be reached at all.
 */
static const unsigned long big_sizes[] = {
	448, 511, 512, 513, 575, 576, 577, 1000, 1023, 1024, 1025, 1535,
	1536, 1537, 2047, 2048, 2049, 4095, 4096, 4097, 8191, 8192,
};
static const unsigned long clear_offsets[] = {
	0, 1, 2, 3, 4, 5, 6, 7, 8, 15, 56, 63, 64, 65, 255, 448, 504, 511,
};

/* What a kernel does before its first user access. */
static void init(void)
{
	if (uaccess_init())
		bench_die("uaccess_init() failed: %s\n", uaccess_init_error());
}

static void header(void)
{
	unsigned long dczid;

	__asm__ volatile("mrs %0, dczid_el0" : "=r"(dczid));
	bench_print("# uaccess-bench count: dczid 0x%lx; library: %s\n", dczid,
		    uaccess_strategy_name());
}

const struct bench_arch bench_arch = {
	.columns = columns, .nr_columns = ARRAY_SIZE(columns),
	.tables = tables, .nr_tables = ARRAY_SIZE(tables),
	.sweep = { 301, big_sizes, ARRAY_SIZE(big_sizes), clear_offsets,
		   ARRAY_SIZE(clear_offsets), 8 },
	.guard = 2048,		/* the largest dc zva block (BS = 9) */
	/*
	 * Ranges start on a block boundary of every dc zva size, so that a
	 * placement's offset is an offset from a block (count.py's model of
	 * ref_clear_zva), and not on a page's: a 4 KiB range spans two pages,
	 * each of which the library's dc zva path probes.
	 */
	.page_offset = 2048,
	.init = init,
	.header = header,
};
