#!/bin/sh
# layers.sh - the folders of src/ include downwards only, and no function
# in src/ is over 100 lines.
#
# Every #include "..." of every src/ file is resolved as the compiler does
# (the file's own folder, then -I src/layout, then -I src) and read as an
# edge between folders.  The layers, lowest first (docs/hacking.md):
#
#   0 core      src/layout/*.c, *.h   (definitions, JSON, enumeration, errors)
#   1 algebra   src/layout/algebra    (CuTe's layout algebra: core only)
#   2 notation  src/layout/notation   (one reader per notation, the table)
#   3 analysis, print                 (what is computed or drawn of a layout)
#   4 cli, http, store                (the shells around the engine)
#
# An include that runs up a layer fails, and so does any cycle between
# folders (two folders of one layer that include each other, or a longer
# loop).  A function is measured from the line of its opening brace to
# the line of its closing brace, both counted; over 100 fails.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 2
fail=0
T=${TMPDIR:-/tmp}/layers.$$
mkdir -p "$T" || exit 2
trap 'rm -rf "$T"' EXIT

folder() { # path of a src/ file -> its folder's name
	case $1 in
	src/layout/*/*) d=${1#src/layout/}; echo "${d%%/*}" ;;
	src/layout/*) echo core ;;
	src/*/*) d=${1#src/}; echo "${d%%/*}" ;;
	*) echo "?" ;;
	esac
}
layer() {
	case $1 in
	core) echo 0 ;;
	algebra) echo 1 ;;
	notation) echo 2 ;;
	analysis | print) echo 3 ;;
	cli | http | store) echo 4 ;;
	*) echo 9 ;;
	esac
}

# ---- the include graph: "from to file include" per cross-folder include
find src -name '*.[ch]' | sort | while read -r f; do
	from=$(folder "$f")
	dir=$(dirname "$f")
	sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" | while read -r inc; do
		if [ -f "$dir/$inc" ]; then t=$dir/$inc
		elif [ -f "src/layout/$inc" ]; then t=src/layout/$inc
		elif [ -f "src/$inc" ]; then t=src/$inc
		else continue # config.h and the system's
		fi
		t=$(echo "$t" | sed 's#/\./#/#g')
		while echo "$t" | grep -q '/[^/]*/\.\./'; do t=$(echo "$t" | sed 's#/[^/]*/\.\./#/#'); done
		to=$(folder "$t")
		[ "$from" = "$to" ] || echo "$from $to $f $inc"
	done
done >"$T/edges"

while read -r from to f inc; do
	lf=$(layer "$from") lt=$(layer "$to")
	if [ "$lf" = 9 ] || [ "$lt" = 9 ]; then
		echo "FAIL $f includes $inc: folder $from or $to has no layer (add it above)"
		fail=1
	elif [ "$lt" -gt "$lf" ]; then
		echo "FAIL $f includes $inc: $from (layer $lf) reaches up into $to (layer $lt)"
		fail=1
	fi
done <"$T/edges"

# cycles: the folder graph's transitive closure has no (a, a)
awk '{ print $1, $2 }' "$T/edges" | sort -u >"$T/pairs"
awk '
	{ e[$1 " " $2] = 1; n[$1] = 1; n[$2] = 1 }
	END {
		do {
			grew = 0
			for (a in n) for (b in n) if ((a " " b) in e)
				for (c in n) if ((b " " c) in e && !((a " " c) in e)) { e[a " " c] = 1; grew = 1 }
		} while (grew)
		for (a in n) if ((a " " a) in e) print a
	}' "$T/pairs" | sort >"$T/cycles"
if [ -s "$T/cycles" ]; then
	echo "FAIL folders in an include cycle: $(tr '\n' ' ' <"$T/cycles")"
	for a in $(cat "$T/cycles"); do
		grep "^$a " "$T/edges" | while read -r from to f inc; do
			grep -qx "$to" "$T/cycles" && echo "  $f includes $inc ($from -> $to)"
		done
	done
	fail=1
fi
[ "$fail" = 0 ] && echo "ok   $(wc -l <"$T/edges") cross-folder includes, all downward: $(awk '{ printf "%s%s -> %s", (NR > 1 ? ", " : ""), $1, $2 }' "$T/pairs")"

# ---- function length: a function is named by the last line at column 0
# before its brace (a struct, enum or union type's definition is not one)
find src -name '*.c' | sort | while read -r f; do
	awk -v f="$f" '
		/^[A-Za-z_]/ && !/^(typedef|(struct|enum|union) [A-Za-z_]+ \{|(enum|union) \{)/ { sig = $0; sigline = NR }
		/^\{/ { open = NR; name = sig; sub(/\(.*/, "", name); sub(/.*[ *]/, "", name) }
		/^\}/ && open { print f, name, NR - open + 1; open = 0 }
	' "$f"
done >"$T/functions"
over=0
while read -r f name n; do
	if [ "$n" -gt 100 ]; then
		echo "FAIL $f: $name is $n lines (at most 100: split it)"
		over=1
	fi
done <"$T/functions"
[ "$over" = 0 ] && echo "ok   $(wc -l <"$T/functions") functions in src/, none over 100 lines"
[ "$over" = 0 ] || fail=1
exit $fail
