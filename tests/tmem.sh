#!/bin/sh
# Tensor memory through the daemon and the CLI: /v1/check answers 422 for a
# layout that breaks the sub-partition rule, also from the cache; a
# "tmem": {"match": true} request is answered fresh and its match never
# reaches the cached analysis; tmem errors are located; `layoutd check`
# exits 1 on a layout past 512 columns.  Needs curl and jq.
set -u
. "$(dirname "$0")/lib.sh"

VIOL="$G/tmem-subpartition-all-warps-lane0-violation/request.json"
MATCH="$G/tmem-match-expr-16x256b/request.json"
start

req "check: every warp at lanes 0..31: 422" 422 --data-binary "@$VIOL" "$U/v1/check"
jqt "the violations" '.ok == false and .tmem.subpartitions.violations == 768 and .tmem.subpartitions.examples[0].warp == 1'
req "check again, from the cache: still 422" 422 --data-binary "@$VIOL" "$U/v1/check"
grep -qi '^x-cache: hit' "$T/hdr" && ok "answered from the cache" || bad "not a cache hit"
jq -c '.expect = {"bijective": false}' "$VIOL" > "$T/viol-expect.json"
req "check with a passing expectation: still 422" 422 --data-binary "@$T/viol-expect.json" "$U/v1/check"
jqt "expectations pass, the layout does not" '.expect.passed == true and .ok == false'

req "analyze with tmem.match" 200 --data-binary "@$MATCH" "$U/v1/analyze"
jqt "the 16x256b atoms" '.tmem.match.atoms == ["SM100_TMEM_LOAD_16dp256b1x","SM100_TMEM_STORE_16dp256b1x"]'
req "match again: answered fresh" 200 --data-binary "@$MATCH" "$U/v1/analyze"
grep -qi '^x-cache: miss' "$T/hdr" && ok "a match is never a cache hit" || bad "match from the cache"
jq -c '{layout}' "$MATCH" > "$T/plain.json"
req "the same layout without match" 200 --data-binary "@$T/plain.json" "$U/v1/analyze"
jqt "no match in the cached analysis" '.tmem.match == null and .tmem.ok == true'

jq -c '.tmem = {"match": "yes"}' "$MATCH" > "$T/bad.json"
req "tmem.match not a boolean: 422" 422 --data-binary "@$T/bad.json" "$U/v1/analyze"
jqt "located" '.pointer == "/tmem/match" and .code == "schema"'
stop

# a copy atom is judged on the TMEM cells it touches: no holes, bijective,
# no warning; a copy that puts two elements in one cell still fails
echo SM100_TMEM_LOAD_16dp256b1x | "$L" check - > "$T/out" 2>&1
rc=$?
if [ $rc = 0 ] && grep -q 'hole_free=yes bijective=yes' "$T/out" &&
	grep -q ': 128 points (the TMEM cells: TLane x TCol)' "$T/out" &&
	! grep -q '^  holes' "$T/out" && ! grep -qi 'warning' "$T/out"; then
	ok "layoutd check SM100_TMEM_LOAD_16dp256b1x: bijective on its 128 cells"
else
	bad "the 16dp256b1x atom: exit $rc"; cat "$T/out"
fi
echo SM100_TMEM_STORE_32dp32b4x_16b | "$L" check --json - > "$T/out" 2>&1
jq -e '.ok and .verdict.bijective and .holes.count == 0 and .warnings == [] and
	.physical.codomain == ["TLane", "TCol"]' "$T/out" > /dev/null &&
	ok "a _16b atom as JSON: bijective, no holes, no warning" ||
	{ bad "the 32dp32b4x_16b atom as JSON"; cat "$T/out"; }
printf '%s' '{"layout": {"logical": [32, 4], "expr": {"thread": "i", "value": "j", "TLane": "i % 16", "TCol": "j"}}}' > "$T/broken.json"
"$L" check "$T/broken.json" > "$T/out" 2>&1
rc=$?
if [ $rc = 1 ] && grep -q 'FAIL - not collision_free' "$T/out" &&
	grep -q 'collisions   64: TLane=0 TCol=0 holds' "$T/out"; then
	ok "a copy with two elements a cell fails, located on the cell"
else
	bad "the broken copy: exit $rc"; cat "$T/out"
fi

"$L" check "$G/tmem-columns-past-512/request.json" > "$T/out" 2>&1
rc=$?
if [ $rc = 1 ] && grep -q '640 columns, past the 512' "$T/out"; then
	ok "layoutd check: exit 1 past 512 columns, with the reason"
else
	bad "layoutd check past 512 columns: exit $rc"; cat "$T/out"
fi
exit $fail
