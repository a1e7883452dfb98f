#!/bin/sh
# Command-line behaviour: exit codes, human output, caret errors, tables.
set -u
L=${LAYOUTD:?}
G=${GOLDEN_DIR:?}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
check() { # name expected-exit command...
	name=$1 want=$2
	shift 2
	"$@" >"$T/out" 2>"$T/err"
	got=$?
	if [ "$got" != "$want" ]; then
		echo "FAIL $name: exit $got, expected $want"; cat "$T/out" "$T/err"; fail=1
	else
		echo "ok   $name"
	fi
}
contains() { # name text
	if ! grep -qF -- "$2" "$T/out"; then
		echo "FAIL $1: output lacks: $2"; cat "$T/out"; fail=1
	fi
}

check "seed transpose passes" 0 "$L" check "$G/seed-transpose/request.json"
contains "human verdict" "PASS"
check "seed dropped bits fails" 1 "$L" check "$G/seed-dropped-bits/request.json"
contains "collisions listed" "collisions"
contains "round trip listed" "reads back as"
check "seed axe probe" 0 "$L" check "$G/seed-axe-shard/request.json"
contains "probe in user coordinates" "(i=1, j=3) -> laneid=5 warpid=0 m=1"
check "worst exit over files" 1 "$L" check "$G/seed-transpose/request.json" "$G/seed-dropped-bits/request.json"
check "bad input exit 2" 2 "$L" check "$G/bad-axe-missing-bracket/request.json"
contains "caret" "^"
check "missing file" 2 "$L" check "$T/nope.json"
contains "missing file message" "cannot open"
check "no arguments" 2 "$L" check
check "unknown option" 2 "$L" check --bogus "$G/seed-transpose/request.json"
check "stdin" 0 sh -c "'$L' check - < '$G/seed-transpose/request.json'"

check "table csv" 0 "$L" table "$G/seed-gemm-fragment-8x8/request.json"
contains "csv header" "i,j,thread,slot"
contains "csv row (1,3)" "1,3,5,1"
[ "$(wc -l <"$T/out")" -eq 65 ] || { echo "FAIL table csv: expected 65 lines"; fail=1; }
check "table inverse" 0 "$L" table --view inverse "$G/seed-padding/request.json"
contains "inverse header" "offset,i,j"
contains "inverse hole row" "8,,"
[ "$(wc -l <"$T/out")" -eq 81 ] || { echo "FAIL table inverse: expected 81 lines"; fail=1; }
check "table json" 0 "$L" table --format json "$G/seed-transpose/request.json"
contains "json columns" '{"columns": ["i", "j", "r", "c"], "rows": ['
check "table bad format" 2 "$L" table --format xml "$G/seed-transpose/request.json"

check "compare equal" 0 "$L" compare "$G/seed-gemm-fragment-8x8/request.json" "$G/seed-gemm-fragment-8x8/request.json"
check "compare differs" 1 "$L" compare --json "$G/seed-transpose/request.json" "$G/seed-dropped-bits/request.json"
contains "compare reason" '"equal": false'

check "limit refused" 2 "$L" check --max-points 100 "$G/seed-axe-shard/request.json"
check "big tile" 0 "$L" check "$G/../perf/tile-4096.json"
exit $fail
