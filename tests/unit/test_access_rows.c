/*
 * test_access_rows.c - the placement rows the access and conversion
 * analyses read from a definition's closed form (analysis/access_table.c)
 * are the general table's rows: the same (element, coordinates) multiset
 * for forward definitions with and without replicas, with holes, a
 * declared extent, axe and cute layouts, and the ones the closed form
 * must leave to the general table (swizzles, out-of-bounds placements).
 */
#include "analysis/access.h"
#include "unit.h"

struct rows {
	int naxes;
	size_t n, cap;
	int64_t *v;
};

static int add_row(void *ctx, const struct lay_table_row *row)
{
	struct rows *r = ctx;
	int w = r->naxes + 1;
	if (r->n == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 256;
		r->v = realloc(r->v, r->cap * (size_t)w * sizeof *r->v);
		if (!r->v)
			return LAY_ENOMEM;
	}
	int64_t *p = r->v + r->n++ * (size_t)w;
	p[0] = row->elem;
	for (int a = 0; a < r->naxes; a++)
		p[a + 1] = row->coord[a];
	return 0;
}

static int row_w;

static int cmp_row(const void *a, const void *b)
{
	const int64_t *x = a, *y = b;
	for (int k = 0; k < row_w; k++)
		if (x[k] != y[k])
			return x[k] < y[k] ? -1 : 1;
	return 0;
}

static void same_rows(const char *text)
{
	struct lay_error err;
	json_t *j = json_loads(text, 0, NULL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(j);
	struct lay_def *def = lay_def_new(j, "/layout", NULL, &err);
	CU_ASSERT_PTR_NOT_NULL(def);
	if (!def) {
		fprintf(stderr, "\n  %s: %s\n", text, err.message);
		json_decref(j);
		return;
	}
	struct rows a = { def->naxes, 0, 0, NULL }, b = { def->naxes, 0, 0, NULL };
	CU_ASSERT_EQUAL(acc_table(def, add_row, &a, &err), 0);
	CU_ASSERT_EQUAL(lay_table(def, false, add_row, &b, &err), 0);
	row_w = def->naxes + 1;
	qsort(a.v, a.n, sizeof *a.v * (size_t)row_w, cmp_row);
	qsort(b.v, b.n, sizeof *b.v * (size_t)row_w, cmp_row);
	CU_ASSERT_EQUAL(a.n, b.n);
	bool same = a.n == b.n && memcmp(a.v, b.v, a.n * (size_t)row_w * sizeof *a.v) == 0;
	CU_ASSERT(same);
	if (!same)
		fprintf(stderr, "\n  rows differ for %s (%zu vs %zu)\n", text, a.n, b.n);
	/* the extents known beforehand are the declared ones, else the
	 * largest coordinate of the rows + 1 */
	int64_t ext[LAYOUTD_MAX_AXES], mx[LAYOUTD_MAX_AXES] = { 0 };
	for (size_t i = 0; i < b.n; i++)
		for (int k = 0; k < def->naxes; k++)
			if (b.v[i * (size_t)row_w + 1 + (size_t)k] > mx[k])
				mx[k] = b.v[i * (size_t)row_w + 1 + (size_t)k];
	if (acc_table_extents(def, ext))
		for (int k = 0; k < def->naxes; k++)
			CU_ASSERT_EQUAL(ext[k],
					def->axes[k].declared ? def->axes[k].extent : mx[k] + 1);
	free(a.v);
	free(b.v);
	lay_def_free(def);
	json_decref(j);
}

static void test_forward_rows(void)
{
	static const char *const defs[] = {
		"{\"logical\":[256,256],\"expr\":{\"offset\":\"i * 256 + j\"}}",
		"{\"logical\":[256,256],\"expr\":{\"thread\":\"(j // 4) % 64 + 64 * (i % 2)\","
		"\"register\":\"j % 4 + 4 * (j // 256) + 4 * (i // 2)\"}}",
		"{\"logical\":[8,8],\"expr\":{\"laneid\":\"rep\",\"register\":\"i * 8 + j\"},"
		"\"replicate\":{\"rep\":32}}",
		"{\"logical\":[32,32],\"expr\":{\"offset\":\"i * 32 + j + 1024 * r\"},"
		"\"replicate\":{\"r\":2}}",
		"{\"logical\":[8,4],\"expr\":{\"lane\":\"i + 8 * (r % 2)\",\"warp\":\"r // 2\","
		"\"register\":\"j\"},\"replicate\":{\"r\":4}}",
		"{\"logical\":[4,8],\"expr\":{\"offset\":\"j * 8 + i\"}}",
		"{\"logical\":[4,8],\"expr\":{\"offset\":\"i * 16 + j\"}}",
		"{\"logical\":[16],\"expr\":{\"offset\":\"i\"},\"physical\":{\"offset\":64}}",
		"{\"logical\":[16],\"expr\":{\"offset\":\"i + 60\"},\"physical\":{\"offset\":64}}",
		"{\"logical\":[8,32],\"axe\":\"ComposeLayout(2, 3, 3, TileLayout(S[(8, 32):(32, "
		"1)]))\"}",
		"{\"logical\":[8,32],\"axe\":\"TileLayout(S[(8, 32):(32, 1)])\"}",
		"{\"cute\":\"(_8,_64):(_64,_1)\"}",
		"{\"cute\":\"((_2,_4),_8):((_1,_16),_2)\"}",
		"{\"cute\":\"Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)\"}",
		"{\"logical\":[8,8],\"expr\":{\"offset\":\"(i * 8 + j) ^ (i % 8)\"}}",
		"{\"linear\":{\"bases\":{\"register\":[[0,1],[0,2]],\"lane\":[[1,0],[2,0],[4,0]]},"
		"\"out\":[[\"i\",8],[\"j\",4]]}}",
		"{\"linear\":{\"bases\":{\"register\":[[0,1],[0,0]],\"lane\":[[1,0],[2,0],[0,2]],"
		"\"warp\":[[0,0]]},\"out\":[[\"i\",4],[\"j\",4]]}}",
	};
	for (size_t i = 0; i < sizeof defs / sizeof defs[0]; i++)
		same_rows(defs[i]);
}

/* A conversion's class and moved elements are the same whether its two
 * layouts are read from GF(2) bases (the direct fill, one holder or
 * several) or from expressions (the rows). */
static void same_convert(const char *lin_src, const char *lin_dst, const char *ex_src,
			 const char *ex_dst)
{
	char a[2048], b[2048];
	snprintf(a, sizeof a, "{\"layout\":%s,\"convert\":{\"to\":%s}}", lin_src, lin_dst);
	snprintf(b, sizeof b, "{\"layout\":%s,\"convert\":{\"to\":%s}}", ex_src, ex_dst);
	json_t *x = analyze_ok(a), *y = analyze_ok(b);
	CU_ASSERT_PTR_NOT_NULL_FATAL(x);
	CU_ASSERT_PTR_NOT_NULL_FATAL(y);
	json_t *cx = json_object_get(x, "convert"), *cy = json_object_get(y, "convert");
	static const char *const keys[] = { "kind", "elements", "examples" };
	for (int k = 0; k < 3; k++) {
		bool eq = json_equal(json_object_get(cx, keys[k]), json_object_get(cy, keys[k]));
		CU_ASSERT(eq);
		if (!eq)
			fprintf(stderr, "\n  convert.%s differs for %s\n", keys[k], a);
	}
	json_decref(x);
	json_decref(y);
}

#define LIN(reg, lane)                                                                         \
	"{\"linear\":{\"bases\":{\"register\":" reg ",\"lane\":" lane "},\"out\":[[\"i\",32]," \
	"[\"j\",8]]}}"
#define EXPR(lane, reg) \
	"{\"logical\":[32,8],\"expr\":{\"lane\":\"" lane "\",\"register\":\"" reg "\"}}"

static void test_convert_paths(void)
{
	const char *rows = LIN("[[0,1],[0,2],[0,4]]", "[[1,0],[2,0],[4,0],[8,0],[16,0]]");
	const char *rows_x = EXPR("i", "j");
	const char *cols = LIN("[[1,0],[2,0],[4,0]]", "[[8,0],[16,0],[0,1],[0,2],[0,4]]");
	const char *cols_x = EXPR("i // 8 + 4 * j", "i % 8");
	same_convert(rows, cols, rows_x, cols_x);
	same_convert(cols, rows, cols_x, rows_x);
	same_convert(rows, rows, rows_x, rows_x);
	/* a source whose register bit 2 repeats: every element held twice */
	const char *bcast = "{\"linear\":{\"bases\":{\"register\":[[0,1],[0,2],[0,0],[0,4]],"
			    "\"lane\":[[1,0],[2,0],[4,0],[8,0],[16,0]]},\"out\":[[\"i\",32],"
			    "[\"j\",8]]}}";
	const char *bcast_x = "{\"logical\":[32,8],\"expr\":{\"lane\":\"i\",\"register\":"
			      "\"j % 4 + 4 * r + 8 * (j // 4)\"},\"replicate\":{\"r\":2}}";
	same_convert(bcast, cols, bcast_x, cols_x);
}

/* The memory reader (access_read.c): a replicated element is read at its
 * lowest offset (docs/access.md, the replicated_offsets warning), and the
 * tile's last element counts like any other: without an offset it is named,
 * with the highest one it sets the offsets' extent. */
static void test_memory_reader_edges(void)
{
	/* element i at i and at 32 i: read at i, 32 lanes on 32 banks; at 32 i
	 * they would all share bank 0 */
	json_t *r = analyze_ok(
		"{\"layout\":{\"logical\":[32],\"expr\":{\"offset\":\"i * (1 + 31 * "
		"r)\"},\"replicate\":{\"r\":2}},\"access\":{\"threads\":{\"logical\":[32],"
		"\"expr\":{\"lane\":\"i\"}},\"element_bits\":32}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(at_int(r, "access/bank_conflicts"), 0);
	CU_ASSERT_EQUAL(at_int(r, "access/max_ways"), 1);
	const char *w = json_string_value(at(r, "access/warnings/0/message"));
	CU_ASSERT(w && strncmp(w, "31 placements", 13) == 0);
	json_decref(r);
	/* the same with the replica listed first: still the lowest */
	r = analyze_ok("{\"layout\":{\"logical\":[32],\"expr\":{\"offset\":\"i * (32 - 31 * "
		       "r)\"},\"replicate\":{\"r\":2}},\"access\":{\"threads\":{\"logical\":[32],"
		       "\"expr\":{\"lane\":\"i\"}},\"element_bits\":32}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(at_int(r, "access/bank_conflicts"), 0);
	json_decref(r);
	struct lay_error err;
	r = analyze_text(
		"{\"layout\":{\"logical\":[4],\"table\":[[[0],{\"offset\":0}],[[1],"
		"{\"offset\":1}],[[2],{\"offset\":2}]]},\"access\":{\"threads\":{\"logical\":"
		"[4],\"expr\":{\"lane\":\"i\"}},\"element_bits\":32}}",
		&err);
	CU_ASSERT_PTR_NULL(r);
	CU_ASSERT_EQUAL(err.code, LAY_ESCHEMA);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "element (3) has no offset"));
	json_decref(r);
	/* 8 x 8 row-major, the last element at the highest offset 63: the
	 * offsets are bijective onto [0, 64): the closed-form count and the
	 * suggestion's linear layout are given (neither is past it) */
	r = analyze_ok(
		"{\"layout\":{\"logical\":[8,8],\"expr\":{\"offset\":\"i*8+j\"}},"
		"\"access\":{\"threads\":{\"logical\":[8,8],\"expr\":{\"lane\":\"i*4 + "
		"j//2\",\"register\":\"j%2\"}},\"element_bits\":32},\"suggest\":\"swizzle\"}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_PTR_NOT_NULL(at(r, "access/analytic"));
	CU_ASSERT_PTR_NOT_NULL(at(r, "access/suggestion/layout/linear"));
	json_decref(r);
}

int main(void)
{
	static const struct unit_test tests[] = {
		{ "rows from the closed form are the table's", test_forward_rows },
		{ "conversions: bases and expressions agree", test_convert_paths },
		{ "the memory reader at its edges", test_memory_reader_edges },
		{ NULL, NULL },
	};
	return unit_main("access_rows", tests);
}
