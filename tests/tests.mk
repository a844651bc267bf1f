# SPDX-License-Identifier: MIT
#
# The tests' makefiles, included by the top-level Makefile, which has set
# ARCH, O, the flags and CHECK_RUNS. The tests live in folders by kind:
#   cases/     the suite's cases (suite.c has the table) and test modules
#   harness/   the harness and its platforms: hosted/ (a Linux process),
#              nolibc/ (no C library), the suite's <uaccess/kuap.h>
#   checks/    the build checks (make build-checks), link/ their programs;
#              make buildsys (CMake and Meson against uaccess.mk)
#   tools/     make style, lint, sparse, fuzz, misaligned; the mutants'
#              driver; tally.sh, which sums the logs
#   arch/ARCH/ one architecture's tests and settings (tests.mk, check.mk)

# make nolibc-test: the suite without a C library
include tests/harness/nolibc/nolibc.mk
include tests/tools/sparse.mk
# make fuzz, and the fuzzer's budget in the suite
include tests/tools/fuzz.mk
include tests/tools/lint.mk
include tests/tools/misaligned.mk
include tests/checks/buildsys.mk
# Each architecture's runs of make check, then make style's.
include $(foreach a,$(ARCHS),tests/arch/$(a)/check.mk)
include tests/tools/style.mk
