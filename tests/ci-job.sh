#!/bin/sh
# A CI job as a team runs it: the daemon behind nginx terminating TLS with
# a certificate from a throwaway CA, on loopback.  The job pushes a
# layout over https with a token, then checks candidates against it with
# --equals, writing JUnit XML and SARIF 2.1.0 reports that are validated
# against their schemas (tests/schemas/: the Jenkins JUnit XSD with
# xmllint, the OASIS SARIF schema with ajv).  Also over https: a redirect
# (308) is followed with its method and body, the system CA store alone
# refuses the private CA, LAYOUTD_SERVER/LAYOUTD_TOKEN/LAYOUTD_CACERT stand
# for the flags, and the registry commands (ls, versions, pull) read back
# what was pushed.
# Skips (77) without nginx, openssl or xmllint, unless LAYOUTD_TOOLS_REQUIRED=1.
set -u
. "$(dirname "$0")/once.sh"
. "$(dirname "$0")/lib.sh"
S=$(cd "$G/../.." && pwd)
NM=${LAYOUTD_NODE_MODULES:-$S/tests/browser/node_modules}
required=${LAYOUTD_TOOLS_REQUIRED:-0}
need() {
	command -v "$1" >/dev/null 2>&1 && return 0
	[ -x "/usr/sbin/$1" ] && return 0
	if [ "$required" = 1 ]; then echo "FAIL: $1 is missing (scripts/deps.sh installs it)"; exit 1; fi
	echo "SKIP: $1 is missing (scripts/deps.sh installs it)"
	exit 77
}
need nginx
need openssl
need xmllint
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
NPID=

# --- a CA and a server certificate for localhost and 127.0.0.1 ----------
tls_ca

# --- the daemon with a token, and nginx in front ----------------------
TOKEN=$("$L" token add ci --db "$DB" | awk 'END { print $NF }')
[ -n "$TOKEN" ] || { echo "FAIL token add"; exit 1; }
start
DPORT=${U##*:}
site() { # PORT
	cat >"$T/nginx/site.conf" <<EOF
client_max_body_size 2m;
server {
	listen 127.0.0.1:$1 ssl;
	server_name localhost;
	ssl_certificate $T/srv.pem;
	ssl_certificate_key $T/srv.key;
	# an old prefix moved: 308 keeps the method and the body
	location ~ ^/old(/.*)\$ { return 308 https://localhost:$1\$1\$is_args\$args; }
	location / {
		proxy_pass http://127.0.0.1:$DPORT;
		proxy_set_header Host \$host;
		proxy_set_header X-Forwarded-Proto https;
	}
}
EOF
}
cleanup_nginx() { [ -n "$NPID" ] && kill "$NPID" 2>/dev/null; }
trap 'cleanup_nginx; cleanup' EXIT
nginx_up site
P=$NPORT
H="https://localhost:$P"
ok "nginx terminates TLS on $H"

# run NAME WANT_EXIT command...: stdout in $T/out, stderr in $T/err
run() {
	name=$1 want=$2
	shift 2
	"$@" >"$T/out" 2>"$T/err"
	got=$?
	if [ "$got" = "$want" ]; then ok "$name"; else bad "$name: exit $got, expected $want"; cat "$T/out" "$T/err" | head -20; fi
}
has() { grep -qF -- "$2" "$T/out" || { bad "$1: output lacks $2"; head -20 "$T/out"; }; }
has_err() { grep -qF -- "$2" "$T/err" || { bad "$1: stderr lacks $2"; head -20 "$T/err"; }; }

# --- TLS: the private CA is needed, and is enough ----------------------
run "system CA store refuses the private CA" 2 "$L" ls --server "$H"
has_err "says to give --cacert" "--cacert"
run "https with --cacert" 0 "$L" ls --server "$H" --cacert "$T/ca.pem"

# --- the job: push the reference, check candidates against it ----------
cat >"$T/candidate-expr.json" <<'EOF'
{"layout": {"logical": [8, 16],
            "expr": {"laneid": "4 * i + (j // 2) % 4", "warpid": "j // 8", "m": "j % 2"}}}
EOF
export LAYOUTD_SERVER="$H" LAYOUTD_CACERT="$T/ca.pem"
run "push needs the token" 2 "$L" push sm80-c "$G/seed-axe-shard/request.json"
has_err "401 named" "unauthorized"
export LAYOUTD_TOKEN="$TOKEN"
# the request file as it is: probe and expect included
run "push over https" 0 "$L" push sm80-c "$G/seed-axe-shard/request.json" --description "reference C fragment"
has "new version" "sm80-c@1: registered"
run "push again: unchanged" 0 "$L" push sm80-c "$G/seed-axe-shard/request.json"
has "same version" "sm80-c@1: unchanged"
run "a failing layout is not registered" 1 "$L" push broken "$G/seed-dropped-bits/request.json"
run "push through a 308 redirect" 0 "$L" push --server "$H/old" sm80-c "$G/seed-axe-shard/request.json"
run "push v1 of another name" 0 "$L" push moving "$G/seed-gemm-fragment-8x8/request.json"
run "push a v2 that moves the placement" 0 "$L" push moving "$G/seed-axe-shard/request.json"
has_err "warns about the shape" "moving@2 changes the logical shape from [8,8] to [8,16]"
has_err "warns about the placement" "moving@2 places differently from moving@1"
run "push the same placement in another notation: no warning" 0 "$L" push moving "$T/candidate-expr.json"
if grep -q warning "$T/err"; then bad "warned about an equal placement"; cat "$T/err"; else ok "no warning for an equal placement"; fi
run "ls" 0 "$L" ls sm80
has "ls lists it" "sm80-c"
run "versions" 0 "$L" versions sm80-c
has "versions lists v1" "sm80-c@1"
has "created_by the token" "by ci"
run "pull" 0 "$L" pull sm80-c@1
cp "$T/out" "$T/pulled.json"
run "the pulled file checks offline" 0 "$L" check "$T/pulled.json"

# candidates: the same placement in another notation, and a different one
run "candidate in another notation equals the reference" 0 "$L" check --equals sm80-c@1 "$T/candidate-expr.json"
run "check --equals over many files (worst exit: bad input)" 2 "$L" check --equals sm80-c --format junit \
	"$T/candidate-expr.json" "$G/seed-axe-shard/request.json" "$G/seed-transpose/request.json" "$G/bad-axe-missing-bracket/request.json"
cp "$T/out" "$T/report.xml"
has_err "summary line" "2 passed, 1 failed, 1 errors"
if xmllint --noout --schema "$S/tests/schemas/junit.xsd" "$T/report.xml" 2>"$T/xmllint"; then ok "JUnit report validates"; else bad "JUnit report: $(cat "$T/xmllint")"; fi
[ "$(xmllint --xpath 'string(/testsuites/@failures)' "$T/report.xml")" = 1 ] && ok "JUnit counts the failure" || bad "JUnit failures attribute"
xmllint --xpath 'string(//testcase/failure/@message)' "$T/report.xml" | grep -q "expect equals" && ok "JUnit names expect equals" || bad "JUnit failure message"
run "sarif report" 2 "$L" check --equals sm80-c --format sarif \
	"$T/candidate-expr.json" "$G/seed-transpose/request.json" "$G/bad-axe-missing-bracket/request.json"
cp "$T/out" "$T/report.sarif"
if [ -d "$NM/ajv-draft-04" ]; then
	if out=$(NODE_PATH=$NM node "$S/tests/validate.cjs" sarif "$S/tests/schemas/sarif-schema-2.1.0.json" "$T/report.sarif" 2>&1); then
		ok "SARIF report validates against the SARIF 2.1.0 schema"
	else
		bad "SARIF: $out"
	fi
elif [ "$required" = 1 ]; then
	bad "ajv is not installed in $NM (scripts/browser-deps.sh)"
else
	echo "skip SARIF schema validation: ajv is not installed in $NM"
fi
[ "$(jq -r '.runs[0].results | map(.ruleId) | sort | join(",")' "$T/report.sarif")" = "expect/equals,input/syntax" ] &&
	ok "SARIF results: the equals failure and the syntax error" || bad "SARIF results: $(jq -c '.runs[0].results | map(.ruleId)' "$T/report.sarif")"
[ "$(jq -r '.runs[0].results[] | select(.ruleId == "input/syntax") | .locations[0].physicalLocation.region.startLine' "$T/report.sarif")" = 1 ] &&
	ok "SARIF result located" || bad "SARIF location"
run "github annotations" 1 "$L" check --equals sm80-c --format github "$G/seed-transpose/request.json"
has "workflow command with file and line" "::error file=$G/seed-transpose/request.json,line="
# a network or TLS failure: the report itself says why (a CI page may show
# only the JUnit file, not the job's stderr)
run "JUnit of a registry that is down" 2 "$L" check --server https://127.0.0.1:1 --retries 0 --equals sm80-c --format junit "$T/candidate-expr.json"
if xmllint --noout --schema "$S/tests/schemas/junit.xsd" "$T/out" 2>"$T/xmllint"; then ok "JUnit of a down registry validates"; else bad "JUnit down: $(cat "$T/xmllint")"; fi
xmllint --xpath 'string(//testcase/error/@message)' "$T/out" | grep -qiE "no answer from the server: .*(failed to connect|couldn't connect|connection refused)" \
	&& ok "JUnit error names the connection failure" || bad "JUnit down: $(xmllint --xpath 'string(//testcase/error/@message)' "$T/out")"
run "SARIF of a registry whose CA is not trusted" 2 env -u LAYOUTD_CACERT "$L" check --server "$H" --retries 0 --equals sm80-c --format sarif "$T/candidate-expr.json"
jq -r '.runs[0].results[0].message.text' "$T/out" | grep -qiE "no answer from the server: .*(certificate|SSL)" \
	&& ok "SARIF result names the TLS failure" || bad "SARIF TLS: $(jq -c '.runs[0].results' "$T/out" | head -c 400)"
run "github annotation of a registry that is down" 2 "$L" check --server https://127.0.0.1:1 --retries 0 --equals sm80-c --format github "$T/candidate-expr.json"
grep -qiE "^::error .*no answer from the server: .*connect" "$T/out" && ok "github annotation names the failure" || bad "github down: $(cat "$T/out")"

# --- plain http: a 503 with Retry-After is retried; proxies from the environment
unset LAYOUTD_CACERT
if command -v python3 >/dev/null 2>&1; then
	# answers 503 (Retry-After: 1) once, then forwards to the daemon
	cat >"$T/flaky.py" <<EOF
import http.server, socketserver, urllib.request, urllib.error
state = {"n": 0}
class H(http.server.BaseHTTPRequestHandler):
    def log_message(self, *a): pass
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        state["n"] += 1
        if state["n"] == 1:
            self.send_response(503); self.send_header("Retry-After", "1")
            self.send_header("Content-Length", "0"); self.end_headers(); return
        req = urllib.request.Request("$U" + self.path, data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        try:
            r = urllib.request.urlopen(req)
        except urllib.error.HTTPError as e:
            r = e
        data = r.read()
        self.send_response(r.getcode())
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data))); self.end_headers()
        self.wfile.write(data)
with socketserver.TCPServer(("127.0.0.1", 0), H) as s:
    open("$T/flaky.port.tmp", "w").write(str(s.server_address[1]))
    import os; os.rename("$T/flaky.port.tmp", "$T/flaky.port")
    s.handle_request(); s.handle_request()
EOF
	python3 "$T/flaky.py" &
	FPID=$!
	for _ in $(seq 100); do [ -s "$T/flaky.port" ] && break; sleep 0.05; done
	t0=$(date +%s)
	run "503 then 200: retried after Retry-After" 0 "$L" check --server "http://127.0.0.1:$(cat "$T/flaky.port")" "$G/seed-transpose/request.json"
	t1=$(date +%s)
	has_err "the retry is announced" "answered 503, retrying in 1 s"
	[ $((t1 - t0)) -ge 1 ] && ok "waited for Retry-After" || bad "did not wait for Retry-After"
	kill "$FPID" 2>/dev/null
	wait "$FPID" 2>/dev/null
fi
# a server that accepts and never answers: --timeout ends the wait
if command -v python3 >/dev/null 2>&1; then
	cat >"$T/mute.py" <<EOF
import socket, os, time
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(4)
open("$T/mute.port.tmp", "w").write(str(s.getsockname()[1])); os.rename("$T/mute.port.tmp", "$T/mute.port")
c, _ = s.accept(); time.sleep(20)
EOF
	python3 "$T/mute.py" &
	MPID=$!
	for _ in $(seq 100); do [ -s "$T/mute.port" ] && break; sleep 0.05; done
	run "a silent server: --timeout 1 gives up" 2 "$L" check --server "http://127.0.0.1:$(cat "$T/mute.port")" --timeout 1 "$G/seed-transpose/request.json"
	# the server holds the connection 20 s: giving up first is the timeout
	kill -0 "$MPID" 2>/dev/null && ok "gave up while the server still held the connection" || bad "waited until the server closed"
	has_err "says it timed out" "timed out"
	kill "$MPID" 2>/dev/null
	wait "$MPID" 2>/dev/null
fi
# an http proxy (nginx forwarding absolute-form requests) named by http_proxy
cat >"$T/nginx/proxy.conf" <<EOF
$nuser
worker_processes 1;
error_log $T/nginx/logs/proxy-error.log;
pid $T/nginx/proxy.pid;
events { worker_connections 64; }
http {
	access_log $T/nginx/logs/proxy-access.log;
	client_body_temp_path $T/nginx/tmp/pbody;
	proxy_temp_path $T/nginx/tmp/pproxy;
	fastcgi_temp_path $T/nginx/tmp/pfastcgi;
	uwsgi_temp_path $T/nginx/tmp/puwsgi;
	scgi_temp_path $T/nginx/tmp/pscgi;
	server {
		listen 127.0.0.1:$((P + 1));
		location / { proxy_pass http://127.0.0.1:$DPORT; }
	}
}
EOF
"$NGINX" -p "$T/nginx" -c "$T/nginx/proxy.conf" -g 'daemon off;' 2>>"$T/nginx/start.log" &
XPID=$!
# wait until the proxy answers (a fixed sleep raced nginx's start)
for _ in $(seq 100); do
	curl -s -o /dev/null "http://127.0.0.1:$((P + 1))/" && break
	kill -0 "$XPID" 2>/dev/null || break
	sleep 0.1
done
if kill -0 "$XPID" 2>/dev/null; then
	run "through http_proxy" 0 env http_proxy="http://127.0.0.1:$((P + 1))" no_proxy= NO_PROXY= \
		"$L" ls --server "http://layoutd.invalid"
	has "listed through the proxy" "sm80-c"
	grep -q "layoutd.invalid" "$T/nginx/logs/proxy-access.log" 2>/dev/null && ok "the proxy saw the request" || bad "the proxy saw nothing"
	kill "$XPID"
	wait "$XPID" 2>/dev/null
else
	bad "the proxy did not start: $(cat "$T/nginx/start.log")"
fi

run "unknown reference" 2 "$L" check --server "$U" --equals nope@1 "$T/candidate-expr.json"
has "unknown_reference" "unknown_reference"
exit $fail
