#!/bin/sh
# Static checks of the deployment files (deploy/, doc/layoutd.8): the man
# page formats without warnings, the systemd unit keeps its user, state
# directory and sandbox (and passes systemd-analyze verify where that
# exists), the Containerfile keeps its two stages, nginx.conf matches
# layoutd's body limit and address.  Starts no daemon.  Checks whose tool
# is absent are skipped; exit 77 when grep or sed is missing.
# shellcheck disable=SC2015 # "A && B || fail": fail runs when A or B fails
command -v grep >/dev/null 2>&1 && command -v sed >/dev/null 2>&1 || exit 77
cd "${srcdir:-.}" || exit 99

unit=deploy/layoutd.service
cf=deploy/Containerfile
ngx=deploy/nginx.conf
man=doc/layoutd.8
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }
# has FILE REGEX: an uncommented line of FILE matches REGEX
has() { sed 's/^[[:space:]]*#.*//' "$1" | grep -Eq -- "$2"; }
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT

for f in $unit $cf $ngx $man; do
	[ -f "$f" ] || { fail "$f is missing"; }
done
[ "$fails" -eq 0 ] || exit 1

# --- man page --------------------------------------------------------
if command -v groff >/dev/null 2>&1; then
	if groff -man -Tutf8 -ww -z "$man" >"$tmp/groff" 2>&1 && [ ! -s "$tmp/groff" ]; then
		ok "groff -man -ww: no warnings"
	else fail "groff -man -ww on $man:"; cat "$tmp/groff"; fi
else
	echo "skip: groff absent"
fi
for s in NAME SYNOPSIS DESCRIPTION OPTIONS "EXIT STATUS" SIGNALS FILES EXAMPLES "SEE ALSO"; do
	grep -q "^\.SH \"*$s\"*\$" "$man" || fail "$man has no $s section"
done
# every serve flag of usage() is documented
for flag in listen port-file db threads max-body max-points timeout max-connections \
	max-per-ip cache-entries drain cors-origin log-format header-timeout body-timeout \
	workers queue deadline memory-budget; do
	pat=$(printf '%s' "$flag" | sed 's/-/\\\\-/g')
	grep -Eq "^\.B[IR] \\\\-\\\\-$pat( |\$)" "$man" || fail "$man does not document --$flag"
done

# --- systemd unit ----------------------------------------------------
has $unit '^ExecStart=/usr/local/bin/layoutd serve --listen 127\.0\.0\.1:8080 --db /var/lib/layoutd/layoutd\.db( |$)' ||
	fail "$unit: ExecStart is not /usr/local/bin/layoutd serve --listen 127.0.0.1:8080 --db /var/lib/layoutd/layoutd.db"
has $unit '^(DynamicUser=yes|User=[a-z])' || fail "$unit: no DynamicUser=yes or User="
for kv in StateDirectory=layoutd NoNewPrivileges=yes ProtectSystem=strict \
	ProtectHome=yes PrivateTmp=yes PrivateDevices=yes Restart=on-failure \
	KillSignal=SIGTERM 'CapabilityBoundingSet=$' UMask=0077 \
	'SystemCallFilter=@system-service' 'RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX$'; do
	has $unit "^$kv" || fail "$unit: no $kv"
done
# the stop timeout outlasts the drain (--drain, else the default 30 s)
drain=$(sed -n 's/^ExecStart=.*--drain \([0-9]*\).*/\1/p' $unit)
stop=$(sed -n 's/^TimeoutStopSec=\([0-9]*\)s*$/\1/p' $unit)
[ -n "$stop" ] && [ "$stop" -gt "${drain:-30}" ] ||
	fail "$unit: TimeoutStopSec (${stop:-unset}) must exceed the drain (${drain:-30} s)"
if command -v systemd-analyze >/dev/null 2>&1 && [ -n "${LAYOUTD:-}" ] && [ -x "$LAYOUTD" ]; then
	# verify wants an executable ExecStart and the Documentation= man page
	mkdir -p "$tmp/man/man8"
	cp "$man" "$tmp/man/man8/"
	sed "s|/usr/local/bin/layoutd|$LAYOUTD|" $unit >"$tmp/layoutd.service"
	if (cd "$tmp" && MANPATH="$tmp/man" systemd-analyze verify ./layoutd.service) >"$tmp/verify" 2>&1 &&
		[ ! -s "$tmp/verify" ]; then ok "systemd-analyze verify"
	else fail "systemd-analyze verify $unit:"; cat "$tmp/verify"; fi
else
	echo "skip: systemd-analyze verify (needs systemd-analyze and \$LAYOUTD, the built binary)"
fi

# --- Containerfile ---------------------------------------------------
[ "$(grep -c '^FROM ' $cf)" -eq 2 ] || fail "$cf: not two stages"
has $cf '^FROM debian:12 AS build$' || fail "$cf: no build stage FROM debian:12 AS build"
has $cf '^FROM debian:12-slim$' || fail "$cf: no runtime stage FROM debian:12-slim"
has $cf 'make check' || fail "$cf: the build stage does not run make check"
has $cf 'make install DESTDIR=/out' || fail "$cf: no make install DESTDIR=/out"
has $cf '^COPY --from=build /out/ /$' || fail "$cf: runtime does not copy /out"
has $cf '^USER ' && ! has $cf '^USER (0|root)([: ]|$)' || fail "$cf: no non-root USER"
has $cf '^VOLUME /var/lib/layoutd$' || fail "$cf: no VOLUME /var/lib/layoutd"
has $cf '^EXPOSE 8080$' || fail "$cf: no EXPOSE 8080"
has $cf '^ENTRYPOINT \["layoutd", "serve", "--listen", "0\.0\.0\.0:8080", "--db", "/var/lib/layoutd/layoutd\.db"\]$' ||
	fail "$cf: ENTRYPOINT is not layoutd serve on 0.0.0.0:8080 with the volume's database"

# --- nginx -----------------------------------------------------------
# layoutd's default body limit, from the source: #define ... (1u << 20)
expr=$(sed -n 's/^#define HTTP_DEFAULT_MAX_BODY[[:space:]]*\([^/]*\).*/\1/p' src/http/http.h |
	sed 's/\([0-9]\)[uU][lL]*/\1/g')
limit=
# only digits, spaces, parentheses and << reach the arithmetic
# shellcheck disable=SC2004
case $expr in *[0-9]*) case $expr in *[!0-9\ \(\)\<]*) ;; *) limit=$(($expr)) ;; esac ;; esac
size=$(sed -n 's/^[[:space:]]*client_max_body_size[[:space:]]*\([0-9][0-9]*[kKmM]*\);.*/\1/p' $ngx)
case $size in
*[mM]) bytes=$((${size%?} * 1048576)) ;;
*[kK]) bytes=$((${size%?} * 1024)) ;;
[0-9]*) bytes=$size ;;
*) bytes= ;;
esac
[ -n "$limit" ] && [ "$bytes" = "$limit" ] ||
	fail "$ngx: client_max_body_size ${size:-unset} (${bytes:-?} bytes) is not layoutd's --max-body default (${limit:-?})"
grep -q "$limit" "$man" || fail "$man does not give the --max-body default $limit"
targets=$(sed -n 's/^[[:space:]]*proxy_pass[[:space:]]*\([^;]*\);.*/\1/p' $ngx | sort -u)
[ "$targets" = "http://127.0.0.1:8080" ] || fail "$ngx: proxy_pass targets '$targets', not http://127.0.0.1:8080"
has $ngx 'listen 443 ssl' || fail "$ngx: no listen 443 ssl"
has $ngx 'ssl_protocols TLSv1\.2 TLSv1\.3;' || fail "$ngx: ssl_protocols is not TLSv1.2 TLSv1.3"
has $ngx 'Strict-Transport-Security' || fail "$ngx: no HSTS"
has $ngx 'X-Forwarded-For' || fail "$ngx: no X-Forwarded-For"
has $ngx 'proxy_buffering off' || fail "$ngx: tables are buffered"
# behind nginx every connection comes from 127.0.0.1: the unit raises
# --max-per-ip to the value nginx.conf asks for, at least --max-connections
unit_ip=$(sed -n 's/^ExecStart=.*--max-per-ip \([0-9]*\).*/\1/p' $unit)
ngx_ip=$(sed -n 's/.*--max-per-ip \([0-9][0-9]*\).*/\1/p' $ngx | head -1)
conns=$(sed -n 's/^#define HTTP_DEFAULT_MAX_CONNS[[:space:]]*\([0-9]*\).*/\1/p' src/http/http.h)
[ -n "$unit_ip" ] && [ "$unit_ip" = "$ngx_ip" ] && [ "$unit_ip" -ge "${conns:-0}" ] &&
	ok "$unit: --max-per-ip $unit_ip, as $ngx asks" ||
	fail "$unit: --max-per-ip '${unit_ip:-unset}' does not agree with $ngx (${ngx_ip:-unset}, at least --max-connections ${conns:-?})"

[ "$fails" -eq 0 ] && echo "deploy: all checks passed" && exit 0
echo "deploy: $fails check(s) failed"
exit 1
