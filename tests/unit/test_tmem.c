/*
 * test_tmem.c - tensor memory: the SM100 TMEM atoms (names, shapes, cells),
 * the tmem section (fit, allocation, packing, sub-partitions, ok also on
 * re-evaluated expectations), tmem.match, Triton's encodings, and lint's
 * TMEM findings and pasted op lines.
 */
#include "analysis/lint.h"
#include "analysis/tmem.h"
#include "unit.h"

static void test_atom_table(void)
{
	CU_ASSERT_EQUAL(tmem_atom_count(), 148);
	int loads = 0, b16 = 0;
	for (int k = 0; k < tmem_atom_count(); k++) {
		struct tmem_atom a, b;
		char name[64], req[128];
		tmem_atom_at(k, &a);
		loads += a.load;
		b16 += a.b16;
		tmem_atom_name(&a, name, sizeof name);
		/* LOAD and STORE of one name place alike */
		b = a;
		b.load = !a.load;
		int V = tmem_atom_values(&a);
		for (int t = 0; t < 32; t++)
			for (int v = 0; v < V; v++) {
				int l1, c1, l2, c2;
				tmem_atom_place(&a, t, v, &l1, &c1);
				tmem_atom_place(&b, t, v, &l2, &c2);
				CU_ASSERT(l1 == l2 && c1 == c2);
				CU_ASSERT(l1 >= 0 && l1 < 32); /* warp 0's sub-partition */
			}
		/* the name reads back as the atom */
		snprintf(req, sizeof req, "{\"layout\": {\"cute\": \"%s\"}}", name);
		json_t *r = analyze_ok(req);
		CU_ASSERT_EQUAL(at_int(r, "logical/shape/1"), V);
		CU_ASSERT_EQUAL(at_bool(r, "verdict/collision_free"), 1);
		CU_ASSERT_EQUAL(at_bool(r, "tmem/ok"), 1);
		CU_ASSERT_EQUAL(at_int(r, "tmem/element_bits"), a.b16 ? 16 : 32);
		json_decref(r);
	}
	CU_ASSERT_EQUAL(loads, 74);
	CU_ASSERT_EQUAL(b16, 74);
}

/* Every SM100 atom is judged on the TMEM cells it touches: a bijection
 * between (thread, value) and its lanes x columns, no hole, no warning,
 * ok.  The 16dp256b1x box is 16 lanes x 8 columns. */
static void test_atoms_judged(void)
{
	for (int k = 0; k < tmem_atom_count(); k++) {
		struct tmem_atom a;
		char name[64], req[128];
		tmem_atom_at(k, &a);
		tmem_atom_name(&a, name, sizeof name);
		snprintf(req, sizeof req, "{\"layout\": {\"cute\": \"%s\"}}", name);
		json_t *r = analyze_ok(req);
		static const char *const v[] = { "complete",  "collision_free", "replicas_distinct",
						 "in_bounds", "hole_free",	"bijective",
						 "round_trip" };
		for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
			char path[64];
			snprintf(path, sizeof path, "verdict/%s", v[i]);
			if (at_bool(r, path) != 1)
				fprintf(stderr, "%s: %s is false\n", name, v[i]);
			CU_ASSERT_EQUAL(at_bool(r, path), 1);
		}
		CU_ASSERT_EQUAL(at_bool(r, "ok"), 1);
		CU_ASSERT_EQUAL(at_int(r, "holes/count"), 0);
		CU_ASSERT_EQUAL(json_array_size(at(r, "warnings")), 0);
		CU_ASSERT_EQUAL(at_int(r, "physical/size"), at_int(r, "placements"));
		CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "physical/codomain/0")), "TLane");
		json_decref(r);
	}
	json_t *r = analyze_ok("{\"layout\": {\"cute\": \"SM100_TMEM_LOAD_16dp256b1x\"}}");
	CU_ASSERT_EQUAL(at_int(r, "physical/size"), 16 * 8);
	CU_ASSERT_EQUAL(json_array_size(at(r, "physical/codomain")), 2);
	json_decref(r);
	/* a broken copy: threads 16..31 on the lanes of 0..15, two elements a
	 * cell; and one that skips a column */
	r = analyze_ok("{\"layout\": {\"logical\": [32, 4], \"expr\": {\"thread\": \"i\", "
		       "\"value\": \"j\", \"TLane\": \"i % 16\", \"TCol\": \"j\"}}}");
	CU_ASSERT_EQUAL(at_bool(r, "verdict/collision_free"), 0);
	CU_ASSERT_EQUAL(at_int(r, "collisions/count"), 64);
	CU_ASSERT_EQUAL(at_int(r, "collisions/examples/0/physical/TLane"), 0);
	CU_ASSERT_PTR_NULL(at(r, "collisions/examples/0/physical/thread"));
	CU_ASSERT_EQUAL(at_int(r, "round_trip/mismatches"), 64);
	CU_ASSERT_EQUAL(at_bool(r, "ok"), 0);
	json_decref(r);
	r = analyze_ok("{\"layout\": {\"logical\": [32, 4], \"expr\": {\"thread\": \"i\", "
		       "\"value\": \"j\", \"TLane\": \"i\", \"TCol\": \"j + j // 2\"}}}");
	CU_ASSERT_EQUAL(at_int(r, "holes/count"), 32);
	CU_ASSERT_EQUAL(at_int(r, "holes/examples/0/physical/TCol"), 2);
	CU_ASSERT_EQUAL(at_bool(r, "verdict/hole_free"), 0);
	CU_ASSERT_EQUAL(at_bool(r, "verdict/bijective"), 0);
	CU_ASSERT_EQUAL(at_bool(r, "ok"), 1); /* holes are legitimate by default */
	json_decref(r);
	/* each element in two cells: replication 2, not bijective */
	r = analyze_ok("{\"layout\": {\"logical\": [32], \"expr\": {\"thread\": \"i\", "
		       "\"TLane\": \"i\", \"TCol\": \"c\"}, \"replicate\": {\"c\": 2}}}");
	CU_ASSERT_EQUAL(at_int(r, "replication/min"), 2);
	CU_ASSERT_EQUAL(at_int(r, "holes/count"), 0);
	CU_ASSERT_EQUAL(at_bool(r, "verdict/hole_free"), 1);
	CU_ASSERT_EQUAL(at_bool(r, "verdict/bijective"), 0);
	json_decref(r);
	/* expect sees the judged verdicts; a layout with TMEM axes only keeps
	 * the engine's space */
	r = analyze_ok("{\"layout\": {\"cute\": \"SM100_TMEM_LOAD_32dp32b2x\"}, \"expect\": "
		       "{\"bijective\": true, \"hole_free\": true}}");
	CU_ASSERT_EQUAL(at_bool(r, "ok"), 1);
	CU_ASSERT_EQUAL(at_bool(r, "expect/passed"), 1);
	json_decref(r);
	r = analyze_ok("{\"layout\": {\"logical\": [4], \"expr\": {\"TLane\": \"i\", "
		       "\"TCol\": \"i\"}}}");
	CU_ASSERT_PTR_NULL(at(r, "physical/codomain"));
	CU_ASSERT_EQUAL(at_int(r, "holes/count"), 12);
	json_decref(r);
}

static void test_atom_spellings(void)
{
	static const char *const texts[] = {
		"cute::SM100_TMEM_LOAD_32dp32b8x",
		"SM100::TMEM::LOAD::SM100_TMEM_LOAD_32dp32b8x",
		"Copy_Traits<SM100_TMEM_LOAD_32dp32b8x>",
		"Copy_Atom<SM100_TMEM_LOAD_32dp32b8x, float>",
		"  SM100_TMEM_LOAD_32dp32b8x  ",
	};
	char fp[80] = "";
	for (size_t k = 0; k < sizeof texts / sizeof texts[0]; k++) {
		char req[160];
		snprintf(req, sizeof req, "{\"layout\": {\"cute\": \"%s\"}}", texts[k]);
		json_t *r = analyze_ok(req);
		const char *f = json_string_value(at(r, "fingerprint"));
		CU_ASSERT_PTR_NOT_NULL(f);
		if (f && !fp[0])
			snprintf(fp, sizeof fp, "%s", f);
		else if (f)
			CU_ASSERT_STRING_EQUAL(f, fp);
		json_decref(r);
	}
}

static void test_atom_errors(void)
{
	ASSERT_ERROR("{\"layout\": {\"cute\": \"SM100_TMEM_LOAD_32dp64b2x\"}}", LAY_ERANGE,
		     "/layout/cute", 16);
	ASSERT_ERROR("{\"layout\": {\"cute\": \"SM100_TMEM_LOAD_16dp256b64x\"}}", LAY_ERANGE,
		     "/layout/cute", 24);
	ASSERT_ERROR("{\"layout\": {\"cute\": \"SM100_TMEM_LOAD_32dp32b8x_8b\"}}", LAY_ESYNTAX,
		     "/layout/cute", 25);
	ASSERT_ERROR(
		"{\"layout\": {\"cute\": \"SM100_TMEM_LOAD_32dp32b8x\", \"logical\": [32, 4]}}",
		LAY_ESHAPE, "/layout/logical", -1);
	ASSERT_ERROR("{\"layout\": {\"cute\": \"SM100_TMEM_LOAD_32dp32b8x\"}, \"tmem\": 1}",
		     LAY_ESCHEMA, "/tmem", -1);
}

static void test_section(void)
{
	json_t *r = analyze_ok("{\"layout\": {\"logical\": [128, 40], \"expr\": "
			       "{\"thread\": \"i\", \"TLane\": \"i\", \"TCol\": \"j\"}}}");
	CU_ASSERT_EQUAL(at_int(r, "tmem/columns"), 40);
	CU_ASSERT_EQUAL(at_int(r, "tmem/allocation"), 64);
	CU_ASSERT_EQUAL(at_bool(r, "tmem/subpartitions/ok"), 1);
	CU_ASSERT_EQUAL(at_bool(r, "ok"), 1);
	json_decref(r);
	r = analyze_ok("{\"layout\": {\"logical\": [128], \"expr\": {\"thread\": \"i\", "
		       "\"TLane\": \"(i + 1) % 128\", \"TCol\": \"0\"}}}");
	/* threads 31, 63, 95 step into the next warp's lanes, 127 wraps to 0 */
	CU_ASSERT_EQUAL(at_int(r, "tmem/subpartitions/violations"), 4);
	CU_ASSERT_EQUAL(at_int(r, "tmem/subpartitions/examples/0/physical/thread"), 31);
	CU_ASSERT_EQUAL(at_int(r, "tmem/subpartitions/examples/0/lanes/1"), 31);
	CU_ASSERT_EQUAL(at_bool(r, "ok"), 0);
	/* the verdict stays false when expectations are evaluated again on the
	 * analysis (as a cached one is) */
	struct lay_error err;
	bool ok = true;
	json_t *res = NULL;
	CU_ASSERT_EQUAL(lay_expect_eval(r, NULL, "/expect", NULL, &ok, &res, &err), 0);
	CU_ASSERT(!ok);
	json_decref(res);
	CU_ASSERT_EQUAL(lay_expect_apply(r, NULL, "/expect", NULL, &err), 0);
	CU_ASSERT_EQUAL(at_bool(r, "ok"), 0);
	json_decref(r);
	/* no TMEM axis: no section */
	r = analyze_ok("{\"layout\": {\"logical\": [4], \"expr\": {\"m\": \"i\"}}}");
	CU_ASSERT_PTR_NULL(at(r, "tmem"));
	json_decref(r);
}

/* tcgen05.alloc takes a power of two of at least 32 columns, and tensor
 * memory has 512: 96 columns allocate 128, 512 fit, 513 do not.  A
 * declared TSub extent is the packing even where the cells use less. */
static void test_section_bounds(void)
{
	json_t *r = analyze_ok("{\"layout\": {\"logical\": [32, 96], \"expr\": "
			       "{\"thread\": \"i\", \"TLane\": \"i\", \"TCol\": \"j\"}}}");
	CU_ASSERT_EQUAL(at_int(r, "tmem/columns"), 96);
	CU_ASSERT_EQUAL(at_int(r, "tmem/allocation"), 128);
	json_decref(r);
	r = analyze_ok("{\"layout\": {\"logical\": [32, 512], \"expr\": "
		       "{\"thread\": \"i\", \"TLane\": \"i\", \"TCol\": \"j\"}}}");
	CU_ASSERT_EQUAL(at_bool(r, "tmem/fits"), 1);
	CU_ASSERT_EQUAL(at_int(r, "tmem/allocation"), 512);
	json_decref(r);
	r = analyze_ok("{\"layout\": {\"logical\": [32, 513], \"expr\": "
		       "{\"thread\": \"i\", \"TLane\": \"i\", \"TCol\": \"j\"}}}");
	CU_ASSERT_EQUAL(at_int(r, "tmem/columns"), 513);
	CU_ASSERT_EQUAL(at_bool(r, "tmem/fits"), 0);
	CU_ASSERT(json_is_null(at(r, "tmem/allocation")));
	CU_ASSERT_EQUAL(at_bool(r, "tmem/ok"), 0);
	json_decref(r);
	r = analyze_ok("{\"layout\": {\"logical\": [32], \"element_bits\": 16, \"physical\": "
		       "{\"TSub\": 2}, \"expr\": {\"thread\": \"i\", \"TLane\": \"i\", "
		       "\"TCol\": \"0\", \"TSub\": \"0\"}}}");
	CU_ASSERT_EQUAL(at_int(r, "tmem/packing"), 2);
	json_decref(r);
	/* below lane 0 or column 0 is outside tensor memory too: every lane
	 * negative, one lane negative, a negative column */
	static const char *const below[] = { "\"TLane\": \"-1 - i\", \"TCol\": \"0\"",
					     "\"TLane\": \"i - 1\", \"TCol\": \"0\"",
					     "\"TLane\": \"i\", \"TCol\": \"i % 2 - 1\"" };
	for (size_t k = 0; k < sizeof below / sizeof below[0]; k++) {
		char req[256];
		snprintf(req, sizeof req,
			 "{\"layout\": {\"logical\": [32], \"expr\": {\"thread\": \"i\", %s}}}",
			 below[k]);
		r = analyze_ok(req);
		CU_ASSERT_PTR_NOT_NULL_FATAL(r);
		CU_ASSERT_EQUAL(at_bool(r, "tmem/fits"), 0);
		CU_ASSERT_EQUAL(at_bool(r, "tmem/ok"), 0);
		CU_ASSERT(json_is_null(at(r, "tmem/allocation")));
		CU_ASSERT_EQUAL(at_bool(r, "ok"), 0);
		const char *why = json_string_value(at(r, "tmem/reasons/0"));
		CU_ASSERT(why && strstr(why, "below") != NULL);
		json_decref(r);
	}
	/* lane 0 and column 0 exactly are inside */
	r = analyze_ok("{\"layout\": {\"logical\": [32], \"expr\": {\"thread\": \"i\", "
		       "\"TLane\": \"i\", \"TCol\": \"0\"}}}");
	CU_ASSERT_EQUAL(at_bool(r, "tmem/fits"), 1);
	CU_ASSERT_EQUAL(at_bool(r, "tmem/ok"), 1);
	json_decref(r);
}

/* tcgen05.alloc takes 32 <= n <= 512, a power of two
 * (tmem_allocator_sm100.hpp:69): a width already a power of two is its
 * own allocation, one past it the next; below 32, 32. */
static void test_allocation_powers(void)
{
	static const struct {
		int cols, alloc;
	} cases[] = { { 1, 32 },    { 31, 32 },	  { 32, 32 },	{ 33, 64 },
		      { 64, 64 },   { 65, 128 },  { 128, 128 }, { 129, 256 },
		      { 256, 256 }, { 257, 512 }, { 511, 512 } };
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		char req[200];
		snprintf(req, sizeof req,
			 "{\"layout\": {\"logical\": [32, %d], \"expr\": {\"thread\": \"i\", "
			 "\"TLane\": \"i\", \"TCol\": \"j\"}}}",
			 cases[k].cols);
		json_t *r = analyze_ok(req);
		CU_ASSERT_PTR_NOT_NULL_FATAL(r);
		CU_ASSERT_EQUAL(at_int(r, "tmem/columns"), cases[k].cols);
		CU_ASSERT_EQUAL(at_int(r, "tmem/allocation"), cases[k].alloc);
		if (at_int(r, "tmem/allocation") != cases[k].alloc)
			fprintf(stderr, "\n  %d columns: allocation %lld\n", cases[k].cols,
				at_int(r, "tmem/allocation"));
		json_decref(r);
	}
}

/* The second warpgroup: warp w reaches lanes 32(w%4) .. +31 (PTX ISA
 * tcgen05 access restrictions; CuTe asserts (threadIdx.x/32)%4), so warps
 * 4..7 reach lanes 0..127 again; a lane one warp over is a violation. */
static void test_second_warpgroup(void)
{
	json_t *r = analyze_ok("{\"layout\": {\"logical\": [256], \"expr\": {\"thread\": \"i\", "
			       "\"TLane\": \"i % 128\", \"TCol\": \"i // 128\"}}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(at_int(r, "tmem/subpartitions/violations"), 0);
	CU_ASSERT_EQUAL(at_bool(r, "tmem/ok"), 1);
	json_decref(r);
	/* warps 4..7 shifted by one warp's lanes: every one of their 128
	 * threads is outside; the first warpgroup is untouched */
	r = analyze_ok("{\"layout\": {\"logical\": [256], \"expr\": {\"thread\": \"i\", "
		       "\"TLane\": \"(i + 32 * (i // 128)) % 128\", "
		       "\"TCol\": \"i // 128\"}}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(at_int(r, "tmem/subpartitions/violations"), 128);
	CU_ASSERT_EQUAL(at_int(r, "tmem/subpartitions/examples/0/physical/thread"), 128);
	CU_ASSERT_EQUAL(at_int(r, "tmem/subpartitions/examples/0/warp"), 4);
	CU_ASSERT_EQUAL(at_int(r, "tmem/subpartitions/examples/0/lanes/0"), 0);
	CU_ASSERT_EQUAL(at_int(r, "tmem/subpartitions/examples/0/lanes/1"), 31);
	CU_ASSERT_EQUAL(at_bool(r, "tmem/ok"), 0);
	json_decref(r);
	/* warp 7: lanes 96..127; thread 224 at lane 95 is one below */
	r = analyze_ok("{\"layout\": {\"logical\": [256], \"expr\": {\"thread\": \"i\", "
		       "\"TLane\": \"i % 128 - i // 224\", \"TCol\": \"i // 128\"}}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(at_int(r, "tmem/subpartitions/violations"), 1);
	CU_ASSERT_EQUAL(at_int(r, "tmem/subpartitions/examples/0/warp"), 7);
	CU_ASSERT_EQUAL(at_int(r, "tmem/subpartitions/examples/0/lanes/0"), 96);
	json_decref(r);
}

static void test_match(void)
{
	json_t *r = analyze_ok("{\"layout\": {\"logical\": [32, 4], \"expr\": {\"thread\": \"i\", "
			       "\"TLane\": \"i\", \"TCol\": \"j\"}}, \"tmem\": {\"match\": true}}");
	CU_ASSERT_EQUAL(json_array_size(at(r, "tmem/match/atoms")), 2);
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "tmem/match/atoms/0")),
			       "SM100_TMEM_LOAD_32dp32b4x");
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "tmem/match/atoms/1")),
			       "SM100_TMEM_STORE_32dp32b4x");
	json_decref(r);
	/* four warps: warp 0 is compared */
	r = analyze_ok("{\"layout\": {\"logical\": [128, 1], \"expr\": {\"thread\": \"i\", "
		       "\"TLane\": \"i\", \"TCol\": \"j\"}}, \"tmem\": {\"match\": true}}");
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "tmem/match/atoms/0")),
			       "SM100_TMEM_LOAD_32dp32b1x");
	json_decref(r);
	/* packed f16: a plain atom moves two per register */
	r = analyze_ok("{\"layout\": {\"logical\": [32, 2], \"element_bits\": 16, \"expr\": "
		       "{\"thread\": \"i\", \"TLane\": \"i\", \"TCol\": \"0\", \"TSub\": \"j\"}}, "
		       "\"tmem\": {\"match\": true}}");
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "tmem/match/atoms/0")),
			       "SM100_TMEM_LOAD_32dp32b1x");
	CU_ASSERT_EQUAL(at_int(r, "tmem/packing"), 2);
	json_decref(r);
}

static void test_ttgir(void)
{
	/* scales: 32 rows broadcast over the four sub-partitions, 4 bytes a
	 * cell; [128, 4] i8 takes four columns, rows 32k.. in column k */
	json_t *r = analyze_ok(
		"{\"layout\": {\"ttgir\": \"#s = #ttng.tensor_memory_scales_encoding<>\\n%0 = "
		"ttng.tmem_alloc : () -> !ttg.memdesc<128x4xi8, #s, #ttng.tensor_memory>\"}}");
	CU_ASSERT_EQUAL(at_int(r, "tmem/columns"), 4);
	CU_ASSERT_EQUAL(at_int(r, "tmem/lanes"), 128);
	CU_ASSERT_EQUAL(at_int(r, "tmem/packing"), 4);
	CU_ASSERT_EQUAL(at_int(r, "tmem/element_bits"), 8);
	CU_ASSERT_EQUAL(at_int(r, "replication/min"), 4);
	json_decref(r);
	ASSERT_ERROR("{\"layout\": {\"ttgir\": \"#t = #ttng.tensor_memory_encoding<blockM = 32, "
		     "blockN = 64, colStride = 1>\", \"shape\": [128, 64]}}",
		     LAY_ERANGE, "/layout/ttgir", 43);
}

/* Triton's "Zeros in TMEM LinearLayouts": a zero TLane basis at row 32 or 64
 * copies the element into another sub-partition; any other zero of TLane,
 * TCol or TSub is a cell that holds nothing.  A zero of another in-dim
 * stays a copy. */
static void test_linear_zeros(void)
{
	json_t *r = analyze_ok("{\"layout\": {\"linear\": {\"bases\": {\"TLane\": [[1], [0]], "
			       "\"TCol\": [[2], [0]]}, \"out\": [[\"dim0\", 4]]}}}");
	CU_ASSERT_EQUAL(at_int(r, "replication/max"), 1);
	CU_ASSERT_EQUAL(at_int(r, "placements"), 4);
	CU_ASSERT_EQUAL(at_int(r, "holes/count"), 12);
	CU_ASSERT_EQUAL(at_int(r, "tmem/lanes"), 1 + 1);
	CU_ASSERT_EQUAL(at_int(r, "tmem/columns"), 1 + 1);
	CU_ASSERT_EQUAL(at_int(r, "structure/gf2/empty_bits"), 2);
	CU_ASSERT_EQUAL(at_int(r, "structure/gf2/in_bits"), 2);
	json_decref(r);
	/* rows 32 and 64: copies, four places each */
	r = analyze_ok("{\"layout\": {\"linear\": {\"bases\": {\"TLane\": [[1], [2], [4], [8], "
		       "[16], [0], [0]]}, \"out\": [[\"dim0\", 32]]}}}");
	CU_ASSERT_EQUAL(at_int(r, "replication/min"), 4);
	CU_ASSERT_EQUAL(at_int(r, "holes/count"), 0);
	json_decref(r);
	/* a zero TSub slot: element 1 is in slot 2 */
	r = analyze_ok("{\"layout\": {\"linear\": {\"bases\": {\"TSub\": [[0], [1]]}, \"out\": "
		       "[[\"dim0\", 2]]}}, \"probe\": [[1]]}");
	CU_ASSERT_EQUAL(at_int(r, "probe/0/places/0/TSub"), 2);
	CU_ASSERT_EQUAL(json_array_size(at(r, "probe/0/places")), 1);
	json_decref(r);
	/* not tensor memory: a zero register basis is a broadcast */
	r = analyze_ok("{\"layout\": {\"linear\": {\"bases\": {\"register\": [[1], [0]]}, "
		       "\"out\": [[\"dim0\", 2]]}}}");
	CU_ASSERT_EQUAL(at_int(r, "replication/max"), 2);
	CU_ASSERT_EQUAL(at_int(r, "holes/count"), 0);
	json_decref(r);
	/* a tmem_load of blockM = 64 on 64 rows, warp w holding rows 16w..16w+15:
	 * each element once, at lanes 0..15 of warp w's sub-partition */
	r = analyze_ok(
		"{\"layout\": {\"ttgir\": \"#b = #ttg.blocked<{sizePerThread = [1, 32], "
		"threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [0, 1]}>\\n#t = "
		"#ttng.tensor_memory_encoding<blockM = 64, blockN = 64, colStride = 1>\\n%r = "
		"ttng.tmem_load %m : !ttg.memdesc<64x64xf32, #t, #ttng.tensor_memory, mutable> -> "
		"tensor<64x64xf32, #b>\"}}");
	CU_ASSERT_EQUAL(at_int(r, "placements"), 64 * 64);
	CU_ASSERT_EQUAL(at_int(r, "tmem/subpartitions/violations"), 0);
	CU_ASSERT_EQUAL(at_bool(r, "ok"), 1);
	json_decref(r);
}

static void test_lint(void)
{
	/* warps along the rows: each in its own lanes; warps along the
	 * columns: each reaches all 128 lanes, 3/4 of its elements outside */
	static const char *text =
		"#rows = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], "
		"warpsPerCTA = [4, 1], order = [0, 1]}>\n"
		"#cols = #ttg.blocked<{sizePerThread = [4, 32], threadsPerWarp = [32, 1], "
		"warpsPerCTA = [1, 4], order = [0, 1]}>\n"
		"#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>\n"
		"module attributes {\"ttg.num-warps\" = 4 : i32} {\n"
		"  // CHECK: ttng.tmem_load %m : !ttg.memdesc<128x128xf32>\n"
		"  ttng.tmem_store %v, %m, %t : tensor<128x128xf32, #rows> -> "
		"!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>\n"
		"  %r = ttng.tmem_load %m : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, "
		"mutable> -> tensor<128x128xf32, #cols>\n"
		"  %a = ttng.tmem_alloc : () -> !ttg.memdesc<128x1024xf32, #tmem, "
		"#ttng.tensor_memory, mutable>\n"
		"}\n";
	struct lay_error err;
	lay_error_clear(&err);
	json_t *r = lay_lint(text, "k.mlir", NULL, &err);
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(lay_lint_judge(r, -1, NULL, false, "", &err), 0);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r, "findings")), 3);
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "findings/0/kind")), "tmem");
	CU_ASSERT_EQUAL(at_int(r, "findings/0/line"), 6);
	CU_ASSERT_EQUAL(at_int(r, "findings/0/tmem/subpartitions/violations"), 0);
	CU_ASSERT_EQUAL(at_bool(r, "findings/0/fails"), 0);
	CU_ASSERT_EQUAL(at_int(r, "findings/1/tmem/subpartitions/violations"), 12288);
	CU_ASSERT_EQUAL(at_bool(r, "findings/1/fails"), 1);
	/* 1024 columns do not fit: no allocation, and it fails */
	CU_ASSERT_EQUAL(at_int(r, "findings/2/tmem/columns"), 1024);
	CU_ASSERT(json_is_null(at(r, "findings/2/tmem/allocation")));
	CU_ASSERT_EQUAL(at_bool(r, "findings/2/fails"), 1);
	CU_ASSERT_EQUAL(at_int(r, "failed"), 2);
	CU_ASSERT_EQUAL(at_bool(r, "ok"), 0);
	json_decref(r);
}

static void test_lint_views(void)
{
	/* a view of tensor memory is judged as the memdesc it makes; a view of
	 * shared memory is no finding; a rank-3 memdesc counts its buffers */
	static const char *text =
		"#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>\n"
		"#sh = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>\n"
		"module attributes {\"ttg.num-warps\" = 4 : i32} {\n"
		"  %t = ttng.tmem_alloc : () -> !ttg.memdesc<3x128x128xf32, #tmem, "
		"#ttng.tensor_memory, mutable>\n"
		"  %s = ttng.tmem_subslice %t {N = 64 : i32} : !ttg.memdesc<128x128xf32, #tmem, "
		"#ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #tmem, "
		"#ttng.tensor_memory, mutable, 128x128>\n"
		"  %i = ttg.memdesc_index %t[%c] : !ttg.memdesc<3x128x128xf32, #tmem, "
		"#ttng.tensor_memory, mutable> -> !ttg.memdesc<128x128xf32, #tmem, "
		"#ttng.tensor_memory, mutable>\n"
		"  %b = ttg.memdesc_index %x[%c] : !ttg.memdesc<2x1xi64, #sh, #smem, mutable> -> "
		"!ttg.memdesc<1xi64, #sh, #smem, mutable>\n"
		"  %u = ttg.local_alloc : () -> !ttg.memdesc<5x128x128xf32, #tmem, "
		"#ttng.tensor_memory, mutable>\n"
		"  %w = ttng.tmem_alloc : () -> !ttg.memdesc<5x128x128xf32, #tmem, "
		"#ttng.tensor_memory, mutable>\n"
		"}\n";
	struct lay_error err;
	lay_error_clear(&err);
	json_t *r = lay_lint(text, "v.mlir", NULL, &err);
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(lay_lint_judge(r, -1, NULL, false, "", &err), 0);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r, "findings")), 4);
	CU_ASSERT_EQUAL(at_int(r, "findings/0/tmem/buffers"), 3);
	CU_ASSERT_EQUAL(at_int(r, "findings/0/tmem/columns"), 384);
	CU_ASSERT_EQUAL(at_int(r, "findings/0/tmem/allocation"), 512);
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "findings/1/op")), "ttng.tmem_subslice");
	CU_ASSERT_EQUAL(at_int(r, "findings/1/tmem/columns"), 64);
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "findings/2/op")), "ttg.memdesc_index");
	CU_ASSERT_EQUAL(at_int(r, "findings/2/tmem/columns"), 128);
	CU_ASSERT_PTR_NULL(at(r, "findings/2/tmem/buffers"));
	/* 5 x 128 columns: past the 512, no allocation, a failing finding */
	CU_ASSERT_EQUAL(at_int(r, "findings/3/line"), 9);
	CU_ASSERT_EQUAL(at_int(r, "findings/3/tmem/columns"), 640);
	CU_ASSERT(json_is_null(at(r, "findings/3/tmem/allocation")));
	CU_ASSERT_EQUAL(at_bool(r, "findings/3/tmem/fits"), 0);
	CU_ASSERT_EQUAL(at_bool(r, "findings/3/fails"), 1);
	CU_ASSERT_EQUAL(at_int(r, "failed"), 1);
	json_decref(r);
}

/* Multi-buffered memdescs at the 512 columns: 4 x 128 and 2 x 256 use
 * exactly 512 (Triton multiplies nCol by dim 0; TensorMemoryAllocation
 * rounds to {32..512}, more does not fit), 1 buffer is no multi-buffer, and
 * 2 x 64 = 128 is its own allocation. */
static void test_lint_buffers_at_512(void)
{
	static const char *text =
		"#t128 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>\n"
		"#t256 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 256, colStride = 1>\n"
		"#t64 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>\n"
		"module attributes {\"ttg.num-warps\" = 4 : i32} {\n"
		"  %a = ttng.tmem_alloc : () -> !ttg.memdesc<4x128x128xf32, #t128, "
		"#ttng.tensor_memory, mutable>\n"
		"  %b = ttng.tmem_alloc : () -> !ttg.memdesc<2x128x256xf32, #t256, "
		"#ttng.tensor_memory, mutable>\n"
		"  %c = ttng.tmem_alloc : () -> !ttg.memdesc<1x128x128xf32, #t128, "
		"#ttng.tensor_memory, mutable>\n"
		"  %d = ttng.tmem_alloc : () -> !ttg.memdesc<2x128x64xf32, #t64, "
		"#ttng.tensor_memory, mutable>\n"
		"  %e = ttng.tmem_alloc : () -> !ttg.memdesc<3x128x256xf32, #t256, "
		"#ttng.tensor_memory, mutable>\n"
		"}\n";
	struct lay_error err;
	lay_error_clear(&err);
	json_t *r = lay_lint(text, "b.mlir", NULL, &err);
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(lay_lint_judge(r, -1, NULL, false, "", &err), 0);
	CU_ASSERT_EQUAL(json_array_size(json_object_get(r, "findings")), 5);
	for (int k = 0; k < 2; k++) {
		char p[64];
		snprintf(p, sizeof p, "findings/%d/tmem/columns", k);
		CU_ASSERT_EQUAL(at_int(r, p), 512);
		snprintf(p, sizeof p, "findings/%d/tmem/allocation", k);
		CU_ASSERT_EQUAL(at_int(r, p), 512);
		snprintf(p, sizeof p, "findings/%d/tmem/fits", k);
		CU_ASSERT_EQUAL(at_bool(r, p), 1);
		snprintf(p, sizeof p, "findings/%d/fails", k);
		CU_ASSERT_EQUAL(at_bool(r, p), 0);
	}
	CU_ASSERT_EQUAL(at_int(r, "findings/0/tmem/buffers"), 4);
	CU_ASSERT_EQUAL(at_int(r, "findings/1/tmem/buffers"), 2);
	CU_ASSERT_PTR_NULL(at(r, "findings/2/tmem/buffers"));
	CU_ASSERT_EQUAL(at_int(r, "findings/2/tmem/columns"), 128);
	CU_ASSERT_EQUAL(at_int(r, "findings/3/tmem/columns"), 128);
	CU_ASSERT_EQUAL(at_int(r, "findings/3/tmem/allocation"), 128);
	/* one buffer past: 768 columns */
	CU_ASSERT_EQUAL(at_int(r, "findings/4/tmem/columns"), 768);
	CU_ASSERT_EQUAL(at_bool(r, "findings/4/tmem/fits"), 0);
	CU_ASSERT_EQUAL(at_bool(r, "findings/4/fails"), 1);
	CU_ASSERT_EQUAL(at_int(r, "failed"), 1);
	json_decref(r);
}

/* A TMEM op's finding needs a layout on tensor memory: one on other axes
 * is refused with its reason, and the finding is left as it was. */
static void test_lint_not_tmem(void)
{
	struct lay_options opt = { 0 };
	struct lay_error err;
	lay_error_clear(&err);
	json_t *f = json_object(),
	       *layout = json_loads("{\"logical\": [4], \"expr\": {\"m\": \"i\"}}", 0, NULL);
	CU_ASSERT_EQUAL(lay_lint_tmem(f, layout, &opt, &err), LAY_ESCHEMA);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "places nothing on tensor memory"));
	CU_ASSERT_PTR_NULL(json_object_get(f, "kind"));
	CU_ASSERT_PTR_NULL(json_object_get(f, "tmem"));
	json_decref(layout);
	json_decref(f);
}

static void test_pasted_op(void)
{
	static const char *conv =
		"#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA "
		"= [4, 1], order = [1, 0]}>\\n#b = #ttg.blocked<{sizePerThread = [1, 1], "
		"threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>\\n%1 = "
		"ttg.convert_layout %0 : tensor<128x64xf16, #a> -> tensor<128x64xf16, #b>";
	char buf[1024];
	snprintf(buf, sizeof buf, "{\"layout\": {\"ttgir\": \"%s\", \"name\": \"x\"}}", conv);
	json_t *body = json_loads(buf, 0, NULL);
	CU_ASSERT_EQUAL(lay_lint_expand(body), 1);
	CU_ASSERT_PTR_NOT_NULL(at(body, "convert/to/ttgir"));
	CU_ASSERT_STRING_EQUAL(json_string_value(at(body, "layout/name")), "x");
	/* expanded once: the text is now a layout */
	CU_ASSERT_EQUAL(lay_lint_expand(body), 0);
	struct lay_options opt = { 0 };
	struct lay_error err;
	lay_error_clear(&err);
	json_t *r = lay_analyze(body, &opt, &err);
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_STRING_EQUAL(json_string_value(at(r, "convert/kind")), "shared_memory");
	json_decref(r);
	json_decref(body);
	/* a body with its own convert, or a layout with a shape, is left alone */
	snprintf(buf, sizeof buf, "{\"layout\": {\"ttgir\": \"%s\"}, \"convert\": {}}", conv);
	body = json_loads(buf, 0, NULL);
	CU_ASSERT_EQUAL(lay_lint_expand(body), 0);
	json_decref(body);
	snprintf(buf, sizeof buf, "{\"layout\": {\"ttgir\": \"%s\", \"shape\": [8]}}", conv);
	body = json_loads(buf, 0, NULL);
	CU_ASSERT_EQUAL(lay_lint_expand(body), 0);
	json_decref(body);
	/* pasted text as the layout string itself */
	snprintf(buf, sizeof buf, "{\"layout\": \"%s\"}", conv);
	body = json_loads(buf, 0, NULL);
	CU_ASSERT_EQUAL(lay_lint_expand(body), 1);
	json_decref(body);
}

int main(void)
{
	static const struct unit_test tests[] = {
		{ "atom table", test_atom_table },
		{ "atoms judged on tensor memory", test_atoms_judged },
		{ "atom spellings", test_atom_spellings },
		{ "atom errors", test_atom_errors },
		{ "tmem section", test_section },
		{ "the tmem section at its bounds", test_section_bounds },
		{ "allocations at and past a power of two", test_allocation_powers },
		{ "the second warpgroup", test_second_warpgroup },
		{ "lint: multi-buffered TMEM at 512 columns", test_lint_buffers_at_512 },
		{ "match", test_match },
		{ "ttgir encodings", test_ttgir },
		{ "zeros in TMEM linear layouts", test_linear_zeros },
		{ "lint TMEM ops", test_lint },
		{ "lint TMEM views", test_lint_views },
		{ "pasted op line", test_pasted_op },
		{ "lint: a TMEM op off tensor memory", test_lint_not_tmem },
		{ NULL, NULL },
	};
	return unit_main("tmem", tests);
}
