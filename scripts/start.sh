#!/bin/sh
# One command on a fresh Debian 12 machine: install what layoutd needs,
# build it, and start the daemon on 127.0.0.1:8080 with its SQLite
# database in ./layoutd.db (created on first start).  Extra arguments go to
# `layoutd serve` (e.g. --listen 0.0.0.0:8080 --db /var/lib/layoutd/layoutd.db).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
"$top/scripts/deps.sh"
"$top/scripts/build.sh" "$top/build"
echo "layoutd: dashboard and API at http://127.0.0.1:8080/ (Ctrl-C stops it)"
exec "$top/build/layoutd" serve "$@"
