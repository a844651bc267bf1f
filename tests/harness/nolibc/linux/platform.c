// SPDX-License-Identifier: MIT
/*
 * The suite in a Linux process without a C library: tests/harness/hosted/platform.c
 * on raw system calls, for CPUs on which the C library's own code cannot
 * run (a C library built for an FPU the core lacks).
 *
 * User buffers are mmap'd pages; guard pages are PROT_NONE, read-only ones
 * PROT_READ. A SIGSEGV stands in for the page fault: the handler asks
 * uaccess_fixup() about the faulting instruction and resumes at the fixup
 * by rewriting the pc in the kernel's signal frame, exactly as a kernel's
 * page-fault handler does. A fault that the table does not cover is a bug:
 * report it and exit. linux_arch.h has what differs between architectures.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <uaccess.h>
#include "harness.h"
#include "platform.h"
#include "test_arch.h"
#include "linux_arch.h"
#include "sys.h"

/* The values every architecture we support shares. */
#define PAGE_SIZE	4096
#define PROT_READ	1
#define PROT_WRITE	2
#define PROT_EXEC	4
#define MAP_PRIVATE	0x02
#define MAP_FIXED	0x10
#define MAP_ANONYMOUS	0x20
#define SA_SIGINFO	4
#define SIGBUS		7
#define SIGSEGV		11


/* The kernel's struct sigaction, which is not the C library's. */
struct linux_sigaction {
	void (*handler)(int sig, void *info, void *ucontext);
	unsigned long flags;
	void (*restorer)(void);
	unsigned long mask[64 / (8 * sizeof(long))];	/* 64 signals */
};

/* The head of a siginfo; si_addr follows three ints, pointer-aligned. */
struct linux_siginfo {
	int signo, error, code;
	void *addr;
};

static volatile unsigned long faults;

/* A system call that must not fail here: report the failure and exit. */
static long must(const char *what, long r)
{
	if ((unsigned long)r > -4096UL) {
		linux_print(2, "%s failed: errno %ld\n", what, -r);
		linux_exit_group(2);
	}
	return r;
}

static void on_fault(int sig, void *info, void *ucontext)
{
	struct linux_siginfo *si = info;
	unsigned long *pc = linux_context_pc(ucontext);
	unsigned long fixup = uaccess_fixup(*pc);

	if (!fixup) {
		linux_print(1, "# unexpected signal %d at pc %#lx, address %p\n",
		      sig, *pc, si->addr);
		linux_exit_group(2);
	}
	faults++;
	*pc = fixup;
}

size_t plat_page_size(void)
{
	return PAGE_SIZE;
}

void *plat_alloc_pages(size_t npages)
{
	return (void *)must("mmap", linux_syscall(NR_mmap, 0,
		(long)(npages * PAGE_SIZE), PROT_READ | PROT_WRITE,
		MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
}

static void protect(void *p, size_t len, int prot)
{
	must("mprotect", linux_syscall(NR_mprotect, (long)p, (long)len, prot,
				       0, 0, 0));
}

void plat_protect(void *p, size_t npages, enum plat_prot prot)
{
	static const int prots[] = {
		[PLAT_NONE] = 0,
		[PLAT_RO] = PROT_READ,
		[PLAT_RW] = PROT_READ | PROT_WRITE,
		[PLAT_RX] = PROT_READ | PROT_EXEC,
		[PLAT_RWX] = PROT_READ | PROT_WRITE | PROT_EXEC,
	};

	protect(p, npages * PAGE_SIZE, prots[prot]);
}

/*
 * Needs the right to map below vm.mmap_min_addr (CAP_SYS_RAWIO). MAP_FIXED:
 * nothing of the process lies at 0 (qemu-user ignores MAP_FIXED_NOREPLACE).
 */
bool plat_map_page_zero(void)
{
	long r = linux_syscall(NR_mmap, 0, PAGE_SIZE, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED,
			       -1, 0);

	return (unsigned long)r <= -4096UL;
}

/* Left mapped, inaccessible: the libc-free platform has no munmap. */
void plat_unmap_page_zero(void)
{
	protect(NULL, PAGE_SIZE, 0);
}

unsigned long plat_fault_count(void)
{
	return faults;
}

int plat_printf(const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = linux_vprint(1, fmt, ap);
	va_end(ap);
	return r;
}

/*
 * Usage: uaccess-test-nolibc [FEATURES [TEST...]]. FEATURES is a feature
 * set as named by test_arch_parse_features() ("native" by default: what
 * uaccess_init() detects, less what user mode cannot run); TESTs run only
 * those tests (t_main_args()).
 */
int main(int argc, char **argv)
{
	struct linux_sigaction sa = {
		.handler = on_fault,
		.flags = SA_SIGINFO | LINUX_SA_RESTORER,
		.restorer = LINUX_RESTORER,
	};

	must("rt_sigaction", linux_syscall(NR_rt_sigaction, SIGSEGV, (long)&sa,
					   0, sizeof(sa.mask), 0, 0));
	must("rt_sigaction", linux_syscall(NR_rt_sigaction, SIGBUS, (long)&sa,
					   0, sizeof(sa.mask), 0, 0));

	return t_main_args(argc, argv);
}

/* Called by _start (start.S) with the initial stack: argc, then argv[]. */
__attribute__((noreturn)) void linux_start(unsigned long *sp);
void linux_start(unsigned long *sp)
{
	linux_exit_group(main((int)sp[0], (char **)(sp + 1)));
}
