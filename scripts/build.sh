#!/bin/sh
# Configure and build in a build directory (default: ./build), out of tree.
# usage: scripts/build.sh [BUILD_DIR] [configure options...]
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-"$top/build"}
[ $# -gt 0 ] && shift
[ -x "$top/configure" ] || (cd "$top" && autoreconf -fi)
mkdir -p "$dir"
cd "$dir"
[ -f Makefile ] || "$top/configure" "$@"
make -j"$(nproc)"
