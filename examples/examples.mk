# SPDX-License-Identifier: MIT
#
# The bare-metal kernels, one set per architecture (examples/$(ARCH)/):
# the library wired into a small kernel as docs/INTEGRATION.md describes,
# booted in QEMU system emulation. The test kernels run the suite of tests/
# under real page faults; the demo kernel shows the library at work.
#
#   make qemu-test	build this ARCH's kernel(s), boot every configuration
#			through run.sh (a timeout, the pass line, the pass
#			exit status), logs in $(O)/qemu-CONFIG.log, summed in
#			$(O)/suite.log
#   make qemu-check	qemu-test for every ARCH that has a kernel, each in
#			build/qemu-ARCH, then one closing line over all
#   make qemu-demo	boot this ARCH's demo kernel, its report on the
#			terminal (fails unless QEMU_PASS_STATUS and the
#			last line is "# kernel: pass")
#   make qemu-demo-build	only build the library and the demo kernel
#			(the top-level `make demo` runs it quietly first)
#
# Included by the top-level Makefile (ARCH, O, LIB, CC, CPPFLAGS,
# TEST_CFLAGS, Q, quiet are defined). Each examples/ARCH/kernel.mk
# defines:
#   BAREMETAL_KERNELS	the ELF(s) it builds, under $(O)/baremetal/
#   QEMU_CONFIGS	the configuration names
#   qemu_cmd		$(call qemu_cmd,CONFIG): the QEMU command line
#   QEMU_PASS_STATUS	QEMU's exit status after a passing boot
#   QEMU_DEPS		tools for scripts/install-deps.sh (optional)
#   DEMO_KERNEL, demo_cmd	the demo kernel and its command (may be empty)

BAREMETAL_ARCHS := $(patsubst examples/%/kernel.mk,%,\
	$(wildcard examples/*/kernel.mk))

ifneq ($(wildcard examples/$(ARCH)/kernel.mk),)
include examples/$(ARCH)/kernel.mk
endif

# Seconds a boot may take before it counts as a hang.
QEMU_TIMEOUT ?= 300
QEMU_LOGS = $(foreach c,$(QEMU_CONFIGS),$(O)/qemu-$(c).log)

define qemu_newline


endef

# run.sh judges each boot; a failed one also ends its log with a closing
# line that counts the boot itself as failed, so the tally sees it.
qemu-test: $(BAREMETAL_KERNELS) $(DEMO_KERNEL)
	$(Q)sh scripts/install-deps.sh $(QEMU_DEPS)
	$(Q)rm -f $(QEMU_LOGS) $(O)/suite.log
	$(foreach c,$(QEMU_CONFIGS),$(Q)PASS_STATUS=$(QEMU_PASS_STATUS) \
		sh examples/run.sh $(ARCH)/$(c) $(QEMU_TIMEOUT) \
		$(O)/qemu-$(c).log -- $(call qemu_cmd,$(c)) || true$(qemu_newline))
	$(Q)sh tests/tools/tally.sh $(QEMU_LOGS) > $(O)/suite.log; r=$$?; \
		tail -n 1 $(O)/suite.log; exit $$r

# The output directories are $(QEMU_CHECK_O)-ARCH.
QEMU_CHECK_O ?= build/qemu
QEMU_CHECK_LOGS := $(foreach a,$(BAREMETAL_ARCHS),$(QEMU_CHECK_O)-$(a)/suite.log)

qemu-check:
	$(Q)rm -f $(QEMU_CHECK_LOGS)
	$(foreach a,$(BAREMETAL_ARCHS),$(Q)$(MAKE) --no-print-directory \
		ARCH=$(a) O=$(QEMU_CHECK_O)-$(a) qemu-test || true$(qemu_newline))
	$(Q)sh tests/tools/tally.sh $(QEMU_CHECK_LOGS)

qemu-demo-build: $(LIB) $(DEMO_KERNEL)

qemu-demo: $(DEMO_KERNEL)
	$(if $(DEMO_KERNEL),,@echo "no demo kernel for ARCH=$(ARCH)"; exit 1)
	$(Q)sh scripts/install-deps.sh $(QEMU_DEPS)
	$(Q)log=$(O)/demo.log; \
		{ timeout 120 $(demo_cmd) < /dev/null; echo "$$?" > $$log.status; } | tee $$log; \
		s=$$(cat $$log.status); \
		[ "$$s" -eq $(QEMU_PASS_STATUS) ] || { echo "demo: exit status $$s"; exit 1; }; \
		tail -n 1 $$log | grep -q '^# kernel: pass' || { echo "demo: no pass line"; exit 1; }

.PHONY: qemu-test qemu-check qemu-demo qemu-demo-build
