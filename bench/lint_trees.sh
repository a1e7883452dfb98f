#!/bin/sh
# layoutd lint over whole Triton test trees, one process per file as a CI
# job runs it: the CPU seconds (user + sys of the lint processes) of every
# *.mlir under each DIR, against the 10 s goal for the two trees of
# tests/lint/upstream/README.md (a mid-2026 upstream test/ and ROCm's, 327
# files).  The same number of processes linting the smallest committed
# module is run first as the baseline: its CPU is what starting the
# processes costs, and the ratio says how much more the analyses take
# (a figure that holds when the machine's speed drifts).
# Usage: bench/lint_trees.sh path/to/layoutd [DIR ...]
#        (no DIR: $LAYOUTD_TRITON_TESTS, else the committed selection)
set -u
L=${1:?usage: bench/lint_trees.sh LAYOUTD [DIR ...]}
shift
S=$(cd "$(dirname "$0")/.." && pwd)
U=$S/tests/lint/upstream
[ $# -gt 0 ] || set -- "${LAYOUTD_TRITON_TESTS:-$U}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
find "$@" -name '*.mlir' | sort >"$T/files"
n=$(wc -l <"$T/files" | tr -d ' ')
[ "$n" -gt 0 ] || {
	echo "no *.mlir under $*" >&2
	exit 2
}
small=$(ls -S "$U"/*.mlir | tail -1)
# cpu LIST: the children's user + sys seconds of linting each file of LIST
cpu() {
	(
		while read -r f; do "$L" lint --format json "$f" >/dev/null 2>&1; done <"$1"
		times
	) | awk 'NR == 2 {
		split($1, u, "m"); split($2, s, "m")
		printf "%.2f\n", u[1] * 60 + u[2] + s[1] * 60 + s[2]
	}'
}
awk -v f="$small" '{ print f }' "$T/files" >"$T/base"
base=$(cpu "$T/base")
all=$(cpu "$T/files")
verdict=ok
awk -v a="$all" 'BEGIN { exit !(a > 10) }' && verdict="over the 10 s goal"
echo "lint trees: $n files, one process each, $all s CPU ($verdict)"
awk -v a="$all" -v b="$base" -v n="$n" 'BEGIN {
	printf "baseline: %d processes on %s, %s s CPU; trees / baseline %.2f\n", n, "the smallest module", b, (b > 0 ? a / b : 0)
}'
