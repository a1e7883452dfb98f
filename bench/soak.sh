#!/bin/sh
# Soak: a fixed mix of clients against one daemon on loopback for SECONDS
# (default 60), then the figures that say whether it held up: the 5xx count
# by code, /livez latency (p50, p99, max) sampled every 100 ms throughout,
# the daemon's RSS before, at the end and after 5 s idle, and the
# connections and requests still open at the end.
#
# The mix, each a loop of its own (so at most 9 clients at once):
#   2 x cached POST /v1/check          (fast hits)
#   1 x new analyses of ~2^22 points   (heavy, on the worker pool)
#   1 x compare of two ~2^20 layouts   (heavy)
#   1 x a 2^20-row table read slowly   (a stream held open, 200 KB/s)
#   1 x a table request abandoned at 0.3 s
#   1 x headers trickled one byte every 200 ms (slowloris)
#   1 x a body cut off after one byte, connection closed
#   1 x the /livez prober
# Not a test: it prints figures; it exits 0 unless the daemon died.
# usage: bench/soak.sh [LAYOUTD] [SECONDS] [RAWHTTP]
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
L=${1:-"$top/build/layoutd"}
D=${2:-60}
R=${3:-"$top/build/tests/rawhttp"}
command -v curl >/dev/null || { echo "curl is needed"; exit 2; }
[ -x "$R" ] || { echo "$R is missing: make tests/rawhttp in the build directory"; exit 2; }
T=$(mktemp -d)
PID=
trap '[ -n "$PID" ] && kill "$PID" 2>/dev/null; rm -rf "$T"' EXIT
"$L" serve --listen 127.0.0.1:0 --port-file "$T/port" --db "$T/db" --header-timeout 5 \
	--body-timeout 5 2>"$T/log" &
PID=$!
for _ in $(seq 100); do [ -s "$T/port" ] && break; sleep 0.05; done
[ -s "$T/port" ] || { echo "the daemon did not start"; cat "$T/log"; exit 2; }
P=$(cat "$T/port")
U="http://127.0.0.1:$P"
rss() { awk '/^VmRSS/ {print $2 " kB"}' "/proc/$PID/status" 2>/dev/null; }
END=$(($(date +%s) + D))
live() { [ "$(date +%s)" -lt "$END" ]; }

CHECK='{"layout": {"logical": [64, 64], "expr": {"thread": "(i % 16) * 8 + j % 8", "slot": "(i // 16) * 8 + j // 8"}}, "expect": {"bijective": true}}'
curl -s -o /dev/null --data-binary "$CHECK" "$U/v1/check"
TABLE=$(curl -s --data-binary '{"layout": {"logical": [1024, 1024], "expr": {"thread": "i", "slot": "j"}}}' "$U/v1/analyze" | sed -n 's/.*"id":"\(sha256:[0-9a-f]*\)".*/\1/p')
echo "rss before: $(rss)"

loop_check() { while live; do curl -s -o /dev/null -w '%{http_code}\n' --data-binary "$CHECK" "$U/v1/check"; done > "$T/check.$1"; }
loop_heavy() {
	n=0
	while live; do
		n=$((n + 1)) # a new definition each time: never a cached hit
		curl -s -o /dev/null -w '%{http_code}\n' --data-binary \
			"{\"layout\": {\"logical\": [2048, 2048], \"expr\": {\"thread\": \"i // 2\", \"slot\": \"j\"}, \"physical\": {\"slot\": $((2048 + n))}}}" \
			"$U/v1/analyze"
	done > "$T/heavy"
}
loop_compare() {
	while live; do
		curl -s -o /dev/null -w '%{http_code}\n' --data-binary \
			'{"a": {"logical": [1024, 1024], "expr": {"m": "i * 1024 + j"}}, "b": {"logical": [1024, 1024], "expr": {"m": "j * 1024 + i"}}}' \
			"$U/v1/compare"
	done > "$T/compare"
}
loop_slow_table() { while live; do curl -s -o /dev/null -m 10 --limit-rate 200k -w '%{http_code}\n' "$U/v1/analyses/$TABLE/table?view=inverse"; done > "$T/slowtable"; }
loop_abandon_table() { while live; do curl -s -o /dev/null -m 0.3 "$U/v1/analyses/$TABLE/table"; echo "$?"; done > "$T/abandoned"; }
loop_slowloris() { while live; do "$R" -w 3000 -d 200 "$P" 'GET /livez HTTP/1.1\r\nHost: x\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n' > /dev/null; done; }
loop_cutoff() { while live; do "$R" -c "$P" 'POST /v1/analyze HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{' > /dev/null; sleep 0.05; done; }
loop_probe() { while live; do curl -s -o /dev/null -m 10 -w '%{time_total}\n' "$U/livez"; sleep 0.1; done > "$T/livez"; }

pids=
for f in "loop_check 1" "loop_check 2" loop_heavy loop_compare loop_slow_table loop_abandon_table \
	loop_slowloris loop_cutoff loop_probe; do
	$f &
	pids="$pids $!"
done
# shellcheck disable=SC2086
wait $pids
echo "rss at the end: $(rss)"
curl -s "$U/metrics" > "$T/metrics"
sleep 5
echo "rss after 5 s idle: $(rss)"
kill -0 "$PID" 2>/dev/null || { echo "the daemon died"; tail "$T/log"; exit 1; }

echo "requests: $(cat "$T"/check.* | wc -l) cached checks, $(wc -l < "$T/heavy") heavy analyses, $(wc -l < "$T/compare") compares, $(wc -l < "$T/slowtable") slow tables, $(wc -l < "$T/abandoned") abandoned tables"
echo "heavy analyses by status: $(sort "$T/heavy" | uniq -c | tr -s ' \n' ' ')"
fivexx=$(awk -F'[{}," =]+' '/^layoutd_http_requests_total/ { for (i = 1; i < NF; i++) if ($i == "code") c = $(i + 1); if (c ~ /^5/) { n[c] += $NF; t += $NF } } END { printf "%d", t; for (k in n) printf " (%s: %d)", k, n[k] }' "$T/metrics")
echo "5xx responses: $fivexx"
sort -n "$T/livez" | awk '{ a[NR] = $1 } END { if (NR) printf "/livez: %d samples, p50 %.1f ms, p99 %.1f ms, max %.1f ms\n", NR, a[int(NR * 0.5) + (NR * 0.5 > int(NR * 0.5))] * 1000, a[int(NR * 0.99) + (NR * 0.99 > int(NR * 0.99))] * 1000, a[NR] * 1000 }'
grep -E '^layoutd_http_(connections|requests_in_flight) ' "$T/metrics" | sed 's/^/at the end: /'
sleep 0.5
curl -s "$U/metrics" | grep -E '^layoutd_http_(connections|requests_in_flight) ' | sed 's/^/after idle: /'
