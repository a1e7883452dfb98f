#!/bin/sh
# tests/timing.sh LOG... - the time each suite took, slowest first, from
# the "# time:" lines tests/timed-driver appends to the logs; the end of
# `make check` (Makefile.am, check-local).  Not a test itself.
for f in "$@"; do
	[ -f "$f" ] && sed -n "s|^# time: \([0-9.]*\) s wall, \([0-9.]*\) s cpu\$|\1 \2 ${f%.log}|p" "$f" | tail -n 1
done | sort -k1,1nr | awk '
	{ w += $1; c += $2; n++; if (n <= 15) printf "  %8.1f s %8.1f s cpu  %s\n", $1, $2, $3 }
	END { if (n) printf "  %8.1f s %8.1f s cpu  all %d suites (the sums; wall overlaps under make -j)\n", w, c, n }'
