#!/bin/sh
# One command on a fresh Debian 12 machine: install what layoutd needs,
# build it, and run it on the seed layouts of DESIGN.md.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
"$top/scripts/deps.sh"
"$top/scripts/build.sh" "$top/build"
for c in transpose padding dropped-bits gemm-fragment-8x8 axe-shard; do
	"$top/build/layoutd" check "$top/tests/golden/seed-$c/request.json" || true
done
