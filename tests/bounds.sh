#!/bin/sh
# One budget, one deadline, one drain for every analysis, on a real
# loopback port: access (shared and global), suggest, convert, lint and
# print each past --memory-budget (413 memory_budget, as the enumeration
# answers), past --deadline (503 deadline), a client that goes away (the
# work stops), and --drain ending long work in flight with 503; after each
# part the budget, the in-flight count and the pool are back to zero in
# /metrics.  Needs curl, jq and python3 (77 = skip).
set -u
. "$(dirname "$0")/lib.sh"
command -v python3 > /dev/null 2>&1 || { echo "python3 missing"; exit 77; }

problem() { # NAME STATUS CODE: the last response is that problem
	jqt "$1: problem $3" ".status == $2 and .code == \"$3\" and (.detail|length) > 0"
}
metric() { awk -v n="$1" '$1 == n { print $2 }' "$T/metrics"; }
at_rest() { # NAME: nothing held, nothing running, only this request in flight
	rest=no
	for _ in $(seq 100); do
		curl -s -o "$T/metrics" "$U/metrics"
		if [ "$(metric layoutd_memory_reserved_bytes)" = 0 ] && [ "$(metric layoutd_http_requests_in_flight)" = 1 ] &&
			[ "$(metric layoutd_analyses_queued)" = 0 ] && [ "$(metric layoutd_analyses_running)" = 0 ]; then
			rest=yes
			break
		fi
		sleep 0.1
	done
	[ $rest = yes ] && ok "$1: at rest" || bad "$1: not at rest: $(grep -E '^layoutd_(memory_reserved|http_requests_in_flight|analyses_)' "$T/metrics" | tr '\n' ' ')"
}

# The bodies: tiles of N x N (python3 writes them, they are large only
# once analysed: each is a few hundred bytes).
python3 - "$T" << 'EOF'
import json, sys
t = sys.argv[1]
def blocked(spt, tpw, order, n):
    return {"ttgir": "#ttg.blocked<{sizePerThread = %s, threadsPerWarp = %s, warpsPerCTA = [4, 1], order = %s}>"
            % (spt, tpw, order), "shape": [n, n]}
def row(n):
    return {"logical": [n, n], "expr": {"offset": "i * %d + j" % n}}
def dump(name, v):
    json.dump(v, open("%s/%s.json" % (t, name), "w"))
n = 2048
dump("access", {"layout": row(n), "access": {"threads": blocked("[1, 8]", "[4, 8]", "[1, 0]", n), "element_bits": 16}})
dump("global", {"layout": row(n), "access": {"threads": blocked("[1, 8]", "[4, 8]", "[1, 0]", n), "element_bits": 16,
                                             "space": "global"}})
dump("convert", {"layout": blocked("[1, 8]", "[4, 8]", "[1, 0]", n),
                 "convert": {"to": blocked("[8, 1]", "[8, 4]", "[0, 1]", n), "element_bits": 16}})
dump("suggest", {"layout": row(n), "access": {"threads": {"logical": [n, n], "expr": {
    "lane": "i % 32", "warp": "(i // 32) % 4", "register": "j + %d * (i // 128)" % n}}, "element_bits": 32, "vector": 1},
    "suggest": "swizzle"})
dump("print", {"layout": blocked("[1, 4]", "[8, 4]", "[1, 0]", 1024)})
head = ("#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>\n"
        "#smem = #ttg.shared_memory\n")
one = head + ("#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>\n"
              "%a = ttg.local_load %b : !ttg.memdesc<2048x2048xf16, #shared, #smem> -> tensor<2048x2048xf16, #blocked>\n")
dump("lint", {"text": one})
# many distinct ops, each its own analysis: long, though each is small
many = head + "".join(
    "#b%d = #ttg.blocked<{sizePerThread = [1, %d], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>\n"
    % (k, 1 << (k % 4)) for k in range(64))
many += "".join("%%a%d = ttg.local_load %%b : !ttg.memdesc<%dx2048xf16, #shared, #smem> -> tensor<%dx2048xf16, #b%d>\n"
                % (k, 256 * (1 + k // 4), 256 * (1 + k // 4), k) for k in range(64))
dump("lintmany", {"text": many})
EOF
wc -c "$T/lint.json" | awk '{ print "# the lint body is " $1 " bytes" }'

# ---- 1. memory: each analysis past a 64 MiB budget is refused as the
# enumeration is, and gives back what it held
start --memory-budget 67108864 --workers 1
for k in access global convert suggest; do
	req "$k of 2048x2048 past the budget" 413 --data-binary "@$T/$k.json" "$U/v1/analyze"
	problem "$k past the budget" 413 memory_budget
	at_rest "$k past the budget"
done
req "lint of a 2048x2048 op past the budget" 413 --data-binary "@$T/lint.json" "$U/v1/lint"
problem "lint past the budget" 413 memory_budget
at_rest "lint past the budget"
req "a 1024x1024 layout for print" 200 --data-binary "@$T/print.json" "$U/v1/analyze"
ID=$(jq -r .id "$T/body")
req "print triton of it past the budget" 413 "$U/v1/analyses/$ID/print?format=triton"
problem "print past the budget" 413 memory_budget
at_rest "print past the budget"
req "a small access within the budget" 200 --data-binary '{"layout": {"logical": [32, 32], "expr": {"offset": "i * 32 + j"}}, "access": {"threads": {"logical": [32, 32], "expr": {"laneid": "i", "register": "j"}}, "element_bits": 32}}' "$U/v1/analyze"
stop

# ---- 2. time: past --deadline 1 the analysis stops with 503 deadline
start --deadline 1 --workers 1
req "suggest of 2048x2048 past the deadline" 503 --data-binary "@$T/suggest.json" "$U/v1/analyze"
problem "suggest past the deadline" 503 deadline
at_rest "suggest past the deadline"
req "lint of 64 ops past the deadline" 503 --data-binary "@$T/lintmany.json" "$U/v1/lint"
problem "lint past the deadline" 503 deadline
at_rest "lint past the deadline"
stop

# ---- 3. a client that goes away: its work stops, the budget comes back
start --deadline 0 --workers 1
for k in suggest lintmany; do
	route=/v1/analyze
	[ $k = lintmany ] && route=/v1/lint
	curl -s -o /dev/null -m 0.5 --data-binary "@$T/$k.json" "$U$route"
	at_rest "$k whose client went away"
done
stop

# ---- 4. the drain ends long work in flight at --drain with 503
for k in suggest lintmany; do
	route=/v1/analyze
	[ $k = lintmany ] && route=/v1/lint
	start --drain 1 --deadline 0
	curl -s -o "$T/drain.out" -w '%{http_code}' --data-binary "@$T/$k.json" "$U$route" > "$T/drain.code" &
	C=$!
	# the drain is for work in flight: wait until the daemon runs it
	for _ in $(seq 200); do
		curl -s -o "$T/metrics" "$U/metrics"
		[ "$(metric layoutd_analyses_running)" = 1 ] && break
		sleep 0.05
	done
	kill -TERM "$PID"
	wait "$PID"
	PID=
	wait $C
	[ "$(cat "$T/drain.code")" = 503 ] && jq -e '.code == "cancelled"' "$T/drain.out" > /dev/null &&
		ok "$k in flight at the drain: 503 cancelled" || bad "$k at the drain: $(cat "$T/drain.code") $(head -c 200 "$T/drain.out")"
done
exit $fail
