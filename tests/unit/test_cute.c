/*
 * test_cute.c - the cute notation: colex order, the C++ text form, the
 * thread-value role, congruence and syntax errors with their exact
 * locations, and CuTe/PTX pairs from the golden directory that must share
 * a fingerprint; the tree as written that print reads (cute_tree.h).
 */
#include "unit.h"
#include "notation/cute_tree.h"

/* The fingerprint of an analysis, copied (the json is freed). */
static void fingerprint(const char *text, char out[80])
{
	json_t *r = analyze_ok(text);
	const char *f = json_string_value(at(r, "fingerprint"));
	snprintf(out, 80, "%s", f ? f : "(none)");
	json_decref(r);
}

static void assert_same_placement(const char *a, const char *b)
{
	char fa[80], fb[80];
	fingerprint(a, fa);
	fingerprint(b, fb);
	CU_ASSERT_STRING_EQUAL(fa, fb);
	if (strcmp(fa, fb))
		fprintf(stderr, "\n  %s\n  vs %s\n", a, b);
}

/* 01_layout.md: print1D of s2xh4 lists 0 4 2 6 1 5 3 7 (colex order). */
static void test_colex_order(void)
{
	json_t *r = analyze_ok("{\"layout\": {\"cute\": \"(2,(2,2)):(4,(2,1))\", \"logical\": [8]},"
			       " \"probe\": [[0],[1],[2],[3],[4],[5],[6],[7]]}");
	static const int want[8] = { 0, 4, 2, 6, 1, 5, 3, 7 };
	char path[64];
	for (int i = 0; i < 8; i++) {
		snprintf(path, sizeof path, "probe/%d/places/0/m", i);
		CU_ASSERT_EQUAL(at_int(r, path), want[i]);
	}
	CU_ASSERT_EQUAL(at_bool(r, "verdict/bijective"), 1);
	json_decref(r);

	/* default logical = the top-level modes (2, 4): print2D rows 0 2 1 3 / 4 6 5 7 */
	r = analyze_ok("{\"layout\": {\"cute\": \"(2,(2,2)):(4,(2,1))\"},"
		       " \"probe\": [[0,1],[0,2],[1,3]]}");
	CU_ASSERT_EQUAL(at_int(r, "logical/shape/0"), 2);
	CU_ASSERT_EQUAL(at_int(r, "logical/shape/1"), 4);
	CU_ASSERT_EQUAL(at_int(r, "probe/0/places/0/m"), 2);
	CU_ASSERT_EQUAL(at_int(r, "probe/1/places/0/m"), 1);
	CU_ASSERT_EQUAL(at_int(r, "probe/2/places/0/m"), 7);
	json_decref(r);
}

/* 01_layout.md: in (3,(2,3)):(3,(12,1)) the 1-D index 16 is the natural
 * coordinate (1,(1,2)), index 1*3 + 1*12 + 2*1 = 17, whatever rank the
 * logical shape has (it is flattened colex). */
static void test_index_natural_coordinate(void)
{
	json_t *r =
		analyze_ok("{\"layout\": {\"cute\": \"(3,(2,3)):(3,(12,1))\", \"logical\": [18]},"
			   " \"probe\": [[16]]}");
	CU_ASSERT_EQUAL(at_int(r, "probe/0/places/0/m"), 17);
	json_decref(r);
	r = analyze_ok("{\"layout\": {\"cute\": \"(3,(2,3)):(3,(12,1))\"}, \"probe\": [[1,5]]}");
	CU_ASSERT_EQUAL(at_int(r, "probe/0/places/0/m"), 17);
	CU_ASSERT_EQUAL(at_int(r, "holes/count"), 3);
	json_decref(r);
	r = analyze_ok("{\"layout\": {\"cute\": \"(3,(2,3)):(3,(12,1))\", \"logical\": [3,2,3]},"
		       " \"probe\": [[1,1,2]]}");
	CU_ASSERT_EQUAL(at_int(r, "probe/0/places/0/m"), 17);
	json_decref(r);
}

/* The C++ text from a header, with Int<N>, cute::, _N, line breaks and
 * comments, places exactly like the printed form. */
static void test_cxx_text_equals_printed(void)
{
	assert_same_placement("{\"cute\": \"Layout<Shape <Shape < _4,_8>,Shape < _2,_2>>,\\n"
			      "    Stride<Stride<_32,_1>,Stride<_16,_8>>>\"}",
			      "{\"cute\": \"((4,8),(2,2)):((32,1),(16,8))\"}");
	assert_same_placement(
		"{\"cute\": \"Layout<Shape <Shape < _4,_8>,Shape < _2,_2>>,\\n"
		"    Stride<Stride<_32,_1>,Stride<_16,_8>>>\", \"cute_role\": \"tv\","
		" \"logical\": [16,8]}",
		"{\"cute\": \" ( (4, 8), (2, 2) ) : ( (32, 1), (16, 8) ) \", \"cute_role\": \"tv\","
		" \"logical\": [16,8]}");
	/* Int<N>, cute:: and a trailing `;` of a using-declaration */
	assert_same_placement(
		"{\"cute\": \"using X = cute::Layout<cute::Shape<cute::Int<4>, Int<2>>,"
		" cute::Stride<Int<2>, cute::_1>>;\"}",
		"{\"cute\": \"(4,2):(2,1)\"}");
	/* static marks in the printed form */
	assert_same_placement("{\"cute\": \"(_2,4):(_12,_1)\"}", "{\"cute\": \"(2,4):(12,1)\"}");
	/* scalar shapes and the default (compact colex) stride */
	assert_same_placement("{\"cute\": \"Layout<_32,_1>\"}", "{\"cute\": \"32:1\"}");
	assert_same_placement("{\"cute\": \"Layout<Shape<_32>>\"}", "{\"cute\": \"(32):(1)\"}");
	assert_same_placement("{\"cute\": \"(4,(2,3))\"}", "{\"cute\": \"(4,(2,3)):(1,(4,8))\"}");
}

/* SM120 headers carry comments inside the type text. */
static void test_comments_in_pasted_text(void)
{
	assert_same_placement("{\"cute\": \"Layout<Shape <Shape <_2,_2,_8>,_64>,  // Effectively "
			      "16 threads due to the 2:0 mode\\n"
			      "    /* (T32,V64) -> (M16,K64) */ Stride<Stride<_8,_0,_1>,_16>>\","
			      " \"cute_role\": \"tv\", \"logical\": [16,64]}",
			      "{\"cute\": \"((2,2,8),64):((8,0,1),16)\", \"cute_role\": \"tv\", "
			      "\"logical\": [16,64]}");
	/* an unterminated block comment is located at its opening */
	ASSERT_ERROR("{\"cute\": \"(4,8):(1,4) /* open\"}", LAY_ESYNTAX, "/cute", 12);
}

static void test_congruence_errors(void)
{
	/* stride mode (4,8,16) has an extra mode: located at the 16 */
	ASSERT_ERROR("{\"cute\": \"(4,(2,2)):(1,(4,8,16))\"}", LAY_ECONGRUENT, "/cute", 18);
	/* the shipped SM80 b1 A layout's mode: (32,2) against ((16,8)) */
	ASSERT_ERROR("{\"cute\": \"(32,2):((16,8))\"}", LAY_ECONGRUENT, "/cute", 8);
	struct lay_error err;
	json_t *r = analyze_text("{\"cute\": \"(32,2):((16,8))\"}", &err);
	CU_ASSERT_PTR_NULL(r);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "shape (32,2) and stride ((16,8))"));
	CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "mode 0 is 32 in the shape but (16,8)"));
	/* a tuple where the shape has an integer */
	ASSERT_ERROR("{\"cute\": \"(4,8):((1,2),4)\"}", LAY_ECONGRUENT, "/cute", 7);
	/* fewer stride modes: located at the stride tuple */
	ASSERT_ERROR("{\"cute\": \"(4,8,2):(1,4)\"}", LAY_ECONGRUENT, "/cute", 8);
	/* a 1-tuple is not an integer (CuTe's congruent<>) */
	ASSERT_ERROR("{\"cute\": \"Layout<Shape<_8>,_1>\"}", LAY_ECONGRUENT, "/cute", 17);
	/* inside a request the pointer carries /layout */
	ASSERT_ERROR("{\"layout\": {\"cute\": \"(4,(2,2)):(1,(4,8,16))\"}}", LAY_ECONGRUENT,
		     "/layout/cute", 18);
}

static void test_syntax_errors(void)
{
	ASSERT_ERROR("{\"cute\": \"(4,8):(1,4\"}", LAY_ESYNTAX, "/cute", 10);
	ASSERT_ERROR("{\"cute\": \"(4,8)(1,4)\"}", LAY_ESYNTAX, "/cute", 5);
	ASSERT_ERROR("{\"cute\": \"(4,,8):(1,4)\"}", LAY_ESYNTAX, "/cute", 3);
	ASSERT_ERROR("{\"cute\": \"(4,8):(1,4@)\"}", LAY_ESYNTAX, "/cute", 11);
	ASSERT_ERROR("{\"cute\": \"(4@x,8):(1,4)\"}", LAY_ESYNTAX, "/cute", 2);
	ASSERT_ERROR("{\"cute\": \"Layout<Shape<_4,_8>, Stride<_1,_4>\"}", LAY_ESYNTAX, "/cute",
		     34);
	ASSERT_ERROR("{\"cute\": \"Layout<Shape<_4,_8>,Stride<_1,Foo<4>>>\"}", LAY_ESYNTAX, "/cute",
		     30);
	ASSERT_ERROR("{\"cute\": \"std::Int<4>\"}", LAY_ESYNTAX, "/cute", 0);
	ASSERT_ERROR("{\"cute\": \"\"}", LAY_ESYNTAX, "/cute", 0);
	ASSERT_ERROR("{\"cute\": \"(4,8):(1,4) x\"}", LAY_ESYNTAX, "/cute", 12);
	ASSERT_ERROR("{\"cute\": \"(4,8):(1,4x)\"}", LAY_ESYNTAX, "/cute", 10);
	ASSERT_ERROR("{\"cute\": \"Layout<Shape<_4,_8>,Stride<_1,Int<4>>\"}", LAY_ESYNTAX, "/cute",
		     37);
	/* positions count characters, not bytes: the comment holds a 3-byte dash */
	ASSERT_ERROR("{\"cute\": \"(4,8) /* \\u2014 */ : (1,4,\"}", LAY_ESYNTAX, "/cute", 21);
	/* reals and other bad values */
	ASSERT_ERROR("{\"cute\": \"(4,2):(1.5,4)\"}", LAY_ENOTINT, "/cute", 7);
	ASSERT_ERROR("{\"cute\": \"(4,0):(1,4)\"}", LAY_EEXTENT, "/cute", 3);
	ASSERT_ERROR("{\"cute\": \"(-4,2):(1,4)\"}", LAY_EEXTENT, "/cute", 1);
	ASSERT_ERROR("{\"cute\": \"(4,2):(99999999999999999999,1)\"}", LAY_EOVERFLOW, "/cute", 7);
	ASSERT_ERROR("{\"cute\": \"(4294967296,4294967296):(1,1)\"}", LAY_EOVERFLOW, "/cute", 12);
	ASSERT_ERROR("{\"cute\": 42}", LAY_ESCHEMA, "/cute", -1);
}

static void test_limits(void)
{
	/* 65 leaf modes: one over LAYOUTD_MAX_ITERS, located at the 65th */
	char text[1024] = "{\"cute\": \"(";
	for (int i = 0; i < 65; i++)
		strcat(text, i ? ",1" : "1");
	strcat(text, ")\"}");
	ASSERT_ERROR(text, LAY_ELIMIT, "/cute", 1 + 2 * 64);
}

static void test_roles_and_schema(void)
{
	ASSERT_ERROR("{\"cute\": \"(4,8):(1,4)\", \"cute_role\": \"bogus\"}", LAY_ESCHEMA,
		     "/cute_role", -1);
	ASSERT_ERROR("{\"cute\": \"(4,8):(1,4)\", \"cute_role\": \"tv\"}", LAY_ESCHEMA, "", -1);
	ASSERT_ERROR("{\"layout\": {\"cute\": \"(4,8):(1,4)\", \"cute_role\": \"tv\"}}",
		     LAY_ESCHEMA, "/layout", -1);
	ASSERT_ERROR("{\"cute\": \"(4,8,2):(1,4,32)\", \"cute_role\": \"tv\", \"logical\": [8,8]}",
		     LAY_ESHAPE, "/cute", 5);
	ASSERT_ERROR("{\"cute\": \"32:1\", \"cute_role\": \"tv\", \"logical\": [8,4]}", LAY_ESHAPE,
		     "/cute", 0);
	ASSERT_ERROR("{\"cute\": \"(4,8):(1,4@x)\", \"cute_role\": \"tv\", \"logical\": [8,4]}",
		     LAY_ESCHEMA, "/cute", 9);
	ASSERT_ERROR("{\"cute\": \"(4,8):(1,4)\", \"cute_role\": \"tv\", \"logical\": [32]}",
		     LAY_ESHAPE, "/logical", -1);
	ASSERT_ERROR("{\"cute\": \"(4,8):(1,4)\", \"logical\": [3,3]}", LAY_ESHAPE, "/logical", -1);
}

/* A tv layout whose indices run past the tile: out of bounds, not placed. */
static void test_tv_out_of_tile(void)
{
	json_t *r = analyze_ok("{\"layout\": {\"cute\": \"(4,8):(1,4)\", \"cute_role\": \"tv\","
			       " \"logical\": [4,4]}, \"probe\": [[1,2]]}");
	CU_ASSERT_EQUAL(at_int(r, "placements"), 32);
	CU_ASSERT_EQUAL(at_int(r, "out_of_bounds/count"), 16);
	CU_ASSERT_EQUAL(at_int(r, "out_of_bounds/examples/0/index"), 16);
	CU_ASSERT_EQUAL(at_int(r, "out_of_bounds/examples/0/physical/thread"), 0);
	CU_ASSERT_EQUAL(at_int(r, "out_of_bounds/examples/0/physical/value"), 4);
	CU_ASSERT_EQUAL(at_bool(r, "verdict/in_bounds"), 0);
	CU_ASSERT_EQUAL(at_bool(r, "verdict/complete"), 1);
	CU_ASSERT_EQUAL(at_bool(r, "ok"), 0);
	/* element (m=1, n=2) is colex index 1 + 2*4 = 9 = (t 1, v 2) */
	CU_ASSERT_EQUAL(at_int(r, "probe/0/places/0/thread"), 1);
	CU_ASSERT_EQUAL(at_int(r, "probe/0/places/0/value"), 2);
	/* axes: thread then value, declared with the mode sizes */
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "physical/axes/0/name")), "thread");
	CU_ASSERT_EQUAL(at_int(r, "physical/axes/0/extent"), 4);
	CU_ASSERT_EQUAL(at_bool(r, "physical/axes/0/declared"), 1);
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "physical/axes/0/kind")), "thread");
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "physical/axes/1/name")), "value");
	CU_ASSERT_EQUAL(at_int(r, "physical/axes/1/extent"), 8);
	json_decref(r);

	/* an explicit physical extent is kept: 64 declared threads, 32 used */
	r = analyze_ok("{\"cute\": \"(32,4):(1,32)\", \"cute_role\": \"tv\", \"logical\": [32,4],"
		       " \"physical\": {\"thread\": 64}}");
	CU_ASSERT_EQUAL(at_int(r, "physical/axes/0/extent"), 64);
	CU_ASSERT_EQUAL(at_int(r, "holes/count"), 128);
	CU_ASSERT_EQUAL(at_bool(r, "verdict/complete"), 1);
	json_decref(r);
}

static void test_stride_zero_and_negative(void)
{
	json_t *r = analyze_ok("{\"cute\": \"(4,2):(0,1)\"}");
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "warnings/0/code")), "stride_zero");
	CU_ASSERT_EQUAL(at_int(r, "collisions/count"), 6);
	json_decref(r);
	/* a stride-0 mode of extent 1 broadcasts nothing: no warning */
	r = analyze_ok("{\"cute\": \"(4,1):(1,0)\"}");
	CU_ASSERT_EQUAL(json_array_size(at(r, "warnings")), 0);
	json_decref(r);
	/* negative stride: coordinates below 0 are out of bounds */
	r = analyze_ok("{\"layout\": {\"cute\": \"(4,2):(-1,4)\"}, \"probe\": [[3,0]]}");
	CU_ASSERT_EQUAL(at_int(r, "out_of_bounds/count"), 3);
	CU_ASSERT_EQUAL(json_array_size(at(r, "probe/0/places")), 1);
	CU_ASSERT_EQUAL(at_int(r, "probe/0/places/0/m"), -3);
	CU_ASSERT_EQUAL(at_int(r, "probe/0/out_of_bounds/0/m"), -3);
	CU_ASSERT_EQUAL(at_int(r, "unplaced/count"), 0);
	CU_ASSERT_EQUAL(at_bool(r, "verdict/in_bounds"), 0);
	json_decref(r);
	/* _mN is CuTe's Int<-N> */
	assert_same_placement("{\"cute\": \"(4,2):(_m1,Int<-8>)\"}",
			      "{\"cute\": \"(4,2):(-1,-8)\"}");
	/* the coordinates' range is what must fit 64 bits: 1 * -2^63 does, and
	 * so do a positive and a negative stride whose magnitudes sum past it */
	r = analyze_ok("{\"layout\": {\"cute\": \"2:-9223372036854775808\"}, \"probe\": [[1]]}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(at_int(r, "probe/0/out_of_bounds/0/m"), INT64_MIN);
	CU_ASSERT_EQUAL(at_int(r, "out_of_bounds/count"), 1);
	json_decref(r);
	r = analyze_ok("{\"layout\": {\"cute\": \"(2,2):(1,-9223372036854775808)\"}, "
		       "\"probe\": [[1,1]]}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(at_int(r, "probe/0/out_of_bounds/0/m"), INT64_MIN + 1);
	json_decref(r);
	r = analyze_ok("{\"cute\": \"(2,2):(-4611686018427387904,-4611686018427387904)\"}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(at_int(r, "out_of_bounds/count"), 3);
	CU_ASSERT_EQUAL(at_int(r, "collisions/count"), 0);
	json_decref(r);
	/* one past: -2^63 - 1 is not reached by coordinate 1 of stride -2^63 plus -1 */
	ASSERT_ERROR("{\"cute\": \"(2,2):(-1,-9223372036854775808)\"}", LAY_EOVERFLOW, "/cute", 10);
	ASSERT_ERROR("{\"cute\": \"3:-4611686018427387905\"}", LAY_EOVERFLOW, "/cute", 2);
	/* a negative stride does not make room for positive ones */
	ASSERT_ERROR("{\"cute\": \"(2,2,2):(-4611686018427387904,4611686018427387904,"
		     "4611686018427387904)\"}",
		     LAY_EOVERFLOW, "/cute", 50);
	ASSERT_ERROR("{\"cute\": \"3:4611686018427387904\"}", LAY_EOVERFLOW, "/cute", 2);
}

/* k@axis strides name axes in first-appearance order; plain ones go to m. */
static void test_scaled_axes(void)
{
	json_t *r = analyze_ok("{\"layout\": {\"cute\": \"(4,8,2):(1@laneid,4@laneid,1)\"},"
			       " \"probe\": [[1,1,1]]}");
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "physical/axes/0/name")), "laneid");
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "physical/axes/1/name")), "m");
	CU_ASSERT_EQUAL(at_int(r, "probe/0/places/0/laneid"), 5);
	CU_ASSERT_EQUAL(at_int(r, "probe/0/places/0/m"), 1);
	CU_ASSERT_EQUAL(at_int(r, "owners/count"), 32);
	CU_ASSERT_EQUAL(at_bool(r, "verdict/bijective"), 1);
	json_decref(r);
}

/* A CuTe TV layout and the PTX fragment table of the same atom place
 * identically: their fingerprints are equal. */
static void test_ptx_pairs_share_fingerprints(void)
{
	static const char *pairs[][2] = {
		{ "cutlass-sm80-16x8x16-c", "ptx-m16n8k16-c" },
		{ "cutlass-sm80-16x8x16-a", "ptx-m16n8k16-a" },
		{ "cutlass-sm80-16x8x16-b", "ptx-m16n8k16-b" },
		{ "cutlass-sm80-16x8x8-a", "ptx-m16n8k8-a" },
		{ "cutlass-sm80-16x8x8-b", "ptx-m16n8k8-b" },
		{ "cutlass-sm80-16x8x256-b1-a", "ptx-m16n8k256-b1-a" },
		{ "cutlass-sm80-16x8x256-b1-b", "ptx-m16n8k256-b1-b" },
		{ "cutlass-sm80-16x8x32-s4-b-after-pr3140", "ptx-m16n8k32-s4-b" },
		{ "cutlass-sm75-u32x4-ldsm-n-dst", "ptx-ldmatrix-x4-bits" },
	};
	for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
		char *a = golden_request(pairs[i][0]), *b = golden_request(pairs[i][1]);
		CU_ASSERT_PTR_NOT_NULL(a);
		CU_ASSERT_PTR_NOT_NULL(b);
		if (a && b)
			assert_same_placement(a, b);
		free(a);
		free(b);
	}
	/* and the layouts fixed by a PR differ from the PTX table */
	char *a = golden_request("cutlass-sm80-16x8x32-s4-b-before-pr3140");
	char *b = golden_request("ptx-m16n8k32-s4-b");
	if (a && b) {
		char fa[80], fb[80];
		fingerprint(a, fa);
		fingerprint(b, fb);
		CU_ASSERT(strcmp(fa, fb) != 0);
	}
	free(a);
	free(b);
}

/* The k-th leaf of a tree, left to right. */
static const struct lay_cute_node *leaf_at(const struct lay_cute_tree *t, int node, int *k)
{
	const struct lay_cute_node *x = &t->n[node];
	if (x->leaf)
		return (*k)-- == 0 ? x : NULL;
	for (int c = x->kid; c >= 0; c = t->n[c].next) {
		const struct lay_cute_node *r = leaf_at(t, c, k);
		if (r)
			return r;
	}
	return NULL;
}

/* Leaf k of the shape (or stride) is val, static or not. */
static void assert_leaf(const struct lay_cute_tree *t, bool stride, int k, int64_t val,
			bool is_static)
{
	int i = k;
	const struct lay_cute_node *x = leaf_at(t, stride ? t->stride : t->shape, &i);
	CU_ASSERT_PTR_NOT_NULL_FATAL(x);
	CU_ASSERT_EQUAL(x->val, val);
	CU_ASSERT_EQUAL(x->is_static, is_static);
}

static void read_ok(const char *text, struct lay_cute_tree *t)
{
	struct lay_error err;
	lay_error_clear(&err);
	int rc = lay_cute_tree_read(text, "/cute", t, &err);
	CU_ASSERT_EQUAL(rc, 0);
	if (rc)
		fprintf(stderr, "\n  %s: %s\n", text, err.message);
}

/* cute::print writes static integers _N and dynamic ones N: the tree
 * keeps which was written, C++ types making every integer static. */
static void test_tree_static_flags(void)
{
	struct lay_cute_tree t;
	read_ok("(_4,8):(Int<8>,1)", &t);
	assert_leaf(&t, false, 0, 4, true);
	assert_leaf(&t, false, 1, 8, false);
	assert_leaf(&t, true, 0, 8, true);
	assert_leaf(&t, true, 1, 1, false);
	CU_ASSERT_FALSE(t.swizzled);
	lay_cute_tree_free(&t);
	read_ok("cute::Layout<Shape<4, cute::C<8>>, Stride<8, _1>>{}", &t);
	for (int k = 0; k < 2; k++) {
		assert_leaf(&t, false, k, k ? 8 : 4, true);
		assert_leaf(&t, true, k, k ? 1 : 8, true);
	}
	lay_cute_tree_free(&t);
	/* Int<-3> as its alias _m3 and as cute::print writes it, _-3 */
	read_ok("(2,4):(_1,_m3)", &t);
	assert_leaf(&t, true, 1, -3, true);
	lay_cute_tree_free(&t);
	read_ok("(2,4):(_1,_-3)", &t);
	assert_leaf(&t, true, 1, -3, true);
	assert_leaf(&t, false, 1, 4, false);
	lay_cute_tree_free(&t);
}

/* The swizzle and offset of a composed layout, the offset's flag too. */
static void test_tree_composed(void)
{
	static const struct {
		const char *text;
		int64_t offset;
		bool is_static;
	} cases[] = {
		{ "Sw<3,4,3> o 0 o (8,8):(8,1)", 0, false },
		{ "Sw<3,4,3> o _8 o (8,8):(8,1)", 8, true },
		{ "SW_3_4_3 o Int<16> o (8,8):(8,1)", 16, true },
		{ "composition(Swizzle<3,4,3>{}, (8,8):(8,1))", 0, true },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct lay_cute_tree t;
		read_ok(cases[i].text, &t);
		CU_ASSERT(t.swizzled && t.B == 3 && t.M == 4 && t.S == 3);
		CU_ASSERT_EQUAL(t.offset, cases[i].offset);
		CU_ASSERT_EQUAL(t.offset_static, cases[i].is_static);
		assert_leaf(&t, true, 0, 8, false);
		lay_cute_tree_free(&t);
	}
}

/* What is not a layout written out: located errors. */
static void test_tree_refused(void)
{
	static const struct {
		const char *text;
		int code;
		long position;
	} cases[] = {
		{ "(4,8)", LAY_ESYNTAX, 0 },
		{ "(4,8):(1@m,4@n)", LAY_ESYNTAX, 7 },
		{ "GMMA::Layout_K_SW32_Atom<half_t>", LAY_ESYNTAX, 0 },
		{ "Sw<3,4,3> o smem_ptr[16b](unset) o (8,8):(8,1)", LAY_ESYNTAX, 21 },
		{ "(4,8):(1,4,2)", LAY_ECONGRUENT, 11 },
		{ "(8,16):(16,1", LAY_ESYNTAX, 12 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct lay_cute_tree t;
		struct lay_error err;
		lay_error_clear(&err);
		CU_ASSERT_EQUAL(lay_cute_tree_read(cases[i].text, "/cute", &t, &err),
				cases[i].code);
		CU_ASSERT_EQUAL(err.code, cases[i].code);
		CU_ASSERT_EQUAL(err.position, cases[i].position);
		CU_ASSERT_STRING_EQUAL(err.pointer, "/cute");
		if (err.position != cases[i].position)
			fprintf(stderr, "\n  %s: %ld %s\n", cases[i].text, err.position,
				err.message);
		lay_cute_tree_free(&t);
	}
}

int main(void)
{
	static const struct unit_test tests[] = {
		{ "colex order", test_colex_order },
		{ "1-D index and natural coordinate", test_index_natural_coordinate },
		{ "C++ text equals printed form", test_cxx_text_equals_printed },
		{ "comments in pasted text", test_comments_in_pasted_text },
		{ "congruence errors", test_congruence_errors },
		{ "syntax errors", test_syntax_errors },
		{ "limits", test_limits },
		{ "roles and schema", test_roles_and_schema },
		{ "tv out of tile", test_tv_out_of_tile },
		{ "stride 0 and negative strides", test_stride_zero_and_negative },
		{ "k@axis strides", test_scaled_axes },
		{ "PTX pairs share fingerprints", test_ptx_pairs_share_fingerprints },
		{ "tree: static integers", test_tree_static_flags },
		{ "tree: swizzle and offset", test_tree_composed },
		{ "tree: refused forms", test_tree_refused },
		{ NULL, NULL },
	};
	return unit_main("cute", tests);
}
