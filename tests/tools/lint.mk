# SPDX-License-Identifier: MIT
#
# make lint: the library's C files (every lib/*.c, the defaults this
# architecture replaces too, and arch/$(ARCH)/*.c) through three
# analysers, each with the library's own flags and include paths:
#
#   gcc -fanalyzer   $(LINT_GCC): this architecture's gcc (a cross
#                    compiler where the target is not the build machine),
#                    -Werror
#   clang-tidy       the checks of LINT_TIDY_CHECKS below, with clang's
#                    target for this architecture (LINT_CLANG_FLAGS)
#   cppcheck         warning, style, performance, portability and
#                    information (so a stale inline suppression fails too)
#
# A file passes a tool when the tool exits 0 and prints nothing. Each
# (tool, file) is one case in $(O)/lint.log, with the tool's words under a
# failed one and the closing "N passed, N failed" (make check counts it).
# Fails if any case does: a new warning fails the build. A finding that
# is not a bug is suppressed at its line, with the reason on that line
# (clang-tidy: NOLINT(check): reason; cppcheck: cppcheck-suppress id ;
# reason): grep -rn 'NOLINT\|cppcheck-suppress' lib arch lists them.
#
#   make lint [ARCH=...]
#
# Included by the top-level Makefile (ARCH, O, LIB_CPPFLAGS, LIB_CFLAGS,
# CROSS_COMPILE). tests/arch/$(ARCH)/tests.mk sets:
#   LINT_CLANG_FLAGS     clang's target flags for clang-tidy
#   LINT_CPPCHECK_FLAGS  cppcheck's platform and the target's macros
#   LINT_DEPS            tools for scripts/install-deps.sh (LINT_GCC's)

LINT_SRCS := $(sort $(wildcard lib/*.c arch/$(ARCH)/*.c))
LINT_LOG = $(O)/lint.log
LINT_GCC ?= $(CROSS_COMPILE)gcc
# The library's flags: the same as its objects get (LIB_CFLAGS has -Werror).
LINT_FLAGS = $(LIB_CPPFLAGS) $(LIB_CFLAGS)

# clang-tidy's checks: every group that finds bugs in C, less these:
#  bugprone-easily-swappable-parameters: the signatures are Linux's
#	(to, from, n), fixed by the contract, not ours to reorder.
#  bugprone-reserved-identifier (and its aliases cert-dcl37-c,
#	cert-dcl51-cpp): the library is kernel code, the implementation
#	itself: its private names are _uaccess_* and __uaccess_*, it
#	provides Linux's __copy_to_user, __get_user, __user, __must_check,
#	and it declares the linker's __start_SECTION/__stop_SECTION.
#  performance-no-int-to-ptr: user addresses are integers by design
#	(range checks and masks compute on unsigned long, as in Linux).
#  clang-analyzer-security.insecureAPI.DeprecatedOrUnsafeBufferHandling:
#	it asks for C11 Annex K (memcpy_s), which a freestanding library
#	does not have; it flags every memcpy, bounded or not.
LINT_TIDY_CHECKS := -*,bugprone-*,cert-*,clang-analyzer-*,misc-*,performance-*,portability-*,$\
	-bugprone-easily-swappable-parameters,$\
	-bugprone-reserved-identifier,-cert-dcl37-c,-cert-dcl51-cpp,$\
	-performance-no-int-to-ptr,$\
	-clang-analyzer-security.insecureAPI.DeprecatedOrUnsafeBufferHandling

# cppcheck: missingIncludeSystem is off because the compiler's own headers
# (<stdint.h>, <stddef.h>) are not given to it: it knows their types.
LINT_CPPCHECK_OPTS := --quiet --std=c11 --inline-suppr --error-exitcode=1 \
	--enable=warning,style,performance,portability,information \
	--suppress=missingIncludeSystem \
	--template='{file}:{line}: {severity} [{id}] {message}'

# $(call lint_one,TOOL,FILE,COMMAND): one case, its result added to the log.
lint_one = printf '  %-6s %s\n' $(1) $(2); \
	out=$$($(3) 2>&1); rc=$$?; \
	if [ $$rc = 0 ] && [ -z "$$out" ]; then echo "ok - $(1) $(2)" >> $(LINT_LOG); \
	else echo "not ok - $(1) $(2)" >> $(LINT_LOG); \
		printf '%s\nexit status %s\n' "$$out" $$rc | sed 's/^/\# /' >> $(LINT_LOG); fi;

lint_gcc = $(LINT_GCC) -fanalyzer $(LINT_FLAGS) -c $(1) -o /dev/null
lint_tidy = clang-tidy --quiet --header-filter='.*' --checks='$(LINT_TIDY_CHECKS)' \
	--warnings-as-errors='*' $(1) -- $(LINT_CLANG_FLAGS) $(LINT_FLAGS)
lint_cppcheck = cppcheck $(LINT_CPPCHECK_OPTS) $(LINT_CPPCHECK_FLAGS) \
	$(filter -I% -D%,$(LINT_FLAGS)) $(1)

lint:
	$(Q)sh scripts/install-deps.sh clang-tidy cppcheck $(LINT_DEPS)
	$(Q)mkdir -p $(O) && : > $(LINT_LOG) || exit 1; \
	$(foreach f,$(LINT_SRCS),$(call lint_one,ANALYZ,$(f),$(call lint_gcc,$(f)))) \
	$(foreach f,$(LINT_SRCS),$(call lint_one,TIDY,$(f),$(call lint_tidy,$(f)))) \
	$(foreach f,$(LINT_SRCS),$(call lint_one,CPPCHK,$(f),$(call lint_cppcheck,$(f)))) \
	p=$$(grep -c '^ok - ' $(LINT_LOG)); f=$$(grep -c '^not ok - ' $(LINT_LOG)); \
	grep -v '^ok - ' $(LINT_LOG); \
	echo "$$p passed, $$f failed" | tee -a $(LINT_LOG); \
	[ "$$f" -eq 0 ]

.PHONY: lint
