#!/bin/sh
# Every example in README.md and docs/*.md runs as written.  Console: inside
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

# Every ```sh block runs too, as one script under set -e, against a fresh
# daemon (http://127.0.0.1:8080 and ./layoutd.db become the test's); a
# comment line "# TEXT" in it is a line its output must hold.  A block
# right after a line "<!-- docs.sh: not run (why) -->" is skipped (the
# two commands that set up this machine).  Every ```json block parses, or
# is an excerpt marked with "…"; one that is a request or a definition is
# checked by layoutd check (pass or fail, never bad input).
ns=0 nj=0
for doc in README.md docs/*.md; do
	base=$(echo "$doc" | sed 's,/,_,g')
	awk -v pre="$T/ex/$base" '
		BEGIN { inblock = 0; k = 0; skip = 0 }
		/^<!-- docs.sh: not run/ { skip = 1; next }
		/^```/ {
			if (inblock) { inblock = 0; cur = ""; next }
			inblock = 1; lang = substr($0, 4); cur = ""
			if (!skip && (lang == "sh" || lang == "json")) {
				k++; cur = sprintf("%s.%s.%03d", pre, lang, k); printf "" > cur
			}
			skip = 0; next }
		{ skip = 0 }
		inblock && cur != "" { print > cur }
	' "$doc"
	rm -f "$DB" "$DB"-*
	started=
	for blk in "$T/ex/$base".sh.* "$T/ex/$base".json.*; do
		[ -f "$blk" ] || continue
		case $blk in
		*.sh.*)
			[ -n "$started" ] || { start; started=1; }
			ns=$((ns + 1))
			sed "s,http://127.0.0.1:8080,$U,g; s,\./layoutd\.db,$DB,g" "$blk" >"$T/script"
			if PATH="$BIN:$PATH" LAYOUTD_SERVER="$U" sh -e "$T/script" >"$T/got" 2>&1; then
				missing=$(sed -n 's/^# //p' "$blk" | while IFS= read -r want; do
					grep -qxF -- "$want" "$T/got" || echo "$want"; done)
				if [ -n "$missing" ]; then
					bad "$doc: sh block $(basename "$blk"): output lacks: $missing"
					sed 's/^/     /' "$T/got" | head -20
				else
					ok "$doc: sh block $(basename "$blk")"
				fi
			else
				bad "$doc: sh block $(basename "$blk") failed"
				sed 's/^/     /' "$blk" "$T/got" | head -30
			fi ;;
		*.json.*)
			nj=$((nj + 1))
			if jq -e . "$blk" >/dev/null 2>&1; then
				if jq -e 'type == "object" and (has("layout") or has("axe") or has("cute") or has("expr") or has("linear") or has("table") or has("ttgir"))' "$blk" >/dev/null 2>&1; then
					"$L" check --json "$blk" >"$T/got" 2>&1
					rc=$?
					if [ "$rc" -le 1 ]; then ok "$doc: json block $(basename "$blk") checks"; else
						bad "$doc: json block $(basename "$blk") is bad input"; head -c 600 "$T/got"; echo; fi
				else
					ok "$doc: json block $(basename "$blk") parses"
				fi
			elif grep -q '…' "$blk"; then
				ok "$doc: json block $(basename "$blk") is an excerpt"
			else
				bad "$doc: json block $(basename "$blk") is neither JSON nor an excerpt marked …"
			fi ;;
		esac
	done
	[ -n "$started" ] && stop
done
[ "$ns" -gt 5 ] || bad "only $ns sh examples found"
[ "$nj" -gt 5 ] || bad "only $nj json examples found"
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
