#!/bin/sh
# One command on a fresh Debian 12 machine: install what layoutd needs,
# build it (build/layoutd), and start the daemon, by default on
# 127.0.0.1:8080 with its SQLite database in ./layoutd.db (created on first
# start).  Extra arguments go to `layoutd serve` (e.g. --listen
# 0.0.0.0:9090 --db /var/lib/layoutd/layoutd.db); the address printed is
# the one the daemon really bound.  Ctrl-C (or SIGTERM) stops it.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
"$top/scripts/deps.sh" serve
"$top/scripts/build.sh" "$top/build"
host=127.0.0.1
prev=
for a in "$@"; do
	case $a in --listen=*) host=${a#--listen=}; host=${host%:*} ;; esac
	[ "$prev" = --listen ] && host=${a%:*}
	prev=$a
done
port_file=$(mktemp)
"$top/build/layoutd" serve "$@" --port-file "$port_file" &
pid=$!
trap 'kill -TERM "$pid" 2>/dev/null' INT TERM
for _ in $(seq 100); do
	[ -s "$port_file" ] && break
	kill -0 "$pid" 2>/dev/null || break
	sleep 0.1
done
if [ -s "$port_file" ]; then
	echo "layoutd: dashboard and API at http://$host:$(cat "$port_file")/ (Ctrl-C stops it)"
	echo "layoutd: the command line is $top/build/layoutd"
fi
rm -f "$port_file"
status=0
wait "$pid" || status=$?
# a signal interrupts the first wait: wait for the daemon to drain and exit
if kill -0 "$pid" 2>/dev/null; then wait "$pid" || status=$?; fi
exit "$status"
