#!/bin/sh
# The print-* golden cases: `layoutd print --format FORMAT LAYOUT` must write
# expected.out byte for byte (the bytes CuTe's print_layout / print_latex
# or Triton's getLayoutStr print, see each case's SOURCE), or, for a case
# with expected.err, exit 2 with each of its lines in the error message.
# Then the same pictures over HTTP: GET /v1/analyses/{id}/print?format=.
set -u
. "$(dirname "$0")/lib.sh"
n=0
for d in "$G"/print-*/; do
	d=${d%/}
	c=$(basename "$d")
	f=$(cat "$d/format")
	in=$(ls "$d"/layout.* | head -1)
	n=$((n + 1))
	"$L" print --format "$f" "$in" >"$T/out" 2>"$T/err"
	rc=$?
	if [ -f "$d/expected.err" ]; then
		why=
		[ "$rc" -eq 2 ] || why="exit $rc, expected 2"
		while IFS= read -r line; do
			grep -qF -- "$line" "$T/err" || why="${why:+$why; }no \"$line\" in the error"
		done <"$d/expected.err"
		[ -s "$T/out" ] && why="${why:+$why; }wrote to standard output"
		if [ -z "$why" ]; then ok "$c"; else bad "$c: $why"; cat "$T/err"; fi
	elif [ -f "$d/filecheck" ]; then
		# FileCheck's CHECK lines of an upstream test: substrings, in order,
		# each on a line after the previous match (the tool's own header
		# line is not part of getLayoutStr)
		pre=$(cat "$d/filecheck")
		grep "^// $pre: " "$G/tools/tensor_layout_print.mlir" | sed "s|^// $pre: ||" |
			grep -v '^Print layout attribute:' >"$T/checks"
		if [ "$rc" -eq 0 ] && [ -s "$T/checks" ] && awk -v out="$T/out" '
			{ want = $0
			  while ((getline line < out) > 0) if (index(line, want)) next
			  print "not found in order: " want; exit 1 }' "$T/checks" >"$T/why"; then
			ok "$c ($(wc -l <"$T/checks") $pre lines)"
		else
			bad "$c: exit $rc"
			cat "$T/why" "$T/err"
		fi
	elif [ "$rc" -eq 0 ] && cmp -s "$T/out" "$d/expected.out"; then
		ok "$c"
	else
		bad "$c: exit $rc, output differs from expected.out"
		cat "$T/err"
		diff "$T/out" "$d/expected.out" | head -10
	fi
done
[ "$n" -gt 0 ] || bad "no print-* cases under $G"

# print_layout's output is itself a layout text: printing it again
# reproduces it (the grid below the header is read as a picture)
for d in "$G"/print-cute-*/; do
	[ -f "$d/expected.out" ] || continue
	c=$(basename "$d")
	if "$L" print --format cute "$d/expected.out" 2>"$T/err" | cmp -s - "$d/expected.out"; then
		ok "$c: printing the picture again gives it back"
	else
		bad "$c: the picture does not print back"
		cat "$T/err"
	fi
done

# the reading options check takes: --role tv --logical draws CuTe's TV
# picture of a .cute text, as the layout.json of the same case does
E=$(cd "$G/../.." && pwd)/examples
"$L" print --format latex --role tv --logical 16,8 "$E/sm80-c.cute" >"$T/out" 2>"$T/err"
if [ $? -eq 0 ] && cmp -s "$T/out" "$G/print-latex-tv-sm80-16x8-c/expected.out"; then
	ok "print --role tv --logical 16,8 examples/sm80-c.cute: print_latex_tv's bytes"
else
	bad "print --role tv: $(cat "$T/err")"
fi
"$L" print --format latex --role=tv --logical=16,8 --notation=cute "$E/sm80-c.cute" 2>"$T/err" | cmp -s - "$G/print-latex-tv-sm80-16x8-c/expected.out" \
	&& ok "the --opt=VALUE spellings" || bad "print --role=tv: $(cat "$T/err")"
# what print cannot draw: located errors, exit 2
perr() { # NAME LINE-IN-ERROR print-args...
	n=$1 w=$2
	shift 2
	"$L" print "$@" >"$T/out" 2>"$T/err"
	rc=$?
	[ $rc -eq 2 ] && [ ! -s "$T/out" ] && grep -qF -- "$w" "$T/err" && ok "$n: exit 2" || { bad "$n: exit $rc"; cat "$T/err"; }
}
perr "a TV picture without its tile" 'a tv layout needs "logical"' --format latex --role tv "$E/sm80-c.cute"
perr "a TV layout outside its tile" "outside the 8 x 8 tile" --format latex --role tv --logical 8,8 "$E/sm80-c.cute"
printf '(_32,_4):(_3,_1)\n' >"$T/odd.cute"
perr "a stride CuTe cannot compose with the tile" "CuTe cannot compose" --format latex --role tv --logical 16,8 "$T/odd.cute"
# CuTe's weak divisibility check lets this through and its picture would
# misplace elements (12 threads at stride 3 overrun 16 rows): refused
printf '(_12,_4):(_3,_16)\n' >"$T/inexact.cute"
perr "an inexact composition with the tile" "cannot compose it exactly" --format latex --role tv --logical 16,8 "$T/inexact.cute"
printf 'max_common_vector((4,2):(1,4), (4,2):(1,4))\n' >"$T/mcv.cute"
perr "an algebra expression with an integer value" "no layout to print" --format cute "$T/mcv.cute"
# print reads the text with the cute notation's reader: a comment left
# open is refused, not skipped to the end
printf '(4,8):(1,4) /* open\n' >"$T/open.cute"
perr "an unterminated comment" "unterminated comment" --format cute "$T/open.cute"
# every spelling of a swizzle the reader takes prints as written: the CuTe
# DSL's S<B,M,S> draws what Sw<B,M,S> draws, its dynamic offset kept
printf 'S<3,4,3> o 0 o (8,8):(8,1)\n' >"$T/dsl.cute"
printf 'Sw<3,4,3> o 0 o (8,8):(8,1)\n' >"$T/sw.cute"
"$L" print --format cute "$T/sw.cute" >"$T/sw.out" 2>"$T/err"
if "$L" print --format cute "$T/dsl.cute" 2>>"$T/err" | cmp -s - "$T/sw.out" &&
	head -1 "$T/sw.out" | grep -qxF 'Sw<3,4,3> o 0 o (8,8):(8,1)'; then
	ok "S<B,M,S> o 0 o L prints as Sw<B,M,S> o 0 o L"
else
	bad "S<B,M,S> o 0 o L: $(cat "$T/err")"
fi
jq -r .cute "$G/print-latex-tv-tiled-mma-sm80-16x8x16-b/layout.json" >"$T/mma.txt"
perr "print(tiled_mma) without a role" 'set cute_role "tv"' --format latex "$T/mma.txt"
"$L" print --format latex --role tv --logical 8,16 "$T/mma.txt" 2>"$T/err" | cmp -s - "$G/print-latex-tv-tiled-mma-sm80-16x8x16-b/expected.out" \
	&& ok "print(tiled_mma) text with --role tv --logical 8,16: LayoutB_TV's picture" || bad "print tiled_mma --role: $(cat "$T/err")"
perr "an unknown --notation" "--notation is" --format cute --notation nope "$E/sm80-c.cute"
# a negative index that is no multiple of 8 would read outside CuTe's colour
# table (color_map[idx % 8]): layoutd fills it black!00, as the multiples
# of 8 (print-latex-negative-multiples-of-8) are; positive ones keep idx % 8
printf '(2,4):(1,-3)\n' >"$T/neg.txt"
"$L" print --format latex "$T/neg.txt" >"$T/out" 2>"$T/err"
want='0:black!00 -3:black!00 -6:black!00 -9:black!00 1:black!40 -2:black!00 -5:black!00 -8:black!00'
got=$(sed -n 's/^\\node\[fill=\([^]]*\)\] at ([0-9]*,[0-9]*) {\(-*[0-9]*\)};$/\2:\1/p' "$T/out" | tr '\n' ' ')
[ "$got" = "$want " ] && ok "latex: negative indices filled black!00" || bad "latex negative fills: $got"

# over HTTP: analyse, then fetch the picture of the analysis
start
for c in print-cute-sw343-8x64 print-latex-nested-2x4x2x4 print-triton-ndtensor-triton-hw \
	print-triton-larger2d-shared-triton print-latex-tv-sm80-16x8-c print-cute-algebra-logical-divide \
	print-latex-tv-tiled-copy-u64-16x8-4x1 print-latex-tv-tiled-mma-sm80-16x8x16-b; do
	d=$G/$c
	in=$(ls "$d"/layout.* | head -1)
	case $in in
	*.json) body=$(jq -c '{layout: .}' "$in") ;;
	*) body=$(jq -Rsc '{layout: {cute: (. | rtrimstr("\n"))}}' "$in") ;;
	esac
	req "$c: analyze" 200 -H 'Content-Type: application/json' -d "$body" "$U/v1/analyze"
	id=$(jq -r .id "$T/body")
	req "$c: GET print" 200 "$U/v1/analyses/$id/print?format=$(cat "$d/format")"
	if cmp -s "$T/body" "$d/expected.out"; then ok "$c: HTTP bytes"; else bad "$c: HTTP bytes differ"; diff "$T/body" "$d/expected.out" | head -5; fi
	hdr "$c: text/plain" '^content-type: text/plain; charset=utf-8'
done
# pasted text (as the dashboard and the Python client send it): printed as
# the notation it is detected as; these cases are analysed here first
for c in print-cute-static-4x8 print-cute-gmma-k-sw32-f16 print-triton-simple-blocked-triton; do
	d=$G/$c
	in=$(ls "$d"/layout.* | head -1)
	case $in in
	*.json) body=$(jq -c '{layout: (. + {text: .ttgir} | del(.ttgir))}' "$in") ;;
	*) body=$(jq -Rsc '{layout: (. | rtrimstr("\n"))}' "$in") ;;
	esac
	req "$c: analyze pasted text" 200 -H 'Content-Type: application/json' -d "$body" "$U/v1/analyze"
	id=$(jq -r .id "$T/body")
	req "$c: GET print of pasted text" 200 "$U/v1/analyses/$id/print?format=$(cat "$d/format")"
	if cmp -s "$T/body" "$d/expected.out"; then ok "$c: HTTP bytes of pasted text"; else bad "$c: HTTP bytes of pasted text differ"; diff "$T/body" "$d/expected.out" | head -5; fi
done
req "rank 3: 422" 200 -H 'Content-Type: application/json' -d '{"layout":{"cute":"(2,2,2):(1,2,4)"}}' "$U/v1/analyze"
id=$(jq -r .id "$T/body")
req "print of a rank-3 layout: 422" 422 "$U/v1/analyses/$id/print?format=cute"
jqt "located" '.code == "shape_mismatch" and .pointer == "/layout/cute" and .position == 0'
req "unknown format: 400" 400 "$U/v1/analyses/$id/print?format=svg"
jqt "names the formats" '(.detail | contains("cute, latex, triton or triton-hw"))'
req "no format: 400" 400 "$U/v1/analyses/$id/print"
req "a format with a NUL: 400" 400 "$U/v1/analyses/$id/print?format=cute%00junk"
jqt "a NUL in the format is located" '.code == "bad_query" and .pointer == "/query/format"'
# an algebra expression prints its result: coalesce by mode gives
# (12,10):(10,1), whose picture is print-cute-rowmajor-12x10's
req "an expression: analyze" 200 -d '{"layout":{"cute":"coalesce((12,(5,2)):(10,(1,5)), (1,1))"}}' "$U/v1/analyze"
jqt "an expression: its result" '.algebra.result == "(12,10):(10,1)"'
id=$(jq -r .id "$T/body")
req "an expression: GET print" 200 "$U/v1/analyses/$id/print?format=cute"
if cmp -s "$T/body" "$G/print-cute-rowmajor-12x10/expected.out"; then ok "an expression: its result's picture"; else bad "an expression: picture differs"; head -3 "$T/body"; fi
req "an integer-valued expression: analyze" 200 -d '{"layout":{"cute":"max_common_vector((8,16):(16,1), (8,16):(16,1))"}}' "$U/v1/analyze"
id=$(jq -r .id "$T/body")
req "an integer-valued expression: no picture" 422 "$U/v1/analyses/$id/print?format=latex"
jqt "an integer has no picture, located" '.pointer == "/layout/cute" and (.detail | contains("128"))'
req "unknown id: 404" 404 "$U/v1/analyses/sha256:0000000000000000000000000000000000000000000000000000000000000000/print?format=cute"
exit $fail
