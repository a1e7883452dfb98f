/* test_edges.c - the analysis on both sides of its boundaries: expectations
 * that must compare both ends of a range, a hardware limit reached exactly,
 * the fingerprint under any axis order, the exact format of an expected
 * fingerprint, identifier lengths. */
#include "unit.h"

static json_t *failure(json_t *a, const char *field)
{
	json_t *f = at(a, "expect/failures");
	for (size_t i = 0; i < json_array_size(f); i++)
		if (strcmp(json_string_value(json_object_get(json_array_get(f, i), "field")),
			   field) == 0)
			return json_array_get(f, i);
	return NULL;
}

/* expect "slots": n holds only when every owner holds exactly n slots */
static void test_expect_slots_both_ends(void)
{
	/* thread = min(i, 1): thread 0 holds (0), thread 1 holds (1) and (2) */
	const char *lay = "{\"logical\":[3],\"expr\":{\"thread\":\"min(i, 1)\"}}";
	char req[256];
	for (int n = 1; n <= 2; n++) {
		snprintf(req, sizeof req, "{\"layout\":%s,\"expect\":{\"slots\":%d}}", lay, n);
		json_t *a = analyze_ok(req);
		CU_ASSERT_PTR_NOT_NULL_FATAL(a);
		CU_ASSERT_EQUAL(at_int(a, "owners/slots/min"), 1);
		CU_ASSERT_EQUAL(at_int(a, "owners/slots/max"), 2);
		CU_ASSERT_EQUAL(at_bool(a, "ok"), 0);
		CU_ASSERT_EQUAL(at_bool(a, "expect/passed"), 0);
		CU_ASSERT_PTR_NOT_NULL(failure(a, "slots"));
		json_decref(a);
	}
}

/* expect "replication": n holds only for {min n, max n} */
static void test_expect_replication_both_ends(void)
{
	/* element 0 on lanes 0 and 1, element 1 on lane 2: replication {1, 2} */
	const char *lay = "{\"table\":[[[0],{\"laneid\":0}],[[0],{\"laneid\":1}],"
			  "[[1],{\"laneid\":2}]]}";
	char req[256];
	for (int n = 1; n <= 2; n++) {
		snprintf(req, sizeof req, "{\"layout\":%s,\"expect\":{\"replication\":%d}}", lay,
			 n);
		json_t *a = analyze_ok(req);
		CU_ASSERT_PTR_NOT_NULL_FATAL(a);
		CU_ASSERT_EQUAL(at_int(a, "replication/min"), 1);
		CU_ASSERT_EQUAL(at_int(a, "replication/max"), 2);
		CU_ASSERT_EQUAL(at_bool(a, "ok"), 0);
		CU_ASSERT_PTR_NOT_NULL(failure(a, "replication"));
		json_decref(a);
	}
	/* and it holds on an even relation */
	json_t *a = analyze_ok("{\"layout\":{\"logical\":[2],\"expr\":{\"laneid\":\"i\"}},"
			       "\"expect\":{\"replication\":1,\"slots\":1}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(at_bool(a, "ok"), 1);
	json_decref(a);
}

static size_t count_code(json_t *warnings, const char *code)
{
	size_t n = 0;
	for (size_t i = 0; i < json_array_size(warnings); i++)
		n += strcmp(json_string_value(json_object_get(json_array_get(warnings, i), "code")),
			    code) == 0;
	return n;
}

/* laneid < 32: reaching 32 warns, reaching 31 does not */
static void test_hardware_limit_exactly(void)
{
	json_t *a = analyze_ok("{\"logical\":[33],\"expr\":{\"laneid\":\"i\"}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(count_code(at(a, "warnings"), "hardware_limit"), 1);
	json_decref(a);
	a = analyze_ok("{\"logical\":[32],\"expr\":{\"laneid\":\"i\"}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(count_code(at(a, "warnings"), "hardware_limit"), 0);
	json_decref(a);
	/* a declared extent past the limit warns too, one at the limit does not */
	a = analyze_ok(
		"{\"logical\":[2],\"expr\":{\"laneid\":\"i\"},\"physical\":{\"laneid\":33}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(count_code(at(a, "warnings"), "hardware_limit"), 1);
	json_decref(a);
	a = analyze_ok(
		"{\"logical\":[2],\"expr\":{\"laneid\":\"i\"},\"physical\":{\"laneid\":32}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(count_code(at(a, "warnings"), "hardware_limit"), 0);
	json_decref(a);
}

/* The fingerprint does not depend on the order the axes appear in. */
static void test_fingerprint_any_axis_order(void)
{
	/* digit sums (decided from their closed form) and the same maps with
	 * "^ 0" (which only enumeration evaluates), in several axis orders */
	static const char *defs[] = {
		"{\"logical\":[8],\"expr\":{\"b\":\"i % 2\",\"a\":\"i // 2 % 2\",\"c\":\"i // "
		"4\"}}",
		"{\"logical\":[8],\"expr\":{\"a\":\"i // 2 % 2\",\"b\":\"i % 2\",\"c\":\"i // "
		"4\"}}",
		"{\"logical\":[8],\"expr\":{\"b\":\"i % 2 ^ 0\",\"a\":\"i // 2 % 2 ^ 0\","
		"\"c\":\"i // 4 ^ 0\"}}",
		"{\"logical\":[8],\"expr\":{\"c\":\"i // 4 ^ 0\",\"b\":\"i % 2 ^ 0\","
		"\"a\":\"i // 2 % 2 ^ 0\"}}",
		"{\"logical\":[8],\"expr\":{\"a\":\"i // 2 % 2 ^ 0\",\"c\":\"i // 4 ^ 0\","
		"\"b\":\"i % 2 ^ 0\"}}",
		"{\"logical\":[8],\"expr\":{\"a\":\"i // 2 % 2 ^ 0\",\"b\":\"i % 2 ^ 0\","
		"\"c\":\"i // 4 ^ 0\"}}",
	};

	char first[80] = "";
	for (size_t k = 0; k < sizeof defs / sizeof defs[0]; k++) {
		json_t *a = analyze_ok(defs[k]);
		CU_ASSERT_PTR_NOT_NULL_FATAL(a);
		const char *fp = json_string_value(at(a, "fingerprint"));
		if (k == 0)
			snprintf(first, sizeof first, "%s", fp);
		else
			CU_ASSERT_STRING_EQUAL(fp, first);
		json_decref(a);
	}
	/* and a different relation on the same axes differs */
	json_t *a = analyze_ok("{\"logical\":[8],\"expr\":{\"a\":\"i % 2\",\"b\":\"i // 2 % "
			       "2\",\"c\":\"i // 4\"}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_STRING_NOT_EQUAL(json_string_value(at(a, "fingerprint")), first);
	json_decref(a);
}

/* expect.fingerprint is "sha256:" and exactly 64 lowercase hex digits */
static void test_expect_fingerprint_format(void)
{
	char hex64[65];
	memset(hex64, 'a', 64);
	hex64[64] = '\0';
	char req[512];
	/* prefix, hex digits, suffix: each one wrong in turn */
	static const struct {
		const char *pre;
		int ndig;
		const char *post;
	} bad[] = { { "sha256:", 64, "Z" },
		    { "sha256:", 64, "0" },
		    { "sha256:", 63, "" },
		    { "sha257:", 64, "" },
		    { "sha256:", 63, "A" } };
	for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
		char fp[128];
		snprintf(fp, sizeof fp, "%s%.*s%s", bad[k].pre, bad[k].ndig, hex64, bad[k].post);
		snprintf(req, sizeof req,
			 "{\"layout\":{\"logical\":[2],\"expr\":{\"m\":\"i\"}},"
			 "\"expect\":{\"fingerprint\":\"%s\"}}",
			 fp);
		ASSERT_ERROR(req, LAY_ESCHEMA, "/expect/fingerprint", -1);
	}
	snprintf(req, sizeof req,
		 "{\"layout\":{\"logical\":[2],\"expr\":{\"m\":\"i\"}},"
		 "\"expect\":{\"fingerprint\":\"sha256:%s\"}}",
		 hex64);
	json_t *a = analyze_ok(req);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(at_bool(a, "ok"), 0); /* well formed, just not this layout's */
	CU_ASSERT_PTR_NOT_NULL(failure(a, "fingerprint"));
	json_decref(a);
}

/* Identifiers (axis and dimension names) have at most 63 characters. */
static void test_identifier_length(void)
{
	char name[65], req[256];
	memset(name, 'x', 64);
	name[63] = '\0';
	snprintf(req, sizeof req, "{\"logical\":[2],\"expr\":{\"%s\":\"i\"}}", name);
	json_t *a = analyze_ok(req);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_STRING_EQUAL(json_string_value(at(a, "physical/axes/0/name")), name);
	json_decref(a);
	name[63] = 'x';
	name[64] = '\0';
	snprintf(req, sizeof req, "{\"logical\":[2],\"expr\":{\"%s\":\"i\"}}", name);
	char ptr[80];
	snprintf(ptr, sizeof ptr, "/expr/%s", name);
	ASSERT_ERROR(req, LAY_ENAME, ptr, -1);
}

/* A probe lists a place at exactly the declared extent as out of bounds. */
static void test_probe_place_at_extent(void)
{
	json_t *a = analyze_ok("{\"layout\":{\"logical\":[5],\"expr\":{\"m\":\"i\"},"
			       "\"physical\":{\"m\":4}},\"probe\":[[4],[3]]}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(json_array_size(at(a, "probe/0/out_of_bounds")), 1);
	CU_ASSERT_EQUAL(at_int(a, "probe/0/out_of_bounds/0/m"), 4);
	CU_ASSERT_PTR_NULL(at(a, "probe/1/out_of_bounds"));
	CU_ASSERT_EQUAL(at_int(a, "probe/1/places/0/m"), 3);
	json_decref(a);
}

/* A placement outside an owner axis's extent belongs to no owner, even
 * when its coordinates would linearize onto another owner's index. */
static void test_owner_outside_extent(void)
{
	/* (0) at laneid 0, warpid 2 (outside warpid < 2); (1) at laneid 1,
	 * warpid 0: one owner, one slot */
	json_t *a = analyze_ok("{\"logical\":[2],\"expr\":{\"laneid\":\"i\",\"warpid\":\"(1 - i) * "
			       "2\"},\"physical\":{\"warpid\":2}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(at_int(a, "owners/count"), 1);
	CU_ASSERT_EQUAL(at_int(a, "owners/slots/min"), 1);
	CU_ASSERT_EQUAL(at_int(a, "owners/slots/max"), 1);
	CU_ASSERT_EQUAL(at_int(a, "out_of_bounds/count"), 1);
	json_decref(a);
}

/* Axe constants as TVM prints them: "(8 - 4)", "(2 * 3 - 2)", "(1 + 3)". */
static void test_axe_constants(void)
{
	static const char *forms[] = { "S[(2, 4):(4, 1)]", "S[(2, 4):((8 - 4), 1)]",
				       "S[(2, 4):((2 * 3 - 2), 1)]",
				       "S[(2, 4):((1 + 3), (3 - 2))]" };
	char first[80] = "", req[128];
	for (size_t k = 0; k < sizeof forms / sizeof forms[0]; k++) {
		snprintf(req, sizeof req, "{\"axe\":\"%s\"}", forms[k]);
		json_t *a = analyze_ok(req);
		CU_ASSERT_PTR_NOT_NULL_FATAL(a);
		CU_ASSERT_EQUAL(at_int(a, "physical/size"), 8);
		CU_ASSERT_EQUAL(at_bool(a, "verdict/bijective"), 1);
		if (k == 0)
			snprintf(first, sizeof first, "%s",
				 json_string_value(at(a, "fingerprint")));
		else
			CU_ASSERT_STRING_EQUAL(json_string_value(at(a, "fingerprint")), first);
		json_decref(a);
	}
}

/* "axes" naming an axis the layout does not use warns; a used one does not. */
static void test_unused_axis_warning(void)
{
	json_t *a = analyze_ok("{\"logical\":[2],\"expr\":{\"m\":\"i\"},\"axes\":{\"q\":\"thread\","
			       "\"m\":\"memory\"}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(count_code(at(a, "warnings"), "unused_axis"), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(json_string_value(at(a, "warnings/0/message")), "\"q\""));
	json_decref(a);
	a = analyze_ok("{\"logical\":[2],\"expr\":{\"m\":\"i\"},\"axes\":{\"m\":\"thread\"}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(count_code(at(a, "warnings"), "unused_axis"), 0);
	CU_ASSERT_STRING_EQUAL(json_string_value(at(a, "physical/axes/0/kind")), "thread");
	json_decref(a);
	/* a "physical" axis the layout never names is declared and unused too:
	 * one warning, though "axes" names it as well */
	a = analyze_ok("{\"logical\":[2],\"expr\":{\"m\":\"i\"},\"physical\":{\"m\":2,"
		       "\"q\":4},\"axes\":{\"q\":\"thread\"}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(count_code(at(a, "warnings"), "unused_axis"), 1);
	const char *msg = json_string_value(at(a, "warnings/0/message"));
	CU_ASSERT(msg && strstr(msg, "\"q\"") != NULL);
	CU_ASSERT_EQUAL(at_int(a, "holes/count"), 6);
	json_decref(a);
	/* a declared axis the layout names, even only at 0, is used */
	a = analyze_ok("{\"logical\":[2],\"expr\":{\"m\":\"i\",\"q\":\"0\"},"
		       "\"physical\":{\"m\":2,\"q\":1}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(count_code(at(a, "warnings"), "unused_axis"), 0);
	json_decref(a);
}

int main(void)
{
	static const struct unit_test tests[] = {
		{ "expect slots, both ends", test_expect_slots_both_ends },
		{ "expect replication, both ends", test_expect_replication_both_ends },
		{ "hardware limit reached exactly", test_hardware_limit_exactly },
		{ "fingerprint under any axis order", test_fingerprint_any_axis_order },
		{ "expect.fingerprint format", test_expect_fingerprint_format },
		{ "identifier length", test_identifier_length },
		{ "probe place at the extent", test_probe_place_at_extent },
		{ "owner outside its extent", test_owner_outside_extent },
		{ "axe constants", test_axe_constants },
		{ "unused axis warning", test_unused_axis_warning },
		{ NULL, NULL },
	};
	return unit_main("edges", tests);
}
