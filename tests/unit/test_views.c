/* test_views.c - the placement table (element -> places, and the inverse
 * place -> elements with empty places listed), the grid cells and the
 * comparison of two definitions, on small relations worked out by hand. */
#include "unit.h"

static struct lay_def *def_of(const char *text)
{
	struct lay_error err;
	lay_error_clear(&err);
	json_t *v = lay_json_load(text, strlen(text), &err);
	struct lay_def *def = v ? lay_def_new(v, "", NULL, &err) : NULL;
	if (!def)
		fprintf(stderr, "\n  def_of(%s): %s\n", text, err.message);
	json_decref(v);
	return def;
}

/* Rows rendered "e:l0,l1>c0,c1" (e = -1 for an empty place) into one string. */
struct rows {
	char text[4096];
	int n, rank, naxes;
};

static int add_row(void *ctx, const struct lay_table_row *row)
{
	struct rows *w = ctx;
	size_t len = strlen(w->text);
	char *p = w->text + len;
	size_t left = sizeof w->text - len;
	int k = snprintf(p, left, "%s%lld:", w->n ? " " : "", (long long)row->elem);
	for (int d = 0; row->elem >= 0 && d < w->rank; d++)
		k += snprintf(p + k, left - (size_t)k, "%s%lld", d ? "," : "",
			      (long long)row->logical[d]);
	k += snprintf(p + k, left - (size_t)k, ">");
	for (int a = 0; a < w->naxes; a++)
		k += snprintf(p + k, left - (size_t)k, "%s%lld", a ? "," : "",
			      (long long)row->coord[a]);
	w->n++;
	return 0;
}

static void table_is(const char *text, bool inverse, const char *want)
{
	struct lay_def *def = def_of(text);
	CU_ASSERT_PTR_NOT_NULL_FATAL(def);
	struct rows w = { .rank = def->rank, .naxes = def->naxes };
	struct lay_error err;
	CU_ASSERT_EQUAL(lay_table(def, inverse, add_row, &w, &err), 0);
	CU_ASSERT_STRING_EQUAL(w.text, want);
	if (strcmp(w.text, want))
		fprintf(stderr, "\n  table of %s%s:\n  got  %s\n  want %s\n", text,
			inverse ? " (inverse)" : "", w.text, want);
	lay_def_free(def);
}

static void test_table_forward(void)
{
	/* elements in row-major order, each element's places once, ascending */
	table_is("{\"logical\":[2,2],\"expr\":{\"m\":\"j * 2 + i\"}}", false,
		 "0:0,0>0 1:0,1>2 2:1,0>1 3:1,1>3");
	table_is("{\"table\":[[[1],{\"m\":3}],[[0],{\"m\":2}],[[0],{\"m\":0}],[[0],{\"m\":2}]]}",
		 false, "0:0>0 0:0>2 1:1>3");
	/* an element placed only outside the space has no row */
	table_is("{\"logical\":[3],\"expr\":{\"m\":\"i\"},\"physical\":{\"m\":2}}", false,
		 "0:0>0 1:1>1");
}

static void test_table_inverse(void)
{
	/* places in order, every element at a place in row-major order, and
	 * an empty place listed once with no element */
	table_is("{\"logical\":[3],\"expr\":{\"m\":\"(i // 2) * 2\"},\"physical\":{\"m\":3}}", true,
		 "0:0>0 1:1>0 -1:>1 2:2>2");
	table_is("{\"logical\":[2,2],\"expr\":{\"r\":\"j\",\"c\":\"i\"}}", true,
		 "0:0,0>0,0 2:1,0>0,1 1:0,1>1,0 3:1,1>1,1");
}

static void test_cells(void)
{
	/* (0) and (1) share m 0; (2) alone on m 2; (3) outside the space */
	struct lay_def *def = def_of("{\"logical\":[4],\"expr\":{\"m\":\"(i // 2) * 2 + (i // 3) * "
				     "2\"},\"physical\":{\"m\":4}}");
	CU_ASSERT_PTR_NOT_NULL_FATAL(def);
	struct lay_cell cells[4];
	int64_t ext[LAYOUTD_MAX_AXES];
	struct lay_error err;
	CU_ASSERT_EQUAL(lay_cells(def, cells, ext, &err), 0);
	CU_ASSERT_EQUAL(ext[0], 4);
	CU_ASSERT_EQUAL(cells[0].nplaces, 1);
	CU_ASSERT_TRUE(cells[0].collides);
	CU_ASSERT_TRUE(cells[1].collides);
	CU_ASSERT_EQUAL(cells[2].nplaces, 1);
	CU_ASSERT_FALSE(cells[2].collides);
	CU_ASSERT_EQUAL(cells[2].first[0], 2);
	CU_ASSERT_EQUAL(cells[3].nplaces, 0);
	CU_ASSERT_FALSE(cells[3].collides);
	lay_def_free(def);
}

static json_t *compare(const char *a, const char *b, int examples)
{
	struct lay_def *da = def_of(a), *db = def_of(b);
	struct lay_error err;
	json_t *r = da && db ? lay_compare(da, db, examples, &err) : NULL;
	CU_ASSERT_PTR_NOT_NULL(r);
	lay_def_free(da);
	lay_def_free(db);
	return r;
}

static void test_compare(void)
{
	/* the same relation in two notations */
	json_t *r = compare("{\"logical\":[8],\"expr\":{\"m\":\"i\"}}", "{\"axe\":\"S[8:1]\"}", 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(at_bool(r, "equal"), 1);
	CU_ASSERT_EQUAL(at_int(r, "differing"), 0);
	CU_ASSERT_PTR_NULL(json_object_get(r, "reason"));
	json_decref(r);
	/* one element differs: it is counted and shown with both places */
	r = compare("{\"logical\":[4],\"expr\":{\"m\":\"i\"}}",
		    "{\"logical\":[4],\"expr\":{\"m\":\"i + (i // 3)\"}}", 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(at_bool(r, "equal"), 0);
	CU_ASSERT_EQUAL(at_int(r, "differing"), 1);
	CU_ASSERT_EQUAL(at_int(r, "differences/0/logical/0"), 3);
	CU_ASSERT_EQUAL(at_int(r, "differences/0/a/0/m"), 3);
	CU_ASSERT_EQUAL(at_int(r, "differences/0/b/0/m"), 4);
	json_decref(r);
	/* an element with one more place differs, even when its first place agrees */
	r = compare("{\"logical\":[2],\"expr\":{\"t\":\"i\"}}",
		    "{\"table\":[[[0],{\"t\":0}],[[1],{\"t\":1}],[[1],{\"t\":2}]]}", 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(at_int(r, "differing"), 1);
	CU_ASSERT_EQUAL(json_array_size(at(r, "differences/0/b")), 2);
	json_decref(r);
	/* every element differs: all counted, examples capped at the request */
	r = compare("{\"logical\":[6],\"expr\":{\"m\":\"i\"}}",
		    "{\"logical\":[6],\"expr\":{\"m\":\"i + 1\"}}", 2);
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(at_int(r, "differing"), 6);
	CU_ASSERT_EQUAL(json_array_size(at(r, "differences")), 2);
	CU_ASSERT_EQUAL(at_int(r, "differences/1/logical/0"), 1);
	json_decref(r);
	/* different shapes, the same size: not equal, with the reason */
	r = compare("{\"logical\":[2,4],\"expr\":{\"m\":\"i * 4 + j\"}}",
		    "{\"logical\":[4,2],\"expr\":{\"m\":\"i * 2 + j\"}}", 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(at_bool(r, "equal"), 0);
	CU_ASSERT_PTR_NOT_NULL(json_object_get(r, "reason"));
	json_decref(r);
	/* a different number of axes, either way round: not equal, with the reason */
	r = compare("{\"logical\":[4],\"expr\":{\"m\":\"i\"}}",
		    "{\"logical\":[4],\"expr\":{\"m\":\"i\",\"n\":\"0\"}}", 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(at_bool(r, "equal"), 0);
	CU_ASSERT_PTR_NOT_NULL(json_object_get(r, "reason"));
	json_decref(r);
	r = compare("{\"logical\":[4],\"expr\":{\"m\":\"i\",\"n\":\"0\"}}",
		    "{\"logical\":[4],\"expr\":{\"m\":\"i\"}}", 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(at_bool(r, "equal"), 0);
	CU_ASSERT_PTR_NOT_NULL(json_object_get(r, "reason"));
	json_decref(r);
}

int main(void)
{
	static const struct unit_test tests[] = {
		{ "table, element order", test_table_forward },
		{ "table, inverse with empty places", test_table_inverse },
		{ "grid cells", test_cells },
		{ "compare", test_compare },
		{ NULL, NULL },
	};
	return unit_main("views", tests);
}
