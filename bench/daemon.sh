#!/bin/sh
# Cold and warm analysis rates of the daemon: N distinct layouts POSTed to
# /v1/analyze (every one a cache miss: parse, analyse, store in the cache),
# then the same N again (every one a hit), over one keep-alive connection
# with curl.  Prints requests/s of both.
# usage: bench/daemon.sh [LAYOUTD] [N]
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
L=${1:-"$top/build/layoutd"}
N=${2:-300}
command -v curl >/dev/null || { echo "curl is needed"; exit 2; }
T=$(mktemp -d)
trap 'kill "$PID" 2>/dev/null; rm -rf "$T"' EXIT
"$L" serve --listen 127.0.0.1:0 --port-file "$T/port" --db "$T/db" 2>/dev/null &
PID=$!
for _ in $(seq 100); do [ -s "$T/port" ] && break; sleep 0.05; done
U="http://127.0.0.1:$(cat "$T/port")"
# N distinct 64x64 fragments: the slot expression differs by a constant
i=0
: >"$T/config"
while [ "$i" -lt "$N" ]; do
	[ "$i" -gt 0 ] && echo next >>"$T/config"
	printf 'url = "%s/v1/analyze"\nheader = "Content-Type: application/json"\ndata = "{\\"layout\\": {\\"logical\\": [64, 64], \\"expr\\": {\\"thread\\": \\"(i %% 16) * 8 + j %% 8\\", \\"slot\\": \\"(i // 16) * 8 + j // 8 + %d\\"}}}"\noutput = "/dev/null"\n' \
		"$U" "$i" >>"$T/config"
	i=$((i + 1))
done
rate() { # label
	s=$(date +%s.%N)
	curl -s -K "$T/config" -w '%{http_code}\n' >"$T/codes"
	e=$(date +%s.%N)
	bad=$(grep -vc '^200$' "$T/codes" || true)
	awk -v n="$N" -v s="$s" -v e="$e" -v l="$1" -v b="$bad" \
		'BEGIN { printf "  %s: %d requests in %.2f s, %.0f req/s%s\n", l, n, e - s, n / (e - s), (b > 0 ? " (" b " not 200)" : "") }'
}
echo "daemon: $N distinct 64x64 layouts over one connection"
rate "cold (cache misses)"
rate "warm (cache hits)  "
