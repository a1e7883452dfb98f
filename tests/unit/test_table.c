/*
 * test_table.c - the table notation: explicit rows, the default logical
 * shape, duplicates and out-of-bounds rows, every located error, and the
 * fingerprint a table dump shares with the expr form of the same layout.
 */
#include <stdarg.h>

#include "unit.h"

/* The default shape is max+1 per dimension; axes come in first-appearance
 * order, across rows. */
static void test_default_shape_and_axes(void)
{
	json_t *r = analyze_ok("{\"layout\": {\"table\": ["
			       "[[0,0], {\"laneid\":0, \"m\":0}],"
			       "[[0,1], {\"m\":1, \"laneid\":0}],"
			       "[[2,0], {\"laneid\":1, \"m\":0}],"
			       "[[2,1], {\"laneid\":1, \"m\":1}]]}, \"probe\": [[2,1]]}");
	if (!r)
		return;
	CU_ASSERT_EQUAL(at_int(r, "logical/shape/0"), 3);
	CU_ASSERT_EQUAL(at_int(r, "logical/shape/1"), 2);
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "logical/names/0")), "i");
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "physical/axes/0/name")), "laneid");
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "physical/axes/1/name")), "m");
	CU_ASSERT_EQUAL(at_int(r, "physical/axes/0/extent"), 2);
	CU_ASSERT_EQUAL(at_bool(r, "physical/axes/0/declared"), 0);
	CU_ASSERT_EQUAL(at_int(r, "placements"), 4);
	CU_ASSERT_EQUAL(at_int(r, "unplaced/count"), 2); /* row 1 of the tile */
	CU_ASSERT_EQUAL(at_bool(r, "verdict/complete"), 0);
	CU_ASSERT_EQUAL(at_bool(r, "verdict/collision_free"), 1);
	CU_ASSERT_EQUAL(at_bool(r, "verdict/hole_free"), 1);
	CU_ASSERT_EQUAL(at_int(r, "probe/0/places/0/laneid"), 1);
	CU_ASSERT_EQUAL(at_int(r, "probe/0/places/0/m"), 1);
	json_decref(r);
}

/* Rows need not come in element order. */
static void test_unsorted_rows(void)
{
	json_t *r = analyze_ok("{\"layout\": {\"logical\": [2,2], \"table\": ["
			       "[[1,1], {\"t\":3}], [[0,0], {\"t\":0}],"
			       "[[1,0], {\"t\":2}], [[0,1], {\"t\":1}]]}, \"probe\": [[1,0]]}");
	if (!r)
		return;
	CU_ASSERT_EQUAL(at_bool(r, "verdict/bijective"), 1);
	CU_ASSERT_EQUAL(at_bool(r, "verdict/round_trip"), 1);
	CU_ASSERT_EQUAL(at_int(r, "probe/0/places/0/t"), 2);
	json_decref(r);
}

/* A repeated row is a duplicate placement, not an error; negative and
 * past-declared physical coordinates are out of bounds. */
static void test_duplicates_and_bounds(void)
{
	json_t *r = analyze_ok("{\"table\": [[[0], {\"m\":0}], [[1], {\"m\":1}],"
			       "[[0], {\"m\":0}]]}");
	if (!r)
		return;
	CU_ASSERT_EQUAL(at_int(r, "placements"), 3);
	CU_ASSERT_EQUAL(at_int(r, "duplicates/count"), 1);
	CU_ASSERT_EQUAL(at_bool(r, "verdict/replicas_distinct"), 0);
	CU_ASSERT_EQUAL(at_int(r, "replication/max"), 1);
	json_decref(r);

	r = analyze_ok("{\"physical\": {\"m\": 2}, \"table\": [[[0], {\"m\":-1}], [[1], {\"m\":1}],"
		       "[[2], {\"m\":2}], [[3], {\"m\":-9223372036854775808}]]}");
	if (!r)
		return;
	CU_ASSERT_EQUAL(at_int(r, "out_of_bounds/count"), 3);
	CU_ASSERT_EQUAL(at_bool(r, "verdict/in_bounds"), 0);
	/* placed out of bounds is placed: unplaced means no placement at all */
	CU_ASSERT_EQUAL(at_int(r, "unplaced/count"), 0);
	json_decref(r);
}

/* Two distinct elements on one point is a collision. */
static void test_collision(void)
{
	json_t *r = analyze_ok("{\"table\": [[[0,0], {\"laneid\":0}], [[0,1], {\"laneid\":0}]]}");
	if (!r)
		return;
	CU_ASSERT_EQUAL(at_int(r, "collisions/count"), 1);
	CU_ASSERT_EQUAL(at_bool(r, "ok"), 0);
	json_decref(r);
}

static void test_errors(void)
{
	/* empty and malformed */
	ASSERT_ERROR("{\"table\": []}", LAY_ESCHEMA, "/table", -1);
	ASSERT_ERROR("{\"layout\": {\"table\": {}}}", LAY_ESCHEMA, "/layout/table", -1);
	ASSERT_ERROR("{\"table\": [[[0], {\"m\":0}], [[1]]]}", LAY_ESCHEMA, "/table/1", -1);
	ASSERT_ERROR("{\"table\": [[[0], {\"m\":0}], [1, {\"m\":1}]]}", LAY_ESCHEMA, "/table/1/0",
		     -1);
	ASSERT_ERROR("{\"table\": [[[0], {\"m\":0}], [[1], {}]]}", LAY_ESCHEMA, "/table/1/1", -1);
	ASSERT_ERROR("{\"table\": [[[], {\"m\":0}]]}", LAY_ESCHEMA, "/table/0/0", -1);
	ASSERT_ERROR("{\"table\": [[[0], {\"m\":\"a\"}]]}", LAY_ESCHEMA, "/table/0/1/m", -1);
	/* a row of another rank */
	ASSERT_ERROR("{\"layout\": {\"table\": [[[0,0], {\"m\":0}], [[0,1], {\"m\":1}],"
		     "[[1], {\"m\":2}]]}}",
		     LAY_ESHAPE, "/layout/table/2/0", -1);
	ASSERT_ERROR("{\"logical\": [2,2], \"table\": [[[0,0,0], {\"m\":0}]]}", LAY_ESHAPE,
		     "/table/0/0", -1);
	/* a missing axis, named in the message; either way round */
	struct lay_error e;
	json_t *r = analyze_text("{\"layout\": {\"table\": [[[0], {\"laneid\":0, \"m\":0}],"
				 "[[1], {\"laneid\":1}]]}}",
				 &e);
	CU_ASSERT_PTR_NULL(r);
	json_decref(r);
	CU_ASSERT_EQUAL(e.code, LAY_ESCHEMA);
	CU_ASSERT_STRING_EQUAL(e.pointer, "/layout/table/1/1");
	CU_ASSERT_EQUAL(e.position, -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(e.message, "m"));
	ASSERT_ERROR("{\"table\": [[[0], {\"laneid\":0}], [[1], {\"laneid\":1, \"warpid\":0}]]}",
		     LAY_ESCHEMA, "/table/0/1", -1);
	/* logical coordinates */
	ASSERT_ERROR("{\"table\": [[[0,0], {\"m\":0}], [[0,-1], {\"m\":1}]]}", LAY_ERANGE,
		     "/table/1/0/1", -1);
	ASSERT_ERROR(
		"{\"layout\": {\"logical\": [4,4], \"table\": [[[0,0], {\"m\":0}],"
		"[[0,1], {\"m\":1}], [[0,2], {\"m\":2}], [[0,3], {\"m\":3}], [[1,0], {\"m\":4}],"
		"[[1,4], {\"m\":5}]]}}",
		LAY_ERANGE, "/layout/table/5/0/1", -1);
	ASSERT_ERROR("{\"table\": [[[0.5], {\"m\":0}]]}", LAY_ENOTINT, "/table/0/0/0", -1);
	ASSERT_ERROR("{\"table\": [[[0], {\"m\":1.0}]]}", LAY_ENOTINT, "/table/0/1/m", -1);
	/* names */
	ASSERT_ERROR("{\"table\": [[[0], {\"lane id\":0}]]}", LAY_ENAME, "/table/0/1/lane id", -1);
	/* a tile too large to enumerate, even when its extent passes int64 */
	ASSERT_ERROR("{\"table\": [[[9223372036854775807], {\"m\":0}]]}", LAY_ELIMIT, "/table", -1);
	ASSERT_ERROR("{\"table\": [[[100000,100000], {\"m\":0}]]}", LAY_ELIMIT, "/table", -1);
}

/* The same placement written as a table dump and as an expr shares the
 * fingerprint: axis order, kinds and row order do not enter it. */
static void test_fingerprint_matches_expr(void)
{
	json_t *t = analyze_golden("table-tilelang-fragment-8x8-dump");
	json_t *x = analyze_golden("tilelang-gemm-fragment-8x8");
	if (t && x) {
		const char *ft = json_string_value(at(t, "fingerprint"));
		const char *fx = json_string_value(at(x, "fingerprint"));
		CU_ASSERT_PTR_NOT_NULL(ft);
		CU_ASSERT_PTR_NOT_NULL(fx);
		if (ft && fx)
			CU_ASSERT_STRING_EQUAL(ft, fx);
		CU_ASSERT_STRING_NOT_EQUAL(json_string_value(at(t, "id")),
					   json_string_value(at(x, "id")));
	}
	json_decref(t);
	json_decref(x);
	/* a table written in another row order: same fingerprint */
	json_t *a = analyze_ok("{\"table\": [[[0], {\"m\":0}], [[1], {\"m\":1}]]}");
	json_t *b = analyze_ok("{\"table\": [[[1], {\"m\":1}], [[0], {\"m\":0}]]}");
	if (a && b)
		CU_ASSERT_STRING_EQUAL(json_string_value(at(a, "fingerprint")),
				       json_string_value(at(b, "fingerprint")));
	json_decref(a);
	json_decref(b);
}

/* One row over the cap is refused while the text is read, located at the
 * table, before any value is built. */
static void test_row_cap(void)
{
	const char *row = "[[0],{\"m\":0}],";
	size_t nrows = (size_t)LAYOUTD_MAX_TABLE_ROWS + 1, rl = strlen(row);
	char *text = malloc(32 + nrows * rl);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	char *p = text + sprintf(text, "{\"layout\": {\"table\": [");
	for (size_t r = 0; r < nrows; r++, p += rl)
		memcpy(p, row, rl);
	strcpy(p - 1, "]}}");
	struct lay_error err;
	json_t *v = lay_json_load(text, strlen(text), &err);
	CU_ASSERT_PTR_NULL(v);
	CU_ASSERT_EQUAL(err.code, LAY_ELIMIT);
	CU_ASSERT_STRING_EQUAL(err.pointer, "/layout/table");
	json_decref(v);
	free(text);
	/* the same row in a string, or a short array, is not counted */
	const char *ok = "{\"a\": \"[1,2,3]\", \"b\": [[1, 2], {\"c\": [3]}]}";
	v = lay_json_load(ok, strlen(ok), &err);
	CU_ASSERT_PTR_NOT_NULL(v);
	json_decref(v);
}

/* ------------------------------------------------------------------ */
/* The streaming reader against jansson                                */

/*
 * Random tables (fixed seed) read twice: by lay_json_load as shipped, which
 * streams plain rows (rows.c), and with lay_rows_stream off, which builds
 * every row in jansson as before.  Everything must agree byte for byte:
 * the canonical text and the id, the compact text written back, the
 * definition's rows as walked, the whole analysis, and every error's code,
 * pointer, position, line, column and message.  Most cases are mutated
 * into something the reader leaves to jansson (reals, duplicate keys,
 * escapes, big numbers, syntax errors) or an error found after reading.
 */
struct gen {
	char *s;
	size_t n, cap;
	uint64_t rng;
};

static uint64_t rnd(struct gen *g, uint64_t n)
{
	g->rng ^= g->rng << 13;
	g->rng ^= g->rng >> 7;
	g->rng ^= g->rng << 17;
	return n ? g->rng % n : 0;
}

static void put(struct gen *g, const char *fmt, ...)
{
	va_list ap;
	for (;;) {
		va_start(ap, fmt);
		int k = vsnprintf(g->s + g->n, g->cap - g->n, fmt, ap);
		va_end(ap);
		if ((size_t)k < g->cap - g->n) {
			g->n += (size_t)k;
			return;
		}
		g->cap = g->cap * 2 + (size_t)k + 64;
		g->s = realloc(g->s, g->cap);
		CU_ASSERT_PTR_NOT_NULL_FATAL(g->s);
	}
}

/* White space between tokens: none most of the time. */
static void ws(struct gen *g)
{
	static const char *const w[] = { "", "", "", " ", "\n", " \t", "\r\n  " };
	put(g, "%s", w[rnd(g, 7)]);
}

static const char *const names[] = { "laneid", "m", "b", "a_1", "A", "Z9", "_x", "table", "t" };

enum mutation {
	MUT_NONE,
	MUT_REAL,
	MUT_DUPKEY,
	MUT_MISSING,
	MUT_EXTRA,
	MUT_ORDER,
	MUT_STRING,
	MUT_NEGATIVE,
	MUT_RANK,
	MUT_BADKEY,
	MUT_UNIKEY,
	MUT_ESCKEY,
	MUT_BIG,
	MUT_ZERO,
	MUT_EMPTYPLACE,
	MUT_EMPTYLC,
	MUT_NOTROW,
	MUT_NULL,
	MUT_SYNTAX,
	MUT_CUT,
	MUT_TOPESC,
	MUT_EMPTY,
	MUT_NOTARRAY,
	MUT_COUNT
};

static void gen_int(struct gen *g, bool logical)
{
	static const char *const limits[] = { "9223372036854775807", "-9223372036854775808", "-0",
					      "-1", "0" };
	if (!logical && rnd(g, 8) == 0)
		put(g, "%s", limits[rnd(g, 5)]);
	else
		put(g, "%d", (int)rnd(g, logical ? 6 : 100));
}

/* One row, [[coordinates], {axis: place}], mutated by mut when `here`. */
static void gen_row(struct gen *g, int mut, bool here, int rank, int nax, const int *order)
{
	if (here && mut == MUT_NOTROW) {
		put(g, rnd(g, 2) ? "7" : "[[0],{\"m\":1},3]");
		return;
	}
	if (here && mut == MUT_NULL) {
		put(g, "null");
		return;
	}
	put(g, "[");
	ws(g);
	put(g, "[");
	int rr = here && mut == MUT_RANK ? rank % 3 + 1 : rank;
	for (int d = 0; d < rr && !(here && mut == MUT_EMPTYLC); d++) {
		put(g, "%s", d ? "," : "");
		ws(g);
		if (here && d == rr - 1 && mut == MUT_NEGATIVE)
			put(g, "-%d", 1 + (int)rnd(g, 3));
		else if (here && d == rr - 1 && mut == MUT_REAL)
			put(g, rnd(g, 2) ? "1.0" : "2e1");
		else if (here && d == rr - 1 && mut == MUT_ZERO)
			put(g, rnd(g, 2) ? "01" : "-");
		else
			gen_int(g, true);
		ws(g);
	}
	put(g, "],");
	ws(g);
	put(g, "{");
	int na = here && mut == MUT_MISSING ? nax - 1 : here && mut == MUT_EXTRA ? nax + 1 : nax;
	if (here && mut == MUT_EMPTYPLACE)
		na = 0;
	for (int a = 0; a < na; a++) {
		int k = here && mut == MUT_ORDER ? na - 1 - a : a;
		const char *key = names[order[k]];
		if (here && mut == MUT_DUPKEY && a == na - 1)
			key = names[order[0]];
		put(g, "%s", a ? "," : "");
		ws(g);
		if (here && mut == MUT_BADKEY && a == 0)
			put(g, "\"%s\"", rnd(g, 2) ? "a-b" : "9x");
		else if (here && mut == MUT_UNIKEY && a == 0)
			put(g, "\"%s\"", rnd(g, 2) ? "\xc3\xa9t" : "\\u00e9t");
		else if (here && mut == MUT_ESCKEY && a == 0)
			put(g, "\"\\u0041%s\"", key);
		else
			put(g, "\"%s\"", key);
		ws(g);
		put(g, ":");
		ws(g);
		if (here && a == 0 && mut == MUT_STRING)
			put(g, "\"3\"");
		else if (here && a == 0 && mut == MUT_REAL)
			put(g, "-0.5");
		else if (here && a == 0 && mut == MUT_BIG)
			put(g, rnd(g, 2) ? "9223372036854775808" : "-9223372036854775809");
		else
			gen_int(g, false);
		ws(g);
	}
	put(g, "}");
	ws(g);
	put(g, "]");
}

/* One definition with a table; *mut says what was done to it. */
static void gen_def(struct gen *g, int mut)
{
	int rank = 1 + (int)rnd(g, 3), nax = 1 + (int)rnd(g, 4), order[9];
	/* row 0 is the one the reader learns the rank and the keys from */
	int nrows = rnd(g, 8) == 0 ? 1 : 1 + (int)rnd(g, 30);
	int bad = rnd(g, 3) == 0 ? 0 : (int)rnd(g, (uint64_t)nrows);
	for (int k = 0; k < 9; k++)
		order[k] = k;
	for (int k = 8; k > 0; k--) { /* distinct names in a random order */
		int j = (int)rnd(g, (uint64_t)k + 1), t = order[k];
		order[k] = order[j];
		order[j] = t;
	}
	bool logical = rnd(g, 3) == 0, physical = rnd(g, 4) == 0, axes = rnd(g, 4) == 0;
	bool name = rnd(g, 2), first = true;
	int members[4] = { 0, 1, 2, 3 }; /* table, name, logical, physical/axes */
	for (int k = 3; k > 0; k--) {
		int j = (int)rnd(g, (uint64_t)k + 1), t = members[k];
		members[k] = members[j];
		members[j] = t;
	}
	put(g, "{");
	ws(g);
	for (int m = 0; m < 4; m++) {
		if (members[m] == 1 && name) {
			put(g, "%s\"name\":", first ? "" : ",");
			ws(g);
			put(g, "\"caf\\u00e9 \xc3\xa9 \\ud83d\\ude00 \\\"q\\\" \\/\"");
		} else if (members[m] == 2 && logical) {
			put(g, "%s\"logical\":[", first ? "" : ",");
			for (int d = 0; d < rank; d++)
				put(g, "%s%d", d ? "," : "", 3 + (int)rnd(g, 4));
			put(g, "]");
		} else if (members[m] == 3 && (physical || axes)) {
			if (physical)
				put(g, "%s\"physical\":{\"%s\":%d}", first ? "" : ",",
				    names[order[0]], 50 + (int)rnd(g, 100));
			if (axes)
				put(g, "%s\"axes\":{\"zz\":\"memory\",\"%s\":\"thread\"}",
				    first && !physical ? "" : ",", names[order[0]]);
		} else if (members[m] == 0) {
			put(g, "%s\"%s\":", first ? "" : ",",
			    mut == MUT_TOPESC ? "t\\u0061ble" : "table");
			ws(g);
			if (mut == MUT_EMPTY) {
				put(g, "[ ]");
			} else if (mut == MUT_NOTARRAY) {
				put(g, "{\"a\":1}");
			} else {
				put(g, "[");
				for (int r = 0; r < nrows; r++) {
					bool here = r == bad;
					put(g, "%s", r ? "," : "");
					ws(g);
					gen_row(g, mut, here, rank, nax, order);
				}
				ws(g);
				put(g, "]");
			}
		} else {
			continue;
		}
		first = false;
		ws(g);
	}
	put(g, mut == MUT_SYNTAX ? ",}" : "}");
}

static uint64_t walk_sum;

static int sum_row(void *ctx, int64_t elem, const int64_t *coord, int64_t outside)
{
	const struct lay_def *def = ctx;
	walk_sum = walk_sum * 1000003u + (uint64_t)elem + (uint64_t)outside * 7;
	for (int a = 0; a < def->naxes; a++)
		walk_sum = walk_sum * 1000003u + (uint64_t)coord[a];
	return 0;
}

static uint64_t walk_of(struct lay_def *def)
{
	walk_sum = 1;
	struct lay_error err;
	CU_ASSERT_EQUAL(def->ops->walk(def, sum_row, def, &err), 0);
	return walk_sum;
}

static void same_error(const struct lay_error *a, const struct lay_error *b, const char *text)
{
	bool same = a->code == b->code && strcmp(a->pointer, b->pointer) == 0 &&
		    a->position == b->position && a->line == b->line && a->column == b->column &&
		    strcmp(a->message, b->message) == 0;
	CU_ASSERT(same);
	if (!same)
		fprintf(stderr,
			"\n  %s\n  streamed: %d %s %ld %ld:%ld %s\n  jansson:  %d %s %ld %ld:%ld "
			"%s\n",
			text, a->code, a->pointer, a->position, a->line, a->column, a->message,
			b->code, b->pointer, b->position, b->line, b->column, b->message);
}

static void same_text(char *a, char *b, const char *what, const char *text)
{
	CU_ASSERT_PTR_NOT_NULL(a);
	CU_ASSERT_PTR_NOT_NULL(b);
	if (a && b && strcmp(a, b) != 0) {
		CU_FAIL("texts differ");
		fprintf(stderr, "\n  %s of %s\n  streamed: %s\n  jansson:  %s\n", what, text, a, b);
	}
	free(a);
	free(b);
}

/* Reads text both ways and compares everything; returns whether the
 * streaming reader took a table. */
static bool compare_both(const char *text, int max_depth)
{
	struct lay_error ea, eb;
	size_t len = strlen(text);
	bool streamed = false;
	lay_error_clear(&ea);
	lay_error_clear(&eb);
	json_t *a = lay_json_load_depth(text, len, max_depth, &ea);
	lay_rows_stream = false;
	json_t *b = lay_json_load_depth(text, len, max_depth, &eb);
	lay_rows_stream = true;
	CU_ASSERT_EQUAL(a == NULL, b == NULL);
	if (!a || !b) {
		same_error(&ea, &eb, text);
		goto out;
	}
	json_t *la = json_object_get(a, "layout") ? json_object_get(a, "layout") : a;
	json_t *lb = json_object_get(b, "layout") ? json_object_get(b, "layout") : b;
	streamed = lay_rows_is(json_object_get(la, "table"));
	CU_ASSERT(!lay_rows_is(json_object_get(lb, "table")));
	const size_t canon = JSON_COMPACT | JSON_SORT_KEYS | JSON_ENSURE_ASCII;
	same_text(lay_json_dumps(a, canon), json_dumps(b, canon), "canonical text", text);
	same_text(lay_json_dumps(a, JSON_COMPACT), json_dumps(b, JSON_COMPACT), "compact text",
		  text);
	char ia[72] = "", ib[72] = "";
	if (json_is_object(la)) {
		CU_ASSERT_EQUAL(lay_canonical_id(la, ia, &ea), 0);
		CU_ASSERT_EQUAL(lay_canonical_id(lb, ib, &eb), 0);
		CU_ASSERT_STRING_EQUAL(ia, ib);
	}
	struct lay_options opt = { .max_depth = max_depth };
	const char *ptr = la == a ? "" : "/layout";
	struct lay_def *da = lay_def_new(la, ptr, &opt, &ea), *db = lay_def_new(lb, ptr, &opt, &eb);
	CU_ASSERT_EQUAL(da == NULL, db == NULL);
	if (da && db) {
		CU_ASSERT_STRING_EQUAL(da->id, db->id);
		CU_ASSERT_STRING_EQUAL(da->id, ia);
		CU_ASSERT_EQUAL(da->rank, db->rank);
		CU_ASSERT_EQUAL(da->size, db->size);
		CU_ASSERT_EQUAL(da->naxes, db->naxes);
		for (int k = 0; k < da->naxes && k < db->naxes; k++)
			CU_ASSERT_STRING_EQUAL(da->axes[k].name, db->axes[k].name);
		CU_ASSERT_EQUAL(da->placements_bound, db->placements_bound);
		CU_ASSERT_EQUAL(walk_of(da), walk_of(db));
	} else if (!da && !db) {
		same_error(&ea, &eb, text);
	}
	lay_def_free(da);
	lay_def_free(db);
	json_t *ra = lay_analyze(a, &opt, &ea), *rb = lay_analyze(b, &opt, &eb);
	CU_ASSERT_EQUAL(ra == NULL, rb == NULL);
	if (ra && rb) {
		json_object_del(ra, "elapsed_us"); /* the one field that is a measurement */
		json_object_del(rb, "elapsed_us");
		CU_ASSERT(json_equal(ra, rb));
	} else if (!ra && !rb) {
		same_error(&ea, &eb, text);
	}
	json_decref(ra);
	json_decref(rb);
out:
	json_decref(a);
	json_decref(b);
	return streamed;
}

static void test_streaming_matches_jansson(void)
{
	struct gen g = { .rng = 0x9e3779b97f4a7c15ull };
	int streamed = 0, plain = 0, cases = 3000;
	for (int c = 0; c < cases; c++) {
		int mut = rnd(&g, 5) < 2 ? MUT_NONE : (int)rnd(&g, MUT_COUNT);
		bool envelope = rnd(&g, 2);
		g.n = 0;
		put(&g, "%s", envelope ? "{\"expect\": {\"bijective\": false}, \"layout\": " : "");
		gen_def(&g, mut);
		put(&g, "%s", envelope ? "}" : "");
		if (mut == MUT_CUT)
			g.s[g.n = rnd(&g, g.n)] = '\0';
		static const int depths[] = { 0, 0, 0, 2, 3, 4, 5, 6 };
		bool s = compare_both(g.s, depths[rnd(&g, 8)]);
		streamed += s;
		plain += mut == MUT_NONE;
	}
	/* the reader must have taken every plain case that is not over a
	 * depth limit, and it is the point of the test */
	CU_ASSERT(streamed > plain / 2);
	free(g.s);
}

int main(void)
{
	static const struct unit_test tests[] = {
		{ "default shape and axes", test_default_shape_and_axes },
		{ "unsorted rows", test_unsorted_rows },
		{ "duplicates and bounds", test_duplicates_and_bounds },
		{ "collision", test_collision },
		{ "errors", test_errors },
		{ "fingerprint matches expr", test_fingerprint_matches_expr },
		{ "row cap while reading", test_row_cap },
		{ "streaming reader matches jansson", test_streaming_matches_jansson },
		{ NULL, NULL },
	};
	return unit_main("table", tests);
}
