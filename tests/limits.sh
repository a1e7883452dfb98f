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
	for _ in $(seq 50); do
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
[ "$hwm" -le "$limit" ] && ok "peak RSS $((hwm / 1024)) MiB within the budget and the constant ($((limit / 1024)) MiB)" || bad "peak RSS $((hwm / 1024)) MiB over $((limit / 1024)) MiB"
answered=$(cat "$T"/att*.code | grep -cE '^(422|503)$')
[ "$answered" -eq "$ATTACKERS" ] && ok "each of the $ATTACKERS is answered, 422 or 503 ($(cat "$T"/att*.code | sort | uniq -c | tr '\n' ' '))" || bad "answers: $(cat "$T"/att*.code | sort | uniq -c | tr '\n' ' ')"
busy=$(grep -l '"code":"unavailable"' "$T"/att* | wc -l)
[ "$busy" -gt 0 ] && ok "the budget turned some away ($busy, 503 unavailable)" || bad "no request was turned away by the budget"
at_rest "after the attack"
echo "# RSS after the attack $(rss_kib) KiB"
stop

exit $fail
