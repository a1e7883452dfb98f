/*
 * test_access2.c - the access analysis on AMD targets, global memory and
 * layout conversions: the lanes of each phase, the sectors of the worst
 * instruction, the conversion's examples and its scratch re-analysed as
 * an ordinary access, and the linear fast path against the general table.
 */
#include <stdarg.h>

#include "unit.h"

__attribute__((format(printf, 1, 2))) static json_t *analyze_fmt(const char *fmt, ...)
{
	char text[8192];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	return analyze_ok(text);
}

static bool int_list(json_t *arr, const long long *want, size_t n)
{
	if (json_array_size(arr) != n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (json_integer_value(json_array_get(arr, i)) != want[i])
			return false;
	return true;
}

/* A 64x4 f32 tile, lane i moving its 4 elements (128 bits) from row i. */
#define WIDE                                                                                 \
	"{\"layout\":{\"logical\":[64,4],\"expr\":{\"offset\":\"i * 4 + j\"}},"              \
	"\"access\":{\"threads\":{\"logical\":[64,4],\"expr\":{\"lane\":\"i\",\"register\":" \
	"\"j\"}},\"element_bits\":32,\"target\":\"%s\",\"op\":\"%s\",\"show\":{\"wavefront\":0}}}"

static void test_phase_tables(void)
{
	static const long long p942[] = { 0, 1, 2, 3, 20, 21, 22, 23 };
	static const long long p950[] = {
		0, 1, 2, 3, 12, 13, 14, 15, 20, 21, 22, 23, 24, 25, 26, 27
	};
	json_t *r = analyze_fmt(WIDE, "gfx942", "load");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(at_int(r, "access/lanes_per_wavefront"), 8);
	CU_ASSERT_EQUAL(at_int(r, "access/banks"), 32);
	CU_ASSERT_EQUAL(at_int(r, "access/wave_lanes"), 64);
	CU_ASSERT_EQUAL(at_int(r, "access/wavefronts_per_instruction"), 8);
	CU_ASSERT(int_list(at(r, "access/view/phase_lanes"), p942, 8));
	CU_ASSERT_PTR_NULL(at(r, "access/analytic")); /* not consecutive lanes */
	json_decref(r);
	r = analyze_fmt(WIDE, "gfx950", "load");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(at_int(r, "access/lanes_per_wavefront"), 16);
	CU_ASSERT_EQUAL(at_int(r, "access/banks"), 64);
	CU_ASSERT_EQUAL(at_int(r, "access/wave_lanes"), 64);
	CU_ASSERT_EQUAL(at_int(r, "access/view/banks/63/bank"), 63);
	CU_ASSERT_EQUAL(at_int(r, "access/wavefronts_per_instruction"), 4);
	CU_ASSERT(int_list(at(r, "access/view/phase_lanes"), p950, 16));
	json_decref(r);
	/* writes: 8 consecutive lanes on both */
	r = analyze_fmt(WIDE, "gfx950", "store");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(at_int(r, "access/lanes_per_wavefront"), 8);
	CU_ASSERT_EQUAL(at_int(r, "access/view/lanes/0"), 0);
	CU_ASSERT_EQUAL(at_int(r, "access/view/lanes/1"), 7);
	CU_ASSERT_PTR_NULL(at(r, "access/view/phase_lanes"));
	json_decref(r);
	/* nvidia: 8 lanes of 16 bytes per 128-byte wavefront, two warps' worth
	 * of lanes with the warning */
	r = analyze_fmt(WIDE, "nvidia", "load");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(at_int(r, "access/lanes_per_wavefront"), 8);
	CU_ASSERT_EQUAL(at_int(r, "access/banks"), 32);
	CU_ASSERT_EQUAL(at_int(r, "access/wave_lanes"), 32);
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "access/warnings/0/code")),
			       "lanes_exceed_warp");
	json_decref(r);
}

static void test_threads_split_by_target(void)
{
	/* a thread index is split at the target's lanes: 128 threads are two
	 * gfx942 waves, four NVIDIA warps */
#define SPLIT                                                                                   \
	"{\"layout\":{\"logical\":[128],\"expr\":{\"offset\":\"i\"}},\"access\":{\"threads\":{" \
	"\"logical\":[128],\"expr\":{\"thread\":\"i\"}},\"element_bits\":32,\"target\":\"%s\"}}"
	json_t *r = analyze_fmt(SPLIT, "gfx942");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(at_int(r, "access/instructions"), 2);
	CU_ASSERT_EQUAL(at_int(r, "access/wavefronts"), 4); /* 2 phases of 32 lanes each */
	json_decref(r);
	r = analyze_fmt(SPLIT, "nvidia");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(at_int(r, "access/instructions"), 4);
	json_decref(r);
}

static void test_global_worst(void)
{
	json_t *r = analyze_golden("access-global-f32-misaligned-5-sectors");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(at_int(r, "access/worst/sectors"), 5);
	/* sector 0 holds bytes 4..31: lanes 0..6 */
	CU_ASSERT_EQUAL(at_int(r, "access/worst/examples/0/sector"), 0);
	CU_ASSERT_EQUAL(at_int(r, "access/worst/examples/0/bytes/0"), 4);
	CU_ASSERT_EQUAL(at_int(r, "access/worst/examples/0/bytes/1"), 31);
	CU_ASSERT_EQUAL(at_int(r, "access/worst/examples/0/accesses"), 7);
	CU_ASSERT_EQUAL(at_int(r, "access/worst/examples/0/examples/6/lane"), 6);
	/* the last sector (4) holds one word, byte 128..131 */
	CU_ASSERT_EQUAL(at_int(r, "access/worst/examples/4/bytes/0"), 128);
	CU_ASSERT_EQUAL(at_int(r, "access/worst/examples/4/bytes/1"), 131);
	CU_ASSERT_EQUAL(at_int(r, "access/worst/examples/4/line"), 1);
	json_decref(r);
	/* a sub-byte element: 32 lanes of 4 bits = 16 bytes, one sector */
	r = analyze_ok("{\"layout\":{\"logical\":[32],\"expr\":{\"offset\":\"i\"}},"
		       "\"access\":{\"threads\":{\"logical\":[32],\"expr\":{\"laneid\":\"i\"}},"
		       "\"element_bits\":4,\"space\":\"global\"}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(at_int(r, "access/sectors"), 1);
	CU_ASSERT_EQUAL(at_int(r, "access/bytes"), 16);
	CU_ASSERT_DOUBLE_EQUAL(json_number_value(at(r, "access/efficiency")), 0.5, 1e-12);
	json_decref(r);
}

static void test_convert_examples_and_scratch(void)
{
	json_t *r = analyze_golden("convert-swizzletest-32x16-f32-transpose");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	json_t *ex = at(r, "convert/examples/0");
	CU_ASSERT_PTR_NOT_NULL_FATAL(ex);
	/* the first element that moves: the places say it changes what it
	 * claims (warp, or lane within the warp) */
	const char *what = json_string_value(json_object_get(ex, "changes"));
	CU_ASSERT_PTR_NOT_NULL_FATAL(what);
	long long fw = at_int(ex, "from/warp"), tw = at_int(ex, "to/warp");
	long long fl = at_int(ex, "from/lane"), tl = at_int(ex, "to/lane");
	if (strcmp(what, "warp") == 0) {
		CU_ASSERT(fw != tw);
	} else {
		CU_ASSERT(fw == tw && fl != tl);
	}
	/* the scratch, read as a shared layout, stored by the source: the same
	 * count as the conversion's store */
	char *lay = json_dumps(at(r, "convert/swizzle/layout"), JSON_COMPACT);
	char *req = golden_request("convert-swizzletest-32x16-f32-transpose");
	json_t *rq = req ? json_loads(req, 0, NULL) : NULL;
	char *src = rq ? json_dumps(json_object_get(rq, "layout"), JSON_COMPACT) : NULL;
	CU_ASSERT_PTR_NOT_NULL_FATAL(lay);
	CU_ASSERT_PTR_NOT_NULL_FATAL(src);
	json_t *a = analyze_fmt("{\"layout\":%s,\"access\":{\"threads\":%s,\"element_bits\":32,"
				"\"op\":\"store\"}}",
				lay, src);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(at_int(a, "access/bank_conflicts"),
			at_int(r, "convert/store/bank_conflicts"));
	CU_ASSERT_EQUAL(at_int(a, "access/wavefronts"), at_int(r, "convert/store/wavefronts"));
	CU_ASSERT_EQUAL(at_int(a, "access/bank_conflicts"), 0);
	json_decref(a);
	free(lay);
	free(src);
	free(req);
	json_decref(rq);
	json_decref(r);
}

/* One side of a conversion's scratch re-analysed as an ordinary access on
 * the conversion's target: the same count as the conversion's. */
static long long reanalyse(json_t *r, json_t *rq, const char *side, const char *op,
			   const char *target)
{
	char *lay = json_dumps(at(r, "convert/swizzle/layout"), JSON_COMPACT);
	json_t *thr = strcmp(side, "layout") == 0
			      ? json_object_get(rq, "layout")
			      : json_object_get(json_object_get(rq, "convert"), "to");
	char *t = thr ? json_dumps(thr, JSON_COMPACT) : NULL;
	long long n = -1;
	if (lay && t) {
		json_t *a = analyze_fmt("{\"layout\":%s,\"access\":{\"threads\":%s,"
					"\"element_bits\":16,\"op\":\"%s\",\"target\":\"%s\"}}",
					lay, t, op, target);
		if (a)
			n = at_int(a, "access/bank_conflicts");
		json_decref(a);
	}
	free(lay);
	free(t);
	return n;
}

/* SwizzleTest's wave64 cases: the scratch is chosen for the lanes each
 * target serves together (a 128-bit read by its phase table, a 128-bit
 * write by eight consecutive lanes), so both ways are conflict-free, and
 * re-analysing the scratch as a load and a store agrees. */
static void test_convert_wave64_scratch(void)
{
	static const char *const cases[][2] = {
		{ "convert-swizzletest-64x128-f16-blocked-linear-32bank-gfx942", "gfx942" },
		{ "convert-swizzletest-64x128-f16-blocked-mfma-64bank-gfx950", "gfx950" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		json_t *r = analyze_golden(cases[i][0]);
		char *req = golden_request(cases[i][0]);
		json_t *rq = req ? json_loads(req, 0, NULL) : NULL;
		CU_ASSERT_PTR_NOT_NULL_FATAL(r);
		CU_ASSERT_PTR_NOT_NULL_FATAL(rq);
		CU_ASSERT_EQUAL(at_int(r, "convert/store/bank_conflicts"), 0);
		CU_ASSERT_EQUAL(at_int(r, "convert/load/bank_conflicts"), 0);
		CU_ASSERT_EQUAL(at_int(r, "convert/load/vector_bits"), 128);
		CU_ASSERT_EQUAL(reanalyse(r, rq, "layout", "store", cases[i][1]), 0);
		CU_ASSERT_EQUAL(reanalyse(r, rq, "to", "load", cases[i][1]), 0);
		free(req);
		json_decref(rq);
		json_decref(r);
	}
}

/* The rows of a linear layout from its bases count as the general table's:
 * the same access written as linear bases and as expressions. */
static void test_linear_rows_agree(void)
{
	const char *lin =
		"{\"layout\":{\"linear\":{\"bases\":{\"offset\":[[0,1],[0,2],[0,4],[0,8],[0,16],"
		"[1,0],[2,0],[4,0],[8,0],[16,0]]},\"out\":[[\"i\",32],[\"j\",32]]}},"
		"\"access\":{\"threads\":{\"linear\":{\"bases\":{\"register\":[[0,1],[0,2],[0,4],"
		"[0,8],[0,16]],\"lane\":[[1,0],[2,0],[4,0],[8,0],[16,0]]},\"out\":[[\"i\",32],"
		"[\"j\",32]]}},\"element_bits\":32,\"vector\":1}}";
	json_t *a = analyze_ok(lin);
	json_t *b = analyze_golden("access-fp32-column-unswizzled-32way");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_EQUAL(at_int(a, "access/wavefronts"), at_int(b, "access/wavefronts"));
	CU_ASSERT_EQUAL(at_int(a, "access/bank_conflicts"), 31);
	CU_ASSERT_EQUAL(at_int(a, "access/examples/0/words/1/accesses/0/logical/0"), 1);
	json_decref(a);
	json_decref(b);
}

static void test_errors(void)
{
	ASSERT_ERROR("{\"layout\":{\"logical\":[4],\"expr\":{\"offset\":\"i\"}},\"access\":{"
		     "\"threads\":{\"logical\":[4],\"expr\":{\"lane\":\"i\"}},\"element_bits\":"
		     "32,\"target\":\"sm90\"}}",
		     LAY_ESCHEMA, "/access/target", -1);
	ASSERT_ERROR("{\"layout\":{\"logical\":[4],\"expr\":{\"lane\":\"i\"}},\"convert\":{"
		     "\"to\":{\"logical\":[8],\"expr\":{\"lane\":\"i\"}}}}",
		     LAY_ESHAPE, "/convert/to", -1);
	ASSERT_ERROR("{\"layout\":{\"logical\":[4],\"expr\":{\"lane\":\"i\"}},\"convert\":[]}",
		     LAY_ESCHEMA, "/convert", -1);
}

/* The vector a lane moves: its registers at consecutive offsets, the first
 * aligned to the vector, and the register count a multiple of it.  The
 * counts follow from the bank rule by hand (32 banks of 32-bit words). */
static void test_vector_rules(void)
{
	/* lane i at 2i+1, 2i+2: consecutive but odd, so one word at a time;
	 * each of the two loads puts 2 words on 16 banks: 2 wavefronts */
	json_t *r = analyze_ok(
		"{\"layout\": {\"logical\": [32, 2], \"expr\": {\"offset\": \"i * 2 + j + 1\"}},"
		"\"access\": {\"threads\": {\"logical\": [32, 2], \"expr\": {\"laneid\": \"i\","
		"\"register\": \"j\"}}, \"element_bits\": 32}}");
	CU_ASSERT_EQUAL(at_int(r, "access/instructions"), 2);
	CU_ASSERT_EQUAL(at_int(r, "access/wavefronts"), 4);
	json_decref(r);
	/* registers 2 apart: never a vector; 12i mod 32 is 8 banks, 4-way */
	r = analyze_ok(
		"{\"layout\": {\"logical\": [32, 6], \"expr\": {\"offset\": \"i * 12 + j * 2\"}},"
		"\"access\": {\"threads\": {\"logical\": [32, 6], \"expr\": {\"laneid\": \"i\","
		"\"register\": \"j\"}}, \"element_bits\": 32}}");
	CU_ASSERT_EQUAL(at_int(r, "access/instructions"), 6);
	CU_ASSERT_EQUAL(at_int(r, "access/wavefronts"), 24);
	json_decref(r);
	/* six consecutive registers: 4 does not divide 6, so pairs */
	r = analyze_ok("{\"layout\": {\"logical\": [1, 6], \"expr\": {\"offset\": \"j\"}},"
		       "\"access\": {\"threads\": {\"logical\": [1, 6], \"expr\": {\"laneid\": "
		       "\"i\", \"register\": \"j\"}}, \"element_bits\": 32}}");
	CU_ASSERT_EQUAL(at_int(r, "access/instructions"), 3);
	CU_ASSERT_EQUAL(at_int(r, "access/lanes_per_wavefront"), 16);
	json_decref(r);
}

/* An access reads one shared-memory space, each element from an offset:
 * a layout with an element on warp 1, or one past a declared extent of
 * 16 offsets, is refused at /layout. */
static void test_access_layout_refusals(void)
{
	static const char *const cases[][2] = {
		{ "{\"layout\": {\"logical\": [32], \"expr\": {\"offset\": \"i % 16\", \"warp\": "
		  "\"i // 16\"}}, \"access\": {\"threads\": {\"logical\": [32], \"expr\": "
		  "{\"laneid\": \"i\"}}, \"element_bits\": 32}}",
		  "places element (16) on warp 1" },
		{ "{\"layout\": {\"logical\": [32], \"physical\": {\"offset\": 16}, \"expr\": "
		  "{\"offset\": \"i\"}}, \"access\": {\"threads\": {\"logical\": [32], \"expr\": "
		  "{\"laneid\": \"i\"}}, \"element_bits\": 32}}",
		  "element (16) has no offset" },
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		struct lay_error e;
		json_t *r = analyze_text(cases[k][0], &e);
		CU_ASSERT_PTR_NULL(r);
		json_decref(r);
		CU_ASSERT_EQUAL(e.code, LAY_ESCHEMA);
		CU_ASSERT_STRING_EQUAL(e.pointer, "/layout");
		CU_ASSERT_PTR_NOT_NULL(strstr(e.message, cases[k][1]));
	}
}

int main(void)
{
	static const struct unit_test tests[] = {
		{ "AMD phase tables", test_phase_tables },
		{ "the vector a lane moves", test_vector_rules },
		{ "layouts an access refuses", test_access_layout_refusals },
		{ "threads split at the target's lanes", test_threads_split_by_target },
		{ "global: the worst instruction's sectors", test_global_worst },
		{ "convert: examples and the scratch re-analysed",
		  test_convert_examples_and_scratch },
		{ "convert: wave64 scratch conflict-free both ways", test_convert_wave64_scratch },
		{ "linear rows agree with the table", test_linear_rows_agree },
		{ "errors", test_errors },
		{ NULL, NULL },
	};
	return unit_main("access2", tests);
}
