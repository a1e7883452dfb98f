#!/bin/sh
# The request framing machine against h11 (tests/framing_h11.py) over
# thousands of generated requests.  Needs Debian's python3-h11 (77 = skip).
set -u
FC=${FRAMING_CHECK:?}
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
"$PY" -c 'import h11' 2>/dev/null || { echo "python3-h11 missing"; exit 77; }
exec "$PY" "$(dirname "$0")/framing_h11.py" "$FC" "${FRAMING_CASES:-4000}" "${FRAMING_SEED:-21}"
