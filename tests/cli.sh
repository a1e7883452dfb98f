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
# a fragment as TileLang prints it is recognised as text, and equals the seed
printf '%s\n' 'Fragment([8, 8] -> [2], replicate: 1, thread: 32, forward_thread: _j // 2 + _i * 4, forward_index: [_j % 2])' >"$T/frag.txt"
check "tilelang print on stdin" 0 sh -c "'$L' check - < '$T/frag.txt'"
contains "tilelang print placed" "physical     thread 32, slot 2: 64 points"
contains "tilelang print fingerprint of the expr seed" "sha256:$("$L" check --json "$G/seed-gemm-fragment-8x8/request.json" | sed -n 's/.*"fingerprint": "sha256:\([0-9a-f]*\)".*/\1/p')"

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
# table and compare read notation text as check does
printf 'Sw<3,4,3> o _0 o (_8,_64):(_64,_1)\n' >"$T/sw.txt"
printf '(8,64):(64,1)\n' >"$T/plain.txt"
check "table of cute text" 0 "$L" table "$T/sw.txt"
contains "swizzled row 2 starts at 144" "2,0,144"
check "compare of cute texts" 1 "$L" compare "$T/plain.txt" "$T/sw.txt"
contains "first difference" '"logical":[2,0],"a":[{"m":128}],"b":[{"m":144}]'
check "compare text with options" 0 "$L" compare --notation cute --logical 8,64 "$T/plain.txt" "$T/plain.txt"
check "table of bad text" 2 "$L" table --notation cute "$T/sw.txt.missing"

check "limit refused" 2 "$L" check --max-points 10 "$G/seed-transpose/request.json"
# past the limit, an axe layout is decided from its iters (probes included)
check "limit structural" 0 "$L" check --max-points 100 "$G/seed-axe-shard/request.json"
contains "limit structural method" 'method       structural'
check "big tile" 0 "$L" check "$G/../perf/tile-4096.json"

# --- many files: one summary line; CI formats ------------------------
ALL="$G/seed-transpose/request.json $G/seed-dropped-bits/request.json $G/bad-axe-missing-bracket/request.json"
# shellcheck disable=SC2086
check "many files: worst exit" 2 "$L" check $ALL
contains "summary line" "1 passed, 1 failed, 1 errors"
[ "$(tail -n 1 "$T/out")" = "1 passed, 1 failed, 1 errors" ] || { echo "FAIL summary is not the last line"; fail=1; }
check "one file: no summary" 0 "$L" check "$G/seed-transpose/request.json"
if grep -q "passed," "$T/out"; then echo "FAIL summary printed for one file"; fail=1; fi
# shellcheck disable=SC2086
check "json lines" 2 "$L" check --json $ALL
[ "$(wc -l <"$T/out")" -eq 3 ] || { echo "FAIL json lines: expected 3 lines"; cat "$T/out"; fail=1; }
if command -v jq >/dev/null 2>&1; then
	[ "$(jq -sr 'map(.file | split("/") | .[-2]) | join(" ")' "$T/out")" = "seed-transpose seed-dropped-bits bad-axe-missing-bracket" ] ||
		{ echo "FAIL json lines: file members"; fail=1; }
	[ "$(jq -sr '.[2].error.code' "$T/out")" = syntax ] || { echo "FAIL json lines: error object"; fail=1; }
	[ "$(jq -sr '.[1].ok' "$T/out")" = false ] || { echo "FAIL json lines: analysis"; fail=1; }
fi
grep -qF "1 passed, 1 failed, 1 errors" "$T/err" || { echo "FAIL json: summary on stderr"; fail=1; }
# shellcheck disable=SC2086
check "github annotations" 2 "$L" check --format github $ALL
contains "annotation of the failure" "::error file=$G/seed-dropped-bits/request.json,line=1,col=32,title=layoutd collision_free::not collision_free: 48 collisions"
contains "annotation of the error" "::error file=$G/bad-axe-missing-bracket/request.json,line=1,"
# shellcheck disable=SC2086
check "junit" 2 "$L" check --format junit $ALL
contains "junit testsuites" '<testsuites name="layoutd check" tests="3" failures="1" errors="1"'
if command -v xmllint >/dev/null 2>&1; then
	xmllint --noout --schema "$G/../schemas/junit.xsd" "$T/out" 2>"$T/err" || { echo "FAIL junit does not validate"; cat "$T/err"; fail=1; }
fi
# shellcheck disable=SC2086
check "sarif" 2 "$L" check --format sarif $ALL
contains "sarif version" '"version": "2.1.0"'
NM=${LAYOUTD_NODE_MODULES:-$G/../browser/node_modules}
if [ -d "$NM/ajv-draft-04" ] && command -v node >/dev/null 2>&1; then
	cp "$T/out" "$T/report.sarif"
	NODE_PATH=$NM node "$G/../validate.cjs" sarif "$G/../schemas/sarif-schema-2.1.0.json" "$T/report.sarif" ||
		{ echo "FAIL sarif does not validate"; fail=1; }
fi
check "bad format" 2 "$L" check --format xml "$G/seed-transpose/request.json"

# every warning of every section reaches every output format
W="$G/access-replicated-offsets-warning/request.json"
WMSG="1024 placements put an element at a second offset"
check "section warning: text" 0 "$L" check "$W"
contains "section warning in text" "warning      access: $WMSG"
check "section warning: github" 0 "$L" check --format github "$W"
contains "section warning as a github annotation" "::warning file=$W,line=1,"
contains "github warning title and message" ",title=layoutd access/replicated_offsets::$WMSG"
check "section warning: junit" 0 "$L" check --format junit "$W"
contains "section warning in junit system-out" "<system-out>warning access/replicated_offsets: $WMSG"
if command -v xmllint >/dev/null 2>&1; then
	xmllint --noout --schema "$G/../schemas/junit.xsd" "$T/out" 2>"$T/err" || { echo "FAIL junit with warnings does not validate"; cat "$T/err"; fail=1; }
fi
check "section warning: sarif" 0 "$L" check --format sarif "$W"
contains "section warning as a sarif warning" '"ruleId": "warning/access/replicated_offsets"'
contains "sarif warning level" '"level": "warning"'
if [ -d "$NM/ajv-draft-04" ] && command -v node >/dev/null 2>&1; then
	cp "$T/out" "$T/report.sarif"
	NODE_PATH=$NM node "$G/../validate.cjs" sarif "$G/../schemas/sarif-schema-2.1.0.json" "$T/report.sarif" ||
		{ echo "FAIL sarif with warnings does not validate"; fail=1; }
fi

# --- text notations from files and stdin -----------------------------
printf 'S[(8, 2, 4, 2) : (4@laneid, 1@warpid, 1@laneid, 1)]\n' >"$T/shard.axe"
check "axe text file" 0 "$L" check --logical 8,16 "$T/shard.axe"
contains "axe text analysed" "owners       64 (laneid, warpid), slots 2..2 each"
check "cute text from stdin" 0 sh -c "echo '((4,8),(2,2)):((32,1),(16,8))' | '$L' check --json -"
contains "cute text: 128 points" '"size": 128'
printf '// the C fragment of an MMA, as a TV layout\nLayout<Shape<Shape<_4,_8>,Shape<_2,_2>>, Stride<Stride<_16,_1>,Stride<_8,_64>>>\n' >"$T/tv.cute"
check "cute tv text with --role and --logical" 0 "$L" check --role tv --logical 16,8 "$T/tv.cute"
contains "tv owners" "owners       32 (thread)"
printf 'S[(8, 2, 4, 2) : (4@laneid, 1@warpid, 1@laneid, 1)\n' >"$T/broken.axe"
check "text syntax error located" 2 "$L" check --format github --logical 8,16 "$T/broken.axe"
contains "text error line" "::error file=$T/broken.axe,line=1,col=51"
check "unrecognised text" 2 "$L" check "$T/../$(basename "$T")/shard.axe" --bogus
printf 'hello\n' >"$T/hello.txt"
check "unrecognised text refused" 2 "$L" check "$T/hello.txt"
contains "names --notation" "--notation"
check "bad --logical" 2 "$L" check --logical 8,x "$T/shard.axe"
printf '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>\n' >"$T/blocked.ttgir"
check "ttgir text with --shape" 0 "$L" check --shape 128,64 "$T/blocked.ttgir"
contains "ttgir owners" "owners       128 (lane, warp, block), slots 64..64 each"
printf ' - register=1 -> (0, 1)\n - lane=1 -> (0, 2)\n   lane=2 -> (1, 0)\nwhere out dims are: [dim0 (size 2), dim1 (size 4)]\n' >"$T/linear.txt"
check "linear toString text from stdin" 0 sh -c "'$L' check --json - < '$T/linear.txt'"
contains "linear text: 8 points" '"size": 8'
check "--notation forces the key" 2 "$L" check --notation cute "$T/shard.axe"
check "unknown --notation" 2 "$L" check --notation nope "$T/shard.axe"

# --- --help for every command -----------------------------------------
for c in check table compare push pull ls versions serve token db version; do
	check "$c --help" 0 "$L" "$c" --help
	contains "$c usage" "usage: layoutd $c"
done
check "registry commands need a server" 2 env -u LAYOUTD_SERVER "$L" ls
contains_err() { grep -qF -- "$2" "$T/err" || { echo "FAIL $1: stderr lacks $2"; cat "$T/err"; fail=1; }; }
contains_err "says how to name one" "LAYOUTD_SERVER"
check "--equals needs a server" 2 env -u LAYOUTD_SERVER "$L" check --equals x "$G/seed-transpose/request.json"
check "https refused when nothing listens" 2 "$L" check --server https://127.0.0.1:1 --retries 0 "$G/seed-transpose/request.json"
check "not a URL" 2 "$L" check --server ftp://x "$G/seed-transpose/request.json"
# a CI report of a network failure carries its cause, not only stderr
for fmt in junit sarif github json; do
	check "$fmt report of an unreachable registry" 2 "$L" check --server http://127.0.0.1:1 --retries 0 --equals x --format $fmt "$G/seed-transpose/request.json"
	grep -qiE "no answer from the server: .*(failed to connect|couldn't connect|connection refused)" "$T/out" \
		&& echo "ok   $fmt report names why there is no answer" \
		|| { echo "FAIL $fmt report lacks the cause"; cat "$T/out"; fail=1; }
done
exit $fail
