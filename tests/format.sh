#!/bin/sh
# Style is a test: clang-format (the repository's .clang-format) over every
# C file; skipped (77) when clang-format is absent.  src/http/assets.c is
# generated at build time (tools/embed) and is not ours to format: an
# in-tree build puts it beside the sources.
command -v clang-format >/dev/null 2>&1 || exit 77
cd "${srcdir:-.}" || exit 99
files=
for f in src/*/*.c src/*/*.h tests/unit/*.c tests/unit/*.h tests/*.c tests/golden/*.c \
	tests/fuzz/*.c tools/*.c bench/*.c; do
	[ "$f" = src/http/assets.c ] && continue
	[ -f "$f" ] && files="$files $f"
done
# shellcheck disable=SC2086
exec clang-format --dry-run --Werror $files
