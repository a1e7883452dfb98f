/*
 * tmem.c - the "tmem" section of an analysis: a layout that places onto
 * TLane / TCol is a tensor-memory layout, whatever its notation.  The
 * section reports the columns it uses, the tcgen05.alloc allocation, whether
 * it fits 128 lanes x 512 columns, the element packing (TSub), and the PTX
 * access restriction: warp w of a warpgroup reaches only lanes 32w..32w+31.
 * `"tmem": {"match": true}` names the SM100 TMEM atoms with the layout's
 * thread -> (lane, column) relation.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run.h"
#include "analysis/tmem.h"

/* Which axes of a definition say what: -1 when absent. */
struct tmem_axes {
	int lane, col, sub;
	int warp; /* warpid, wid_in_wg, warp: the warp itself */
	int thr;  /* thread, tid_in_wg, tx, tid: warp = thread / 32 */
	int lid;  /* laneid, lane: one warp (warp 0) */
};

static int find_axis(const struct lay_def *def, const char *const *names)
{
	for (int k = 0; names[k]; k++)
		for (int a = 0; a < def->naxes; a++)
			if (strcmp(def->axes[a].name, names[k]) == 0)
				return a;
	return -1;
}

static void tmem_axes_of(const struct lay_def *def, struct tmem_axes *x)
{
	static const char *const lane[] = { "TLane", NULL }, *const col[] = { "TCol", NULL },
				 *const sub[] = { "TSub", NULL },
				 *const warp[] = { "warpid", "wid_in_wg", "warp", NULL },
				 *const thr[] = { "thread", "tid_in_wg", "tx", "tid", NULL },
				 *const lid[] = { "laneid", "lane", NULL };
	x->lane = find_axis(def, lane);
	x->col = find_axis(def, col);
	x->sub = find_axis(def, sub);
	x->warp = find_axis(def, warp);
	x->thr = find_axis(def, thr);
	x->lid = find_axis(def, lid);
}

static bool is_tmem(const struct tmem_axes *x)
{
	return x->lane >= 0 || x->col >= 0;
}

/* The warp of a point (mod 4: its place in the warpgroup), -1 when the
 * layout says nothing about warps. */
static int64_t warp_of(const struct tmem_axes *x, const int64_t *c)
{
	if (x->warp >= 0)
		return c[x->warp];
	if (x->thr >= 0)
		return c[x->thr] >= 0 ? c[x->thr] / 32 : -1;
	if (x->lid >= 0)
		return 0;
	return -1;
}

static json_t *point_json(const struct lay_def *def, const int64_t *c)
{
	json_t *o = json_object();
	for (int a = 0; a < def->naxes; a++)
		json_object_set_new(o, def->axes[a].name, json_integer(c[a]));
	return o;
}

/* ------------------------------------------------------------------ */
/* The section                                                         */

struct scan {
	const struct lay_def *def;
	struct tmem_axes x;
	int64_t max_lane, max_col, max_sub;
	int64_t min_lane, min_col; /* below 0: outside tensor memory */
	int slots;		   /* elements a 32-bit cell holds at element_bits */
	int examples;
	int64_t viol, overpacked;
	json_t *vex, *pex;
};

static int scan_emit(void *ctx, int64_t elem, const int64_t *c, int64_t outside)
{
	(void)outside;
	struct scan *s = ctx;
	const struct tmem_axes *x = &s->x;
	if (elem < 0)
		return 0; /* outside the tile: out_of_bounds says so */
	int64_t lane = x->lane >= 0 ? c[x->lane] : 0, col = x->col >= 0 ? c[x->col] : 0;
	int64_t sub = x->sub >= 0 ? c[x->sub] : 0;
	if (lane > s->max_lane)
		s->max_lane = lane;
	if (col > s->max_col)
		s->max_col = col;
	if (lane < s->min_lane)
		s->min_lane = lane;
	if (col < s->min_col)
		s->min_col = col;
	if (sub > s->max_sub)
		s->max_sub = sub;
	if (sub >= s->slots) {
		if (s->overpacked++ < s->examples)
			json_array_append_new(s->pex,
					      json_pack("{s:o,s:o,s:I,s:i}", "logical",
							run_elem_json(s->def, elem), "physical",
							point_json(s->def, c), "TSub",
							(json_int_t)sub, "slots", s->slots));
	}
	int64_t w = warp_of(x, c);
	if (w < 0 || x->lane < 0 || lane < 0)
		return 0;
	int64_t lo = 32 * (w % 4);
	if (lane < lo || lane > lo + 31) {
		if (s->viol++ < s->examples)
			json_array_append_new(
				s->vex, json_pack("{s:o,s:o,s:I,s:I,s:[I,I]}", "logical",
						  run_elem_json(s->def, elem), "physical",
						  point_json(s->def, c), "warp", (json_int_t)w,
						  "TLane", (json_int_t)lane, "lanes",
						  (json_int_t)lo, (json_int_t)(lo + 31)));
	}
	return 0;
}

static const char *warp_source(const struct lay_def *def, const struct tmem_axes *x)
{
	if (x->warp >= 0)
		return def->axes[x->warp].name;
	if (x->thr >= 0)
		return def->axes[x->thr].name;
	return x->lid >= 0 ? def->axes[x->lid].name : NULL;
}

static void add_reason(json_t *reasons, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add_reason(json_t *reasons, const char *fmt, ...)
{
	char buf[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	json_array_append_new(reasons, json_string(buf));
}

static int element_bits_of(const struct lay_def *def, const struct tmem_axes *x, int64_t sub_ext)
{
	if (def->element_bits)
		return def->element_bits;
	if (x->sub < 0 || sub_ext <= 1)
		return 32;
	int bits = 32;
	while (bits > 1 && 32 / bits < sub_ext)
		bits /= 2;
	return bits;
}

static json_t *section(const struct lay_def *def, struct scan *s)
{
	int64_t columns = s->max_col + 1, lanes = s->max_lane + 1;
	int64_t packing = s->x.sub >= 0 ? s->max_sub + 1 : 1;
	if (s->x.sub >= 0 && def->axes[s->x.sub].declared && def->axes[s->x.sub].extent > packing)
		packing = def->axes[s->x.sub].extent;
	bool fits = columns <= TMEM_COLUMNS && lanes <= TMEM_LANES && s->min_lane >= 0 &&
		    s->min_col >= 0;
	json_t *reasons = json_array(), *alloc = json_null();
	if (fits) {
		int64_t a = 32;
		while (a < columns)
			a *= 2;
		alloc = json_integer(a);
	}
	if (columns > TMEM_COLUMNS)
		add_reason(reasons, "the layout uses %lld columns, past the %d of tensor memory",
			   (long long)columns, TMEM_COLUMNS);
	if (lanes > TMEM_LANES)
		add_reason(reasons, "the layout reaches lane %lld, past the %d lanes",
			   (long long)s->max_lane, TMEM_LANES);
	if (s->min_lane < 0)
		add_reason(reasons, "the layout reaches lane %lld, below lane 0",
			   (long long)s->min_lane);
	if (s->min_col < 0)
		add_reason(reasons, "the layout reaches column %lld, below column 0",
			   (long long)s->min_col);
	if (s->overpacked)
		add_reason(reasons,
			   "%lld placements put a %d-bit element at TSub %lld or more: a 32-bit "
			   "cell holds %d",
			   (long long)s->overpacked, 32 / s->slots, (long long)s->slots, s->slots);
	json_t *sp = json_null();
	const char *src = warp_source(def, &s->x);
	if (src && s->x.lane >= 0) {
		if (s->viol)
			add_reason(reasons,
				   "%lld placements reach lanes outside their warp's sub-partition",
				   (long long)s->viol);
		sp = json_pack("{s:b,s:s,s:I,s:O}", "ok", s->viol == 0, "warp_from", src,
			       "violations", (json_int_t)s->viol, "examples", s->vex);
	}
	bool ok = json_array_size(reasons) == 0;
	json_t *out =
		json_pack("{s:I,s:I,s:o,s:b,s:i,s:I,s:o,s:b,s:o}", "columns", (json_int_t)columns,
			  "lanes", (json_int_t)lanes, "allocation", alloc, "fits", fits,
			  "element_bits", element_bits_of(def, &s->x, packing), "packing",
			  (json_int_t)packing, "subpartitions", sp, "ok", ok, "reasons", reasons);
	if (s->overpacked)
		json_object_set_new(out, "packing_violations",
				    json_pack("{s:I,s:O}", "count", (json_int_t)s->overpacked,
					      "examples", s->pex));
	return out;
}

int lay_tmem_attach(json_t *analysis, const struct lay_def *def, const struct lay_options *opt,
		    struct lay_error *err)
{
	struct scan s = { .def = def, .max_lane = -1, .max_col = -1, .max_sub = -1 };
	tmem_axes_of(def, &s.x);
	if (!is_tmem(&s.x) || def->limit)
		return 0;
	s.examples = opt && opt->examples > 0 ? opt->examples : LAYOUTD_DEFAULT_EXAMPLES;
	if (s.examples > LAYOUTD_MAX_EXAMPLES)
		s.examples = LAYOUTD_MAX_EXAMPLES;
	int bits = def->element_bits ? def->element_bits : 32;
	s.slots = bits >= 32 ? 1 : 32 / bits;
	if (!def->element_bits && s.x.sub >= 0)
		s.slots = 32; /* the width comes from TSub itself */
	s.vex = json_array();
	s.pex = json_array();
	int rc = def->ops->walk(def, scan_emit, &s, err);
	if (!rc) {
		json_t *t = section(def, &s);
		if (!json_is_true(json_object_get(t, "ok")))
			json_object_set(analysis, "ok", json_false());
		json_object_set_new(analysis, "tmem", t);
	}
	json_decref(s.vex);
	json_decref(s.pex);
	return rc;
}

/* ------------------------------------------------------------------ */
/* "tmem": {"match": true}                                             */

/* A cell a thread reaches: thread, lane, column, slot in the cell. */
static uint64_t key(int64_t t, int64_t lane, int64_t col, int64_t sub)
{
	return (uint64_t)t << 44 | (uint64_t)lane << 28 | (uint64_t)col << 6 | (uint64_t)sub;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

struct keys {
	uint64_t *k;
	size_t n, cap;
	bool bad; /* out of memory, or a point past the key's fields */
};

static void keys_add(struct keys *K, uint64_t k)
{
	if (K->n == K->cap) {
		size_t cap = K->cap ? 2 * K->cap : 1024;
		uint64_t *p = realloc(K->k, cap * sizeof *p);
		if (!p) {
			K->bad = true;
			return;
		}
		K->k = p;
		K->cap = cap;
	}
	K->k[K->n++] = k;
}

static void keys_sort(struct keys *K)
{
	size_t m = 0;
	qsort(K->k, K->n, sizeof *K->k, cmp_u64);
	for (size_t i = 0; i < K->n; i++)
		if (m == 0 || K->k[m - 1] != K->k[i])
			K->k[m++] = K->k[i];
	K->n = m;
}

struct mscan {
	struct tmem_axes x;
	struct keys K;
	int tw; /* axis giving the thread in the warp */
};

static int match_emit(void *ctx, int64_t elem, const int64_t *c, int64_t outside)
{
	(void)outside;
	struct mscan *m = ctx;
	if (elem < 0)
		return 0;
	int64_t t = c[m->tw], w = warp_of(&m->x, c);
	int64_t lane = c[m->x.lane], col = c[m->x.col], sub = m->x.sub >= 0 ? c[m->x.sub] : 0;
	if (m->x.warp < 0 && t >= 0)
		t %= 32;
	if (w != 0)
		return 0; /* one warp: the first */
	if (t < 0 || t >= 32 || lane < 0 || lane >= 65536 || col < 0 || col >= (1 << 22) ||
	    sub < 0 || sub >= 64) {
		m->K.bad = m->K.bad || t >= 32 || lane >= 65536 || col >= (1 << 22) || sub >= 64;
		return 0;
	}
	keys_add(&m->K, key(t, lane, col, sub));
	return 0;
}

/* The atom's cells at element width `bits`; false when the atom does not
 * move such elements (a _16b atom and 32- or 8-bit elements). */
static bool atom_keys(const struct tmem_atom *a, int bits, struct keys *K)
{
	int per = bits >= 32 ? 1 : 32 / bits;
	if (a->b16 && bits != 16)
		return false;
	if (a->b16)
		per = 1;
	int V = tmem_atom_values(a);
	K->n = 0;
	for (int t = 0; t < 32; t++)
		for (int v = 0; v < V; v++) {
			int lane, col;
			tmem_atom_place(a, t, v, &lane, &col);
			for (int s = 0; s < per; s++)
				keys_add(K, key(t, lane, col, s));
		}
	keys_sort(K);
	return !K->bad;
}

/* Size of the symmetric difference, and its smallest key in *first. */
static size_t symdiff(const struct keys *A, const struct keys *B, uint64_t *first, bool *in_a)
{
	size_t i = 0, j = 0, d = 0;
	while (i < A->n || j < B->n) {
		bool take_a = j >= B->n || (i < A->n && A->k[i] < B->k[j]);
		bool take_b = i >= A->n || (j < B->n && B->k[j] < A->k[i]);
		if (take_a || take_b) {
			if (d++ == 0) {
				*first = take_a ? A->k[i] : B->k[j];
				*in_a = take_a;
			}
			i += take_a;
			j += take_b;
		} else {
			i++;
			j++;
		}
	}
	return d;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(json_string_value(*(json_t *const *)a),
		      json_string_value(*(json_t *const *)b));
}

static json_t *difference(uint64_t k, bool in_layout, const char *atom, int bits)
{
	int64_t t = (int64_t)(k >> 44), lane = (int64_t)(k >> 28 & 0xffff);
	int64_t col = (int64_t)(k >> 6 & 0x3fffff), sub = (int64_t)(k & 63);
	char msg[256];
	snprintf(msg, sizeof msg, "thread %lld %s lane %lld, column %lld%s, %s %s", (long long)t,
		 in_layout ? "reaches" : "does not reach", (long long)lane, (long long)col,
		 bits < 32 ? (sub ? ", upper part" : ", lower part") : "",
		 in_layout ? "which is not a cell of" : "a cell of", atom);
	json_t *o = json_pack("{s:s,s:I,s:I,s:I,s:s,s:s}", "atom", atom, "thread", (json_int_t)t,
			      "TLane", (json_int_t)lane, "TCol", (json_int_t)col, "in",
			      in_layout ? "layout" : "atom", "message", msg);
	if (bits < 32)
		json_object_set_new(o, "TSub", json_integer(sub));
	return o;
}

static int match(json_t *analysis, const struct lay_def *def, const char *ptr,
		 struct lay_error *err)
{
	struct mscan m = { 0 };
	tmem_axes_of(def, &m.x);
	m.tw = m.x.thr >= 0 ? m.x.thr : m.x.lid;
	if (m.x.lane < 0 || m.x.col < 0 || m.tw < 0)
		return lay_error_set(err, LAY_ESCHEMA, ptr, -1,
				     "tmem.match compares a thread -> (TLane, TCol) layout with "
				     "the TMEM atoms: the layout has no %s axis",
				     m.x.lane < 0  ? "TLane"
				     : m.x.col < 0 ? "TCol"
						   : "thread");
	int rc = def->ops->walk(def, match_emit, &m, err);
	if (rc) {
		free(m.K.k);
		return rc;
	}
	keys_sort(&m.K);
	int bits = def->element_bits ? def->element_bits : 32;
	json_t *names = json_array(), *diff = json_null();
	struct keys A = { 0 };
	size_t best = (size_t)-1;
	for (int k = 0; k < tmem_atom_count() && !m.K.bad; k++) {
		struct tmem_atom a;
		char name[64];
		tmem_atom_at(k, &a);
		if (!atom_keys(&a, bits, &A))
			continue;
		tmem_atom_name(&a, name, sizeof name);
		uint64_t first = 0;
		bool in_a = false;
		size_t d = symdiff(&m.K, &A, &first, &in_a);
		if (d == 0)
			json_array_append_new(names, json_string(name));
		else if (d < best) {
			best = d;
			json_decref(diff);
			diff = difference(first, in_a, name, bits);
			json_object_set_new(diff, "differences", json_integer((json_int_t)d));
		}
	}
	free(A.k);
	free(m.K.k);
	size_t n = json_array_size(names);
	json_t **v = calloc(n + 1, sizeof *v);
	for (size_t i = 0; v && i < n; i++)
		v[i] = json_incref(json_array_get(names, i));
	if (v) {
		qsort(v, n, sizeof *v, cmp_str);
		json_array_clear(names);
		for (size_t i = 0; i < n; i++)
			json_array_append_new(names, v[i]);
	}
	free(v);
	json_t *t = json_object_get(analysis, "tmem");
	if (!t) {
		t = json_object();
		json_object_set_new(analysis, "tmem", t);
	}
	json_t *res = json_pack("{s:o,s:i}", "atoms", names, "element_bits", bits);
	if (n == 0)
		json_object_set_new(res, "nearest", diff);
	else
		json_decref(diff);
	json_object_set_new(t, "match", res);
	return 0;
}

int lay_tmem_request(json_t *analysis, const struct lay_def *def, json_t *tmem, const char *ptr,
		     struct lay_error *err)
{
	char q[LAY_ERR_PTR];
	if (!tmem)
		return 0;
	if (!json_is_object(tmem))
		return lay_error_set(err, LAY_ESCHEMA, ptr, -1,
				     "tmem is an object: {\"match\": true}");
	const char *k;
	json_t *v;
	json_object_foreach(tmem, k, v)
	{
		lay_ptr_join(q, sizeof q, ptr, k);
		if (strcmp(k, "match") != 0)
			return lay_error_set(err, LAY_ESCHEMA, q, -1,
					     "unknown member \"%s\" in tmem (match)", k);
		if (!json_is_boolean(v))
			return lay_error_set(err, LAY_ESCHEMA, q, -1,
					     "tmem.match is true or false");
	}
	if (!json_is_true(json_object_get(tmem, "match")))
		return 0;
	lay_ptr_join(q, sizeof q, ptr, "match");
	return match(analysis, def, q, err);
}
