#!/bin/sh
# Every large allocation of the analyses goes through the request's
# context (lay_ctx_malloc / lay_ctx_calloc / lay_ctx_realloc, layout.h), so
# --memory-budget covers it.  This counts the plain malloc, calloc and
# realloc calls left in the analysis, print and algebra sources against the
# list below: each is small or bounded apart from the request's size, and
# says why.  A new one fails here: take it from the context, or list it
# with its reason.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
fail=0
allowed() {
	case $1 in
	analysis/access.c) echo 1 ;;	     # a wavefront's words: lanes * vector
	analysis/access_count.c) echo 1 ;;   # a wavefront's words: lanes * vector
	analysis/access_global.c) echo 3 ;;  # one instruction's offsets: lanes * vector
	analysis/analyze.c) echo 2 ;;	     # one closed form; a probe's places (LAYOUTD_MAX_PROBE_PLACES)
	analysis/analyze_expect.c) echo 3 ;; # the probes a request names
	analysis/analyze_step.c) echo 6 ;;   # one element's points, the examples: the enumeration's step
	analysis/lint_async.c) echo 3 ;;    # one op's type texts: a line of the text, which the body's budget counts
	analysis/lint.c) echo 4 ;;	     # per line and alias of the text, which the body's budget counts; the file name
	analysis/lint_scope.c) echo 1 ;;     # the module line with a region's warps: one line of the text
	analysis/tmem.c) echo 2 ;;	     # TMEM points (128 lanes x 512 columns at most), the atom names
	print/print.c) echo 1 ;;	     # the text buffer: reserved in the context as it grows
	print/print_cute.c) echo 2 ;;	     # the parse state: one struct each (a layout, an atom)
	algebra/cute_algebra.c) echo 1 ;;    # node blocks, capped by the node limit
	*) echo 0 ;;
	esac
}
for f in "$top"/src/layout/analysis/*.c "$top"/src/layout/print/*.c "$top"/src/layout/algebra/*.c; do
	rel=${f#"$top"/src/layout/}
	n=$(grep -cE '(^|[^A-Za-z0-9_])(malloc|calloc|realloc)\(' "$f")
	want=$(allowed "$rel")
	if [ "$n" -gt "$want" ]; then
		echo "FAIL $rel: $n plain allocations, $want listed: take them from the request's context (lay_ctx_malloc)"
		grep -nE '(^|[^A-Za-z0-9_])(malloc|calloc|realloc)\(' "$f"
		fail=1
	else
		echo "ok   $rel: $n plain allocation(s)"
	fi
done
exit $fail
