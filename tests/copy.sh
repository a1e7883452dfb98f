#!/bin/sh
# The copy section through the daemon and the CLI: /v1/analyze answers,
# /v1/check is 422 when a named instruction cannot move the tile or a TMA
# layout differs under expect.copy_matches_layout, located TMA errors,
# the cache never answering a copy request, and `layoutd check` exit codes,
# text and the CI formats.  Needs curl and jq.
set -u
. "$(dirname "$0")/lib.sh"

A="$G/copy-triton-dot-a-mmav2-16x16-unswizzled-ldmatrix/request.json"
BAD="$G/copy-cutlass-sm75-u32x4-ldsm-n-as-trans/request.json"
TMA="$G/copy-tma-f16-128x64-sw128-cute/request.json"
DIFF="$G/copy-tma-f16-128x64-sw128-vs-unswizzled-layout/request.json"
STRIDE="$G/bad-copy-tma-stride-not-16-bytes/request.json"
start

req "analyze: ldmatrix auto" 200 --data-binary "@$A" "$U/v1/analyze"
jqt "x4 by its PTX name, once" '.copy.instruction == "ldmatrix.sync.aligned.m8n8.x4.shared.b16" and .copy.count == 1 and .copy.legal == true and (.copy.candidates|length) == 6'
jqt "the trans variants say why, at a lane and element" '[.copy.candidates[] | select(.legal == false) | .why.lane] == [0,0,0] and .copy.candidates[3].why.element == [0,1]'
req "check: a named instruction that cannot is 422" 422 --data-binary "@$BAD" "$U/v1/check"
jqt "ok false, copy ok false" '.ok == false and .copy.ok == false and .copy.legal == false'
req "analyze: the same is answered with 200" 200 --data-binary "@$BAD" "$U/v1/analyze"
req "check: TMA matches its layout" 200 --data-binary "@$TMA" "$U/v1/check"
jqt "writes, boxes, bytes" '.copy.matches_layout == true and .copy.boxes == 1 and .copy.bytes_per_box == 16384 and .copy.shared_align == 1024'
req "check: TMA differs from an unswizzled layout: 422" 422 --data-binary "@$DIFF" "$U/v1/check"
jqt "the first difference, both places" '.copy.differences.examples[0] == {"logical":[1,0],"layout":64,"tma":72}'
req "a broken descriptor rule is a located error" 422 --data-binary "@$STRIDE" "$U/v1/analyze"
jqt "at the stride" '.pointer == "/copy/global/strides/1"'
TST="$G/copy-tma-f32-128x128-store-bulk-group/request.json"
req "check: a TMA store" 200 --data-binary "@$TST" "$U/v1/check"
jqt "names the store instruction" '.copy.op == "store" and .copy.instruction == "cp.async.bulk.tensor.2d.global.shared::cta.bulk_group"'
req "check: a TMA load by default" 200 --data-binary "@$TMA" "$U/v1/check"
jqt "names the load instruction" '.copy.op == "load" and (.copy.instruction | startswith("cp.async.bulk.tensor.2d.shared::cluster.global"))'
FP8="$G/copy-triton-hopper-linear-64x16-fp8-stmatrix-x2/request.json"
req "stmatrix of fp8: .x2, packed four to a register" 200 --data-binary "@$FP8" "$U/v1/check"
jqt "no .trans for 8-bit elements, said as such" '[.copy.candidates[] | select(.instruction | test("trans")) | .why.message | test("16-bit")] == [true,true,true]'
# the cache holds the layout's analysis, never a copy
jq -c '{layout}' "$A" > "$T/plain.json"
req "plain analysis of the same layout" 200 --data-binary "@$T/plain.json" "$U/v1/analyze"
req "the copy request again" 200 --data-binary "@$A" "$U/v1/analyze"
jqt "not from the cache, and with copy" '.cached == false and .copy.count == 1'
if grep -qi '^x-cache: hit' "$T/hdr"; then bad "copy answered from the cache"; else ok "copy is a miss"; fi
req "plain again: a hit without copy" 200 --data-binary "@$T/plain.json" "$U/v1/analyze"
jqt "no copy in the cached analysis" '.copy == null'
jq -c '.expect = {"copy_legal": true}' "$T/plain.json" > "$T/nocopy.json"
req "expect.copy_legal without copy: located error, even when cached" 422 --data-binary "@$T/nocopy.json" "$U/v1/analyze"
jqt "at the expectation" '.pointer == "/expect/copy_legal"'
stop

# ---- the CLI
clicheck() { # name want args...
	name=$1 want=$2
	shift 2
	"$L" "$@" >"$T/out" 2>"$T/err"
	got=$?
	if [ "$got" = "$want" ]; then ok "$name (exit $got)"; else bad "$name: exit $got, expected $want"; cat "$T/out" "$T/err"; fi
}
has() { if grep -qF -- "$2" "$T/out"; then ok "$1"; else bad "$1: output lacks $2"; cat "$T/out"; fi; }
clicheck "cli: legal" 0 check "$A"
has "text names the instruction" "copy         ldmatrix.sync.aligned.m8n8.x4.shared.b16, 1 per warp"
clicheck "cli: named and illegal" 1 check "$BAD"
has "text says why" "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 cannot move the tile: row 1 of matrix 0"
clicheck "cli: TMA difference fails with expect" 1 check "$DIFF"
has "text shows what TMA writes" "tma writes   Sw<3,4,3> o smem_ptr[16b](unset) o (_128,_64):(_64,_1)"
has "and the first difference" "[1,0] at 64, TMA writes 72"
clicheck "cli: broken rule is exit 2" 2 check "$STRIDE"
clicheck "cli: TMA over 2 CTAs" 0 check "$G/copy-tma-f16-256x16-sw32-cga-split-m-per-cta/request.json"
has "text says the boxes are each CTA's" "1 box of 4096 bytes in each CTA, swizzle 32B"
clicheck "cli: TMA store" 0 check "$TST"
has "text names the store" "cp.async.bulk.tensor.2d.global.shared::cta.bulk_group: 1 box of 65536 bytes"
for fmt in github junit sarif; do
	clicheck "cli --format $fmt" 1 check --format "$fmt" "$BAD"
	has "$fmt carries the copy reason" "cannot move the tile"
done
clicheck "cli --format sarif rule" 1 check --format sarif "$BAD"
has "sarif rule id" '"ruleId": "copy"'
exit $fail
