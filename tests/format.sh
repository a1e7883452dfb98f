#!/bin/sh
# Style is a test: clang-format (the repository's .clang-format) over every
# C file; skipped (77) when clang-format is absent.
command -v clang-format >/dev/null 2>&1 || exit 77
cd "${srcdir:-.}" || exit 99
clang-format --dry-run --Werror src/*/*.c src/*/*.h tests/unit/*.c tests/unit/*.h \
	tests/*.c tests/golden/*.c tests/fuzz/*.c tools/*.c bench/*.c
