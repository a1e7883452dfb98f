# tests/lib.sh - shared by the shell tests that drive a real daemon
# (http.sh, registry.sh, openapi.sh): a temporary directory, a daemon on
# an ephemeral loopback port, requests with their status, and assertions
# on the JSON body and the headers.  Source it after setting nothing; it
# reads LAYOUTD and GOLDEN_DIR and exits 77 (skip) without curl and jq.
command -v curl >/dev/null 2>&1 && command -v jq >/dev/null 2>&1 || { echo "curl/jq missing"; exit 77; }
L=${LAYOUTD:?}
G=${GOLDEN_DIR:?}
T=$(mktemp -d)
PID=
DB="$T/layoutd.db"
cleanup() { [ -n "$PID" ] && kill -9 "$PID" 2>/dev/null; rm -rf "$T"; }
trap cleanup EXIT
fail=0
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1"; fail=1; }

# start [serve flags...]: a daemon on 127.0.0.1:0 with $DB; sets PID and U
start() {
	rm -f "$T/port"
	"$L" serve --listen 127.0.0.1:0 --port-file "$T/port" --db "$DB" "$@" 2>>"$T/log" &
	PID=$!
	for _ in $(seq 200); do [ -s "$T/port" ] && break; sleep 0.05; done
	[ -s "$T/port" ] || { echo "daemon did not start"; cat "$T/log"; exit 1; }
	U="http://127.0.0.1:$(cat "$T/port")"
}
# stop: SIGTERM, and wait for the daemon to exit
stop() { kill -TERM "$PID"; wait "$PID"; PID=; }

# req NAME EXPECTED_STATUS curl-args...  (body in $T/body, headers in $T/hdr)
req() {
	name=$1 want=$2
	shift 2
	got=$(curl -s -o "$T/body" -D "$T/hdr" -w '%{http_code}' "$@")
	if [ "$got" = "$want" ]; then ok "$name ($got)"; else bad "$name: status $got, expected $want"; head -c 600 "$T/body"; echo; fi
}
# jqt NAME FILTER: the filter must print true on $T/body
jqt() {
	if [ "$(jq -r "$2" "$T/body" 2>/dev/null)" = "true" ]; then ok "$1"; else bad "$1: $2"; head -c 600 "$T/body"; echo; fi
}
# hdr NAME REGEX: a response header of the last req matches (case-insensitive)
hdr() {
	if grep -qiE "$2" "$T/hdr"; then ok "$1"; else bad "$1: no header $2"; cat "$T/hdr"; fi
}
