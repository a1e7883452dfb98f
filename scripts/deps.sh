#!/bin/sh
# Install the Debian 12 packages layoutd builds and tests with.
set -eu
# What building and serving need: the compiler and Autotools, and the
# libraries configure requires (libpq-dev for the PostgreSQL backend,
# libcunit1-dev for the unit suites configure looks for).
SERVE="build-essential autoconf automake libtool pkg-config
       libjansson-dev libsqlite3-dev libmicrohttpd-dev libcunit1-dev nettle-dev
       libcurl4-openssl-dev libpq-dev ca-certificates"
# What the tests add: command-line tools the suites drive, nginx and openssl
# for the TLS CI job, xmllint for the JUnit schema, python3 for the
# reference scripts, and a PostgreSQL server for the PostgreSQL backend's
# tests (tests/postgres.sh starts its own, on a scratch directory).
TEST="curl jq procps sqlite3 nginx openssl libxml2-utils python3 postgresql"
# usage: scripts/deps.sh [serve]  (serve: only what building and serving need)
case "${1:-all}" in
serve) PKGS=$SERVE ;;
all) PKGS="$SERVE $TEST" ;;
*) echo "usage: scripts/deps.sh [serve]" >&2; exit 2 ;;
esac
missing=""
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
echo "installing:$missing"
$SUDO apt-get update -q
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends $missing
