// SPDX-License-Identifier: MIT
/*
 * A QEMU TCG plugin (API version 1) that reports every misaligned data
 * access made by chosen instructions: those of the library's functions and
 * those with an exception-table entry (every user access, inlined ones
 * included). Built for the host, loaded by qemu-user:
 *
 *	qemu-riscv64 -plugin misaligned.so,sites=FILE prog
 *
 * FILE holds one line per range of code, "START END" in hex, END
 * exclusive (a single instruction is START START+1). At exit the plugin
 * writes "misaligned accesses: N" and the first few, pc and address, to
 * QEMU's log (stderr): the test that runs it fails on any N but 0.
 *
 * Debian ships no qemu-plugin.h: the few declarations used are below, as
 * QEMU 7.2's header has them.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
typedef uint32_t qemu_plugin_meminfo_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
typedef struct qemu_info_t qemu_info_t;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS };
enum qemu_plugin_mem_rw { QEMU_PLUGIN_MEM_R = 1, QEMU_PLUGIN_MEM_W,
			  QEMU_PLUGIN_MEM_RW };

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
	void (*cb)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb));
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *
qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb, size_t idx);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
void qemu_plugin_register_vcpu_mem_cb(struct qemu_plugin_insn *insn,
	void (*cb)(unsigned int vcpu, qemu_plugin_meminfo_t info,
		   uint64_t vaddr, void *udata),
	enum qemu_plugin_cb_flags flags, enum qemu_plugin_mem_rw rw,
	void *udata);
unsigned int qemu_plugin_mem_size_shift(qemu_plugin_meminfo_t info);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
	void (*cb)(qemu_plugin_id_t id, void *udata), void *udata);
void qemu_plugin_outs(const char *string);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

struct range { uint64_t start, end; };

static struct range *ranges;
static size_t nranges;
static unsigned long misaligned;
#define SHOWN 16
static struct { uint64_t pc, addr; unsigned int size; } shown[SHOWN];

static int by_start(const void *a, const void *b)
{
	const struct range *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

/* Whether pc lies in one of the (sorted) ranges. */
static int watched_pc(uint64_t pc)
{
	size_t lo = 0, hi = nranges;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (pc < ranges[mid].start)
			hi = mid;
		else if (pc >= ranges[mid].end)
			lo = mid + 1;
		else
			return 1;
	}
	return 0;
}

static void on_access(unsigned int vcpu, qemu_plugin_meminfo_t info,
		      uint64_t vaddr, void *udata)
{
	unsigned int size = 1u << qemu_plugin_mem_size_shift(info);

	(void)vcpu;
	if (!(vaddr & (size - 1)))
		return;
	if (misaligned < SHOWN) {
		shown[misaligned].pc = (uint64_t)(uintptr_t)udata;
		shown[misaligned].addr = vaddr;
		shown[misaligned].size = size;
	}
	misaligned++;
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb);

	(void)id;
	for (size_t i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		uint64_t pc = qemu_plugin_insn_vaddr(insn);

		if (watched_pc(pc))
			qemu_plugin_register_vcpu_mem_cb(insn, on_access,
				QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_MEM_RW,
				(void *)(uintptr_t)pc);
	}
}

static void report(qemu_plugin_id_t id, void *udata)
{
	char line[128];

	(void)id, (void)udata;
	for (unsigned long i = 0; i < misaligned && i < SHOWN; i++) {
		snprintf(line, sizeof(line),
			 "misaligned: pc %#llx, %u bytes at %#llx\n",
			 (unsigned long long)shown[i].pc, shown[i].size,
			 (unsigned long long)shown[i].addr);
		qemu_plugin_outs(line);
	}
	snprintf(line, sizeof(line),
		 "misaligned accesses: %lu (%zu code ranges watched)\n",
		 misaligned, nranges);
	qemu_plugin_outs(line);
}

static int load_ranges(const char *path)
{
	FILE *f = fopen(path, "r");
	unsigned long long s, e;
	size_t cap = 0;

	if (!f)
		return -1;
	while (fscanf(f, "%llx %llx", &s, &e) == 2) {
		if (nranges == cap) {
			cap = cap ? 2 * cap : 1024;
			ranges = realloc(ranges, cap * sizeof(*ranges));
			if (!ranges)
				return -1;
		}
		ranges[nranges].start = s;
		ranges[nranges++].end = e;
	}
	fclose(f);
	qsort(ranges, nranges, sizeof(*ranges), by_start);
	return nranges ? 0 : -1;
}

__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
			int argc, char **argv)
{
	(void)info;
	for (int i = 0; i < argc; i++)
		if (!strncmp(argv[i], "sites=", 6) && !load_ranges(argv[i] + 6)) {
			qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
			qemu_plugin_register_atexit_cb(id, report, NULL);
			return 0;
		}
	fprintf(stderr, "misaligned plugin: sites=FILE missing, unreadable "
		"or empty\n");
	return -1;
}
