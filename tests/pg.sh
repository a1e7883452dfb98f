# tests/pg.sh - sourced by the PostgreSQL tests: start a throwaway
# PostgreSQL server from the Debian packages (initdb into a temporary
# directory, a unix socket there, no TCP), and stop it on exit.
#   pg_start          sets PG_DIR and PG_ADMIN (a URL to the "postgres" database)
#   pg_newdb NAME     creates database NAME, prints its URL
#   pg_stop / pg_start_again   stop and restart the same server
# initdb refuses to run as root: as root the server runs as the "postgres"
# system user (or nobody), which owns only PG_DIR (outside the caller's
# private temporary directory, which it could not enter).  Exits 77 (skip) when the
# server binaries are absent.
PG_BIN=
for d in /usr/lib/postgresql/*/bin; do [ -x "$d/initdb" ] && PG_BIN=$d; done
[ -n "$PG_BIN" ] || { echo "PostgreSQL server binaries not found (apt-get install postgresql)"; exit 77; }
PG_DIR=
PG_AS=
pg_run() { # command... as the server's user
	if [ -n "$PG_AS" ]; then runuser -u "$PG_AS" -- "$@"; else "$@"; fi
}
pg_start() {
	PG_DIR=$(mktemp -d /tmp/layoutd-pg.XXXXXX)
	if [ "$(id -u)" = 0 ]; then
		if getent passwd postgres >/dev/null; then PG_AS=postgres; else PG_AS=nobody; fi
		chown "$PG_AS" "$PG_DIR"
		chmod 755 "$PG_DIR"
	fi
	pg_run "$PG_BIN/initdb" -D "$PG_DIR/data" -A trust -U layoutd -E UTF8 --no-sync >"$PG_DIR/initdb.log" 2>&1 \
		|| { echo "initdb failed"; cat "$PG_DIR/initdb.log"; exit 1; }
	pg_start_again
	PG_ADMIN="postgresql:///postgres?host=$PG_DIR&user=layoutd"
}
pg_start_again() {
	pg_run "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 \
		-o "-k $PG_DIR -c listen_addresses= -c fsync=on -c max_connections=200" start >/dev/null \
		|| { echo "PostgreSQL did not start"; cat "$PG_DIR/server.log"; exit 1; }
}
pg_stop() {
	[ -n "$PG_DIR" ] && [ -f "$PG_DIR/data/postmaster.pid" ] && pg_run "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >/dev/null 2>&1
	return 0
}
pg_cleanup() { pg_stop; [ -n "$PG_DIR" ] && rm -rf "$PG_DIR"; PG_DIR=; }
pg_newdb() {
	"$PG_BIN/psql" -q -X -d "$PG_ADMIN" -c "CREATE DATABASE \"$1\"" >/dev/null || exit 1
	echo "postgresql:///$1?host=$PG_DIR&user=layoutd"
}
