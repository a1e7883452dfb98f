#!/bin/sh
# One command on a fresh Debian 12 machine: install what layoutd needs,
# build it from scratch and run the whole test suite, twice: a plain build
# and one under AddressSanitizer + UndefinedBehaviorSanitizer.  What a run
# needs once (the browser, PostgreSQL, the TLS job, the API linters, the
# Python client: tests/once.sh) runs in the plain build only; the sanitizer
# build runs every suite that drives layoutd's own code.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
"$top/scripts/deps.sh"
# the dashboard's browser tests: Debian's chromium and playwright-core from npm
"$top/scripts/browser-deps.sh"
(cd "$top" && autoreconf -fi)
status=0
for flavour in plain sanitizers; do
	dir="$top/build-test-$flavour"
	rm -rf "$dir"
	opts="--enable-werror"
	[ "$flavour" = sanitizers ] && opts="$opts --enable-sanitizers"
	echo "=== $flavour build ($opts)"
	# shellcheck disable=SC2086
	"$top/scripts/build.sh" "$dir" $opts
	once=0
	[ "$flavour" = sanitizers ] && once=1
	if ! (cd "$dir" && LAYOUTD_SKIP_ONCE=$once make -j"$(nproc)" check); then
		status=1
		for f in "$dir"/tests/*.log "$dir"/tests/*/*.log; do
			[ -f "$f" ] && grep -qE "^(FAIL|ERROR)" "${f%.log}.trs" 2>/dev/null && { echo "--- $f"; tail -n 60 "$f"; }
		done
	fi
	# the daemon again under ThreadSanitizer, under load (about a minute)
	if [ "$flavour" = plain ]; then
		echo "=== ThreadSanitizer (make tsan)"
		(cd "$dir" && make -j"$(nproc)" tsan) || status=1
	fi
done
# The release tarball: it must build and pass its own tests from a
# read-only source tree.  The suites run once (tests/once.sh) ran in the
# plain build; the npm-based validators use the ones installed in this
# checkout.
if [ $status -eq 0 ]; then
	echo "=== make distcheck"
	if ! (cd "$top/build-test-plain" && LAYOUTD_BROWSER_REQUIRED=0 LAYOUTD_SKIP_ONCE=1 \
		LAYOUTD_NODE_MODULES="$top/tests/browser/node_modules" \
		make distcheck DISTCHECK_CONFIGURE_FLAGS=--enable-werror); then
		status=1
	fi
fi
[ $status -eq 0 ] && echo "=== all tests passed"
exit $status
