#!/bin/sh
# The daemon over real HTTP on an ephemeral loopback port: every endpoint,
# every error status, a burst of malformed requests, the limits, and a
# graceful SIGTERM with a request in flight.  Needs curl and jq (77 = skip).
set -u
. "$(dirname "$0")/lib.sh"

problem() { # NAME CODE [POINTER]
	jqt "$1 is problem+json with code $2" ".code == \"$2\" and (.status|type) == \"number\" and (.title|type) == \"string\" and (.detail|length) > 0 and (.type|startswith(\"https://\"))"
	hdr "$1 content type" '^content-type: application/problem\+json'
	[ $# -ge 3 ] && jqt "$1 pointer" ".pointer == \"$3\""
	return 0
}

start --cors-origin https://dash.example --max-points 8388608

# ---- health, metrics, documents
req "livez" 200 "$U/livez"; jqt "livez body" '.status == "ok"'
req "readyz" 200 "$U/readyz"; jqt "readyz body" '.status == "ready"'
req "openapi" 200 "$U/openapi.json"; jqt "openapi 3.1" '.openapi == "3.1.0"'
req "dashboard" 200 "$U/"
hdr "dashboard is html" '^content-type: text/html'

# ---- the seed cases over HTTP
for c in transpose padding dropped-bits gemm-fragment-8x8 axe-shard; do
	req "analyze seed $c" 200 -H 'Content-Type: application/json' --data-binary "@$G/seed-$c/request.json" "$U/v1/analyze"
	jq -n --slurpfile want "$G/seed-$c/expected.json" --slurpfile got "$T/body" \
		'def sub(a; b): if (a|type) == "object" then all(a|keys[]; . as $k | sub(a[$k]; b[$k])) else a == b end; sub($want[0]; $got[0])' \
		| grep -q true && ok "seed $c numbers" || bad "seed $c numbers differ from tests/golden"
done
req "axe probe (1,3)" 200 --data-binary "@$G/seed-axe-shard/request.json" "$U/v1/analyze"
jqt "probe laneid 5 warpid 0 m 1" '.probe[0].places == [{"laneid":5,"warpid":0,"m":1}]'

# ---- pasted text: the daemon detects the notation, as the command line does
req "analyze axe text" 200 --data-binary '{"layout": {"text": "S[(8, 2, 4, 2) : (4@laneid, 1@warpid, 1@laneid, 1)]", "logical": [8, 16]}}' "$U/v1/analyze"
jqt "axe text detected" '.notation == "axe" and .owners.count == 64'
AXE_FP=$(jq -r .fingerprint "$T/body")
req "analyze the same as a JSON string" 200 --data-binary '{"layout": "S[(8, 2, 4, 2) : (4@laneid, 1@warpid, 1@laneid, 1)]"}' "$U/v1/analyze"
jqt "string definition detected" '.notation == "axe" and .logical.size == 128'
req "header text with a comment" 200 --data-binary '{"layout": {"text": "// (T32,V4) -> (M16,N8)\nusing SM80_16x8_Row = Layout<Shape <Shape < _4,_8>,Shape < _2,_2>>, Stride<Stride<_32,_1>,Stride<_16,_8>>>;", "cute_role": "tv", "logical": [16, 8]}}' "$U/v1/analyze"
jqt "CUTLASS header text is cute" '.notation == "cute" and .verdict.bijective == true'
req "text in no notation" 422 --data-binary '{"layout": {"text": "hello world"}}' "$U/v1/analyze"
problem "text in no notation" notation /layout/text
req "text beside a notation key" 422 --data-binary '{"layout": {"text": "S[8:1]", "axe": "S[8:1]"}}' "$U/v1/analyze"
problem "text beside a notation key" notation /layout/axe

# ---- check: 200 pass, 422 fail with the same body
req "check pass" 200 --data-binary "@$G/seed-transpose/request.json" "$U/v1/check"
req "check fail" 422 --data-binary "@$G/seed-dropped-bits/request.json" "$U/v1/check"
jqt "check fail body is the analysis" '.ok == false and .collisions.count == 48'
if curl -sf -o /dev/null --data-binary "@$G/seed-dropped-bits/request.json" "$U/v1/check"; then bad "curl -f should fail"; else ok "curl -f fails a CI step"; fi

# ---- cache: the second analysis of a definition is a hit
echo '{"layout": {"logical": [16, 16], "expr": {"thread": "i * 2 + j // 8", "slot": "j % 8"}}}' > "$T/frag.json"
req "analyze miss" 200 --data-binary "@$T/frag.json" "$U/v1/analyze"; hdr "X-Cache miss" '^x-cache: miss'
ID=$(jq -r .id "$T/body"); FP=$(jq -r .fingerprint "$T/body")
req "analyze hit" 200 --data-binary "@$T/frag.json" "$U/v1/analyze"; hdr "X-Cache hit" '^x-cache: hit'
jqt "cached flag" '.cached == true'
echo '{"layout": {"logical": [16, 16], "expr": {"thread": "i * 2 + j // 8", "slot": "j % 8"}}, "expect": {"owners": 31}}' > "$T/frag2.json"
req "expectations re-evaluated on a hit" 422 --data-binary "@$T/frag2.json" "$U/v1/check"
jqt "hit with failing expect" '.cached == true and .expect.failures[0].field == "owners"'
# expect.layout on a plain cute layout: the layout is its own result, cached or not
req "plain cute analysed" 200 --data-binary '{"layout": {"cute": "(4,8):(8,1)"}}' "$U/v1/analyze"
req "expect.layout, the same text" 200 --data-binary '{"layout": {"cute": "(4,8):(8,1)"}, "expect": {"layout": "(4,8):(8,1)"}}' "$U/v1/check"
jqt "expect.layout passes" '.ok == true and .expect.passed == true'
req "expect.layout, another function" 422 --data-binary '{"layout": {"cute": "(4,8):(8,1)"}, "expect": {"layout": "(4,8):(1,4)"}}' "$U/v1/check"
jqt "expect.layout fails with actual" '.expect.failures[0].actual == "(4,8):(8,1)" and .expect.failures[0].same_function == false'

# ---- cached analyses, tables, grids
req "get analysis" 200 "$U/v1/analyses/$ID"; jqt "get analysis fields" ".id == \"$ID\" and .fingerprint == \"$FP\" and .layout.logical == [16,16]"
hdr "ETag names the fingerprint" "^etag: W/\"$FP\""
req "If-None-Match" 304 -H "If-None-Match: \"$FP\"" "$U/v1/analyses/$ID"
req "unknown analysis" 404 "$U/v1/analyses/sha256:$(printf '%064d' 0)"; problem "unknown analysis" analysis_not_found
req "bad analysis id" 400 "$U/v1/analyses/nope"; problem "bad id" bad_id
req "table json" 200 "$U/v1/analyses/$ID/table"
jqt "table rows" '.total == 256 and (.rows|length) == 256 and .columns == ["i","j","thread","slot"] and .rows[17] == [1,1,2,1] and .next == null'
req "table page" 200 "$U/v1/analyses/$ID/table?limit=100&after=200"
jqt "table page rows" '(.rows|length) == 56 and .rows[0] == [12,8,25,0] and .next == null'
req "table page with next" 200 "$U/v1/analyses/$ID/table?limit=100"
jqt "next cursor" '.next == "100"'
hdr "Link next" '^link: <.*after=100.*>; rel="next"'
req "table csv inverse" 200 "$U/v1/analyses/$ID/table?format=csv&view=inverse"
[ "$(head -1 "$T/body")" = "thread,slot,i,j" ] && ok "csv header" || bad "csv header: $(head -1 "$T/body")"
[ "$(wc -l < "$T/body")" -eq 257 ] && ok "csv rows" || bad "csv rows $(wc -l < "$T/body")"
req "table bad format" 400 "$U/v1/analyses/$ID/table?format=xml"; problem "bad format" bad_query /query/format
# a NUL (%00) in a query parameter is no value any parameter takes: not "csv"
req "table format csv%00json" 400 "$U/v1/analyses/$ID/table?format=csv%00json"; problem "a NUL in a format" bad_query /query/format
req "a NUL in a view" 400 "$U/v1/analyses/$ID/table?view=inverse%00"; problem "a NUL in a view" bad_query /query/view
req "a NUL in a list's limit" 400 "$U/v1/layouts?limit=1%000"; problem "a NUL in a limit" bad_query /query/limit
req "a NUL in a parameter's name" 400 "$U/v1/layouts?li%00mit=1"; problem "a NUL in a name" bad_query
req "table cursor past the end" 200 "$U/v1/analyses/$ID/table?after=9223372036854775807&limit=5"
jqt "no rows, no next" '(.rows|length) == 0 and .next == null and .total == 256'
req "HEAD table: headers only" 200 -I "$U/v1/analyses/$ID/table"
hdr "HEAD total" '^x-total-count: 256'
req "table bad limit" 400 "$U/v1/analyses/$ID/table?limit=0"; problem "bad limit" bad_query /query/limit
req "grid" 200 "$U/v1/analyses/$ID/grid.svg"; hdr "svg type" '^content-type: image/svg\+xml'
grep -c 'class="cell"' "$T/body" | grep -qx 256 && ok "grid has 256 cells" || bad "grid cells"

# ---- a table read as a stream: id, cache, stored text and pages as with jansson
awk 'BEGIN { printf "{\"layout\": {\"name\": \"caf\\u00e9\", \"table\": [\n"
	for (e = 0; e < 4096; e++) printf "%s [[%d, %d], {\"thread\": %d, \"slot\": %d}]\n", e ? "," : "", e / 64, e % 64, e % 128, e / 128
	print "]}}" }' > "$T/table.json"
req "table miss" 200 --data-binary "@$T/table.json" "$U/v1/analyze"; hdr "table X-Cache miss" '^x-cache: miss'
TID=$(jq -r .id "$T/body")
[ "$TID" = "sha256:$(jq -acS '.layout | del(.name)' "$T/table.json" | tr -d '\n' | sha256sum | cut -c1-64)" ] \
	&& ok "table id is sha256 of the canonical text" || bad "table id $TID"
jqt "table analysis" '.placements == 4096 and .verdict.collision_free == true and .logical.shape == [64,64]'
req "table hit" 200 --data-binary "@$T/table.json" "$U/v1/analyze"; hdr "table X-Cache hit" '^x-cache: hit'
req "cached table definition" 200 "$U/v1/analyses/$TID"
jq -c --slurpfile sent "$T/table.json" '.layout == ($sent[0].layout | del(.name))' "$T/body" | grep -qx true \
	&& ok "cached table definition is the rows sent" || bad "cached table definition differs"
req "table of a table, last page" 200 "$U/v1/analyses/$TID/table?after=4000"
jqt "table page of a table" '.total == 4096 and (.rows|length) == 96 and .rows[95] == [63,63,127,31]'
req "analyze collisions" 200 --data-binary "@$G/seed-dropped-bits/request.json" "$U/v1/analyze"
DID=$(jq -r .id "$T/body")
req "grid with collisions" 200 "$U/v1/analyses/$DID/grid.svg"
grep -c 'stroke="#d00"' "$T/body" | grep -qx 64 && ok "every colliding cell outlined" || bad "collision outlines"
echo '{"layout": {"logical": [256, 256], "expr": {"m": "i * 256 + j"}}}' > "$T/huge.json"
req "analyze 64k" 200 --data-binary "@$T/huge.json" "$U/v1/analyze"
HUGE=$(jq -r .id "$T/body")
req "grid too large" 422 "$U/v1/analyses/$HUGE/grid.svg"; problem "grid too large" too_large /layout/logical
# a window of a tile too large to draw whole: rows 64-127, all 256 columns
req "grid window" 200 "$U/v1/analyses/$HUGE/grid.svg?row0=64&rows=64"
grep -c 'class="cell"' "$T/body" | grep -qx 16384 && ok "window has 64x256 cells" || bad "window cells"
grep -q 'data-e="16384"><title>(i=64, j=0) at 16384, bank 0<' "$T/body" \
	&& ok "window starts at row 64" || bad "window start: $(grep -m1 'class="cell"' "$T/body" | head -c 120)"
grep -q 'rows 64-127, columns 0-255 of 256' "$T/body" && ok "window named" || bad "window title"
req "grid small window" 200 "$U/v1/analyses/$HUGE/grid.svg?row0=2&col0=3&rows=4&cols=5"
grep -c 'class="cell"' "$T/body" | grep -qx 20 && ok "4x5 window" || bad "4x5 window cells"
grep -q 'data-e="515"><title>(i=2, j=3)' "$T/body" && ok "4x5 window at (2,3)" || bad "4x5 window start"
grep -q '>7</text>' "$T/body" && ok "column labels are the tile's" || bad "column labels"
req "grid window clipped" 200 "$U/v1/analyses/$HUGE/grid.svg?row0=250&rows=64"
grep -c 'class="cell"' "$T/body" | grep -qx 1536 && ok "window clipped to the tile" || bad "clipped window"
req "grid row0 past the tile" 400 "$U/v1/analyses/$HUGE/grid.svg?row0=256&rows=1"; problem "row0 past" bad_query /query/row0
req "grid col0 past the tile" 400 "$U/v1/analyses/$HUGE/grid.svg?col0=256&rows=1"; problem "col0 past" bad_query /query/col0
req "grid rows not a count" 400 "$U/v1/analyses/$HUGE/grid.svg?rows=ten"; problem "rows not a count" bad_query /query/rows
req "grid cols zero" 400 "$U/v1/analyses/$HUGE/grid.svg?rows=1&cols=0"; problem "cols zero" bad_query /query/cols
req "grid row0 negative" 400 "$U/v1/analyses/$HUGE/grid.svg?row0=-1"; problem "row0 negative" bad_query /query/row0
req "grid window too large" 422 "$U/v1/analyses/$HUGE/grid.svg?rows=65"; problem "window too large" too_large /query/rows
# a shared-memory layout (one memory axis, a single block): coloured by bank
printf '%s\n' '{"layout": {"ttgir": "#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>\n%0 = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>"}}' > "$T/smem.json"
req "analyze shared" 200 --data-binary "@$T/smem.json" "$U/v1/analyze"
req "grid of a shared layout" 200 "$U/v1/analyses/$(jq -r .id "$T/body")/grid.svg"
grep -q 'colour = bank (offset × 16 bits / 32 mod 32)' "$T/body" && ok "bank legend" || bad "bank legend"
# f16: offsets 2k and 2k+1 share bank k mod 32; row 1 is swizzled by its phase (vec 8)
grep -q '(dim0=0, dim1=3) at 3, bank 1<' "$T/body" && grep -q '(dim0=1, dim1=0) at 72, bank 4<' "$T/body" \
	&& ok "cells name their bank" || bad "bank of a cell"
[ "$(grep -o 'fill="hsl([^"]*"' "$T/body" | sort -u | wc -l)" -eq 32 ] && ok "32 bank colours" || bad "bank colours"

# ---- compare
jq -n --slurpfile a "$G/seed-gemm-fragment-8x8/request.json" '{a: $a[0].layout, b: $a[0].layout}' > "$T/cmp.json"
req "compare equal" 200 --data-binary "@$T/cmp.json" "$U/v1/compare"; jqt "equal" '.equal == true and .differing == 0'
jq -n --slurpfile a "$G/seed-transpose/request.json" --slurpfile b "$G/seed-gemm-fragment-8x8/request.json" '{a: $a[0].layout, b: $b[0].layout}' > "$T/cmp.json"
req "compare differ" 200 --data-binary "@$T/cmp.json" "$U/v1/compare"; jqt "differs" '.equal == false and .differing == 62 and .differences[0].logical == [0,1] and .differences[0].a == [{"r":1,"c":0}] and .differences[0].b == [{"thread":0,"slot":1}]'
req "compare missing b" 422 --data-binary '{"a": {"logical": [2], "expr": {"m": "i"}}}' "$U/v1/compare"; problem "compare missing b" schema /b

# ---- errors: each with the right status and a located problem
req "malformed JSON" 400 --data-binary '{"layout": ' "$U/v1/analyze"; problem "malformed JSON" json_syntax
req "empty body" 400 -X POST "$U/v1/analyze"; problem "empty body" json_syntax
req "duplicate key" 400 --data-binary '{"layout": {"logical": [2], "logical": [2], "expr": {"m": "i"}}}' "$U/v1/analyze"; problem "duplicate key" duplicate_key
req "no layout" 422 --data-binary '{"expect": {}}' "$U/v1/analyze"; problem "no layout" schema /layout
req "axe syntax" 422 --data-binary '{"layout": {"axe": "S[(8,2):(1,2]"}}' "$U/v1/analyze"; problem "axe syntax" syntax /layout/axe
jqt "axe syntax position" '.position == 12'
req "div by zero" 422 --data-binary "@$G/bad-expr-div-zero/request.json" "$U/v1/analyze"; problem "div by zero" div_by_zero /layout/expr/slot
req "over the point limit" 422 --data-binary '{"layout": {"logical": [4096, 4096], "expr": {"m": "i * 4096 + j"}}}' "$U/v1/analyze"; problem "point limit" too_large /layout/logical
req "unknown route" 404 "$U/v2/nothing"; problem "404" not_found
req "unknown one-segment path, any method" 404 -X POST --data-binary '{}' "$U/anything"
req "a real name in a cached definition is refused" 422 --data-binary '{"layout": {"name": 1.5, "logical": [16, 16], "expr": {"thread": "i * 2 + j // 8", "slot": "j % 8"}}}' "$U/v1/analyze"
jqt "not_integer at /layout/name" '.code == "not_integer" and .pointer == "/layout/name"'
req "wrong method" 405 -X DELETE "$U/v1/analyze"; problem "405" method_not_allowed; hdr "405 Allow" '^allow: POST'
req "wrong media type" 415 -H 'Content-Type: multipart/form-data; boundary=x' --data-binary 'x' "$U/v1/analyze"; problem "415" unsupported_media_type
head -c 1100000 /dev/zero | tr '\0' ' ' > "$T/big"
req "body over the limit (Content-Length)" 413 --data-binary "@$T/big" "$U/v1/analyze"; problem "413" body_too_large
req "body over the limit (chunked)" 413 -H 'Transfer-Encoding: chunked' --data-binary "@$T/big" "$U/v1/analyze"; problem "413 chunked" body_too_large

# ---- CORS
req "preflight" 204 -X OPTIONS -H 'Origin: https://dash.example' -H 'Access-Control-Request-Method: POST' "$U/v1/check"
hdr "preflight allow origin" '^access-control-allow-origin: https://dash.example'
hdr "preflight methods" '^access-control-allow-methods: POST'
req "CORS simple" 200 -H 'Origin: https://dash.example' "$U/livez"; hdr "CORS origin echoed" '^access-control-allow-origin: https://dash.example'
req "CORS other origin" 200 -H 'Origin: https://evil.example' "$U/livez"
grep -qi '^access-control-allow-origin' "$T/hdr" && bad "origin not in the allow-list got CORS" || ok "origin not in the allow-list gets no CORS"

# ---- a burst of 50 malformed requests, then the daemon still answers
i=0
pids=
while [ $i -lt 50 ]; do
	case $((i % 5)) in
	0) d='{"layout": {"axe": "S[(8,2):(1,2]"}}' ;;
	1) d='{"layout": ' ;;
	2) d='[1, 2, 3]' ;;
	3) d='{"layout": {"logical": [8, 8], "expr": {"m": "i // (j - 3)"}}}' ;;
	4) d='{"layout": {"logical": [0], "expr": {"m": "i"}}}' ;;
	esac
	curl -s -o /dev/null -w '%{http_code}\n' --data-binary "$d" "$U/v1/analyze" >>"$T/burst" &
	pids="$pids $!"
	i=$((i + 1))
done
# shellcheck disable=SC2086
wait $pids
n4xx=$(grep -cE '^4(00|22)$' "$T/burst")
[ "$n4xx" -eq 50 ] && ok "50 malformed requests answered 400/422" || bad "burst: $(sort "$T/burst" | uniq -c | tr '\n' ' ')"
req "still serving after the burst" 200 --data-binary "@$G/seed-gemm-fragment-8x8/request.json" "$U/v1/check"
jqt "still right after the burst" '.owners.count == 32'

# ---- metrics reflect what happened
req "metrics" 200 "$U/metrics"; hdr "metrics type" '^content-type: text/plain; version=0.0.4'
grep -q 'layoutd_http_requests_total{route="/v1/check",code="422"}' "$T/body" && ok "metrics by route and status" || bad "metrics by route"
grep -q 'layoutd_http_request_duration_seconds_bucket{route="/v1/analyze",le="+Inf"}' "$T/body" && ok "latency histogram" || bad "histogram"
grep -qE '^layoutd_analysis_cache_hits_total [1-9]' "$T/body" && ok "cache hits counted" || bad "cache hits"
grep -q 'route="/v1/analyses/{id}/table"' "$T/body" && ok "route templates, not raw paths" || bad "route templates"

# ---- logs: one line per request
grep -qE ' POST /v1/check 422 [0-9]+ [0-9]+$' "$T/log" && ok "request log line" || { bad "request log line"; tail -3 "$T/log"; }

# ---- SIGTERM with a request in flight: it completes, then exit 0
echo '{"layout": {"logical": [2048, 2048], "expr": {"thread": "(i % 16) * 8 + j % 8 + 128 * r", "slot": "(i // 16) * 256 + j // 8"}, "replicate": {"r": 2}}}' > "$T/slow.json"
curl -s -o "$T/slow.out" -w '%{http_code}' --data-binary "@$T/slow.json" "$U/v1/analyze" > "$T/slow.code" &
CURL=$!
# wait until the daemon reports it in flight (the metrics request is the other one)
for _ in $(seq 200); do
	curl -s "$U/metrics" | grep -qE '^layoutd_http_requests_in_flight [2-9]' && break
	sleep 0.01
done
kill -TERM "$PID"
wait "$CURL"
wait "$PID"; rc=$?
PID=
[ "$(cat "$T/slow.code")" = "200" ] && jq -e '.placements == 8388608' "$T/slow.out" >/dev/null && ok "in-flight request finished during drain" || bad "in-flight request: $(cat "$T/slow.code")"
[ $rc -eq 0 ] && ok "daemon exit 0 after SIGTERM" || bad "daemon exit $rc after SIGTERM"
grep -q "draining" "$T/log" && ok "drain logged" || bad "drain not logged"

# ---- JSON logs, and the depth and text-length limits as flags
start --log-format json --max-json-depth 8 --max-expr-len 32
req "JSON deeper than --max-json-depth" 400 --data-binary '{"layout": {"logical": [2], "expr": {"m": "i"}}, "probe": [[[[[[[[[0]]]]]]]]]}' "$U/v1/analyze"
problem "depth" json_depth
req "text longer than --max-expr-len" 422 --data-binary '{"layout": {"logical": [2], "expr": {"m": "i + 0 + 0 + 0 + 0 + 0 + 0 + 0 + 0 + 0"}}}' "$U/v1/analyze"
problem "expression length" too_large /layout/expr/m
req "livez (json logs)" 200 "$U/livez"
kill -TERM "$PID"; wait "$PID"; PID=
tail -n 3 "$T/log" | grep '"route":"/livez"' | jq -e '.status == 200 and .method == "GET" and (.us|type) == "number"' >/dev/null && ok "json log line" || bad "json log line"
exit $fail
