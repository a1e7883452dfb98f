/*
 * test_table.c - the table notation: explicit rows, the default logical
 * shape, duplicates and out-of-bounds rows, every located error, and the
 * fingerprint a table dump shares with the expr form of the same layout.
 */
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
		{ NULL, NULL },
	};
	return unit_main("table", tests);
}
