#!/bin/sh
# The Python client (clients/python) installed the way a user installs it --
# pip, offline, into a scratch directory -- and its unittest suite run from
# that installation against a real daemon it starts itself (clients/python/tests/server.py),
# and over https through the shipped deploy/nginx.conf with a certificate
# from a throwaway CA (LAYOUTD_TLS_URL, LAYOUTD_TLS_CA, LAYOUTD_TLS_TOKEN).
# Skips (77) without python3 >= 3.8 or pip; without nginx or openssl only
# the TLS tests skip, unless LAYOUTD_TOOLS_REQUIRED=1.
set -u
. "$(dirname "$0")/once.sh"
command -v python3 >/dev/null 2>&1 || { echo "python3 missing"; exit 77; }
python3 -c 'import sys; sys.exit(sys.version_info < (3, 8))' || { echo "python3 < 3.8"; exit 77; }
python3 -m pip --version >/dev/null 2>&1 || { echo "pip missing"; exit 77; }
. "$(dirname "$0")/lib.sh"
S=$(cd "$(dirname "$0")/.." && pwd)
# pip builds in place; build from a copy so the source tree stays clean
cp -R "$S/clients/python" "$T/src"
rm -rf "$T/src/__pycache__" "$T/src/layoutd/__pycache__" "$T/src/tests/__pycache__"
if ! PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1 python3 -m pip install --quiet \
	--root-user-action=ignore --target "$T/site" "$T/src" >"$T/pip.log" 2>&1; then
	echo "FAIL pip install ./clients/python"
	cat "$T/pip.log"
	exit 1
fi
echo "ok   pip install ./clients/python (offline)"
[ -f "$T/site/layoutd/__init__.py" ] || { echo "FAIL the wheel holds no layoutd package"; exit 1; }
L=$(cd "$(dirname "$L")" && pwd)/$(basename "$L")

# --- https: the shipped nginx site in front of a second daemon ----------
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
NPID=
TLS_URL= TLS_TOKEN=
if [ -x "$NGINX" ] && command -v openssl >/dev/null 2>&1; then
	tls_ca
	TLS_TOKEN=$("$L" token add tls --db "$DB" | awk 'END { print $NF }')
	start
	trap '[ -n "$NPID" ] && kill "$NPID" 2>/dev/null; cleanup' EXIT
	nginx_up shipped_site
	TLS_URL="https://localhost:$NPORT"
	echo "ok   nginx terminates TLS on $TLS_URL"
elif [ "${LAYOUTD_TOOLS_REQUIRED:-0}" = 1 ]; then
	echo "FAIL: nginx or openssl is missing (scripts/deps.sh installs them)"
	exit 1
else
	echo "SKIP the TLS tests: nginx or openssl is missing"
fi

cd "$T" || exit 99
LAYOUTD="$L" LAYOUTD_KERNEL_MLIR="$S/tests/lint/gluon-bank-conflicts.mlir" \
	LAYOUTD_SOURCE="$S" LAYOUTD_TLS_URL="$TLS_URL" LAYOUTD_TLS_CA="$T/ca.pem" LAYOUTD_TLS_TOKEN="$TLS_TOKEN" \
	PYTHONPATH="$T/site" PYTHONDONTWRITEBYTECODE=1 \
	python3 -m unittest discover -v -s "$T/src/tests" -t "$T/src/tests" 2>&1
