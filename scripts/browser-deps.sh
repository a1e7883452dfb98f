#!/bin/sh
# Installs what the dashboard's browser tests need (tests/browser.sh):
# Debian's chromium, node and npm, and playwright-core from npm (pinned in
# tests/browser/package-lock.json).  No browser is downloaded by npm.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
if [ "$(id -u)" -eq 0 ]; then sudo=; else sudo=sudo; fi
need=
command -v chromium >/dev/null 2>&1 || need="$need chromium"
command -v node >/dev/null 2>&1 || need="$need nodejs"
command -v npm >/dev/null 2>&1 || need="$need npm"
if [ -n "$need" ]; then
	$sudo apt-get update -qq
	# shellcheck disable=SC2086
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $need
fi
cd "$top/tests/browser"
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
