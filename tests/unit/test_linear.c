/*
 * test_linear.c - the linear notation (Triton linear layouts over GF(2)):
 * axes and shape, the XOR walk, the structural rank against the enumerated
 * verdicts, and every located error.
 */
#include "unit.h"

static const char *const mma32 =
	"{\"layout\": {\"linear\": {\"bases\": {"
	"\"register\": [[0,1],[8,0],[0,8],[0,16],[16,0]],"
	"\"lane\": [[0,2],[0,4],[1,0],[2,0],[4,0]], \"warp\": [], \"block\": []},"
	"\"out\": [[\"dim0\",32],[\"dim1\",32]]}},"
	"\"probe\": [[9,3],[17,8]]}";

/* In-dims become axes in JSON order with declared extent 2^bases; the out
 * dims name and size the logical tile. */
static void test_axes_and_shape(void)
{
	json_t *r = analyze_ok(mma32);
	if (!r)
		return;
	CU_ASSERT_EQUAL(at_int(r, "logical/shape/0"), 32);
	CU_ASSERT_EQUAL(at_int(r, "logical/shape/1"), 32);
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "logical/names/0")), "dim0");
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "logical/names/1")), "dim1");
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "physical/axes/0/name")), "register");
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "physical/axes/1/name")), "lane");
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "physical/axes/2/name")), "warp");
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "physical/axes/3/name")), "block");
	CU_ASSERT_EQUAL(at_int(r, "physical/axes/0/extent"), 32);
	CU_ASSERT_EQUAL(at_int(r, "physical/axes/2/extent"), 1);
	CU_ASSERT_EQUAL(at_bool(r, "physical/axes/0/declared"), 1);
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "physical/axes/0/kind")), "memory");
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "physical/axes/1/kind")), "thread");
	CU_ASSERT_EQUAL(at_int(r, "physical/size"), 1024);
	CU_ASSERT_EQUAL(at_int(r, "placements"), 1024);
	CU_ASSERT_EQUAL(at_bool(r, "verdict/bijective"), 1);
	CU_ASSERT_EQUAL(at_int(r, "owners/count"), 32);
	CU_ASSERT_EQUAL(at_int(r, "owners/slots/max"), 32);
	/* (9,3): dim0 9 = lane bits 2 (1) and register bit 1 (8); dim1 3 =
	 * register bit 0 (1) and lane bit 0 (2) -> register 3, lane 5 */
	CU_ASSERT_EQUAL(at_int(r, "probe/0/places/0/register"), 3);
	CU_ASSERT_EQUAL(at_int(r, "probe/0/places/0/lane"), 5);
	CU_ASSERT_EQUAL(at_int(r, "probe/1/places/0/register"), 20);
	CU_ASSERT_EQUAL(at_int(r, "probe/1/places/0/lane"), 4);
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "structure/gf2/method")), "gf2_rank");
	CU_ASSERT_EQUAL(at_int(r, "structure/gf2/rank"), 10);
	CU_ASSERT_EQUAL(at_int(r, "structure/gf2/in_bits"), 10);
	CU_ASSERT_EQUAL(at_int(r, "structure/gf2/out_bits"), 10);
	CU_ASSERT_EQUAL(at_int(r, "structure/gf2/preimages"), 1);
	json_decref(r);
}

/* Out dims keep the order given (never sorted): dim3 first is dimension 0. */
static void test_out_order_kept(void)
{
	json_t *r = analyze_ok("{\"layout\": {\"linear\": {\"bases\": {"
			       "\"offset\": [[1,0],[0,1]], \"iteration\": [[0,2]]},"
			       "\"out\": [[\"dim1\",2],[\"dim0\",4]]}}, \"probe\": [[1,0],[0,3]]}");
	if (!r)
		return;
	CU_ASSERT_EQUAL(at_int(r, "logical/shape/0"), 2);
	CU_ASSERT_EQUAL(at_int(r, "logical/shape/1"), 4);
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "logical/names/0")), "dim1");
	CU_ASSERT_EQUAL(at_int(r, "probe/0/places/0/offset"), 1);
	CU_ASSERT_EQUAL(at_int(r, "probe/0/places/0/iteration"), 0);
	CU_ASSERT_EQUAL(at_int(r, "probe/1/places/0/offset"), 2);
	CU_ASSERT_EQUAL(at_int(r, "probe/1/places/0/iteration"), 1);
	CU_ASSERT_EQUAL(at_bool(r, "verdict/bijective"), 1);
	json_decref(r);
}

/* A given logical must equal the out sizes; names, when given, the out names. */
static void test_logical_given(void)
{
	json_t *r = analyze_ok("{\"logical\": [4], \"linear\": {\"bases\": {\"lane\": [[1],[2]]},"
			       "\"out\": [[\"dim0\",4]]}}");
	CU_ASSERT_EQUAL(at_int(r, "placements"), 4);
	json_decref(r);
	ASSERT_ERROR("{\"logical\": [8], \"linear\": {\"bases\": {\"lane\": [[1],[2]]},"
		     "\"out\": [[\"dim0\",4]]}}",
		     LAY_ESHAPE, "/logical", -1);
	ASSERT_ERROR("{\"logical\": [4, 1], \"linear\": {\"bases\": {\"lane\": [[1],[2]]},"
		     "\"out\": [[\"dim0\",4]]}}",
		     LAY_ESHAPE, "/logical", -1);
	ASSERT_ERROR("{\"logical\": {\"shape\": [4], \"names\": [\"row\"]}, \"linear\": {"
		     "\"bases\": {\"lane\": [[1],[2]]}, \"out\": [[\"dim0\",4]]}}",
		     LAY_ESHAPE, "/logical/names", -1);
}

/* One layout's structural answer against its enumeration. */
static void check_structure(const char *text, int want_rank)
{
	json_t *r = analyze_ok(text);
	if (!r)
		return;
	CU_ASSERT_EQUAL(at_int(r, "structure/gf2/rank"), want_rank);
	CU_ASSERT_EQUAL(at_bool(r, "structure/gf2/surjective"), at_bool(r, "verdict/complete"));
	CU_ASSERT_EQUAL(at_bool(r, "structure/gf2/injective"), at_int(r, "replication/max") <= 1);
	CU_ASSERT_EQUAL(at_int(r, "collisions/count"), 0);
	CU_ASSERT_EQUAL(at_int(r, "duplicates/count"), 0);
	long long in = at_int(r, "structure/gf2/in_bits"), rank = at_int(r, "structure/gf2/rank");
	long long pre = at_int(r, "structure/gf2/preimages");
	CU_ASSERT_EQUAL(pre, 1LL << (in - rank));
	/* every reachable element has exactly `preimages` places */
	CU_ASSERT_EQUAL(at_int(r, "replication/max"), pre);
	if (at_bool(r, "verdict/complete") == 1)
		CU_ASSERT_EQUAL(at_int(r, "replication/min"), pre);
	/* reachable elements x preimages = every hardware point */
	long long reached = at_int(r, "logical/size") - at_int(r, "unplaced/count");
	CU_ASSERT_EQUAL(reached * pre, at_int(r, "placements"));
	CU_ASSERT_EQUAL(reached, 1LL << rank);
	json_decref(r);
}

/* GF(2) rank agrees with the enumerated verdicts: bijective, broadcast
 * (zero bases), non-surjective, dependent bases, empty in-dims. */
static void test_structure_matches_enumeration(void)
{
	check_structure(mma32, 10);
	/* zero bases: 64 points on 8 elements */
	check_structure("{\"linear\": {\"bases\": {\"register\": [[1],[2]], \"lane\": [[4],[0]],"
			"\"warp\": [[0],[0]], \"block\": []}, \"out\": [[\"dim0\",8]]}}",
			3);
	/* Triton LinearLayoutTest: rank 4 of 5 out bits, non-surjective */
	check_structure("{\"linear\": {\"bases\": {\"in1\": [[4,2],[2,1],[1,0]],"
			"\"in2\": [[1,2],[2,1]]}, \"out\": [[\"out1\",8],[\"out2\",4]]}}",
			4);
	/* a repeated basis: dependent rows */
	check_structure("{\"linear\": {\"bases\": {\"register\": [[1],[2],[2],[8]],"
			"\"lane\": [[8],[4],[1]], \"warp\": [[16],[32],[0]], \"block\": []},"
			"\"out\": [[\"dim0\",64]]}}",
			6);
	/* injective but not surjective: 2 bits into 16 elements */
	check_structure("{\"linear\": {\"bases\": {\"lane\": [[1,0],[0,4]]},"
			"\"out\": [[\"dim0\",2],[\"dim1\",8]]}}",
			2);
	/* only empty in-dims: one point on element 0 */
	check_structure("{\"linear\": {\"bases\": {\"lane\": [], \"warp\": []},"
			"\"out\": [[\"dim0\",4]]}}",
			0);
	/* every basis zero */
	check_structure("{\"linear\": {\"bases\": {\"lane\": [[0,0],[0,0],[0,0]]},"
			"\"out\": [[\"dim0\",2],[\"dim1\",2]]}}",
			0);
	/* out sizes of 1 carry no bits */
	check_structure("{\"linear\": {\"bases\": {\"lane\": [[0,1,0],[0,2,0]]},"
			"\"out\": [[\"a\",1],[\"b\",4],[\"c\",1]]}}",
			2);
	/* XOR, not add: 3 = 1 ^ 2, and 1 ^ 3 = 2 (swizzle) */
	check_structure("{\"linear\": {\"bases\": {\"offset\": [[1,1],[2,2],[0,1],[0,2]]},"
			"\"out\": [[\"dim0\",4],[\"dim1\",4]]}}",
			4);
}

/* The walk XORs, so (offset=3) -> (1^2, 1^2) = (3,3) and (offset=5) ->
 * (1, 1^1) = (1,0). */
static void test_xor_apply(void)
{
	json_t *r = analyze_ok(
		"{\"layout\": {\"linear\": {\"bases\": {\"offset\": [[1,1],[2,2],[0,1],[0,2]]},"
		"\"out\": [[\"dim0\",4],[\"dim1\",4]]}}, \"probe\": [[3,3],[1,0]]}");
	if (!r)
		return;
	CU_ASSERT_EQUAL(at_int(r, "probe/0/places/0/offset"), 3);
	CU_ASSERT_EQUAL(json_array_size(at(r, "probe/0/places")), 1);
	CU_ASSERT_EQUAL(at_int(r, "probe/1/places/0/offset"), 5);
	json_decref(r);
}

/* A declared extent in physical must match the bases; the same one is fine. */
static void test_physical_declared(void)
{
	json_t *r = analyze_ok("{\"physical\": {\"lane\": 4, \"warp\": 2}, \"linear\": {"
			       "\"bases\": {\"lane\": [[1],[2]]}, \"out\": [[\"dim0\",4]]}}");
	CU_ASSERT_EQUAL(at_int(r, "physical/size"), 8);
	CU_ASSERT_EQUAL(at_int(r, "holes/count"), 4);
	json_decref(r);
	ASSERT_ERROR("{\"physical\": {\"lane\": 32}, \"linear\": {"
		     "\"bases\": {\"lane\": [[1],[2]]}, \"out\": [[\"dim0\",4]]}}",
		     LAY_ESHAPE, "/physical/lane", -1);
}

static void test_errors(void)
{
	/* not a power of two */
	ASSERT_ERROR("{\"layout\": {\"linear\": {\"bases\": {\"lane\": [[1,0]]},"
		     "\"out\": [[\"dim0\",16],[\"dim1\",12]]}}}",
		     LAY_ERANGE, "/layout/linear/out/1/1", -1);
	ASSERT_ERROR("{\"linear\": {\"bases\": {\"lane\": [[1]]}, \"out\": [[\"dim0\",0]]}}",
		     LAY_ERANGE, "/linear/out/0/1", -1);
	/* a basis value past its out size, message naming everything */
	struct lay_error e;
	json_t *r = analyze_text("{\"layout\": {\"linear\": {\"bases\": {\"register\": [[0,1]],"
				 "\"lane\": [[1,0],[2,0],[0,16]]},"
				 "\"out\": [[\"dim0\",4],[\"dim1\",16]]}}}",
				 &e);
	CU_ASSERT_PTR_NULL(r);
	json_decref(r);
	CU_ASSERT_EQUAL(e.code, LAY_ERANGE);
	CU_ASSERT_STRING_EQUAL(e.pointer, "/layout/linear/bases/lane/2/1");
	CU_ASSERT_EQUAL(e.position, -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(e.message, "lane"));
	CU_ASSERT_PTR_NOT_NULL(strstr(e.message, "basis 2"));
	CU_ASSERT_PTR_NOT_NULL(strstr(e.message, "dim1"));
	CU_ASSERT_PTR_NOT_NULL(strstr(e.message, "16"));
	ASSERT_ERROR("{\"linear\": {\"bases\": {\"lane\": [[-1]]}, \"out\": [[\"dim0\",4]]}}",
		     LAY_ERANGE, "/linear/bases/lane/0/0", -1);
	/* basis of the wrong length */
	ASSERT_ERROR("{\"linear\": {\"bases\": {\"lane\": [[1],[2,0]]}, \"out\": [[\"dim0\",4]]}}",
		     LAY_ESCHEMA, "/linear/bases/lane/1", -1);
	ASSERT_ERROR("{\"linear\": {\"bases\": {\"lane\": [1]}, \"out\": [[\"dim0\",4]]}}",
		     LAY_ESCHEMA, "/linear/bases/lane/0", -1);
	ASSERT_ERROR("{\"linear\": {\"bases\": {\"lane\": {\"a\": 1}}, \"out\": [[\"dim0\",4]]}}",
		     LAY_ESCHEMA, "/linear/bases/lane", -1);
	/* names */
	ASSERT_ERROR("{\"linear\": {\"bases\": {\"1lane\": [[1]]}, \"out\": [[\"dim0\",4]]}}",
		     LAY_ENAME, "/linear/bases/1lane", -1);
	ASSERT_ERROR("{\"linear\": {\"bases\": {\"lane\": [[1]]}, \"out\": [[\"dim 0\",4]]}}",
		     LAY_ENAME, "/linear/out/0/0", -1);
	ASSERT_ERROR("{\"linear\": {\"bases\": {\"lane\": [[1,1]]},"
		     "\"out\": [[\"dim0\",4],[\"dim0\",4]]}}",
		     LAY_ENAME, "/linear/out/1/0", -1);
	/* reals */
	ASSERT_ERROR("{\"linear\": {\"bases\": {\"lane\": [[1.5]]}, \"out\": [[\"dim0\",4]]}}",
		     LAY_ENOTINT, "/linear/bases/lane/0/0", -1);
	ASSERT_ERROR("{\"linear\": {\"bases\": {\"lane\": [[1]]}, \"out\": [[\"dim0\",4.0]]}}",
		     LAY_ENOTINT, "/linear/out/0/1", -1);
	/* schema */
	ASSERT_ERROR("{\"linear\": {\"bases\": {\"lane\": [[1]]}, \"out\": [[\"dim0\",4]],"
		     "\"order\": [0]}}",
		     LAY_ESCHEMA, "/linear/order", -1);
	ASSERT_ERROR("{\"linear\": {\"bases\": {\"lane\": [[1]]}}}", LAY_ESCHEMA, "/linear", -1);
	ASSERT_ERROR("{\"linear\": {\"out\": [[\"dim0\",4]]}}", LAY_ESCHEMA, "/linear", -1);
	ASSERT_ERROR("{\"linear\": {\"bases\": {}, \"out\": [[\"dim0\",4]]}}", LAY_ESCHEMA,
		     "/linear/bases", -1);
	ASSERT_ERROR("{\"linear\": {\"bases\": {\"lane\": [[1]]}, \"out\": []}}", LAY_ESCHEMA,
		     "/linear/out", -1);
	ASSERT_ERROR("{\"linear\": {\"bases\": {\"lane\": [[1]]}, \"out\": [[\"dim0\"]]}}",
		     LAY_ESCHEMA, "/linear/out/0", -1);
	ASSERT_ERROR("{\"linear\": {\"bases\": {\"lane\": [[1]]}, \"out\": [[4, 4]]}}", LAY_ESCHEMA,
		     "/linear/out/0/0", -1);
	ASSERT_ERROR("{\"linear\": [1, 2]}", LAY_ESCHEMA, "/linear", -1);
}

/* 2^(in bits) placements are refused before any enumeration, even when
 * the count passes 64 bits. */
static void test_limits(void)
{
	char text[4096];
	char *p = text;
	p += sprintf(p, "{\"linear\": {\"bases\": {");
	for (int d = 0; d < 2; d++) {
		p += sprintf(p, "%s\"in%d\": [", d ? "," : "", d);
		for (int b = 0; b < 40; b++)
			p += sprintf(p, "%s[0]", b ? "," : "");
		p += sprintf(p, "]");
	}
	sprintf(p, "}, \"out\": [[\"dim0\",4]]}}");
	ASSERT_ERROR(text, LAY_ELIMIT, "/linear", -1);
	/* 2^64 hardware points: past the limit, and past what the rank decides */
	p = text;
	p += sprintf(p, "{\"layout\": {\"linear\": {\"bases\": {\"register\": [");
	for (int b = 0; b < 32; b++)
		p += sprintf(p, "%s[1]", b ? "," : "");
	p += sprintf(p, "], \"lane\": [");
	for (int b = 0; b < 32; b++)
		p += sprintf(p, "%s[1]", b ? "," : "");
	sprintf(p, "]}, \"out\": [[\"dim0\",2]]}}}");
	ASSERT_ERROR(text, LAY_ELIMIT, "/layout/linear", -1);
	/* 27 in bits, over the default 2^26: decided by the rank instead */
	p = text;
	p += sprintf(p, "{\"layout\": {\"linear\": {\"bases\": {\"register\": [");
	for (int b = 0; b < 27; b++)
		p += sprintf(p, "%s[1]", b ? "," : "");
	sprintf(p, "]}, \"out\": [[\"dim0\",2]]}}}");
	struct lay_error e;
	json_t *a = analyze_text(text, &e);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(a, "method")), "structural");
	CU_ASSERT_EQUAL(
		json_integer_value(json_object_get(json_object_get(a, "replication"), "min")),
		1 << 26);
	CU_ASSERT(json_is_null(json_object_get(a, "fingerprint")));
	json_decref(a);
	/* one in-dim whose extent cannot be an int64 */
	p = text;
	p += sprintf(p, "{\"linear\": {\"bases\": {\"register\": [");
	for (int b = 0; b < 63; b++)
		p += sprintf(p, "%s[0]", b ? "," : "");
	sprintf(p, "]}, \"out\": [[\"dim0\",2]]}}");
	ASSERT_ERROR(text, LAY_ELIMIT, "/linear/bases/register", -1);
}

int main(void)
{
	static const struct unit_test tests[] = {
		{ "axes and shape", test_axes_and_shape },
		{ "out order kept", test_out_order_kept },
		{ "logical given", test_logical_given },
		{ "structure matches enumeration", test_structure_matches_enumeration },
		{ "xor apply", test_xor_apply },
		{ "physical declared", test_physical_declared },
		{ "errors", test_errors },
		{ "limits", test_limits },
		{ NULL, NULL },
	};
	return unit_main("linear", tests);
}
