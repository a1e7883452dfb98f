#!/bin/sh
# The PostgreSQL backend on a real server started from the Debian packages
# (tests/pg.sh): the store unit suite and the registry daemon suite run
# against it, then two replicas share it: concurrent PUT bursts to both
# (contiguous versions, no duplicates, one 201 per identical layout), a
# kill -9 of one replica mid-burst (no acknowledged version lost), a token
# revoked once and refused by both, and PostgreSQL going away and coming
# back (503 + Retry-After and /readyz 503 meanwhile, analyses still served,
# reconnection on its own).
set -u
. "$(dirname "$0")/once.sh"
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pg.sh"
cleanup_pg() {
	for p in ${PID_1:-} ${PID_2:-}; do kill -9 "$p" 2>/dev/null; done
	pg_cleanup
	cleanup
}
trap cleanup_pg EXIT
pg_start
here=$(cd "$(dirname "$0")" && pwd)

# ---- the store unit suite and the registry suite, on PostgreSQL
if [ -n "${TEST_STORE:-}" ] && [ -x "$TEST_STORE" ]; then
	if LAYOUTD_TEST_PG="$PG_ADMIN" "$TEST_STORE" >"$T/unit.log" 2>&1; then ok "store unit suite on PostgreSQL"
	else bad "store unit suite on PostgreSQL"; cat "$T/unit.log"; fi
fi
if LAYOUTD_TEST_DB=$(pg_newdb registry) sh "$here/registry.sh" >"$T/registry.log" 2>&1; then
	ok "registry suite on PostgreSQL ($(grep -c '^ok' "$T/registry.log") checks)"
else
	bad "registry suite on PostgreSQL"; grep -v '^ok' "$T/registry.log"
fi

# ---- two replicas on one database
DB=$(pg_newdb replicas)
layout() { # N: a distinct, valid definition per N
	printf '{"layout": {"logical": [8, 8], "expr": {"thread": "j // 2 + 4 * i", "slot": "j %% 2"}, "physical": {"slot": %d}}}' "$((2 + $1))"
}
spawn() { # N: start replica N (A=1, B=2); sets PID_N
	rm -f "$T/port$1"
	"$L" serve --listen 127.0.0.1:0 --port-file "$T/port$1" --db "$DB" --threads 4 2>>"$T/log$1" &
	eval "PID_$1=$!"
}
listening() { # N: wait for replica N; sets U_N
	for _ in $(seq 200); do [ -s "$T/port$1" ] && break; sleep 0.05; done
	[ -s "$T/port$1" ] || { echo "replica $1 did not start"; cat "$T/log$1"; exit 1; }
	eval "U_$1=http://127.0.0.1:$(cat "$T/port$1")"
}
replica() { spawn "$1"; listening "$1"; }
# both start (and migrate the empty database) at once: the advisory lock
# makes one apply the migrations and the other find them applied
spawn 1
spawn 2
listening 1
listening 2
req "replica A ready" 200 "$U_1/readyz"
req "replica B ready" 200 "$U_2/readyz"
W=$("$L" token add writer --db "$DB" | tail -n 1)
AUTH="Authorization: Bearer $W"

# 40 different layouts on one name and 20 copies of one layout on another,
# all at once, alternating replicas
for n in $(seq 1 40); do
	layout "$n" > "$T/c$n.json"
	u=$U_1; [ $((n % 2)) = 0 ] && u=$U_2
	curl -s -o "$T/r$n" -w '%{http_code}\n' -X PUT -H "$AUTH" --data-binary "@$T/c$n.json" "$u/v1/layouts/multi" > "$T/st_$n" &
	pids="${pids:-} $!"
done
layout 0 > "$T/same.json"
for n in $(seq 1 20); do
	u=$U_1; [ $((n % 2)) = 0 ] && u=$U_2
	curl -s -o "$T/qq_$n" -w '%{http_code}\n' -X PUT -H "$AUTH" --data-binary "@$T/same.json" "$u/v1/layouts/same" > "$T/it_$n" &
	pids="$pids $!"
done
# shellcheck disable=SC2086
wait $pids
[ "$(cat "$T"/st_* | sort | uniq -c | tr -s ' ')" = " 40 201" ] && ok "40 different layouts: 40 x 201" || bad "statuses: $(cat "$T"/st_* | sort | uniq -c)"
vs=$(for n in $(seq 1 40); do jq -r .version "$T/r$n"; done | sort -n | tr '\n' ' ')
[ "$vs" = "$(seq 1 40 | tr '\n' ' ')" ] && ok "versions 1..40, contiguous, no duplicates" || bad "versions: $vs"
req "versions listed by A" 200 "$U_1/v1/layouts/multi/versions?limit=100"; jqt "1..40" '[.versions[].version] == [range(1;41)]'
cp "$T/body" "$T/listA"
req "versions listed by B" 200 "$U_2/v1/layouts/multi/versions?limit=100"
cmp -s "$T/body" "$T/listA" && ok "both replicas list the same versions" || bad "the replicas disagree"
bad_id=0
for n in $(seq 1 40); do
	v=$(jq -r .version "$T/r$n")
	got=$(curl -s "$U_2/v1/layouts/multi/versions/$v" | jq -r .id)
	[ "$got" = "$(jq -r .id "$T/r$n")" ] || bad_id=$((bad_id + 1))
done
[ $bad_id = 0 ] && ok "each version holds the layout its 201 named" || bad "$bad_id versions hold another layout"
[ "$(cat "$T"/it_* | sort | uniq -c | tr -s ' ' | tr '\n' ';')" = " 19 200; 1 201;" ] && ok "20 identical PUTs on two replicas: one 201" \
	|| bad "identical: $(cat "$T"/it_* | sort | uniq -c | tr '\n' ' ')"
[ "$(jq -s '[.[].version] | unique' "$T"/qq_*)" = "$(printf '[\n  1\n]')" ] && ok "all of them answered version 1" || bad "identical PUTs answered $(jq -s -c '[.[].version]' "$T"/qq_*)"

# ETags and pages agree between replicas
curl -s -D "$T/h1" -o "$T/b1" "$U_1/v1/layouts/multi"
curl -s -D "$T/h2" -o "$T/b2" "$U_2/v1/layouts/multi"
e1=$(grep -i '^etag' "$T/h1" | tr -d '\r'); e2=$(grep -i '^etag' "$T/h2" | tr -d '\r')
[ -n "$e1" ] && [ "$e1" = "$e2" ] && cmp -s "$T/b1" "$T/b2" && ok "same ETag and body from both ($e1)" || bad "ETag $e1 vs $e2"
curl -s "$U_1/v1/layouts/multi/versions?limit=7&after=14" > "$T/p1"
curl -s "$U_2/v1/layouts/multi/versions?limit=7&after=14" > "$T/p2"
cmp -s "$T/p1" "$T/p2" && [ "$(jq -c '[.versions[].version], .next' "$T/p1" | tr '\n' ' ')" = "[15,16,17,18,19,20,21] 21 " ] \
	&& ok "the same page from both" || bad "pages differ: $(cat "$T/p1") / $(cat "$T/p2")"
req "soft delete through A" 204 -X DELETE -H "$AUTH" "$U_1/v1/layouts/multi/versions/40"
req "gone on B" 410 "$U_2/v1/layouts/multi/versions/40"
req "B's latest skips it" 200 "$U_2/v1/layouts/multi"; jqt "latest is 39" '.version == 39'
v40=$(for n in $(seq 1 40); do [ "$(jq -r .version "$T/r$n")" = 40 ] && echo "$n"; done)
req "the deleted definition again is 41 (numbers never reused)" 201 -X PUT -H "$AUTH" --data-binary "@$T/c$v40.json" "$U_2/v1/layouts/multi"
jqt "41" '.version == 41'

# ---- kill -9 of one replica in the middle of bursts to both
burst() { # N START: sequential PUTs to replica N, recording acknowledged versions
	u=$(eval echo "\$U_$1")
	n=$2
	while [ "$n" -lt $(($2 + 300)) ]; do
		layout "$n" > "$T/b$1.json"
		code=$(curl -s -o "$T/b$1.out" -w '%{http_code}' -X PUT -H "$AUTH" --data-binary "@$T/b$1.json" "$u/v1/layouts/burst")
		[ "$code" = 201 ] && echo "$(jq -r .version "$T/b$1.out") $(jq -r .id "$T/b$1.out")" >> "$T/acked"
		[ "$code" = 000 ] && break
		[ "$2" -ge 2000 ] && [ -f "$T/stop" ] && break
		n=$((n + 1))
	done
}
burst 1 1000 & BA=$!
burst 2 2000 & BB=$!
for _ in $(seq 600); do [ -s "$T/acked" ] && [ "$(wc -l < "$T/acked")" -ge 30 ] && break; sleep 0.02; done
kill -9 "$PID_1"; wait "$PID_1" 2>/dev/null; PID_1=
wait $BA
touch "$T/stop"
wait $BB
acked=$(wc -l < "$T/acked")
missing=0
while read -r v id; do
	got=$(curl -s "$U_2/v1/layouts/burst/versions/$v" | jq -r .id)
	[ "$got" = "$id" ] || missing=$((missing + 1))
done < "$T/acked"
[ $missing = 0 ] && ok "every one of $acked acknowledged versions survives the kill -9" || bad "$missing of $acked acknowledged versions lost"
req "burst versions" 200 "$U_2/v1/layouts/burst/versions?limit=1000"
jqt "contiguous after the kill" '[.versions[].version] == [range(1; (.versions|length) + 1)]'
[ "$(cut -d' ' -f1 "$T/acked" | sort | uniq -d | wc -l)" = 0 ] && ok "no version acknowledged twice" || bad "a version number was acknowledged twice"
"$L" db check --db "$DB" >"$T/dbcheck" 2>&1 && ok "db check after the kill" || bad "db check: $(cat "$T/dbcheck")"
replica 1

# ---- a token revoked once is refused by both replicas at once
R=$("$L" token add short --db "$DB" | tail -n 1)
layout 500 > "$T/t1.json"; layout 501 > "$T/t2.json"
req "the token writes through A" 201 -X PUT -H "Authorization: Bearer $R" --data-binary "@$T/t1.json" "$U_1/v1/layouts/tok"
req "and through B" 201 -X PUT -H "Authorization: Bearer $R" --data-binary "@$T/t2.json" "$U_2/v1/layouts/tok"
"$L" token revoke short --db "$DB" >/dev/null
req "revoked: refused by A" 401 -X PUT -H "Authorization: Bearer $R" --data-binary "@$T/t1.json" "$U_1/v1/layouts/tok"
req "revoked: refused by B" 401 -X PUT -H "Authorization: Bearer $R" --data-binary "@$T/t2.json" "$U_2/v1/layouts/tok"

# ---- PostgreSQL goes away, and comes back
layout 600 > "$T/a.json"
pg_stop
req "PostgreSQL down: /readyz 503" 503 "$U_1/readyz"
req "PostgreSQL down: a registry read is 503" 503 "$U_1/v1/layouts/multi"
hdr "with Retry-After" '^retry-after: [0-9]'
jqt "unavailable" '.code == "unavailable"'
req "PostgreSQL down: a registry write is 503" 503 -X PUT -H "$AUTH" --data-binary "@$T/a.json" "$U_2/v1/layouts/down"
hdr "with Retry-After" '^retry-after: [0-9]'
req "PostgreSQL down: analyses are still served" 200 --data-binary "@$T/a.json" "$U_1/v1/analyze"
req "PostgreSQL down: /livez 200" 200 "$U_2/livez"
pg_start_again
back=0
for _ in $(seq 100); do
	[ "$(curl -s -o /dev/null -w '%{http_code}' "$U_1/readyz")" = 200 ] && [ "$(curl -s -o /dev/null -w '%{http_code}' "$U_2/readyz")" = 200 ] && { back=1; break; }
	sleep 0.1
done
[ $back = 1 ] && ok "both replicas ready again on their own" || bad "not ready after PostgreSQL returned"
req "writes work again" 201 -X PUT -H "$AUTH" --data-binary "@$T/a.json" "$U_2/v1/layouts/down"
req "reads work again" 200 "$U_1/v1/layouts/down"

kill -TERM "$PID_1" "$PID_2"; wait "$PID_1" "$PID_2" 2>/dev/null; PID_1= PID_2=
exit $fail
