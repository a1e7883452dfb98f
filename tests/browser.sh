#!/bin/sh
# Dashboard tests in a real browser: Debian's chromium driven by
# playwright-core (tests/browser/), against a real daemon on an ephemeral
# port.  Skips (77) when chromium or node is missing, unless
# LAYOUTD_BROWSER_REQUIRED=1, when that is a failure.
# Env: LAYOUTD (the binary), srcdir, CHROMIUM (default: chromium on PATH).
set -u
. "$(dirname "$0")/once.sh"
srcdir=${srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
srcdir=$(cd "$srcdir" && pwd)
LAYOUTD=${LAYOUTD:-./layoutd}
GOLDEN_DIR=${GOLDEN_DIR:-$srcdir/tests/golden}
tdir=$srcdir/tests/browser
required=${LAYOUTD_BROWSER_REQUIRED:-0}

missing() {
	if [ "$required" = 1 ]; then
		echo "FAIL: $1 (LAYOUTD_BROWSER_REQUIRED=1; run scripts/browser-deps.sh)" >&2
		exit 1
	fi
	echo "SKIP: $1 (scripts/browser-deps.sh installs it)"
	exit 77
}

if [ -z "${CHROMIUM:-}" ]; then
	for c in chromium chromium-browser google-chrome; do
		if p=$(command -v "$c" 2>/dev/null); then CHROMIUM=$p; break; fi
	done
fi
if [ -z "${CHROMIUM:-}" ] || [ ! -x "$CHROMIUM" ]; then missing "no chromium"; fi
command -v node >/dev/null 2>&1 || missing "no node"
command -v npm >/dev/null 2>&1 || missing "no npm"
case $LAYOUTD in /*) ;; *) LAYOUTD=$(pwd)/$LAYOUTD ;; esac
[ -x "$LAYOUTD" ] || { echo "FAIL: no layoutd binary at $LAYOUTD" >&2; exit 1; }

if [ ! -d "$tdir/node_modules/playwright-core" ]; then
	echo "installing playwright-core into $tdir/node_modules"
	if [ -f "$tdir/package-lock.json" ]; then
		npm ci --prefix "$tdir" --no-audit --no-fund >&2 || npm install --prefix "$tdir" --no-audit --no-fund >&2
	else
		npm install --prefix "$tdir" --no-audit --no-fund >&2
	fi
	[ -d "$tdir/node_modules/playwright-core" ] || missing "playwright-core could not be installed"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/layoutd-browser.XXXXXX")
pid=
# shellcheck disable=SC2317 # called by the trap
cleanup() {
	for p in $pid ${pid2:-}; do
		kill "$p" 2>/dev/null
		wait "$p" 2>/dev/null
	done
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

# A token, so that registry writes are guarded the way they are in production.
token=
if out=$("$LAYOUTD" token add browser-test --db "$work/x.db" 2>/dev/null); then
	token=$(printf '%s\n' "$out" | awk 'NF { last = $NF } END { print last }')
fi

"$LAYOUTD" serve --listen 127.0.0.1:0 --port-file "$work/port" --db "$work/x.db" >"$work/daemon.log" 2>&1 &
pid=$!
i=0
while [ ! -s "$work/port" ]; do
	i=$((i + 1))
	if [ $i -gt 100 ] || ! kill -0 "$pid" 2>/dev/null; then
		echo "FAIL: the daemon did not start" >&2
		cat "$work/daemon.log" >&2
		exit 1
	fi
	sleep 0.1
done
port=$(cat "$work/port")
# the same database behind a daemon that wants a token for reads too
pid2=
if [ -n "$token" ]; then
	"$LAYOUTD" serve --listen 127.0.0.1:0 --port-file "$work/port2" --db "$work/x.db" \
		--require-token-for-reads >"$work/daemon2.log" 2>&1 &
	pid2=$!
	for _ in $(seq 100); do [ -s "$work/port2" ] && break; sleep 0.1; done
fi
reads_url=
[ -s "$work/port2" ] && reads_url=http://127.0.0.1:$(cat "$work/port2")
mkdir -p "$tdir/artifacts"
echo "daemon on 127.0.0.1:$port; screenshots in $tdir/artifacts"

LAYOUTD_URL=http://127.0.0.1:$port LAYOUTD_URL_READS=$reads_url LAYOUTD_TOKEN=$token GOLDEN_DIR=$GOLDEN_DIR \
	CHROMIUM=$CHROMIUM ARTIFACTS=$tdir/artifacts \
	node "$tdir/dashboard.test.mjs"
status=$?
LAYOUTD_URL=http://127.0.0.1:$port CHROMIUM=$CHROMIUM ARTIFACTS=$tdir/artifacts \
	node "$tdir/views.test.mjs" || status=1
LAYOUTD_URL=http://127.0.0.1:$port GOLDEN_DIR=$GOLDEN_DIR CHROMIUM=$CHROMIUM ARTIFACTS=$tdir/artifacts \
	node "$tdir/copy.test.mjs" || status=1
if [ $status -ne 0 ]; then
	echo "--- daemon log (last lines)"
	tail -n 30 "$work/daemon.log"
fi
exit $status
