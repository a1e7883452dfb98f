#!/bin/sh
# Limits and state that must return to rest, on a real loopback port: the
# memory budget counts what queued requests hold (bodies, parsed trees,
# queue slots), a client that half-closes still gets its answers, 100-continue
# with pipelining, which early answers keep a keep-alive connection, what
# the request line and fields must be, and after it all the budget, the
# in-flight count and the connection slots are back to zero in /metrics.
# Needs curl, jq and python3 (77 = skip).
set -u
. "$(dirname "$0")/lib.sh"
R=${RAWHTTP:?}
[ -x "$R" ] || { echo "tests/rawhttp is not built"; exit 77; }
command -v python3 > /dev/null 2>&1 || { echo "python3 missing"; exit 77; }
ATTACKERS=${LIMITS_ATTACKERS:-60}

# metric NAME: its value in the last /metrics
metric() { awk -v n="$1" '$1 == n { print $2 }' "$T/metrics"; }
at_rest() { # NAME: budget, in-flight and connections back to zero (but this one)
	rest=no
	for _ in $(seq 100); do
		curl -s -o "$T/metrics" "$U/metrics"
		if [ "$(metric layoutd_memory_reserved_bytes)" = 0 ] && [ "$(metric layoutd_http_requests_in_flight)" = 1 ] &&
			[ "$(metric layoutd_http_connections)" = 1 ] && [ "$(metric layoutd_http_connections_tracked)" = 1 ] &&
			[ "$(metric layoutd_http_connections_guarded)" = 1 ] && [ "$(metric layoutd_analyses_queued)" = 0 ] &&
			[ "$(metric layoutd_analyses_running)" = 0 ]; then
			rest=yes
			break
		fi
		sleep 0.1
	done
	[ $rest = yes ] && ok "$1: at rest" || bad "$1: not at rest: $(grep -E '^layoutd_(memory_reserved|http_requests_in_flight|http_connections|analyses_)' "$T/metrics" | tr '\n' ' ')"
}
hwm_kib() { awk '/^VmHWM:/ { print $2 }' "/proc/$PID/status"; }
rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$PID/status"; }

# ---- 1. the memory budget covers what queued requests hold.  60 clients
# from one address each send a 1 MiB body of empty objects (about 90 MiB
# once parsed) while the only worker is busy: the daemon's peak RSS stays
# within --memory-budget plus the documented constant (64 MiB and 32 KiB
# per connection), each is answered, and the budget returns to zero.
BUDGET=268435456
X='(j % 8) ^ (j % 8) ^ (j % 8) ^ (j % 8) ^ (j % 8) ^ (j % 8) ^ (j % 8) ^ (j % 8) ^ (j % 8) ^ (j % 8)'
HEAVY='{"layout": {"logical": [8192, 8192], "expr": {"thread": "(i ^ '"$X"') // 2", "slot": "j"}}}'
python3 -c 'import sys; n = (1048576 - 16) // 3; sys.stdout.write("{\"layout\":[" + "{}," * (n - 1) + "{}]}")' > "$T/empties.json"
start --memory-budget $BUDGET --workers 1 --threads 2 --deadline 3
base=$(rss_kib)
curl -s -o /dev/null --data-binary "$HEAVY" "$U/v1/analyze" &
HP=$!
sleep 0.3
apids=
for k in $(seq "$ATTACKERS"); do
	curl -s -o "$T/att$k" -w '%{http_code}\n' --data-binary "@$T/empties.json" "$U/v1/analyze" > "$T/att$k.code" &
	apids="$apids $!"
done
# shellcheck disable=SC2086
wait $apids $HP
hwm=$(hwm_kib)
limit=$(((BUDGET + 64 * 1048576 + ATTACKERS * 32768) / 1024))
echo "# RSS at start $base KiB, peak $hwm KiB, limit $limit KiB"
if ldd "$L" 2>/dev/null | grep -q 'lib[at]san'; then
	ok "peak RSS not checked under a sanitizer (its shadow memory and quarantine)"
else
	[ "$hwm" -le "$limit" ] && ok "peak RSS $((hwm / 1024)) MiB within the budget and the constant ($((limit / 1024)) MiB)" || bad "peak RSS $((hwm / 1024)) MiB over $((limit / 1024)) MiB"
fi
answered=$(cat "$T"/att*.code | grep -cE '^(422|503)$')
[ "$answered" -eq "$ATTACKERS" ] && ok "each of the $ATTACKERS is answered, 422 or 503 ($(cat "$T"/att*.code | sort | uniq -c | tr '\n' ' '))" || bad "answers: $(cat "$T"/att*.code | sort | uniq -c | tr '\n' ' ')"
busy=$(grep -l '"code":"unavailable"' "$T"/att* | wc -l)
[ "$busy" -gt 0 ] && ok "the budget turned some away ($busy, 503 unavailable)" || bad "no request was turned away by the budget"
at_rest "after the attack"
echo "# RSS after the attack $(rss_kib) KiB"
stop

# finals: the final (non-1xx) status codes of the last raw exchange, in order
finals() { grep -ao 'HTTP/1\.1 [2-5][0-9][0-9]' "$T/raw" | awk '{printf "%s%s", sep, $2; sep=" "} END {print ""}'; }
last_line() { tail -1 "$T/raw"; }
# rawx NAME WANT_FINALS WANT_END [rawhttp options] TEXT: WANT_END is [open] or [closed]
rawx() {
	name=$1 want=$2 end=$3
	shift 3
	"$R" "$@" > "$T/raw" 2>&1
	got=$(finals)
	if [ "$got" = "$want" ] && [ "$(last_line)" = "$end" ]; then ok "$name ($got, $end)"; else bad "$name: got '$got' $(last_line), expected '$want' $end"; tr -d '\r' < "$T/raw" | head -c 700; echo; fi
}

TOKEN=$("$L" token add limits --db "$DB" 2>/dev/null | awk '{w=$NF} END {print w}')
start --workers 1
P=$(cat "$T/port")
LAYOUT='{"layout":{"logical":[2],"expr":{"m":"i"}}}'
LEN=${#LAYOUT}
KA='GET /livez HTTP/1.1\r\nHost: x\r\n\r\n'

# ---- 2. a client that half-closes after a whole request gets its answer
# (an analysis computed on the pool, long enough for the watchdog to look)
SLOW='{"layout":{"logical":[1024,1024],"expr":{"thread":"(i ^ '"$X"') // 2","slot":"j"}}}'
rawx "half-closed after a pool analysis: answered" "200" "[closed]" -F -w 60000 "$P" "POST /v1/analyze HTTP/1.1\r\nHost: x\r\nContent-Length: ${#SLOW}\r\n\r\n$SLOW"
grep -aq '"placements":1048576' "$T/raw" && ok "the half-closed client got the analysis" || bad "no analysis for the half-closed client"
grep -aq '^HTTP/1.1 102 Processing' "$T/raw" && ok "it was sent 102 Processing once its end of file came" || bad "no 102 before the answer"
# a client that closes both ways during a 2^26-point analysis (12 s) stops it
n499=$(grep -c ' POST /v1/analyze 499 ' "$T/log")
"$R" -c -F "$P" "POST /v1/analyze HTTP/1.1\r\nHost: x\r\nContent-Length: ${#HEAVY}\r\n\r\n$HEAVY" > /dev/null
sleep 0.5
at_rest "a client that closed during its analysis is cancelled"
[ "$(grep -c ' POST /v1/analyze 499 ' "$T/log")" -eq $((n499 + 1)) ] && ok "the closed client's analysis is logged 499" || bad "no 499 for the closed client"
# HTTP/1.0 has no interim responses: its end of file still cancels
rawx "an HTTP/1.0 client's end of file cancels (no 102)" "503" "[closed]" -F -w 60000 "$P" "POST /v1/analyze HTTP/1.0\r\nContent-Length: ${#HEAVY}\r\n\r\n$HEAVY"
grep -aq '"code":"cancelled"' "$T/raw" && ! grep -aq ' 102 ' "$T/raw" && ok "cancelled, without a 102" || bad "HTTP/1.0 end of file: $(head -c 300 "$T/raw")"

# ---- 3. Expect: 100-continue without a body, another request behind it
rawx "100-continue without a body, pipelined" "200 200" "[open]" -w 1500 "$P" 'GET /livez HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n\r\nGET /readyz HTTP/1.1\r\nHost: x\r\n\r\n'
grep -aq '"status":"ok"' "$T/raw" && grep -aq '"status":"ready"' "$T/raw" && [ "$(grep -ao '"status":"[a-z]*"' "$T/raw" | head -1)" = '"status":"ok"' ] && ok "both answered, in order" || bad "100-continue answers out of order"
rawx "100-continue with a body still works" "200" "[open]" -w 1500 "$P" "POST /v1/analyze HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: $LEN\r\n\r\n$LAYOUT"

# ---- 4. answers before the body keep the connection where the body can be
# discarded (or there is none); they close where it cannot be
rawx "404 keeps the connection" "404 200" "[open]" -w 1500 "$P" "GET /nope HTTP/1.1\r\nHost: x\r\n\r\n$KA"
rawx "405 with a body keeps it" "405 200" "[open]" -w 1500 "$P" "DELETE /v1/analyze HTTP/1.1\r\nHost: x\r\nContent-Length: $LEN\r\n\r\n$LAYOUT$KA"
rawx "401 with a body keeps it" "401 200" "[open]" -w 1500 "$P" "PUT /v1/layouts/x HTTP/1.1\r\nHost: x\r\nContent-Length: $LEN\r\n\r\n$LAYOUT$KA"
rawx "401 with a chunked body keeps it" "401 200" "[open]" -w 1500 "$P" "PUT /v1/layouts/x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n$KA"
rawx "415 keeps it" "415 200" "[open]" -w 1500 "$P" "POST /v1/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: image/png\r\nContent-Length: $LEN\r\n\r\n$LAYOUT$KA"
rawx "the preflight's 204 keeps it" "204 200" "[open]" -w 1500 "$P" "OPTIONS /v1/analyze HTTP/1.1\r\nHost: x\r\nOrigin: http://a\r\nAccess-Control-Request-Method: POST\r\n\r\n$KA"
rawx "a bad name keeps it" "400 200" "[open]" -w 1500 "$P" "GET /v1/layouts/..%2Fx HTTP/1.1\r\nHost: x\r\n\r\n$KA"
rawx "413 (a body too large to read) closes" "413" "[closed]" -w 1500 "$P" "POST /v1/analyze HTTP/1.1\r\nHost: x\r\nContent-Length: 2000000\r\n\r\n{}"
rawx "401 to a 100-continue with an empty body keeps it" "401 200" "[open]" -w 1500 "$P" "PUT /v1/layouts/x HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 00\r\n\r\n$KA"
rawx "401 to a 100-continue (the body never sent) closes" "401" "[closed]" -w 1500 "$P" "PUT /v1/layouts/x HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: $LEN\r\n\r\n"

# ---- 6. the request line and fields
for m in 'G(T' 'G\x01T' '{"a":1}GET' 'GE:T'; do
	rawx "method $m is not a token: 400" "400" "[closed]" -w 1500 "$P" "$m /livez HTTP/1.1\r\nHost: x\r\n\r\n"
done
grep -aq '"code":"bad_request"' "$T/raw" && ok "a bad method is a bad_request problem" || bad "bad method answer"
rawx "an unknown token method is still 405" "405 200" "[open]" -w 1500 "$P" "BREW /livez HTTP/1.1\r\nHost: x\r\n\r\n$KA"
rawx "absolute-form target" "200 200" "[open]" -w 1500 "$P" "GET http://127.0.0.1:$P/livez HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n$KA"
rawx "absolute-form target with a query" "200" "[open]" -w 1500 "$P" "GET HTTP://localhost/v1/layouts?limit=1 HTTP/1.1\r\nHost: x\r\n\r\n"
rawx "absolute-form with no path is /" "200" "[open]" -w 1500 "$P" "GET http://localhost HTTP/1.1\r\nHost: x\r\n\r\n"
req "a token with a trailing space" 201 -X PUT -H "Authorization: Bearer $TOKEN " --data-binary "$LAYOUT" "$U/v1/layouts/trail"
req "a token with a trailing tab" 200 -X PUT -H "$(printf 'Authorization: Bearer %s\t' "$TOKEN")" --data-binary "$LAYOUT" "$U/v1/layouts/trail"
req "two Authorization headers" 400 -X PUT -H "Authorization: Bearer $TOKEN" -H "Authorization: Bearer nope" --data-binary "$LAYOUT" "$U/v1/layouts/two"
jqt "two Authorization headers: located" '.code == "bad_request" and (.detail | contains("Authorization"))'
req "the second did not register" 404 "$U/v1/layouts/two"
# a cached hit without expectations answers with the verdicts' ok
COLL='{"layout":{"logical":[4],"expr":{"m":"i // 2"}}}'
req "a failing check" 422 --data-binary "$COLL" "$U/v1/check"
req "a failing check, again" 422 --data-binary "$COLL" "$U/v1/check"
hdr "answered from the cache" '^x-cache: hit'
jqt "not ok, from the cache" '.ok == false and .cached == true and .expect.passed == true'
req "a passing check, again" 200 --data-binary "$LAYOUT" "$U/v1/check"
req "a passing check, cached" 200 --data-binary "$LAYOUT" "$U/v1/check"
jqt "ok, from the cache" '.ok == true and .cached == true'
req "a cached hit with expectations" 422 --data-binary '{"layout":{"logical":[2],"expr":{"m":"i"}},"expect":{"owners":3}}' "$U/v1/check"
jqt "the expectation is evaluated on the cached analysis" '.cached == true and .expect.passed == false and .expect.failures[0].field == "owners"' 
at_rest "after the sequence of requests and errors"
stop

# ---- 7. the budget at its edge: a parsed body's text is no longer held
# (the tree took its place), so a body of 3 MiB of white space and an
# enumeration of about 6 MiB fit an 8 MiB budget one after the other; a
# streamed table gives its budget back; at 8 MiB the enumeration alone is
# over it
start --memory-budget 8388608 --max-body 8388608
python3 -c '
import sys
sys.stdout.write("{\"layout\": {\"cute_role\": \"tv\", \"logical\": [1024, 1536], \"cute\": \"(1024,1536):(1,1024)\"}," + " " * (3 << 20) + "\"probe\": [[0, 0]]}")' >"$T/padded.json"
req "3 MiB of body, then 6 MiB of enumeration" 200 --data-binary "@$T/padded.json" "$U/v1/analyze"
jqt "enumerated" '.method == "enumerated" and .probe[0].places != null'
EID=$(jq -r .id "$T/body")
at_rest "after the padded body"
req "the whole table, streamed" 200 "$U/v1/analyses/$EID/table?format=csv"
[ "$(wc -l <"$T/body")" -eq $((1024 * 1536 + 1)) ] && ok "every row of the table" || bad "table rows: $(wc -l <"$T/body")"
at_rest "after the streamed table"
req "8 MiB of enumeration: over the budget" 413 --data-binary '{"layout": {"cute_role": "tv", "logical": [1024, 2048], "cute": "(1024,2048):(1,1024)"}, "probe": [[0, 0]]}' "$U/v1/analyze"
jqt "memory_budget" '.code == "memory_budget"'
at_rest "after the refusal"
stop

exit $fail
