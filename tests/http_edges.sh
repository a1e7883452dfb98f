#!/bin/sh
# Boundaries the daemon must get exactly right, each tried on both sides:
# If-None-Match compares whole entity tags (not prefixes), the body limit
# lets a body of exactly --max-body bytes through and refuses one byte more
# (with Content-Length and chunked).  Quick: one small daemon, no heavy
# layouts.  Needs curl and jq (77 = skip).
set -u
. "$(dirname "$0")/lib.sh"

start --max-body 1024

# ---- entity tags: an analysis's ETag is W/"<fingerprint>"
echo '{"layout": {"logical": [4, 4], "expr": {"thread": "i", "slot": "j"}}}' > "$T/a.json"
req "analyze" 200 --data-binary "@$T/a.json" "$U/v1/analyze"
ID=$(jq -r .id "$T/body"); FP=$(jq -r .fingerprint "$T/body")
req "get analysis" 200 "$U/v1/analyses/$ID"
hdr "weak ETag of the fingerprint" "^etag: W/\"$FP\""
req "If-None-Match, the same tag" 304 -H "If-None-Match: \"$FP\"" "$U/v1/analyses/$ID"
req "If-None-Match, weak form" 304 -H "If-None-Match: W/\"$FP\"" "$U/v1/analyses/$ID"
req "If-None-Match, in a list" 304 -H "If-None-Match: \"other\", W/\"$FP\"" "$U/v1/analyses/$ID"
req "If-None-Match, in a list without spaces" 304 -H "If-None-Match: \"a\",\"$FP\",\"b\"" "$U/v1/analyses/$ID"
req "If-None-Match, any" 304 -H "If-None-Match: *" "$U/v1/analyses/$ID"
req "If-None-Match, tag with a suffix" 200 -H "If-None-Match: \"$FP-gzip\"" "$U/v1/analyses/$ID"
jqt "suffixed tag gets the body" ".id == \"$ID\""
req "If-None-Match, weak tag with a suffix" 200 -H "If-None-Match: W/\"${FP}x\"" "$U/v1/analyses/$ID"
SHORT=$(printf '%s' "$FP" | cut -c1-70)
req "If-None-Match, a prefix of the tag" 200 -H "If-None-Match: \"$SHORT\"" "$U/v1/analyses/$ID"
req "If-None-Match, unquoted" 200 -H "If-None-Match: $FP" "$U/v1/analyses/$ID"
req "If-None-Match, other tags only" 200 -H "If-None-Match: \"x\", \"y\"" "$U/v1/analyses/$ID"

# ---- JSON one level too deep is a 400 (the request's syntax), not a 422
deep=$(printf '%.0s[' $(seq 70))0$(printf '%.0s]' $(seq 70))
req "JSON nested too deeply" 400 --data-binary "{\"layout\": {\"logical\": [2], \"expr\": {\"m\": \"i\"}}, \"probe\": $deep}" "$U/v1/analyze"
jqt "json_depth with status 400" '.code == "json_depth" and .status == 400'

# ---- HEAD answers wherever GET does, with the headers and no body
req "HEAD analysis" 200 -I "$U/v1/analyses/$ID"
hdr "HEAD carries the ETag" "^etag: W/\"$FP\""
req "HEAD livez" 200 -I "$U/livez"
req "HEAD on a POST-only route" 405 -I "$U/v1/analyze"

# ---- check: 200 when ok, 422 when not
req "check of an ok layout" 200 --data-binary "@$T/a.json" "$U/v1/check"
echo '{"layout": {"logical": [4], "expr": {"m": "i // 2"}}}' > "$T/bad.json"
req "check of a colliding layout" 422 --data-binary "@$T/bad.json" "$U/v1/check"
jqt "422 carries the analysis" '.ok == false and .collisions.count == 2'
req "analyze of a colliding layout" 200 --data-binary "@$T/bad.json" "$U/v1/analyze"

# ---- table paging arguments: limit >= 1, after >= 0
req "table limit 1" 200 "$U/v1/analyses/$ID/table?limit=1"
jqt "one row and a cursor" '(.rows|length) == 1 and .next == "1"'
req "table limit 0" 400 "$U/v1/analyses/$ID/table?limit=0"
jqt "limit 0 located" '.code == "bad_query" and .pointer == "/query/limit"'
req "table after 0" 200 "$U/v1/analyses/$ID/table?after=0&limit=2"
jqt "after 0 starts at the first row" '.rows[0] == [0,0,0,0]'
req "table after -1" 400 "$U/v1/analyses/$ID/table?after=-1"
jqt "after -1 located" '.code == "bad_query" and .pointer == "/query/after"'

req "table limit = rows" 200 "$U/v1/analyses/$ID/table?limit=16"
jqt "a page ending at the last row has no next" '(.rows|length) == 16 and .next == null'
grep -qi '^link:' "$T/hdr" && bad "Link on the last page" || ok "no Link on the last page"
req "table limit = rows - 1" 200 "$U/v1/analyses/$ID/table?limit=15"
jqt "one row left: a next cursor" '(.rows|length) == 15 and .next == "15"'
req "table last page" 200 "$U/v1/analyses/$ID/table?after=15&limit=5"
jqt "the last row alone" '(.rows|length) == 1 and .rows[0] == [3,3,3,3] and .next == null'
# an inverse table lists an empty place with null for the element
echo '{"layout": {"logical": [2], "expr": {"m": "i * 2"}}}' > "$T/holes.json"
req "analyze a layout with a hole" 200 --data-binary "@$T/holes.json" "$U/v1/analyze"
HID=$(jq -r .id "$T/body")
req "inverse table" 200 "$U/v1/analyses/$HID/table?view=inverse"
jqt "empty place as null" '.columns == ["m","i"] and .rows == [[0,0],[1,null],[2,1]]'
req "inverse table csv" 200 "$U/v1/analyses/$HID/table?view=inverse&format=csv"
[ "$(tr '\n' ' ' < "$T/body")" = "m,i 0,0 1, 2,1 " ] && ok "csv empty place" || bad "csv inverse: $(cat "$T/body")"

# ---- registry: a new version is 201, the same definition again 200
echo '{"layout": {"logical": [4, 4], "expr": {"thread": "i", "slot": "j"}}}' > "$T/put.json"
req "PUT a new layout" 201 -X PUT --data-binary "@$T/put.json" "$U/v1/layouts/edge"
jqt "version 1" '.version == 1 and .name == "edge"'
req "PUT the same definition" 200 -X PUT --data-binary "@$T/put.json" "$U/v1/layouts/edge"
jqt "still version 1" '.version == 1'
echo '{"layout": {"logical": [4, 4], "expr": {"thread": "j", "slot": "i"}}}' > "$T/put2.json"
req "PUT a changed definition" 201 -X PUT --data-binary "@$T/put2.json" "$U/v1/layouts/edge"
jqt "version 2" '.version == 2'
req "list limit 1" 200 "$U/v1/layouts?limit=1"
jqt "one layout listed" '(.layouts|length) == 1 and .layouts[0].name == "edge"'
req "list limit 0" 400 "$U/v1/layouts?limit=0"
req "versions limit 0" 400 "$U/v1/layouts/edge/versions?limit=0"
req "versions limit 1" 200 "$U/v1/layouts/edge/versions?limit=1"
jqt "one version and a cursor" '(.versions|length) == 1 and .next == 1'
req "version 0 is not a version" 400 "$U/v1/layouts/edge/versions/0"
jqt "bad_version" '.code == "bad_version"'
req "DELETE version 1" 204 -X DELETE "$U/v1/layouts/edge/versions/1"
[ ! -s "$T/body" ] && ok "204 has no body" || bad "204 with a body"
req "a deleted version is gone" 410 "$U/v1/layouts/edge/versions/1"
req "the latest is still served" 200 "$U/v1/layouts/edge"
jqt "latest is version 2" '.version == 2'
req "DELETE version 2" 204 -X DELETE "$U/v1/layouts/edge/versions/2"
req "every version deleted: gone" 410 "$U/v1/layouts/edge"
jqt "layout_deleted" '.code == "layout_deleted" and .status == 410'
req "a name never used: not found" 404 "$U/v1/layouts/never"

# ---- request bodies: JSON only, known members only
req "multipart refused" 415 -H 'Content-Type: multipart/form-data; boundary=x' --data-binary 'x' "$U/v1/analyze"
jqt "415 problem" '.code == "unsupported_media_type"'
jq -n --slurpfile a "$T/a.json" '{a: $a[0].layout, b: $a[0].layout, bb: 1}' > "$T/cmp.json"
req "compare with an unknown member" 422 --data-binary "@$T/cmp.json" "$U/v1/compare"
jqt "the member is located" '.code == "schema" and .pointer == "/bb"'
jq -n --slurpfile a "$T/a.json" '{a: $a[0].layout, b: $a[0].layout}' > "$T/cmp.json"
req "compare equal" 200 --data-binary "@$T/cmp.json" "$U/v1/compare"
jqt "equal" '.equal == true and .differing == 0'

# ---- the body limit: exactly 1024 bytes pass, 1025 are refused
# pad(N): a valid request of exactly N bytes (spaces before the closing brace)
pad() {
	body='{"layout": {"logical": [2], "expr": {"m": "i"}}'
	n=$(($1 - ${#body} - 1))
	{ printf '%s' "$body"; head -c "$n" /dev/zero | tr '\0' ' '; printf '}'; } > "$T/pad"
	[ "$(wc -c < "$T/pad")" -eq "$1" ] || { echo "pad: wrong size"; exit 1; }
}
pad 1024
req "body of exactly the limit (Content-Length)" 200 --data-binary "@$T/pad" "$U/v1/analyze"
jqt "body at the limit analysed" '.placements == 2'
req "body of exactly the limit (chunked)" 200 -H 'Transfer-Encoding: chunked' --data-binary "@$T/pad" "$U/v1/analyze"
jqt "chunked body at the limit analysed" '.placements == 2'
pad 1025
req "one byte over the limit (Content-Length)" 413 --data-binary "@$T/pad" "$U/v1/analyze"
jqt "413 is problem+json" '.code == "body_too_large" and .status == 413'
req "one byte over the limit (chunked)" 413 -H 'Transfer-Encoding: chunked' --data-binary "@$T/pad" "$U/v1/analyze"
jqt "chunked 413 is problem+json" '.code == "body_too_large"'
pad 1023
req "one byte under the limit" 200 --data-binary "@$T/pad" "$U/v1/analyze"
req "still serving" 200 "$U/livez"
stop

# ---- the memory cache keeps the most recently used analyses
DB="$T/lru.db"
start --cache-entries 2 --db-cache-entries 1
lay() { echo "{\"layout\": {\"logical\": [$1], \"expr\": {\"m\": \"i\"}}}" > "$T/l$1.json"; }
lay 2; lay 3; lay 4
req "A" 200 --data-binary "@$T/l2.json" "$U/v1/analyze"; hdr "A miss" '^x-cache: miss'
req "B" 200 --data-binary "@$T/l3.json" "$U/v1/analyze"; hdr "B miss" '^x-cache: miss'
req "A again" 200 --data-binary "@$T/l2.json" "$U/v1/analyze"; hdr "A hit" '^x-cache: hit'
req "C" 200 --data-binary "@$T/l4.json" "$U/v1/analyze"; hdr "C miss" '^x-cache: miss'
req "A, used last, kept" 200 --data-binary "@$T/l2.json" "$U/v1/analyze"; hdr "A still a hit" '^x-cache: hit'
jqt "A's own analysis" '.logical.shape == [2] and .cached == true'
req "C kept" 200 --data-binary "@$T/l4.json" "$U/v1/analyze"; hdr "C hit" '^x-cache: hit'
jqt "C's own analysis" '.logical.shape == [4]'
req "B, least recently used, evicted" 200 --data-binary "@$T/l3.json" "$U/v1/analyze"; hdr "B miss again" '^x-cache: miss'

# ---- writes: open until a token exists, then a write token is needed
W=$("$L" token add edge-ci --db "$DB" | tail -n 1)
R=$("$L" token add edge-dash --read-only --db "$DB" | tail -n 1)
req "PUT without a token" 401 -X PUT --data-binary "@$T/put.json" "$U/v1/layouts/auth"
req "PUT with a read-only token" 403 -X PUT -H "Authorization: Bearer $R" --data-binary "@$T/put.json" "$U/v1/layouts/auth"
req "PUT with an unknown token" 401 -X PUT -H "Authorization: Bearer ldt_$(printf '0%.0s' $(seq 64))" --data-binary "@$T/put.json" "$U/v1/layouts/auth"
req "PUT with the write token" 201 -X PUT -H "Authorization: Bearer $W" --data-binary "@$T/put.json" "$U/v1/layouts/auth"
req "DELETE with a read-only token" 403 -X DELETE -H "Authorization: Bearer $R" "$U/v1/layouts/auth/versions/1"
req "reads stay open" 200 "$U/v1/layouts/auth"
exit $fail
