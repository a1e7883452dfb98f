/*
 * test_algebra.c - CuTe's layout algebra (src/layout/cute_algebra.c): a
 * randomized property test over thousands of random layouts and tilers
 * (every result satisfies its post-condition, checked here independently
 * of the engine's own checks, or the call is refused as algebra_precondition),
 * and the "algebra" section, expect.layout and the refusals of the cute
 * notation.
 */
#include "algebra/cute_algebra.h"
#include "notation/cute_expr.h"
#include "unit.h"

static uint64_t rng = 0x9e3779b97f4a7c15ULL;

static int64_t pick(int64_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (int64_t)(rng % (uint64_t)n);
}

static const int64_t extents[] = { 1, 2, 2, 3, 4, 4, 6, 8 };

/* A random layout: rank 1-3, some nested modes, compact-permuted strides
 * (sometimes with gaps) or arbitrary small strides. */
static struct ca *rand_layout(struct ca_ctx *c, int64_t max_size)
{
	for (;;) {
		int rank = 1 + (int)pick(3), n = 0;
		struct ca *t = ca_tuple(c, rank);
		struct ca *leaf[16];
		for (int i = 0; i < rank; i++) {
			if (pick(4) == 0) {
				int k = 2 + (int)pick(2);
				t->m[i] = ca_tuple(c, k);
				for (int j = 0; j < k; j++)
					t->m[i]->m[j] = leaf[n++] = ca_leaf(c, extents[pick(8)], 0);
			} else {
				t->m[i] = leaf[n++] = ca_leaf(c, extents[pick(8)], 0);
			}
		}
		if (ca_size(t) > max_size)
			continue;
		if (pick(10) < 7) {
			int order[16];
			for (int i = 0; i < n; i++)
				order[i] = i;
			for (int i = n - 1; i > 0; i--) {
				int j = (int)pick(i + 1), x = order[i];
				order[i] = order[j];
				order[j] = x;
			}
			int64_t acc = 1;
			bool gaps = pick(3) == 0;
			for (int i = 0; i < n; i++) {
				leaf[order[i]]->d = acc;
				acc *= leaf[order[i]]->s;
				if (gaps && pick(3) == 0)
					acc *= 2 + pick(2);
			}
		} else {
			static const int64_t strides[] = { 0, 1, 2, 3, 4, 8, 16 };
			for (int i = 0; i < n; i++)
				leaf[i]->d = strides[pick(7)];
		}
		return rank == 1 && pick(2) ? t->m[0] : t;
	}
}

static struct ca *rand_tiler_layout(struct ca_ctx *c)
{
	if (pick(2))
		return ca_leaf(c, 2 + pick(7), 1 + pick(4));
	struct ca *t = ca_tuple(c, 2);
	t->m[0] = ca_leaf(c, 2 + pick(3), 1 + pick(2));
	t->m[1] = ca_leaf(c, 2 + pick(2), t->m[0]->s * t->m[0]->d * (1 + pick(2)));
	return t;
}

struct fl {
	int64_t s[64], d[64];
	int n;
};

static void flatten(const struct ca *l, struct fl *f)
{
	f->n = ca_leaves(l, f->s, f->d, 64);
}

static int64_t val_at(const struct fl *f, int64_t i)
{
	return ca_eval(f->s, f->d, f->n, i);
}

/* R(c) = A(B(c)) for every c of B, A extended along its last leaf. */
static bool composes(const struct ca *a, const struct ca *b, const struct ca *r)
{
	struct fl fa, fb, fr;
	flatten(a, &fa);
	flatten(b, &fb);
	flatten(r, &fr);
	if (ca_size(r) != ca_size(b))
		return false;
	for (int64_t i = 0; i < ca_size(b); i++)
		if (val_at(&fr, i) != val_at(&fa, val_at(&fb, i)))
			return false;
	return true;
}

static bool same_function(const struct ca *a, const struct ca *r)
{
	struct fl fa, fr;
	flatten(a, &fa);
	flatten(r, &fr);
	if (ca_size(a) != ca_size(r))
		return false;
	for (int64_t i = 0; i < ca_size(a); i++)
		if (val_at(&fa, i) != val_at(&fr, i))
			return false;
	return true;
}

static bool complements(const struct ca *a, const struct ca *r)
{
	struct fl fa, fr;
	flatten(a, &fa);
	flatten(r, &fr);
	for (int64_t i = 1; i < ca_size(r); i++) {
		int64_t v = val_at(&fr, i);
		if (v <= val_at(&fr, i - 1))
			return false;
		for (int64_t j = 0; j < ca_size(a); j++)
			if (val_at(&fa, j) == v)
				return false;
	}
	return true;
}

static int refused, answered, answered_right;

/* A call either answers (r non-NULL, every check holds) or refuses with
 * algebra_precondition; nothing else. */
static bool outcome(struct ca_ctx *c, const struct ca *r)
{
	if (!r) {
		CU_ASSERT_EQUAL(c->code, LAY_EALGEBRA);
		if (c->code != LAY_EALGEBRA)
			fprintf(stderr, "\n  unexpected code %d: %s\n", c->code, c->msg);
		refused++;
		c->code = 0;
		return false;
	}
	/* every check of the answer holds; where CuTe's own composition was
	 * wrong the answer is another layout, and that is reported too */
	for (int i = 0; i < c->nchecks; i++)
		if (strcmp(c->checks[i].name, "CuTe's own result is A o B") == 0)
			answered_right++;
		else
			CU_ASSERT(c->checks[i].holds);
	answered++;
	return true;
}

static void test_properties(void)
{
	for (int iter = 0; iter < 4000; iter++) {
		struct ca_ctx c;
		ca_init(&c);
		struct ca *a = rand_layout(&c, 256), *b = rand_layout(&c, 64);
		struct ca *t = rand_tiler_layout(&c), *r;
		struct ct tb = { CT_LAYOUT, b, 0, 0, NULL }, tt = { CT_LAYOUT, t, 0, 0, NULL };
		c.nchecks = 0;
		if (outcome(&c, r = ca_composition(&c, a, &tb)))
			CU_ASSERT(composes(a, b, r));
		c.nchecks = 0;
		if (outcome(&c, r = ca_composition(&c, a, &tt)))
			CU_ASSERT(composes(a, t, r));
		c.nchecks = 0;
		if (outcome(&c, r = ca_coalesce(&c, a, NULL))) {
			CU_ASSERT(same_function(a, r));
			CU_ASSERT(ca_rank(r) == 1 || r->m[0]->n < 0); /* depth <= 1 */
		}
		c.nchecks = 0;
		if (outcome(&c, r = ca_complement(&c, a, NULL)))
			CU_ASSERT(complements(a, r));
		struct ct cot = { CT_INT, NULL, 1 + pick(512), 0, NULL };
		c.nchecks = 0;
		if (outcome(&c, r = ca_complement(&c, t, &cot)))
			CU_ASSERT(complements(t, r));
		c.nchecks = 0;
		if (outcome(&c, r = ca_right_inverse(&c, a))) {
			struct fl fa, fr;
			flatten(a, &fa);
			flatten(r, &fr);
			for (int64_t i = 0; i < ca_size(r); i++)
				CU_ASSERT_EQUAL(val_at(&fa, val_at(&fr, i)), i);
		}
		c.nchecks = 0;
		if (outcome(&c, r = ca_left_inverse(&c, a))) {
			struct fl fa, fr;
			flatten(a, &fa);
			flatten(r, &fr);
			for (int64_t i = 0; i < ca_size(a); i++)
				CU_ASSERT_EQUAL(val_at(&fa, val_at(&fr, val_at(&fa, i))),
						val_at(&fa, i));
		}
		/* logical_divide(A, B) = A o (B, complement(B, shape(coalesce(A)))) */
		c.nchecks = 0;
		if (outcome(&c, r = ca_divide(&c, CA_LOGICAL, a, &tt))) {
			struct ca *x = ca_coalesce(&c, a, NULL);
			struct ct cx = { CT_LAYOUT, x, 0, 0, NULL };
			struct ca *comp = ca_complement(&c, t, &cx);
			CU_ASSERT_PTR_NOT_NULL(comp);
			struct ca *pair[2] = { t, comp };
			if (comp)
				CU_ASSERT(composes(a, ca_concat(&c, pair, 2), r));
		}
		c.nchecks = 0;
		if (outcome(&c, r = ca_divide(&c, CA_ZIPPED, a, &tt)))
			CU_ASSERT_EQUAL(ca_size(r), ca_size(a) > 0 ? ca_size(r) : 0);
		/* logical_product(A, B) = (A, complement(A, size(A)*cosize(B)) o B) */
		c.nchecks = 0;
		if (outcome(&c, r = ca_product(&c, CA_LOGICAL, a, &tt))) {
			CU_ASSERT(ca_equal(r->m[0], a));
			struct ct m = { CT_INT, NULL, ca_size(a) * ca_cosize(t), 0, NULL };
			struct ca *comp = ca_complement(&c, a, &m);
			if (comp && ca_cosize(t) > 0)
				CU_ASSERT(composes(comp, t, r->m[1]));
			c.code = 0;
		}
		c.nchecks = 0;
		int64_t vec = 0;
		if (outcome(&c, r = ca_max_common_layout(&c, a, a, &vec))) {
			struct fl fa, fr;
			flatten(a, &fa);
			flatten(r, &fr);
			for (int64_t i = 0; i < ca_size(r); i++)
				CU_ASSERT_EQUAL(val_at(&fa, val_at(&fr, i)), i);
		}
		ca_free(&c);
	}
	CU_ASSERT(answered > 20000);
	CU_ASSERT(answered_right > 0); /* verified by composes() like the others */
	CU_ASSERT(refused > 0);
}

/* ------------------------------------------------------------------ */

static const char *str_at(json_t *o, const char *a, const char *b)
{
	json_t *x = json_object_get(o, a);
	return json_string_value(b ? json_object_get(x, b) : x);
}

static void test_response(void)
{
	json_t *r = analyze_ok("{\"layout\":{\"cute\":\"logical_divide((4,2,3):(2,1,8), 4:2)\"}}");
	if (!r)
		return;
	json_t *alg = json_object_get(r, "algebra");
	CU_ASSERT_STRING_EQUAL(str_at(r, "algebra", "result"), "((2,2),(2,3)):((4,1),(2,8))");
	CU_ASSERT_STRING_EQUAL(str_at(r, "algebra", "cpp"),
			       "Layout<Shape<Shape<_2,_2>,Shape<_2,_3>>,Stride<Stride<_4,_1>,"
			       "Stride<_2,_8>>>");
	json_t *steps = json_object_get(alg, "steps");
	CU_ASSERT_EQUAL(json_array_size(steps), 1);
	json_t *s0 = json_array_get(steps, 0);
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(s0, "op")), "logical_divide");
	CU_ASSERT_STRING_EQUAL(json_string_value(json_array_get(json_object_get(s0, "args"), 1)),
			       "4:2");
	CU_ASSERT(json_array_size(json_object_get(s0, "checks")) >= 2);
	/* the result is analysed: logical shape from its two modes */
	json_t *shape = json_object_get(json_object_get(r, "logical"), "shape");
	CU_ASSERT_EQUAL(json_integer_value(json_array_get(shape, 0)), 4);
	CU_ASSERT_EQUAL(json_integer_value(json_array_get(shape, 1)), 6);
	CU_ASSERT(json_is_true(json_object_get(r, "ok")));
	json_decref(r);

	/* nested calls: innermost first */
	r = analyze_ok("{\"layout\":{\"cute\":\"zipped_divide(composition((16,16):(16,1), "
		       "(16,16):(1,16)), <4:1, 8:1>)\"}}");
	if (r) {
		steps = json_object_get(json_object_get(r, "algebra"), "steps");
		CU_ASSERT_EQUAL(json_array_size(steps), 2);
		CU_ASSERT_STRING_EQUAL(
			json_string_value(json_object_get(json_array_get(steps, 0), "op")),
			"composition");
		json_decref(r);
	}

	/* an integer-valued expression */
	r = analyze_ok(
		"{\"layout\":{\"cute\":\"max_common_vector((8,16):(16,1), (8,16):(16,1))\"}}");
	if (r) {
		CU_ASSERT_EQUAL(
			json_integer_value(json_object_get(json_object_get(r, "algebra"), "value")),
			128);
		CU_ASSERT(json_is_true(json_object_get(r, "ok")));
		CU_ASSERT_PTR_NULL(json_object_get(r, "verdict"));
		json_decref(r);
	}
}

static void test_expect_layout(void)
{
	json_t *r = analyze_ok("{\"layout\":{\"cute\":\"coalesce((2,(1,6)):(1,(6,2)))\"},"
			       "\"expect\":{\"layout\":\"12:1\"}}");
	if (r) {
		CU_ASSERT(json_is_true(json_object_get(r, "ok")));
		json_decref(r);
	}
	/* the same function, a different layout */
	r = analyze_ok("{\"layout\":{\"cute\":\"coalesce((2,(1,6)):(1,(6,2)))\"},"
		       "\"expect\":{\"layout\":\"(2,6):(1,2)\"}}");
	if (r) {
		CU_ASSERT(json_is_false(json_object_get(r, "ok")));
		json_t *f = json_array_get(
			json_object_get(json_object_get(r, "expect"), "failures"), 0);
		CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(f, "field")), "layout");
		CU_ASSERT(json_is_false(json_object_get(f, "same_function")));
		json_decref(r);
	}
	r = analyze_ok("{\"layout\":{\"cute\":\"coalesce((2,(1,6)):(1,(6,2)), (1,1))\"},"
		       "\"expect\":{\"layout\":\"(2,(1,6)):(1,(6,2))\"}}");
	if (r) {
		json_t *f = json_array_get(
			json_object_get(json_object_get(r, "expect"), "failures"), 0);
		CU_ASSERT(json_is_true(json_object_get(f, "same_function")));
		json_decref(r);
	}
	/* a plain layout is its own result: the identical text passes, a
	 * different layout of the same function fails and says so */
	r = analyze_ok("{\"layout\":{\"cute\":\"(4,8):(8,1)\"},"
		       "\"expect\":{\"layout\":\"(4,8):(8,1)\"}}");
	if (r) {
		CU_ASSERT(json_is_true(json_object_get(r, "ok")));
		CU_ASSERT(json_is_true(json_object_get(json_object_get(r, "expect"), "passed")));
		json_decref(r);
	}
	r = analyze_ok("{\"layout\":{\"cute\":\"Layout<Shape<_4,_8>,Stride<_8,_1>>\"},"
		       "\"expect\":{\"layout\":\"(4,8):(8,1)\"}}");
	if (r) {
		CU_ASSERT(json_is_true(json_object_get(r, "ok")));
		json_decref(r);
	}
	r = analyze_ok("{\"layout\":{\"cute\":\"(2,(1,6)):(1,(6,2))\"},"
		       "\"expect\":{\"layout\":\"(2,6):(1,2)\"}}");
	if (r) {
		json_t *f = json_array_get(
			json_object_get(json_object_get(r, "expect"), "failures"), 0);
		const char *got = json_string_value(json_object_get(f, "actual"));
		CU_ASSERT(got && strcmp(got, "(2,(1,6)):(1,(6,2))") == 0);
		CU_ASSERT(json_is_true(json_object_get(f, "same_function")));
		json_decref(r);
	}
	r = analyze_ok("{\"layout\":{\"cute\":\"(4,8):(8,1)\"},"
		       "\"expect\":{\"layout\":\"(4,8):(1,4)\"}}");
	if (r) {
		json_t *f = json_array_get(
			json_object_get(json_object_get(r, "expect"), "failures"), 0);
		CU_ASSERT(json_is_false(json_object_get(f, "same_function")));
		json_decref(r);
	}
	/* not a cute layout: no result to compare, and no same_function */
	r = analyze_ok("{\"layout\":{\"logical\":[4],\"expr\":{\"m\":\"i\"}},"
		       "\"expect\":{\"layout\":\"4:1\"}}");
	if (r) {
		json_t *f = json_array_get(
			json_object_get(json_object_get(r, "expect"), "failures"), 0);
		CU_ASSERT_PTR_NOT_NULL(f);
		CU_ASSERT_PTR_NULL(json_object_get(f, "same_function"));
		json_decref(r);
	}
	struct lay_error err;
	r = analyze_text(
		"{\"layout\":{\"cute\":\"coalesce(8:1)\"},\"expect\":{\"layout\":\"(8:1\"}}", &err);
	CU_ASSERT_PTR_NULL(r);
	CU_ASSERT_EQUAL(err.code, LAY_ESYNTAX);
	CU_ASSERT_STRING_EQUAL(err.pointer, "/expect/layout");
	json_decref(r);
}

static void test_refusals(void)
{
	struct lay_error err;
	json_t *r = analyze_text("{\"layout\":{\"cute\":\"  logical_divide((4,8):(1,8), 3:6)\"}}",
				 &err);
	CU_ASSERT_PTR_NULL(r);
	CU_ASSERT_EQUAL(err.code, LAY_EALGEBRA);
	CU_ASSERT_STRING_EQUAL(err.pointer, "/layout/cute");
	CU_ASSERT_EQUAL(err.position, 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "logical_divide"));
	CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "Stride Divisibility Condition"));
	CU_ASSERT_STRING_EQUAL(lay_code_name(err.code), "algebra_precondition");
	json_decref(r);
	/* not an expression: the layout parser's own error */
	r = analyze_text("{\"layout\":{\"cute\":\"frobnicate(4:1)\"}}", &err);
	CU_ASSERT_PTR_NULL(r);
	CU_ASSERT_EQUAL(err.code, LAY_ESYNTAX);
	json_decref(r);
}

/* Every prefix and thousands of random mutations of real expressions are
 * either evaluated or refused with a located error: never a crash, and the
 * position lies inside the text. */
static void test_mutations(void)
{
	static const char *const seeds[] = {
		"logical_divide((4,2,3):(2,1,8), 4:2)",
		"zipped_divide((9,(4,8)):(59,(13,1)), <3:3, (2,4):(1,8)>)",
		"composition(make_layout(make_shape(Int<10>{}, Int<2>{}), make_stride(Int<16>{}, "
		"Int<4>{})), Layout<Shape<_5,_4>,Stride<_1,_5>>{})",
		"tile_to_shape((8,8):(8,1), Shape<_32,_64>{}, Step<_2,_1>{})",
		"upcast<2>(Sw<3,4,3> o _0 o (8,64):(64,1))",
		"recast_layout<half_t, uint8_t>(Layout((8, 64), (64, 1)))",
		"max_common_vector((8,16):(16,1), coalesce((8,16):(16,1), (1,1)))",
	};
	static const char alphabet[] = "(),:<>_{}0123456789-oSw ablcmpstx";
	char buf[512];
	for (size_t k = 0; k < sizeof seeds / sizeof seeds[0]; k++) {
		size_t n = strlen(seeds[k]);
		for (int iter = 0; iter < 1500; iter++) {
			memcpy(buf, seeds[k], n + 1);
			if (iter < (int)n) {
				buf[iter] = '\0'; /* every prefix */
			} else {
				for (int m = 0; m < 1 + (int)pick(3); m++)
					buf[pick((int64_t)n)] = alphabet[pick(sizeof alphabet - 1)];
			}
			char *res = NULL;
			json_t *alg = NULL;
			struct lay_error err;
			lay_error_clear(&err);
			int rc = lay_cute_algebra(buf, "/cute", &res, &alg, &err);
			if (rc) {
				CU_ASSERT(err.position >= 0 && err.position <= (long)strlen(buf));
				CU_ASSERT_PTR_NULL(res);
				CU_ASSERT(strlen(err.message) > 0);
			} else if (res) {
				CU_ASSERT_PTR_NOT_NULL(alg);
			}
			free(res);
			json_decref(alg);
		}
	}
}

int main(void)
{
	static const struct unit_test tests[] = {
		{ "random layouts: post-conditions hold or refused", test_properties },
		{ "the algebra section", test_response },
		{ "expect.layout", test_expect_layout },
		{ "refusals", test_refusals },
		{ "malformed expressions", test_mutations },
		{ NULL, NULL },
	};
	return unit_main("algebra", tests);
}
