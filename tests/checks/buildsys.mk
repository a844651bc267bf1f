# SPDX-License-Identifier: MIT
# make buildsys: tests/checks/buildsys.py, CMakeLists.txt's and meson.build's
# compile commands against uaccess.mk's, every architecture, one case per
# build system and configuration in $(O)/buildsys.log. Part of make check.
buildsys:
	$(Q)mkdir -p $(O)
	$(Q)python3 tests/checks/buildsys.py $(O)/buildsys $(ARCHS) > $(O)/buildsys.log; \
		r=$$?; grep -v '^ok' $(O)/buildsys.log | head -n 40; exit $$r

CHECK_RUNS += buildsys
CHECK_TOOLS += cmake ninja=ninja-build meson
check-buildsys_TARGET := buildsys
check-buildsys_LOGS := buildsys.log

.PHONY: buildsys
