// SPDX-License-Identifier: MIT
/*
 * The AArch64 kernel's own cases, after the suite: what keeps the kernel
 * out of user memory has to matter, and the library has to live with it.
 *
 *  1. PAN: on a CPU with FEAT_PAN (the ID register says which), a stray
 *     plain ldrb/strb of a mapped, writable user page with PAN set takes a
 *     permission fault (EC 0x25, DFSC 0x0f, WnR for the store, FAR exact)
 *     and changes nothing; with PAN clear both go through; an ldtrb goes
 *     through whatever PAN says. On a CPU without PAN the stray load goes
 *     through, and the case says so. The probes carry the kernel's own
 *     fixup (start.S), which the library's table must not cover.
 *  2. Software PAN: outside a window the user region is not mapped, so a
 *     plain load and an ldtrb both take a translation fault, PAN clear or
 *     not.
 *  3. Exception entry: inside a full window (plat_user_begin: PAN clear,
 *     the user root), a brk's handler runs with PAN set (SPAN = 0) and the
 *     window closed, so its own stray load faults, and eret gives the
 *     interrupted code its PAN and TTBR0 back.
 *  4. A kernel-only address (mapped, EL1 only) passed to the unchecked
 *     calls faults through ldtr/sttr: the full count or -EFAULT, the
 *     kernel memory unchanged; so does an EL1-only page inside the user
 *     range with the checked calls, which access_ok() lets through.
 *  5. PAN set and every window closed after each clear_user, including
 *     one whose range holds whole DCZID_EL0 blocks (a dc zva loop) and
 *     runs into an unmapped page, with the count exact.
 * windows_checked() adds the balance of every window after everything.
 */
#include <string.h>
#include <uaccess.h>
#include "harness.h"
#include "kernel.h"
#include "platform.h"

#define PATTERN	0x5a
#define STRAY	0xa5
#define KPAT	0x3c	/* kernel memory the calls must not touch */

static unsigned char *page;	/* a user page full of PATTERN */

static struct kfault *kf(void)
{
	return &this_cpu()->kfault;
}

/* The probe faulted once at p with one of the DFSCs [lo, hi]. */
static void expect_fault(int faulted, unsigned long before, const void *p,
			 bool write, unsigned long lo, unsigned long hi,
			 const char *what)
{
	const struct kfault *k = kf();
	unsigned long dfsc = ESR_DFSC(k->esr);

	t_case(faulted && k->count == before + 1 &&
	       ESR_EC(k->esr) == EC_DABT_SAME && dfsc >= lo && dfsc <= hi &&
	       !(k->esr & ESR_WNR) == !write && k->far == (unsigned long)p,
	       "%s of %p: %s (ESR %#lx: EC %#lx, DFSC %#lx, FAR %#lx; want EC "
	       "0x25, DFSC %#lx..%#lx%s at %p)", what, p,
	       faulted ? "faulted" : "went through", k->esr, ESR_EC(k->esr),
	       dfsc, k->far, lo, hi, write ? ", WnR" : "", p);
}

static void pan_stray(void)
{
	unsigned long before, f0 = plat_fault_count();
	unsigned char v = 0;
	int faulted;

	t_group_begin("kernel: PAN (ID_AA64MMFR1_EL1.PAN %lu) and a stray plain "
		      "access to a user page", read_sysreg(id_aa64mmfr1_el1) >> 20 & 0xf);
	/* The user root, PAN as the kernel keeps it: only PAN can refuse. */
	mmu_software_window(true);
	before = kf()->count;
	faulted = kprobe_load(page, &v);
	if (cpu_has_pan) {
		expect_fault(faulted, before, page, false, DFSC_PERMISSION_L3,
			     DFSC_PERMISSION_L3, "plain ldrb with PAN set");
		before = kf()->count;
		faulted = kprobe_store(page + 1, STRAY);
		expect_fault(faulted, before, page + 1, true, DFSC_PERMISSION_L3,
			     DFSC_PERMISSION_L3, "plain strb with PAN set");
	} else {
		t_case(!faulted && v == PATTERN && kf()->count == before,
		       "no PAN on this CPU: the plain ldrb of %p should go through: "
		       "%s, read %#x", (void *)page,
		       faulted ? "faulted" : "went through", v);
	}
	faulted = kprobe_load_user(page, &v);
	t_case(!faulted && v == PATTERN, "ldtrb of %p (PAN %s): %s, read %#x",
	       (void *)page, cpu_has_pan ? "set" : "absent",
	       faulted ? "faulted" : "went through", v);
	mmu_software_window(false);
	t_case(uaccess_fixup((unsigned long)kprobe_load_insn) == 0 &&
	       uaccess_fixup((unsigned long)kprobe_store_insn) == 0 &&
	       plat_fault_count() == f0,
	       "the kernel's probes are the library's: fixup %#lx, %lu library "
	       "faults", uaccess_fixup((unsigned long)kprobe_load_insn),
	       plat_fault_count() - f0);

	plat_user_begin();
	t_case(page[1] == PATTERN, "the faulting strb changed the byte to %#x",
	       page[1]);
	before = kf()->count;
	faulted = kprobe_load(page, &v) | kprobe_store(page + 2, STRAY);
	t_case(!faulted && v == PATTERN && page[2] == STRAY &&
	       kf()->count == before, "plain ldrb and strb inside a window "
	       "(PAN clear): %s", faulted ? "faulted" : "went through");
	page[2] = PATTERN;
	plat_user_end();
	t_group_end();
}

static void software_stray(void)
{
	unsigned long before;
	unsigned char v = 0;
	int faulted;

	if (!software_pan) {
		plat_printf("# software PAN off: its stray-access cases skipped\n");
		return;
	}
	t_group_begin("kernel: software PAN: outside a window the user region "
		      "is not mapped");
	t_case(read_sysreg(ttbr0_el1) == kuap_ttbr0_closed,
	       "TTBR0 %#lx outside every window, not the kernel root %#lx",
	       read_sysreg(ttbr0_el1), kuap_ttbr0_closed);
	/* PAN clear: the missing mapping alone must refuse. */
	if (cpu_has_pan)
		pan_write(false);
	before = kf()->count;
	faulted = kprobe_load(page, &v);
	expect_fault(faulted, before, page, false, DFSC_TRANSLATION_L1,
		     DFSC_TRANSLATION_L3, "plain ldrb, window closed");
	before = kf()->count;
	faulted = kprobe_load_user(page + 3, &v);
	expect_fault(faulted, before, page + 3, false, DFSC_TRANSLATION_L1,
		     DFSC_TRANSLATION_L3, "ldtrb, window closed");
	before = kf()->count;
	faulted = kprobe_store(page + 4, STRAY);
	expect_fault(faulted, before, page + 4, true, DFSC_TRANSLATION_L1,
		     DFSC_TRANSLATION_L3, "plain strb, window closed");
	if (cpu_has_pan)
		pan_write(true);
	t_group_end();
}

/* A brk inside the test's window: what the handler ran with. */
static void entry_test(void)
{
	struct brk_probe *p = &brk_probe;
	bool guarded = cpu_has_pan || software_pan;
	unsigned long pan_after = 0, ttbr0_after;

	t_group_begin("kernel: exception entry closes the window (PAN, TTBR0), "
		      "eret restores it");
	p->ran = false;
	p->page = page;
	plat_user_begin();
	__asm__ volatile("brk #0x2a" : : : "memory");
	if (cpu_has_pan)
		pan_after = pan_read();
	ttbr0_after = read_sysreg(ttbr0_el1);
	plat_user_end();
	t_case(p->ran, "the brk handler did not run the probe");
	if (cpu_has_pan) {
		t_case(!(p->frame_spsr & PSR_PAN),
		       "the interrupted SPSR %#lx has PAN set", p->frame_spsr);
		t_case(p->handler_pan,
		       "the handler ran with PAN clear (SCTLR_EL1.SPAN = 0 sets it)");
		t_case(!pan_after, "after eret PAN is set: SPSR not restored");
	}
	if (software_pan) {
		t_case(p->frame_ttbr0 == kuap_ttbr0_open,
		       "the interrupted TTBR0 %#lx is not the user root", p->frame_ttbr0);
		t_case(p->handler_ttbr0 == kuap_ttbr0_closed,
		       "the handler ran with TTBR0 %#lx, not the kernel root",
		       p->handler_ttbr0);
		t_case(ttbr0_after == kuap_ttbr0_open,
		       "after eret TTBR0 %#lx, not the user root", ttbr0_after);
	}
	t_case(p->faulted == guarded,
	       "the handler's stray ldrb of %p %s (ESR %#lx, FAR %#lx); with %s "
	       "it should %s", (void *)page, p->faulted ? "faulted" : "went through",
	       p->esr, p->far, guarded ? "PAN or software PAN" : "neither",
	       guarded ? "fault" : "go through");
	t_group_end();
}

static bool all(const unsigned char *p, size_t n, unsigned char v)
{
	return t_first_not(p, n, v) == n;
}

/*
 * Every unchecked call on kernel memory k (EL1 only), the kernel buffer
 * kd on the other side: the full count or -EFAULT, k unchanged, kd
 * unchanged.
 */
static void kernel_only(unsigned char *k, unsigned char *kd, const char *where)
{
	static const unsigned long sizes[] = { 1, 7, 8, 63, 64, 100, 4096 };
	unsigned char src[4096];
	unsigned long f0;

	memset(src, STRAY, sizeof(src));
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		unsigned long n = sizes[i], r;

		__asm__("" : "+r"(n));	/* the routines, not the scalar path */
		memset(kd, KPAT + 1, n);
		f0 = plat_fault_count();
		r = __copy_from_user(kd, UPTR(k), n);
		t_case(r == n && all(kd, n, KPAT + 1) && plat_fault_count() > f0,
		       "__copy_from_user(kbuf, %s %p, %lu) = %lu, buffer %s",
		       where, (void *)k, n, r, all(kd, n, KPAT + 1) ? "kept" : "WRITTEN");
		r = __copy_to_user(UPTR(k), src, n);
		t_case(r == n, "__copy_to_user(%s %p, %lu) = %lu", where, (void *)k, n, r);
		r = __clear_user(UPTR(k), n);
		t_case(r == n, "__clear_user(%s %p, %lu) = %lu", where, (void *)k, n, r);
	}
	/* Constant sizes: one scalar in place, then the routine on the fault. */
	t_case(__copy_from_user(kd, UPTR(k), 8) == 8 &&
	       __copy_to_user(UPTR(k), src, 8) == 8 && __clear_user(UPTR(k), 8) == 8,
	       "8-byte constant calls on %s %p", where, (void *)k);
	{
		unsigned long x8 = 1;
		unsigned int x4 = 1;
		unsigned short x2 = 1;
		unsigned char x1 = 1;
		int r8 = __get_user(x8, (unsigned long __user *)k);
		int r4 = __get_user(x4, (unsigned int __user *)(k + 4));
		int r2 = __get_user(x2, (unsigned short __user *)(k + 2));
		int r1 = __get_user(x1, (unsigned char __user *)(k + 1));

		t_case(r8 == -UACCESS_EFAULT && r4 == -UACCESS_EFAULT &&
		       r2 == -UACCESS_EFAULT && r1 == -UACCESS_EFAULT &&
		       !x8 && !x4 && !x2 && !x1,
		       "__get_user of 8, 4, 2, 1 bytes at %s %p: %d %d %d %d", where,
		       (void *)k, r8, r4, r2, r1);
		r8 = __put_user(0UL, (unsigned long __user *)k);
		r4 = __put_user(0U, (unsigned int __user *)(k + 4));
		r2 = __put_user((unsigned short)0, (unsigned short __user *)(k + 2));
		r1 = __put_user((unsigned char)0, (unsigned char __user *)(k + 1));
		t_case(r8 == -UACCESS_EFAULT && r4 == -UACCESS_EFAULT &&
		       r2 == -UACCESS_EFAULT && r1 == -UACCESS_EFAULT,
		       "__put_user of 8, 4, 2, 1 bytes at %s %p: %d %d %d %d", where,
		       (void *)k, r8, r4, r2, r1);
	}
}

static void kernel_addresses(void)
{
	unsigned char *k = plat_alloc_kernel_pages(1);
	unsigned char *kd = plat_alloc_kernel_pages(1);
	unsigned char *u = plat_alloc_pages(1);
	bool kept;

	t_group_begin("kernel: kernel-only memory through the unprivileged accesses");
	memset(k, KPAT, PAGE_SIZE);
	kernel_only(k, kd, "kernel page");
	t_case(all(k, PAGE_SIZE, KPAT), "the kernel page was written at %lu",
	       t_first_not(k, PAGE_SIZE, KPAT));

	/* EL1-only inside the user range: access_ok() cannot refuse it. */
	plat_user_begin();
	memset(u, KPAT, PAGE_SIZE);
	plat_user_end();
	mmu_set_kernel_only(u);
	kernel_only(u, kd, "EL1-only user-range page");
	memset(kd, KPAT + 1, 64);
	t_case(copy_from_user(kd, UPTR(u), 64) == 64 && all(kd, 64, 0) &&
	       copy_to_user(UPTR(u), kd, 64) == 64 && clear_user(UPTR(u), 64) == 64,
	       "checked calls on the EL1-only page %p: not the full count, or "
	       "copy_from_user did not zero-fill", (void *)u);
	{
		/* The exclusives are privileged: the ldtr before them judges. */
		unsigned int cur = 1, old = 1;
		int rc = uaccess_futex_cmpxchg(&cur, (unsigned int __user *)u,
					       KPAT * 0x01010101U, 0);
		int ro = uaccess_futex_op(UACCESS_FUTEX_OP_ADD, 1, &old,
					  (unsigned int __user *)(u + 8));

		t_case(rc == -UACCESS_EFAULT && ro == -UACCESS_EFAULT &&
		       cur == 1 && old == 1,
		       "futex calls on the EL1-only page %p: %d %d (cur %u, old %u)",
		       (void *)u, rc, ro, cur, old);
	}
	plat_user_begin();
	kept = all(u, PAGE_SIZE, KPAT);
	plat_user_end();
	t_case(kept, "the EL1-only page was written");
	plat_protect(u, 1, PLAT_RW);
	t_group_end();
}

/* After a call: PAN set (a CPU with PAN) and no window open. */
static void closed_after(const char *call)
{
	bool pan_ok = !cpu_has_pan || pan_read();

	t_case(pan_ok && plat_window_state() <= 0,
	       "after %s: PAN %s, window state %d", call,
	       cpu_has_pan ? (pan_ok ? "set" : "CLEAR") : "absent",
	       plat_window_state());
}

/*
 * clear_user over whole DCZID_EL0 blocks: pages A, B mapped, C a hole, D
 * mapped. Each range runs into C (or stays in A and B); the count must be
 * exact, the bytes before the hole zero, nothing outside written.
 */
static void dc_zva_clears(void)
{
	unsigned long dczid = read_sysreg(dczid_el0), bs = 4UL << (dczid & 0xf);
	unsigned char *a = plat_alloc_pages(4), *hole = a + 2 * PAGE_SIZE;
	const struct {
		unsigned long start, n;
	} cases[] = {
		{ 0, 2 * PAGE_SIZE + 3 * bs },
		{ bs, 2 * PAGE_SIZE - bs + 1 },
		{ PAGE_SIZE - 5 * bs - 3, 5 * bs + 3 + PAGE_SIZE + 17 },
		{ 2 * PAGE_SIZE - 4 * bs, 4 * bs + PAGE_SIZE + 100 },
		{ 3, 3 * PAGE_SIZE },
		{ 2 * PAGE_SIZE - 1, 2 },
		{ 0, 2 * PAGE_SIZE },
		{ bs / 2, PAGE_SIZE + 3 * bs },
	};

	plat_protect(hole, 1, PLAT_NONE);
	t_group_begin("kernel: clear_user over %lu-byte DCZID blocks into a hole: "
		      "exact, PAN set after", bs);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		unsigned char *p = a + cases[i].start;
		unsigned long n = cases[i].n, f0, r, r2;
		unsigned long done = p + n <= hole ? n : (unsigned long)(hole - p);
		bool zero, before, after, far;

		for (int checked = 1; checked >= 0; checked--) {
			plat_user_begin();
			memset(a, PATTERN, 2 * PAGE_SIZE);
			memset(hole + PAGE_SIZE, PATTERN, PAGE_SIZE);
			plat_user_end();
			f0 = plat_fault_count();
			r = checked ? clear_user(UPTR(p), n) : __clear_user(UPTR(p), n);
			closed_after(checked ? "clear_user" : "__clear_user");
			plat_user_begin();
			zero = all(p, done, 0);
			before = all(a, cases[i].start, PATTERN);
			after = all(p + done, (unsigned long)(hole - p) - done, PATTERN);
			far = all(hole + PAGE_SIZE, PAGE_SIZE, PATTERN);
			plat_user_end();
			r2 = plat_fault_count() - f0;
			t_case(r == n - done && zero && before && after && far &&
			       (done == n || r2 > 0),
			       "%sclear_user(A + %lu, %lu) = %lu (want %lu), %lu faults; "
			       "cleared %s, before %s, after %s, page after the hole %s",
			       checked ? "" : "__", cases[i].start, n, r, n - done, r2,
			       zero ? "zero" : "NOT ZERO", before ? "kept" : "WRITTEN",
			       after ? "kept" : "WRITTEN", far ? "kept" : "WRITTEN");
		}
	}
	t_group_end();
}

void pan_test(void)
{
	page = plat_alloc_pages(1);
	plat_user_begin();
	memset(page, PATTERN, PAGE_SIZE);
	plat_user_end();
	pan_stray();
	software_stray();
	entry_test();
	kernel_addresses();
	dc_zva_clears();
}

void windows_checked(void)
{
	t_group_begin("kernel: every library window closed, every library fault "
		      "on user memory inside one");
	for (unsigned int i = 0; i < smp_cpus; i++) {
		const struct kuap_counts *k = &cpus[i].kuap;

		t_case(k->open == 0 && k->allows == k->prevents && !k->misuse,
		       "CPU %u: %lu allows, %lu prevents, %ld open, %lu nested or "
		       "unmatched", i, k->allows, k->prevents, k->open, k->misuse);
		if (software_pan)
			t_case(k->allows > 0, "CPU %u: no window was ever opened", i);
	}
	t_case(!closed_window_faults, "%lu library faults on user memory with the "
	       "window closed", closed_window_faults);
	t_case(!window_left_open, "%lu times a window was found open where every "
	       "window is closed", window_left_open);
	closed_after("the suite");
	t_group_end();
	plat_printf("# windows: CPU 0 opened %lu, closed %lu; directions %#x\n",
		    cpus[0].kuap.allows, cpus[0].kuap.prevents, cpus[0].kuap.dirs);
}
