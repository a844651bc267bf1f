# SPDX-License-Identifier: MIT
# make style: tests/tools/style.py over the tree (columns, macro continuations,
# named paths, library code naming docs/, doc budgets, build-history
# words), one case per rule and file in $(O)/style.log. Part of make check.
style:
	$(Q)mkdir -p $(O)
	$(Q)python3 tests/tools/style.py $(O)/style.log

CHECK_RUNS += style
CHECK_TOOLS += python3 git
check-style_TARGET := style
check-style_LOGS := style.log

.PHONY: style
