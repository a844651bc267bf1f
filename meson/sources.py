# SPDX-License-Identifier: MIT
"""The library's sources for one architecture, as uaccess.mk and
CMakeLists.txt pick them (Meson has no glob): every lib/*.c and every
arch/ARCH/*.[cS]; an arch file replaces the lib/ file of the same base
name. Run by meson.build, in the library's directory:
    python3 meson/sources.py ARCH"""
import glob
import os
import sys

arch = sorted(glob.glob('arch/%s/*.c' % sys.argv[1]) + glob.glob('arch/%s/*.S' % sys.argv[1]))
replaced = {os.path.splitext(os.path.basename(f))[0] + '.c' for f in arch}
lib = sorted(f for f in glob.glob('lib/*.c') if os.path.basename(f) not in replaced)
print('\n'.join(lib + arch))
