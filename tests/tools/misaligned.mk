# SPDX-License-Identifier: MIT
# make misaligned: the hosted suite once under qemu-user with the TCG
# plugin of tests/tools/plugins/misaligned.c, which fails the run on any
# misaligned data access made by the library's code (tests/tools/misaligned.sh
# says what is watched). For an architecture whose tests.mk names the
# qemu-user command in MISALIGNED_QEMU: one whose routines promise to make
# no misaligned access. The plugin is built for the host.
HOSTCC ?= cc
MISALIGNED_PLUGIN := $(O)/plugins/misaligned.so

$(MISALIGNED_PLUGIN): tests/tools/plugins/misaligned.c
	$(quiet) HOSTCC $@
	$(Q)mkdir -p $(@D) && \
		$(HOSTCC) -shared -fPIC -O2 -Wall -Wextra -Werror -o $@ $<

misaligned: $(TEST_BIN) $(MISALIGNED_PLUGIN)
	$(if $(MISALIGNED_QEMU),,$(error ARCH=$(ARCH) sets no MISALIGNED_QEMU))
	$(Q)NM="$(NM)" OBJDUMP="$(OBJDUMP)" sh tests/tools/misaligned.sh \
		"$(MISALIGNED_QEMU)" $(MISALIGNED_PLUGIN) $(TEST_BIN) $(TEST_LIB) \
		$(O)/misaligned.sites > $(O)/misaligned.log; \
		grep -v '^ok' $(O)/misaligned.log | tail -n 4; \
		tail -n 1 $(O)/misaligned.log | grep -q ' 0 failed$$'

.PHONY: misaligned
