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
	api_conform "$name" "$got" "$@"
}
# jqt NAME FILTER: the filter must print true on $T/body
jqt() {
	if [ "$(jq -r "$2" "$T/body" 2>/dev/null)" = "true" ]; then ok "$1"; else bad "$1: $2"; head -c 600 "$T/body"; echo; fi
}
# hdr NAME REGEX: a response header of the last req matches (case-insensitive)
hdr() {
	if grep -qiE "$2" "$T/hdr"; then ok "$1"; else bad "$1: no header $2"; cat "$T/hdr"; fi
}

# Every response req() receives is held to the API document: its status
# must be documented for that path and method, and a JSON body must match
# the schema given for its media type (tests/openapi_check).  Quietly off
# when the checker or the document is not there.
API_DOC=${SCHEMA_DIR:-$(cd "$(dirname "$0")/.." && pwd)/schema}/openapi.json
api_conform() { # NAME STATUS curl-args...
	[ -n "${OPENAPI_CHECK:-}" ] && [ -x "$OPENAPI_CHECK" ] && [ -f "$API_DOC" ] || return 0
	cname=$1 cst=$2
	shift 2
	cm= curl_url=
	while [ $# -gt 0 ]; do
		case $1 in
		-X) cm=$2; shift ;;
		-I | --head) cm=HEAD ;;
		-d | --data | --data-binary | --data-raw | -F) [ -n "$cm" ] || cm=POST; shift ;;
		-H | -o | -D | -w | -u | --max-time | -m | --connect-timeout) shift ;;
		http://* | https://*) curl_url=$1 ;;
		esac
		shift
	done
	case $cm in '' | GET | get) cm=get ;; POST | post) cm=post ;; PUT | put) cm=put ;;
	DELETE | delete) cm=delete ;; *) return 0 ;; esac
	[ -n "$curl_url" ] || return 0
	cpath=/${curl_url#*://*/}
	case $curl_url in *://*/*) ;; *) cpath=/ ;; esac
	cpath=${cpath%%\?*}
	# the path's template, its status, media type and schema: one process
	if ! out=$("$OPENAPI_CHECK" --response "$API_DOC" "$cm" "$cpath" "$cst" "$T/hdr" "$T/body" 2>&1); then
		bad "$cname: $out"
	fi
}

# nginx_up SITE: a real nginx ($NGINX) on loopback, its http {} block
# including $T/nginx/site.conf, which the function SITE PORT writes for the
# HTTPS port to use.  Ports are tried from a random start until nginx
# answers GET /livez; sets NPID and NPORT, or fails the test.
nginx_up() {
	mkdir -p "$T/nginx/logs" "$T/nginx/tmp"
	nuser=
	[ "$(id -u)" -eq 0 ] && nuser="user root;"
	nbase=$(( ($$ % 20000) + 30000 ))
	NPID= NPORT=
	for k in 0 1 2 3 4 5 6 7 8 9; do
		p=$((nbase + k * 7))
		"$1" "$p"
		cat >"$T/nginx/nginx.conf" <<EOF
$nuser
worker_processes 1;
error_log $T/nginx/logs/error.log;
pid $T/nginx/nginx.pid;
events { worker_connections 64; }
http {
	access_log $T/nginx/logs/access.log;
	client_body_temp_path $T/nginx/tmp/body;
	proxy_temp_path $T/nginx/tmp/proxy;
	fastcgi_temp_path $T/nginx/tmp/fastcgi;
	uwsgi_temp_path $T/nginx/tmp/uwsgi;
	scgi_temp_path $T/nginx/tmp/scgi;
	include $T/nginx/site.conf;
}
EOF
		"$NGINX" -p "$T/nginx" -c "$T/nginx/nginx.conf" -g 'daemon off;' 2>>"$T/nginx/start.log" &
		NPID=$!
		for _ in $(seq 50); do
			curl -sk -o /dev/null "https://localhost:$p/livez" && { NPORT=$p; return 0; }
			kill -0 "$NPID" 2>/dev/null || break
			sleep 0.1
		done
		kill "$NPID" 2>/dev/null
		wait "$NPID" 2>/dev/null
		NPID=
	done
	echo "FAIL nginx did not start"
	cat "$T/nginx/start.log" "$T/nginx/logs/error.log" 2>/dev/null
	exit 1
}

# tls_ca: a throwaway CA ($T/ca.pem) and a server certificate it signed
# for localhost and 127.0.0.1 ($T/srv.pem, $T/srv.key); fails the test
# when openssl cannot make them.
tls_ca() {
	openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=layoutd test CA" \
		-keyout "$T/ca.key" -out "$T/ca.pem" 2>/dev/null || { echo "FAIL openssl CA"; exit 1; }
	printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\n' >"$T/san.ext"
	openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" -keyout "$T/srv.key" \
		-out "$T/srv.csr" 2>/dev/null &&
		openssl x509 -req -in "$T/srv.csr" -CA "$T/ca.pem" -CAkey "$T/ca.key" -CAcreateserial \
			-days 2 -extfile "$T/san.ext" -out "$T/srv.pem" 2>/dev/null ||
		{ echo "FAIL openssl server certificate"; exit 1; }
}

# shipped_site HTTPS_PORT: the shipped site file deploy/nginx.conf as
# $T/nginx/site.conf, only its addresses (loopback, the daemon's port from
# $U) and certificate paths ($T/srv.pem, $T/srv.key) rewritten; a SITE
# function for nginx_up.
shipped_site() {
	sed -e "s|listen 443 ssl http2;|listen 127.0.0.1:$1 ssl http2;|" \
		-e "s|listen 80;|listen 127.0.0.1:$(($1 + 3));|" \
		-e '/listen \[::\]/d' \
		-e "s|/etc/ssl/layoutd/fullchain.pem|$T/srv.pem|" \
		-e "s|/etc/ssl/layoutd/privkey.pem|$T/srv.key|" \
		-e "s|127.0.0.1:8080|127.0.0.1:${U##*:}|" \
		-e "s|server_name layoutd.example.org;|server_name localhost;|" \
		"$(cd "$(dirname "$0")/.." && pwd)/deploy/nginx.conf" >"$T/nginx/site.conf"
}
