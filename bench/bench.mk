# SPDX-License-Identifier: MIT
#
# make bench: each architecture's benchmark is bench/$(ARCH)/bench.mk
# (what it measures and writes is said at its top). Included by the
# top-level Makefile, which defines O, ARCH, LIB, CC, CPPFLAGS, Q, quiet.

ifneq ($(wildcard bench/$(ARCH)/bench.mk),)
include bench/$(ARCH)/bench.mk
else
bench:
	@echo "no benchmark for ARCH=$(ARCH) (bench/$(ARCH)/bench.mk)"; exit 1
.PHONY: bench
endif
