#!/bin/sh
# What a hostile client and a bad day do to the daemon, on a real loopback
# port: names outside the grammar, ambiguous request framing, bytes that
# are not UTF-8, crafted methods in the logs, the contract points of the
# analysis (probes, unplaced, expression errors).  Raw requests go through
# tests/rawhttp.  Needs curl and jq (77 = skip).
set -u
. "$(dirname "$0")/lib.sh"
R=${RAWHTTP:?}
[ -x "$R" ] || { echo "tests/rawhttp is not built"; exit 77; }

problem() { # NAME STATUS CODE: the last response is that problem
	jqt "$1: problem $3" ".status == $2 and .code == \"$3\" and (.title|type) == \"string\" and (.detail|length) > 0 and (.type|endswith(\"/$3\")) and (.pointer|type) == \"string\""
	hdr "$1: problem+json" '^content-type: application/problem\+json'
}
# raw NAME EXPECTED_STATUS_LINE_REGEX [rawhttp options] TEXT: sends TEXT,
# the answer in $T/raw; the first status line must match
raw() {
	name=$1 want=$2
	shift 2
	"$R" "$@" > "$T/raw" 2>&1
	first=$(grep -a -m1 '^HTTP/1' "$T/raw" | tr -d '\r')
	if echo "$first" | grep -qE "$want"; then ok "$name ($first)"; else bad "$name: got '$first', expected $want"; head -c 400 "$T/raw"; echo; fi
}
closed() { # NAME: the last raw exchange ended with the server closing
	tail -1 "$T/raw" | grep -qx '\[closed\]' && ok "$1: connection closed" || bad "$1: connection left $(tail -1 "$T/raw")"
}
answers() { # NAME N: the last raw exchange got exactly N responses
	n=$(grep -ao 'HTTP/1\.[01] [0-9][0-9][0-9]' "$T/raw" | wc -l)
	[ "$n" -eq "$2" ] && ok "$1: $2 response(s)" || bad "$1: $n responses, expected $2"
}

start --log-format json
P=$(cat "$T/port")
LAYOUT='{"layout": {"logical": [2], "expr": {"m": "i"}}}'

# ---- names: refused by the grammar before any decoding decision
req "NUL in a name" 400 -X PUT --data-binary "$LAYOUT" "$U/v1/layouts/abc%00def"
problem "NUL in a name" 400 bad_name
req "the NUL did not register its prefix" 404 "$U/v1/layouts/abc"
req "NUL in a name (GET)" 400 "$U/v1/layouts/abc%00def/versions"
problem "NUL in a name (GET)" 400 bad_name
long=$(printf 'n%.0s' $(seq 170))
req "170-character name" 400 -X PUT --data-binary "$LAYOUT" "$U/v1/layouts/$long"
problem "170-character name" 400 bad_name
req "170-character name, versions" 400 "$U/v1/layouts/$long/versions/1"
req "../x as one segment" 400 "$U/v1/layouts/..%2Fx"
problem "../x" 400 bad_name
req "../x as segments" 400 --path-as-is "$U/v1/layouts/../x"
problem "../x as segments" 400 bad_name
req "a valid name still works" 201 -X PUT --data-binary "$LAYOUT" "$U/v1/layouts/abc-def_1.2"

# ---- bytes that are not UTF-8 are escaped, and answered
req "path /%FF" 404 "$U/%FF"
problem "/%FF" 404 not_found
jqt "/%FF detail escapes the byte" '.detail | contains("%FF")'
"$R" "$P" 'GET /\xff\xfe HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n' > "$T/raw"
grep -aq '"code":"not_found"' "$T/raw" && ok "raw 0xFF 0xFE in the path: answered" || { bad "raw 0xFF in the path: no answer"; cat "$T/raw"; }
req "name with %FF" 400 "$U/v1/layouts/a%FFb"
problem "name with %FF" 400 bad_name
req "Content-Type with a 0xFF byte" 415 -H "$(printf 'Content-Type: image/\377png')" --data-binary "$LAYOUT" "$U/v1/analyze"
problem "Content-Type 0xFF" 415 unsupported_media_type
req "prefix with %FF" 400 "$U/v1/layouts?prefix=%FF"
problem "prefix with %FF" 400 bad_name
jqt "prefix detail escapes the byte" '.detail | contains("%FF")'
req "expect.equals with a bad name is a located error" 422 --data-binary '{"layout": {"logical": [2], "expr": {"m": "i"}}, "expect": {"equals": "a\u00ffb c"}}' "$U/v1/analyze"

# ---- media types are compared without case
req "IMAGE/PNG" 415 -H 'Content-Type: IMAGE/PNG' --data-binary "$LAYOUT" "$U/v1/analyze"
problem "IMAGE/PNG" 415 unsupported_media_type
req "Multipart/Form-Data" 415 -H 'Content-Type: Multipart/Form-Data; boundary=x' --data-binary "$LAYOUT" "$U/v1/analyze"
req "Application/JSON is JSON" 200 -H 'Content-Type: Application/JSON' --data-binary "$LAYOUT" "$U/v1/analyze"

# ---- request framing (RFC 9112): refused, answered, closed
BODY='{"layout":{"logical":[2],"expr":{"m":"i"}}}'
raw "two different Content-Lengths" '^HTTP/1.1 400' "$P" "POST /v1/analyze HTTP/1.1\r\nHost: x\r\nContent-Length: 44\r\nContent-Length: 4\r\n\r\n${BODY}GET /livez HTTP/1.1\r\nHost: x\r\n\r\n"
closed "two Content-Lengths"; answers "two Content-Lengths: nothing smuggled" 1
grep -aq 'application/problem+json' "$T/raw" && ok "framing errors are problem+json" || bad "framing error type"
raw "Content-Length with Transfer-Encoding" '^HTTP/1.1 400' "$P" "POST /v1/analyze HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n2c\r\n${BODY}\r\n0\r\n\r\nGET /livez HTTP/1.1\r\nHost: x\r\n\r\n"
closed "CL with TE"; answers "CL with TE: nothing smuggled" 1
raw "unknown transfer coding" '^HTTP/1.1 501' -w 2000 "$P" "POST /v1/analyze HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n${BODY}"
closed "unknown transfer coding"
raw "gzip, chunked" '^HTTP/1.1 501' -w 2000 "$P" "POST /v1/analyze HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n"
raw "no Host in HTTP/1.1" '^HTTP/1.1 400' "$P" 'GET /livez HTTP/1.1\r\n\r\n'
closed "no Host"
raw "two Host headers" '^HTTP/1.1 400' "$P" 'GET /livez HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n'
raw "HTTP/1.0 without Host is fine" '^HTTP/1.[01] 200' "$P" 'GET /livez HTTP/1.0\r\n\r\n'
raw "chunked still works" '^HTTP/1.1 200' "$P" "POST /v1/analyze HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: Chunked\r\nConnection: close\r\n\r\n2b\r\n${BODY}\r\n0\r\n\r\n"
raw "repeated Content-Length" '^HTTP/1.1 400' "$P" "POST /v1/analyze HTTP/1.1\r\nHost: x\r\nContent-Length: 44\r\nContent-Length: 44\r\nConnection: close\r\n\r\n${BODY}"

# ---- malformed requests: whatever is wrong with the request line, the
# head's size, Content-Length or the chunked framing, the answer is a
# problem document and the connection closes; as the first request of a
# connection, and as a later one on a keep-alive (the one before answered)
KA='GET /livez HTTP/1.1\r\nHost: x\r\n\r\n'
refused_as() { # NAME STATUS: the last response of $T/raw is that problem, then the close
	sed 's/HTTP\/1\.1 /\nHTTP\/1.1 /g' "$T/raw" | awk '/^HTTP\/1\.1 /{b=""} {b=b $0 "\n"} END{printf "%s", b}' > "$T/last"
	grep -aq "^HTTP/1.1 $2 " "$T/last" && grep -aqi '^content-type: application/problem+json' "$T/last" &&
		grep -aqi '^connection: close' "$T/last" &&
		grep -av '^\[' "$T/last" | tail -1 | jq -e --argjson s "$2" '.status == $s and (.type|startswith("https://")) and (.title|length) > 0 and (.detail|length) > 0 and (.code|length) > 0' > /dev/null &&
		tail -1 "$T/raw" | grep -qx '\[closed\]' &&
		ok "$1: $2 problem+json, closed" || { bad "$1: not a $2 problem+json then a close"; tr -d '\r' < "$T/raw" | head -c 600; echo; }
}
malformed() { # NAME STATUS TEXT: refused first, and after a keep-alive request
	"$R" -w 2000 "$P" "$3" > "$T/raw" 2>&1
	refused_as "$1 (first request)" "$2"
	"$R" -w 2000 "$P" "$KA$3" > "$T/raw" 2>&1
	refused_as "$1 (after a keep-alive request)" "$2"
	[ "$(grep -ao 'HTTP/1\.1 [0-9][0-9][0-9]' "$T/raw" | head -1)" = "HTTP/1.1 200" ] && answers "$1: the keep-alive request before it answered" 2 || bad "$1: the request before it was not answered"
}
A9K=$(printf 'a%.0s' $(seq 9000))
CH='POST /v1/analyze HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n'
malformed "a request line of no spaces" 400 'GARBAGE\r\n\r\n'
malformed "two spaces in the request line" 400 'GET  /livez HTTP/1.1\r\nHost: x\r\n\r\n'
malformed "a space after the version" 400 'GET /livez HTTP/1.1 \r\nHost: x\r\n\r\n'
malformed "no version" 400 'GET /livez\r\nHost: x\r\n\r\n'
malformed "a version that is not HTTP/d.d" 400 'GET /livez HTTX/1.1\r\nHost: x\r\n\r\n'
malformed "HTTP/2.0 in a request line" 505 'GET /livez HTTP/2.0\r\nHost: x\r\n\r\n'
malformed "a bare CR" 400 'GET /livez HTTP/1.1\rHost: x\r\n\r\n'
malformed "a control byte in the target" 400 'GET /li\x01vez HTTP/1.1\r\nHost: x\r\n\r\n'
malformed "a header line without a colon" 400 'GET /livez HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n'
malformed "obsolete line folding" 400 'GET /livez HTTP/1.1\r\nHost: x\r\nX-A: a\r\n b\r\n\r\n'
malformed "a NUL in a header value" 400 'GET /livez HTTP/1.1\r\nHost: x\r\nX-A: a\x00b\r\n\r\n'
malformed "Content-Length: abc" 400 "POST /v1/analyze HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n${BODY}"
malformed "Content-Length: 43, 43" 400 "POST /v1/analyze HTTP/1.1\r\nHost: x\r\nContent-Length: 43, 43\r\n\r\n${BODY}"
malformed "white space after Content-Length's digits" 400 "POST /v1/analyze HTTP/1.1\r\nHost: x\r\nContent-Length: 43\t\r\n\r\n${BODY}"
malformed "white space after chunked" 400 "POST /v1/analyze HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked \r\n\r\n2b\r\n${BODY}\r\n0\r\n\r\n"
malformed "a Content-Length past 2^64" 413 "POST /v1/analyze HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\n${BODY}"
malformed "a request line over 8 KiB" 414 "GET /livez?$A9K HTTP/1.1\r\nHost: x\r\n\r\n"
malformed "a head over 8 KiB" 431 "GET /livez HTTP/1.1\r\nHost: x\r\nX-A: $A9K\r\n\r\n"
malformed "101 header fields" 431 "GET /livez HTTP/1.1\r\nHost: x\r\n$(printf 'X: 1\\r\\n%.0s' $(seq 100))\r\n"
malformed "65 query parameters" 414 "GET /livez?$(printf 'a&%.0s' $(seq 65)) HTTP/1.1\r\nHost: x\r\n\r\n"
malformed "65 cookies" 431 "GET /livez HTTP/1.1\r\nHost: x\r\nCookie: $(printf 'a=1; %.0s' $(seq 65))\r\n\r\n"
malformed "a chunk size that is not hex" 400 "${CH}zz\r\n${BODY}\r\n0\r\n\r\n"
malformed "a chunk size of 0x2b" 400 "${CH}0x2b\r\n${BODY}\r\n0\r\n\r\n"
malformed "a chunk size past 2^64" 413 "${CH}10000000000000000\r\n${BODY}\r\n0\r\n\r\n"
malformed "a chunk not followed by CRLF" 400 "${CH}2b\r\n${BODY}XX0\r\n\r\n"
malformed "a chunk-size line of 20 KB" 400 "${CH}2b;$(printf 'a%.0s' $(seq 20000))\r\n${BODY}\r\n0\r\n\r\n"
malformed "a trailer line without a colon" 400 "${CH}2b\r\n${BODY}\r\n0\r\nBadTrailer\r\n\r\n"
# the bad request arrives on an idle keep-alive, after the first was answered
rm -f "$T/cue"; (sleep 0.4; touch "$T/cue") &
"$R" -w 3000 -s "$T/cue" "$P" "${KA}\fGET /livez HTTP/1.1 \r\nHost: x\r\n\r\n" > "$T/raw"
refused_as "a bad request line on an idle keep-alive" 400
rm -f "$T/cue"; (sleep 0.4; touch "$T/cue") &
"$R" -w 3000 -s "$T/cue" "$P" "${CH}2\r\n{}\r\n\fzz\r\n" > "$T/raw"
refused_as "a bad chunk after good ones" 400
raw "chunk extensions and trailers are fine" '^HTTP/1.1 200' "$P" "${CH}2b;a=b\r\n${BODY}\r\n0\r\nX-T: 1\r\n\r\n"
raw "an 8000-byte header is fine" '^HTTP/1.1 200' "$P" "GET /livez HTTP/1.1\r\nHost: x\r\nX-A: $(printf 'a%.0s' $(seq 8000))\r\n\r\n"
raw "a bare LF ends a head line" '^HTTP/1.1 200' "$P" 'GET /livez HTTP/1.1\nHost: x\n\n'
raw "an empty line before the request is skipped" '^HTTP/1.1 200' "$P" '\r\nGET /livez HTTP/1.1\r\nHost: x\r\n\r\n'
raw "HTTP/1.2 is answered as HTTP/1.1" '^HTTP/1.1 200' "$P" 'GET /livez HTTP/1.2\r\nHost: x\r\n\r\n'

# ---- the analysis contract (probes, unplaced, expression errors)
# m = i - 2 over 4 elements with 4 declared slots: elements 0 and 1 are
# placed only out of bounds (m = -2, -1), so they are placed, not unplaced
req "probe of an element placed only out of bounds" 200 --data-binary '{"layout": {"logical": [4], "expr": {"m": "i - 2"}, "physical": {"m": 4}}, "probe": [[0], [3]]}' "$U/v1/analyze"
jqt "probe lists the out-of-bounds place" '.probe[0].places == [{"m": -2}] and .probe[0].out_of_bounds == [{"m": -2}] and .probe[1].places == [{"m": 1}]'
jqt "unplaced counts no placement at all" '.unplaced.count == 0 and .out_of_bounds.count == 2 and .verdict.in_bounds == false and .ok == false'
jq -n '{layout: {logical: [64, 64], expr: {thread: "i", slot: "j"}}, probe: [range(64) as $i | range(64) as $j | [$i, $j]]}' > "$T/probes.json"
req "4096 probes (a 64x64 tile)" 200 --data-binary "@$T/probes.json" "$U/v1/analyze"
jqt "4096 probe answers" '(.probe|length) == 4096 and .probe[4095].places == [{"thread": 63, "slot": 63}]'
jq -n '{layout: {logical: [65, 64], expr: {m: "i * 64 + j"}}, probe: [range(4097) as $k | [($k / 64 | floor), $k % 64]]}' > "$T/probes.json"
req "4097 probes" 422 --data-binary "@$T/probes.json" "$U/v1/analyze"
problem "4097 probes" 422 too_large
req "unknown name in an expression" 422 --data-binary '{"layout": {"logical": [8, 8], "expr": {"thread": "j // 2 + 4 * k"}}}' "$U/v1/analyze"
problem "unknown name" 422 unknown_name
jqt "detail quotes the expression" '.detail | contains("\"j // 2 + 4 * k\"")'
jqt "pointer and position" '.pointer == "/layout/expr/thread" and .position == 13'

# ---- logs: a crafted method cannot break a JSON log line
"$R" "$P" 'G"E\\T\xff /livez HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n' > "$T/raw"
grep -aq '^HTTP/1.1 400' "$T/raw" && ok "crafted method (not a token): 400" || bad "crafted method: $(head -1 "$T/raw")"
grep -aq 'application/problem+json' "$T/raw" && ok "crafted method: problem+json" || bad "crafted method answer type"
stop
grep -a '^{' "$T/log" > "$T/jsonlog"
if jq -e . "$T/jsonlog" > /dev/null 2>&1; then ok "every JSON log line parses"; else bad "a JSON log line does not parse"; grep -a 'E' "$T/jsonlog" | tail -3; fi
jq -e 'select(.status == 400) | .method | startswith("G\"E\\T")' "$T/jsonlog" > /dev/null 2>&1 && ok "the method is logged escaped" || bad "crafted method not in the log"
n505=$(jq -c 'select(.status == 505 and .method == "GET" and .route == "(unmatched)")' "$T/jsonlog" | wc -l)
[ "$n505" -eq 2 ] && ok "each refused request is logged once, with its status" || bad "refused HTTP/2.0 requests logged $n505 times, expected 2"
nhead=$(jq -c 'select(.status == 400 and .method == "GET" and .bytes > 0)' "$T/jsonlog" | wc -l)
[ "$nhead" -ge 10 ] && ok "refused requests are logged with their method and answer size ($nhead)" || bad "refused requests logged with their method: $nhead"

# ---- text logs: one request, one line of seven fields
start
P=$(cat "$T/port")
"$R" "$P" 'GET\x01X /livez HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n' > /dev/null
stop
last=$(grep -a ' 400 ' "$T/log" | tail -1)
[ "$(echo "$last" | awk '{print NF}')" = 7 ] && echo "$last" | grep -q 'GET%01X' && ok "text log escapes the method" || bad "text log line: $last"
# ---- closed clients release their slot; slowloris meets a header deadline
start --max-per-ip 3 --header-timeout 2 --body-timeout 3
P=$(cat "$T/port")
for _ in 1 2 3; do "$R" -c "$P" 'POST /v1/analyze HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{' > /dev/null; done
sleep 0.5
req "three clients gone mid-body: the address is not locked out" 200 -m 2 "$U/livez"
req "metrics" 200 -m 2 "$U/metrics"
grep -qx 'layoutd_http_requests_in_flight 1' "$T/body" && ok "their in-flight count was released" || bad "in flight: $(grep '^layoutd_http_requests_in_flight' "$T/body")"
# a client that closes in the middle of a head (its end of file comes with
# the bytes, so under epoll nothing more is read) releases its slot at once,
# not at the header deadline
for _ in 1 2 3; do "$R" -c -F "$P" 'GET /livez HTTP/1.1\r\nHo' > /dev/null; done
for _ in 1 2 3; do "$R" -c -F "$P" 'GET /livez HTTP/1.1\r\nHost: x\r\n\r\nGET /li' > /dev/null; done
sleep 0.3
req "six clients gone mid-head: the address is not locked out" 200 -m 1 "$U/livez"
# a client that sends two requests and shuts its side in the same segment:
# both are answered, then the connection closes, not at the header
# deadline: that is 60 s here, and the client waits at most 20 s for the
# close.  Then SIGTERM with a client gone mid-body: the daemon exits before
# that client's body deadline (60 s), it does not wait for it.
stop
start --header-timeout 60 --body-timeout 60
P=$(cat "$T/port")
raw "requests then end of file: answered" '^HTTP/1.1 200' -F -w 20000 "$P" 'GET /livez HTTP/1.1\r\nHost: x\r\n\r\nGET /livez HTTP/1.1\r\nHost: x\r\n\r\n'
answers "requests then end of file" 2
closed "requests then end of file (before the 60 s header deadline)"
"$R" -c "$P" 'POST /v1/analyze HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{' > /dev/null
kill -TERM "$PID"
gone=no
for _ in $(seq 400); do kill -0 "$PID" 2>/dev/null || { gone=yes; break; }; sleep 0.05; done
[ $gone = yes ] && ok "SIGTERM does not wait for a client that went away (gone before its body deadline)" || bad "SIGTERM waited for a client that went away"
wait "$PID"; PID=
start --max-per-ip 3 --header-timeout 2 --body-timeout 3
P=$(cat "$T/port")
spids=
for k in 1 2 3; do
	"$R" -w 8000 -d 400 "$P" 'GET /livez HTTP/1.1\r\nHost: x\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n' > "$T/slow$k" &
	spids="$spids $!"
done
sleep 3
req "three slow-header clients (every slot) do not block everyone" 200 -m 2 "$U/livez"
# shellcheck disable=SC2086
wait $spids
grep -qx '\[closed\]' "$T/slow1" && ! grep -q '^HTTP' "$T/slow1" && ok "the slow-header client was closed at the header deadline" || bad "slow client: $(tr '\n' ' ' < "$T/slow1")"
raw "a chunk size far past the body limit is answered at once" '^HTTP/1.1 413' -w 2000 "$P" 'POST /v1/analyze HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n10000000\r\n{}'
closed "huge chunk"
grep -aq '"code":"body_too_large"' "$T/raw" && ok "413 is problem+json body_too_large" || bad "413 body"
raw "a body that does not arrive is answered" '^HTTP/1.1 408' -w 6000 "$P" 'POST /v1/analyze HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{}'
closed "late body"
grep -aq '"code":"body_timeout"' "$T/raw" && ok "408 is problem+json body_timeout" || bad "408 body"
stop

# ---- heavy work on its own pool: health, metrics and cached hits stay fast
# two elements per place: no closed form decides it, so it is enumerated.
# The ten XORs cancel (thread = i // 2) but cost ~40 operations a point, so
# the 2^26-point walk takes about three times --deadline even on an idle
# machine, where the bare i // 2 finishes in about the deadline itself.
X='(j % 8) ^ (j % 8) ^ (j % 8) ^ (j % 8) ^ (j % 8) ^ (j % 8) ^ (j % 8) ^ (j % 8) ^ (j % 8) ^ (j % 8)'
HEAVY='{"layout": {"logical": [8192, 8192], "expr": {"thread": "(i ^ '"$X"') // 2", "slot": "j"}}}'
start --threads 1 --workers 1 --deadline 4
req "a small layout, analysed" 200 --data-binary "$LAYOUT" "$U/v1/analyze"
curl -s -o "$T/heavy" -w '%{http_code}' --data-binary "$HEAVY" "$U/v1/analyze" > "$T/heavy.code" &
HP=$!
# order, not milliseconds: each answer comes while the analysis still
# runs (it ends at --deadline, or the one worker would have held them)
for _ in $(seq 100); do
	curl -s "$U/metrics" | grep -qx 'layoutd_http_requests_in_flight 2' && break
	sleep 0.02
done
live=0
for _ in 1 2 3 4 5; do
	[ "$(curl -s -o /dev/null -w '%{http_code}' -m 5 "$U/livez")" = 200 ] && [ ! -s "$T/heavy.code" ] && live=$((live + 1))
done
[ $live -eq 5 ] && ok "/livez answers during a 2^26 analysis (5 of 5 before it ended)" || bad "/livez answered $live of 5 times before the 2^26 analysis ended"
[ "$(curl -s -o "$T/m" -w '%{http_code}' -m 5 "$U/metrics")" = 200 ] && [ ! -s "$T/heavy.code" ] && grep -q '^layoutd_http_requests_in_flight' "$T/m" &&
	ok "/metrics too" || bad "/metrics was not answered during the analysis"
req "a cached hit during it" 200 -m 5 --data-binary "$LAYOUT" "$U/v1/analyze"
hdr "the hit is a hit" '^x-cache: hit'
wait $HP
[ "$(cat "$T/heavy.code")" = 503 ] && jq -e '.code == "deadline" and .status == 503' "$T/heavy" > /dev/null && ok "past --deadline: 503 deadline" || bad "deadline: $(cat "$T/heavy.code") $(head -c 300 "$T/heavy")"
# a client that gives up cancels its analysis: the in-flight count drops
curl -s -o /dev/null -m 1 --data-binary "$HEAVY" "$U/v1/analyze"
released=no
for _ in $(seq 20); do
	if curl -s "$U/metrics" | grep -qx 'layoutd_http_requests_in_flight 1'; then released=yes; break; fi
	sleep 0.1
done
[ $released = yes ] && ok "an abandoned analysis is cancelled" || bad "the abandoned analysis kept computing"
stop
grep -q ' POST /v1/analyze 499 ' "$T/log" && ok "logged 499" || bad "no 499 in the log"

# ---- memory: every enumeration within --memory-budget (about 4 bytes per
# point for a notation that walks in hardware order, as cute tv, and for
# compare; a bit per point and a byte per owner for one in element order)
start --memory-budget 67108864
lin() { # a linear layout of 2^25 points, its bits in order or reversed
	local b="" i
	for i in $(seq 0 24); do b="$b${b:+,}[$(( $1 ? 1 << (24 - i) : 1 << i ))]"; done
	echo "{\"linear\": {\"bases\": {\"register\": [$b]}, \"out\": [[\"dim0\", 33554432]]}}"
}
req "an analysis over the budget" 413 --data-binary '{"layout": {"cute_role": "tv", "logical": [1024, 32768], "cute": "(1024,32768):(1,1024)"}, "probe": [[0, 0]]}' "$U/v1/analyze"
problem "analysis over the budget" 413 memory_budget
echo "{\"a\": $(lin 0), \"b\": $(lin 1)}" > "$T/cmp.json"
req "a compare whose two sides pass the budget together" 413 --data-binary "@$T/cmp.json" "$U/v1/compare"
problem "compare over the budget" 413 memory_budget
req "within the budget" 200 --data-binary '{"layout": {"logical": [1024, 1024], "expr": {"thread": "i", "slot": "j"}}}' "$U/v1/analyze"
stop

# ---- drain: the listener closes at once, an idle keep-alive is answered,
# streams end with --drain
start --drain 5 --body-timeout 4
P=$(cat "$T/port")
"$R" -w 6000 "$P" 'POST /v1/analyze HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{' > /dev/null &
KEEP=$!
rm -f "$T/go"
"$R" -w 4000 -s "$T/go" "$P" 'GET /livez HTTP/1.1\r\nHost: x\r\n\r\n\fGET /readyz HTTP/1.1\r\nHost: x\r\n\r\n' > "$T/ka" &
KA=$!
sleep 0.5
n0=$(grep -c 'draining' "$T/log")
kill -TERM "$PID"
for _ in $(seq 100); do [ "$(grep -c 'draining' "$T/log")" -gt "$n0" ] && break; sleep 0.02; done
touch "$T/go"
sleep 0.2
curl -s -o /dev/null -m 3 "$U/livez"; rc=$?
[ $rc -eq 7 ] && ok "a new connection during the drain is refused at once" || bad "new connection during the drain: curl exit $rc (7 = refused)"
wait $KA
[ "$(grep -ao 'HTTP/1\.1 [0-9]*' "$T/ka" | wc -l)" -eq 2 ] && ok "a request on an idle keep-alive at the signal is answered" || { bad "idle keep-alive at the signal: $(grep -a '^HTTP' "$T/ka" | tr '\r\n' '  ')"; }
grep -aq 'HTTP/1.1 503' "$T/ka" && grep -aqi '^connection: close' "$T/ka" && ok "it says draining and closes" || bad "drain answer: $(tr '\r\n' '  ' < "$T/ka" | head -c 300)"
wait $KEEP
wait "$PID"; PID=
start --drain 1
curl -s -o /dev/null --data-binary '{"layout": {"logical": [1024, 1024], "expr": {"thread": "i", "slot": "j"}}}' "$U/v1/analyze"
ID=$(curl -s --data-binary '{"layout": {"logical": [1024, 1024], "expr": {"thread": "i", "slot": "j"}}}' "$U/v1/analyze" | jq -r .id)
curl -s -o /dev/null --limit-rate 20k "$U/v1/analyses/$ID/table?view=inverse" &
SLOW=$!
sleep 1
kill -TERM "$PID"
gone=no
for _ in $(seq 400); do kill -0 "$PID" 2>/dev/null || { gone=yes; break; }; sleep 0.05; done
# the stream (megabytes at 20 KB/s) is still being read: the drain cut it
kill -0 "$SLOW" 2>/dev/null && reading=yes || reading=no
wait "$PID" 2>/dev/null; PID=
[ $gone = yes ] && ok "with a slow table stream open, the daemon ends after --drain" || bad "the daemon outlived --drain 1 with a stream open"
[ $gone = yes ] && [ $reading = yes ] && ok "the drain cut the stream: its client was still reading" ||
	bad "with a slow stream open: daemon gone $gone, client still reading $reading"
kill "$SLOW" 2>/dev/null; wait "$SLOW" 2>/dev/null
# ---- numbers in the path and the query: digits only, never saturated,
# located as /path/<name> and /query/<name>
start
req "a layout for versions" 201 -X PUT --data-binary "$LAYOUT" "$U/v1/layouts/nums"
req "version +1" 400 "$U/v1/layouts/nums/versions/+1"
problem "version +1" 400 bad_version
jqt "version +1 located" '.pointer == "/path/n"'
req "version ' 1'" 400 "$U/v1/layouts/nums/versions/%201"
req "version 2^63" 400 "$U/v1/layouts/nums/versions/9223372036854775808"
req "version 1" 200 "$U/v1/layouts/nums/versions/1"
ID=$(curl -s --data-binary "$LAYOUT" "$U/v1/analyze" | jq -r .id)
req "table after 2^63" 400 "$U/v1/analyses/$ID/table?after=9223372036854775808"
problem "after 2^63" 400 bad_query
jqt "after located" '.pointer == "/query/after"'
req "table after +1" 400 "$U/v1/analyses/$ID/table?after=%2B1"
req "table limit ' 5'" 400 "$U/v1/analyses/$ID/table?limit=%205"
jqt "limit located" '.pointer == "/query/limit"'
req "versions after x" 400 "$U/v1/layouts/nums/versions?after=x"
jqt "versions after located" '.code == "bad_query" and .pointer == "/query/after"'
req "versions limit 0" 400 "$U/v1/layouts/nums/versions?limit=0"
jqt "versions limit located" '.pointer == "/query/limit"'
req "list limit 2^63" 400 "$U/v1/layouts?limit=9223372036854775808"
jqt "list limit located" '.pointer == "/query/limit"'
req "list after not a name" 400 "$U/v1/layouts?after=a%20b"
jqt "list after located" '.code == "bad_name" and .pointer == "/query/after"'
req "bad id located" 400 "$U/v1/analyses/nope"
jqt "id located" '.pointer == "/path/id"'
stop
exit $fail
