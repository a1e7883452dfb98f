#!/bin/sh
# The API document passes two independent tools: @redocly/cli lint with its
# recommended rules (zero errors) and @apidevtools/swagger-parser
# validation, both pinned in tests/browser/package-lock.json (installed by
# scripts/browser-deps.sh).  Skips (77) when they are not installed, unless
# LAYOUTD_TOOLS_REQUIRED=1.
set -u
. "$(dirname "$0")/once.sh"
srcdir=${srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
S=$(cd "$srcdir" && pwd)
NM=${LAYOUTD_NODE_MODULES:-$S/tests/browser/node_modules}
DOC=$S/schema/openapi.json
if [ ! -x "$NM/.bin/redocly" ] || [ ! -d "$NM/@apidevtools/swagger-parser" ] || ! command -v node >/dev/null 2>&1; then
	if [ "${LAYOUTD_TOOLS_REQUIRED:-0}" = 1 ]; then
		echo "FAIL: @redocly/cli or swagger-parser is not installed in $NM (scripts/browser-deps.sh)"
		exit 1
	fi
	echo "SKIP: @redocly/cli or swagger-parser is not installed in $NM (scripts/browser-deps.sh)"
	exit 77
fi
fail=0
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# no telemetry, no update check: the tests never leave the machine
export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true
if HOME=$T "$NM/.bin/redocly" lint --extends=recommended --format=stylish "$DOC" >"$T/out" 2>&1; then
	echo "ok   redocly lint (recommended): no errors"
else
	echo "FAIL redocly lint (recommended):"
	grep -E "error|warning" "$T/out"
	fail=1
fi
grep -E "^ +[0-9]+:[0-9]+ +warning" "$T/out" | sed 's/^/     warning: /'
if out=$(NODE_PATH=$NM node "$S/tests/validate.cjs" openapi "$DOC" 2>&1); then
	echo "ok   swagger-parser validates the document"
else
	echo "FAIL swagger-parser: $out"
	fail=1
fi
# the checker must notice a broken document (the tools are really run)
jq '.paths["/v1/check"].post.responses["422"].content["application/json"].schema = {"$ref": "#/components/schemas/Nope"}' "$DOC" >"$T/broken.json" 2>/dev/null &&
	if NODE_PATH=$NM node "$S/tests/validate.cjs" openapi "$T/broken.json" >/dev/null 2>&1; then
		echo "FAIL swagger-parser accepted a dangling \$ref"
		fail=1
	else
		echo "ok   swagger-parser rejects a dangling \$ref"
	fi
exit $fail
