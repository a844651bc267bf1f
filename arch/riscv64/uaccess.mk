# SPDX-License-Identifier: MIT
# RISC-V 64 (RV64GC cores) build settings of the library, for uaccess.mk.
#
#   UACCESS_RISCV_SUM := 0     build for code that runs in U-mode (a Linux
#                              process: the hosted suite): the windows are
#                              empty, since csrs/csrc on sstatus are illegal
#                              there. Default 1: an S-mode kernel, whose
#                              windows set and clear sstatus.SUM.
#   UACCESS_RISCV_ABI := lp64d the float ABI the objects are tagged with
#                              (default lp64). Linkers refuse to mix ABIs,
#                              so this follows the kernel's (or, for the
#                              hosted suite, glibc's: lp64d).
#   UACCESS_RISCV_VA := SV48   the paging mode whose user end is the
#                              default (UACCESS_USER_END_SV48; default
#                              SV39, <uaccess/arch.h>).
#
# Integer registers only: with the default lp64 the -march has no F or D,
# so the compiler cannot emit a floating-point instruction; with lp64d the
# ABI needs F and D in -march, and the build check (tests/arch/riscv64/
# build-checks.sh) finds none in the library either way. A kernel need not
# save FP state around a user copy. -mcmodel=medany: every address is
# PC-relative (auipc), so the objects link into a kernel at any address
# (low, or the top 2 GiB) and into a static or PIE program; no PIC, so no
# GOT. -msmall-data-limit=0: no small data (.sdata, .srodata), so nothing
# is addressed through gp, which a kernel need not set up, and a kernel's
# script needs no section of its own for it. The csr instructions of the
# window are written as .insn (<uaccess/arch.h>), so -march needs no Zicsr.
UACCESS_RISCV_ABI ?= lp64
ifeq ($(UACCESS_RISCV_ABI),lp64d)
_uaccess_rv_march := rv64imafdc
else
_uaccess_rv_march := rv64imac
endif
UACCESS_ARCH_CFLAGS := -march=$(_uaccess_rv_march) -mabi=$(UACCESS_RISCV_ABI) \
	-mcmodel=medany -fno-pic -msmall-data-limit=0
UACCESS_ARCH_CPPFLAGS := \
	$(if $(UACCESS_RISCV_SUM),-DUACCESS_RISCV_SUM=$(UACCESS_RISCV_SUM)) \
	$(if $(UACCESS_RISCV_VA),-DUACCESS_USER_END=UACCESS_USER_END_$(UACCESS_RISCV_VA))
