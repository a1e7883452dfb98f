/*
 * test_memory.c - the windowed enumerations against independent answers.
 *
 * A notation that walks in hardware order hands its elements over one
 * window at a time, the inverse table goes window of points by window, and
 * a comparison window of elements by window (run.h).  run_window_test makes
 * every window a few bytes, so small layouts take many windows.
 *
 * 1. Random tables (hardware order: rows shuffled) with replication,
 *    duplicates, collisions, holes, unplaced elements and out-of-bounds
 *    rows: every count, the fingerprint (docs/identity.md), the first
 *    holders named by collision and round-trip examples, owners, both
 *    tables and a comparison are computed here from the rows, and the
 *    engine must give them with tiny windows and with its own.
 * 2. Random axe, cute (memory and tv), linear, expr and ttgir layouts: the
 *    general analysis (probes included), both tables and a comparison with
 *    a perturbed table of the same placements (both ways) must be the same
 *    with tiny windows as with one window; the comparison's count of
 *    differing elements is computed here.
 * 3. Random linear layouts (walked in element order, from the elimination
 *    of their bases) against a table of their placements computed here.
 */
#include <nettle/sha2.h>

#include "randlay.h"
#include "run.h"
#include "unit.h"

/* Tiny windows: 8 to 64 bytes, one to a few elements or points each. */
static int64_t tiny(void)
{
	static const int64_t w[] = { 8, 12, 16, 24, 40, 64 };
	return w[rl_pick(6)];
}

static void gen_ttgir(char *out, int64_t budget)
{
	static const char *const enc[] = {
		"#ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [2, "
		"1], order = [1, 0]}>",
		"#ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, "
		"2], order = [0, 1]}>",
		"#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, "
		"1], order = [1, 0]}>",
	};
	/* shapes smaller than the CTA tile broadcast (replication), larger
	 * ones repeat the registers */
	int64_t r = (int64_t)1 << rl_pick(6), c = (int64_t)1 << rl_pick(6);
	while (r * c > budget && r > 1)
		r /= 2;
	sprintf(out, "{\"ttgir\": \"%s\", \"shape\": [%lld, %lld]}", enc[rl_pick(3)], (long long)r,
		(long long)c);
}

/* ------------------------------------------------------------------ */
/* Rows: the tables as arrays.                                         */

struct rowset {
	int naxes;
	int64_t n, cap;
	int64_t *elem, *coord; /* n, n * naxes */
};

static int add_row(void *ctx, const struct lay_table_row *row)
{
	struct rowset *s = ctx;
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 64;
		s->elem = realloc(s->elem, sizeof *s->elem * (size_t)s->cap);
		s->coord = realloc(s->coord, sizeof *s->coord * (size_t)(s->cap * s->naxes + 1));
	}
	s->elem[s->n] = row->elem;
	memcpy(s->coord + s->n * s->naxes, row->coord, sizeof *s->coord * (size_t)s->naxes);
	s->n++;
	return 0;
}

static void rowset_free(struct rowset *s)
{
	free(s->elem);
	free(s->coord);
}

static bool rowset_equal(const struct rowset *a, const struct rowset *b)
{
	return a->n == b->n && a->naxes == b->naxes &&
	       (a->n == 0 ||
		(memcmp(a->elem, b->elem, sizeof *a->elem * (size_t)a->n) == 0 &&
		 memcmp(a->coord, b->coord, sizeof *a->coord * (size_t)(a->n * a->naxes)) == 0));
}

static struct lay_def *parse(const char *text, json_t **req)
{
	struct lay_error e;
	struct lay_options opt = { .method = LAY_METHOD_GENERIC };
	*req = lay_json_load(text, strlen(text), &e);
	struct lay_def *def = *req ? lay_def_new(*req, "", &opt, &e) : NULL;
	if (!def) {
		fprintf(stderr, "\n  %s: %s\n", text, *req ? e.message : "bad JSON");
		CU_FAIL("layout refused");
	}
	return def;
}

/* Everything the windows may change, with the window size w. */
struct answers {
	json_t *analysis, *compare, *reverse;
	struct rowset fwd, inv;
};

static void answers_free(struct answers *x)
{
	json_decref(x->analysis);
	json_decref(x->compare);
	json_decref(x->reverse);
	rowset_free(&x->fwd);
	rowset_free(&x->inv);
}

static void answer(struct lay_def *def, struct lay_def *other, json_t *probe, int64_t w,
		   struct answers *x)
{
	struct lay_error e;
	struct lay_options opt = { .method = LAY_METHOD_GENERIC };
	run_window_test = w;
	memset(x, 0, sizeof *x);
	x->fwd.naxes = x->inv.naxes = def->naxes;
	x->analysis = lay_analyze_def(def, NULL, "/expect", probe, "/probe", &opt, &e);
	CU_ASSERT_PTR_NOT_NULL(x->analysis);
	if (x->analysis)
		json_object_del(x->analysis, "elapsed_us");
	CU_ASSERT_EQUAL(lay_table(def, false, add_row, &x->fwd, &e), 0);
	CU_ASSERT_EQUAL(lay_table(def, true, add_row, &x->inv, &e), 0);
	if (other) {
		x->compare = lay_compare(def, other, 8, &e);
		x->reverse = lay_compare(other, def, 8, &e);
		CU_ASSERT_PTR_NOT_NULL(x->compare);
		CU_ASSERT_PTR_NOT_NULL(x->reverse);
	}
	run_window_test = 0;
}

static void dump_diff(const char *what, const char *text, json_t *a, json_t *b)
{
	char *sa = json_dumps(a, JSON_COMPACT | JSON_SORT_KEYS);
	char *sb = json_dumps(b, JSON_COMPACT | JSON_SORT_KEYS);
	fprintf(stderr, "\n  %s of %s\n  one window:   %.2000s\n  tiny windows: %.2000s\n", what,
		text, sa ? sa : "null", sb ? sb : "null");
	free(sa);
	free(sb);
}

static int same_answers(const char *text, struct answers *a, struct answers *b)
{
	int bad = 0;
	if ((a->analysis || b->analysis) && !json_equal(a->analysis, b->analysis)) {
		dump_diff("analysis", text, a->analysis, b->analysis);
		bad++;
	}
	if (!rowset_equal(&a->fwd, &b->fwd)) {
		fprintf(stderr, "\n  placement tables of %s differ\n", text);
		bad++;
	}
	if (!rowset_equal(&a->inv, &b->inv)) {
		fprintf(stderr, "\n  inverse tables of %s differ\n", text);
		bad++;
	}
	if ((a->compare || b->compare) && !json_equal(a->compare, b->compare)) {
		dump_diff("comparison", text, a->compare, b->compare);
		bad++;
	}
	if ((a->reverse || b->reverse) && !json_equal(a->reverse, b->reverse)) {
		dump_diff("reverse comparison", text, a->reverse, b->reverse);
		bad++;
	}
	return bad;
}

/* ------------------------------------------------------------------ */
/* Per-element distinct point sets of a row set (points as flat indices
 * over the extents ext, rows out of bounds dropped).                  */

static int cmp64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

struct sets {
	int64_t size, *off, *pts; /* CSR, sorted, distinct */
};

static void sets_build(struct sets *S, int64_t size, const struct rowset *rs, const int64_t *ext)
{
	S->size = size;
	S->off = calloc((size_t)size + 1, sizeof *S->off);
	S->pts = malloc(sizeof *S->pts * (size_t)(rs->n + 1));
	int64_t *fill = calloc((size_t)size + 1, sizeof *fill);
	for (int64_t k = 0; k < rs->n; k++)
		if (rs->elem[k] >= 0)
			S->off[rs->elem[k] + 1]++;
	for (int64_t e = 0; e < size; e++)
		S->off[e + 1] += S->off[e];
	int64_t dropped = 0;
	for (int64_t k = 0; k < rs->n; k++) {
		int64_t e = rs->elem[k], p = 0;
		if (e < 0)
			continue;
		bool in = true;
		for (int a = 0; a < rs->naxes; a++) {
			int64_t c = rs->coord[k * rs->naxes + a];
			in = in && c >= 0 && c < ext[a];
			p = p * ext[a] + c;
		}
		S->pts[S->off[e] + fill[e]++] = in ? p : -1;
		dropped += !in;
	}
	/* sort, drop -1 and repeats, compact */
	int64_t w = 0;
	for (int64_t e = 0; e < size; e++) {
		int64_t lo = S->off[e], hi = S->off[e + 1];
		qsort(S->pts + lo, (size_t)(hi - lo), sizeof *S->pts, cmp64);
		S->off[e] = w;
		for (int64_t k = lo; k < hi; k++)
			if (S->pts[k] >= 0 && (w == S->off[e] || S->pts[w - 1] != S->pts[k]))
				S->pts[w++] = S->pts[k];
	}
	S->off[size] = w;
	free(fill);
	(void)dropped;
}

static void sets_free(struct sets *S)
{
	free(S->off);
	free(S->pts);
}

static int64_t sets_differing(const struct sets *a, const struct sets *b)
{
	int64_t d = 0;
	for (int64_t e = 0; e < a->size; e++) {
		int64_t n = a->off[e + 1] - a->off[e];
		d += n != b->off[e + 1] - b->off[e] ||
		     memcmp(a->pts + a->off[e], b->pts + b->off[e], sizeof *a->pts * (size_t)n);
	}
	return d;
}

/* A table of the rows rs (elements >= 0) over the axes and extents of def,
 * with `perturb` rows moved on the last axis.  Returns its text. */
static char *table_text(const struct lay_def *def, const int64_t *ext, struct rowset *rs,
			int perturb)
{
	size_t cap = 256 + (size_t)rs->n * (40 + 40 * (size_t)def->naxes);
	char *t = malloc(cap), *p = t;
	p += sprintf(p, "{\"logical\": [");
	for (int d = 0; d < def->rank; d++)
		p += sprintf(p, "%s%lld", d ? ", " : "", (long long)def->shape[d]);
	p += sprintf(p, "], \"physical\": {");
	for (int a = 0; a < def->naxes; a++)
		p += sprintf(p, "%s\"%s\": %lld", a ? ", " : "", def->axes[a].name,
			     (long long)ext[a]);
	p += sprintf(p, "}, \"table\": [");
	for (int k = 0; k < perturb && rs->n; k++) {
		int64_t r = rl_pick(rs->n), a = def->naxes - 1;
		rs->coord[r * def->naxes + a] = rl_pick(ext[a]);
	}
	int printed = 0;
	for (int64_t k = 0; k < rs->n; k++) {
		if (rs->elem[k] < 0)
			continue;
		int64_t x[LAYOUTD_MAX_RANK], e = rs->elem[k];
		for (int d = def->rank - 1; d >= 0; d--) {
			x[d] = e % def->shape[d];
			e /= def->shape[d];
		}
		p += sprintf(p, "%s[[", printed++ ? ", " : "");
		for (int d = 0; d < def->rank; d++)
			p += sprintf(p, "%s%lld", d ? ", " : "", (long long)x[d]);
		p += sprintf(p, "], {");
		for (int a = 0; a < def->naxes; a++)
			p += sprintf(p, "%s\"%s\": %lld", a ? ", " : "", def->axes[a].name,
				     (long long)rs->coord[k * def->naxes + a]);
		p += sprintf(p, "}]");
	}
	sprintf(p, "]}");
	return printed ? t : (free(t), NULL);
}

static void axis_extents(json_t *analysis, int64_t *ext)
{
	json_t *axes = json_object_get(json_object_get(analysis, "physical"), "axes"), *ax;
	size_t i;
	json_array_foreach(axes, i, ax) ext[i] = json_integer_value(json_object_get(ax, "extent"));
}

/* ------------------------------------------------------------------ */
/* 2: every notation, one window against tiny windows.                 */

static void test_notations(void)
{
	void (*gen[])(char *, int64_t) = { rl_gen_axe,	  rl_gen_cute_memory, rl_gen_cute_tv,
					   rl_gen_linear, rl_gen_expr,	      gen_ttgir };
	char text[8192], req_probe[512];
	int failures = 0, compared = 0, differing = 0, windowed = 0;
	for (int i = 0; i < 600; i++) {
		int g = i % 6;
		gen[g](text, 2 + rl_pick(rl_pick(4) ? 64 : 512));
		json_t *req, *oreq = NULL;
		struct lay_def *def = parse(text, &req);
		if (!def)
			continue;
		/* probes of the first and the last element */
		char *p = req_probe;
		p += sprintf(p, "[[");
		for (int d = 0; d < def->rank; d++)
			p += sprintf(p, "%s0", d ? "," : "");
		p += sprintf(p, "], [");
		for (int d = 0; d < def->rank; d++)
			p += sprintf(p, "%s%lld", d ? "," : "", (long long)def->shape[d] - 1);
		sprintf(p, "]]");
		json_t *probe = json_loads(req_probe, 0, NULL);
		/* the other side of the comparison: a table of the same
		 * placements, a few rows moved */
		struct answers one, few;
		answer(def, NULL, probe, 0, &one);
		if (!one.analysis) {
			fprintf(stderr, "\n  refused: %s\n", text);
			answers_free(&one);
			json_decref(probe);
			lay_def_free(def);
			json_decref(req);
			failures++;
			continue;
		}
		int64_t ext[LAYOUTD_MAX_AXES];
		axis_extents(one.analysis, ext);
		struct rowset moved = one.fwd;
		moved.elem = malloc(sizeof *moved.elem * (size_t)(one.fwd.n + 1));
		moved.coord = malloc(sizeof *moved.coord * (size_t)(one.fwd.n * def->naxes + 1));
		if (one.fwd.n) {
			memcpy(moved.elem, one.fwd.elem, sizeof *moved.elem * (size_t)one.fwd.n);
			memcpy(moved.coord, one.fwd.coord,
			       sizeof *moved.coord * (size_t)(one.fwd.n * def->naxes));
		}
		char *ttext = table_text(def, ext, &moved, (int)rl_pick(4));
		struct lay_def *other = ttext ? parse(ttext, &oreq) : NULL;
		answers_free(&one);
		answer(def, other, probe, 0, &one);
		answer(def, other, probe, tiny(), &few);
		failures += same_answers(text, &one, &few) != 0;
		windowed += !def->ops->ordered;
		if (other && one.compare) {
			/* the count of differing elements, from the rows */
			struct sets sa, sb;
			sets_build(&sa, def->size, &one.fwd, ext);
			sets_build(&sb, def->size, &moved, ext);
			int64_t want = sets_differing(&sa, &sb);
			int64_t got = json_integer_value(json_object_get(one.compare, "differing"));
			CU_ASSERT_EQUAL(got, want);
			CU_ASSERT_EQUAL(
				json_integer_value(json_object_get(one.reverse, "differing")),
				want);
			if (got != want)
				fprintf(stderr, "\n  %s vs %s: %lld differing, want %lld\n", text,
					ttext, (long long)got, (long long)want);
			compared++;
			differing += want > 0;
			sets_free(&sa);
			sets_free(&sb);
		}
		rowset_free(&moved);
		free(ttext);
		answers_free(&one);
		answers_free(&few);
		lay_def_free(other);
		json_decref(oreq);
		json_decref(probe);
		lay_def_free(def);
		json_decref(req);
	}
	CU_ASSERT_EQUAL(failures, 0);
	CU_ASSERT(compared > 400 && differing > 100 && windowed > 150);
	if (failures)
		fprintf(stderr, "\n  %d layouts differ between windows\n", failures);
}

/* ------------------------------------------------------------------ */
/* 1: random tables against answers computed from their rows.          */

/* A table over axes laneid (a thread axis: owners) and m (declared extent
 * Em; rows at m >= Em are out of bounds), rows shuffled. */
struct model {
	int64_t R, C, Em, L; /* L: laneid extent, max + 1 */
	int64_t n;
	int64_t elem[600], lane[600], m[600];
};

static void gen_model(struct model *M)
{
	M->R = 1 + rl_pick(6);
	M->C = 1 + rl_pick(8);
	M->Em = 1 + rl_pick(8);
	int64_t lanes = 1 + rl_pick(6), size = M->R * M->C;
	M->n = 0;
	for (int64_t e = 0; e < size; e++) {
		int64_t k = rl_pick(5) == 0
				    ? 0
				    : 1 + rl_pick(rl_pick(4) ? 2 : 4); /* unplaced, or 1.. */
		for (int64_t j = 0; j < k && M->n < 600; j++) {
			M->elem[M->n] = e;
			M->lane[M->n] = rl_pick(lanes);
			M->m[M->n] = rl_pick(M->Em + (rl_pick(6) == 0)); /* some out of bounds */
			M->n++;
			if (rl_pick(8) == 0 && M->n < 600) { /* a duplicate row */
				M->elem[M->n] = e;
				M->lane[M->n] = M->lane[M->n - 1];
				M->m[M->n] = M->m[M->n - 1];
				M->n++;
			}
		}
	}
	if (M->n == 0) {
		M->elem[0] = 0, M->lane[0] = 0, M->m[0] = 0;
		M->n = 1;
	}
	for (int64_t k = M->n - 1; k > 0; k--) { /* hardware order */
		int64_t j = rl_pick(k + 1), t;
		t = M->elem[k], M->elem[k] = M->elem[j], M->elem[j] = t;
		t = M->lane[k], M->lane[k] = M->lane[j], M->lane[j] = t;
		t = M->m[k], M->m[k] = M->m[j], M->m[j] = t;
	}
	M->L = 0;
	for (int64_t k = 0; k < M->n; k++)
		if (M->lane[k] + 1 > M->L)
			M->L = M->lane[k] + 1;
}

static char *model_text(const struct model *M)
{
	char *t = malloc(128 + (size_t)M->n * 64), *p = t;
	p += sprintf(p, "{\"logical\": [%lld, %lld], \"physical\": {\"m\": %lld}, \"table\": [",
		     (long long)M->R, (long long)M->C, (long long)M->Em);
	for (int64_t k = 0; k < M->n; k++)
		p += sprintf(p, "%s[[%lld, %lld], {\"laneid\": %lld, \"m\": %lld}]", k ? ", " : "",
			     (long long)(M->elem[k] / M->C), (long long)(M->elem[k] % M->C),
			     (long long)M->lane[k], (long long)M->m[k]);
	sprintf(p, "]}");
	return t;
}

/* The model's rows as a row set over (laneid, m). */
static void model_rows(const struct model *M, struct rowset *rs)
{
	memset(rs, 0, sizeof *rs);
	rs->naxes = 2;
	for (int64_t k = 0; k < M->n; k++) {
		int64_t c[2] = { M->lane[k], M->m[k] };
		struct lay_table_row row = { M->elem[k], NULL, c, true };
		add_row(rs, &row);
	}
}

static void put32(struct sha256_ctx *s, uint32_t v)
{
	uint8_t b[4];
	for (int i = 0; i < 4; i++)
		b[i] = (uint8_t)(v >> (8 * i));
	sha256_update(s, 4, b);
}

static void put64(struct sha256_ctx *s, uint64_t v)
{
	uint8_t b[8];
	for (int i = 0; i < 8; i++)
		b[i] = (uint8_t)(v >> (8 * i));
	sha256_update(s, 8, b);
}

/* docs/identity.md, axes laneid < m by name */
static void model_fingerprint(const struct model *M, const struct sets *S, char out[72])
{
	struct sha256_ctx body, fin;
	uint8_t d[SHA256_DIGEST_SIZE];
	char head[256];
	sha256_init(&body);
	for (int64_t e = 0; e < S->size; e++) {
		put32(&body, (uint32_t)(S->off[e + 1] - S->off[e]));
		for (int64_t k = S->off[e]; k < S->off[e + 1]; k++)
			put64(&body, (uint64_t)S->pts[k]);
	}
	sha256_digest(&body, sizeof d, d);
	snprintf(head, sizeof head,
		 "layoutd-fingerprint/1\nshape %lld %lld\naxes laneid=%lld m=%lld\nbody ",
		 (long long)M->R, (long long)M->C, (long long)M->L, (long long)M->Em);
	sha256_init(&fin);
	sha256_update(&fin, strlen(head), (const uint8_t *)head);
	sha256_update(&fin, sizeof d, d);
	sha256_digest(&fin, sizeof d, d);
	strcpy(out, "sha256:");
	for (int i = 0; i < SHA256_DIGEST_SIZE; i++)
		sprintf(out + 7 + 2 * i, "%02x", d[i]);
}

static int64_t count_of(json_t *a, const char *k)
{
	json_t *v = json_object_get(a, k);
	return json_integer_value(json_is_object(v) ? json_object_get(v, "count") : v);
}

static int64_t point_of(const struct model *M, json_t *phys)
{
	return json_integer_value(json_object_get(phys, "laneid")) * M->Em +
	       json_integer_value(json_object_get(phys, "m"));
}

static int64_t elem_of(const struct model *M, json_t *logical)
{
	return json_integer_value(json_array_get(logical, 0)) * M->C +
	       json_integer_value(json_array_get(logical, 1));
}

/* Every count, the fingerprint and the examples' first holders. */
static int check_model(const struct model *M, const struct sets *S, json_t *a)
{
	int64_t size = M->R * M->C, P = M->L * M->Em;
	int64_t *first = malloc(sizeof *first * (size_t)P), *slots = calloc((size_t)M->L, 8);
	int64_t oob = 0, distinct = S->off[size], rmin = INT64_MAX, rmax = 0;
	int64_t unplaced = 0, collisions = 0, occupied = 0, mismatches = 0;
	bool *any = calloc((size_t)size, 1);
	for (int64_t p = 0; p < P; p++)
		first[p] = -1;
	for (int64_t k = 0; k < M->n; k++) {
		oob += M->m[k] >= M->Em;
		any[M->elem[k]] = true;
		slots[M->lane[k]]++;
	}
	/* out-of-bounds places count in replication and duplicates: each
	 * element's distinct (lane, m) pairs past the extent */
	int64_t *odist = calloc((size_t)size, sizeof *odist);
	for (int64_t k = 0; k < M->n; k++) {
		bool first_seen = M->m[k] >= M->Em;
		for (int64_t j = 0; j < k && first_seen; j++)
			first_seen = !(M->elem[j] == M->elem[k] && M->lane[j] == M->lane[k] &&
				       M->m[j] == M->m[k]);
		if (first_seen)
			odist[M->elem[k]]++, distinct++;
	}
	for (int64_t e = 0; e < size; e++) {
		int64_t n = S->off[e + 1] - S->off[e] + odist[e];
		rmin = n < rmin ? n : rmin;
		rmax = n > rmax ? n : rmax;
		unplaced += !any[e];
		for (int64_t k = S->off[e]; k < S->off[e + 1]; k++) {
			int64_t p = S->pts[k];
			if (first[p] < 0)
				first[p] = e, occupied++;
			else
				collisions++;
		}
	}
	for (int64_t e = 0; e < size; e++) {
		bool bad = false;
		for (int64_t k = S->off[e]; k < S->off[e + 1]; k++)
			bad = bad || first[S->pts[k]] != e;
		mismatches += bad;
	}
	int64_t owners = 0, smin = 0, smax = 0;
	for (int64_t l = 0; l < M->L; l++)
		if (slots[l]) {
			smin = owners == 0 || slots[l] < smin ? slots[l] : smin;
			smax = slots[l] > smax ? slots[l] : smax;
			owners++;
		}
	char fp[72];
	model_fingerprint(M, S, fp);
	int bad = 0;
#define WANT(cond)                                                  \
	do {                                                        \
		if (!(cond)) {                                      \
			fprintf(stderr, "\n  failed: %s\n", #cond); \
			bad++;                                      \
		}                                                   \
	} while (0)
	WANT(count_of(a, "placements") == M->n);
	WANT(count_of(a, "out_of_bounds") == oob);
	WANT(count_of(a, "duplicates") == M->n - distinct);
	WANT(count_of(a, "unplaced") == unplaced);
	WANT(count_of(a, "collisions") == collisions);
	WANT(count_of(a, "holes") == P - occupied);
	WANT(json_integer_value(json_object_get(json_object_get(a, "round_trip"), "mismatches")) ==
	     mismatches);
	WANT(json_integer_value(json_object_get(json_object_get(a, "replication"), "min")) == rmin);
	WANT(json_integer_value(json_object_get(json_object_get(a, "replication"), "max")) == rmax);
	json_t *own = json_object_get(a, "owners"), *sl = json_object_get(own, "slots");
	WANT(json_integer_value(json_object_get(own, "count")) == owners);
	WANT(json_integer_value(json_object_get(sl, "min")) == smin);
	WANT(json_integer_value(json_object_get(sl, "max")) == smax);
	WANT(strcmp(json_string_value(json_object_get(a, "fingerprint")), fp) == 0);
	/* examples: a collision names the point's first holder first, then
	 * later holders; a round trip names the point's first holder */
	size_t i;
	json_t *ex;
	json_array_foreach(json_object_get(json_object_get(a, "collisions"), "examples"), i, ex)
	{
		int64_t p = point_of(M, json_object_get(ex, "physical"));
		json_t *els = json_object_get(ex, "logical");
		WANT(p >= 0 && p < P && first[p] == elem_of(M, json_array_get(els, 0)));
		WANT(json_array_size(els) >= 2);
	}
	json_array_foreach(json_object_get(json_object_get(a, "round_trip"), "examples"), i, ex)
	{
		int64_t p = point_of(M, json_object_get(ex, "physical"));
		WANT(p >= 0 && p < P && first[p] == elem_of(M, json_object_get(ex, "inverse")));
		WANT(first[p] != elem_of(M, json_object_get(ex, "logical")));
	}
	json_array_foreach(json_object_get(json_object_get(a, "holes"), "examples"), i, ex)
	{
		int64_t p = point_of(M, json_object_get(ex, "physical"));
		WANT(p >= 0 && p < P && first[p] < 0);
	}
#undef WANT
	free(first);
	free(slots);
	free(any);
	free(odist);
	return bad;
}

/* Both tables, from the sets. */
static int check_tables(const struct model *M, const struct sets *S, const struct answers *x)
{
	int64_t size = M->R * M->C, P = M->L * M->Em, r = 0;
	int bad = 0;
	for (int64_t e = 0; e < size; e++)
		for (int64_t k = S->off[e]; k < S->off[e + 1]; k++, r++)
			bad += r >= x->fwd.n || x->fwd.elem[r] != e ||
			       x->fwd.coord[2 * r] != S->pts[k] / M->Em ||
			       x->fwd.coord[2 * r + 1] != S->pts[k] % M->Em;
	bad += r != x->fwd.n;
	r = 0;
	for (int64_t p = 0; p < P; p++) {
		bool held = false;
		for (int64_t e = 0; e < size; e++) /* ascending elements */
			for (int64_t k = S->off[e]; k < S->off[e + 1]; k++)
				if (S->pts[k] == p) {
					bad += r >= x->inv.n || x->inv.elem[r] != e ||
					       x->inv.coord[2 * r] != p / M->Em ||
					       x->inv.coord[2 * r + 1] != p % M->Em;
					r++;
					held = true;
				}
		if (!held) {
			bad += r >= x->inv.n || x->inv.elem[r] != -1;
			r++;
		}
	}
	bad += r != x->inv.n;
	if (bad)
		fprintf(stderr, "\n  the tables differ from the rows (%d)\n", bad);
	return bad;
}

static void test_tables(void)
{
	int failures = 0, collided = 0, oob = 0, multi = 0;
	for (int i = 0; i < 300; i++) {
		struct model M, N;
		gen_model(&M);
		N = M;
		for (int k = (int)rl_pick(3); k > 0; k--) /* moved rows */
			N.m[rl_pick(N.n)] = rl_pick(N.Em);
		N.L = M.L;
		char *ta = model_text(&M), *tb = model_text(&N);
		json_t *ra, *rb;
		struct lay_def *a = parse(ta, &ra), *b = parse(tb, &rb);
		if (!a || !b) {
			failures++;
			goto next;
		}
		int64_t ext[2] = { M.L, M.Em };
		struct rowset rsa, rsb;
		struct sets sa, sb;
		model_rows(&M, &rsa);
		model_rows(&N, &rsb);
		sets_build(&sa, M.R * M.C, &rsa, ext);
		sets_build(&sb, M.R * M.C, &rsb, ext);
		json_t *probe = json_loads("[[0, 0]]", 0, NULL);
		for (int pass = 0; pass < 2; pass++) {
			struct answers x;
			answer(a, b, probe, pass ? tiny() : 0, &x);
			int bad = x.analysis ? check_model(&M, &sa, x.analysis) : 1;
			bad += check_tables(&M, &sa, &x);
			int64_t want = sets_differing(&sa, &sb);
			bad += !x.compare ||
			       json_integer_value(json_object_get(x.compare, "differing")) != want;
			bad += !x.reverse ||
			       json_integer_value(json_object_get(x.reverse, "differing")) != want;
			if (bad) {
				fprintf(stderr, "\n  %s windows: %s\n", pass ? "tiny" : "own", ta);
				failures++;
			}
			if (x.analysis) {
				collided += count_of(x.analysis, "collisions") > 0;
				oob += count_of(x.analysis, "out_of_bounds") > 0;
			}
			answers_free(&x);
		}
		multi += M.n > 4;
		json_decref(probe);
		rowset_free(&rsa);
		rowset_free(&rsb);
		sets_free(&sa);
		sets_free(&sb);
	next:
		lay_def_free(a);
		lay_def_free(b);
		json_decref(ra);
		json_decref(rb);
		free(ta);
		free(tb);
	}
	CU_ASSERT_EQUAL(failures, 0);
	CU_ASSERT(collided > 200 && oob > 100 && multi > 200);
}

/* ------------------------------------------------------------------ */
/* 3: linear layouts walked in element order against their placements   */
/* computed here (h -> L h) and listed as a table in hardware order.     */

static json_t *field(json_t *a, const char *k1, const char *k2)
{
	json_t *v = json_object_get(a, k1);
	return k2 ? json_object_get(v, k2) : v;
}

static void test_gf2(void)
{
	static const char *const ins[] = { "register", "lane", "warp" };
	static const char *const fields[][2] = {
		{ "fingerprint", NULL }, { "placements", NULL }, { "verdict", NULL },
		{ "replication", NULL }, { "collisions", NULL }, { "duplicates", NULL },
		{ "holes", "count" },	 { "unplaced", NULL },	 { "out_of_bounds", NULL },
		{ "round_trip", NULL },	 { "owners", "count" },	 { "owners", "slots" },
	};
	int failures = 0;
	for (int i = 0; i < 200; i++) {
		int w[2] = { (int)rl_pick(4), (int)rl_pick(4) }, nb[3], total = 0;
		uint64_t rows[12];
		char *text = malloc(1 << 16), *p = text, *tt = malloc(1 << 20), *q = tt;
		for (int d = 0; d < 3; d++) {
			nb[d] = (int)rl_pick(total < 8 ? 4 : 1);
			total += nb[d];
		}
		p += sprintf(p, "{\"linear\": {\"bases\": {");
		for (int d = 0, r = 0; d < 3; d++) {
			p += sprintf(p, "%s\"%s\": [", d ? ", " : "", ins[d]);
			for (int b = 0; b < nb[d]; b++, r++) {
				int64_t x = rl_pick((int64_t)1 << w[0]),
					y = rl_pick((int64_t)1 << w[1]);
				if (rl_pick(4) == 0)
					x = y = 0; /* a zero basis vector: replication */
				rows[r] = (uint64_t)x << w[1] | (uint64_t)y;
				p += sprintf(p, "%s[%lld, %lld]", b ? ", " : "", (long long)x,
					     (long long)y);
			}
			p += sprintf(p, "]");
		}
		sprintf(p, "}, \"out\": [[\"dim0\", %d], [\"dim1\", %d]]}}", 1 << w[0], 1 << w[1]);
		/* the same placements as table rows, hardware points in order */
		q += sprintf(q,
			     "{\"logical\": [%d, %d], \"physical\": {\"register\": %d, "
			     "\"lane\": %d, \"warp\": %d}, \"table\": [",
			     1 << w[0], 1 << w[1], 1 << nb[0], 1 << nb[1], 1 << nb[2]);
		for (uint64_t h = 0; h < (uint64_t)1 << total; h++) {
			uint64_t e = 0;
			for (int r = 0; r < total; r++)
				if (h >> r & 1)
					e ^= rows[r];
			q += sprintf(q,
				     "%s[[%llu, %llu], {\"register\": %llu, \"lane\": %llu, "
				     "\"warp\": %llu}]",
				     h ? ", " : "", (unsigned long long)(e >> w[1]),
				     (unsigned long long)(e & ((1u << w[1]) - 1)),
				     (unsigned long long)(h & ((1u << nb[0]) - 1)),
				     (unsigned long long)(h >> nb[0] & ((1u << nb[1]) - 1)),
				     (unsigned long long)(h >> (nb[0] + nb[1])));
		}
		sprintf(q, "]}");
		json_t *ra, *rb;
		struct lay_def *a = parse(text, &ra), *b = parse(tt, &rb);
		struct lay_error e;
		struct lay_options opt = { .method = LAY_METHOD_GENERIC };
		json_t *probe = json_loads("[[0, 0]]", 0, NULL);
		json_t *x =
			a ? lay_analyze_def(a, NULL, "/expect", probe, "/probe", &opt, &e) : NULL;
		json_t *y =
			b ? lay_analyze_def(b, NULL, "/expect", probe, "/probe", &opt, &e) : NULL;
		CU_ASSERT_PTR_NOT_NULL(x);
		CU_ASSERT_PTR_NOT_NULL(y);
		bool same = x && y;
		for (size_t k = 0; same && k < sizeof fields / sizeof *fields; k++)
			same = json_equal(field(x, fields[k][0], fields[k][1]),
					  field(y, fields[k][0], fields[k][1]));
		/* the probe's places, as sets of coordinates by name */
		same = same && json_equal(field(x, "probe", NULL), field(y, "probe", NULL));
		if (!same) {
			dump_diff("linear against its table", text, x, y);
			failures++;
		}
		json_decref(x);
		json_decref(y);
		json_decref(probe);
		lay_def_free(a);
		lay_def_free(b);
		json_decref(ra);
		json_decref(rb);
		free(text);
		free(tt);
	}
	CU_ASSERT_EQUAL(failures, 0);
}

int main(void)
{
	static const struct unit_test tests[] = {
		{ "tables against their rows, windowed", test_tables },
		{ "every notation, one window against tiny windows", test_notations },
		{ "linear layouts in element order against their placements", test_gf2 },
		{ NULL, NULL },
	};
	rl_seed(0x2545f4914f6cdd1dULL);
	return unit_main("memory", tests);
}
