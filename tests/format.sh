#!/bin/sh
# Style is a test.
# 1. Commit subjects: every commit made since scripts/commit-msg was added
#    has a subject of at most 72 characters (the hook's rule; older history
#    is left as it is).  Skipped outside a git checkout of this tree (a
#    tarball, distcheck) or without git.
# 2. clang-format (the repository's .clang-format) over every C file;
#    skipped (77) when clang-format is absent.  src/http/assets.c is
#    generated at build time (tools/embed) and is not ours to format: an
#    in-tree build puts it beside the sources.
cd "${srcdir:-.}" || exit 99
if command -v git >/dev/null 2>&1 && [ -f scripts/commit-msg ] &&
	top=$(git rev-parse --show-toplevel 2>/dev/null) && [ "$top" = "$(pwd -P)" ]; then
	base=$(git log --diff-filter=A --format=%H -1 -- scripts/commit-msg 2>/dev/null)
	if [ -n "$base" ]; then
		# shellcheck disable=SC2046
		long=$(git log --format='%h %s' HEAD --not $(git rev-parse "$base^@") 2>/dev/null |
			awk '{ s = $0; sub(/^[^ ]+ /, "", s); if (length(s) > 72) print }')
		if [ -n "$long" ]; then
			echo "format.sh: commit subjects longer than 72 characters:" >&2
			echo "$long" >&2
			exit 1
		fi
	fi
fi
command -v clang-format >/dev/null 2>&1 || exit 77
files=
for f in src/*/*.c src/*/*.h src/*/*/*.c src/*/*/*.h tests/unit/*.c tests/unit/*.h tests/*.c \
	tests/golden/*.c tests/fuzz/*.c tools/*.c bench/*.c; do
	[ "$f" = src/http/assets.c ] && continue
	[ -f "$f" ] && files="$files $f"
done
# shellcheck disable=SC2086
exec clang-format --dry-run --Werror $files
