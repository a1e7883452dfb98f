#!/bin/sh
# The shipped site file deploy/nginx.conf, run by a real nginx in front of
# a real daemon: only its addresses and certificate paths are rewritten
# for loopback.  What nginx answers itself (a head over its buffers, a
# request it cannot read, a body over the limit, layoutd not answering)
# must be a problem document like layoutd's own, and layoutd's answers
# must pass through unchanged.
# Skips (77) without nginx or openssl, unless LAYOUTD_TOOLS_REQUIRED=1.
set -u
. "$(dirname "$0")/once.sh"
. "$(dirname "$0")/lib.sh"
OPENAPI_CHECK= # nginx's answers are the proxy's, not the API's operations
required=${LAYOUTD_TOOLS_REQUIRED:-0}
for tool in nginx openssl; do
	command -v "$tool" >/dev/null 2>&1 || [ -x "/usr/sbin/$tool" ] && continue
	[ "$required" = 1 ] && { echo "FAIL: $tool is missing (scripts/deps.sh installs it)"; exit 1; }
	echo "SKIP: $tool is missing (scripts/deps.sh installs it)"
	exit 77
done
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
NPID=

openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=localhost" \
	-addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
	-keyout "$T/srv.key" -out "$T/srv.pem" 2>/dev/null || { echo "FAIL openssl certificate"; exit 1; }

start
trap '[ -n "$NPID" ] && kill "$NPID" 2>/dev/null; cleanup' EXIT
nginx_up shipped_site
P=$NPORT
N="https://localhost:$P"
C="--cacert $T/srv.pem --http1.1"

# problem NAME STATUS CODE: the last answer is a problem document
problem() {
	if grep -qi '^content-type: application/problem+json' "$T/hdr" &&
		[ "$(jq -r '.status' "$T/body" 2>/dev/null)" = "$2" ] &&
		[ "$(jq -r '.code' "$T/body" 2>/dev/null)" = "$3" ] &&
		jq -e '.type and .title and .detail' "$T/body" >/dev/null 2>&1; then
		ok "$1: problem+json, status $2, code $3"
	else
		bad "$1: not a problem document with status $2 and code $3"
		cat "$T/hdr"; head -c 400 "$T/body"; echo
		tail -n 3 "$T/nginx/logs/error.log"
	fi
}

# shellcheck disable=SC2086
req "through nginx: /livez" 200 $C "$N/livez"
# layoutd's own problem passes through
# shellcheck disable=SC2086
req "layoutd's 404 passes through" 404 $C "$N/v1/layouts/no-such-name"
problem "layoutd's 404" 404 layout_not_found
# a head over nginx's large_client_header_buffers (4 x 8k): 494 inside nginx
big=$(head -c 12000 /dev/zero | tr '\0' a)
# shellcheck disable=SC2086
req "a header field over nginx's buffers" 431 $C -H "X-Big: $big" "$N/livez"
problem "a header field over nginx's buffers" 431 header_too_large
# a request nginx cannot read: a bare '%' escape in the path
# shellcheck disable=SC2086
req "a request nginx cannot read" 400 $C --path-as-is "$N/%zz/../../x"
problem "a request nginx cannot read" 400 bad_request
# a request line that is not HTTP at all, sent raw over TLS
printf 'GARBAGE\r\n\r\n' | timeout 10 openssl s_client -quiet -connect "127.0.0.1:$P" \
	-servername localhost 2>/dev/null | tr -d '\r' >"$T/raw"
sed '/^$/q' "$T/raw" >"$T/hdr"
sed '1,/^$/d' "$T/raw" >"$T/body"
case $(head -n 1 "$T/hdr") in
"HTTP/1.1 400"*) ok "a garbage request line (400)" ;;
*) bad "a garbage request line: $(head -n 1 "$T/hdr")" ;;
esac
problem "a garbage request line" 400 bad_request
# a body over client_max_body_size
head -c 1100000 /dev/zero | tr '\0' ' ' >"$T/big.json"
# shellcheck disable=SC2086
req "a body over the limit" 413 $C -X POST -H 'Content-Type: application/json' --data-binary "@$T/big.json" "$N/v1/analyze"
problem "a body over the limit" 413 body_too_large
# layoutd stopped: nginx's 502 goes out as 503 with Retry-After
stop
# shellcheck disable=SC2086
req "layoutd not answering" 503 $C "$N/livez"
problem "layoutd not answering" 503 unavailable
hdr "Retry-After while layoutd is away" '^retry-after: 1'

[ "$fail" -eq 0 ] && echo "nginx: all checks passed"
exit "$fail"
