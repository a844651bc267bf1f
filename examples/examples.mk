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
#   make cmake-demo	build the demo kernel with CMake (examples/cmake/),
#   make meson-demo	or Meson (examples/meson/), the library through its
#			two lines, from a clean $(O)/cmake or $(O)/meson,
#			then boot it as qemu-demo does; the result in
#			$(O)/suite.log (x86_64 and aarch64)
#
# Included by the top-level Makefile (ARCH, O, LIB, CC, CPPFLAGS,
# TEST_CFLAGS, Q, quiet are defined). Each examples/ARCH/kernel.mk
# defines:
#   BAREMETAL_KERNELS	the ELF(s) it builds, under $(O)/baremetal/
#   QEMU_CONFIGS	the configuration names
#   qemu_cmd		$(call qemu_cmd,CONFIG): the QEMU command line
#   QEMU_PASS_STATUS	QEMU's exit status after a passing boot
#   QEMU_DEPS		tools for scripts/install-deps.sh (optional)
#   DEMO_KERNEL, demo_cmd	the demo kernel and $(call demo_cmd,ELF), the
#			command that boots it (may be empty)

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

# DEMO_ELF: the kernel qemu-demo boots, cmake-demo's and meson-demo's too.
DEMO_ELF ?= $(DEMO_KERNEL)
qemu-demo: $(DEMO_ELF)
	$(if $(DEMO_KERNEL),,@echo "no demo kernel for ARCH=$(ARCH)"; exit 1)
	$(Q)sh scripts/install-deps.sh $(QEMU_DEPS)
	$(Q)log=$(O)/demo.log; \
		{ timeout 120 $(call demo_cmd,$(DEMO_ELF)) < /dev/null; \
		echo "$$?" > $$log.status; } | tee $$log; \
		s=$$(cat $$log.status); \
		[ "$$s" -eq $(QEMU_PASS_STATUS) ] || { echo "demo: exit status $$s"; exit 1; }; \
		tail -n 1 $$log | grep -q '^# kernel: pass' || { echo "demo: no pass line"; exit 1; }

# $(call other_build_demo,NAME,CONFIGURE): configure (a command) into
# $(O)/NAME from scratch, build there, boot its demo.elf.
# CC and EXTRA_LDFLAGS come along: gcc or clang, with lld or not.
define other_build_demo
	$(Q)sh scripts/install-deps.sh cmake ninja=ninja-build meson
	$(Q)rm -rf $(O)/$(1) $(O)/suite.log && mkdir -p $(O)
	$(Q)if { $(2) && ninja -C $(O)/$(1); } > $(O)/$(1)-build.log 2>&1 && \
		$(MAKE) --no-print-directory -s qemu-demo DEMO_ELF=$(O)/$(1)/demo.elf \
		> $(O)/$(1)-demo.log 2>&1; then \
		echo "ok - the demo kernel built with $(1) ($(O)/$(1)-demo.log)"; \
		echo "1 passed, 0 failed"; \
	else \
		tail -n 15 $(O)/$(1)-build.log $(O)/$(1)-demo.log 2>/dev/null | sed 's/^/#   /'; \
		echo "not ok - the demo kernel built with $(1)"; \
		echo "0 passed, 1 failed"; \
	fi > $(O)/suite.log; cat $(O)/suite.log
endef

cmake-demo:
	$(call other_build_demo,cmake,CC="$(CC)" cmake -S examples/cmake -B $(O)/cmake \
		-G Ninja -DCMAKE_EXE_LINKER_FLAGS="$(EXTRA_LDFLAGS)" \
		$(if $(CROSS_COMPILE),-DCMAKE_TOOLCHAIN_FILE=$(CURDIR)/cmake/$(ARCH).cmake))

meson-demo:
	$(Q)cd examples/meson && mkdir -p subprojects && { test -L subprojects/uaccess || \
		ln -s ../../.. subprojects/uaccess 2>/dev/null || test -L subprojects/uaccess; }
	$(call other_build_demo,meson,CC="$(CC)" meson setup $(O)/meson examples/meson \
		$(if $(CROSS_COMPILE),--cross-file meson/$(ARCH).ini) \
		-Dc_link_args="$(EXTRA_LDFLAGS)")

.PHONY: qemu-test qemu-check qemu-demo qemu-demo-build cmake-demo meson-demo
