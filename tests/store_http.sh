#!/bin/sh
# The store's guarantees seen through a daemon on a real port: writes stay
# closed once a token has existed, the analysis cache is bounded in bytes
# and keeps no display name, a damaged database is served read-only and not
# ready, and a cache miss never waits for a registry fsync.
set -u
. "$(dirname "$0")/lib.sh"
DB="$T/s.db"
layout() { # N: a distinct, valid definition per N
	printf '{"layout": {"logical": [8, 8], "expr": {"thread": "j // 2 + 4 * i", "slot": "j %% 2"}, "physical": {"slot": %d}}}' "$((2 + $1))"
}
layout 0 > "$T/l0.json"
layout 1 > "$T/l1.json"

# ---- revoking every token does not reopen writes
start
req "open registry before any token" 201 -X PUT --data-binary "@$T/l0.json" "$U/v1/layouts/open"
"$L" token add ci --db "$DB" >/dev/null
"$L" token revoke ci --db "$DB" >/dev/null
req "anonymous PUT after the only token was revoked" 401 -X PUT --data-binary "@$T/l1.json" "$U/v1/layouts/open"
req "anonymous DELETE after the only token was revoked" 401 -X DELETE "$U/v1/layouts/open/versions/1"
req "the version is still there" 200 "$U/v1/layouts/open/versions/1"
stop
start --open-writes
req "--open-writes: anonymous PUT" 201 -X PUT --data-binary "@$T/l1.json" "$U/v1/layouts/open"
stop

# ---- the cache is bounded in bytes and does not keep the display name
start --db-cache-bytes 300000
head -c 200000 /dev/zero | tr '\0' 'n' > "$T/name"
n=0
while [ $n -lt 40 ]; do
	layout $((n + 10)) | jq -c --rawfile nm "$T/name" '.layout.name = $nm' > "$T/named.json"
	curl -s -o /dev/null --data-binary "@$T/named.json" "$U/v1/analyze"
	n=$((n + 1))
done
req "a cached analysis is served" 200 --data-binary "@$T/named.json" "$U/v1/analyze"
hdr "from the cache" '^x-cache: hit'
stop
total=$(cat "$DB" "$DB"-* 2>/dev/null | wc -c)
[ "$total" -lt 3000000 ] && ok "40 analyses with 200 KB names take $total bytes on disk" \
	|| bad "40 analyses with 200 KB names take $total bytes on disk"
start --db-cache-bytes 4096
for n in 1 2 3 4 5 6 7 8; do layout $((n + 100)) > "$T/x.json"; curl -s -o /dev/null --data-binary "@$T/x.json" "$U/v1/analyze"; done
stop
bytes=$(sqlite3 "$DB-cache" 'SELECT bytes FROM cache_total' 2>/dev/null || echo "?")
if command -v sqlite3 >/dev/null 2>&1; then
	[ "$bytes" -le 4096 ] && ok "--db-cache-bytes 4096 holds $bytes bytes" || bad "cache holds $bytes bytes over 4096"
fi

# ---- a cache miss is not bound by a registry fsync: with the registry's
# commit held in fsync (tests/slowsync.c), misses are answered while it
# waits, and the write is answered only once its fsync returns.  Order and
# outcome, not milliseconds: the hold lasts as long as the test needs.
SHIM="$T/slowsync.so"
if ${CC:-cc} -shared -fPIC -o "$SHIM" "$(dirname "$0")/slowsync.c" -ldl 2>"$T/cc.err"; then
	rm -f "$DB" "$DB"-* "$T/hold" "$T/hold.held"
	rm -f "$T/port"
	SLOWSYNC_HOLD="$T/hold" LD_PRELOAD="$SHIM" ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0" \
		"$L" serve --listen 127.0.0.1:0 --port-file "$T/port" --db "$DB" --threads 4 2>>"$T/log" &
	PID=$!
	for _ in $(seq 400); do [ -s "$T/port" ] && break; sleep 0.05; done
	U="http://127.0.0.1:$(cat "$T/port")"
	: >"$T/hold"
	curl -s -o "$T/put.body" -w '%{http_code}' -m 120 -X PUT --data-binary "@$T/l0.json" "$U/v1/layouts/slow" >"$T/put.code" &
	WRITER=$!
	for _ in $(seq 1200); do [ -f "$T/hold.held" ] && break; sleep 0.05; done
	[ -f "$T/hold.held" ] && ok "the registry write reached its fsync, which is held" || bad "no fsync was held"
	misses=0
	for n in 1 2 3 4 5; do
		layout $((n + 300)) > "$T/m.json"
		code=$(curl -s -o "$T/body" -D "$T/hdr" -w '%{http_code}' -m 20 --data-binary "@$T/m.json" "$U/v1/analyze")
		[ "$code" = 200 ] && grep -qi '^x-cache: miss' "$T/hdr" && misses=$((misses + 1))
	done
	kill -0 "$WRITER" 2>/dev/null && [ ! -s "$T/put.code" ] && pending=yes || pending=no
	[ $misses -eq 5 ] && [ $pending = yes ] &&
		ok "5 cache misses answered while a registry commit waits in fsync" ||
		bad "cache misses during a held registry fsync: $misses of 5 answered, write pending: $pending"
	[ $pending = yes ] && ok "a registry write waits for its fsync" || bad "the PUT was answered with its fsync held"
	rm -f "$T/hold"
	wait $WRITER
	[ "$(cat "$T/put.code")" = 201 ] && ok "the write is answered 201 once its fsync returns" ||
		bad "the held write: $(cat "$T/put.code") $(head -c 300 "$T/put.body")"
	req "the misses were cached" 200 --data-binary "@$T/m.json" "$U/v1/analyze"
	hdr "hit" '^x-cache: hit'
	stop
else
	echo "no C compiler for the fsync shim: $(cat "$T/cc.err")"
fi

# ---- garbage in the middle of the database: read-only, not ready
rm -f "$DB" "$DB"-*
start
n=0
while [ $n -lt 150 ]; do
	layout $((n + 400)) | jq -c --arg d "$(head -c 600 /dev/zero | tr '\0' d)" '. + {description: $d}' > "$T/d.json"
	curl -s -o /dev/null -X PUT --data-binary "@$T/d.json" "$U/v1/layouts/n$n"
	n=$((n + 1))
done
req "written" 200 "$U/v1/layouts/n1"
stop
size=$(stat -c %s "$DB")
[ "$size" -gt 65536 ] || bad "database too small to damage ($size bytes)"
head -c 4096 /dev/urandom | dd of="$DB" bs=4096 seek=10 conv=notrunc 2>/dev/null
: > "$T/log"
start
grep -q "integrity check" "$T/log" && ok "the damage is logged: $(grep -m1 'integrity' "$T/log")" || { bad "no log line about the damage"; cat "$T/log"; }
req "/readyz says not ready" 503 "$U/readyz"
req "a write is refused" 503 -X PUT --data-binary "@$T/l1.json" "$U/v1/layouts/new"
jqt "unavailable, read-only" '.code == "unavailable" and (.detail | test("read-only"))'
hdr "Retry-After" '^retry-after: '
req "analyses are still served" 200 --data-binary "@$T/l1.json" "$U/v1/analyze"
req "/livez stays ok" 200 "$U/livez"
stop
"$L" db check --db "$DB" >/dev/null 2>&1 && bad "db check passes a damaged file" || ok "db check fails on the damaged file"

exit $fail
