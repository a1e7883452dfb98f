#!/bin/sh
# The recipes of docs/hacking.md, tried: each one is done in a scratch copy
# of the tree exactly as the recipe says, the copy is built (reusing this
# build's objects, so only what the recipe touches compiles), and the
# result is checked through the CLI and the daemon, with the count of the
# files the recipe touched.  One function per recipe; a recipe adds its
# own function and its call at the bottom.  Needs curl and jq.
set -u
. "$(dirname "$0")/lib.sh"
SRC=$(cd "$(dirname "$0")/.." && pwd)
B=$(cd "$(dirname "$L")" && pwd)
S="$T/tree" # the scratch tree; its build is $S/build

# scratch: a pristine copy of the sources and of this build (objects,
# Makefile, config.status), the build's paths moved to the copy.  Times
# are kept, so make rebuilds only what a recipe changes.
scratch() {
	rm -rf "$S"
	mkdir -p "$S/build"
	for f in configure configure.ac Makefile.am Makefile.in aclocal.m4 config.h.in \
		build-aux m4 src web schema docs tools README.md LICENSE; do
		[ -e "$SRC/$f" ] && cp -Rp "$SRC/$f" "$S/"
	done
	for f in Makefile config.status config.h stamp-h1 src tools; do
		[ -e "$B/$f" ] && cp -Rp "$B/$f" "$S/build/"
	done
	chmod -R u+w "$S" # a distcheck's sources are read-only
	# the build names the tree and itself by absolute paths (srcdir, the
	# dependency files): point them at the copy, times kept
	{ echo "$S/build/Makefile"; echo "$S/build/config.status"
	  find "$S/build/src" -name '*.Po'; } | while read -r f; do
		touch -r "$f" "$T/stamp"
		sed -i -e "s|$B|$S/build|g" -e "s|$SRC|$S|g" "$f"
		touch -r "$T/stamp" "$f"
	done
}

# touched: the files a recipe changed in the copy, against the tree, as
# "new PATH" and "changed PATH" lines into $T/touched
touched() {
	(cd "$S" && find src -type f) | sort >"$T/files.new"
	(cd "$SRC" && find src -type f) | sort >"$T/files.old"
	: >"$T/touched"
	comm -13 "$T/files.old" "$T/files.new" | sed 's/^/new /' >>"$T/touched"
	comm -12 "$T/files.old" "$T/files.new" | while read -r f; do
		cmp -s "$SRC/$f" "$S/$f" || echo "changed $f"
	done >>"$T/touched"
}

# build_scratch: the copy's layoutd, or a failure with make's output
build_scratch() {
	if make -C "$S/build" layoutd >"$T/make.out" 2>&1; then
		ok "$1: the copy builds"
	else
		bad "$1: the copy does not build"
		tail -20 "$T/make.out"
		return 1
	fi
	grep -c ' CC ' "$T/make.out" | { read -r n; echo "     ($n files compiled)"; }
}

# ---- the section recipe: one file and one row in sections.c
recipe_section() {
	scratch
	# 1. the section's file: its attach function, of the table's type
	cat >"$S/src/layout/analysis/dummy.c" <<'EOF'
/*
 * dummy.c - a section that reports the layout's size (a try of the
 * section recipe, docs/hacking.md).
 */
#include "analysis/sections.h"

lay_section_fn lay_dummy_attach;

int lay_dummy_attach(json_t *analysis, struct lay_def *def, json_t *member,
		     const struct lay_section_call *c, struct lay_error *err)
{
	if (!member)
		return 0;
	if (!json_is_true(member))
		return lay_error_set(err, LAY_ESCHEMA, c->ptr, -1, "%s is true", c->section->key);
	json_object_set_new(analysis, c->section->key,
			    json_pack("{s:I}", "size", (json_int_t)def->size));
	return 0;
}
EOF
	# 2. its row: the declaration beside the others, the row in the table
	f="$S/src/layout/analysis/sections.c"
	awk '
	/^const struct lay_section \*const lay_sections\[\] = \{/ { t = 1 }
	t && /^};/ { print "\t&(const struct lay_section){ .key = \"dummy\", .applies = \"every layout\", .attach = lay_dummy_attach, .flags = LAY_SECTION_FRESH | LAY_SECTION_STRIP | LAY_SECTION_STORED },"; t = 0 }
	{ print }
	/declared here beside their rows/ { print "lay_section_fn lay_dummy_attach;" }
	' "$f" >"$T/sections.c" && cat "$T/sections.c" >"$f"
	touched
	if [ "$(sort "$T/touched" | tr '\n' ' ')" = "changed src/layout/analysis/sections.c new src/layout/analysis/dummy.c " ]; then
		ok "section recipe: one new file, one changed file"
	else
		bad "section recipe touched: $(cat "$T/touched")"
	fi
	diff "$SRC/src/layout/analysis/sections.c" "$f" >"$T/row.diff"
	if ! grep -q '^<' "$T/row.diff" && [ "$(grep -c '^>' "$T/row.diff")" -eq 2 ]; then
		ok "section recipe: sections.c gains two lines, the declaration and the row"
	else
		bad "section recipe: sections.c diff $(cat "$T/row.diff")"
	fi
	build_scratch "section recipe" || return
	LS="$S/build/layoutd"
	printf '{"layout": {"logical": [4, 8], "expr": {"offset": "i * 8 + j"}}, "dummy": true}' >"$T/dummy.json"
	"$LS" check --json "$T/dummy.json" >"$T/dummy.cli" 2>&1
	jq -e '.dummy.size == 32 and .ok == true' "$T/dummy.cli" >/dev/null \
		&& ok "section recipe: layoutd check gives analysis.dummy" \
		|| bad "section recipe: check gave $(head -c 300 "$T/dummy.cli")"
	"$LS" check --json "$SRC/tests/golden/seed-gemm-fragment-8x8/request.json" >/dev/null 2>&1 \
		&& ok "section recipe: a request without it still checks" || bad "section recipe: other requests broke"
	L0=$L O0=${OPENAPI_CHECK:-}
	L=$LS
	OPENAPI_CHECK= # the API document is the tree's, without the dummy
	start
	req "section recipe: POST /v1/analyze with the member" 200 --data-binary "@$T/dummy.json" "$U/v1/analyze"
	jqt "section recipe: the daemon gives analysis.dummy" '.dummy.size == 32'
	hdr "section recipe: never from the cache" '^x-cache: miss'
	req "section recipe: a bad member is a located error" 422 --data-binary '{"layout": {"logical": [4, 8], "expr": {"offset": "i * 8 + j"}}, "dummy": 1}' "$U/v1/analyze"
	jqt "section recipe: located at /dummy" '.pointer == "/dummy"'
	req "section recipe: the same layout without it" 200 --data-binary '{"layout": {"logical": [4, 8], "expr": {"offset": "i * 8 + j"}}}' "$U/v1/analyze"
	jqt "section recipe: the cached analysis does not keep it" '.dummy == null'
	req "section recipe: the registry stores it" 201 -X PUT --data-binary "@$T/dummy.json" "$U/v1/layouts/dummy"
	jqt "section recipe: kept with the version" '.checks == {dummy: true}'
	stop
	L=$L0 OPENAPI_CHECK=$O0
}

# ---- the section table read by the daemon (sections.c): a section's
# member is never answered from the cache, and its result is not kept there
table_sections() {
	start
	TM='{"layout": {"cute": "SM100_TMEM_LOAD_16dp128b16x"}}'
	req "table: a TMEM layout, cached" 200 --data-binary "$TM" "$U/v1/analyze"
	req "table: again, from the cache" 200 --data-binary "$TM" "$U/v1/analyze"
	hdr "table: a hit" '^x-cache: hit'
	req "table: with tmem.match" 200 --data-binary "$(echo "$TM" | jq -c '. + {tmem: {match: true}}')" "$U/v1/analyze"
	jqt "table: tmem.match is there" '.tmem.match != null'
	hdr "table: tmem.match misses the cache" '^x-cache: miss'
	req "table: without it again" 200 --data-binary "$TM" "$U/v1/analyze"
	jqt "table: tmem.match is not cached" '.tmem != null and .tmem.match == null'
	CP=$(jq -c . "$G/copy-cutlass-sm75-u32x4-ldsm-n/request.json")
	req "table: a copy request" 200 --data-binary "$CP" "$U/v1/analyze"
	hdr "table: copy misses the cache" '^x-cache: miss'
	req "table: its layout alone" 200 --data-binary "$(echo "$CP" | jq -c '{layout}')" "$U/v1/analyze"
	hdr "table: a hit, the copy's analysis cached" '^x-cache: hit'
	jqt "table: the copy section is not kept in the cache" '.copy == null and .ok == true'
	req "table: expect.copy_legal bypasses the cache too" 422 --data-binary "$(echo "$CP" | jq -c '{layout, expect: {copy_legal: true}}')" "$U/v1/analyze"
	jqt "table: and needs a copy" '.pointer == "/expect/copy_legal"'
	stop
	# the API document names the members the table has: the request's
	# (the CLI lists them for an unknown one) and those a version keeps
	printf '{"layout": {"logical": [4, 8], "expr": {"offset": "i * 8 + j"}}, "bogus": 1}' >"$T/bogus.json"
	"$L" check --json "$T/bogus.json" | jq -r '.error.detail' | sed 's/.*(\(.*\))$/\1/; s/, /\n/g' | sort >"$T/members.table"
	jq -r '.components.schemas.Request.properties | keys[]' "$SRC/schema/openapi.json" | sort >"$T/members.doc"
	jq -r '.components.schemas.PutLayoutRequest.properties | keys[] | select(. != "description")' "$SRC/schema/openapi.json" | sort >"$T/members.put"
	jq -r '.components.schemas.RegistryVersion.properties.checks.properties | keys[]' "$SRC/schema/openapi.json" | sort >"$T/members.checks"
	[ -s "$T/members.table" ] && cmp -s "$T/members.table" "$T/members.doc" && cmp -s "$T/members.table" "$T/members.put" \
		&& grep -vx layout "$T/members.table" | cmp -s - "$T/members.checks" \
		&& ok "table: the API document names its sections ($(tr '\n' ' ' <"$T/members.table"))" \
		|| bad "table: the API document and the table differ: $(cat "$T/members.table" | tr '\n' ' ') / $(tr '\n' ' ' <"$T/members.doc") / $(tr '\n' ' ' <"$T/members.put")"
}

table_sections
if [ "$B" = "$SRC" ]; then # sources and objects in one tree: no copy of the build apart
	echo "skip the recipes: they need a build directory apart from the sources"
else
	recipe_section
fi
exit $fail
