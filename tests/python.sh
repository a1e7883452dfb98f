#!/bin/sh
# The Python client (clients/python) installed the way a user installs it --
# pip, offline, into a scratch directory -- and its unittest suite run from
# that installation against a real daemon it starts itself.  Skips (77)
# without python3 >= 3.8 or pip.
set -u
. "$(dirname "$0")/once.sh"
L=${LAYOUTD:?}
S=$(cd "$(dirname "$0")/.." && pwd)
command -v python3 >/dev/null 2>&1 || { echo "python3 missing"; exit 77; }
python3 -c 'import sys; sys.exit(sys.version_info < (3, 8))' || { echo "python3 < 3.8"; exit 77; }
python3 -m pip --version >/dev/null 2>&1 || { echo "pip missing"; exit 77; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# pip builds in place; build from a copy so the source tree stays clean
cp -R "$S/clients/python" "$T/src"
rm -rf "$T/src/__pycache__" "$T/src/layoutd/__pycache__"
if ! PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1 python3 -m pip install --quiet \
	--root-user-action=ignore --target "$T/site" "$T/src" >"$T/pip.log" 2>&1; then
	echo "FAIL pip install ./clients/python"
	cat "$T/pip.log"
	exit 1
fi
echo "ok   pip install ./clients/python (offline)"
[ -f "$T/site/layoutd/__init__.py" ] || { echo "FAIL the wheel holds no layoutd package"; exit 1; }
L=$(cd "$(dirname "$L")" && pwd)/$(basename "$L")
cd "$T" || exit 99
LAYOUTD="$L" LAYOUTD_KERNEL_MLIR="$S/tests/lint/gluon-bank-conflicts.mlir" PYTHONPATH="$T/site" PYTHONDONTWRITEBYTECODE=1 \
	python3 -m unittest discover -v -s "$T/src/tests" -t "$T/src/tests" 2>&1
