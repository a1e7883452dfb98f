/* test_expr.c - the expr notation: operators, floor semantics, errors. */
#include "unit.h"

/* Evaluate one expression at element (i, j) of an 8x8 tile by probing. */
static long long eval_at(const char *expr, int i, int j)
{
	char buf[1024];
	struct lay_error err;
	snprintf(buf, sizeof buf,
		 "{\"layout\":{\"logical\":[8,8],\"expr\":{\"m\":\"%s\"}},\"probe\":[[%d,%d]]}",
		 expr, i, j);
	json_t *a = analyze_text(buf, &err);
	if (!a) {
		fprintf(stderr, "eval_at(%s): %s\n", expr, err.message);
		return -999999;
	}
	json_t *places = at(a, "probe/0/places");
	long long v = json_array_size(places) == 1 ? at_int(places, "0/m") : -888888;
	json_decref(a);
	return v;
}

static void test_floor_semantics(void)
{
	/* Python: -7 // 2 == -4, -7 % 2 == 1, 7 // -2 == -4, 7 % -2 == -1;
	 * m must be >= 0 to be in bounds, so offset the results. */
	CU_ASSERT_EQUAL(eval_at("(i - 7) // 2 + 10", 0, 0), 6);
	CU_ASSERT_EQUAL(eval_at("(i - 7) % 2", 0, 0), 1);
	CU_ASSERT_EQUAL(eval_at("7 // (i - 9) + 10", 0, 0), 9);
	CU_ASSERT_EQUAL(eval_at("7 % (i - 9) + 10", 0, 0), 8);
	CU_ASSERT_EQUAL(eval_at("(i - 7) / 2 + 10", 0, 0), 6);
	CU_ASSERT_EQUAL(eval_at("floordiv(j - 7, 4) + 5", 0, 1), 3);
	CU_ASSERT_EQUAL(eval_at("floormod(j - 7, 4)", 0, 1), 2);
}

static void test_floor_exact(void)
{
	/* An exact quotient is not rounded down: (0 - 8) // 2 == -4 in Python,
	 * and 8 // -2 == -4; an exact remainder is 0 whatever the signs. */
	CU_ASSERT_EQUAL(eval_at("(i - 8) // 2 + 10", 0, 0), 6);
	CU_ASSERT_EQUAL(eval_at("(i - 8) / 2 + 10", 0, 0), 6);
	CU_ASSERT_EQUAL(eval_at("8 // -2 + 10", 0, 0), 6);
	CU_ASSERT_EQUAL(eval_at("(i - 8) // -2 + 10", 0, 0), 14);
	CU_ASSERT_EQUAL(eval_at("floordiv(i - 8, 4) + 5", 0, 0), 3);
	CU_ASSERT_EQUAL(eval_at("(i - 8) % 2", 0, 0), 0);
	CU_ASSERT_EQUAL(eval_at("8 % -2", 0, 0), 0);
	CU_ASSERT_EQUAL(eval_at("(i - 8) % -2", 0, 0), 0);
	CU_ASSERT_EQUAL(eval_at("floormod(i - 8, 4)", 0, 0), 0);
	/* inexact, each sign combination: -9 // 2 == -5, 9 // -2 == -5,
	 * -9 // -2 == 4; -9 % 2 == 1, 9 % -2 == -1, -9 % -2 == -1 */
	CU_ASSERT_EQUAL(eval_at("(i - 9) // 2 + 10", 0, 0), 5);
	CU_ASSERT_EQUAL(eval_at("9 // -2 + 10", 0, 0), 5);
	CU_ASSERT_EQUAL(eval_at("(i - 9) // -2", 0, 0), 4);
	CU_ASSERT_EQUAL(eval_at("(i - 9) % 2", 0, 0), 1);
	CU_ASSERT_EQUAL(eval_at("9 % -2 + 10", 0, 0), 9);
	CU_ASSERT_EQUAL(eval_at("(i - 9) % -2 + 10", 0, 0), 9);
	/* both positive: plain truncation */
	CU_ASSERT_EQUAL(eval_at("i // 2", 7, 0), 3);
	CU_ASSERT_EQUAL(eval_at("i % 3", 7, 0), 1);
	CU_ASSERT_EQUAL(eval_at("i / 4", 7, 0), 1);
}

static void test_shifts(void)
{
	/* Python semantics on 64 bits: a shifted negative value keeps its sign,
	 * >> floors, and a result outside int64 is an overflow error. */
	CU_ASSERT_EQUAL(eval_at("((i - 3) << 2) + 20", 0, 0), 8);
	CU_ASSERT_EQUAL(eval_at("((i - 5) >> 1) + 10", 0, 0), 7);
	CU_ASSERT_EQUAL(eval_at("((i - 1) >> 70) + 5", 0, 0), 4);
	CU_ASSERT_EQUAL(eval_at("(i >> 70) + 5", 7, 0), 5);
	/* the largest shifts that still fit: 1 << 62 and -1 << 63 == INT64_MIN */
	CU_ASSERT_EQUAL(eval_at("(1 << 62) - 4611686018427387904", 0, 0), 0);
	CU_ASSERT_EQUAL(eval_at("(-1 << 63) + 9223372036854775807 + 1", 0, 0), 0);
	CU_ASSERT_EQUAL(eval_at("(-2 << 62) + 9223372036854775807 + 1", 0, 0), 0);
	CU_ASSERT_EQUAL(eval_at("(3 << 61) - 6917529027641081856", 0, 0), 0);
	/* one bit further overflows, for either sign, at every element */
	ASSERT_ERROR("{\"logical\":[8,8],\"expr\":{\"m\":\"-3 << 62\"}}", LAY_EOVERFLOW, "/expr/m",
		     3);
	ASSERT_ERROR("{\"logical\":[8,8],\"expr\":{\"m\":\"-1 << 64\"}}", LAY_EOVERFLOW, "/expr/m",
		     3);
	ASSERT_ERROR("{\"logical\":[8,8],\"expr\":{\"m\":\"-2 << 63\"}}", LAY_EOVERFLOW, "/expr/m",
		     3);
	ASSERT_ERROR("{\"logical\":[8,8],\"expr\":{\"m\":\"1 << 63\"}}", LAY_EOVERFLOW, "/expr/m",
		     2);
	ASSERT_ERROR("{\"logical\":[8,8],\"expr\":{\"m\":\"2 << 62\"}}", LAY_EOVERFLOW, "/expr/m",
		     2);
	ASSERT_ERROR("{\"logical\":[8,8],\"expr\":{\"m\":\"i << (j - 1)\"}}", LAY_ERANGE, "/expr/m",
		     2);
}

static void test_int64_edges(void)
{
	/* -INT64_MIN and INT64_MIN // -1 do not fit; -INT64_MAX and
	 * INT64_MIN % -1 (== 0) do */
	ASSERT_ERROR("{\"logical\":[8,8],\"expr\":{\"m\":\"-(-1 << 63)\"}}", LAY_EOVERFLOW,
		     "/expr/m", 0);
	CU_ASSERT_EQUAL(eval_at("-9223372036854775807 + 9223372036854775807", 0, 0), 0);
	ASSERT_ERROR("{\"logical\":[8,8],\"expr\":{\"m\":\"(-1 << 63) // -1\"}}", LAY_EOVERFLOW,
		     "/expr/m", 11);
	ASSERT_ERROR("{\"logical\":[8,8],\"expr\":{\"m\":\"(-1 << 63) / (i - 1 - i)\"}}",
		     LAY_EOVERFLOW, "/expr/m", 11);
	CU_ASSERT_EQUAL(eval_at("(-1 << 63) % -1 + 5", 0, 0), 5);
	CU_ASSERT_EQUAL(eval_at("(-1 << 63) // 1 + 9223372036854775807 + 1", 0, 0), 0);
	CU_ASSERT_EQUAL(eval_at("(-1 << 63) // 2 + 4611686018427387904", 0, 0), 0);
}

/* An expression of exactly the length limit is accepted; one more refused. */
static void test_length_limit(void)
{
	char req[LAYOUTD_MAX_EXPR_LEN + 128];
	int n = snprintf(req, sizeof req, "{\"logical\":[2],\"expr\":{\"m\":\"i");
	memset(req + n, ' ', LAYOUTD_MAX_EXPR_LEN - 1);
	snprintf(req + n + LAYOUTD_MAX_EXPR_LEN - 1, 8, "\"}}");
	json_t *a = analyze_ok(req);
	CU_ASSERT_EQUAL(at_int(a, "placements"), 2);
	json_decref(a);
	memset(req + n, ' ', LAYOUTD_MAX_EXPR_LEN);
	snprintf(req + n + LAYOUTD_MAX_EXPR_LEN, 8, "\"}}");
	ASSERT_ERROR(req, LAY_ELIMIT, "/expr/m", -1);
}

static void test_precedence(void)
{
	/* Python precedence: * over +, + over <<, << over &, & over ^, ^ over | */
	CU_ASSERT_EQUAL(eval_at("1 + 2 * 3", 0, 0), 7);
	CU_ASSERT_EQUAL(eval_at("1 << 2 + 1", 0, 0), 8);
	CU_ASSERT_EQUAL(eval_at("6 & 3 ^ 1", 0, 0), 3);
	CU_ASSERT_EQUAL(eval_at("1 | 2 ^ 3", 0, 0), 1);
	CU_ASSERT_EQUAL(eval_at("2 ^ 3 & 1", 0, 0), 3);
	CU_ASSERT_EQUAL(eval_at("-i + 10", 3, 0), 7);
	CU_ASSERT_EQUAL(eval_at("~i + 10", 3, 0), 6);
	CU_ASSERT_EQUAL(eval_at("(1 + 2) * 3", 0, 0), 9);
	CU_ASSERT_EQUAL(eval_at("64 >> 2 >> 1", 0, 0), 8);
	/* a zero shifted by any amount is zero, not undefined behaviour */
	CU_ASSERT_EQUAL(eval_at("(i - i) << 81", 3, 0), 0);
	CU_ASSERT_EQUAL(eval_at("1 << 62 >> 62", 0, 0), 1);
	CU_ASSERT_EQUAL(eval_at("min(i, j) + max(i, j) * 10", 2, 5), 52);
	CU_ASSERT_EQUAL(eval_at("j % 8 + 8 * ((j // 8) ^ i) + 64 * i", 3, 5), 3 * 64 + 8 * 3 + 5);
}

static void test_errors(void)
{
	ASSERT_ERROR("{\"logical\":[8,8],\"expr\":{\"m\":\"i // (j - 3)\"}}", LAY_EDIVZERO,
		     "/expr/m", 2);
	ASSERT_ERROR("{\"logical\":[8,8],\"expr\":{\"m\":\"i % (j - j)\"}}", LAY_EDIVZERO,
		     "/expr/m", 2);
	ASSERT_ERROR("{\"logical\":[8,8],\"expr\":{\"m\":\"i + q\"}}", LAY_EUNKNOWN, "/expr/m", 4);
	ASSERT_ERROR("{\"logical\":[8,8],\"expr\":{\"m\":\"i + * j\"}}", LAY_ESYNTAX, "/expr/m", 4);
	ASSERT_ERROR("{\"logical\":[8,8],\"expr\":{\"m\":\"(i + j\"}}", LAY_ESYNTAX, "/expr/m", 6);
	ASSERT_ERROR("{\"logical\":[8,8],\"expr\":{\"m\":\"i < j\"}}", LAY_ESYNTAX, "/expr/m", 2);
	ASSERT_ERROR("{\"logical\":[8,8],\"expr\":{\"m\":\"i * 4611686018427387904\"}}",
		     LAY_EOVERFLOW, "/expr/m", 2);
	ASSERT_ERROR("{\"logical\":[8,8],\"expr\":{\"m\":\"1 << 63\"}}", LAY_EOVERFLOW, "/expr/m",
		     2);
	ASSERT_ERROR("{\"logical\":[8,8],\"expr\":{\"m\":\"99999999999999999999\"}}", LAY_EOVERFLOW,
		     "/expr/m", 0);
	ASSERT_ERROR("{\"logical\":[8,8],\"expr\":{\"m\":\"i.5\"}}", LAY_ESYNTAX, "/expr/m", 1);
	ASSERT_ERROR("{\"logical\":[8,8],\"expr\":{\"m\":\"foo(i, j)\"}}", LAY_EUNKNOWN, "/expr/m",
		     0);
	ASSERT_ERROR("{\"logical\":[8,8],\"expr\":{\"m\":\"\"}}", LAY_ESYNTAX, "/expr/m", 0);
	ASSERT_ERROR("{\"expr\":{\"m\":\"i\"}}", LAY_ESCHEMA, "", -1);
	ASSERT_ERROR("{\"logical\":[8,8],\"expr\":{\"m\":1.5}}", LAY_ENOTINT, "/expr/m", -1);
}

static void test_error_names_element(void)
{
	struct lay_error err;
	json_t *a = analyze_text("{\"logical\":[8,8],\"expr\":{\"m\":\"i // (j - 3)\"}}", &err);
	CU_ASSERT_PTR_NULL(a);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "element (0, 3)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "i // (j - 3)"));
	CU_ASSERT_STRING_EQUAL(err.source, "i // (j - 3)");
}

static void test_replicate(void)
{
	/* 4 elements, each on two threads: rep adds 2 to the thread. */
	struct lay_error err;
	json_t *a =
		analyze_text("{\"layout\":{\"logical\":[2],\"expr\":{\"thread\":\"i + 2 * rep\"},"
			     "\"replicate\":{\"rep\":2}},\"probe\":[[1]]}",
			     &err);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(at_int(a, "placements"), 4);
	CU_ASSERT_EQUAL(at_int(a, "replication/min"), 2);
	CU_ASSERT_EQUAL(at_int(a, "replication/max"), 2);
	CU_ASSERT_EQUAL(at_int(a, "probe/0/places/0/thread"), 1);
	CU_ASSERT_EQUAL(at_int(a, "probe/0/places/1/thread"), 3);
	CU_ASSERT_EQUAL(at_bool(a, "verdict/bijective"), 0);
	CU_ASSERT_EQUAL(at_bool(a, "ok"), 1);
	json_decref(a);
	/* wrapping replication: the same thread twice is a duplicate (TileLang #1729) */
	a = analyze_text("{\"logical\":[4],\"expr\":{\"thread\":\"(i + 2 * rep) % 4\"},"
			 "\"replicate\":{\"rep\":2},\"physical\":{\"thread\":2}}",
			 &err);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	json_decref(a);
	ASSERT_ERROR("{\"logical\":[4],\"expr\":{\"t\":\"i\"},\"replicate\":{\"i\":2}}", LAY_ENAME,
		     "/replicate/i", -1);
	ASSERT_ERROR("{\"logical\":[4],\"expr\":{\"t\":\"i\"},\"replicate\":{\"r\":0}}",
		     LAY_EEXTENT, "/replicate/r", -1);
}

int main(void)
{
	static const struct unit_test tests[] = {
		{ "floor semantics", test_floor_semantics },
		{ "exact floor division", test_floor_exact },
		{ "shifts", test_shifts },
		{ "int64 edges", test_int64_edges },
		{ "length limit", test_length_limit },
		{ "precedence", test_precedence },
		{ "errors", test_errors },
		{ "error names the element", test_error_names_element },
		{ "replicate", test_replicate },
		{ NULL, NULL },
	};
	return unit_main("expr", tests);
}
