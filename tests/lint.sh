#!/bin/sh
# layoutd lint and POST /v1/lint on the modules of tests/lint/ (their SOURCE
# says where each module and each expected number comes from): the JSON
# findings (a subset, finding by finding, and the exit status), the
# thresholds, every output format, and the same findings over HTTP.
set -u
. "$(dirname "$0")/lib.sh"
S=$(cd "$G/../.." && pwd)
D=$S/tests/lint
NM=${LAYOUTD_NODE_MODULES:-$S/tests/browser/node_modules}
for exp in "$D"/*.expected.json; do
	m=${exp%.expected.json}.mlir
	c=$(basename "$m")
	(cd "$D" && "$L" lint --format json "$c") >"$T/got" 2>"$T/err"
	rc=$?
	want=$(jq .exit "$exp")
	[ "$rc" = "$want" ] && ok "$c: exit $rc" || { bad "$c: exit $rc, expected $want"; cat "$T/err"; }
	if jq -e -n --slurpfile e "$exp" --slurpfile g "$T/got" '
		def sub($a; $b): if ($a | type) == "object" and ($b | type) == "object"
			then all($a | to_entries[]; . as $x | sub($x.value; $b[$x.key])) else $a == $b end;
		$e[0] as $e | $g[0] as $g |
		$e.file == $g.file and $e.modules == $g.modules and
		($e.findings | length) == ($g.findings | length) and
		all(range($e.findings | length); . as $i |
			sub($e.findings[$i]; $g.findings[$i]))' >/dev/null; then
		ok "$c: findings"
	else
		bad "$c: findings differ"
		jq -c '.findings[] | {op, line, column, module, kind, loc, bank_conflicts, vector_bits, conversion, tmem}' "$T/got"
	fi
done

K=$D/gluon-bank-conflicts.mlir
# thresholds decide the exit status
run() { # NAME WANT_RC cmd...
	n=$1 w=$2
	shift 2
	"$@" >"$T/out" 2>"$T/err"
	r=$?
	[ "$r" = "$w" ] && ok "$n (exit $r)" || { bad "$n: exit $r, expected $w"; cat "$T/out" "$T/err"; }
}
run "no threshold: warnings only" 0 "$L" lint "$K"
grep -q '^/src/kernels/attn.py:15:4: warning: ttg.local_store: 3 bank conflicts (4-way), 32-bit vectors' "$T/out" &&
	ok "text: at the kernel's line" || bad "text: $(head -3 "$T/out")"
grep -q '^/src/kernels/gemm.py:91:9: ok: ttg.convert_layout: no data movement' "$T/out" &&
	ok "text: a named loc resolves to its inner location" || bad "text conversion line"
run "--max-conflicts 2" 1 "$L" lint --format json --max-conflicts 2 "$K"
[ "$(jq '[.findings[] | select(.fails)] | map(.line) | join(",")' -r "$T/out")" = "13,14" ] &&
	ok "--max-conflicts 2 fails the two 3-conflict ops" || bad "--max-conflicts 2: $(jq -c .failed "$T/out")"
run "--max-conflicts 3" 0 "$L" lint --max-conflicts 3 "$K"
# 0 is a threshold too (the usage says --deny bank_conflicts is --max-conflicts 0)
run "--max-conflicts 0" 1 "$L" lint --format json --max-conflicts 0 "$K"
[ "$(jq .failed "$T/out")" = 3 ] && ok "--max-conflicts 0 fails every op with a conflict" || bad "--max-conflicts 0: $(jq .failed "$T/out")"
run "--max-conflicts -1" 2 "$L" lint --max-conflicts -1 "$K"
grep -q 'integer >= 0' "$T/err" && ok "--max-conflicts -1: says what it takes" || bad "--max-conflicts -1: $(cat "$T/err")"
run "--max-conflicts 1x" 2 "$L" lint --max-conflicts 1x "$K"
run "--deny bank_conflicts" 1 "$L" lint --format json --deny bank_conflicts "$K"
[ "$(jq .failed "$T/out")" = 3 ] && ok "--deny bank_conflicts fails every op with a conflict" || bad "deny bank_conflicts: $(jq .failed "$T/out")"
run "--deny shared_memory_conversion: the folded convert passes" 0 "$L" lint --deny shared_memory_conversion "$K"
# a conversion Triton lowers through shared memory (tritongpu_to_llvm.mlir's
# CHECK lines: st.shared, a barrier, loads) is classified so, and denied
run "a shared-memory conversion, classified" 0 "$L" lint --format json "$D/triton-convert-shared.mlir"
[ "$(jq -r '.findings[0] | "\(.kind) \(.conversion) \(.classified) \(.line)"' "$T/out")" = "conversion shared_memory true 8" ] &&
	ok "convert_layout through shared memory" || bad "shared-memory conversion: $(jq -c .findings "$T/out")"
run "--deny shared_memory_conversion fails it" 1 "$L" lint --deny shared_memory_conversion "$D/triton-convert-shared.mlir"
run "a slice conversion, as text" 0 "$L" lint "$D/triton-convert-slice.mlir"
grep -q 'triton-convert-slice.mlir:9:12: ok: ttg.convert_layout: a shared_memory conversion (2 register-lane transpositions)' "$T/out" &&
	ok "the text finding names the transpositions" || bad "slice text: $(cat "$T/out")"
# a file with no TTGIR module is bad input, never a pass: a CI job linting
# the wrong file must not stay green
# ... but TTIR with its functions at the top and no module line is IR
run "TTIR functions without a module" 0 "$L" lint --format json "$D/ttir-top-level.mlir"
jq -e '.modules == 1 and (.findings | length) == 0' "$T/out" > /dev/null &&
	ok "TTIR without a module: one module, no findings" || bad "TTIR top level: $(cat "$T/out" "$T/err")"
printf '#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>\n' > "$T/alias.mlir"
run "an attribute alias alone is IR" 0 "$L" lint "$T/alias.mlir"
printf 'tt.func @f() {\n  tt.return\n}\n' > "$T/func.mlir"
run "a function alone is IR" 0 "$L" lint "$T/func.mlir"
printf 'a.b = c\n%%x = 3\n%%y = .z\nfunc @f\n' > "$T/notir.txt"
run "text that only looks dotted is not IR" 2 "$L" lint "$T/notir.txt"
run "lint README.md" 2 "$L" lint "$S/README.md"
grep -q "README.md: error \[schema\]: no TTGIR module in .*README.md" "$T/err" && ok "README.md: a located message naming the file" || bad "README message: $(cat "$T/err")"
[ ! -s "$T/out" ] && ok "README.md: no findings summary" || bad "README.md summary: $(cat "$T/out")"
for f in json junit sarif github; do
	run "lint --format $f README.md" 2 "$L" lint --format $f "$S/README.md"
done
grep -q '^::error file=.*README.md,line=1,col=1,title=layoutd lint/input::no TTGIR module' "$T/out" && ok "github: an error annotation on the file" || bad "github README: $(cat "$T/out")"
"$L" lint --format sarif "$S/README.md" 2>/dev/null | jq -e '.runs[0].results[0].level == "error" and .runs[0].results[0].ruleId == "lint/input"' >/dev/null \
	&& ok "SARIF: an error result for the file" || bad "SARIF README"
printf '// -----\n\n// -----\n' >"$T/splits.mlir"
run "split markers only" 2 "$L" lint "$T/splits.mlir"
run "a file of two TTGIR modules and one other" 2 "$L" lint "$K" "$S/README.md"
# empty pieces around "// -----" (a split at the end, two in a row) are no
# module: the count and the findings' module numbers stay those of the file
{ printf '// -----\n\n'; sed 's|^// -----$|// -----\n// -----|' "$K"; printf '\n// -----\n'; } >"$T/padded.mlir"
"$L" lint --format json "$K" >"$T/plain.json"
run "empty split pieces" 0 "$L" lint --format json "$T/padded.mlir"
[ "$(jq -c '{modules, m: [.findings[] | .module], b: [.findings[] | .bank_conflicts]}' "$T/out")" = "$(jq -c '{modules, m: [.findings[] | .module], b: [.findings[] | .bank_conflicts]}' "$T/plain.json")" ] \
	&& ok "empty split pieces: the same modules and findings" || bad "padded: $(jq -c '{modules, m: [.findings[] | .module]}' "$T/out") vs $(jq -c '{modules, m: [.findings[] | .module]}' "$T/plain.json")"
run "--deny of an unknown name" 2 "$L" lint --deny everything "$K"
grep -q 'shared_memory_conversion or bank_conflicts' "$T/err" && ok "names the deny values" || bad "deny message: $(cat "$T/err")"
run "a missing file" 2 "$L" lint "$T/none.mlir"
# a NUL byte ends no text: the module after it is read, or the file refused
{ head -n 3 "$K"; printf 'x\000y\n'; cat "$D/triton-membar.mlir"; } >"$T/nul.mlir"
run "a NUL byte is a located error" 2 "$L" lint "$T/nul.mlir"
grep -q 'nul.mlir: .*a NUL byte at line 4, column 2:' "$T/err" && ok "the NUL's line and column" || bad "NUL message: $(cat "$T/err")"
head -c 2048 "$L" >"$T/binary.mlir"
run "a binary file" 2 "$L" lint "$T/binary.mlir"
# CR-only line endings (classic Mac) are line breaks: the same findings at the same lines
"$L" lint --format json "$K" >"$T/lf.json"
tr '\n' '\r' <"$K" >"$T/cr.mlir"
run "CR-only line endings" 0 "$L" lint --format json "$T/cr.mlir"
[ "$(jq -c '[.findings[] | [.line, .column, .kind]]' "$T/out")" = "$(jq -c '[.findings[] | [.line, .column, .kind]]' "$T/lf.json")" ] &&
	[ "$(jq '.findings | length' "$T/out")" -gt 0 ] &&
	ok "CR-only: the findings of the LF file" || bad "CR-only findings: $(jq -c '.findings | length' "$T/out")"
# an op Triton accepts and lint cannot analyse is skipped, with its reason:
# no job fails on it unless --strict
run "an op that cannot be analysed" 0 "$L" lint "$D/triton-membar.mlir"
grep -q 'triton-membar.mlir:97:13: skipped: ttg.local_alloc: not analysed (its tensor): the access covers a \[128, 64\] tile' "$T/out" && ok "the skipped finding names the op's line" || bad "skipped line: $(grep skipped "$T/out")"
grep -q 'triton-membar.mlir: 6 findings in 7 modules, 0 over the thresholds, 0 errors, 2 skipped$' "$T/out" && ok "the summary counts the skipped" || bad "skipped summary: $(tail -1 "$T/out")"
run "--strict fails a skipped op" 1 "$L" lint --strict "$D/triton-membar.mlir"
grep -q 'triton-membar.mlir:97:13: error: ttg.local_alloc: not analysed .*(--strict)$' "$T/out" && ok "--strict: the skipped op as an error line" || bad "strict line: $(grep 97:13 "$T/out")"
run "--format github, a skipped op" 0 "$L" lint --format github "$D/triton-membar.mlir"
grep -q '^::notice file=.*triton-membar.mlir,line=97,col=13,title=layoutd lint/skipped::ttg.local_alloc: not analysed' "$T/out" && ok "github: a notice per skipped op" || bad "github skipped: $(cat "$T/out")"
"$L" lint --format sarif "$D/triton-membar.mlir" | jq -e '[.runs[0].results[] | select(.ruleId == "lint/skipped") | .level] == ["note", "note"] and .runs[0].invocations[0].exitCode == 0' >/dev/null \
	&& ok "SARIF: a note per skipped op" || bad "SARIF skipped"
"$L" lint --format junit "$D/triton-membar.mlir" >"$T/junit.xml"
[ "$(grep -c '<skipped message="ttg.local_alloc: not analysed' "$T/junit.xml")" = 2 ] && grep -q 'errors="0" skipped="2"' "$T/junit.xml" \
	&& ok "JUnit: two <skipped/> tests" || bad "JUnit skipped: $(cat "$T/junit.xml")"
# a tensor with no encoding yet (Triton's test/Analysis/test-membar.mlir
# stores tensor<16x16xf16> to shared memory): skipped, said so
{ sed -n '1,3p' "$D/triton-convert-shared.mlir"; printf '#sh = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>\nmodule attributes {"ttg.num-warps" = 4 : i32} {\n  tt.func @f(%%a: tensor<16x16xf16>) {\n    %%0 = ttg.local_alloc %%a : (tensor<16x16xf16>) -> !ttg.memdesc<16x16xf16, #sh, #ttg.shared_memory>\n    tt.return\n  }\n}\n'; } >"$T/noenc.mlir"
run "a tensor with no encoding" 0 "$L" lint "$T/noenc.mlir"
grep -q 'noenc.mlir:7:10: skipped: ttg.local_alloc: not analysed (its tensor): the tensor has no encoding' "$T/out" && ok "no encoding: the reason" || bad "no encoding: $(cat "$T/out")"
# what Triton's verifier refuses (verifyTensorLayouts: a blocked layout's
# warps against the module's) stays an error at the op
sed 's/"ttg.num-warps" = 4/"ttg.num-warps" = 8/' "$D/triton-convert-shared.mlir" >"$T/warps.mlir"
run "a blocked layout against the module's warps" 2 "$L" lint --format json "$T/warps.mlir"
jq -e '.errors >= 1 and ([.findings[] | select(.kind == "error") | .error.message] | all(startswith("Layout has")))' "$T/out" >/dev/null \
	&& ok "an error finding in Triton's words" || bad "blocked warps: $(jq -c '.findings' "$T/out")"
# an op has the warps of its region (lookupNumWarps): a warp_specialize
# partition's num_warps(4) ends at its closing brace, and the function's
# 8 warps hold again after it (tests/lint/upstream/invalid-partition-warps.mlir
# with its partition fixed and a 4-warp store put after the partitions)
P=$S/tests/lint/upstream/invalid-partition-warps.mlir
awk 'NR == 25 || NR == 26 { sub(/#blocked8/, "#blocked4"); sub(/#blocked8/, "#blocked4") } { print }
	/^  } : \(i32/ { print "  ttg.local_store %x, %alloc : tensor<128xi32, #blocked4> -> !ttg.memdesc<128xi32, #shared_1d, #smem, mutable>" }' "$P" >"$T/part.mlir"
run "a partition's warps end with it" 2 "$L" lint --format json "$T/part.mlir"
[ "$(jq -c '[.findings[] | select(.kind == "error") | .line]' "$T/out")" = "[29]" ] &&
	ok "partition warps: only the 4-warp store after the partitions errs" || bad "partition warps: $(jq -c '[.findings[] | {line, kind}]' "$T/out")"

# a loc's file name is an MLIR string: its escapes decoded (Token::getStringValue:
# \" \\ \n \t and two hex digits), kept valid UTF-8, control characters
# never written raw to a terminal or a workflow command
locfile() { # NAME MLIR-NAME: the module with #loc2 (the local_store, line 13) renamed
	sed "19s|\"/src/kernels/attn.py\"|\"$2\"|" "$K" >"$T/loc-$1.mlir"
	"$L" lint --format json "$T/loc-$1.mlir" >"$T/loc.json"
	jq -r '.findings[] | select(.line == 13) | .loc.file // "NO LOC"' "$T/loc.json"
}
[ "$(locfile esc '/src/caf\\C3\\A9/a \\"q\\" \\\\ b.py')" = '/src/café/a "q" \ b.py' ] &&
	ok "loc: MLIR escapes decoded" || bad "loc escapes: $(jq -c '.findings[1].loc' "$T/loc.json")"
[ "$(locfile raw "/src/$(printf '\377')x.py")" = "/src/$(printf '\357\277\275')x.py" ] &&
	ok "loc: an invalid UTF-8 byte is U+FFFD" || bad "loc invalid UTF-8: $(jq -c '.findings[1].loc' "$T/loc.json")"
[ "$(locfile hexff '/src/\\FFx.py')" = "/src/$(printf '\357\277\275')x.py" ] &&
	ok "loc: an escaped invalid byte is U+FFFD" || bad "loc \\FF: $(jq -c '.findings[1].loc' "$T/loc.json")"
long="/a$(printf '%0300d' 0 | sed 's/0/é/g').py"
got=$(locfile long "$long")
case $long in "$got"*) [ "${#got}" -gt 200 ] && ok "loc: a long name cut at a character" || bad "long loc: ${#got} characters" ;; *) bad "long loc: not a prefix: $got" ;; esac
jq -e . "$T/loc.json" >/dev/null && ok "loc: the findings are valid JSON" || bad "long loc: invalid JSON"
sed "19s|\"/src/kernels/attn.py\"|\"/src/\\\\1B[31mred$(printf '\033')[0m.py\"|" "$K" >"$T/loc-ctl.mlir"
run "loc with control characters: text" 0 "$L" lint "$T/loc-ctl.mlir"
grep -q "$(printf '\033')" "$T/out" && bad "text: a raw ESC reaches the output" || ok "text: no raw ESC"
grep -q '^/src/\\x1B\[31mred\\x1B\[0m.py:15:4: warning' "$T/out" && ok "text: ESC written \\x1B" || bad "text ESC: $(grep red "$T/out")"
run "loc with control characters: github" 0 "$L" lint --format github "$T/loc-ctl.mlir"
grep -q "$(printf '\033')" "$T/out" && bad "github: a raw ESC reaches the output" || ok "github: no raw ESC"
"$L" lint --format json "$T/loc-ctl.mlir" | jq -e '.findings[] | select(.line == 13) | .loc.file == "/src/\u001b[31mred\u001b[0m.py"' >/dev/null &&
	ok "json: the decoded name, escaped by JSON" || bad "json ESC name"

# the .mlir file's own name, not UTF-8: its findings all the same
cp "$K" "$T/$(printf '\377')k.mlir"
run "a file name that is not UTF-8" 0 "$L" lint --format json "$T/$(printf '\377')k.mlir"
jq -e --arg f "$T/$(printf '\357\277\275')k.mlir" '.file == $f and (.findings | length) > 0' "$T/out" >/dev/null &&
	ok "its name in the JSON as U+FFFD" || bad "non-UTF-8 file name: $(head -c 200 "$T/out")"

# TMEM ops: the text and CI formats report each at its line
M=$D/triton-tmem-alloc.mlir
run "TMEM ops: sub-partition violations fail" 1 "$L" lint "$M"
grep -q 'triton-tmem-alloc.mlir:22:10: error: ttng.tmem_alloc: 128 columns (tcgen05.alloc 128), sub-partition violations: 12288 placements reach lanes' "$T/out" &&
	grep -q 'triton-tmem-alloc.mlir:46:10: ok: ttng.tmem_alloc: 2 columns (tcgen05.alloc 32)$' "$T/out" &&
	grep -q 'triton-tmem-alloc.mlir:84:7: ok: ttng.tmem_store: 64 columns (tcgen05.alloc 64), every warp within its sub-partition' "$T/out" &&
	ok "text: TMEM findings at their lines" || bad "TMEM text: $(head -3 "$T/out")"
! grep -q ':[0-9]*:[0-9]*: .*CHECK' "$T/out" && ok "CHECK comment lines are not ops" || bad "a CHECK line linted"
run "TMEM ops: github" 1 "$L" lint --format github "$M"
[ "$(grep -c '^::error file=.*triton-tmem-alloc.mlir,line=[0-9]*,col=[0-9]*,title=layoutd lint/tmem::' "$T/out")" = 14 ] &&
	ok "github: one error per failing TMEM op" || bad "TMEM github: $(head -2 "$T/out")"
run "TMEM ops: sarif" 1 "$L" lint --format sarif "$M"
[ "$(jq '[.runs[0].results[] | select(.ruleId == "lint/tmem" and .level == "error")] | length' "$T/out")" = 14 ] &&
	ok "SARIF: the failing TMEM ops" || bad "TMEM SARIF: $(jq -c '.runs[0].results[0]' "$T/out")"
run "TMEM ops: junit" 1 "$L" lint --format junit "$M"
grep -q 'tests="26" failures="14"' "$T/out" && ok "JUnit: 26 TMEM tests, 14 failures" || bad "TMEM JUnit: $(head -3 "$T/out")"
sed -n '58,100p' "$M" >"$T/ok.mlir"
run "TMEM ops within their sub-partitions pass" 0 "$L" lint "$T/ok.mlir"

# TMA copies (DESIGN copy section): every format says the box, the bytes
# and whether the shared layout is what TMA writes; only a mismatch fails
M=$D/triton-tma.mlir
run "TMA copies: a swizzled_shared destination fails" 1 "$L" lint "$M"
grep -q 'triton-tma.mlir:11:5: ok: ttng.async_tma_copy_global_to_local: 1 TMA box of 128x128 (swizzle none), 65536 bytes each; the layout is what TMA writes$' "$T/out" &&
	grep -q 'triton-tma.mlir:41:5: ok: ttng.async_tma_copy_global_to_local: 4 TMA boxes of 64x64 (swizzle 128B), 8192 bytes each; the layout is what TMA writes$' "$T/out" &&
	grep -q 'triton-tma.mlir:73:5: error: ttng.async_tma_copy_global_to_local: 1 TMA box of 64x64 (swizzle none), 8192 bytes each; the layout is not what TMA writes: element (1, 0) at offset 72, TMA writes it at 64$' "$T/out" &&
	ok "text: TMA findings at their lines" || bad "TMA text: $(cat "$T/out")"
run "TMA copies: github" 1 "$L" lint --format github "$M"
[ "$(grep -c '^::error file=.*triton-tma.mlir,line=73,col=5,title=layoutd lint/copy::' "$T/out")" = 1 ] &&
	[ "$(grep -c '^::error' "$T/out")" = 1 ] &&
	ok "github: one error, the mismatched TMA copy" || bad "TMA github: $(cat "$T/out")"
run "TMA copies: sarif" 1 "$L" lint --format sarif "$M"
[ "$(jq -c '[.runs[0].results[] | select(.ruleId == "lint/copy") | [.level, .locations[0].physicalLocation.region.startLine]]' "$T/out")" = '[["error",73]]' ] &&
	ok "SARIF: the mismatched TMA copy, an error at its line" || bad "TMA SARIF: $(jq -c '[.runs[0].results[] | [.ruleId, .level]]' "$T/out")"
run "TMA copies: junit" 1 "$L" lint --format junit "$M"
grep -q 'tests="5" failures="1"' "$T/out" && ok "JUnit: 5 TMA tests, 1 failure" || bad "TMA JUnit: $(head -3 "$T/out")"
sed -n '1,58p' "$M" >"$T/ok.mlir"
run "TMA copies into their nvmma_shared layouts pass" 0 "$L" lint "$T/ok.mlir"
# a multi-CTA TMA copy is each CTA's: membar-cluster.mlir's loop expects
# 5120 bytes per CTA (ttng.barrier_expect): 4096 of A's half, 1024 of B's
run "TMA copies of split tiles, per CTA" 0 "$L" lint --format json "$D/upstream/tma-cluster-split.mlir"
[ "$(jq -c '[.findings[] | select(.kind == "copy") | .copy | [.box, .boxes, .bytes_per_box, .ctas]]' "$T/out")" = '[[[16,128],1,4096,2],[[32,16],1,1024,2]]' ] &&
	[ "$(jq '[.findings[] | select(.kind == "copy") | .copy | .boxes * .bytes_per_box] | add' "$T/out")" = 5120 ] &&
	ok "per CTA: 4096 + 1024 = 5120 bytes, as the barrier expects" || bad "TMA per CTA: $(jq -c '[.findings[] | .copy]' "$T/out")"
run "TMA copies of split tiles, text" 0 "$L" lint "$D/upstream/tma-cluster-split.mlir"
grep -q 'tma-cluster-split.mlir:58:7: ok: ttng.async_tma_copy_global_to_local: 1 TMA box of 16x128 (swizzle 32B), 4096 bytes each, in each CTA; the layout is what TMA writes$' "$T/out" &&
	ok "text: the boxes are each CTA's" || bad "TMA per CTA text: $(cat "$T/out")"
sed -n '17,45p' "$M" | sed 's/transposed = false, elementBitWidth = 16/transposed = true, elementBitWidth = 16/' >"$T/tr.mlir"
run "a transposed nvmma_shared TMA copy is skipped" 0 "$L" lint --format json "$T/tr.mlir"
[ "$(jq -c '[.skipped, (.findings[0].skipped.reason | test("transposed nvmma_shared"))]' "$T/out")" = '[1,true]' ] &&
	ok "skipped: a transposed TMA box" || bad "transposed TMA: $(jq -c '.findings[0]' "$T/out")"
sed -n '17,45p' "$M" | sed 's/64x256xf16/64x32xf16/g' >"$T/narrow.mlir"
run "a tile narrower than its swizzle span is skipped" 0 "$L" lint --format json "$T/narrow.mlir"
[ "$(jq -c '[.skipped, (.findings[0].skipped.reason | test("narrower than the 128-byte swizzle"))]' "$T/out")" = '[1,true]' ] &&
	ok "skipped: a tile narrower than the swizzle" || bad "narrow TMA: $(jq -c '.findings[0]' "$T/out")"
# the ldmatrix / stmatrix verdict of local loads and stores, in text
run "ldmatrix verdicts in text" 0 "$L" lint "$D/triton-ldmatrix.mlir"
grep -q 'triton-ldmatrix.mlir:15:15: .*ttg.local_load: .*; 1 ldmatrix.sync.aligned.m8n8.x4.shared.b16 per warp$' "$T/out" &&
	grep -q 'triton-ldmatrix.mlir:32:5: .*ttg.local_store: .*; 16 stmatrix.sync.aligned.m8n8.x4.shared.b16 per warp$' "$T/out" &&
	ok "text: the ldmatrix / stmatrix a local load or store lowers to" || bad "ldmatrix text: $(cat "$T/out")"

# a pasted op line is a check request: both sides analysed
sed -n '6,8p' "$K" >"$T/op.ttgir"
grep 'ttg.local_load' "$K" | sed 's/ loc(.*)$//' >>"$T/op.ttgir"
run "check of a pasted ttg.local_load line" 0 "$L" check --json "$T/op.ttgir"
[ "$(jq -c '[.access.op, .access.bank_conflicts, .access.vector.bits, .logical.shape]' "$T/out")" = '["load",3,32,[4,64]]' ] &&
	ok "the pasted local_load: its memdesc read by its tensor's layout" || bad "pasted op: $(jq -c .access "$T/out" | head -c 300)"
run "check of a pasted op with --max-points" 0 "$L" check --max-points 4096 "$T/op.ttgir"
sed -n '4,5p;8p' "$D/triton-convert-shared.mlir" >"$T/conv.ttgir"
run "check of a pasted ttg.convert_layout line" 0 "$L" check --json "$T/conv.ttgir"
[ "$(jq -c '[.convert.kind, .logical.shape]' "$T/out")" = '["shared_memory",[32,32]]' ] &&
	ok "the pasted convert_layout: its class" || bad "pasted convert: $(jq -c .convert "$T/out" | head -c 300)"
jq -Rs '{layout: {ttgir: .}}' "$T/op.ttgir" >"$T/op.json"
run "a JSON request holding a pasted op line" 0 "$L" check --json "$T/op.json"
[ "$(jq -c '[.access.op, .access.bank_conflicts]' "$T/out")" = '["load",3]' ] &&
	ok "the JSON request's pasted op: both sides" || bad "JSON pasted op: $(jq -c .access "$T/out" | head -c 300)"

# older Triton spellings: !triton_gpu.memdesc / !tt.memdesc and triton_gpu.
# ops read as their ttg forms (the same findings as the module above)
(cd "$D" && "$L" lint --format json gluon-bank-conflicts.mlir) >"$T/new.json"
sed 's/!ttg\.memdesc</!triton_gpu.memdesc</g; s/ ttg\.local_/ triton_gpu.local_/; s/#ttg\./#triton_gpu./g' "$K" >"$T/old-tg.mlir"
sed 's/!ttg\.memdesc</!tt.memdesc</g' "$K" >"$T/old-tt.mlir"
for f in old-tg old-tt; do
	run "lint of $f spellings" 0 "$L" lint --format json "$T/$f.mlir"
	if [ "$(jq -c '[.findings[] | [.op, .kind, .bank_conflicts, .vector_bits, .conversion]]' "$T/out")" = \
		"$(jq -c '[.findings[] | [.op, .kind, .bank_conflicts, .vector_bits, .conversion]]' "$T/new.json")" ]; then
		ok "$f: the findings of the ttg spelling"
	else
		bad "$f findings: $(jq -c '.findings[] | {op, kind, error}' "$T/out" | head -3)"
	fi
done
grep -q 'triton_gpu.local_load' "$T/old-tg.mlir" && ok "the module names triton_gpu. ops" || bad "sed of op names"
sed -n '6,8p' "$T/old-tg.mlir" >"$T/oldop.ttgir"
grep 'triton_gpu.local_load' "$T/old-tg.mlir" | sed 's/ loc(.*)$//' >>"$T/oldop.ttgir"
run "check of a pasted triton_gpu.local_load line" 0 "$L" check --json "$T/oldop.ttgir"
[ "$(jq -c '[.access.op, .access.bank_conflicts, .access.vector.bits]' "$T/out")" = '["load",3,32]' ] &&
	ok "the pasted legacy op: both sides" || bad "pasted legacy op: $(cat "$T/out" | head -c 300)"

# the target: the module's ttg.target, or --target over it
A=$D/amd-target.mlir
run "--target gfx942 over the module's gfx950" 0 "$L" lint --format json --target gfx942 "$A"
[ "$(jq -c '[.findings[] | [.target, .bank_conflicts]]' "$T/out")" = '[["gfx942",7],["gfx942",7],["gfx942",7]]' ] &&
	ok "--target: every access counted on it" || bad "--target: $(jq -c '[.findings[] | [.target, .bank_conflicts]]' "$T/out")"
run "lint text names an AMD target" 0 "$L" lint "$A"
grep -q 'amd-target.mlir:10:10: warning: ttg.local_load: 15 bank conflicts (16-way), 128-bit vectors on gfx950$' "$T/out" &&
	ok "text: the target beside the count" || bad "text target: $(cat "$T/out")"
run "--target of an unknown name" 2 "$L" lint --target gfx90a "$A"
grep -q 'unknown target "gfx90a"' "$T/err" && ok "names the unknown target" || bad "--target message: $(cat "$T/err")"
sed 's/hip:gfx950/hip:gfx90a/' "$A" >"$T/gfx90a.mlir"
run "a module target the model does not know" 0 "$L" lint --format json "$T/gfx90a.mlir"
[ "$(jq -r '.findings[0].skipped.reason' "$T/out" | grep -c 'ttg.target "hip:gfx90a"')" = 1 ] &&
	ok "a skipped finding names the module's target" || bad "gfx90a: $(jq -c '.findings[0]' "$T/out")"
run "--target decides a module target the model does not know" 0 "$L" lint --target gfx950 "$T/gfx90a.mlir"
sed 's/, ttg.target = "hip:gfx9[45][02]"//' "$A" >"$T/wave64.mlir"
run "64-lane waves and no target" 0 "$L" lint --format json "$T/wave64.mlir"
[ "$(jq -c '[.findings[] | [.target, .warnings[0].code, .warnings[0].likely_target]] | unique' "$T/out")" = '[["nvidia","lanes_exceed_warp","gfx942"]]' ] &&
	ok "a 64-lane layout counted on nvidia says so" || bad "wave64: $(jq -c '.findings[0]' "$T/out")"
"$L" lint "$T/wave64.mlir" | grep -q '^.*wave64.mlir:10:10: warning: ttg.local_load: 7 bank conflicts (8-way), 128-bit vectors (warning: the threads layout has 64 lanes' &&
	ok "text: the warning beside the count" || bad "wave64 text: $("$L" lint "$T/wave64.mlir" | head -2)"
sed -n '4,7p' "$A" >"$T/amdop.ttgir"
sed -n '10p' "$A" >>"$T/amdop.ttgir"
run "check of a pasted op line under an AMD module" 0 "$L" check --json "$T/amdop.ttgir"
[ "$(jq -c '[.access.target, .access.bank_conflicts, .access.max_ways]' "$T/out")" = '["gfx950",15,16]' ] &&
	ok "the pasted op: the module's target" || bad "pasted AMD op: $(jq -c .access "$T/out" | head -c 300)"
run "check --target over the module's" 0 "$L" check --json --target gfx942 "$T/amdop.ttgir"
[ "$(jq -c '[.access.target, .access.bank_conflicts]' "$T/out")" = '["gfx942",7]' ] &&
	ok "check --target" || bad "check --target: $(jq -c .access "$T/out" | head -c 300)"
run "check --target of an unknown name" 2 "$L" check --target hip "$T/amdop.ttgir"

# a padded_shared memdesc: placed and counted with its padding
P=$D/padded-shared.mlir
sed -n '4,5p;7,8p' "$P" >"$T/padop.ttgir"
sed -n '10p' "$P" >>"$T/padop.ttgir"
run "check of a pasted local_load of a padded_shared memdesc" 0 "$L" check --json "$T/padop.ttgir"
[ "$(jq -c '[.access.bank_conflicts, .access.max_ways, (.access | has("analytic")), .warnings, .holes.count, .physical.size]' "$T/out")" = '[3,4,false,[],63,4159]' ] &&
	ok "padded: counted on the padded offsets, its slots are holes, no GF(2) closed form" ||
	bad "padded op: $(jq -c '[.access.bank_conflicts, .access.max_ways, .access.analytic, .warnings, .holes.count, .physical.size]' "$T/out")"

# CI formats
run "github" 1 "$L" lint --format github --max-conflicts 2 "$K"
[ "$(grep -c '^::error file=/src/kernels/' "$T/out")" = 2 ] && [ "$(grep -c '^::warning file=/src/kernels/gemm.py,line=88,col=22,title=layoutd lint/bank_conflicts::' "$T/out")" = 1 ] &&
	ok "github: errors over the threshold, a warning under it" || bad "github: $(cat "$T/out")"
run "junit" 1 "$L" lint --format junit --max-conflicts 2 "$K"
cp "$T/out" "$T/lint.xml"
if command -v xmllint >/dev/null 2>&1; then
	if xmllint --noout --schema "$S/tests/schemas/junit.xsd" "$T/lint.xml" 2>"$T/x"; then ok "JUnit validates"; else bad "JUnit: $(cat "$T/x")"; fi
	[ "$(xmllint --xpath 'string(/testsuites/@tests)' "$T/lint.xml")" = 5 ] &&
		[ "$(xmllint --xpath 'string(/testsuites/@failures)' "$T/lint.xml")" = 2 ] &&
		ok "JUnit: one test per finding, two failures" || bad "JUnit counts"
	xmllint --xpath 'string(//testcase[failure][1]/@name)' "$T/lint.xml" | grep -qx '/src/kernels/attn.py:15:4' &&
		ok "JUnit: the test names the kernel line" || bad "JUnit name"
else
	echo "skip JUnit validation: no xmllint"
fi
run "sarif" 1 "$L" lint --format sarif --max-conflicts 2 "$K"
cp "$T/out" "$T/lint.sarif"
[ "$(jq -r '[.runs[0].results[] | .level] | join(",")' "$T/lint.sarif")" = "error,error,warning" ] &&
	[ "$(jq -r '.runs[0].results[0].locations[0].physicalLocation | "\(.artifactLocation.uri):\(.region.startLine):\(.region.startColumn)"' "$T/lint.sarif")" = "/src/kernels/attn.py:15:4" ] &&
	ok "SARIF: levels and the kernel location" || bad "SARIF: $(jq -c '.runs[0].results' "$T/lint.sarif")"
if [ -d "$NM/ajv-draft-04" ] && command -v node >/dev/null 2>&1; then
	if out=$(NODE_PATH=$NM node "$S/tests/validate.cjs" sarif "$S/tests/schemas/sarif-schema-2.1.0.json" "$T/lint.sarif" 2>&1); then
		ok "SARIF validates against the SARIF 2.1.0 schema"
	else
		bad "SARIF: $out"
	fi
fi

# POST /v1/lint
start
body=$(jq -Rs '{text: ., file: "gluon-bank-conflicts.mlir"}' "$K")
req "POST /v1/lint" 200 -H 'Content-Type: application/json' -d "$body" "$U/v1/lint"
jqt "lint over HTTP: the same findings" '.ok == true and .modules == 2 and ([.findings[].bank_conflicts] | .[0:4]) == [3,3,1,0] and .findings[4].conversion == "none" and .findings[0].loc.line == 15'
body=$(jq -Rs '{text: ., max_conflicts: 2}' "$K")
req "POST /v1/lint over the threshold: 422" 422 -H 'Content-Type: application/json' -d "$body" "$U/v1/lint"
jqt "the 422 body holds the findings" '.ok == false and .failed == 2 and .file == "-"'
req "deny of an unknown name: 422" 422 -H 'Content-Type: application/json' -d '{"text": "module {\n}", "deny": ["x"]}' "$U/v1/lint"
jqt "located at /deny/0" '.pointer == "/deny/0" and .code == "schema"'
req "no text: 422" 422 -H 'Content-Type: application/json' -d '{"file": "k.mlir"}' "$U/v1/lint"
jqt "located at /text" '.pointer == "/text"'
req "unknown member: 422" 422 -H 'Content-Type: application/json' -d '{"text": "", "mode": 1}' "$U/v1/lint"
jqt "located at /mode" '.pointer == "/mode"'
body=$(jq -Rs '{text: ., file: "README.md"}' "$S/README.md")
req "POST /v1/lint of a file with no TTGIR module: 422" 422 -H 'Content-Type: application/json' -d "$body" "$U/v1/lint"
jqt "located at /text, naming the file" '.code == "schema" and .pointer == "/text" and (.detail | test("no TTGIR module in README.md"))'
req "POST /v1/lint of split markers only: 422" 422 -H 'Content-Type: application/json' -d '{"text": "// -----\n\n// -----\n"}' "$U/v1/lint"
jqt "no module in the text" '.pointer == "/text" and (.detail | test("no TTGIR module"))'
body=$(jq -Rs '{text: ., file: "triton-tmem-alloc.mlir"}' "$D/triton-tmem-alloc.mlir")
req "POST /v1/lint of TMEM ops: 422" 422 -H 'Content-Type: application/json' -d "$body" "$U/v1/lint"
jqt "TMEM findings over HTTP" '.failed == 14 and ([.findings[] | select(.kind == "tmem")] | length) == 26 and .findings[0].tmem.subpartitions.violations == 12288 and .findings[14].tmem.columns == 2'

body=$(jq -Rs '{text: ., file: "triton-membar.mlir"}' "$D/triton-membar.mlir")
req "POST /v1/lint of ops lint cannot analyse: 200" 200 -H 'Content-Type: application/json' -d "$body" "$U/v1/lint"
jqt "skipped over HTTP, counted" '.ok == true and .errors == 0 and .skipped == 2 and ([.findings[] | select(.kind == "skipped") | .line] == [97, 117]) and all(.findings[] | select(.kind == "skipped"); .skipped.reason | test("access covers"))'
body=$(jq -Rs '{text: ., strict: true}' "$D/triton-membar.mlir")
req "POST /v1/lint strict: 422" 422 -H 'Content-Type: application/json' -d "$body" "$U/v1/lint"
jqt "strict: the skipped ops fail" '.ok == false and .failed == 2 and .skipped == 2 and ([.findings[] | select(.fails) | .kind] == ["skipped", "skipped"])'
req "strict of a string: 422" 422 -H 'Content-Type: application/json' -d '{"text": "module {\n}", "strict": "yes"}' "$U/v1/lint"
jqt "located at /strict" '.pointer == "/strict" and .code == "schema"'
body=$(jq -Rs '{text: ., file: "amd-target.mlir"}' "$D/amd-target.mlir")
req "POST /v1/lint of AMD modules" 200 -H 'Content-Type: application/json' -d "$body" "$U/v1/lint"
jqt "the module's target over HTTP" '[.findings[] | [.target, .bank_conflicts]] == [["gfx950",7],["gfx950",15],["gfx942",7]]'
body=$(jq -Rs '{text: ., target: "gfx942"}' "$D/amd-target.mlir")
req "POST /v1/lint with a target" 200 -H 'Content-Type: application/json' -d "$body" "$U/v1/lint"
jqt "target over the module's" '[.findings[] | [.target, .bank_conflicts]] == [["gfx942",7],["gfx942",7],["gfx942",7]]'
req "POST /v1/lint with an unknown target: 422" 422 -H 'Content-Type: application/json' -d '{"text": "", "target": "gfx90a"}' "$U/v1/lint"
jqt "located at /target" '.pointer == "/target" and .code == "schema"'

# POST /v1/check with a pasted op line: the same path as the CLI's check
body=$(jq -Rs '{layout: {ttgir: .}}' "$T/op.ttgir")
req "POST /v1/check of a pasted local_load" 200 -H 'Content-Type: application/json' -d "$body" "$U/v1/check"
jqt "the daemon analyses both sides" '.access.op == "load" and .access.bank_conflicts == 3 and .access.vector.bits == 32 and .logical.shape == [4, 64]'
body=$(jq -Rs '{layout: {ttgir: .}, expect: {bank_conflicts: 0}}' "$T/op.ttgir")
req "POST /v1/check of a pasted local_load over its expectation: 422" 422 -H 'Content-Type: application/json' -d "$body" "$U/v1/check"
jqt "the 422 names the bank conflicts" '.ok == false and .access.bank_conflicts == 3'
body=$(jq -Rs '{layout: {ttgir: .}}' "$T/conv.ttgir")
req "POST /v1/check of a pasted convert_layout" 200 -H 'Content-Type: application/json' -d "$body" "$U/v1/check"
jqt "the daemon classifies the conversion" '.convert.kind == "shared_memory" and .logical.shape == [32, 32]'
body=$(jq -Rs '{layout: {ttgir: .}}' "$T/conv.ttgir")
req "POST /v1/analyze of a pasted convert_layout" 200 -H 'Content-Type: application/json' -d "$body" "$U/v1/analyze"
jqt "analyze too" '.convert.kind == "shared_memory"'
# cp.async and AMD direct-to-LDS loads: the store's bank conflicts, the
# instruction and its count per thread as Triton's CHECK lines say
# (tests/lint/SOURCE), the global side's coalescing; a width the target
# cannot load fails in every format
M=$D/triton-cp-async.mlir
run "cp.async copies: none fails" 0 "$L" lint "$M"
grep -q 'triton-cp-async.mlir:33:10: warning: ttg.async_copy_global_to_local: 1 bank conflicts (2-way), 128-bit vectors; 2 cp.async.cg.shared.global per thread; global side 50% efficient, 32 sectors a request$' "$T/out" &&
	grep -q 'triton-cp-async.mlir:79:10: ok: ttg.async_copy_global_to_local: no bank conflicts, 32-bit vectors; 4 cp.async.ca.shared.global per thread; global side 25% efficient' "$T/out" &&
	grep -q 'triton-cp-async.mlir:135:10: ok: ttg.async_copy_global_to_local: no bank conflicts, 32-bit vectors; 8 cp.async.ca.shared.global per thread' "$T/out" &&
	ok "text: cp.async width and count per thread" || bad "cp.async text: $(cat "$T/out")"
run "cp.async: json" 0 "$L" lint --format json "$M"
jq -e '[.findings[] | select(.op == "ttg.async_copy_global_to_local") | .copy.assumed | length] == [3, 3, 3]' "$T/out" >/dev/null &&
	ok "json: what the pointer model assumed is said" || bad "cp.async assumed: $(jq -c '[.findings[].copy.assumed]' "$T/out")"
M=$D/amd-buffer-load-lds.mlir
run "buffer_load_to_local: a 16-byte load on gfx942 fails" 1 "$L" lint "$M"
grep -q 'amd-buffer-load-lds.mlir:18:11: ok: amdg.buffer_load_to_local: no bank conflicts, 32-bit vectors on gfx942; 8 buffer_load lds per thread; global side 100% efficient' "$T/out" &&
	grep -q 'amd-buffer-load-lds.mlir:78:10: error: amdg.buffer_load_to_local: .*128-bit vectors on gfx942: the layouts ask for a direct-to-LDS load the target does not have' "$T/out" &&
	ok "text: direct-to-LDS widths on gfx942" || bad "buffer_load text: $(cat "$T/out")"
run "buffer_load_to_local: github" 1 "$L" lint --format github "$M"
[ "$(grep -c '^::error file=.*amd-buffer-load-lds.mlir,line=78,col=10,title=layoutd lint/bank_conflicts::' "$T/out")" = 1 ] &&
	ok "github: the refused load, an error at its line" || bad "buffer_load github: $(cat "$T/out")"
# scratch bytes as Triton allocates them (tests/golden/tools/ref_scratch.py;
# Triton's own CHECK: ttg.shared = 131072) and the module's budget: over the
# target's shared memory, a warning in every format, never a failure
M=$D/amd-scratch-budget.mlir
run "budget: over the LDS warns, passes" 0 "$L" lint "$M"
grep -q 'amd-scratch-budget.mlir:21:8: ok: ttg.convert_layout: a shared_memory conversion, 131072 bytes of scratch$' "$T/out" &&
	grep -q 'amd-scratch-budget.mlir:16:1: warning: module: up to 131072 bytes of shared memory (allocations + scratch: allocations 0, scratch 131072) over the 65536 bytes of hip:gfx942$' "$T/out" &&
	ok "text: scratch bytes and the budget warning" || bad "budget text: $(cat "$T/out")"
run "budget: json with --target gfx942" 0 "$L" lint --format json --target gfx942 "$M"
[ "$(jq -c '[.budgets[] | [.module, .limit, .used, .fits]]' "$T/out")" = '[[0,65536,131072,false],[1,65536,65536,true]]' ] &&
	ok "json: the 128x128 f32 conversion fills gfx942's 64 KiB exactly" || bad "budgets: $(jq -c .budgets "$T/out")"
run "budget: github" 0 "$L" lint --format github "$M"
[ "$(grep -c '^::warning file=.*amd-scratch-budget.mlir,line=16,col=1,title=layoutd lint/budget::' "$T/out")" = 1 ] &&
	ok "github: the budget, a warning at the module line" || bad "budget github: $(cat "$T/out")"
run "budget: sarif" 0 "$L" lint --format sarif "$M"
[ "$(jq -c '[.runs[0].results[] | select(.ruleId == "lint/budget") | .level]' "$T/out")" = '["warning"]' ] &&
	ok "SARIF: the budget, a warning" || bad "budget SARIF: $(cat "$T/out")"
printf '#blocked0 = #ttg.blocked<{sizePerThread = [1, 4]>\n%%0 = ttg.convert_layout %%a : tensor<32x32xf32, #blocked0> -> tensor<32x32xf32, #blocked0>\n' >"$T/badop.ttgir"
body=$(jq -Rs '{layout: {ttgir: .}}' "$T/badop.ttgir")
req "a pasted op with a broken alias: 422" 422 -H 'Content-Type: application/json' -d "$body" "$U/v1/check"
jqt "a located error" '.code != null and (.pointer | startswith("/layout")) and .detail != null'
# gfx950 transposed LDS reads: which local_loads Triton lowers with
# ds_read_b64_tr_b16 / _b8, and how many per thread (the CHECK-COUNT lines of
# upstream test/Conversion/amd/ds_transpose.mlir; tests/lint/SOURCE)
M=$D/amd-ds-read-tr.mlir
run "ds_read_tr: json on gfx950" 0 "$L" lint --format json --target gfx950 "$M"
[ "$(jq -r '[.findings[] | select(.ds_read_tr.used) | .line] | join(",")' "$T/out")" = \
	23,24,37,38,53,68,81,96,124,125,138,139,154,169,182,197,225,226,239,240,255,270,283,298,326,327,340,341,356,371,384,399,427,428,441,442,457,472,485,500,528,529,542,543,558,573,586,601,629,630,680,711,735,752,758 ] &&
	ok "ds_read_tr: used exactly where the CHECK lines show it" || bad "ds_read_tr used: $(jq -c '[.findings[] | select(.ds_read_tr.used) | .line]' "$T/out")"
[ "$(jq -r '[.findings[] | select(.line as $l | [23,53,124,225,629,680,711,735,752] | index($l)) | "\(.line):\(.ds_read_tr.instructions_per_thread)"] | join(",")' "$T/out")" = \
	23:16,53:16,124:16,225:8,629:16,680:4,711:16,735:32,752:64 ] &&
	ok "ds_read_tr: instructions per thread as CHECK-COUNT" || bad "ds_read_tr counts: $(jq -c '[.findings[] | .ds_read_tr.instructions_per_thread]' "$T/out")"
[ "$(jq -r '[.findings[] | select(.line == 721 or .line == 689 or .line == 110) | .ds_read_tr.used] | join(",")' "$T/out")" = false,false,false ] &&
	ok "ds_read_tr: not used (t_n order, invalid linear tile, short padding)" || bad "ds_read_tr unused: $(jq -c '[.findings[] | select(.line == 721 or .line == 689 or .line == 110) | .ds_read_tr]' "$T/out")"
# by hand: n_t fp16 mfma16 kWidth 8, unswizzled order [0, 1]: a phase of 32
# lanes reads 8 K rows of 256 bytes each, the same 8 banks: 8-way
[ "$(jq -c '.findings[] | select(.line == 23) | .ds_read_tr | [.instructions, .wavefronts, .ideal_wavefronts, .bank_conflicts]' "$T/out")" = '[64,1024,128,7]' ] &&
	ok "ds_read_tr: 8-way on an unswizzled tile" || bad "ds_read_tr conflicts: $(jq -c '.findings[] | select(.line == 23) | .ds_read_tr' "$T/out")"
run "ds_read_tr: text on gfx950" 0 "$L" lint --target gfx950 "$M"
grep -q 'amd-ds-read-tr.mlir:23:10: warning: ttg.local_load: .* on gfx950; ds_read_b64_tr_b16: 16 per thread, 7 bank conflicts$' "$T/out" &&
	grep -q 'amd-ds-read-tr.mlir:110:10: .*; not ds_read_b64_tr_b16: ' "$T/out" &&
	ok "text: the transposed read and its count, or why not" || bad "ds_read_tr text: $(grep -E ':(23|110):' "$T/out")"
"$L" lint --format json --target gfx942 "$M" >"$T/out" 2>&1
[ "$(jq '[.findings[] | select(.ds_read_tr)] | length' "$T/out")" = 0 ] &&
	ok "ds_read_tr: none on gfx942" || bad "ds_read_tr on gfx942"
exit $fail
