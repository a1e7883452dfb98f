# tests/once.sh - sourced first by the suites a CI run needs once, not in
# every build: the browser, PostgreSQL, the TLS job and nginx, the API
# document linters, the Python client.  scripts/test.sh runs them in its
# plain build and sets LAYOUTD_SKIP_ONCE=1 for the sanitizer build and
# distcheck, where they skip (77) saying so.  They test the same code the
# other suites run under the sanitizers; what they add (a browser, a
# server, tools) does not change with the build.
if [ "${LAYOUTD_SKIP_ONCE:-0}" = 1 ]; then
	echo "SKIP: run once per CI run, in the plain build (LAYOUTD_SKIP_ONCE=1)"
	exit 77
fi
