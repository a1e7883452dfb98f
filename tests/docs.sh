#!/bin/sh
# Every console example in README.md and docs/*.md runs as written: inside
# a ``` block, a line "$ COMMAND" is run from the top of the source tree
# with layoutd on PATH, and the lines after it, up to the next "$ " line or
# the end of the block, are its expected output (stdout and stderr); a
# line "..." ends the comparison early.  Examples that talk to a daemon
# at http://127.0.0.1:8080 get a fresh daemon on an ephemeral port instead.
# Also: no document refers readers to a file outside the repository, and
# every relative link points at a file that exists.
set -u
. "$(dirname "$0")/lib.sh"
S=$(cd "$G/../.." && pwd)
BIN=$(cd "$(dirname "$L")" && pwd)
# run from a scratch directory that looks like the top of the tree, so
# examples that write files (report.xml) leave the sources alone
mkdir -p "$T/tree"
for d in examples tests docs schema web deploy doc clients README.md LICENSE; do ln -s "$S/$d" "$T/tree/$d"; done
cd "$T/tree" || exit 99
n=0
mkdir -p "$T/ex"
for doc in README.md docs/*.md; do
	base=$(echo "$doc" | sed 's,/,_,g')
	awk -v pre="$T/ex/$base" '
		BEGIN { inblock = 0; k = 0; cur = "" }
		/^```/ { if (cur != "") close(cur); inblock = !inblock; cur = ""; next }
		inblock && /^\$ / {
			if (cur != "") close(cur)
			k++; cur = sprintf("%s.%03d", pre, k)
			print substr($0, 3) > (cur ".cmd"); close(cur ".cmd")
			cur = cur ".out"; printf "" > cur; next }
		inblock && cur != "" { print > cur }
	' "$doc"
done
for doc in README.md docs/*.md; do
	base=$(echo "$doc" | sed 's,/,_,g')
	# each document gets a fresh daemon and database
	rm -f "$DB" "$DB"-*
	start
	for cmd in "$T/ex/$base".*.cmd; do
		[ -f "$cmd" ] || continue
		n=$((n + 1))
		want=${cmd%.cmd}.out
		c=$(sed "s,http://127.0.0.1:8080,$U,g" "$cmd")
		PATH="$BIN:$PATH" LAYOUTD_SERVER="$U" sh -c "$c" >"$T/got" 2>&1
		if awk -v got="$T/got" '
			{ if ($0 == "...") exit 0
			  if ((getline line < got) <= 0) { print "missing line: " $0; exit 1 }
			  if (line != $0) { print "expected: " $0; print "got:      " line; exit 1 } }
			END { }' "$want" >"$T/why"; then
			# without "...", the output must not go on
			if ! grep -qx '\.\.\.' "$want" && [ "$(wc -l <"$T/got")" -ne "$(wc -l <"$want")" ]; then
				bad "$doc: \$ $c: $(wc -l <"$T/got") lines, expected $(wc -l <"$want")"
			else
				ok "$doc: \$ $c"
			fi
		else
			bad "$doc: \$ $c"
			sed 's/^/     /' "$T/why"
		fi
	done
	stop
done
[ "$n" -gt 5 ] || bad "only $n console examples found"
# self-contained: no references outside the repository
if grep -n "DESIGN\.md\|/work/\|shared/notes" README.md docs/*.md doc/layoutd.8 schema/openapi.json; then
	bad "a document refers to a file outside the repository"
else
	ok "documents stand alone"
fi
# relative links resolve
for doc in README.md docs/*.md; do
	d=$(dirname "$doc")
	# code spans are text, not links: CuTe prints smem_ptr[16b](unset)
	sed 's/`[^`]*`//g' "$doc" | grep -o '](\([^)#:]*\)[)#]' | sed 's/^](//; s/[)#]$//' | while read -r link; do
		[ -n "$link" ] || continue
		[ -e "$d/$link" ] || echo "$doc: broken link $link"
	done
done >"$T/links"
if [ -s "$T/links" ]; then bad "broken links"; cat "$T/links"; else ok "relative links resolve"; fi
exit $fail
