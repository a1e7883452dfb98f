#!/bin/sh
# The daemon's real responses held to schema/openapi.json: every golden
# request through /v1/analyze, check, compare, cached analyses, tables,
# grids, health, and the problem documents of each error status, each
# validated by $OPENAPI_CHECK against the schema the document gives for that
# path, method, status and media type.  Also: GET /openapi.json is the file
# byte for byte, the routes of the daemon and the paths of the document are
# the same set with the same methods, every problem code is in docs/api.md,
# and the checker rejects a broken instance.  Needs curl and jq (77 = skip).
set -u
. "$(dirname "$0")/lib.sh"
C=${OPENAPI_CHECK:?}
S=$(cd "$G/../.." && pwd)
DOC=$S/schema/openapi.json

jq -e '.openapi == "3.1.0"' "$DOC" >/dev/null || { echo "FAIL $DOC is not OpenAPI 3.1.0 JSON"; exit 1; }

start --cors-origin https://dash.example --max-points 67108864

# call METHOD URL [curl args...]: body in $T/body, headers in $T/hdr, status in $ST
call() {
	m=$1 url=$2
	shift 2
	rm -f "$T/body" "$T/hdr"
	ST=$(curl -s -X "$m" -o "$T/body" -D "$T/hdr" -w '%{http_code}' "$@" "$U$url")
	echo "$ST" >>"$T/statuses"
}
header() { # NAME: its value in the last response, CR stripped
	tr -d '\r' <"$T/hdr" | awk -v h="$1" 'tolower($0) ~ "^" tolower(h) ":" { sub(/^[^:]*: */, ""); print; exit }'
}
esc() { printf '%s' "$1" | sed 's,~,~0,g; s,/,~1,g'; }

# conform NAME METHOD TEMPLATE [WANT_STATUS]: the last response is documented
# (status, media type, headers) and its body matches the documented schema.
conform() {
	name=$1 meth=$2 tmpl=$3
	if [ $# -ge 4 ] && [ "$ST" != "$4" ]; then
		bad "$name: status $ST, expected $4"; head -c 400 "$T/body"; echo; return
	fi
	resp=$(jq -c --arg p "$tmpl" --arg m "$meth" --arg s "$ST" '.paths[$p][$m].responses[$s] // empty' "$DOC")
	if [ -z "$resp" ]; then
		bad "$name: $ST is not a documented response of $(echo "$meth" | tr a-z A-Z) $tmpl"; return
	fi
	# the API's own headers in the response must be documented for it
	hs=$(tr -d '\r' <"$T/hdr" | awk -F: 'tolower($1) ~ /^(etag|location|link|x-cache|x-total-count|content-location|www-authenticate)$/ { print tolower($1) }')
	ct=$(header Content-Type)
	[ -s "$T/body" ] || ct=
	why=$(echo "$resp" | jq -r --arg hs "$hs" --arg c "$ct" '
		([.headers // {} | keys[] | ascii_downcase]) as $doc
		| [($hs | split("\n")[] | select(length > 0) | select(IN($doc[]) | not) | "header \(.) is not documented"),
		   (if $c != "" and (.content[$c] | not) then "media type \($c) is not documented" else empty end)]
		| join("; ")')
	[ -z "$why" ] || { bad "$name: $ST: $why"; return; }
	[ -n "$ct" ] || { ok "$name ($ST, empty body)"; return; }
	case $ct in
	application/json | application/problem+json)
		ptr="#/paths/$(esc "$tmpl")/$meth/responses/$ST/content/$(esc "$ct")/schema"
		if out=$("$C" "$DOC" "$ptr" "$T/body" 2>&1); then ok "$name ($ST $ct)"; else bad "$name: $out"; head -c 400 "$T/body"; echo; fi
		case $ct in application/problem+json) jq -r .code "$T/body" >>"$T/codes" ;; esac ;;
	*) ok "$name ($ST $ct)" ;;
	esac
}

# ---- the negative controls: the checker can fail
call POST /v1/analyze --data-binary "@$G/seed-axe-shard/request.json"
A='#/components/schemas/Analysis'
jq 'del(.owners)' "$T/body" >"$T/neg1.json"
jq '.verdict.bijective = "yes"' "$T/body" >"$T/neg2.json"
jq '.surprise = 1' "$T/body" >"$T/neg3.json"
"$C" "$DOC" "$A" "$T/body" >/dev/null && ok "checker accepts a real analysis" || bad "checker rejects a real analysis"
for n in 1 2 3; do
	"$C" "$DOC" "$A" "$T/neg$n.json" >"$T/neg.out"
	rc=$?
	[ $rc -eq 1 ] && ok "checker rejects broken instance $n: $(cat "$T/neg.out")" || bad "checker exit $rc on broken instance $n"
done
"$C" "$DOC" '#/components/schemas/Problem' "$T/body" >/dev/null; rc=$?
[ $rc -eq 1 ] && ok "an analysis is not a Problem" || bad "checker exit $rc for an analysis as a Problem"
"$C" "$DOC" '#/components/schemas/NoSuchSchema' "$T/body" 2>/dev/null; rc=$?
[ $rc -eq 2 ] && ok "checker usage error exits 2" || bad "checker exit $rc on a missing schema"

# the batch mode (the golden responses below) can fail too
{
	printf '{"name": "real", "schema": "%s", "instance": "%s"}\n' "$A" "$T/body"
	printf '{"name": "broken", "schema": "%s", "instance": "%s"}\n' "$A" "$T/neg1.json"
	printf '{"name": "undocumented", "method": "post", "path": "/v1/analyze", "status": "299", "headers": "%s", "body": "%s"}\n' "$T/hdr" "$T/body"
} | "$C" --batch "$DOC" >"$T/neg.out"
rc=$?
[ $rc -eq 1 ] && grep -qx 'ok real' "$T/neg.out" && grep -q '^FAIL broken: .*owners' "$T/neg.out" &&
	grep -q '^FAIL undocumented: 299 is not a documented response' "$T/neg.out" &&
	ok "the batch checker passes the real analysis and fails the broken ones" || { bad "batch checker exit $rc"; cat "$T/neg.out"; }

# ---- documents, health, metrics
call GET /openapi.json
conform "openapi.json" get /openapi.json 200
cmp -s "$T/body" "$DOC" && ok "GET /openapi.json is schema/openapi.json byte for byte" || bad "GET /openapi.json differs from schema/openapi.json (rebuild?)"
call GET /livez; conform "livez" get /livez 200
call GET /readyz; conform "readyz" get /readyz 200
call GET /; conform "dashboard" get / 200
call GET /app.js; conform "dashboard script" get '/{asset}' 200
call GET /app.css; conform "dashboard style" get '/{asset}' 200
call GET /no-such-file.txt; conform "unknown asset" get '/{asset}' 404
ST=$(curl -s -I -o /dev/null -w '%{http_code}' "$U/livez"); [ "$ST" = 200 ] && ok "HEAD answered where GET is" || bad "HEAD /livez: $ST"

# ---- every golden request: 200 analysis or a 4xx problem.  All of them
# go through one curl (one connection), their checks through one checker
# (--batch: conform's checks, per response), their findings through one jq.
mkdir "$T/g"
: >"$T/curl.cfg"
: >"$T/golden.jsonl"
n=0
for d in "$G"/*/; do
	d=${d%/}
	[ -f "$d/request.json" ] || continue
	c=${d##*/}
	case $c in bad-*) ;; *)
		printf '{"name": "request %s matches Request", "schema": "#/components/schemas/Request", "instance": "%s"}\n' \
			"$c" "$d/request.json" >>"$T/golden.jsonl" ;;
	esac
	[ $n -gt 0 ] && echo next >>"$T/curl.cfg"
	printf 'url = "%s/v1/analyze"\nheader = "Content-Type: application/json"\ndata-binary = "@%s"\noutput = "%s.body"\ndump-header = "%s.hdr"\nwrite-out = "%%{http_code} %s\\n"\n' \
		"$U" "$d/request.json" "$T/g/$c" "$T/g/$c" "$c" >>"$T/curl.cfg"
	echo "$d/expected.json" >>"$T/expected.list"
	n=$((n + 1))
done
curl -s -K "$T/curl.cfg" >"$T/golden.status"
cut -d' ' -f1 "$T/golden.status" >>"$T/statuses"
# the status each case wants: a 4xx with {"error"} in expected.json, else 200
xargs jq -r 'input_filename + " " + (if has("error") then "4" else "200" end)' <"$T/expected.list" 2>/dev/null |
	sed 's,^.*/\([^/]*\)/expected.json ,\1 ,' | sort >"$T/golden.want"
sort -k2 "$T/golden.status" | awk '{ print $2, $1 }' >"$T/golden.got"
join -a 1 -a 2 -e - -o 0,1.2,2.2 "$T/golden.want" "$T/golden.got" >"$T/golden.pairs"
while read -r c want got; do
	[ "$want" = - ] && want=200 # no expected.json: an analysis
	case $got in "$want"*) ;; *) bad "golden $c: status $got" ;; esac
	printf '{"name": "golden %s", "method": "post", "path": "/v1/analyze", "status": "%s", "headers": "%s.hdr", "body": "%s.body"}\n' \
		"$c" "$got" "$T/g/$c" "$T/g/$c" >>"$T/golden.jsonl"
	case $got in 200) echo "$T/g/$c.body" >>"$T/ok.list" ;; 4*) echo "$T/g/$c.body" >>"$T/problem.list" ;; esac
done <"$T/golden.pairs"
"$C" --batch "$DOC" <"$T/golden.jsonl" >"$T/golden.out"
rc=$?
grep '^FAIL' "$T/golden.out" && fail=1
[ $rc -le 1 ] || bad "the checker could not judge the golden checks (exit $rc)"
[ "$(grep -c '^ok' "$T/golden.out")" -eq "$(wc -l <"$T/golden.jsonl")" ] ||
	bad "the checker answered $(grep -c '^ok' "$T/golden.out") of $(wc -l <"$T/golden.jsonl") golden checks with ok"
[ -s "$T/problem.list" ] && xargs jq -r '.code // empty' <"$T/problem.list" >>"$T/codes"
xargs jq -c '{s: (.structure != null), p: (.probe != null), w: (.warnings|length > 0),
	c: (.collisions.examples|length > 0), d: (.duplicates.examples|length > 0),
	h: (.holes.examples|length > 0), u: (.unplaced.examples|length > 0),
	o: (.out_of_bounds.examples|length > 0), on: ([.out_of_bounds.examples[]? | select(.logical == null)]|length > 0),
	r: (.round_trip.examples|length > 0)}' <"$T/ok.list" >>"$T/seen"
ok "$n golden requests answered and checked ($(grep -c "^ok" "$T/golden.out") schema checks passed)"
for f in s p w c d h u o on r; do
	jq -se --arg f "$f" 'map(.[$f]) | any' "$T/seen" >/dev/null ||
		bad "no golden analysis exercised '$f' (structure, probe, warnings, examples of each finding)"
done

# ---- check, cache
call POST /v1/check --data-binary "@$G/seed-transpose/request.json"; conform "check pass" post /v1/check 200
call POST /v1/check --data-binary "@$G/seed-dropped-bits/request.json"; conform "check fail (analysis)" post /v1/check 422
[ "$(header Content-Type)" = application/json ] && jq -e '.ok == false' "$T/body" >/dev/null && ok "failed check is the analysis" || bad "failed check body"
call POST /v1/check --data-binary '{"layout": {"axe": "S[(8,2):(1,2]"}}'; conform "check bad request (problem)" post /v1/check 422
# a validator that selects the 422 schema by status alone, whatever the
# media type, must accept both bodies: both media types share CheckFailure
for ct in application~1json application~1problem+json; do
	for body in "$G/seed-dropped-bits/request.json" "$G/bad-axe-missing-bracket/request.json"; do
		call POST /v1/check --data-binary "@$body"
		if out=$("$C" "$DOC" "#/paths/~1v1~1check/post/responses/422/content/$ct/schema" "$T/body" 2>&1); then
			ok "422 of $(basename "$(dirname "$body")") under the $ct schema"
		else
			bad "422 of $(basename "$(dirname "$body")") under the $ct schema: $out"
		fi
	done
done
call POST /v1/analyze --data-binary "@$G/seed-transpose/request.json"; conform "analyze cached" post /v1/analyze 200
[ "$(header X-Cache)" = hit ] && jq -e '.cached == true' "$T/body" >/dev/null && ok "cache hit" || bad "cache hit"
ID=$(jq -r .id "$T/body")
call POST /v1/analyze --data-binary '{"layout": {"logical": [8, 8], "expr": {"thread": "i"}}, "expect": {"owners": 3, "fingerprint": "sha256:0000000000000000000000000000000000000000000000000000000000000000", "slots": 1}}'
conform "analysis with failed expectations" post /v1/analyze 200
jq -e '.expect.failures|length == 3' "$T/body" >/dev/null && ok "expect failures listed" || bad "expect failures"

# ---- compare
jq -n --slurpfile a "$G/seed-gemm-fragment-8x8/request.json" '{a: $a[0].layout, b: $a[0].layout}' >"$T/cmp.json"
call POST /v1/compare --data-binary "@$T/cmp.json"; conform "compare equal" post /v1/compare 200
jq -n --slurpfile a "$G/seed-transpose/request.json" --slurpfile b "$G/seed-gemm-fragment-8x8/request.json" '{a: $a[0].layout, b: $b[0].layout, examples: 3}' >"$T/cmp.json"
call POST /v1/compare --data-binary "@$T/cmp.json"; conform "compare different" post /v1/compare 200
call POST /v1/compare --data-binary '{"a": {"logical": [4], "expr": {"m": "i"}}, "b": {"logical": [2, 2], "expr": {"m": "i"}}}'
conform "compare different shapes" post /v1/compare 200
jq -e '.reason|length > 0' "$T/body" >/dev/null && ok "compare reason" || bad "compare reason"
call POST /v1/compare --data-binary '{"a": {"logical": [2], "expr": {"m": "i"}}}'; conform "compare missing b" post /v1/compare 422

# ---- cached analyses, tables, grids
call GET "/v1/analyses/$ID"; conform "get analysis" get '/v1/analyses/{id}' 200
FP=$(jq -r .fingerprint "$T/body")
call GET "/v1/analyses/$ID" -H "If-None-Match: W/\"$FP\""; conform "get analysis 304" get '/v1/analyses/{id}' 304
call GET "/v1/analyses/sha256:$(printf '%064d' 0)"; conform "unknown analysis" get '/v1/analyses/{id}' 404
call GET /v1/analyses/nope; conform "bad id" get '/v1/analyses/{id}' 400
call GET "/v1/analyses/$ID/table?limit=10&after=5"; conform "table page" get '/v1/analyses/{id}/table' 200
[ "$(header X-Total-Count)" = 64 ] && header Link | grep -q 'rel="next"' && ok "X-Total-Count and Link" || bad "table headers"
call POST /v1/analyze --data-binary "@$G/seed-padding/request.json"
PID2=$(jq -r .id "$T/body")
call GET "/v1/analyses/$PID2/table?format=json&view=inverse"; conform "inverse table with holes" get '/v1/analyses/{id}/table' 200
jq -e '[.rows[] | select(.[1] == null)] | length == 16' "$T/body" >/dev/null && ok "holes are null rows" || bad "inverse holes"
call GET "/v1/analyses/$ID/table?format=csv"; conform "table csv" get '/v1/analyses/{id}/table' 200
call GET "/v1/analyses/$ID/table?view=sideways"; conform "table bad view" get '/v1/analyses/{id}/table' 400
call GET "/v1/analyses/$ID/table?after=-1"; conform "table bad after" get '/v1/analyses/{id}/table' 400
call GET "/v1/analyses/sha256:$(printf '%064d' 0)/table"; conform "table unknown analysis" get '/v1/analyses/{id}/table' 404
call GET "/v1/analyses/$ID/grid.svg"; conform "grid" get '/v1/analyses/{id}/grid.svg' 200
call GET "/v1/analyses/nope/grid.svg"; conform "grid bad id" get '/v1/analyses/{id}/grid.svg' 400
call GET "/v1/analyses/sha256:$(printf '%064d' 0)/grid.svg"; conform "grid unknown" get '/v1/analyses/{id}/grid.svg' 404
call POST /v1/analyze --data-binary '{"layout": {"logical": [256, 256], "expr": {"m": "i * 256 + j"}}}'
BIG=$(jq -r .id "$T/body")
call GET "/v1/analyses/$BIG/grid.svg"; conform "grid too large" get '/v1/analyses/{id}/grid.svg' 422
call GET "/v1/analyses/$BIG/grid.svg?row0=8&rows=8&cols=16"; conform "grid window" get '/v1/analyses/{id}/grid.svg' 200
call GET "/v1/analyses/$BIG/grid.svg?row0=x"; conform "grid bad window" get '/v1/analyses/{id}/grid.svg' 400
call GET "/v1/analyses/$BIG/grid.svg?rows=128"; conform "grid window too large" get '/v1/analyses/{id}/grid.svg' 422

# ---- problem documents of each status
call POST /v1/analyze --data-binary '{"layout": '; conform "400 malformed JSON" post /v1/analyze 400
jq -e '.line >= 1 and .column >= 0 and .position >= 0' "$T/body" >/dev/null && ok "JSON error located" || bad "JSON error location"
call POST /v1/analyze --data-binary '{"a": 1, "a": 2}'; conform "400 duplicate key" post /v1/analyze 400
call POST /v1/analyze; conform "400 empty body" post /v1/analyze 400
call POST /v1/analyze --data-binary '{"layout": {"axe": "S[(8,2):(1,2]"}}'; conform "422 syntax with position" post /v1/analyze 422
call POST /v1/analyze --data-binary '{"layout": {"logical": [2], "expr": {"m": "i"}}, "extra": 1}'; conform "422 unknown member" post /v1/analyze 422
call POST /v1/analyze --data-binary '{"layout": {"logical": [16384, 8192], "expr": {"m": "i * 8192 + j"}}}'; conform "422 too large" post /v1/analyze 422
call GET /v2/nothing; [ "$ST" = 404 ] && "$C" "$DOC" '#/components/schemas/Problem' "$T/body" >/dev/null && ok "404 unknown route is a Problem" || bad "404 unknown route"
jq -r .code "$T/body" >>"$T/codes"
call DELETE /v1/analyze; [ "$ST" = 405 ] && [ "$(header Allow)" = POST ] && "$C" "$DOC" '#/components/schemas/Problem' "$T/body" >/dev/null && ok "405 is a Problem with Allow" || bad "405"
jq -r .code "$T/body" >>"$T/codes"
head -c 1100000 /dev/zero | tr '\0' ' ' >"$T/big"
call POST /v1/analyze --data-binary "@$T/big"; conform "413 Content-Length" post /v1/analyze 413
call POST /v1/check -H 'Transfer-Encoding: chunked' --data-binary "@$T/big"; conform "413 chunked" post /v1/check 413
call POST /v1/compare -H 'Content-Type: application/octet-stream' --data-binary x; conform "415" post /v1/compare 415

# ---- registry (x-requires-store): versions, pages, ETags, expect.equals, tokens
V1='{"layout": {"logical": [4], "expr": {"m": "3 - i"}}, "expect": {"bijective": true}, "description": "reversed"}'
V2='{"layout": {"logical": [4], "expr": {"m": "i"}}}'
call PUT /v1/layouts/flip --data-binary "$V1"; conform "registry put creates" put '/v1/layouts/{name}' 201
call PUT /v1/layouts/flip --data-binary "$V1"; conform "registry put unchanged" put '/v1/layouts/{name}' 200
call PUT /v1/layouts/flip --data-binary "$V2"; conform "registry put version 2" put '/v1/layouts/{name}' 201
call PUT /v1/layouts/flop --data-binary "$V2"; conform "registry put another name" put '/v1/layouts/{name}' 201
call PUT /v1/layouts/broken --data-binary '{"layout": {"logical": [4], "expr": {"m": "i // 2"}}}'
conform "registry put failing layout" put '/v1/layouts/{name}' 422
jq -e '.code == "expect_failed" and .analysis.ok == false' "$T/body" >/dev/null && ok "expect_failed carries the analysis" || bad "expect_failed body"
call PUT /v1/layouts/flip --data-binary '{"layout": {"logical": [4], "expr": {"m": "i"}}, "description": 7}'
conform "registry put bad description" put '/v1/layouts/{name}' 422
call PUT /v1/layouts/-bad --data-binary "$V2"; conform "registry put bad name" put '/v1/layouts/{name}' 400
call GET '/v1/layouts?limit=1'; conform "registry list page" get /v1/layouts 200
call GET '/v1/layouts?prefix=fl&after=flip'; conform "registry list prefix" get /v1/layouts 200
call GET '/v1/layouts?limit=0'; conform "registry list bad limit" get /v1/layouts 400
call GET /v1/layouts/flip; conform "registry latest" get '/v1/layouts/{name}' 200
RFP=$(jq -r .fingerprint "$T/body")
call GET /v1/layouts/flip -H "If-None-Match: W/\"$RFP\""; conform "registry latest 304" get '/v1/layouts/{name}' 304
call GET /v1/layouts/nope; conform "registry unknown name" get '/v1/layouts/{name}' 404
call GET /v1/layouts/flip/versions; conform "registry versions" get '/v1/layouts/{name}/versions' 200
call GET '/v1/layouts/flip/versions?after=1&limit=1'; conform "registry versions page" get '/v1/layouts/{name}/versions' 200
call GET '/v1/layouts/flip/versions?after=x'; conform "registry versions bad cursor" get '/v1/layouts/{name}/versions' 400
call GET /v1/layouts/flip/versions/1; conform "registry version" get '/v1/layouts/{name}/versions/{n}' 200
call GET /v1/layouts/flip/versions/0; conform "registry bad version" get '/v1/layouts/{name}/versions/{n}' 400
call GET /v1/layouts/flip/versions/9; conform "registry unknown version" get '/v1/layouts/{name}/versions/{n}' 404
call DELETE /v1/layouts/flip/versions/1; conform "registry delete" delete '/v1/layouts/{name}/versions/{n}' 204
call GET /v1/layouts/flip/versions/1; conform "registry deleted version" get '/v1/layouts/{name}/versions/{n}' 410
call POST /v1/analyze --data-binary '{"layout": {"logical": [4], "expr": {"m": "i"}}, "expect": {"equals": "flop"}}'
conform "expect.equals passes" post /v1/analyze 200
call POST /v1/check --data-binary '{"layout": {"logical": [4], "expr": {"m": "3 - i"}}, "expect": {"equals": "flop@1"}}'
conform "expect.equals fails with differences" post /v1/check 422
jq -e '.expect.failures[0].differing == 4' "$T/body" >/dev/null && ok "equals failure lists the differences" || bad "equals failure"
call POST /v1/analyze --data-binary '{"layout": {"logical": [4], "expr": {"m": "i"}}, "expect": {"equals": "nope@1"}}'
conform "expect.equals unknown" post /v1/analyze 422
W=$("$L" token add ci --db "$DB" 2>/dev/null | awk '{ w = $NF } END { print w }')
R=$("$L" token add reader --read-only --db "$DB" 2>/dev/null | awk '{ w = $NF } END { print w }')
[ -n "$W" ] && [ -n "$R" ] && ok "tokens created" || bad "layoutd token add"
call PUT /v1/layouts/flop --data-binary "$V1"; conform "registry write without a token" put '/v1/layouts/{name}' 401
call PUT /v1/layouts/flop -H "Authorization: Bearer $R" --data-binary "$V1"; conform "registry write with a read-only token" put '/v1/layouts/{name}' 403
call PUT /v1/layouts/flop -H "Authorization: Bearer $W" --data-binary "$V1"; conform "registry write with a token" put '/v1/layouts/{name}' 201
jq -e '.created_by == "ci"' "$T/body" >/dev/null && ok "created_by is the token name" || bad "created_by"
call DELETE /v1/layouts/flop/versions/1 -H "Authorization: Bearer nope"; conform "registry delete with a bad token" delete '/v1/layouts/{name}/versions/{n}' 401
jq -e '[.paths | to_entries[] | select(.key | startswith("/v1/layouts")) | .value[] | objects
	| select(has("responses")) | .["x-requires-store"] == true] | length == 6 and all' "$DOC" >/dev/null &&
	ok "registry operations marked x-requires-store" || bad "registry operations without x-requires-store"

# ---- routes: the daemon's and the document's are the same, with the same methods
sed -n 's/^[[:space:]]*\[ROUTE_[A-Z]*\] *= *{ *"\(\/[^"]*\)",.*/\1/p' "$S/src/http/routes.c" | sort >"$T/routes"
jq -r '.paths | keys[]' "$DOC" | sort >"$T/paths"
[ -s "$T/routes" ] && cmp -s "$T/routes" "$T/paths" && ok "the document has exactly the daemon's $(wc -l <"$T/routes") routes" ||
	{ bad "routes and paths differ"; diff "$T/routes" "$T/paths"; }
while read -r p; do
	url=$(echo "$p" | sed "s/{id}/$ID/; s/{name}/flip/; s/{n}/1/; s/{asset}/app.js/")
	call OPTIONS "$url" -H 'Origin: https://dash.example' -H 'Access-Control-Request-Method: GET'
	have=$(header Allow | tr -d ' ' | tr ',' '\n' | sort | tr '\n' ' ')
	want=$(jq -r --arg p "$p" '.paths[$p] | keys[] | select(IN("get","put","post","delete","patch"))' "$DOC" | tr a-z A-Z | sort | tr '\n' ' ')
	[ "$ST" = 204 ] && [ "$have" = "$want" ] && ok "OPTIONS $p: Allow $have" || bad "OPTIONS $p: $ST, Allow '$have', document '$want'"
done <"$T/paths"
call GET /metrics; conform "metrics" get /metrics 200
grep -o 'route="[^"]*"' "$T/body" | sort -u | sed 's/route="//; s/"$//' | while read -r r; do
	[ "$r" = "(unmatched)" ] || grep -qxF "$r" "$T/paths" || echo "$r"
done >"$T/unknown"
[ -s "$T/unknown" ] && bad "metrics label routes missing from the document: $(cat "$T/unknown")" || ok "metrics routes are document paths"

# ---- the print formats the document lists are the engine's table (print.h),
# and each answers with the media type the document gives it
want=$("$L" print --list-formats | tr '\n' ' ')
doc=$(jq -r '.paths["/v1/analyses/{id}/print"].get.parameters[] | select(.name == "format") | .schema.enum[]' "$DOC" | tr '\n' ' ')
[ -n "$want" ] && [ "$want" = "$doc" ] && ok "print formats: $doc" || bad "print formats: the table has '$want', the document '$doc'"
for f in $want; do
	call GET "/v1/analyses/$ID/print?format=$f"; conform "print $f" get '/v1/analyses/{id}/print'
done

# ---- every code is in docs/api.md: the ones seen here and the engine's
sed -n 's/^[[:space:]]*{ *LAY_E[A-Z]*, *"\([a-z_]*\)".*/\1/p' "$S/src/layout/error.c" >>"$T/codes"
for c in $(sort -u "$T/codes"); do
	grep -q "\`$c\`" "$S/docs/api.md" 2>/dev/null || bad "problem code $c is not in docs/api.md"
done
ok "$(sort -u "$T/codes" | wc -l) problem codes checked against docs/api.md"
grep -qE '^5' "$T/statuses" && bad "a 5xx was answered: $(grep -E '^5' "$T/statuses" | sort | uniq -c)"

kill -TERM "$PID"; wait "$PID"; PID=
exit $fail
