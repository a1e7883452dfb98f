/*
 * test_structural.c - structural verdicts against enumeration.  Thousands of
 * random axe, cute (memory and tv) and linear layouts of up to 2^20 points,
 * from a fixed seed: wherever a structural method decides a layout, its
 * report (verdicts, every count, extents, owners, warnings, and the
 * fingerprint when it has one) must equal the enumerated report apart from
 * the examples, `method` and `elapsed_us`; and the one-pass enumeration of
 * clean layouts (enumerate_fast.c) must give the general enumeration's report, examples
 * and fingerprint included.  Also the answers past the enumeration limit,
 * derived by hand.
 */
#include "randlay.h"
#include "run.h"
#include "unit.h"

/* Rows of a table as text, one line each. */
struct rows_text {
	char *buf;
	size_t len, cap;
	int64_t n;
	int naxes;
};

static int row_text(void *ctx, const struct lay_table_row *row)
{
	struct rows_text *t = ctx;
	if (t->len + 512 > t->cap) {
		t->cap = t->cap ? 2 * t->cap : 1 << 16;
		t->buf = realloc(t->buf, t->cap);
	}
	t->len += (size_t)sprintf(t->buf + t->len, "%lld:", (long long)row->elem);
	for (int a = 0; a < t->naxes; a++)
		t->len += (size_t)sprintf(t->buf + t->len, " %lld", (long long)row->coord[a]);
	t->buf[t->len++] = '\n';
	t->n++;
	return 0;
}

/* A page found directly equals the same rows of the whole table. */
static void check_pages(const char *text)
{
	struct lay_error e;
	json_t *req = lay_json_load(text, strlen(text), &e);
	struct lay_def *def = req ? lay_def_new(req, "", NULL, &e) : NULL;
	if (!def) {
		json_decref(req);
		return;
	}
	for (int inverse = 0; inverse < 2; inverse++) {
		struct rows_text all = { .naxes = def->naxes };
		if (lay_table(def, inverse, row_text, &all, &e) || all.n > 4096) {
			free(all.buf);
			continue;
		}
		int64_t first = rl_pick(all.n + 1), count = rl_pick(3) ? rl_pick(50) : -1;
		struct rows_text page = { .naxes = def->naxes };
		CU_ASSERT_EQUAL_FATAL(
			lay_table_page(def, inverse, first, count, row_text, &page, &e), 0);
		/* the slice of the whole table */
		const char *p = all.buf, *end = all.buf + all.len;
		for (int64_t r = 0; r < first && p < end; r++)
			p = strchr(p, '\n') + 1;
		const char *q = p;
		for (int64_t r = 0; (count < 0 || r < count) && q < end; r++)
			q = strchr(q, '\n') + 1;
		bool same = page.len == (size_t)(q - p) &&
			    (page.len == 0 || memcmp(page.buf, p, page.len) == 0);
		CU_ASSERT(same);
		if (!same)
			fprintf(stderr, "\n  page %lld+%lld of %s (%s view) differs\n",
				(long long)first, (long long)count, text,
				inverse ? "inverse" : "placement");
		free(all.buf);
		free(page.buf);
	}
	lay_def_free(def);
	json_decref(req);
}

/* Drop what may differ between the methods. */
static void strip(json_t *a)
{
	const char *key;
	json_t *v;
	json_object_del(a, "method");
	json_object_del(a, "elapsed_us");
	json_object_foreach(a, key, v)
	{
		if (json_is_object(v))
			json_object_del(v, "examples");
	}
}

static json_t *run(const char *text, int method, struct lay_error *err)
{
	struct lay_options opt = { .method = method };
	json_t *req = lay_json_load(text, strlen(text), err);
	if (!req)
		return NULL;
	json_t *a = lay_analyze(req, &opt, err);
	json_decref(req);
	return a;
}

/* Probes of the first and last elements: structural places = enumerated. */
static void check_probes(const char *text, json_t *analysis)
{
	json_t *shape = json_object_get(json_object_get(analysis, "logical"), "shape");
	char req[8192 + 640], first[256] = "", last[256] = "";
	size_t i;
	json_t *d;
	json_array_foreach(shape, i, d)
	{
		sprintf(first + strlen(first), "%s0", i ? "," : "");
		sprintf(last + strlen(last), "%s%lld", i ? "," : "",
			(long long)json_integer_value(d) - 1);
	}
	snprintf(req, sizeof req, "{\"layout\": %s, \"probe\": [[%s], [%s]]}", text, first, last);
	struct lay_error e1, e2;
	json_t *a = run(req, LAY_METHOD_AUTO, &e1), *b = run(req, LAY_METHOD_STRUCTURAL, &e2);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(b, "method")), "structural");
	bool same = json_equal(json_object_get(a, "probe"), json_object_get(b, "probe"));
	CU_ASSERT(same);
	if (!same) {
		char *sa = json_dumps(json_object_get(a, "probe"), JSON_COMPACT);
		char *sb = json_dumps(json_object_get(b, "probe"), JSON_COMPACT);
		fprintf(stderr, "\n  probes of %s\n  enumerated %s\n  structural %s\n", text, sa,
			sb);
		free(sa);
		free(sb);
	}
	json_decref(a);
	json_decref(b);
}

static void test_agreement(void)
{
	void (*gen[])(char *, int64_t) = { rl_gen_axe, rl_gen_cute_memory, rl_gen_cute_tv,
					   rl_gen_linear, rl_gen_expr };
	const char *gname[] = { "axe", "cute", "cute tv", "linear", "expr" };
	int decided[5] = { 0 }, total[5] = { 0 }, failures = 0;
	char text[8192];
	for (int i = 0; i < 10000; i++) {
		int g = i % 5;
		/* mostly small; one in 40 of each notation up to 2^20 points */
		int64_t budget = (i / 5) % 40 == 0 ? (int64_t)1 << (16 + rl_pick(5))
						   : (int64_t)1 << rl_pick(11);
		gen[g](text, budget);
		struct lay_error e1, e2;
		json_t *a = run(text, LAY_METHOD_AUTO, &e1);
		json_t *b = run(text, LAY_METHOD_STRUCTURAL, &e2);
		total[g]++;
		if (!a || !b) {
			CU_ASSERT(!a && !b);
			if ((!a) != (!b) && failures++ < 5)
				fprintf(stderr, "\n  one method failed on %s: %s / %s\n", text,
					a ? "-" : e1.message, b ? "-" : e2.message);
			json_decref(a);
			json_decref(b);
			continue;
		}
		CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(a, "method")),
				       "enumerated");
		/* the one-pass enumeration of clean layouts against the general one:
		 * the whole report, examples and fingerprint included */
		json_t *c = run(text, LAY_METHOD_GENERIC, &e2);
		CU_ASSERT_PTR_NOT_NULL_FATAL(c);
		json_object_del(c, "elapsed_us");
		json_t *a2 = json_deep_copy(a);
		json_object_del(a2, "elapsed_us");
		if (!json_equal(a2, c)) {
			CU_FAIL("fast and general enumeration differ");
			if (failures++ < 5) {
				char *sa = json_dumps(a2, JSON_COMPACT | JSON_SORT_KEYS);
				char *sc = json_dumps(c, JSON_COMPACT | JSON_SORT_KEYS);
				fprintf(stderr, "\n  %s\n  fast    %s\n  general %s\n", text, sa,
					sc);
				free(sa);
				free(sc);
			}
		}
		json_decref(a2);
		json_decref(c);
		if (budget < 4096)
			check_pages(text);
		if (strcmp(json_string_value(json_object_get(b, "method")), "structural") == 0) {
			decided[g]++;
			if (g == 0 || g == 1)
				check_probes(text, a);
			CU_ASSERT(json_is_string(json_object_get(b, "fingerprint")) ||
				  strcmp(gname[g], "cute tv") == 0 ||
				  strcmp(gname[g], "linear") == 0);
			if (json_is_null(json_object_get(b, "fingerprint")))
				json_object_del(a, "fingerprint"),
					json_object_del(b, "fingerprint");
			strip(a);
			strip(b);
			if (!json_equal(a, b)) {
				CU_FAIL("structural and enumerated reports differ");
				if (failures++ < 5) {
					char *sa = json_dumps(a, JSON_COMPACT | JSON_SORT_KEYS);
					char *sb = json_dumps(b, JSON_COMPACT | JSON_SORT_KEYS);
					fprintf(stderr,
						"\n  %s\n  enumerated %s\n  structural %s\n", text,
						sa, sb);
					free(sa);
					free(sb);
				}
			}
		}
		json_decref(a);
		json_decref(b);
	}
	for (int g = 0; g < 5; g++) {
		fprintf(stderr, "\n  %-7s %d of %d decided structurally", gname[g], decided[g],
			total[g]);
		/* the generators aim at both sides: most decided, some not */
		CU_ASSERT(decided[g] * 2 > total[g]);
		if (g != 3) /* every linear layout of <= 62 bits is decided */
			CU_ASSERT(decided[g] < total[g]);
	}
}

/* Past the enumeration limit, answers derived by hand. */
/* Onto GF(2) layouts (linear, ttgir) are paged directly too: element e's
 * points are h0(e) xor the kernel's span, a point's element the xor of its
 * rows.  Random bases of full rank with zero and repeated bases (replication),
 * and Triton encodings that broadcast, against the whole table. */
static void test_gf2_pages(void)
{
	static const char *const fixed[] = {
		"{\"linear\": {\"bases\": {\"register\": [[0,1],[0,2]], \"lane\": "
		"[[1,0],[2,0],[0,0]]}, \"out\": [[\"dim0\",4],[\"dim1\",4]]}}",
		"{\"ttgir\": \"#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], "
		"warpsPerCTA = [2, 2], order = [1, 0]}>\", \"shape\": [8, 4]}",
		"{\"ttgir\": \"#ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [4, 8], "
		"warpsPerCTA = [1, 1], order = [0, 1]}>\", \"shape\": [16, 32]}",
	};
	int paged = 0;
	for (size_t k = 0; k < sizeof fixed / sizeof fixed[0] + 300; k++) {
		char text[2048];
		if (k < sizeof fixed / sizeof fixed[0]) {
			snprintf(text, sizeof text, "%s", fixed[k]);
		} else {
			/* out bits 1..8; in bits: a permutation of the unit vectors
			 * xored with lower ones, plus zero or repeated bases */
			int ob = 1 + (int)rl_pick(8), extra = (int)rl_pick(3);
			uint64_t v[16];
			for (int b = 0; b < ob; b++) {
				v[b] = (uint64_t)1 << b;
				for (int c = 0; c < b; c++)
					if (rl_pick(3) == 0)
						v[b] ^= (uint64_t)1 << c;
			}
			for (int b = ob - 1; b > 0; b--) {
				int c = (int)rl_pick(b + 1);
				uint64_t t = v[b];
				v[b] = v[c];
				v[c] = t;
			}
			for (int x = 0; x < extra; x++)
				v[ob + x] = rl_pick(2) ? 0 : v[rl_pick(ob)];
			int n = ob + extra, split = (int)rl_pick(n + 1);
			char *p = text;
			p += sprintf(p, "{\"linear\": {\"bases\": {\"register\": [");
			for (int i = 0; i < n; i++) {
				if (i == split)
					p += sprintf(p, "], \"lane\": [");
				else if (i)
					p += sprintf(p, ", ");
				p += sprintf(p, "[%llu]", (unsigned long long)v[i]);
			}
			if (split == n)
				p += sprintf(p, "], \"lane\": [");
			sprintf(p, "]}, \"out\": [[\"dim0\", %d]]}}", 1 << ob);
		}
		struct lay_error e;
		json_t *req = lay_json_load(text, strlen(text), &e);
		struct lay_def *def = req ? lay_def_new(req, "", NULL, &e) : NULL;
		CU_ASSERT_PTR_NOT_NULL_FATAL(def);
		struct run_page pg;
		paged += run_page_setup(def, &pg) && pg.gf2;
		lay_def_free(def);
		json_decref(req);
		check_pages(text);
	}
	/* every one of them is onto with exact extents: all take the GF(2) pages */
	CU_ASSERT_EQUAL(paged, 303);
}

static void test_large(void)
{
	struct lay_error e;
	/* compact tv and linear tilings (the benchmark's, 64 x 64) take the
	 * one-pass paths: the same report as the general enumeration */
	static const char *tilings[] = {
		"{\"cute_role\":\"tv\",\"logical\":[64,64],\"cute\":\"((16,16),(4,4)):((64,1),("
		"1024,16))\"}",
		"{\"cute_role\":\"tv\",\"logical\":[64,64],\"cute\":\"((16,16,2),(4,4)):((64,1,0),("
		"1024,16))\"}",
		"{\"logical\":[64,64],\"axe\":\"S[(4,16,4,16):(4@m,16@t,1@m,1@t)]\"}",
	};
	for (size_t k = 0; k < sizeof tilings / sizeof *tilings; k++) {
		json_t *f = run(tilings[k], LAY_METHOD_AUTO, &e),
		       *g = run(tilings[k], LAY_METHOD_GENERIC, &e);
		CU_ASSERT_PTR_NOT_NULL_FATAL(f);
		CU_ASSERT_PTR_NOT_NULL_FATAL(g);
		json_object_del(f, "elapsed_us");
		json_object_del(g, "elapsed_us");
		CU_ASSERT(json_equal(f, g));
		json_decref(f);
		json_decref(g);
	}
	/* 4 elements, stride 2^40: injective, 3*2^40 + 1 points, 4 occupied */
	json_t *a = run("{\"axe\": \"S[4:1099511627776]\"}", 0, &e);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(a, "method")), "structural");
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_object_get(a, "holes"), "count")),
			3 * ((json_int_t)1 << 40) + 1 - 4);
	CU_ASSERT(json_is_string(json_object_get(a, "fingerprint")));
	json_decref(a);
	/* 2^40 elements, bijective onto laneid x m */
	a = run("{\"axe\": \"S[(1048576, 1048576):(1@laneid, 1)]\"}", 0, &e);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT(json_is_true(json_object_get(json_object_get(a, "verdict"), "bijective")));
	CU_ASSERT(json_is_null(json_object_get(a, "fingerprint")));
	json_decref(a);
	/* overlapping strides past the limit: refused, before any walk */
	a = run("{\"axe\": \"S[(1048576, 1048576):(3, 2)]\"}", 0, &e);
	CU_ASSERT_PTR_NULL(a);
	CU_ASSERT_EQUAL(e.code, LAY_ELIMIT);
	CU_ASSERT_STRING_EQUAL(e.pointer, "/logical");
	/* a probe of a forward layout is answered from its iters: element
	 * 2^40 - 1 = (2^20 - 1, 2^20 - 1) at laneid 2^20 - 1, m 2^20 - 1, and
	 * on both blocks of the replica */
	a = run("{\"layout\": {\"axe\": \"S[(1048576, 1048576):(1@laneid, 1)] + "
		"R[2:1@block]\"}, \"probe\": [[1099511627775]]}",
		0, &e);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	json_t *places = json_object_get(json_array_get(json_object_get(a, "probe"), 0), "places");
	CU_ASSERT_EQUAL(json_array_size(places), 2);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_array_get(places, 1), "block")), 1);
	CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_array_get(places, 1), "laneid")),
			1048575);
	json_decref(a);
	/* a tv layout's probe is not answered structurally: refused as before */
	a = run("{\"layout\": {\"cute_role\": \"tv\", \"logical\": [1048576, 1048576], "
		"\"cute\": \"((1048576),(1048576)):((1),(1048576))\"}, \"probe\": [[0, 0]]}",
		0, &e);
	CU_ASSERT_PTR_NULL(a);
	CU_ASSERT_EQUAL(e.code, LAY_ELIMIT);
	/* tables of such a layout are refused with the same error */
	const char *big = "{\"axe\": \"S[(1048576, 1048576):(1@laneid, 1)]\"}";
	json_t *req = lay_json_load(big, strlen(big), &e);
	CU_ASSERT_PTR_NOT_NULL_FATAL(req);
	struct lay_def *def = lay_def_new(req, "", NULL, &e);
	CU_ASSERT_PTR_NOT_NULL_FATAL(def);
	struct lay_cell cell;
	int64_t ext[LAYOUTD_MAX_AXES];
	CU_ASSERT_EQUAL(lay_cells(def, &cell, ext, &e), LAY_ELIMIT);
	CU_ASSERT_STRING_EQUAL(e.pointer, "/logical");
	lay_def_free(def);
	json_decref(req);
}

int main(void)
{
	static const struct unit_test tests[] = {
		{ "structural agrees with enumeration", test_agreement },
		{ "past the limit", test_large },
		{ "GF(2) pages against the whole table", test_gf2_pages },
		{ NULL, NULL },
	};
	rl_seed(0x9e3779b97f4a7c15ULL);
	return unit_main("structural", tests);
}
