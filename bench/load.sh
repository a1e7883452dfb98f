#!/bin/sh
# Load figure: POST /v1/check on a cached layout against GET /livez of the
# same daemon, with wrk on loopback.  Prints requests/s of both, their
# ratio (target >= 0.5) and p99 latency at 64 connections.
# usage: bench/load.sh [LAYOUTD] [SECONDS]
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
L=${1:-"$top/build/layoutd"}
D=${2:-10}
command -v wrk >/dev/null || { echo "wrk is needed: apt-get install wrk"; exit 2; }
T=$(mktemp -d)
trap 'kill "$PID" 2>/dev/null; rm -rf "$T"' EXIT
"$L" serve --listen 127.0.0.1:0 --port-file "$T/port" --db "$T/db" --max-per-ip 1024 \
	--max-connections 1024 2>/dev/null &
PID=$!
for _ in $(seq 100); do [ -s "$T/port" ] && break; sleep 0.05; done
U="http://127.0.0.1:$(cat "$T/port")"
# a 64x64 fragment with an expectation, analysed once so later checks hit the cache
BODY='{"layout": {"logical": [64, 64], "expr": {"thread": "(i % 16) * 8 + j % 8", "slot": "(i // 16) * 8 + j // 8"}}, "expect": {"bijective": true, "owners": 128}}'
curl -s -o /dev/null -w 'prime: %{http_code}\n' --data-binary "$BODY" "$U/v1/check"
cat > "$T/post.lua" <<LUA
wrk.method = "POST"
wrk.body = '$BODY'
wrk.headers["Content-Type"] = "application/json"
LUA
run() { # name url [script]
	if [ $# -ge 3 ]; then
		wrk -t2 -c64 -d"${D}s" --latency -s "$3" "$2" >"$T/$1"
	else
		wrk -t2 -c64 -d"${D}s" --latency "$2" >"$T/$1"
	fi
	rps=$(awk '/^Requests\/sec/ {print $2}' "$T/$1")
	p99=$(awk '$1 == "99%" {print $2}' "$T/$1")
	errs=$(awk '/Non-2xx/ {print $NF}' "$T/$1")
	echo "$1: ${rps} req/s, p99 ${p99}${errs:+, non-2xx $errs}"
	eval "${1}_rps=$rps"
}
run livez "$U/livez"
run check "$U/v1/check" "$T/post.lua"
awk -v a="$check_rps" -v b="$livez_rps" 'BEGIN { printf "ratio check/livez: %.2f (target >= 0.5)\n", a / b }'
curl -s "$U/metrics" | grep -E '^layoutd_analysis_cache_(hits|misses)_total'
