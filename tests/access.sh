#!/bin/sh
# The access analysis through the daemon and the CLI: /v1/analyze and
# /v1/check (422 when bank_conflicts or vector_bits fail), the cache never
# answering an access request, a registry PUT refused on a failing access
# expectation and keeping the counts when it passes, the swizzle suggestion
# re-analysed as a layout, located errors, and `layoutd check` exit codes.
# Needs curl and jq.
set -u
. "$(dirname "$0")/lib.sh"

COL="$G/access-fp32-column-unswizzled-32way/request.json"
FREE="$G/access-cute-sw128-f16-ldmatrix-columns/request.json"
start

# ---- analyze and check
req "analyze: the 32-way column read" 200 --data-binary "@$COL" "$U/v1/analyze"
jqt "counts" '.access.bank_conflicts == 31 and .access.max_ways == 32 and .access.analytic == 31 and .access.wavefronts == 1024 and .access.ideal_wavefronts == 32 and .ok == true'
jqt "the bank view shows 32 banks, bank 0 with 32 words" '(.access.view.banks|length) == 32 and (.access.view.banks[0].words|length) == 32 and .access.view.conflicting_banks == [0]'
jqt "an example in the request's coordinates" '.access.examples[0].bank == 0 and .access.examples[0].words[1].accesses[0].logical == [1,0] and .access.examples[0].words[1].accesses[0].place == {"laneid":1,"register":0}'
jq -c '.expect = {"bank_conflicts": 0}' "$COL" > "$T/col0.json"
req "check: bank_conflicts 0 expected, 31 found: 422" 422 --data-binary "@$T/col0.json" "$U/v1/check"
jqt "the failure names the field" '.ok == false and .expect.failures == [{"field":"bank_conflicts","expected":0,"actual":31}]'
req "check: a conflict-free swizzled atom passes" 200 --data-binary "@$FREE" "$U/v1/check"
jqt "0 conflicts, 128-bit vectors" '.access.bank_conflicts == 0 and .access.vector.bits == 128 and .expect.passed == true'
jq -c '.expect = {"vector_bits": 64}' "$FREE" > "$T/vb.json"
req "check: vector_bits 64 expected, 128 found: 422" 422 --data-binary "@$T/vb.json" "$U/v1/check"

# ---- the cache keeps the layout's analysis, never an access
jq -c '{layout}' "$COL" > "$T/plain.json"
req "plain analysis of the same layout" 200 --data-binary "@$T/plain.json" "$U/v1/analyze"
req "plain again: a cache hit without access" 200 --data-binary "@$T/plain.json" "$U/v1/analyze"
hdr "hit" '^x-cache: hit'
jqt "no access member" 'has("access") | not'
req "with access after the hit: computed" 200 --data-binary "@$COL" "$U/v1/analyze"
hdr "miss" '^x-cache: miss'
jqt "access present" '.access.bank_conflicts == 31'

# ---- suggestion: the printed linear layout is conflict-free on its own
jq -c '. + {suggest: "swizzle"}' "$COL" > "$T/sug.json"
req "suggest swizzle" 200 --data-binary "@$T/sug.json" "$U/v1/analyze"
jqt "Sw<5,0,5>, verified" '.access.suggestion.swizzle == "Sw<5,0,5>" and .access.suggestion.conflict_free == true and .access.suggestion.verified.bank_conflicts == 0'
jqt "written in the layout's own notation" '.access.suggestion.written.expr.offset == "(i * 32 + j) ^ ((((i * 32 + j) >> 5) & 31) << 0)"'
jq -c --slurpfile s "$T/body" '.layout = $s[0].access.suggestion.layout | del(.suggest) | .expect = {"bank_conflicts": 0}' "$COL" > "$T/applied.json"
req "the suggested layout, sent back: check passes" 200 --data-binary "@$T/applied.json" "$U/v1/check"
jqt "0 conflicts" '.access.bank_conflicts == 0 and .access.max_ways == 1'

# ---- registry
req "PUT with a failing access expectation: refused" 422 -X PUT --data-binary "@$T/col0.json" "$U/v1/layouts/colread"
jqt "expect_failed with the access" '.code == "expect_failed" and .analysis.access.bank_conflicts == 31'
req "PUT with a passing access expectation" 201 -X PUT --data-binary "@$FREE" "$U/v1/layouts/sw128"
jqt "the summary keeps the counts, not the detail" '.analysis.access.bank_conflicts == 0 and .analysis.access.vector.bits == 128 and (.analysis.access|has("view")|not)'

# ---- located errors
req "expect.bank_conflicts without access" 422 --data-binary '{"layout":{"logical":[4],"expr":{"m":"i"}},"expect":{"bank_conflicts":0}}' "$U/v1/analyze"
jqt "pointer" '.code == "schema" and .pointer == "/expect/bank_conflicts"'
req "suggest without access" 422 --data-binary '{"layout":{"logical":[4],"expr":{"m":"i"}},"suggest":"swizzle"}' "$U/v1/analyze"
jqt "pointer" '.pointer == "/suggest"'
req "show outside the instructions" 422 --data-binary "$(jq -c '.access.show = {"instruction": 32}' "$COL")" "$U/v1/analyze"
jqt "pointer" '.code == "out_of_range" and .pointer == "/access/show/instruction"'
req "unknown access member" 422 --data-binary "$(jq -c '.access.lanes = 32' "$COL")" "$U/v1/analyze"
jqt "pointer" '.code == "schema" and .pointer == "/access/lanes"'
req "two elements in one register" 422 --data-binary '{"layout":{"logical":[2,2],"expr":{"offset":"i*2+j"}},"access":{"threads":{"logical":[2,2],"expr":{"laneid":"i","register":"0"}},"element_bits":32}}' "$U/v1/analyze"
jqt "pointer" '.code == "schema" and .pointer == "/access/threads"'
req "a layout element without offset" 422 --data-binary '{"layout":{"logical":[2,2],"table":[[[0,0],{"offset":0}],[[0,1],{"offset":1}],[[1,0],{"offset":2}]]},"access":{"threads":{"logical":[2,2],"expr":{"laneid":"i*2+j"}},"element_bits":32}}' "$U/v1/analyze"
jqt "pointer" '.pointer == "/layout"'
TT="$G/access-ttgir-dump-element-bits-from-types/request.json"
req "element_bits from the TTGIR types" 200 --data-binary "@$TT" "$U/v1/check"
jqt "16 bits, 3 conflicts" '.access.element_bits == 16 and .access.bank_conflicts == 3 and .access.warnings == []'
req "an element_bits that contradicts the types" 200 --data-binary "$(jq -c '.access.element_bits = 32 | del(.expect)' "$TT")" "$U/v1/analyze"
jqt "kept, with a warning" '.access.element_bits == 32 and (.access.warnings | map(.code)) == ["element_bits_differs"]'
# ---- targets, global memory, conversions
GX="$G/access-gfx942-op-matters-128bit-store/request.json"
req "gfx942: a 128-bit store in groups of 8 lanes" 200 --data-binary "@$GX" "$U/v1/analyze"
jqt "2-way, target echoed" '.access.target == "gfx942" and .access.bank_conflicts == 1 and .access.max_ways == 2 and .access.lanes_per_wavefront == 8'
req "gfx942: the same layouts loaded" 200 --data-binary "$(jq -c '.access.op = "load"' "$GX")" "$U/v1/analyze"
jqt "conflict-free read phases" '.access.bank_conflicts == 0 and (.access.view.phase_lanes | length) == 8'
MIS="$G/access-global-f32-misaligned-fails-efficiency/request.json"
req "global: 80% against a 90% minimum: 422" 422 --data-binary "@$MIS" "$U/v1/check"
jqt "the efficiency failure" '.ok == false and .expect.failures[0].field == "efficiency" and .access.sectors == 5 and .access.worst.sectors == 5'
req "global: a 5-sector maximum holds" 200 --data-binary "$(jq -c '.expect = {"sectors_per_request": 5}' "$MIS")" "$U/v1/check"
CV="$G/convert-triton-blocked-blocked-16x16-shared-memory/request.json"
req "convert through the daemon" 200 --data-binary "@$CV" "$U/v1/analyze"
jqt "shared memory, conflict-free scratch" '.convert.kind == "shared_memory" and .convert.store.bank_conflicts == 0 and .convert.load.bank_conflicts == 0 and (.convert.examples | length) > 0'
req "convert again: never answered from the cache" 200 --data-binary "@$CV" "$U/v1/analyze"
jqt "still classified" '.convert.kind == "shared_memory"'
# a register basis that is a lane's XOR another register's (3 = 1 ^ 2): the
# lane bases agree, yet lane 0 wants element 3, which only lane 1 holds (and
# lane 1 wants 1): a register move cannot do it, and Triton's conversion map
# (invertAndCompose) does not exist for the pair
XR='{"layout": {"linear": {"bases": {"register": [[1]], "lane": [[2], [0], [0], [0], [0]]}, "out": [["dim0", 4]]}}, "convert": {"to": {"linear": {"bases": {"register": [[3]], "lane": [[2], [0], [0], [0], [0]]}, "out": [["dim0", 4]]}}}}'
req "convert: a register basis that mixes in a lane" 200 --data-binary "$XR" "$U/v1/analyze"
jqt "two elements change lane: not a register move" '.convert.kind != "registers" and .convert.kind != "none" and .convert.elements.change_lane == 2'
req "convert between different tiles" 422 --data-binary @"$G/bad-convert-different-tiles/request.json" "$U/v1/analyze"
jqt "pointer" '.code == "shape_mismatch" and .pointer == "/convert/to"'
req "show picks a wavefront" 200 --data-binary "$(jq -c '.access.show = {"instruction": 5}' "$COL")" "$U/v1/analyze"
jqt "instruction 5 in the view" '.access.view.instruction == 5 and .access.view.registers == [5] and .access.view.conflicting_banks == [5]'

# ---- a view: the threads' tile at an origin inside the layout's (worked by
# hand: a 32x32 f32 row-major tile, one lane per row of column 5 reads words
# 5, 37, ... all in bank 5: 32 distinct words in one bank, 31 conflicts)
VIEW='{"layout":{"logical":[32,32],"expr":{"offset":"i*32+j"}},"access":{"threads":{"logical":[32,1],"expr":{"laneid":"i"}},"element_bits":32,"origin":[0,5]}}'
req "a view at origin [0, 5]" 200 --data-binary "$VIEW" "$U/v1/analyze"
jqt "column 5 of the allocation: 32-way" '.access.bank_conflicts == 31 and .access.wavefronts == 32 and .access.ideal_wavefronts == 1 and .access.max_ways == 32'
req "a view without origin: the tiles differ" 422 --data-binary "$(echo "$VIEW" | jq -c 'del(.access.origin)')" "$U/v1/analyze"
jqt "named" '.pointer == "/access/threads" and (.detail | test("covers a \\[32, 1\\] tile"))'
req "an origin past the layout" 422 --data-binary "$(echo "$VIEW" | jq -c '.access.origin = [0, 32]')" "$U/v1/analyze"
jqt "located at the origin" '.pointer == "/access/origin" and (.detail | test("outside the layout"))'
req "an origin of another rank" 422 --data-binary "$(echo "$VIEW" | jq -c '.access.origin = [1]')" "$U/v1/analyze"
jqt "one coordinate per dimension" '.pointer == "/access/origin" and (.detail | test("one per dimension"))'
# the origin decides the vector: two columns at [0, 1] are not 64-bit
# aligned (one 32-bit element per access: 2 instructions of 32 lanes on one
# bank, 64 wavefronts for an ideal 2), at [0, 2] they are (16 lanes a
# wavefront, each on its own word of bank 2: 16-way, 32 for an ideal 2)
V2='{"layout":{"logical":[32,32],"expr":{"offset":"i*32+j"}},"access":{"threads":{"logical":[32,2],"expr":{"laneid":"i","register":"j"}},"element_bits":32,"origin":[0,1]}}'
req "two columns at [0, 1]" 200 --data-binary "$V2" "$U/v1/analyze"
jqt "unaligned: 32-bit accesses" '.access.vector.bits == 32 and .access.wavefronts == 64 and .access.ideal_wavefronts == 2 and .access.bank_conflicts == 31'
req "two columns at [0, 2]" 200 --data-binary "$(echo "$V2" | jq -c '.access.origin = [0, 2]')" "$U/v1/analyze"
jqt "aligned: 64-bit accesses" '.access.vector.bits == 64 and .access.wavefronts == 32 and .access.ideal_wavefronts == 2 and .access.bank_conflicts == 15'
req "suggest on a view" 422 --data-binary "$(echo "$VIEW" | jq -c '.access.suggest = "swizzle"')" "$U/v1/analyze"

# ---- two CTAs, each reading its own shared memory (worked by hand: CTA
# b holds elements 32b..32b+31 at offsets (i % 32) * 32, all in bank 0; each
# CTA's warp reads 32 distinct words of bank 0: 31 conflicts, counted once)
CTA='{"layout":{"logical":[64],"expr":{"offset":"(i % 32) * 32","block":"i // 32"}},"access":{"threads":{"logical":[64],"expr":{"laneid":"i % 32","block":"i // 32"}},"element_bits":32}}'
req "two CTAs alike" 200 --data-binary "$CTA" "$U/v1/analyze"
jqt "CTA 0 counted: 32 wavefronts, ctas 2" '.access.ctas == 2 and .access.instructions == 1 and .access.wavefronts == 32 and .access.ideal_wavefronts == 1 and .access.bank_conflicts == 31'
req "CTA 0's threads reading CTA 1's memory" 422 --data-binary "$(echo "$CTA" | jq -c '.access.threads.expr.block = "1 - i // 32"')" "$U/v1/analyze"
jqt "names the element and why" '(.detail | test("CTA 0.s threads hold element \\(32\\)")) and (.detail | test("trivial over block"))'
stop

# ---- the CLI: exit 1 on a failing access expectation, 0 when it holds
"$L" check "$T/col0.json" > "$T/out" 2>&1
rc=$?
if [ $rc = 1 ] && grep -q "31 bank conflicts" "$T/out" && grep -q "expect       bank_conflicts: expected 0, got 31" "$T/out"; then
	ok "layoutd check: exit 1, the access line and the failure"
else
	bad "layoutd check exit $rc"; cat "$T/out"
fi
"$L" check "$T/sug.json" > "$T/out" 2>&1
rc=$?
if [ $rc = 0 ] && grep -q "suggestion   Sw<5,0,5> on element offsets (Sw<5,2,5> on byte addresses): conflict-free" "$T/out"; then
	ok "layoutd check: the suggestion line"
else
	bad "layoutd check suggestion, exit $rc"; cat "$T/out"
fi
"$L" check "$MIS" > "$T/out" 2>&1
rc=$?
if [ $rc = 1 ] && grep -q "5 sectors (ideal 4), 2 lines, efficiency 0.8" "$T/out"; then
	ok "layoutd check: the global access line"
else
	bad "layoutd check global, exit $rc"; cat "$T/out"
fi
"$L" check "$CV" > "$T/out" 2>&1
rc=$?
if [ $rc = 0 ] && grep -q "convert      shared_memory: 240 elements change lane, 0 change warp" "$T/out"; then
	ok "layoutd check: the conversion line"
else
	bad "layoutd check convert, exit $rc"; cat "$T/out"
fi
# Triton's convert_blocked1d_to_slice0 (tritongpu_to_llvm.mlir: a store, a
# warp barrier, a load): two register<->lane transpositions, shared memory
printf '%s\n' '#blocked0 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>' \
	'#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>' \
	'module attributes {"ttg.num-warps" = 1 : i32} {' \
	'%cvt = ttg.convert_layout %src : tensor<32xi32, #blocked0> -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>' \
	'}' >"$T/s0.ttgir"
"$L" check "$T/s0.ttgir" > "$T/out" 2>&1
rc=$?
if [ $rc = 0 ] && grep -q "convert      shared_memory: 32 elements change lane, 0 change warp, 2 register-lane transpositions" "$T/out"; then
	ok "layoutd check: a slice conversion goes through shared memory"
else
	bad "layoutd check slice convert, exit $rc"; cat "$T/out"
fi
exit $fail
