# SPDX-License-Identifier: MIT
#
# make sparse: the library and this ARCH's bare-metal kernels through sparse,
# which checks what the compiler cannot: a user pointer (__user, see
# <uaccess/compiler.h>) is never dereferenced, nor mixed with a kernel
# pointer except through a __force cast. Fails on any sparse output at all
# (sparse itself exits 0 on warnings); the output is in $(O)/sparse.log.
#
#   make sparse [ARCH=...]
#
# Included by the top-level Makefile (ARCH, O, CC, CPPFLAGS, LIB_SRCS).
# tests/arch/$(ARCH)/tests.mk sets:
#   SPARSE_FLAGS	sparse's target (--arch=, -m32/-m64, ...), for every file
#   SPARSE_KERNEL_FLAGS	the -D flags the kernel builds its files with;
#			$(1) is the file, for the flags of one file
#   SPARSE_DEPS		tools for scripts/install-deps.sh (CC among them:
#			the compiler's own headers are the ones used)

# Where the bare-metal kernels are: their shared files in
# $(SPARSE_KERNEL_DIR)/, each architecture's in $(SPARSE_KERNEL_DIR)/ARCH/.
SPARSE_KERNEL_DIR := tests/baremetal

# The library's C files; the kernels' are those of the suite (tests/,
# tests/arch/ARCH/), of tests/nolibc/ and of the kernel directories, as
# $(SPARSE_KERNEL_DIR)/ARCH/kernel.mk builds them, with its include path:
# the kernel's directory first (its <uaccess/kuap.h>), then the suite's.
SPARSE_LIB_SRCS := $(filter %.c,$(LIB_SRCS))
SPARSE_KERNEL_SRCS := $(if $(wildcard $(SPARSE_KERNEL_DIR)/$(ARCH)/kernel.mk),\
	$(wildcard $(SPARSE_KERNEL_DIR)/$(ARCH)/*.c $(SPARSE_KERNEL_DIR)/*.c \
	tests/*.c tests/arch/$(ARCH)/*.c tests/nolibc/*.c))
SPARSE_KERNEL_INCLUDES := -I$(SPARSE_KERNEL_DIR)/$(ARCH) -Itests \
	-Itests/arch/$(ARCH) -Itests/nolibc/include
SPARSE_LOG = $(O)/sparse.log

# Everything is freestanding: the compiler's own headers only ($$inc, from
# $(CC)), never the build machine's C library, which is another target's.
# $(call sparse_one,FILE,FLAGS): one file, its output added to the log.
sparse_one = printf '  %-6s %s\n' SPARSE $(1); \
	sparse $(SPARSE_FLAGS) -ffreestanding -nostdinc -isystem "$$inc" \
		$(CPPFLAGS) $(2) $(1) >> $(SPARSE_LOG) 2>&1 || \
		echo "$(1): sparse exited $$?" >> $(SPARSE_LOG);

sparse:
	$(Q)sh scripts/install-deps.sh sparse $(SPARSE_DEPS)
	$(Q)mkdir -p $(O) && : > $(SPARSE_LOG) || exit 1; \
	inc=$$($(CC) -print-file-name=include) || exit 1; \
	$(foreach f,$(SPARSE_LIB_SRCS),$(call sparse_one,$(f),-Ilib)) \
	$(foreach f,$(SPARSE_KERNEL_SRCS),$(call sparse_one,$(f),\
		$(SPARSE_KERNEL_INCLUDES) $(call SPARSE_KERNEL_FLAGS,$(f)))) \
	if [ -s $(SPARSE_LOG) ]; then \
		cat $(SPARSE_LOG); \
		echo "sparse: $(words $(SPARSE_LIB_SRCS) $(SPARSE_KERNEL_SRCS)) files," \
			"warnings: $$(grep -c ': warning: ' $(SPARSE_LOG))," \
			"errors: $$(grep -c ': error: ' $(SPARSE_LOG))"; \
		exit 1; \
	fi; \
	echo "sparse: $(words $(SPARSE_LIB_SRCS) $(SPARSE_KERNEL_SRCS)) files, no warnings"

.PHONY: sparse
