/* test_analysis.c - the properties of docs/model.md on small relations whose
 * answers are worked out by hand, identity, expectations and limits. */
#include <nettle/sha2.h>

#include "analysis/sections.h"
#include "unit.h"

static void test_seeds(void)
{
	json_t *a = analyze_ok("{\"logical\":[8,8],\"expr\":{\"r\":\"j\",\"c\":\"i\"}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(at_bool(a, "verdict/bijective"), 1);
	CU_ASSERT_EQUAL(at_int(a, "physical/size"), 64);
	json_decref(a);

	a = analyze_ok("{\"logical\":[8,8],\"expr\":{\"offset\":\"i * 10 + "
		       "j\"},\"physical\":{\"offset\":80}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(at_int(a, "collisions/count"), 0);
	CU_ASSERT_EQUAL(at_int(a, "holes/count"), 16);
	CU_ASSERT_EQUAL(at_bool(a, "verdict/hole_free"), 0);
	CU_ASSERT_EQUAL(at_bool(a, "ok"), 1);
	json_decref(a);

	a = analyze_ok("{\"logical\":[8,8],\"expr\":{\"offset\":\"(i // 2) * 4 + (j // 2)\"}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(at_int(a, "collisions/count"), 48);
	CU_ASSERT_EQUAL(at_int(a, "round_trip/mismatches"), 48);
	CU_ASSERT_EQUAL(at_bool(a, "ok"), 0);
	/* the first collision example lists every element at offset 0 */
	CU_ASSERT_EQUAL(json_array_size(at(a, "collisions/examples/0/logical")), 4);
	CU_ASSERT_EQUAL(at_int(a, "round_trip/examples/0/inverse/1"), 0);
	json_decref(a);

	a = analyze_ok(
		"{\"logical\":[8,8],\"expr\":{\"thread\":\"j // 2 + 4 * i\",\"slot\":\"j % 2\"}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(at_bool(a, "verdict/bijective"), 1);
	CU_ASSERT_EQUAL(at_int(a, "owners/count"), 32);
	CU_ASSERT_EQUAL(at_int(a, "owners/slots/min"), 2);
	CU_ASSERT_EQUAL(at_int(a, "owners/slots/max"), 2);
	json_decref(a);
}

static void test_collision_and_duplicate_counts(void)
{
	/* three distinct elements on one point count two collisions */
	json_t *a = analyze_ok("{\"logical\":[3],\"expr\":{\"m\":\"0\"}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(at_int(a, "collisions/count"), 2);
	CU_ASSERT_EQUAL(json_array_size(at(a, "collisions/examples/0/logical")), 3);
	CU_ASSERT_EQUAL(at_int(a, "round_trip/mismatches"), 2);
	json_decref(a);
	/* replication wrapping onto the same thread: duplicates, not collisions
	 * of an element with itself (TileLang #1729) */
	a = analyze_ok("{\"logical\":[4],\"expr\":{\"thread\":\"(i + 2 * r) % "
		       "2\"},\"replicate\":{\"r\":2}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(at_int(a, "placements"), 8);
	CU_ASSERT_EQUAL(at_int(a, "duplicates/count"), 4);
	CU_ASSERT_EQUAL(at_int(a, "duplicates/examples/0/count"), 2);
	CU_ASSERT_EQUAL(at_int(a, "replication/max"), 1);
	CU_ASSERT_EQUAL(at_int(a, "collisions/count"), 2);
	CU_ASSERT_EQUAL(at_bool(a, "verdict/replicas_distinct"), 0);
	CU_ASSERT_EQUAL(at_int(a, "owners/slots/min"), 4);
	json_decref(a);
	/* an out-of-bounds place twice is a duplicate, and an example of one */
	a = analyze_ok("{\"logical\": [2], \"table\": [[[0], {\"m\": -1}], [[0], {\"m\": -1}], "
		       "[[1], {\"m\": 0}]]}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(at_int(a, "duplicates/count"), 1);
	CU_ASSERT_EQUAL(json_array_size(at(a, "duplicates/examples")), 1);
	CU_ASSERT_EQUAL(at_int(a, "duplicates/examples/0/logical/0"), 0);
	CU_ASSERT_EQUAL(at_int(a, "duplicates/examples/0/physical/m"), -1);
	CU_ASSERT_EQUAL(at_int(a, "duplicates/examples/0/count"), 2);
	json_decref(a);
	/* in and out of bounds at once, over two axes: three places of the
	 * first element at (0,-1), one at (0,0) twice */
	a = analyze_ok("{\"logical\": [2], \"physical\": {\"x\": 2, \"y\": 2}, \"table\": ["
		       "[[0], {\"x\": 0, \"y\": -1}], [[0], {\"x\": 0, \"y\": 0}], "
		       "[[0], {\"x\": 0, \"y\": -1}], [[0], {\"x\": 0, \"y\": 0}], "
		       "[[0], {\"x\": 1, \"y\": -1}], [[0], {\"x\": 0, \"y\": -1}], "
		       "[[1], {\"x\": 1, \"y\": 1}]]}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(at_int(a, "duplicates/count"), 3);
	CU_ASSERT_EQUAL(json_array_size(at(a, "duplicates/examples")), 2);
	CU_ASSERT_EQUAL(at_int(a, "duplicates/examples/0/physical/y"), 0);
	CU_ASSERT_EQUAL(at_int(a, "duplicates/examples/0/count"), 2);
	CU_ASSERT_EQUAL(at_int(a, "duplicates/examples/1/physical/x"), 0);
	CU_ASSERT_EQUAL(at_int(a, "duplicates/examples/1/physical/y"), -1);
	CU_ASSERT_EQUAL(at_int(a, "duplicates/examples/1/count"), 3);
	json_decref(a);
	/* a replica that wraps onto itself, out of bounds and in */
	a = analyze_ok(
		"{\"logical\":[2],\"expr\":{\"m\":\"i - 1 + 0 * r\"},\"replicate\":{\"r\":2}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(at_int(a, "duplicates/count"), 2);
	CU_ASSERT_EQUAL(json_array_size(at(a, "duplicates/examples")), 2);
	CU_ASSERT_EQUAL(at_int(a, "duplicates/examples/0/physical/m"), -1);
	CU_ASSERT_EQUAL(at_int(a, "duplicates/examples/0/count"), 2);
	CU_ASSERT_EQUAL(at_int(a, "duplicates/examples/1/physical/m"), 0);
	json_decref(a);
}

static void test_expect(void)
{
	/* an intended broadcast passes when the request says so */
	json_t *a = analyze_ok("{\"layout\":{\"logical\":[4],\"expr\":{\"m\":\"0\"}},"
			       "\"expect\":{\"collision_free\":false}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(at_bool(a, "ok"), 1);
	CU_ASSERT_EQUAL(at_bool(a, "expect/passed"), 1);
	json_decref(a);
	/* ... and fails when the expectation does not hold */
	a = analyze_ok(
		"{\"layout\":{\"logical\":[4],\"expr\":{\"m\":\"i\"}},"
		"\"expect\":{\"collision_free\":false,\"hole_free\":true,\"owners\":2,\"slots\":"
		"2,\"replication\":1}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(at_bool(a, "ok"), 0);
	CU_ASSERT_EQUAL(json_array_size(at(a, "expect/failures")), 3);
	CU_ASSERT_STRING_EQUAL(json_string_value(at(a, "expect/failures/0/field")),
			       "collision_free");
	CU_ASSERT_STRING_EQUAL(json_string_value(at(a, "expect/failures/1/field")), "owners");
	CU_ASSERT_STRING_EQUAL(json_string_value(at(a, "expect/failures/2/field")), "slots");
	json_decref(a);
	/* holes are legitimate unless forbidden */
	a = analyze_ok("{\"layout\":{\"logical\":[4],\"expr\":{\"m\":\"2 * "
		       "i\"}},\"expect\":{\"hole_free\":true}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(at_bool(a, "ok"), 0);
	CU_ASSERT_EQUAL(at_int(a, "holes/count"), 3);
	json_decref(a);
	/* fingerprint expectation */
	a = analyze_ok(
		"{\"layout\":{\"logical\":[4],\"expr\":{\"m\":\"i\"}},\"expect\":{\"fingerprint\":"
		"\"sha256:0000000000000000000000000000000000000000000000000000000000000000\"}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(at_bool(a, "ok"), 0);
	json_decref(a);
}

static void test_warnings_and_declared_axes(void)
{
	json_t *a = analyze_ok("{\"logical\":[41],\"expr\":{\"laneid\":\"i\"}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_STRING_EQUAL(json_string_value(at(a, "warnings/0/code")), "hardware_limit");
	CU_ASSERT_PTR_NOT_NULL(
		strstr(json_string_value(at(a, "warnings/0/message")), "reaches 40"));
	json_decref(a);
	/* a declared axis the notation never names spans the space at 0 */
	a = analyze_ok(
		"{\"logical\":[32],\"expr\":{\"laneid\":\"i\"},\"physical\":{\"warpid\":2}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(at_int(a, "physical/size"), 64);
	CU_ASSERT_EQUAL(at_int(a, "holes/count"), 32);
	CU_ASSERT_EQUAL(at_int(a, "holes/examples/0/physical/warpid"), 1);
	json_decref(a);
	/* uneven slots */
	a = analyze_ok("{\"logical\":[3],\"expr\":{\"thread\":\"i // 2\",\"slot\":\"i % 2\"}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(at_int(a, "owners/slots/min"), 1);
	CU_ASSERT_EQUAL(at_int(a, "owners/slots/max"), 2);
	CU_ASSERT_STRING_EQUAL(json_string_value(at(a, "warnings/0/code")), "uneven_slots");
	json_decref(a);
	/* "axes" overrides a kind */
	a = analyze_ok("{\"logical\":[8],\"expr\":{\"q\":\"i\"},\"axes\":{\"q\":\"thread\"}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(at_int(a, "owners/count"), 8);
	CU_ASSERT_STRING_EQUAL(json_string_value(at(a, "physical/axes/0/kind")), "thread");
	json_decref(a);
}

static void hex(const uint8_t *d, char out[72])
{
	memcpy(out, "sha256:", 7);
	for (int i = 0; i < 32; i++)
		snprintf(out + 7 + 2 * i, 3, "%02x", d[i]);
}

/* The documented byte encodings (docs/identity.md), computed independently. */
static void test_identity_encoding(void)
{
	json_t *a = analyze_ok("{\"name\":\"flip\",\"logical\":[2],\"expr\":{\"m\":\"1 - i\"}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	char want[72];
	const char *canon = "{\"expr\":{\"m\":\"1 - i\"},\"logical\":[2]}";
	lay_sha256_hex(canon, strlen(canon), want);
	CU_ASSERT_STRING_EQUAL(json_string_value(at(a, "id")), want);

	/* body: per element u32 count, then u64 points; little-endian */
	static const uint8_t body[] = { 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0,
					1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
	uint8_t bd[32], fd[32];
	struct sha256_ctx c;
	sha256_init(&c);
	sha256_update(&c, sizeof body, body);
	sha256_digest(&c, 32, bd);
	const char *head = "layoutd-fingerprint/1\nshape 2\naxes m=2\nbody ";
	sha256_init(&c);
	sha256_update(&c, strlen(head), (const uint8_t *)head);
	sha256_update(&c, 32, bd);
	sha256_digest(&c, 32, fd);
	hex(fd, want);
	CU_ASSERT_STRING_EQUAL(json_string_value(at(a, "fingerprint")), want);
	json_decref(a);
}

static void test_identity_invariance(void)
{
	json_t *a =
		analyze_ok("{\"name\":\"x\",\"logical\":[8,8],\"expr\":{\"thread\":\"j // 2 + 4 * "
			   "i\",\"slot\":\"j % 2\"}}");
	json_t *b = analyze_ok("{\"expr\":{\"slot\":\"j % 2\",\"thread\":\"j // 2 + 4 * "
			       "i\"},\"logical\":[8,8],\"name\":\"y\"}");
	json_t *c = analyze_ok(
		"{\"logical\":[8,8],\"expr\":{\"slot\":\"j%2\",\"thread\":\"(j>>1)+(i<<2)\"}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	/* name and key order do not change the id; axis order does not change
	 * the fingerprint, but it is a different definition */
	CU_ASSERT_STRING_NOT_EQUAL(json_string_value(at(a, "id")), json_string_value(at(c, "id")));
	CU_ASSERT_STRING_EQUAL(json_string_value(at(a, "fingerprint")),
			       json_string_value(at(b, "fingerprint")));
	CU_ASSERT_STRING_EQUAL(json_string_value(at(a, "fingerprint")),
			       json_string_value(at(c, "fingerprint")));
	json_t *d = analyze_ok(
		"{\"logical\":[8,8],\"expr\":{\"thread\":\"j // 2 + 4 * i\",\"slot\":\"1 "
		"- j % 2\"}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_STRING_NOT_EQUAL(json_string_value(at(a, "fingerprint")),
				   json_string_value(at(d, "fingerprint")));
	json_decref(a);
	json_decref(b);
	json_decref(c);
	json_decref(d);
	/* the same ids for reordered keys */
	struct lay_error err;
	json_t *x = lay_json_load("{\"b\":1,\"a\":[1,2]}", 17, &err);
	json_t *y = lay_json_load("{\"a\":[1,2],\"b\":1}", 17, &err);
	char ix[72], iy[72];
	CU_ASSERT_EQUAL(lay_canonical_id(x, ix, &err), 0);
	CU_ASSERT_EQUAL(lay_canonical_id(y, iy, &err), 0);
	CU_ASSERT_STRING_EQUAL(ix, iy);
	json_decref(x);
	json_decref(y);
}

static void test_out_of_bounds_places(void)
{
	/* m = i - 1 + 2r: element 0 has m = -1 (outside) and m = 1 */
	json_t *a = analyze_ok("{\"layout\":{\"logical\":[2],\"expr\":{\"m\":\"i - 1 + 2 * r\"},"
			       "\"replicate\":{\"r\":2}},\"probe\":[[0]]}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(at_int(a, "out_of_bounds/count"), 1);
	CU_ASSERT_EQUAL(at_int(a, "out_of_bounds/examples/0/physical/m"), -1);
	/* the probe lists every placement, the one outside too, ascending */
	CU_ASSERT_EQUAL(json_array_size(at(a, "probe/0/places")), 2);
	CU_ASSERT_EQUAL(at_int(a, "probe/0/places/0/m"), -1);
	CU_ASSERT_EQUAL(at_int(a, "probe/0/places/1/m"), 1);
	CU_ASSERT_EQUAL(json_array_size(at(a, "probe/0/out_of_bounds")), 1);
	CU_ASSERT_EQUAL(at_int(a, "probe/0/out_of_bounds/0/m"), -1);
	CU_ASSERT_EQUAL(at_bool(a, "verdict/in_bounds"), 0);
	CU_ASSERT_EQUAL(at_bool(a, "ok"), 0);
	json_decref(a);
}

static void test_limits(void)
{
	struct lay_error err;
	struct lay_options opt = { .max_points = 1000 };
	const char *t1 = "{\"logical\":[32,32],\"expr\":{\"m\":\"i\"}}";
	json_t *req = lay_json_load(t1, strlen(t1), &err);
	CU_ASSERT_PTR_NOT_NULL_FATAL(req);
	json_t *a = lay_analyze(req, &opt, &err);
	CU_ASSERT_PTR_NULL(a);
	CU_ASSERT_EQUAL(err.code, LAY_ELIMIT);
	CU_ASSERT_STRING_EQUAL(err.pointer, "/logical");
	opt.max_points = 1024;
	a = lay_analyze(req, &opt, &err);
	CU_ASSERT_PTR_NOT_NULL(a);
	json_decref(a);
	json_decref(req);
	/* examples are capped by the knob */
	opt.max_points = 0;
	opt.examples = 2;
	const char *t2 = "{\"logical\":[64],\"expr\":{\"m\":\"i // 8\"}}";
	req = lay_json_load(t2, strlen(t2), &err);
	a = lay_analyze(req, &opt, &err);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(json_array_size(at(a, "collisions/examples")), 2);
	CU_ASSERT_EQUAL(json_array_size(at(a, "round_trip/examples")), 2);
	json_decref(a);
	json_decref(req);
}

/* Each request member belongs to the kinds of request that take it: a
 * stored definition's description is no analysis member; a version keeps
 * every check, convert, tmem and copy included (a pasted op registers
 * one).  The sections are the rows of the section table. */
static void test_request_members(void)
{
	CU_ASSERT_TRUE(lay_request_member("layout", LAY_REQ_ANALYZE));
	CU_ASSERT_TRUE(lay_request_member("description", LAY_REQ_STORE));
	CU_ASSERT_FALSE(lay_request_member("description", LAY_REQ_ANALYZE));
	CU_ASSERT_TRUE(lay_request_member("convert", LAY_REQ_STORE));
	CU_ASSERT_TRUE(lay_request_member("tmem", LAY_REQ_STORE));
	CU_ASSERT_TRUE(lay_request_member("copy", LAY_REQ_ANALYZE));
	CU_ASSERT_TRUE(lay_request_member("copy", LAY_REQ_STORE));
	CU_ASSERT_FALSE(lay_request_member("layouts", LAY_REQ_ANALYZE | LAY_REQ_STORE));
	char list[128];
	lay_request_list(list, sizeof list, LAY_REQ_ANALYZE);
	CU_ASSERT_STRING_EQUAL(list, "layout, expect, probe, access, suggest, convert, tmem, copy");
	lay_request_list(list, sizeof list, LAY_REQ_STORE);
	CU_ASSERT_STRING_EQUAL(
		list, "layout, expect, probe, access, suggest, convert, tmem, copy, description");
	/* the table: distinct keys, each a member of both kinds; a section
	 * whose result the cache drops is never answered from it */
	for (int i = 0; i < lay_nsections; i++) {
		const struct lay_section *s = lay_sections[i];
		CU_ASSERT_PTR_EQUAL(lay_section_find(s->key), s);
		CU_ASSERT_TRUE(lay_request_member(s->key, LAY_REQ_ANALYZE));
		CU_ASSERT_TRUE(lay_request_member(s->key, LAY_REQ_STORE));
		if (s->flags & LAY_SECTION_STRIP)
			CU_ASSERT_TRUE(s->flags & LAY_SECTION_FRESH);
	}
	CU_ASSERT_PTR_NULL(lay_section_find("layout"));
	json_t *req = json_pack("{s:{},s:{s:b}}", "layout", "expect", "bijective", 1);
	CU_ASSERT_FALSE(lay_sections_fresh(req));
	json_object_set_new(json_object_get(req, "expect"), "copy_legal", json_true());
	CU_ASSERT_TRUE(lay_sections_fresh(req));
	json_decref(req);
}

int main(void)
{
	static const struct unit_test tests[] = {
		{ "seed cases", test_seeds },
		{ "collision and duplicate counts", test_collision_and_duplicate_counts },
		{ "expect", test_expect },
		{ "warnings and declared axes", test_warnings_and_declared_axes },
		{ "identity encoding", test_identity_encoding },
		{ "identity invariance", test_identity_invariance },
		{ "out-of-bounds places", test_out_of_bounds_places },
		{ "limits", test_limits },
		{ "request members", test_request_members },
		{ NULL, NULL },
	};
	return unit_main("analysis", tests);
}
