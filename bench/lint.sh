#!/bin/sh
# layoutd lint on generated 200-op modules: a pipelined kernel's shape (its
# loads and stores repeat a few layout pairs per stage) and a worst case
# where every op has its own pair (every one is a full access analysis of a
# 64x64 f16 tile).  Prints the best of three runs against the 200 ms goal.
# Usage: bench/lint.sh path/to/layoutd
set -u
L=${1:?usage: bench/lint.sh LAYOUTD}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
gen() { # DISTINCT OUT: 200 local_load/local_store ops over DISTINCT layout pairs
	awk -v d="$1" 'BEGIN {
		n = 0
		for (v = 1; v <= 8 && n < d; v *= 2) for (p = 1; p <= 4 && n < d; p *= 2)
		for (m = 1; m <= 8 && n < d; m *= 2) for (t = 1; t <= 8 && n < d; t *= 2) {
			printf "#s%d = #ttg.swizzled_shared<{vec = %d, perPhase = %d, maxPhase = %d, order = [1, 0]}>\n", n, v, p, m
			printf "#b%d = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [%d, %d], warpsPerCTA = [4, 1], order = [1, 0]}>\n", n, t, 32 / t
			n++
		}
		print "#smem = #ttg.shared_memory"
		print "module attributes {\"ttg.num-ctas\" = 1 : i32, \"ttg.num-warps\" = 4 : i32, \"ttg.threads-per-warp\" = 32 : i32} {"
		print "  tt.func public @k() {"
		for (i = 0; i < 200; i++) {
			k = i % n
			if (i % 2)
				printf "    %%l%d = ttg.local_load %%a : !ttg.memdesc<64x64xf16, #s%d, #smem> -> tensor<64x64xf16, #b%d> loc(#loc%d)\n", i, k, k, i
			else
				printf "    ttg.local_store %%v, %%a : tensor<64x64xf16, #b%d> -> !ttg.memdesc<64x64xf16, #s%d, #smem> loc(#loc%d)\n", k, k, i
		}
		print "    tt.return\n  }\n}"
		for (i = 0; i < 200; i++) printf "#loc%d = loc(\"kernel.py\":%d:8)\n", i, i + 10
	}' >"$2"
}
best() { # FILE: the best wall time of three runs, in ms
	b=
	for _ in 1 2 3; do
		s=$(date +%s%N)
		"$L" lint "$1" >/dev/null
		e=$(date +%s%N)
		ms=$(( (e - s) / 1000000 ))
		[ -z "$b" ] || [ "$ms" -lt "$b" ] && b=$ms
	done
	echo "$b"
}
gen 12 "$T/pipelined.mlir"
gen 200 "$T/distinct.mlir"
for c in pipelined distinct; do
	n=$(grep -c 'ttg.local_' "$T/$c.mlir")
	ms=$(best "$T/$c.mlir")
	verdict=ok
	[ "$ms" -le 200 ] || verdict="over the 200 ms goal"
	echo "lint $c: $n ops in $ms ms ($verdict)"
done
