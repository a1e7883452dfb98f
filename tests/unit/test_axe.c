/* test_axe.c - the Axe notation: text and JSON forms, semantics, errors. */
#include "unit.h"

static void test_seed_shard(void)
{
	/* docs/model.md: laneid = 4*i + j/2%4, warpid = j/8, m = j%2 on (8,16) */
	json_t *a = analyze_ok("{\"layout\":{\"logical\":[8,16],"
			       "\"axe\":\"S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)]\"},"
			       "\"probe\":[[1,3],[5,14]]}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(at_int(a, "probe/0/places/0/laneid"), 5);
	CU_ASSERT_EQUAL(at_int(a, "probe/0/places/0/warpid"), 0);
	CU_ASSERT_EQUAL(at_int(a, "probe/0/places/0/m"), 1);
	CU_ASSERT_EQUAL(at_int(a, "probe/1/places/0/laneid"), 4 * 5 + 14 / 2 % 4);
	CU_ASSERT_EQUAL(at_int(a, "probe/1/places/0/warpid"), 1);
	CU_ASSERT_EQUAL(at_int(a, "probe/1/places/0/m"), 0);
	CU_ASSERT_EQUAL(at_bool(a, "verdict/bijective"), 1);
	CU_ASSERT_EQUAL(at_int(a, "owners/count"), 64);
	json_decref(a);
}

static const char *fingerprint_of(const char *text, char out[72])
{
	json_t *a = analyze_ok(text);
	out[0] = '\0';
	if (a) {
		snprintf(out, 72, "%s", json_string_value(at(a, "fingerprint")));
		json_decref(a);
	}
	return out;
}

static void test_forms_agree(void)
{
	char f1[72], f2[72], f3[72], f4[72];
	fingerprint_of("{\"axe\":\"S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + "
		       "5@warpid\"}",
		       f1);
	fingerprint_of(
		"{\"axe\":{\"shard\":[[8,4,\"laneid\"],[2,1,\"warpid\"],[4,1,\"laneid\"],[2,1]],"
		"\"replica\":[[2,4,\"warpid\"]],\"offset\":{\"warpid\":5}}}",
		f2);
	fingerprint_of("{\"axe\":\"S[(8, 2, 4, 2) : (4 @ laneid, 1 @ warpid, 1 @ laneid, 1)] + "
		       "R[(2,) : (4 @ warpid,)] + O[5@warpid]\"}",
		       f3);
	CU_ASSERT_STRING_EQUAL(f1, f2);
	CU_ASSERT_STRING_EQUAL(f1, f3);
	/* extents-only = compact row-major strides on m */
	fingerprint_of("{\"axe\":\"S[8,4]\"}", f1);
	fingerprint_of("{\"axe\":\"S[(8,4):(4,1)]\"}", f2);
	fingerprint_of("{\"logical\":[32],\"expr\":{\"m\":\"i\"}}", f4);
	CU_ASSERT_STRING_EQUAL(f1, f2);
	CU_ASSERT_STRING_EQUAL(f1, f4);
	/* TVM prints constants and quoted axes */
	fingerprint_of("{\"axe\":\"S[(4,8):((2*4)@laneid,'laneid')]\"}", f1);
	fingerprint_of("{\"axe\":\"S[(4,8):(8@laneid,1@laneid)]\"}", f2);
	CU_ASSERT_STRING_EQUAL(f1, f2);
}

static void test_replica_and_offset(void)
{
	json_t *a =
		analyze_ok("{\"layout\":{\"logical\":[4],\"axe\":\"S[4:1@laneid] + R[2:4@laneid] + "
			   "8@laneid + 3\"},"
			   "\"probe\":[[2]]}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(at_int(a, "placements"), 8);
	CU_ASSERT_EQUAL(at_int(a, "probe/0/places/0/laneid"), 10);
	CU_ASSERT_EQUAL(at_int(a, "probe/0/places/0/m"), 3);
	CU_ASSERT_EQUAL(at_int(a, "probe/0/places/1/laneid"), 14);
	CU_ASSERT_EQUAL(at_int(a, "replication/min"), 2);
	/* laneid 0..7 and m 0..2 unused: holes, legitimately */
	CU_ASSERT_EQUAL(at_int(a, "holes/count"), 16 * 4 - 8);
	CU_ASSERT_EQUAL(at_bool(a, "ok"), 1);
	json_decref(a);
}

static void test_stride_zero_and_negative(void)
{
	json_t *a = analyze_ok("{\"axe\":\"S[(4,2):(1@laneid,0)]\"}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(at_int(a, "collisions/count"), 4);
	CU_ASSERT_STRING_EQUAL(json_string_value(at(a, "warnings/0/code")), "stride_zero");
	CU_ASSERT_EQUAL(at_bool(a, "ok"), 0);
	json_decref(a);
	a = analyze_ok("{\"axe\":\"S[4:-1] + 2\"}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	/* m = 2, 1, 0, -1: the last is out of bounds; that element is placed
	 * (out of bounds), so not unplaced */
	CU_ASSERT_EQUAL(at_int(a, "out_of_bounds/count"), 1);
	CU_ASSERT_EQUAL(at_int(a, "unplaced/count"), 0);
	CU_ASSERT_EQUAL(at_int(a, "out_of_bounds/examples/0/physical/m"), -1);
	CU_ASSERT_EQUAL(at_bool(a, "verdict/in_bounds"), 0);
	json_decref(a);
}

static void test_errors(void)
{
	ASSERT_ERROR("{\"axe\":\"S[(8,2):(1,2]\"}", LAY_ESYNTAX, "/axe", 12);
	ASSERT_ERROR("{\"axe\":\"S(8,2)\"}", LAY_ESYNTAX, "/axe", 1);
	ASSERT_ERROR("{\"axe\":\"S[8:1] + \"}", LAY_ESYNTAX, "/axe", 9);
	ASSERT_ERROR("{\"axe\":\"S[8:1] R[2:1]\"}", LAY_ESYNTAX, "/axe", 7);
	ASSERT_ERROR("{\"axe\":\"R[2:1] + R[2:4]\"}", LAY_ESYNTAX, "/axe", 9);
	ASSERT_ERROR("{\"axe\":\"S[(8,-2):(1,8)]\"}", LAY_ESYNTAX, "/axe", 5);
	ASSERT_ERROR("{\"axe\":\"S[(8,2):(1,@x)]\"}", LAY_ESYNTAX, "/axe", 11);
	ASSERT_ERROR("{\"axe\":\"S[8:1@9lane]\"}", LAY_ESYNTAX, "/axe", 6);
	ASSERT_ERROR("{\"axe\":\"\"}", LAY_ESYNTAX, "/axe", 0);
	ASSERT_ERROR("{\"axe\":\"S[8:99999999999999999999]\"}", LAY_EOVERFLOW, "/axe", 4);
	ASSERT_ERROR("{\"axe\":42}", LAY_ESCHEMA, "/axe", -1);
	ASSERT_ERROR("{\"axe\":{\"shard\":[[8]]}}", LAY_ESCHEMA, "/axe/shard/0", -1);
	ASSERT_ERROR("{\"axe\":{\"shard\":[[0,1]]}}", LAY_EEXTENT, "/axe/shard/0/0", -1);
	ASSERT_ERROR("{\"axe\":{\"sharding\":[]}}", LAY_ESCHEMA, "/axe/sharding", -1);
	ASSERT_ERROR("{\"logical\":[3],\"axe\":\"S[4:1]\"}", LAY_ESHAPE, "/logical", -1);
	ASSERT_ERROR("{\"axe\":\"S[(2,2):(4611686018427387904@m,4611686018427387904)]\"}",
		     LAY_EOVERFLOW, "/axe", -1);
}

int main(void)
{
	static const struct unit_test tests[] = {
		{ "seed shard", test_seed_shard },
		{ "text, JSON and extents-only forms agree", test_forms_agree },
		{ "replica and offset", test_replica_and_offset },
		{ "stride zero and negative strides", test_stride_zero_and_negative },
		{ "errors are located", test_errors },
		{ NULL, NULL },
	};
	return unit_main("axe", tests);
}
