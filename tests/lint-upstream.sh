#!/bin/sh
# layoutd lint on modules of Triton's own tests (tests/lint/upstream/, see its
# README.md for where each comes from): IR Triton accepts gives no error
# finding and no crash, each class lint cannot analyse is a skipped finding
# with its reason, and what Triton's verifier refuses (invalid*.mlir) is an
# error at the op.  LAYOUTD_TRITON_TESTS=DIR also lints every *.mlir of a
# Triton test/ tree the same way.
set -u
. "$(dirname "$0")/lib.sh"
S=$(cd "$G/../.." && pwd)
U=$S/tests/lint/upstream

# one file, one process: no crash (exit 0, 1 or 2), and no error finding
# unless Triton refuses the file; a file with no TTGIR module is bad input
lint_one() { # FILE -> $T/one.json
	"$L" lint --format json "$1" >"$T/one.json" 2>"$T/one.err"
	r=$?
	if [ "$r" -gt 2 ]; then
		bad "$1: exit $r (a crash)"
		return
	fi
	[ -s "$T/one.json" ] || return 0
	n=$(jq '[.findings[] | select(.kind == "error")] | length' "$T/one.json")
	case $(basename "$1") in
	invalid*.mlir) ;;
	*) [ "$n" = 0 ] || bad "$1: $n error findings on IR Triton accepts: $(jq -c '[.findings[] | select(.kind == "error") | {line, message: .error.message}][0:3]' "$T/one.json")" ;;
	esac
}

for f in "$U"/*.mlir; do
	lint_one "$f"
	c=$(basename "$f")
	grep "^$c " "$U/expect" | while read -r _ kind rx; do
		if [ "$kind" = none ]; then # no finding of kind $rx at all
			jq -e --arg k "$rx" 'all(.findings[]; .kind != $k)' "$T/one.json" >/dev/null &&
				echo "ok   $c: no $rx finding" || echo "FAIL $c: $rx findings: $(jq -c --arg k "$rx" '[.findings[] | select(.kind == $k) | {line, why: (.skipped.reason // .error.message)}]' "$T/one.json")"
			continue
		fi
		jq -e --arg k "$kind" --arg rx "$rx" \
			'any(.findings[]; .kind == $k and ((.skipped.reason // .error.message // .op) | test($rx)))' \
			"$T/one.json" >/dev/null && echo "ok   $c: a $kind finding, /$rx/" || echo "FAIL $c: no $kind finding matching /$rx/: $(jq -c '[.findings[] | {kind, line, why: (.skipped.reason // .error.message)}]' "$T/one.json")"
	done >"$T/exp"
	cat "$T/exp"
	grep -q '^FAIL' "$T/exp" && fail=1
	case $c in
	invalid*.mlir) [ "$(jq .errors "$T/one.json")" -ge 1 ] && ok "$c: exit 2 with the error" || bad "$c: no error" ;;
	*) [ "$(jq '.errors == 0 and (.findings | length) >= 1' "$T/one.json")" = true ] && ok "$c: 0 errors, $(jq .skipped "$T/one.json") skipped" || bad "$c: $(jq -c '{errors, skipped}' "$T/one.json")" ;;
	esac
done
[ "$(grep -c . "$U/expect" | tr -d ' ')" -gt 10 ] && ok "every class has its case" || bad "expect is short"
for f in "$U"/*.mlir; do
	grep -q "^$(basename "$f") " "$U/expect" || bad "$(basename "$f"): not in expect"
	grep -q "$(basename "$f")" "$U/README.md" || bad "$(basename "$f"): no provenance in README.md"
done

# a whole Triton test tree, when given
if [ -n "${LAYOUTD_TRITON_TESTS:-}" ]; then
	find "$LAYOUTD_TRITON_TESTS" -name '*.mlir' | sort >"$T/all"
	while read -r f; do lint_one "$f"; done <"$T/all"
	ok "linted $(wc -l <"$T/all" | tr -d ' ') files of $LAYOUTD_TRITON_TESTS"
fi
exit $fail
