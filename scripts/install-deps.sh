#!/bin/sh
# SPDX-License-Identifier: MIT
# Install the Debian packages behind the given commands, only those missing.
# Usage: scripts/install-deps.sh COMMAND[=PACKAGE[,PACKAGE...]]...
#   gcc                  the package has the command's name
#   ld.lld=lld           the command comes with the package(s) after '='
set -e
pkgs=
for arg in "$@"; do
	cmd=${arg%%=*}
	pkg=$cmd
	case $arg in *=*) pkg=$(echo "${arg#*=}" | tr , ' ') ;; esac
	command -v "$cmd" >/dev/null 2>&1 || pkgs="$pkgs $pkg"
done
[ -z "$pkgs" ] && exit 0
echo "installing:$pkgs"
sudo=
[ "$(id -u)" -eq 0 ] || sudo=sudo
$sudo apt-get update -qq
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $pkgs
