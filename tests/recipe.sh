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

# touched_only NAME NEW CHANGED LINES: the recipe NAME touched exactly one
# new file NEW and one changed file CHANGED, which gained LINES lines and
# lost none
touched_only() {
	touched
	if [ "$(sort "$T/touched" | tr '\n' ' ')" = "changed $3 new $2 " ]; then
		ok "$1: one new file, one changed file"
	else
		bad "$1 touched: $(cat "$T/touched")"
	fi
	diff "$SRC/$3" "$S/$3" >"$T/row.diff"
	if ! grep -q '^<' "$T/row.diff" && [ "$(grep -c '^>' "$T/row.diff")" -eq "$4" ]; then
		ok "$1: $(basename "$3") gains $4 line(s)"
	else
		bad "$1: $(basename "$3") diff $(cat "$T/row.diff")"
	fi
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
	touched_only "section recipe" src/layout/analysis/dummy.c src/layout/analysis/sections.c 2
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

# ---- the notation recipe: one file and one row in notations.c
recipe_notation() {
	scratch
	# 1. the notation's file: its reader, its detect hook, its descriptor
	cat >"$S/src/layout/notation/dummy.c" <<'EOF'
/*
 * dummy.c - the dummy notation: "Dummy<N>" places element i of N at
 * offset N - 1 - i (a try of the notation recipe, docs/hacking.md).
 */
#include <stdlib.h>
#include <string.h>

#include "notation/notation.h"

static int dummy_walk(const struct lay_def *def, lay_emit_fn emit, void *ctx,
		      struct lay_error *err)
{
	(void)err;
	for (int64_t i = 0; i < def->size; i++) {
		int64_t coord[1] = { def->size - 1 - i };
		int rc = emit(ctx, i, coord, 0);
		if (rc)
			return rc;
	}
	return 0;
}

static const struct lay_notation_ops dummy_ops = { .walk = dummy_walk };

static int dummy_parse(struct lay_def *def, json_t *v, json_t *whole, struct lay_error *err)
{
	char ptr[LAY_ERR_PTR], *end;
	(void)whole;
	lay_ptr_join(ptr, sizeof ptr, def->ptr, "dummy");
	const char *t = json_string_value(v);
	if (!t || strncmp(t, "Dummy<", 6) != 0)
		return lay_error_set(err, LAY_ESYNTAX, ptr, -1, "dummy is \"Dummy<N>\"");
	long long n = strtoll(t + 6, &end, 10);
	if (n < 1 || n > 1024 || strcmp(end, ">") != 0)
		return lay_error_set(err, LAY_ESYNTAX, ptr, -1, "dummy is \"Dummy<N>\", N 1 to 1024");
	int64_t shape = n;
	int rc = def->logical_given ? 0 : lay_def_set_shape(def, 1, &shape, ptr, err);
	if (rc)
		return rc;
	if (lay_def_axis(def, "offset", ptr, err) < 0)
		return err->code;
	def->ops = &dummy_ops;
	def->placements_bound = def->size;
	return 0;
}

static int dummy_detect(const char *s)
{
	return lay_text_starts(s, "Dummy<") ? LAY_PASS_TTGIR : 0;
}

const struct lay_notation lay_notation_dummy = {
	.key = "dummy",
	.text_hint = "Dummy<N>",
	.parse = dummy_parse,
	.detect = dummy_detect,
};
EOF
	# 2. its row in the table
	f="$S/src/layout/notation/notations.c"
	awk '/a new notation.s row goes above this line/ { print "\tX(dummy)             \\" } { print }' "$f" >"$T/notations.c" &&
		cat "$T/notations.c" >"$f"
	touched_only "notation recipe" src/layout/notation/dummy.c src/layout/notation/notations.c 1
	build_scratch "notation recipe" || return
	LS="$S/build/layoutd"
	printf '{"layout": {"dummy": "Dummy<8>"}, "expect": {"bijective": true}}' >"$T/dummy.json"
	"$LS" check --json "$T/dummy.json" >"$T/dummy.cli" 2>&1
	jq -e '.notation == "dummy" and .logical.shape == [8] and .ok == true' "$T/dummy.cli" >/dev/null &&
		ok "notation recipe: layoutd check reads {\"dummy\": ...}" ||
		bad "notation recipe: check gave $(head -c 300 "$T/dummy.cli")"
	printf 'Dummy<6>\n' >"$T/dummy.txt"
	"$LS" check --json "$T/dummy.txt" >"$T/dummy.cli" 2>&1
	jq -e '.notation == "dummy" and .logical.shape == [6]' "$T/dummy.cli" >/dev/null &&
		ok "notation recipe: its text is detected" ||
		bad "notation recipe: the text gave $(head -c 300 "$T/dummy.cli")"
	# its pass is ttgir's: a text both claim is the earlier row's
	printf 'Dummy<4> #ttg.blocked<{}>\n' >"$T/both.txt"
	"$LS" check --json "$T/both.txt" >"$T/both.cli" 2>&1
	jq -e '.error.pointer == "/layout/ttgir"' "$T/both.cli" >/dev/null &&
		ok "notation recipe: within a pass the first row wins" ||
		bad "notation recipe: a text ttgir and dummy claim gave $(head -c 300 "$T/both.cli")"
	printf '{"layout": {"dummy": "Dummy<0>"}}' >"$T/bad.json"
	"$LS" check --json "$T/bad.json" >"$T/bad.cli" 2>&1
	jq -e '.error.pointer == "/layout/dummy"' "$T/bad.cli" >/dev/null &&
		ok "notation recipe: a bad value is a located error" ||
		bad "notation recipe: Dummy<0> gave $(head -c 300 "$T/bad.cli")"
	"$LS" check --help | grep -q -- '--notation NAME .*dummy' &&
		ok "notation recipe: check --help lists it" || bad "notation recipe: check --help does not list dummy"
	"$LS" check --json "$SRC/tests/golden/seed-gemm-fragment-8x8/request.json" >/dev/null 2>&1 &&
		ok "notation recipe: other notations still check" || bad "notation recipe: other requests broke"
	L0=$L O0=${OPENAPI_CHECK:-}
	L=$LS
	OPENAPI_CHECK= # the API document is the tree's
	start
	req "notation recipe: POST /v1/analyze with its text" 200 --data-binary '{"layout": {"text": "Dummy<4>"}}' "$U/v1/analyze"
	jqt "notation recipe: the daemon detects it" '.notation == "dummy" and .logical.shape == [4]'
	stop
	L=$L0 OPENAPI_CHECK=$O0
}

# ---- the print format recipe: one file and one row in print.c
recipe_print_format() {
	scratch
	# 1. the format's file: its printer, of the table's type
	cat >"$S/src/layout/print/dummy.c" <<'EOF'
/*
 * dummy.c - the dummy print format: the layout's notation and size (a try
 * of the print format recipe, docs/hacking.md).
 */
#include <stdio.h>
#include <stdlib.h>

#include "print/print.h"

lay_print_fn lay_print_dummy;

char *lay_print_dummy(json_t *def_json, const char *ptr, const struct lay_options *opt,
		      struct lay_error *err)
{
	struct lay_def *def = lay_def_new(def_json, ptr, opt, err);
	if (!def)
		return NULL;
	char *s = malloc(64);
	if (s)
		snprintf(s, 64, "%s %lld\n", def->notation_key, (long long)def->size);
	else
		lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
	lay_def_free(def);
	return s;
}
EOF
	# 2. its row: the declaration beside the others, the row in the table
	f="$S/src/layout/print/print.c"
	awk '
	/^const struct lay_print_format lay_print_formats\[\] = \{/ { t = 1 }
	t && /^};/ { print "\t{ \"dummy\", \"text/plain; charset=utf-8\", \"the notation and the size\", lay_print_dummy },"; t = 0 }
	{ print }
	/are declared here beside their rows/ { print "lay_print_fn lay_print_dummy;" }
	' "$f" >"$T/print.c" && cat "$T/print.c" >"$f"
	# 3. the API document's enum of ?format=
	jq '(.paths["/v1/analyses/{id}/print"].get.parameters[] | select(.name == "format") | .schema.enum) += ["dummy"]' \
		"$S/schema/openapi.json" >"$T/openapi.json" && cat "$T/openapi.json" >"$S/schema/openapi.json"
	touched_only "print format recipe" src/layout/print/dummy.c src/layout/print/print.c 2
	build_scratch "print format recipe" || return
	LS="$S/build/layoutd"
	want=$("$LS" print --list-formats | tr '\n' ' ')
	doc=$(jq -r '.paths["/v1/analyses/{id}/print"].get.parameters[] | select(.name == "format") | .schema.enum[]' "$S/schema/openapi.json" | tr '\n' ' ')
	[ "$want" = "$doc" ] && ok "print format recipe: --list-formats is the document's enum ($want)" ||
		bad "print format recipe: --list-formats '$want', the document '$doc'"
	"$LS" print --help | grep -q 'dummy: the notation and the size' &&
		ok "print format recipe: print --help describes it" || bad "print format recipe: not in print --help"
	"$LS" 2>&1 | grep -q 'print --format cute|latex|triton|triton-hw|dummy FILE' &&
		ok "print format recipe: layoutd's help lists it" || bad "print format recipe: not in layoutd's help"
	printf '{"cute": "(4,8):(8,1)"}' >"$T/cute.json"
	[ "$("$LS" print --format dummy "$T/cute.json")" = "cute 32" ] &&
		ok "print format recipe: layoutd print --format dummy" ||
		bad "print format recipe: print gave $("$LS" print --format dummy "$T/cute.json" 2>&1 | head -c 300)"
	"$LS" print --format nope "$T/cute.json" 2>&1 | grep -q 'cute, latex, triton, triton-hw or dummy' &&
		ok "print format recipe: an unknown format's message lists it" || bad "print format recipe: not in the unknown-format message"
	L0=$L O0=${OPENAPI_CHECK:-}
	L=$LS
	OPENAPI_CHECK=
	start
	req "print format recipe: an analysis" 200 --data-binary '{"layout": {"cute": "(4,8):(8,1)"}}' "$U/v1/analyze"
	id=$(jq -r .id "$T/body")
	req "print format recipe: GET print?format=dummy" 200 "$U/v1/analyses/$id/print?format=dummy"
	[ "$(cat "$T/body")" = "cute 32" ] && ok "print format recipe: the daemon prints it" || bad "print format recipe: the daemon gave $(head -c 300 "$T/body")"
	hdr "print format recipe: with its media type" '^content-type: text/plain; charset=utf-8'
	req "print format recipe: an unknown format" 400 "$U/v1/analyses/$id/print?format=nope"
	jqt "print format recipe: its detail lists it" '.detail | test("triton-hw or dummy")'
	stop
	L=$L0 OPENAPI_CHECK=$O0
}

table_sections
# the copy keeps the build's own path to the sources: absolute (then moved
# to the copy) or ".." (the copy's build sits in the copy's tree)
srcdir=$(sed -n 's/^srcdir = //p' "$B/Makefile")
if [ "$B" = "$SRC" ]; then # sources and objects in one tree: no copy of the build apart
	echo "skip the recipes: they need a build directory apart from the sources"
elif [ "$srcdir" != "$SRC" ] && [ "$srcdir" != ".." ]; then # make distcheck: ../..
	echo "skip the recipes: the build names its sources as $srcdir, which a copy cannot keep"
else
	recipe_section
	recipe_notation
	recipe_print_format
fi
exit $fail
