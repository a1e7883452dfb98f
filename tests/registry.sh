#!/bin/sh
# The registry over HTTP on a real daemon and a real SQLite file: versions,
# idempotence, concurrency, pagination, ETag/304, bad names, soft delete,
# the auth matrix, expect.equals (HTTP and CLI), persistence across a
# restart and a kill -9 in the middle of a write burst.  Needs curl and jq.
set -u
. "$(dirname "$0")/lib.sh"
DB=${LAYOUTD_TEST_DB:-"$T/registry.db"} # a postgresql:// URL runs it on PostgreSQL

layout() { # N: a distinct, valid definition per N
	printf '{"layout": {"logical": [8, 8], "expr": {"thread": "j // 2 + 4 * i", "slot": "j %% 2"}, "physical": {"slot": %d}}}' "$((2 + $1))"
}

# a long lock wait: 30 concurrent durable commits on a loaded machine can
# take more than the default 5 s, which would be a (correct) 503 busy
start --busy-timeout 30000

# ---- versions, idempotence, Location, ETag, 304
req "first PUT creates version 1" 201 -X PUT --data-binary "@$G/seed-gemm-fragment-8x8/request.json" "$U/v1/layouts/gemm-frag"
jqt "version 1" '.name == "gemm-frag" and .version == 1 and .analysis.ok == true and .analysis.counts.collisions == 0 and (.fingerprint|startswith("sha256:"))'
hdr "Location" '^location: /v1/layouts/gemm-frag/versions/1'
FP=$(jq -r .fingerprint "$T/body")
hdr "ETag names the fingerprint" "^etag: W/\"$FP\""
req "same definition again: 200, same version" 200 -X PUT --data-binary "@$G/seed-gemm-fragment-8x8/request.json" "$U/v1/layouts/gemm-frag"
jqt "still version 1" '.version == 1'
layout 0 > "$T/l0.json"
layout 1 > "$T/l1.json"
req "changed definition: version 2" 201 -X PUT --data-binary "@$T/l1.json" "$U/v1/layouts/gemm-frag"
jqt "version 2" '.version == 2'
req "latest" 200 "$U/v1/layouts/gemm-frag"; jqt "latest is 2" '.version == 2'
FP2=$(jq -r .fingerprint "$T/body")
req "If-None-Match on latest" 304 -H "If-None-Match: \"$FP2\"" "$U/v1/layouts/gemm-frag"
req "If-None-Match stale" 200 -H "If-None-Match: \"$FP\"" "$U/v1/layouts/gemm-frag"
req "If-None-Match weak, in a list" 304 -H "If-None-Match: \"x\", W/\"$FP2\"" "$U/v1/layouts/gemm-frag"
awk 'BEGIN { printf "{\"layout\": {\"table\": ["
	for (e = 0; e < 1024; e++) printf "%s[[%d,%d],{\"lane\":%d,\"reg\":%d}]", e ? "," : "", e / 32, e % 32, e % 32, e / 32
	print "]}}" }' > "$T/layout-rows.json"
req "PUT a table" 201 -X PUT --data-binary "@$T/layout-rows.json" "$U/v1/layouts/tab"
req "the table's version" 200 "$U/v1/layouts/tab/versions/1"
jq -c --slurpfile sent "$T/layout-rows.json" '.layout == $sent[0].layout' "$T/body" | grep -qx true \
	&& ok "stored table is the rows sent" || bad "stored table differs"
req "one version" 200 "$U/v1/layouts/gemm-frag/versions/1"; jqt "version 1 body" ".version == 1 and .fingerprint == \"$FP\" and .layout.expr.thread == \"j // 2 + 4 * i\""
req "all versions" 200 "$U/v1/layouts/gemm-frag/versions"; jqt "two versions" '[.versions[].version] == [1,2]'
req "description kept" 201 -X PUT --data-binary "$(layout 4 | jq -c '. + {description: "fp32 accumulator"}')" "$U/v1/layouts/described"
jqt "description" '.description == "fp32 accumulator"'

# ---- refused layouts and bad names
req "failing its own expect: 422" 422 -X PUT --data-binary "@$G/seed-dropped-bits/request.json" "$U/v1/layouts/dropped"
jqt "expect_failed problem with the analysis" '.code == "expect_failed" and .analysis.collisions.count == 48'
req "nothing was registered" 404 "$U/v1/layouts/dropped"
req "bad name (leading dot)" 400 -X PUT --data-binary "@$T/l0.json" "$U/v1/layouts/.hidden"; jqt "bad_name" '.code == "bad_name"'
# a name with a slash is a bad name, not a route that does not exist
req "bad name (slash), PUT" 400 -X PUT --data-binary "@$T/l0.json" "$U/v1/layouts/team/mma"; jqt "slash PUT bad_name" '.code == "bad_name" and .pointer == "/path/name"'
req "bad name (slash), GET" 400 "$U/v1/layouts/team/mma"; jqt "slash GET bad_name" '.code == "bad_name"'
req "bad name (slash) under versions" 400 "$U/v1/layouts/team/mma/versions/1"; jqt "slash versions bad_name" '.code == "bad_name"'
req "bad name (empty)" 400 "$U/v1/layouts/"; jqt "empty name bad_name" '.code == "bad_name"'
N100=$(printf 'n%.0s' $(seq 100))
req "a 100-character name is a name" 201 -X PUT --data-binary "@$T/l0.json" "$U/v1/layouts/$N100"
req "a 129-character name is not" 400 -X PUT --data-binary "@$T/l0.json" "$U/v1/layouts/${N100}nnnnnnnnnnnnnnnnnnnnnnnnnnnnn"; jqt "129 bad_name" '.code == "bad_name"'
req "bad name (space)" 400 "$U/v1/layouts/a%20b"
req "bad name (129 chars)" 400 "$U/v1/layouts/$(printf 'a%.0s' $(seq 129))"
req "unknown name" 404 "$U/v1/layouts/nope"; jqt "layout_not_found" '.code == "layout_not_found"'
req "bad version" 400 "$U/v1/layouts/gemm-frag/versions/0"
req "unknown version" 404 "$U/v1/layouts/gemm-frag/versions/9"
req "malformed body" 400 -X PUT --data-binary '{"layout":' "$U/v1/layouts/x"

# ---- concurrency: 30 different definitions on one name, 20 identical on another
pids=
for n in $(seq 1 30); do
	layout "$n" > "$T/c$n.json"
	curl -s -o "$T/r$n" -w '%{http_code}\n' -X PUT --data-binary "@$T/c$n.json" "$U/v1/layouts/race" > "$T/s$n" &
	pids="$pids $!"
done
for n in $(seq 1 20); do
	curl -s -o "$T/q$n" -w '%{http_code}\n' -X PUT --data-binary "@$T/l0.json" "$U/v1/layouts/same" > "$T/t$n" &
	pids="$pids $!"
done
# shellcheck disable=SC2086
wait $pids
[ "$(cat "$T"/s* | sort | uniq -c | awk '{print $1" "$2}')" = "30 201" ] && ok "30 concurrent new versions: all 201" || bad "race statuses: $(cat "$T"/s* | sort | uniq -c | tr '\n' ' ')"
for n in $(seq 1 30); do jq .version "$T/r$n"; done | sort -n > "$T/vers"
[ "$(tr '\n' ' ' < "$T/vers")" = "$(seq 1 30 | tr '\n' ' ')" ] && ok "versions 1..30, contiguous, no duplicates" || bad "race versions: $(tr '\n' ' ' < "$T/vers")"
req "race versions listed" 200 "$U/v1/layouts/race/versions?limit=100"; jqt "30 listed" '[.versions[].version] == [range(1;31)]'
[ "$(cat "$T"/t* | sort | uniq -c | awk '{print $1" "$2}' | tr '\n' ' ')" = "19 200 1 201 " ] && ok "20 identical concurrent PUTs: one 201, nineteen 200" || bad "same statuses: $(cat "$T"/t* | sort | uniq -c | tr '\n' ' ')"
for n in $(seq 1 20); do jq .version "$T/q$n"; done | sort -u > "$T/same"
[ "$(cat "$T/same")" = "1" ] && ok "all answered version 1" || bad "same versions: $(cat "$T/same")"
# each answer names the definition that was sent
bad_ids=0
for n in $(seq 1 30); do
	want=$(jq -c .layout "$T/c$n.json"); got=$(jq -c .layout "$T/r$n")
	[ "$want" = "$got" ] || bad_ids=$((bad_ids + 1))
done
[ $bad_ids -eq 0 ] && ok "no lost or swapped write" || bad "$bad_ids answers carry another definition"

# ---- pagination
for n in $(seq -w 0 24); do curl -s -o /dev/null -X PUT --data-binary "@$T/l0.json" "$U/v1/layouts/page-$n"; done
req "page 1" 200 "$U/v1/layouts?prefix=page-&limit=10"
jqt "10 names and a cursor" '(.layouts|length) == 10 and .layouts[0].name == "page-00" and .next == "page-09"'
hdr "Link next" '^link: </v1/layouts\?after=page-09'
req "page 2" 200 "$U/v1/layouts?prefix=page-&limit=10&after=page-09"; jqt "page 2" '.layouts[0].name == "page-10" and .next == "page-19"'
req "page 3" 200 "$U/v1/layouts?prefix=page-&limit=10&after=page-19"; jqt "last page" '(.layouts|length) == 5 and .next == null'
req "prefix filter" 200 "$U/v1/layouts?prefix=gemm"; jqt "only gemm-frag" '[.layouts[].name] == ["gemm-frag"] and .layouts[0].version == 2'
req "bad limit" 400 "$U/v1/layouts?limit=0"
req "a page without limit has a clean cursor" 200 "$U/v1/layouts?prefix=page-&after=page-00"
jqt "cursor page" '.layouts[0].name == "page-01" and .next == null'

# ---- soft delete; versions never reused
req "delete version 2" 204 -X DELETE "$U/v1/layouts/gemm-frag/versions/2"
req "deleted version is gone" 410 "$U/v1/layouts/gemm-frag/versions/2"; jqt "layout_deleted" '.code == "layout_deleted"'
req "latest skips it" 200 "$U/v1/layouts/gemm-frag"; jqt "latest is 1" '.version == 1'
req "delete again: idempotent" 204 -X DELETE "$U/v1/layouts/gemm-frag/versions/2"
layout 2 > "$T/l2.json"
req "new version after a delete" 201 -X PUT --data-binary "@$T/l2.json" "$U/v1/layouts/gemm-frag"
jqt "number 3, never 2 again" '.version == 3'

# ---- expect.equals over HTTP and from the CLI
jq '.expect = {"equals": "gemm-frag@1"}' "$G/seed-gemm-fragment-8x8/request.json" > "$T/eq.json"
req "equals: same placement" 200 --data-binary "@$T/eq.json" "$U/v1/check"
echo '{"layout": {"logical": [8, 8], "expr": {"thread": "j // 2 + 4 * i", "slot": "1 - j % 2"}}, "expect": {"equals": "gemm-frag@1"}}' > "$T/neq.json"
req "equals: changed placement" 422 --data-binary "@$T/neq.json" "$U/v1/check"
jqt "the differing elements" '.expect.failures[0].field == "equals" and .expect.failures[0].differing == 64 and .expect.failures[0].differences[0].logical == [0,0] and .expect.failures[0].differences[0].a == [{"thread":0,"slot":1}] and .expect.failures[0].differences[0].b == [{"thread":0,"slot":0}]'
req "equals: same placement, other notation" 200 --data-binary "$(jq -c '{layout: .layout, expect: {equals: "gemm-frag@1"}}' "$G/table-tilelang-fragment-8x8-dump/request.json")" "$U/v1/check"
req "equals: unknown name" 422 --data-binary '{"layout": {"logical": [2], "expr": {"m": "i"}}, "expect": {"equals": "nope"}}' "$U/v1/check"
jqt "unknown_reference" '.code == "unknown_reference" and .pointer == "/expect/equals"'
req "equals: deleted version" 422 --data-binary '{"layout": {"logical": [2], "expr": {"m": "i"}}, "expect": {"equals": "gemm-frag@2"}}' "$U/v1/check"
"$L" check --server "$U" --equals gemm-frag@1 "$G/seed-gemm-fragment-8x8/request.json" >"$T/cli" 2>&1 && ok "CLI --equals: pass, exit 0" || bad "CLI --equals pass: $(cat "$T/cli")"
"$L" check --server "$U" --equals gemm-frag@1 "$T/neq.json" >"$T/cli" 2>&1; rc=$?
[ $rc -eq 1 ] && grep -q "placed differently from gemm-frag@1" "$T/cli" && ok "CLI --equals: fail, exit 1, differences shown" || bad "CLI --equals fail: exit $rc $(cat "$T/cli")"
"$L" check --server "$U" --equals nope "$T/neq.json" >"$T/cli" 2>&1; rc=$?
[ $rc -eq 2 ] && grep -q "unknown_reference" "$T/cli" && ok "CLI --equals unknown: exit 2" || bad "CLI unknown: exit $rc"
"$L" check --equals gemm-frag "$T/neq.json" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] && ok "CLI --equals without --server: exit 2" || bad "offline equals: exit $rc"
# a reference is named once in every message: NAME@VERSION, the version
# the registry resolved (not "gemm-frag@1@1")
for fmt in text junit sarif github; do
	"$L" check --server "$U" --equals gemm-frag@1 --format $fmt "$T/neq.json" >"$T/cli" 2>&1
	! grep -q "gemm-frag@1@1" "$T/cli" && grep -q "differently from gemm-frag@1" "$T/cli" \
		&& ok "CLI --equals gemm-frag@1, $fmt: the version named once" || bad "equals ref $fmt: $(grep -o 'from gemm-frag[^ ]*' "$T/cli" | head -1)"
done
"$L" check --server "$U" --equals gemm-frag "$T/neq.json" >"$T/cli" 2>&1
grep -qE "differently from gemm-frag@[0-9]+$" "$T/cli" && ok "CLI --equals gemm-frag: names the version compared with" || bad "equals latest ref: $(grep 'differently' "$T/cli")"

# ---- push reads a text file as check does: --notation, --logical, --role,
# --shape (one table), so `check --equals` compares with what it checked
EX=$(cd "$G/../.." && pwd)/examples
"$L" push --server "$U" sm80-c --role tv --logical 16,8 "$EX/sm80-c.cute" >"$T/push.out" 2>&1; rc=$?
[ $rc -eq 0 ] && grep -q "sm80-c@1: registered" "$T/push.out" && ok "push --role tv --logical 16,8 of a .cute text" || bad "push --role tv: exit $rc $(cat "$T/push.out")"
req "the pushed version is the TV layout" 200 "$U/v1/layouts/sm80-c"
jqt "cute_role tv, logical [16, 8], owners 32" '.layout.cute_role == "tv" and .layout.logical == [16, 8] and .analysis.ok == true'
"$L" check --server "$U" --equals sm80-c --role tv --logical 16,8 "$EX/sm80-c.cute" >"$T/cli" 2>&1; rc=$?
[ $rc -eq 0 ] && ok "check --equals sm80-c --role tv --logical 16,8 of the same text: exit 0" || bad "equals after push: exit $rc $(cat "$T/cli")"
"$L" check --server "$U" --equals sm80-c --role=tv --logical=16,8 --notation=cute "$EX/sm80-c.cute" >"$T/cli" 2>&1; rc=$?
[ $rc -eq 0 ] && ok "the --opt=VALUE spellings read alike" || bad "equals --opt=: exit $rc $(cat "$T/cli")"
"$L" push --server "$U" sm80-c --role tv --logical 16,8 "$EX/sm80-c.cute" >"$T/push.out" 2>&1
grep -q "sm80-c@1: unchanged" "$T/push.out" && ok "the same push again: the same version" || bad "push again: $(cat "$T/push.out")"
"$L" push --server "$U" sm80-c --notation nope "$EX/sm80-c.cute" >"$T/push.out" 2>&1; rc=$?
[ $rc -eq 2 ] && grep -q -- "--notation is" "$T/push.out" && ok "push --notation nope: exit 2" || bad "push bad notation: exit $rc $(cat "$T/push.out")"
"$L" push --server "$U" sm80-c "$EX/sm80-c.cute" --logical >"$T/push.out" 2>&1; rc=$?
[ $rc -eq 2 ] && grep -q -- "--logical needs a value" "$T/push.out" && ok "push --logical without a value: exit 2" || bad "push --logical: exit $rc $(cat "$T/push.out")"
"$L" push --server "$U" sm80-c --target nope "$EX/sm80-c.cute" >"$T/push.out" 2>&1; rc=$?
[ $rc -eq 2 ] && grep -q -- "--target:" "$T/push.out" && ok "push --target nope: exit 2, as check" || bad "push bad target: exit $rc $(cat "$T/push.out")"
# over HTTP the reading options are members of the definition: a PUT of
# the text with cute_role and logical registers what check --role tv checks
req "PUT of the text with cute_role tv and logical" 201 -X PUT --data-binary "$(jq -Rs '{layout: {cute: ., cute_role: "tv", logical: [16, 8]}}' "$EX/sm80-c.cute")" "$U/v1/layouts/sm80-c-put"
"$L" check --server "$U" --equals sm80-c-put --role tv --logical 16,8 "$EX/sm80-c.cute" >"$T/cli" 2>&1; rc=$?
[ $rc -eq 0 ] && ok "check --equals of a PUT version: exit 0" || bad "equals PUT: exit $rc $(cat "$T/cli")"
# a bare text layout is read as POST /v1/check reads it, never a 500
req "PUT of a bare text layout" 201 -X PUT --data-binary "$(jq -Rs '{layout: .}' "$EX/sm80-c.cute")" "$U/v1/layouts/sm80-c-text"
jqt "kept as the text definition it stands for" '(.layout.text | test("Layout<Shape<Shape<_4,_8>")) and .analysis.ok == true'
"$L" check --server "$U" --equals sm80-c-text "$EX/sm80-c.cute" >"$T/cli" 2>&1; rc=$?
[ $rc -eq 0 ] && ok "check --equals of the same text: exit 0" || bad "equals bare text: exit $rc $(cat "$T/cli")"
req "POST /v1/check of the bare text equals it" 200 --data-binary "$(jq -Rs '{layout: ., expect: {equals: "sm80-c-text"}}' "$EX/sm80-c.cute")" "$U/v1/check"

# ---- a version keeps every check of the request it was registered from
# (expect, access, probe, suggest): push -> pull -> check gives the same
# verdicts, and a pulled file pushed again is the same version
cat > "$T/acc.json" <<'JSON'
{"layout": {"logical": [8, 64], "expr": {"offset": "(i * 64 + j) ^ ((((i * 64 + j) >> 6) & 7) << 3)"}},
 "access": {"threads": {"logical": [8, 64], "expr": {"laneid": "i + 8 * ((j // 8) % 4)", "register": "j % 8 + 8 * (j // 32)"}}, "element_bits": 16},
 "expect": {"bank_conflicts": 0, "vector_bits": 128, "bijective": true},
 "probe": [[1, 0], [7, 63]],
 "suggest": "swizzle"}
JSON
CHECKS='{access: .access, expect: .expect, probe: .probe, suggest: .suggest}'
req "PUT a request with access, expect, probe and suggest" 201 -X PUT --data-binary "@$T/acc.json" "$U/v1/layouts/sw128"
jq -c "$CHECKS" "$T/acc.json" > "$T/acc.checks"
jqt "the version keeps its checks" "(.checks | tojson) == $(jq -R . < "$T/acc.checks")"
req "GET the version" 200 "$U/v1/layouts/sw128/versions/1"
jqt "read back, the checks are those sent" ".checks == $(cat "$T/acc.checks") and .analysis.expect.bank_conflicts == 0"
jqt "the summary keeps the access counts, not the per-wavefront detail" '.analysis.access.wavefronts > 0 and .analysis.access.examples == null and .analysis.access.view == null'
req "the same request again: 200, same version" 200 -X PUT --data-binary "@$T/acc.json" "$U/v1/layouts/sw128"
jqt "still version 1" '.version == 1'
"$L" check --json "$T/acc.json" > "$T/acc.before"; rc0=$?
"$L" pull --server "$U" sw128 > "$T/pulled.json"; rc=$?
[ $rc -eq 0 ] && jq -e ".layout and $CHECKS == $(cat "$T/acc.checks")" "$T/pulled.json" >/dev/null \
	&& ok "pull prints layout, expect, access, probe and suggest" || bad "pull: exit $rc $(cat "$T/pulled.json")"
"$L" check --json "$T/pulled.json" > "$T/acc.after"; rc1=$?
VERDICTS='{ok, verdict, expect, probe, bank: .access.bank_conflicts, vector: .access.vector, suggestion: (.access.suggestion != null)}'
[ $rc0 -eq 0 ] && [ $rc1 -eq 0 ] && [ "$(jq -c "$VERDICTS" "$T/acc.before")" = "$(jq -c "$VERDICTS" "$T/acc.after")" ] \
	&& jq -e '.access.bank_conflicts == 0 and .access.suggestion != null and (.probe | length) == 2' "$T/acc.after" >/dev/null \
	&& ok "check of the pulled file: exit 0, the same verdicts as the file pushed" \
	|| bad "check after pull: exit $rc0/$rc1 $(jq -c "$VERDICTS" "$T/acc.after" 2>&1 | head -c 400)"
"$L" push --server "$U" sw128 "$T/pulled.json" > "$T/push.out" 2>&1; rc=$?
[ $rc -eq 0 ] && grep -q "sw128@1: unchanged" "$T/push.out" && ok "push of the pulled file: the same version" || bad "push pulled: exit $rc $(cat "$T/push.out")"
jq '.access.vector = 4 | .expect = {vector_bits: 64}' "$T/acc.json" > "$T/acc2.json"
"$L" push --server "$U" sw128 "$T/acc2.json" > "$T/push.out" 2>&1; rc=$?
[ $rc -eq 0 ] && grep -q "sw128@2: registered" "$T/push.out" && ok "push of other checks on the same layout: a new version" || bad "push other checks: exit $rc $(cat "$T/push.out")"
"$L" pull --server "$U" sw128@2 > "$T/pulled2.json" && jq -e '.access.vector == 4 and .expect == {vector_bits: 64}' "$T/pulled2.json" >/dev/null \
	&& ok "pull of version 2: its own checks" || bad "pull v2: $(cat "$T/pulled2.json")"
"$L" pull --server "$U" sw128@1 > "$T/pulled1.json" && jq -e '.access.vector == null and .expect.vector_bits == 128' "$T/pulled1.json" >/dev/null \
	&& ok "pull of version 1: unchanged" || bad "pull v1: $(cat "$T/pulled1.json")"
req "a bare definition keeps no checks" 201 -X PUT --data-binary "$(jq -c '{layout}' "$T/acc.json")" "$U/v1/layouts/sw128-bare"
jqt "empty checks" '.checks == {}'
req "suggest must be \"swizzle\"" 422 -X PUT --data-binary "$(jq -c '.suggest = "nothing"' "$T/acc.json")" "$U/v1/layouts/sw128-bad"

# ---- a pasted TTGIR op line is registered as the request it stands for:
# the memdesc as the layout, the tensor's layout as its access check, so
# that pull -> check gives the verdict of checking the op line itself
K=$(cd "$G/../.." && pwd)/tests/lint/gluon-bank-conflicts.mlir
sed -n '6,8p' "$K" >"$T/op.ttgir"
grep 'ttg.local_load' "$K" | sed 's/ loc(.*)$//' >>"$T/op.ttgir"
req "PUT of a pasted ttg.local_load line" 201 -X PUT --data-binary "$(jq -Rs '{layout: {ttgir: .}, description: "a pasted op"}' "$T/op.ttgir")" "$U/v1/layouts/pasted-load"
jqt "registered with its access check" '.analysis.access.op == "load" and .analysis.access.bank_conflicts == 3 and .checks.access.op == "load" and (.checks.access.threads | type) == "object" and .description == "a pasted op"'
jqt "the stored layout is the memdesc, not the op text" '(.layout | type) == "object" and (.layout.ttgir | startswith("#")) and (.layout.ttgir | test("local_load") | not)'
"$L" check --json "$T/op.ttgir" > "$T/op.before"; rc0=$?
"$L" pull --server "$U" pasted-load > "$T/op.pulled"; rc=$?
"$L" check --json "$T/op.pulled" > "$T/op.after"; rc1=$?
OPV='{ok, verdict, fingerprint, op: .access.op, bank: .access.bank_conflicts, vector: .access.vector.bits}'
[ $rc -eq 0 ] && [ $rc0 -eq 0 ] && [ $rc1 -eq 0 ] && [ "$(jq -c "$OPV" "$T/op.before")" = "$(jq -c "$OPV" "$T/op.after")" ] \
	&& ok "pull -> check of the pasted op: the verdict of the op line" \
	|| bad "pasted op pull/check: exit $rc0/$rc/$rc1 $(jq -c "$OPV" "$T/op.before" "$T/op.after" 2>&1 | head -c 400)"
req "the same op line again: 200, same version" 200 -X PUT --data-binary "$(jq -Rs '{layout: {ttgir: .}, description: "a pasted op"}' "$T/op.ttgir")" "$U/v1/layouts/pasted-load"
req "a pasted op over its expectation is refused" 422 -X PUT --data-binary "$(jq -Rs '{layout: {ttgir: .}, expect: {bank_conflicts: 0}}' "$T/op.ttgir")" "$U/v1/layouts/pasted-load-0"
jqt "expect_failed with the conflicts" '.code == "expect_failed" and .analysis.access.bank_conflicts == 3'
sed -n '4,5p;8p' "$(dirname "$K")/triton-convert-shared.mlir" >"$T/conv.ttgir"
req "PUT of a pasted ttg.convert_layout line" 201 -X PUT --data-binary "$(jq -Rs '{layout: {ttgir: .}}' "$T/conv.ttgir")" "$U/v1/layouts/pasted-convert"
jqt "registered with its convert check" '(.checks.convert.to | type) == "object"'
"$L" pull --server "$U" pasted-convert > "$T/conv.pulled" && "$L" check --json "$T/conv.pulled" > "$T/conv.after" \
	&& jq -e '.convert.kind == "shared_memory" and .logical.shape == [32, 32]' "$T/conv.after" >/dev/null \
	&& ok "pull -> check of the pasted convert_layout: its class" || bad "pasted convert pull: $(head -c 300 "$T/conv.after")"

# ---- a copy check (DESIGN §16) is kept with the version like the others:
# PUT -> GET gives the member sent, pull -> check the same instruction
jq -c '. + {expect: {copy_legal: true}}' "$G/copy-cutlass-sm75-u32x4-ldsm-n/request.json" > "$T/copy.json"
req "PUT a request with a copy check" 201 -X PUT --data-binary "@$T/copy.json" "$U/v1/layouts/ldsm-x4"
jqt "registered with its copy check" ".checks == $(jq -c '{copy, expect}' "$T/copy.json") and .analysis.ok == true"
req "GET the copy version" 200 "$U/v1/layouts/ldsm-x4/versions/1"
jqt "read back, the copy member is the one sent" ".checks.copy == $(jq -c .copy "$T/copy.json") and .checks.expect == {copy_legal: true}"
req "the same copy request again: 200, same version" 200 -X PUT --data-binary "@$T/copy.json" "$U/v1/layouts/ldsm-x4"
jqt "copy still version 1" '.version == 1'
"$L" pull --server "$U" ldsm-x4 > "$T/copy.pulled" && "$L" check --json "$T/copy.pulled" > "$T/copy.after" \
	&& jq -e '.copy.instruction == "ldmatrix.sync.aligned.m8n8.x4.shared.b16" and .copy.legal == true and .ok == true' "$T/copy.after" >/dev/null \
	&& ok "pull -> check of the copy version: the same instruction" || bad "copy pull/check: $(head -c 300 "$T/copy.after")"
req "a copy that cannot move the tile is not registered" 422 -X PUT --data-binary "$(jq -c '.copy.instruction = "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16" | del(.expect)' "$T/copy.json")" "$U/v1/layouts/ldsm-x4-trans"
jqt "copy: expect_failed with the copy section" '.code == "expect_failed" and .analysis.copy.ok == false'

# ---- an analysis survives a restart
req "analyze" 200 --data-binary "@$G/seed-axe-shard/request.json" "$U/v1/analyze"
AID=$(jq -r .id "$T/body")
stop
start
req "analysis after restart" 200 "$U/v1/analyses/$AID"; jqt "same analysis" ".id == \"$AID\" and .owners.count == 64"
req "registry after restart" 200 "$U/v1/layouts/race/versions/30"

# ---- auth matrix
W=$("$L" token add ci --db "$DB" | tail -n 1)
R=$("$L" token add dashboard --read-only --db "$DB" | tail -n 1)
case "$W" in ldt_*) ok "token printed as the last word" ;; *) bad "token output: $W" ;; esac
"$L" token list --db "$DB" | grep -q "dashboard  *read" && ok "token list shows the scope" || bad "token list"
layout 3 > "$T/l3.json"
req "write without a token" 401 -X PUT --data-binary "@$T/l3.json" "$U/v1/layouts/auth"; hdr "WWW-Authenticate" '^www-authenticate: Bearer'
jqt "unauthorized" '.code == "unauthorized"'
# With Expect: 100-continue the 401 comes before any body byte is sent; without
# it the client may still be sending when the daemon closes, and the kernel's
# reset can discard the answer before curl reads it.
head -c 900000 /dev/zero | tr '\0' ' ' > "$T/bigbody"
req "a write without a token is refused before its body" 401 -X PUT -H "Expect: 100-continue" --data-binary "@$T/bigbody" "$U/v1/layouts/auth"
req "write with a wrong token" 401 -X PUT -H "Authorization: Bearer ldt_$(printf '0%.0s' $(seq 64))" --data-binary "@$T/l3.json" "$U/v1/layouts/auth"
req "write with a read-only token" 403 -X PUT -H "Authorization: Bearer $R" --data-binary "@$T/l3.json" "$U/v1/layouts/auth"
jqt "forbidden" '.code == "forbidden"'
req "write with a write token" 201 -X PUT -H "Authorization: Bearer $W" --data-binary "@$T/l3.json" "$U/v1/layouts/auth"
jqt "created_by names the token" '.created_by == "ci"'
req "delete without a token" 401 -X DELETE "$U/v1/layouts/auth/versions/1"
req "delete with a read-only token" 403 -X DELETE -H "Authorization: Bearer $R" "$U/v1/layouts/auth/versions/1"
req "read without a token (reads open)" 200 "$U/v1/layouts/auth"
"$L" token revoke ci --db "$DB" >/dev/null
req "revoked token" 401 -X PUT -H "Authorization: Bearer $W" --data-binary "@$T/l0.json" "$U/v1/layouts/auth"
stop
start --require-token-for-reads
req "read without a token (--require-token-for-reads)" 401 "$U/v1/layouts/auth"
req "read with the read-only token" 200 -H "Authorization: Bearer $R" "$U/v1/layouts/auth"
req "analyze without a token" 401 --data-binary "@$G/seed-transpose/request.json" "$U/v1/analyze"
req "health stays open" 200 "$U/livez"
stop

# ---- kill -9 during a write burst: every acknowledged version survives
start
W2=$("$L" token add burst --db "$DB" | tail -n 1)
(
	n=100
	while [ $n -lt 400 ]; do
		layout "$n" > "$T/b.json"
		code=$(curl -s -o "$T/b.out" -w '%{http_code}' -X PUT -H "Authorization: Bearer $W2" --data-binary "@$T/b.json" "$U/v1/layouts/burst")
		[ "$code" = 201 ] && echo "$(jq -r .version "$T/b.out") $(jq -r .id "$T/b.out")" >> "$T/acked"
		[ "$code" = 000 ] && break
		n=$((n + 1))
	done
) &
BURST=$!
for _ in $(seq 400); do [ -s "$T/acked" ] && [ "$(wc -l < "$T/acked")" -ge 20 ] && break; sleep 0.02; done
kill -9 "$PID"; wait "$PID" 2>/dev/null; PID=
wait $BURST
acked=$(wc -l < "$T/acked")
"$L" db check --db "$DB" > "$T/dbcheck" 2>&1 && ok "integrity_check ok after kill -9 ($acked acknowledged writes)" || bad "integrity: $(cat "$T/dbcheck")"
start
missing=0
while read -r v id; do
	got=$(curl -s "$U/v1/layouts/burst/versions/$v" | jq -r .id)
	[ "$got" = "$id" ] || missing=$((missing + 1))
done < "$T/acked"
[ $missing -eq 0 ] && ok "every acknowledged version is present" || bad "$missing acknowledged versions lost"
stop
exit $fail
