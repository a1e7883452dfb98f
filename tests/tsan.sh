#!/bin/sh
# The daemon under load, built with ThreadSanitizer (`make tsan` builds it
# and runs this): cached hits with and without expectations, misses that
# evict them from a four-entry cache while other threads read them, tables,
# grids, compares, registry writes and reads, metrics, errors and
# abandoned clients, all at once on two HTTP threads and two workers.  Any
# ThreadSanitizer report fails the test.  Needs curl and jq (77 = skip).
set -u
. "$(dirname "$0")/lib.sh"
: "${TSAN_OPTIONS:=halt_on_error=0 second_deadlock_stack=1 history_size=2}"
export TSAN_OPTIONS
ROUNDS=${TSAN_ROUNDS:-12}
if ! ldd "$L" 2>/dev/null | grep -q libtsan; then
	echo "$L is not built with ThreadSanitizer"
	exit 77
fi

start --threads 2 --workers 2 --cache-entries 4 --db-cache-entries 2 --open-writes
lay() { # K: a small layout of its own id (2 + K elements)
	echo "{\"layout\": {\"logical\": [$((2 + $1))], \"expr\": {\"m\": \"i\"}}$2}"
}
for k in 1 2 3; do lay "$k" "" > "$T/l$k.json"; done
lay 1 ', "expect": {"owners": 3}' > "$T/e1.json"
lay 2 ', "expect": {"equals": "reg"}' > "$T/q2.json"
echo '{"a": {"logical": [4], "expr": {"m": "i"}}, "b": {"logical": [4], "expr": {"m": "3 - i"}}}' > "$T/cmp.json"
req "a registry entry" 201 -X PUT --data-binary "@$T/l2.json" "$U/v1/layouts/reg"
req "a first analysis" 200 --data-binary "@$T/l1.json" "$U/v1/analyze"
ID=$(jq -r .id "$T/body")

worker() { # N: one client's share of the load
	n=$1
	for r in $(seq "$ROUNDS"); do
		m=$((n * 100 + r))
		lay "$m" "" > "$T/m$n.json"
		for f in l1 l2 l3 e1 q2; do
			curl -s -o /dev/null --data-binary "@$T/$f.json" "$U/v1/analyze"
		done
		curl -s -o /dev/null --data-binary "@$T/e1.json" "$U/v1/check"
		curl -s -o /dev/null --data-binary "@$T/m$n.json" "$U/v1/analyze" # a miss: evicts
		curl -s -o /dev/null "$U/v1/analyses/$ID"
		curl -s -o /dev/null "$U/v1/analyses/$ID/table?limit=2"
		curl -s -o /dev/null "$U/v1/analyses/$ID/grid.svg"
		curl -s -o /dev/null --data-binary "@$T/cmp.json" "$U/v1/compare"
		curl -s -o /dev/null -X PUT --data-binary "@$T/m$n.json" "$U/v1/layouts/w$n"
		curl -s -o /dev/null "$U/v1/layouts/reg"
		curl -s -o /dev/null --data-binary '{"layout": 1' "$U/v1/analyze"
		curl -s -o /dev/null -m 0.05 --data-binary "@$T/l3.json" "$U/v1/analyze"
		curl -s -o /dev/null "$U/metrics"
		# early answers on one kept connection, and 100-continue without a body
		curl -s -o /dev/null -o /dev/null -o /dev/null "$U/nope" -X OPTIONS "$U/v1/analyze" "$U/livez"
		curl -s -o /dev/null -H 'Expect: 100-continue' "$U/livez"
	done
}
pids=
for n in 1 2 3 4; do
	worker "$n" &
	pids="$pids $!"
done
# shellcheck disable=SC2086
wait $pids
req "still answering after the load" 200 --data-binary "@$T/l1.json" "$U/v1/analyze"
# the load's last misses may have evicted it (a four-entry cache, in the
# order the workers ended): asked again, it is the cache's
req "asked again after the load" 200 --data-binary "@$T/l1.json" "$U/v1/analyze"
jqt "a hit after the load" '.cached == true and .ok == true'
stop
# text log lines: TS CLIENT METHOD ROUTE STATUS BYTES US
n200=$(awk '$5 == 200 || $5 == 201' "$T/log" | wc -l)
hits=$(awk '$4 == "/v1/analyze" && $5 == 200' "$T/log" | wc -l)
[ "$n200" -ge $((ROUNDS * 4 * 10)) ] && [ "$hits" -ge $((ROUNDS * 4 * 4)) ] && ok "the load was answered ($n200 answers, $hits analyses)" || bad "only $n200 answers ($hits analyses) under the load"
n=$(grep -c 'WARNING: ThreadSanitizer' "$T/log")
if [ "$n" -eq 0 ]; then
	ok "no ThreadSanitizer report"
else
	bad "$n ThreadSanitizer report(s)"
	grep -A 30 'WARNING: ThreadSanitizer' "$T/log" | head -150
fi
if grep -q 'FATAL: ThreadSanitizer' "$T/log"; then bad "ThreadSanitizer failed: $(grep -m1 FATAL "$T/log")"; fi
exit $fail
