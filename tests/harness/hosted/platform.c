// SPDX-License-Identifier: MIT
/*
 * The suite in a Linux process. User buffers are mmap'd pages; guard pages
 * are PROT_NONE, read-only ones PROT_READ. A SIGSEGV stands in for the page
 * fault: the handler asks uaccess_fixup() about the faulting instruction
 * and resumes at the fixup, exactly as a kernel's page-fault handler does.
 * A fault that the table does not cover is a bug: report it and exit.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>
#include <uaccess.h>
#include "harness.h"
#include "platform.h"
#include "hosted_context.h"
#include "test_arch.h"

static volatile unsigned long faults;

static void on_fault(int sig, siginfo_t *si, void *ctx)
{
	ucontext_t *uc = ctx;
	unsigned long pc = test_arch_context_pc(uc);
	unsigned long fixup = uaccess_fixup(pc);
	char msg[160];
	int len;

	if (!fixup) {
		len = snprintf(msg, sizeof(msg),
			       "# unexpected signal %d at pc %#lx, address %p\n",
			       sig, pc, si->si_addr);
		if (write(STDOUT_FILENO, msg, (size_t)len) < 0)
			_exit(3);
		_exit(2);
	}
	faults++;
	test_arch_context_set_pc(uc, fixup);
}

size_t plat_page_size(void)
{
	return (size_t)sysconf(_SC_PAGESIZE);
}

void *plat_alloc_pages(size_t npages)
{
	void *p = mmap(NULL, npages * plat_page_size(), PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) {
		perror("mmap");
		exit(2);
	}
	return p;
}

void plat_protect(void *p, size_t npages, enum plat_prot prot)
{
	static const int prots[] = {
		[PLAT_NONE] = PROT_NONE,
		[PLAT_RO] = PROT_READ,
		[PLAT_RW] = PROT_READ | PROT_WRITE,
		[PLAT_RX] = PROT_READ | PROT_EXEC,
		[PLAT_RWX] = PROT_READ | PROT_WRITE | PROT_EXEC,
	};

	if (mprotect(p, npages * plat_page_size(), prots[prot])) {
		perror("mprotect");
		exit(2);
	}
}

/*
 * Needs the right to map below vm.mmap_min_addr (CAP_SYS_RAWIO). MAP_FIXED:
 * nothing of the process lies at 0 (qemu-user ignores MAP_FIXED_NOREPLACE).
 */
bool plat_map_page_zero(void)
{
	void *p = mmap(NULL, plat_page_size(), PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);

	return p != MAP_FAILED;
}

void plat_unmap_page_zero(void)
{
	munmap(NULL, plat_page_size());
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
	r = vprintf(fmt, ap);
	va_end(ap);
	fflush(stdout);
	return r;
}

/*
 * Usage: uaccess-test [FEATURES [TEST...]]. FEATURES is a feature set as
 * named by test_arch_parse_features() ("native" by default: what
 * uaccess_init() detects, less what user mode cannot run); TESTs run only
 * those tests (t_main_args()).
 */
int main(int argc, char **argv)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_fault;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);

	return t_main_args(argc, argv);
}
