/* SPDX-License-Identifier: MIT */
/*
 * What the suite needs from where it runs: pages it can map and protect,
 * a fault handler that resumes through uaccess_fixup(), and output.
 * tests/harness/hosted/ implements it for a Linux process.
 */
#ifndef TEST_PLATFORM_H
#define TEST_PLATFORM_H

#include <stdbool.h>
#include <stddef.h>
#include <uaccess/compiler.h>

/* PLAT_RX / PLAT_RWX: for code pages, which the library may patch. */
enum plat_prot { PLAT_NONE, PLAT_RO, PLAT_RW, PLAT_RX, PLAT_RWX };

size_t plat_page_size(void);
/*
 * npages of zeroed, page-aligned, read-write user memory (below the user
 * limit, mapped as user pages on a bare-metal kernel); never fails.
 */
void *plat_alloc_pages(size_t npages);
/* The same, in kernel memory: buffers the kernel side of a copy uses. */
void *plat_alloc_kernel_pages(size_t npages);
/*
 * Test code that reads or writes user memory itself (to fill a pattern or
 * check a result) brackets the access with these: on a kernel with SMAP
 * they open and close a user-access window (stac / clac), as the library
 * does around its own accesses. No library call may happen in between, so
 * every library call starts with the window closed and a missing stac in
 * the library faults. In a Linux process they do nothing.
 */
void plat_user_begin(void);
void plat_user_end(void);
void plat_protect(void *p, size_t npages, enum plat_prot prot);
/*
 * A hole in kernel memory, for the probes of kernel addresses: a
 * page-aligned H such that [H - page, H) is read-write kernel memory and
 * [H, H + page) is not mapped at all. *after is set to H + page where that
 * page is read-write kernel memory too, else to NULL (a kernel whose
 * mapped memory ends at H).
 * Every call returns the same hole.
 */
unsigned char *plat_kernel_hole(unsigned char **after);
/*
 * true if an access at TEST_ARCH_MASKED_ADDR, or up to a page above it,
 * faults and the fault reaches uaccess_fixup(). A non-canonical address
 * raises an exception of its own, which a kernel routes only if that
 * handler asks uaccess_fixup() too (a Linux process gets SIGSEGV for
 * both); a kernel that maps the NULL page does not fault there at all.
 */
bool plat_masked_addr_faults(void);
/*
 * Map page 0 as a read-write user page, zeroed, for the test of refused
 * pointers with the user range starting at 0; false where that cannot be
 * done (a process without the right to map address 0, a kernel that keeps
 * page 0 for itself). plat_unmap_page_zero() makes it inaccessible again.
 */
bool plat_map_page_zero(void);
void plat_unmap_page_zero(void);
/*
 * The CPU's user-access window now, outside plat_user_begin(): 1 open (AC
 * set under SMAP, sstatus.SUM set, a KUAP window), 0 closed, -1 where the
 * platform has no window to read (a Linux process).
 */
int plat_window_state(void);
/*
 * The whole of the status registers a user-access window writes, for a
 * comparison before and after a library call: a window that changes more
 * than its own bit (interrupts masked, a mode bit cleared) shows there,
 * where plat_window_state() reads closed. A kernel reads its own: RFLAGS,
 * sstatus, MSR and PID (the KUAP state), PSTATE and TTBR0 (PAN, software
 * PAN); it masks only the bits a call changes legitimately, and says why.
 * n is 0 where there is nothing to read (a Linux process).
 */
#define PLAT_STATUS_MAX 2
struct plat_status {
	unsigned int n;
	const char *name[PLAT_STATUS_MAX];
	unsigned long value[PLAT_STATUS_MAX];
};
void plat_status_read(struct plat_status *s);
/* User-memory faults resolved through uaccess_fixup() so far. */
unsigned long plat_fault_count(void);
int plat_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * User pointers under sparse (make sparse, tests/tools/sparse.mk): the pages of
 * plat_alloc_pages() are plain pointers, because the test code fills and
 * checks them itself (between plat_user_begin() and plat_user_end()); what
 * it hands the library is marked as a user address at the call: UPTR(p)
 * for the bulk, string and window calls (void __user *), (T __user *)p for
 * the scalar ones. KPTR(u) crosses back on purpose, where test code reads
 * through a user pointer itself. For the compiler all are plain casts.
 */
#define UPTR(p)	((void __user *)(p))
#define KPTR(u)	((__force void *)(u))

#endif
