# SPDX-License-Identifier: MIT
#
# make sparse: the library and this ARCH's bare-metal kernels through sparse,
# which checks what the compiler cannot: a user pointer (__user, see
# <uaccess/compiler.h>) is never dereferenced, nor mixed with a kernel
# pointer except through a __force cast. A file passes when sparse prints
# nothing for it (sparse itself exits 0 on warnings); $(O)/sparse.log has
# one ok / not ok line per file, sparse's words under a failed one, and the
# closing "N passed, N failed" (make check counts it). Fails if a file does.
#
#   make sparse [ARCH=...]
#
# Included by the top-level Makefile (ARCH, O, CC, LIB_CPPFLAGS, LIB_SRCS).
# tests/arch/$(ARCH)/tests.mk sets:
#   SPARSE_FLAGS	sparse's target (--arch=, -m32/-m64, ...), for every file
#   SPARSE_KERNEL_FLAGS	the -D flags the kernel builds its files with;
#			$(1) is the file, for the flags of one file
#   SPARSE_DEPS		tools for scripts/install-deps.sh (CC among them:
#			the compiler's own headers are the ones used)

# Where the bare-metal kernels are: their shared files in
# $(SPARSE_KERNEL_DIR)/, each architecture's in $(SPARSE_KERNEL_DIR)/ARCH/.
SPARSE_KERNEL_DIR := examples

# The library's C files; the kernels' are those of the suite (tests/cases/,
# tests/harness/, tests/arch/ARCH/), of tests/harness/nolibc/ and of the
# kernel directories, as
# $(SPARSE_KERNEL_DIR)/ARCH/kernel.mk builds them, with its include path:
# the kernel's directory first (its <uaccess/kuap.h>), then the suite's.
SPARSE_LIB_SRCS := $(filter %.c,$(LIB_SRCS))
SPARSE_KERNEL_SRCS := $(if $(wildcard $(SPARSE_KERNEL_DIR)/$(ARCH)/kernel.mk),\
	$(wildcard $(SPARSE_KERNEL_DIR)/$(ARCH)/*.c $(SPARSE_KERNEL_DIR)/*.c \
	tests/cases/*.c tests/cases/module/*.c tests/harness/*.c \
	tests/arch/$(ARCH)/*.c tests/harness/nolibc/*.c))
SPARSE_KERNEL_INCLUDES := -I$(SPARSE_KERNEL_DIR)/$(ARCH) -Itests/cases \
	-Itests/harness -Itests/arch/$(ARCH) -Itests/harness/nolibc/include
SPARSE_LOG = $(O)/sparse.log

# Everything is freestanding: the compiler's own headers only ($$inc, from
# $(CC)), never the build machine's C library, which is another target's.
# $(call sparse_one,FILE,FLAGS): one file, its result added to the log.
sparse_one = printf '  %-6s %s\n' SPARSE $(1); \
	out=$$(sparse $(SPARSE_FLAGS) -ffreestanding -nostdinc -isystem "$$inc" \
		$(LIB_CPPFLAGS) $(2) $(1) 2>&1; echo "$$?"); \
	if [ "$$out" = 0 ]; then echo "ok - sparse $(1)" >> $(SPARSE_LOG); \
	else echo "not ok - sparse $(1)" >> $(SPARSE_LOG); \
		echo "$$out" | sed '$$s/^/sparse exit status /; s/^/\# /' >> $(SPARSE_LOG); fi;

sparse:
	$(Q)sh scripts/install-deps.sh sparse $(SPARSE_DEPS)
	$(Q)mkdir -p $(O) && : > $(SPARSE_LOG) || exit 1; \
	inc=$$($(CC) -print-file-name=include) || exit 1; \
	$(foreach f,$(SPARSE_LIB_SRCS),$(call sparse_one,$(f),-Ilib)) \
	$(foreach f,$(SPARSE_KERNEL_SRCS),$(call sparse_one,$(f),\
		$(SPARSE_KERNEL_INCLUDES) $(call SPARSE_KERNEL_FLAGS,$(f)))) \
	p=$$(grep -c '^ok - ' $(SPARSE_LOG)); f=$$(grep -c '^not ok - ' $(SPARSE_LOG)); \
	grep -v '^ok - ' $(SPARSE_LOG); \
	echo "$$p passed, $$f failed" | tee -a $(SPARSE_LOG); \
	[ "$$f" -eq 0 ]

.PHONY: sparse
