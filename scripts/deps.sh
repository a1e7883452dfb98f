#!/bin/sh
# Install the Debian 12 packages layoutd builds and tests with.
set -eu
PKGS="build-essential autoconf automake libtool pkg-config
      libjansson-dev libsqlite3-dev libmicrohttpd-dev libcunit1-dev nettle-dev
      libcurl4-openssl-dev ca-certificates curl jq procps sqlite3
      nginx openssl libxml2-utils python3 python3-h11
      libpq-dev postgresql"
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
