#!/bin/sh
# SPDX-License-Identifier: MIT
# Install the Debian packages behind the given tools, only those missing.
# Usage: scripts/install-deps.sh TOOL...   (e.g. gcc clang lld qemu-ppc)
set -e
pkgs=
for tool in "$@"; do
	case $tool in
	lld) cmd=ld.lld pkg=lld ;;
	powerpc-linux-gnu-gcc)	# with the static C library the tests link
		cmd=$tool pkg="gcc-powerpc-linux-gnu libc6-dev-powerpc-cross" ;;
	qemu-ppc) cmd=$tool pkg=qemu-user ;;
	qemu-system-x86_64) cmd=$tool pkg=qemu-system-x86 ;;
	*) cmd=$tool pkg=$tool ;;
	esac
	command -v "$cmd" >/dev/null 2>&1 || pkgs="$pkgs $pkg"
done
[ -z "$pkgs" ] && exit 0
echo "installing:$pkgs"
sudo=
[ "$(id -u)" -eq 0 ] || sudo=sudo
$sudo apt-get update -qq
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $pkgs
