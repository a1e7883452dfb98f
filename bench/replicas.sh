#!/bin/sh
# Registry rates: PUT (new versions, durable) and GET (latest version) per
# second through the HTTP API, for SQLite, one replica on PostgreSQL and
# two replicas on the same PostgreSQL (requests alternate between them, as
# an nginx upstream would send them).  curl drives the load in one process
# per run (--parallel, 16 at a time), so the figures include curl's cost.
# A figure to compare configurations on one machine, not a test.
# usage: bench/replicas.sh [LAYOUTD] [PUTS] [GETS]
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
L=${1:-"$top/build/layoutd"}
NPUT=${2:-400}
NGET=${3:-2000}
T=$(mktemp -d)
PIDS=
. "$top/tests/pg.sh"
trap 'for p in $PIDS; do kill "$p" 2>/dev/null; done; pg_cleanup; rm -rf "$T"' EXIT
trap 'exit 1' INT TERM
pg_start

K=0
serve() { # DB: start a daemon; sets URL
	K=$((K + 1))
	"$L" serve --listen 127.0.0.1:0 --port-file "$T/port$K" --db "$1" --max-per-ip 1024 \
		--threads 8 >/dev/null 2>&1 &
	PIDS="$PIDS $!"
	for _ in $(seq 200); do [ -s "$T/port$K" ] && break; sleep 0.05; done
	URL="http://127.0.0.1:$(cat "$T/port$K")"
}
layout() {
	printf '{"layout": {"logical": [8, 8], "expr": {"thread": "j // 2 + 4 * i", "slot": "j %% 2"}, "physical": {"slot": %d}}}' "$((2 + $1))"
}
for n in $(seq 1 "$NPUT"); do layout "$n" > "$T/l$n.json"; done
rate() { # COUNT START_NS END_NS
	awk -v n="$1" -v a="$2" -v b="$3" 'BEGIN { printf "%.0f", n / ((b - a) / 1e9) }'
}
run() { # LABEL URL...: PUTs spread over 50 names, then GETs, alternating URLs
	label=$1
	shift
	: > "$T/put.cfg"
	: > "$T/get.cfg"
	i=0
	for n in $(seq 1 "$NPUT"); do
		eval "u=\${$((i % $# + 1))}"
		printf 'url = "%s/v1/layouts/b%d"\nrequest = "PUT"\ndata-binary = "@%s/l%d.json"\noutput = "/dev/null"\nnext\n' \
			"$u" $((n % 50)) "$T" "$n" >> "$T/put.cfg"
		i=$((i + 1))
	done
	for n in $(seq 1 "$NGET"); do
		eval "u=\${$((i % $# + 1))}"
		printf 'url = "%s/v1/layouts/b%d"\noutput = "/dev/null"\nnext\n' "$u" $((n % 50)) >> "$T/get.cfg"
		i=$((i + 1))
	done
	sed -i '$d' "$T/put.cfg" # no "next" after the last request
	sed -i '$d' "$T/get.cfg"
	t0=$(date +%s%N)
	curl -s --no-progress-meter -Z --parallel-max 16 -w '%{http_code}\n' -K "$T/put.cfg" > "$T/put.codes" || true
	t1=$(date +%s%N)
	curl -s --no-progress-meter -Z --parallel-max 16 -w '%{http_code}\n' -K "$T/get.cfg" > "$T/get.codes" || true
	t2=$(date +%s%N)
	pbad=$(grep -vc '^201$' "$T/put.codes" || true)
	gbad=$(grep -vc '^200$' "$T/get.codes" || true)
	printf '%-28s PUT %6s/s   GET %6s/s%s\n' "$label" "$(rate "$NPUT" "$t0" "$t1")" \
		"$(rate "$NGET" "$t1" "$t2")" \
		"$([ "$pbad$gbad" = 00 ] || echo "   (unexpected statuses: $pbad PUT, $gbad GET)")"
}
echo "registry rates, $NPUT PUTs over 50 names and $NGET GETs, 16 in flight ($(nproc) cores):"
serve "$T/sqlite.db"
run "SQLite, 1 daemon" "$URL"
serve "$(pg_newdb one)"
run "PostgreSQL, 1 replica" "$URL"
DB2=$(pg_newdb two)
serve "$DB2"
A=$URL
serve "$DB2"
run "PostgreSQL, 2 replicas" "$A" "$URL"
