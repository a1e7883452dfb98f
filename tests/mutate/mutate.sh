#!/bin/sh
# mutate.sh - mutation testing: apply each mutant of a curated list, one at a
# time, to a scratch copy of the source tree, rebuild incrementally, run the
# tests the mutant names, and report whether they noticed (killed) or not
# (survived).  The kill rate says how many plausible single-point bugs the
# tests catch.  `make mutate` runs it; it is a measurement, not part of
# `make check`.
#
# usage: tests/mutate/mutate.sh [SUBSTRING...]
#   SUBSTRING   run only the mutants whose name or file contains one of them
# environment:
#   MUTANTS          the list (default: tests/mutate/mutants.txt beside this script)
#   MUTATE_DIR       scratch directory (default: ./mutate.d under the current
#                    directory); kept between runs so rebuilds stay incremental
#   MUTATE_JOBS      make -j for rebuilds (default 2)
#   MUTATE_TIMEOUT   seconds per test command before it counts as a kill (120)
#   MUTATE_MIN_RATE  exit 1 when the kill rate is below this percentage (95)
#
# The list (mutants.txt) is blocks of "key: value" lines, one block per mutant:
#   mutant: a short name
#   file: src/layout/notation/expr.c        a path or a glob (src/store/*.c) under the top
#   from: if (a % b != 0)          an exact snippet, found exactly once
#   to: if (1)                     its replacement (may be empty)
#   tests: unit/test_expr golden:bad-expr
#   equivalent: why no test can tell (optional)
# Test names: unit/NAME (tests/unit/NAME), golden[:FILTER,...] (run_golden
# with those case-name filters), sh/NAME (tests/NAME.sh against the daemon),
# prog/PATH (a check program by its build path).
#
# A mutant whose snippet is no longer in the source (or is there more than
# once) is "stale": reported, not counted, so the list survives code moving.
# The snippet is replaced, clang-format is re-applied to the file (so style
# is never what kills a mutant), the file must differ from the original, and
# a mutant that does not compile is "invalid" (a mistake in the list).  The
# user's tree is never modified: the scratch copy is restored after each
# mutant and on exit.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
list=${MUTANTS:-$here/mutants.txt}
W=${MUTATE_DIR:-$PWD/mutate.d}
jobs=${MUTATE_JOBS:-2}
tmo=${MUTATE_TIMEOUT:-120}
min_rate=${MUTATE_MIN_RATE:-95}
S=$W/src
B=$W/build
M=$W/mutants
LOGS=$W/logs
t_start=$(date +%s)

die() { echo "mutate: $*" >&2; exit 2; }
[ -r "$list" ] || die "no list $list"
command -v perl >/dev/null || die "perl is required"
command -v timeout >/dev/null || die "timeout (coreutils) is required"
have_fmt=0
command -v clang-format >/dev/null && have_fmt=1

# ---- the scratch copy: tracked and untracked (not ignored) files, plus the
# generated autotools files when the source tree has them
git -C "$top" rev-parse --git-dir >/dev/null 2>&1 || die "$top is not a git checkout"
mkdir -p "$S" "$B" "$LOGS" || die "cannot create $W"
echo "mutate: syncing $top -> $S"
{
	git -C "$top" ls-files -co --exclude-standard
	for g in configure aclocal.m4 config.h.in Makefile.in; do [ -f "$top/$g" ] && echo "$g"; done
	for d in build-aux m4; do [ -d "$top/$d" ] && (cd "$top" && find "$d" -type f); done
} | sort -u | while IFS= read -r f; do
	case "$f" in "${W#"$top"/}"/*) continue ;; esac
	[ -f "$top/$f" ] || continue
	if ! cmp -s "$top/$f" "$S/$f"; then
		mkdir -p "$S/$(dirname "$f")" && cp "$top/$f" "$S/$f"
	fi
done

current= # the file currently mutated (restored on exit)
restore() {
	if [ -n "$current" ]; then
		cp "$W/orig" "$current"
		current=
	fi
}
trap 'restore' EXIT
trap 'restore; exit 130' INT TERM HUP

# ---- configure once (no -Werror: a warning is not a test)
if [ ! -f "$B/Makefile" ]; then
	echo "mutate: configuring the scratch build"
	[ -x "$S/configure" ] || (cd "$S" && autoreconf -fi >/dev/null 2>&1) || die "autoreconf failed"
	(cd "$B" && "$S/configure" -q CFLAGS="-O1 -g0") >"$W/configure.log" 2>&1 ||
		die "configure failed, see $W/configure.log"
fi

# ---- parse the list into $M/NNN/{name,file,from,to,tests,equivalent}
rm -rf "$M"
mkdir -p "$M"
n=0
while IFS= read -r line || [ -n "$line" ]; do
	case "$line" in
	'#'* | '') continue ;;
	mutant:*)
		n=$((n + 1))
		d=$M/$(printf '%03d' "$n")
		mkdir -p "$d"
		printf '%s' "${line#mutant: }" >"$d/name"
		;;
	file:* | from:* | to:* | tests:* | equivalent:*)
		[ "$n" -gt 0 ] || die "$line: before any 'mutant:' line"
		key=${line%%:*}
		val=${line#"$key":}
		val=${val# }
		printf '%s' "$val" >"$d/$key"
		;;
	*) die "unknown line in $list: $line" ;;
	esac
done <"$list"

# select
sel=0
for d in "$M"/*; do
	[ -d "$d" ] || continue
	for k in name file from tests; do [ -f "$d/$k" ] || die "$(cat "$d/name"): no $k"; done
	[ -f "$d/to" ] || : >"$d/to"
	if [ $# -gt 0 ]; then
		keep=0
		for s in "$@"; do
			case "$(cat "$d/name") $(cat "$d/file")" in *"$s"*) keep=1 ;; esac
		done
		[ $keep = 1 ] || { rm -rf "$d"; continue; }
	fi
	sel=$((sel + 1))
done
[ $sel -gt 0 ] || die "no mutant selected"

# locate DIR: the one file holding the snippet exactly once -> $d/path, else stale
locate() {
	hits=0
	path=
	for f in $S/$(cat "$1/file"); do
		[ -f "$f" ] || continue
		c=$(FROM=$(cat "$1/from") perl -0777 -ne '$n = () = /\Q$ENV{FROM}\E/g; print $n' "$f")
		if [ "$c" -gt 0 ]; then
			hits=$((hits + c))
			path=$f
		fi
	done
	[ $hits -eq 1 ] && printf '%s' "$path" >"$1/path"
	echo $hits
}

targets_of() { # tests -> make targets
	for t in $1; do
		case "$t" in
		unit/*) echo "tests/$t" ;;
		golden*) echo "layoutd tests/golden/run_golden" ;;
		sh/openapi) echo "layoutd tests/openapi_check" ;;
		sh/*) echo "layoutd tests/rawhttp" ;;
		prog/*) echo "${t#prog/}" ;;
		*) die "unknown test $t" ;;
		esac
	done | tr ' ' '\n' | sort -u | tr '\n' ' '
}

# run_tests "TESTS" LOG: 0 when every test passes
run_tests() {
	rt_tests=$1 rt_log=$2
	for t in $rt_tests; do
		case "$t" in
		unit/*) set -- "./tests/$t" ;;
		golden) set -- ./tests/golden/run_golden ;;
		golden:*) set -- ./tests/golden/run_golden $(echo "${t#golden:}" | tr ',' ' ') ;;
		sh/*) set -- sh "$S/tests/${t#sh/}.sh" ;;
		prog/*) set -- "./${t#prog/}" ;;
		esac
		echo "== $t" >>"$rt_log"
		(cd "$B" && LAYOUTD=$B/layoutd GOLDEN_DIR=$S/tests/golden SCHEMA_DIR=$S/schema \
			OPENAPI_CHECK=$B/tests/openapi_check RAWHTTP=$B/tests/rawhttp srcdir=$S \
			timeout "$tmo" "$@" </dev/null
		# not the last command: the subshell reports a crash into the log
		exit $?) >>"$rt_log" 2>&1 || {
			echo "== killed by $t" >>"$rt_log"
			killer=$t
			return 1
		}
	done
	return 0
}

# ---- baseline: every test the selected mutants use passes unmutated
all_tests=
nstale=0
for d in "$M"/*; do
	[ -d "$d" ] || continue
	h=$(locate "$d")
	if [ "$h" -ne 1 ]; then
		echo "$h" >"$d/stale"
		continue
	fi
	all_tests="$all_tests $(cat "$d/tests")"
done
all_tests=$(echo "$all_tests" | tr ' ' '\n' | sort -u | tr '\n' ' ')
echo "mutate: building the scratch copy and the baseline: $all_tests"
(cd "$B" && make -s -j"$jobs" $(targets_of "$all_tests")) >"$W/build.log" 2>&1 ||
	die "the unmutated scratch copy does not build, see $W/build.log"
: >"$LOGS/baseline.log"
killer=
run_tests "$all_tests" "$LOGS/baseline.log" ||
	die "the tests fail without any mutant ($killer), see $LOGS/baseline.log"

# ---- the mutants
killed=0 survived=0 equiv=0 stale=0 invalid=0 i=0
for d in "$M"/*; do
	[ -d "$d" ] || continue
	i=$((i + 1))
	id=$(basename "$d")
	name=$(cat "$d/name")
	tests=$(cat "$d/tests")
	t0=$(date +%s)
	if [ -f "$d/stale" ]; then
		stale=$((stale + 1))
		h=$(cat "$d/stale")
		[ "$h" -eq 0 ] && why="snippet not found" || why="snippet found $h times"
		printf '[%s/%s] %-9s %s (%s in %s)\n' "$i" "$sel" STALE "$name" "$why" "$(cat "$d/file")"
		continue
	fi
	path=$(cat "$d/path")
	rel=${path#"$S"/}
	cp "$path" "$W/orig"
	current=$path
	FROM=$(cat "$d/from") TO=$(cat "$d/to") perl -0777 -i -pe 's/\Q$ENV{FROM}\E/$ENV{TO}/' "$path"
	[ $have_fmt = 1 ] && case "$path" in *.c | *.h) clang-format -i "$path" ;; esac
	line=$(FROM=$(cat "$d/from") perl -0777 -ne 'if (/\Q$ENV{FROM}\E/) { print 1 + (() = substr($_, 0, $-[0]) =~ /\n/g) }' "$W/orig")
	log=$LOGS/$id.log
	killer=
	if cmp -s "$path" "$W/orig"; then
		fate=INVALID
		echo "the mutant does not change the file" >"$log"
	elif ! (cd "$B" && make -s -j"$jobs" $(targets_of "$tests")) >"$log" 2>&1; then
		fate=INVALID
	elif run_tests "$tests" "$log"; then
		fate=SURVIVED
		[ -f "$d/equivalent" ] && fate=EQUIV
	else
		fate=KILLED
	fi
	restore
	dt=$(($(date +%s) - t0))
	case $fate in
	KILLED)
		killed=$((killed + 1))
		note="by $killer"
		[ -f "$d/equivalent" ] && note="$note (listed as equivalent: remove that line)"
		;;
	SURVIVED)
		survived=$((survived + 1))
		note="NOT DETECTED by $tests; log $log"
		;;
	EQUIV)
		equiv=$((equiv + 1))
		note="equivalent: $(cat "$d/equivalent")"
		;;
	INVALID)
		invalid=$((invalid + 1))
		note="does not build or changes nothing; log $log"
		;;
	esac
	printf '[%s/%s] %-9s %s  %s:%s  %s  (%ss)\n' "$i" "$sel" "$fate" "$name" "$rel" "$line" "$note" "$dt"
done
restore
# leave the scratch build matching the source again
(cd "$B" && make -s -j"$jobs" $(targets_of "$all_tests")) >/dev/null 2>&1

counted=$((killed + survived))
wall=$(($(date +%s) - t_start))
if [ $counted -gt 0 ]; then
	rate=$(awk -v k=$killed -v c=$counted 'BEGIN { printf "%.1f", 100 * k / c }')
	rate_all=$(awk -v k=$killed -v c=$((counted + equiv)) 'BEGIN { printf "%.1f", 100 * k / c }')
else
	rate=0.0 rate_all=0.0
fi
echo "mutate: total $sel, killed $killed, survived $survived, equivalent $equiv, stale $stale, invalid $invalid; kill rate $rate% ($killed of $counted non-equivalent; $rate_all% counting the equivalent ones); wall time ${wall}s"
[ $invalid -eq 0 ] || exit 1
awk -v r="$rate" -v m="$min_rate" 'BEGIN { exit !(r + 0 >= m + 0) }' || exit 1
exit 0
