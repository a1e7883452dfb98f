/*
 * analyze.c - the analysis of §3: the per-element step that counts
 * collisions, duplicates, replication and round-trip mismatches, the
 * fingerprint, expectations, probes, and the JSON report.
 */
#define _GNU_SOURCE /* qsort_r */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <nettle/sha2.h>

#include "algebra/cute_algebra.h"
#include "layout.h"
#include "run.h"
#include "analysis/tmem.h"

enum {
	V_COMPLETE,
	V_COLLISION_FREE,
	V_REPLICAS_DISTINCT,
	V_IN_BOUNDS,
	V_HOLE_FREE,
	V_BIJECTIVE,
	V_ROUND_TRIP,
	NVERDICT
};
static const char *verdict_names[NVERDICT] = { "complete",  "collision_free", "replicas_distinct",
					       "in_bounds", "hole_free",      "bijective",
					       "round_trip" };

struct coll_example {
	int64_t point;
	int n;
	int64_t elems[LAYOUTD_DEFAULT_EXAMPLES];
};

struct expect {
	int verdict[NVERDICT]; /* -1 unset, else 0/1 */
	int64_t owners, slots, replication;
	int64_t bank_conflicts, vector_bits; /* need an access analysis */
	double efficiency;		     /* global access: a minimum, < 0 none */
	int64_t sectors_per_request;	     /* global access: a maximum */
	const char *fingerprint;
	const char *layout; /* expect.layout: the algebra result must be this */
	const char *equals;
	char equals_fp[72];
};

struct ana {
	int64_t unplaced, collisions, duplicates, mismatches, occupied;
	int64_t rep_min, rep_max;
	json_t *ex_unplaced, *ex_dup;
	struct coll_example *coll; /* elems[0] resolved after the walk */
	int ncoll;
	/* round-trip examples: element and point; the point's first element
	 * is resolved after the walk */
	int64_t *rt_elem, *rt_point;
	int nrt;
	int examples;
	/* fingerprint: points re-linearized over the axes sorted by name */
	struct sha256_ctx sha;
	bool resort;
	int order[LAYOUTD_MAX_AXES];
	int64_t nstride[LAYOUTD_MAX_AXES];
	int64_t *tmp;
	size_t ntmp;
	unsigned char fbuf[1 << 16];
	size_t flen;
};

static void fp_bytes(struct ana *A, const void *data, size_t n)
{
	if (A->flen + n > sizeof A->fbuf) {
		sha256_update(&A->sha, A->flen, A->fbuf);
		A->flen = 0;
	}
	memcpy(A->fbuf + A->flen, data, n);
	A->flen += n;
}

static void fp_u64(struct ana *A, uint64_t v)
{
	unsigned char b[8];
	for (int i = 0; i < 8; i++)
		b[i] = (unsigned char)(v >> (8 * i));
	fp_bytes(A, b, 8);
}

static void fp_u32(struct ana *A, uint32_t v)
{
	unsigned char b[4];
	for (int i = 0; i < 4; i++)
		b[i] = (unsigned char)(v >> (8 * i));
	fp_bytes(A, b, 4);
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

static void add_collision(struct ana *A, int64_t p, int64_t inv, int64_t e)
{
	for (int k = 0; k < A->ncoll; k++)
		if (A->coll[k].point == p) {
			if (A->coll[k].n < LAYOUTD_DEFAULT_EXAMPLES)
				A->coll[k].elems[A->coll[k].n++] = e;
			return;
		}
	if (A->ncoll < A->examples) {
		struct coll_example *c = &A->coll[A->ncoll++];
		c->point = p;
		c->n = 2;
		c->elems[0] = inv;
		c->elems[1] = e;
	}
}

/* Strides of the name-sorted axes, once the enumeration fixed the extents. */
static int ana_extents(struct run *r)
{
	struct ana *A = r->user;
	int64_t s = 1;
	for (int a = r->naxes - 1; a >= 0; a--) {
		A->nstride[a] = s;
		s *= r->ext[A->order[a]];
	}
	return 0;
}

static int ana_step(struct run *r, int64_t e, int32_t *pts, size_t n)
{
	struct ana *A = r->user;
	run_sort(pts, n);
	size_t d = 0;
	for (size_t k = 0; k < n;) {
		size_t m = k + 1;
		while (m < n && pts[m] == pts[k])
			m++;
		if (m - k > 1) {
			A->duplicates += (int64_t)(m - k - 1);
			if ((int)json_array_size(A->ex_dup) < A->examples)
				json_array_append_new(
					A->ex_dup, json_pack("{s:o,s:o,s:I}", "logical",
							     run_elem_json(r->def, e), "physical",
							     run_point_json(r, pts[k]), "count",
							     (json_int_t)(m - k)));
		}
		pts[d++] = pts[k];
		k = m;
	}
	/* replication and duplicates count the out-of-bounds places too:
	 * they occupy nothing, but they are where the element went */
	int64_t rep = (int64_t)d + r->elem_oob_distinct;
	A->duplicates += r->elem_oob - r->elem_oob_distinct;
	if (rep < A->rep_min)
		A->rep_min = rep;
	if (rep > A->rep_max)
		A->rep_max = rep;
	if (rep == 0) {
		A->unplaced++;
		if ((int)json_array_size(A->ex_unplaced) < A->examples)
			json_array_append_new(A->ex_unplaced, json_pack("{s:o}", "logical",
									run_elem_json(r->def, e)));
	}
	int64_t bad = -1;
	for (size_t k = 0; k < d; k++) {
		int32_t p = pts[k];
		uint64_t bit = (uint64_t)1 << (p & 63);
		if (!(r->occ[p >> 6] & bit)) {
			r->occ[p >> 6] |= bit;
			A->occupied++;
		} else {
			A->collisions++;
			add_collision(A, p, -1, e);
			if (bad < 0)
				bad = p;
		}
	}
	if (bad >= 0) {
		A->mismatches++;
		if (A->nrt < A->examples) {
			A->rt_elem[A->nrt] = e;
			A->rt_point[A->nrt++] = bad;
		}
	}
	/* fingerprint: u32 count, then u64 points over name-sorted axes, ascending */
	fp_u32(A, (uint32_t)d);
	if (!A->resort) {
		for (size_t k = 0; k < d; k++)
			fp_u64(A, (uint64_t)pts[k]);
		return 0;
	}
	if (d > A->ntmp) {
		int64_t *t = realloc(A->tmp, d * sizeof *t);
		if (!t)
			return lay_error_set(r->err, LAY_ENOMEM, r->def->ptr, -1, "out of memory");
		A->tmp = t;
		A->ntmp = d;
	}
	for (size_t k = 0; k < d; k++) {
		int64_t c[LAYOUTD_MAX_AXES], np = 0;
		run_decode_point(r, pts[k], c);
		for (int a = 0; a < r->naxes; a++)
			np += c[A->order[a]] * A->nstride[a];
		A->tmp[k] = np;
	}
	if (d > 1)
		qsort(A->tmp, d, sizeof *A->tmp, cmp_i64);
	for (size_t k = 0; k < d; k++)
		fp_u64(A, (uint64_t)A->tmp[k]);
	return 0;
}

/*
 * The first element at each point an example names (a collision's first
 * holder, a round trip's inverse): the smallest element placed there, found
 * by one more walk over the few points wanted instead of an array over the
 * whole space.
 */
struct firsts {
	int64_t pts[2 * LAYOUTD_MAX_EXAMPLES];
	int64_t first[2 * LAYOUTD_MAX_EXAMPLES];
	size_t n;
};

static int firsts_place(void *ctx, int64_t e, int64_t p)
{
	struct firsts *f = ctx;
	size_t lo = 0, hi = f->n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (f->pts[mid] < p)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < f->n && f->pts[lo] == p && e < f->first[lo])
		f->first[lo] = e;
	return 0;
}

static int64_t firsts_of(const struct firsts *f, int64_t p)
{
	const int64_t *at = bsearch(&p, f->pts, f->n, sizeof *f->pts, cmp_i64);
	return f->first[at - f->pts];
}

static int resolve_firsts(struct run *r, struct ana *A, json_t **ex_rt)
{
	struct firsts f = { .n = 0 };
	*ex_rt = json_array();
	for (int k = 0; k < A->ncoll; k++)
		f.pts[f.n++] = A->coll[k].point;
	for (int k = 0; k < A->nrt; k++)
		f.pts[f.n++] = A->rt_point[k];
	if (!f.n)
		return 0;
	qsort(f.pts, f.n, sizeof *f.pts, cmp_i64);
	size_t u = 0;
	for (size_t k = 0; k < f.n; k++)
		if (u == 0 || f.pts[k] != f.pts[u - 1])
			f.pts[u++] = f.pts[k];
	f.n = u;
	for (size_t k = 0; k < f.n; k++)
		f.first[k] = INT64_MAX;
	int rc = run_points(r, firsts_place, &f);
	if (rc)
		return rc;
	for (int k = 0; k < A->ncoll; k++)
		A->coll[k].elems[0] = firsts_of(&f, A->coll[k].point);
	for (int k = 0; k < A->nrt; k++)
		json_array_append_new(
			*ex_rt,
			json_pack("{s:o,s:o,s:o}", "logical", run_elem_json(r->def, A->rt_elem[k]),
				  "physical", run_point_json(r, A->rt_point[k]), "inverse",
				  run_elem_json(r->def, firsts_of(&f, A->rt_point[k]))));
	return 0;
}

/* ------------------------------------------------------------------ */
/* Expectations and probes: validated before any enumeration.          */

static int parse_expect(json_t *v, const char *ptr, const struct lay_options *opt, struct expect *x,
			struct lay_error *err)
{
	char q[LAY_ERR_PTR];
	memset(x, 0, sizeof *x);
	for (int k = 0; k < NVERDICT; k++)
		x->verdict[k] = -1;
	x->owners = x->slots = x->replication = -1;
	x->bank_conflicts = x->vector_bits = x->sectors_per_request = -1;
	x->efficiency = -1;
	if (!v)
		return 0;
	if (!json_is_object(v))
		return lay_error_set(err, LAY_ESCHEMA, ptr, -1, "expect must be an object");
	const char *key;
	json_t *val;
	json_object_foreach(v, key, val)
	{
		lay_ptr_join(q, sizeof q, ptr, key);
		int vk = -1;
		for (int k = 0; k < NVERDICT; k++)
			if (strcmp(verdict_names[k], key) == 0)
				vk = k;
		if (vk >= 0) {
			if (!json_is_boolean(val))
				return lay_error_set(err, LAY_ESCHEMA, q, -1,
						     "expect.%s must be true or false", key);
			x->verdict[vk] = json_is_true(val);
			continue;
		}
		int64_t *iv = strcmp(key, "owners") == 0		? &x->owners
			      : strcmp(key, "slots") == 0		? &x->slots
			      : strcmp(key, "replication") == 0		? &x->replication
			      : strcmp(key, "bank_conflicts") == 0	? &x->bank_conflicts
			      : strcmp(key, "vector_bits") == 0		? &x->vector_bits
			      : strcmp(key, "sectors_per_request") == 0 ? &x->sectors_per_request
									: NULL;
		if (iv) {
			if (lay_json_int(val, q, iv, err))
				return err ? err->code : LAY_ESCHEMA;
			if (*iv < 0)
				return lay_error_set(err, LAY_ERANGE, q, -1,
						     "expect.%s must not be negative", key);
			continue;
		}
		if (strcmp(key, "efficiency") == 0) {
			if (!json_is_number(val) || json_number_value(val) < 0 ||
			    json_number_value(val) > 1)
				return lay_error_set(
					err, LAY_ESCHEMA, q, -1,
					"expect.efficiency is the least acceptable "
					"fraction of moved bytes, a number from 0 to 1");
			x->efficiency = json_number_value(val);
			continue;
		}
		if (strcmp(key, "fingerprint") == 0) {
			const char *s = json_string_value(val);
			if (!s || strlen(s) != 71 || strncmp(s, "sha256:", 7) != 0 ||
			    strspn(s + 7, "0123456789abcdef") != 64)
				return lay_error_set(err, LAY_ESCHEMA, q, -1,
						     "expect.fingerprint must be \"sha256:\" and "
						     "64 lowercase hex digits");
			x->fingerprint = s;
			continue;
		}
		if (strcmp(key, "layout") == 0) {
			bool same;
			x->layout = json_string_value(val);
			if (!x->layout)
				return lay_error_set(err, LAY_ESCHEMA, q, -1,
						     "expect.layout must be a cute layout text");
			if (lay_cute_layout_equal(x->layout, x->layout, &same, q, err) < 0)
				return err ? err->code : LAY_ESYNTAX;
			continue;
		}
		if (strcmp(key, "equals") == 0) {
			const char *s = json_string_value(val);
			if (!s || !*s)
				return lay_error_set(
					err, LAY_ESCHEMA, q, -1,
					"expect.equals must be \"name\" or \"name@version\"");
			if (!opt || !opt->resolve_equals)
				return lay_error_set(err, LAY_EOFFLINE, q, -1,
						     "expect.equals (\"%.128s\") needs the "
						     "registry: run with --server URL",
						     s);
			x->equals = s;
			int rc = opt->resolve_equals(opt->resolve_ctx, s, x->equals_fp, err);
			if (rc) {
				if (err && !err->pointer[0])
					snprintf(err->pointer, sizeof err->pointer, "%s", q);
				return rc;
			}
			continue;
		}
		return lay_error_set(err, LAY_ESCHEMA, q, -1,
				     "unknown expectation \"%s\" (verdict fields, owners, slots, "
				     "replication, fingerprint, equals, layout, bank_conflicts, "
				     "vector_bits, efficiency, sectors_per_request)",
				     key);
	}
	return 0;
}

struct probe_req {
	size_t n;
	int64_t *elems; /* per requested probe, its element */
};

static int parse_probe(json_t *v, const char *ptr, const struct lay_def *def, struct run *r,
		       struct probe_req *pq, struct lay_error *err)
{
	char q[LAY_ERR_PTR], q2[LAY_ERR_PTR];
	if (!v)
		return 0;
	if (!json_is_array(v))
		return lay_error_set(
			err, LAY_ESCHEMA, ptr, -1,
			"probe must be an array of logical coordinates, e.g. [[1, 3]]");
	size_t n = json_array_size(v);
	if (n > LAYOUTD_MAX_PROBES)
		return lay_error_set(err, LAY_ELIMIT, ptr, -1, "more than %d probes",
				     LAYOUTD_MAX_PROBES);
	pq->elems = calloc(n ? n : 1, sizeof *pq->elems);
	r->probe_elems = calloc(n ? n : 1, sizeof *r->probe_elems);
	r->probes = calloc(n ? n : 1, sizeof *r->probes);
	if (!pq->elems || !r->probe_elems || !r->probes)
		return lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
	pq->n = n;
	for (size_t i = 0; i < n; i++) {
		json_t *c = json_array_get(v, i);
		lay_ptr_index(q, sizeof q, ptr, i);
		if (!json_is_array(c) || json_array_size(c) != (size_t)def->rank)
			return lay_error_set(err, LAY_ESCHEMA, q, -1,
					     "a probe is an array of %d coordinates", def->rank);
		int64_t e = 0;
		for (int d = 0; d < def->rank; d++) {
			int64_t x;
			lay_ptr_index(q2, sizeof q2, q, (size_t)d);
			if (lay_json_int(json_array_get(c, (size_t)d), q2, &x, err))
				return err ? err->code : LAY_ESCHEMA;
			if (x < 0 || x >= def->shape[d])
				return lay_error_set(
					err, LAY_ERANGE, q2, -1,
					"probe coordinate %lld is outside 0..%lld of dimension %s",
					(long long)x, (long long)def->shape[d] - 1, def->names[d]);
			e = e * def->shape[d] + x;
		}
		pq->elems[i] = e;
		r->probe_elems[i] = e;
	}
	qsort(r->probe_elems, n, sizeof *r->probe_elems, cmp_i64);
	size_t u = 0;
	for (size_t i = 0; i < n; i++)
		if (u == 0 || r->probe_elems[i] != r->probe_elems[u - 1])
			r->probe_elems[u++] = r->probe_elems[i];
	r->nprobe_elems = u;
	return 0;
}

/* Places compare lexicographically over their coordinates (width in ctx). */
static int cmp_coords(const void *a, const void *b, void *ctx)
{
	const int64_t *x = a, *y = b;
	size_t w = *(const size_t *)ctx;
	for (size_t k = 0; k < w; k++)
		if (x[k] != y[k])
			return x[k] < y[k] ? -1 : 1;
	return 0;
}

static json_t *probe_json(const struct lay_def *def, struct run *r, const struct probe_req *pq)
{
	json_t *out = json_array();
	for (size_t i = 0; i < pq->n; i++) {
		const int64_t *at = bsearch(&pq->elems[i], r->probe_elems, r->nprobe_elems,
					    sizeof *r->probe_elems, cmp_i64);
		struct run_probe *pr = &r->probes[at - r->probe_elems];
		size_t w = (size_t)def->naxes;
		int64_t *c = pr->coords;
		if (pr->n > 1) /* 4096 probes of up to 1024 places: not quadratic */
			qsort_r(c, pr->n, w * sizeof *c, cmp_coords, &w);
		/* every place of the element, out of bounds ones included (they
		 * are where the element went); those also listed apart */
		json_t *places = json_array(), *outside = json_array();
		for (size_t a = 0; a < pr->n; a++) {
			if (a > 0 && memcmp(c + (a - 1) * w, c + a * w, w * sizeof *c) == 0)
				continue;
			bool in = true;
			for (size_t k = 0; k < w; k++)
				in = in && c[a * w + k] >= 0 && c[a * w + k] < r->ext[k];
			json_array_append_new(places, run_coord_json(def, c + a * w));
			if (!in)
				json_array_append_new(outside, run_coord_json(def, c + a * w));
		}
		json_t *o = json_pack("{s:o,s:o}", "logical", run_elem_json(def, pq->elems[i]),
				      "places", places);
		if (json_array_size(outside))
			json_object_set_new(o, "out_of_bounds", outside);
		else
			json_decref(outside);
		if (pr->truncated)
			json_object_set_new(o, "truncated", json_true());
		json_array_append_new(out, o);
	}
	return out;
}

/* ------------------------------------------------------------------ */
/* The report                                                          */

static json_t *counted(int64_t count, json_t *examples)
{
	return json_pack("{s:I,s:o}", "count", (json_int_t)count, "examples",
			 examples ? examples : json_array());
}

static void add_failure(json_t *fails, const char *field, json_t *expected, json_t *actual)
{
	json_array_append_new(fails, json_pack("{s:s,s:o,s:o}", "field", field, "expected",
					       expected, "actual", actual));
}

static int64_t now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static int64_t jint(json_t *a, const char *k1, const char *k2)
{
	json_t *v = json_object_get(a, k1);
	if (k2)
		v = json_object_get(v, k2);
	return (int64_t)json_integer_value(v);
}

/* expect.layout against algebra.result: equal layouts, or a failure that
 * says whether the two are at least the same function. */
static void expect_layout(json_t *out, const char *want, json_t *fails)
{
	const char *got =
		json_string_value(json_object_get(json_object_get(out, "algebra"), "result"));
	bool same = false;
	int eq = got ? lay_cute_layout_equal(want, got, &same, "", NULL) : 0;
	if (eq == 1)
		return;
	json_t *f = json_pack("{s:s,s:s,s:o,s:b}", "field", "layout", "expected", want, "actual",
			      got ? json_string(got) : json_null(), "same_function", same);
	json_object_set_new(
		f, "message",
		json_string(!got   ? "the layout is not the result of an algebra expression"
			    : same ? "a different layout that is the same function (they share "
				     "a fingerprint)"
				   : "a different layout, and a different function"));
	json_array_append_new(fails, f);
}

/*
 * Evaluate expectations on an analysis object (its verdicts, owners,
 * replication and fingerprint) and set its "expect" and "ok".  Working on
 * the JSON lets a cached analysis answer a request with other expectations.
 */
static void eval_expect_into(json_t *out, const struct expect *x, bool *okp, json_t **expectp)
{
	json_t *fails = json_array(), *verdict = json_object_get(out, "verdict");
	json_t *slots = json_object_get(json_object_get(out, "owners"), "slots");
	json_t *rep = json_object_get(out, "replication");
	const char *fingerprint = json_string_value(json_object_get(out, "fingerprint"));
	bool v[NVERDICT];
	for (int k = 0; k < NVERDICT; k++)
		v[k] = json_is_true(json_object_get(verdict, verdict_names[k]));
	for (int k = 0; k < NVERDICT; k++)
		if (x->verdict[k] >= 0 && (bool)x->verdict[k] != v[k])
			add_failure(fails, verdict_names[k], json_boolean(x->verdict[k]),
				    json_boolean(v[k]));
	int64_t own_count = jint(out, "owners", "count");
	if (x->owners >= 0 && x->owners != own_count)
		add_failure(fails, "owners", json_integer(x->owners), json_integer(own_count));
	if (x->slots >= 0 &&
	    (jint(slots, "min", NULL) != x->slots || jint(slots, "max", NULL) != x->slots))
		add_failure(fails, "slots", json_integer(x->slots), json_deep_copy(slots));
	if (x->replication >= 0 &&
	    (jint(rep, "min", NULL) != x->replication || jint(rep, "max", NULL) != x->replication))
		add_failure(fails, "replication", json_integer(x->replication),
			    json_deep_copy(rep));
	json_t *acc = json_object_get(out, "access");
	if (x->bank_conflicts >= 0) {
		json_t *bc = json_object_get(acc, "bank_conflicts");
		if (!json_is_integer(bc) || json_integer_value(bc) != x->bank_conflicts)
			add_failure(fails, "bank_conflicts", json_integer(x->bank_conflicts),
				    bc ? json_incref(bc) : json_null());
	}
	if (x->vector_bits >= 0) {
		json_t *vb = json_object_get(json_object_get(acc, "vector"), "bits");
		if (!json_is_integer(vb) || json_integer_value(vb) != x->vector_bits)
			add_failure(fails, "vector_bits", json_integer(x->vector_bits),
				    vb ? json_incref(vb) : json_null());
	}
	if (x->efficiency >= 0) {
		json_t *ef = json_object_get(acc, "efficiency");
		if (!json_is_number(ef) || json_number_value(ef) < x->efficiency)
			add_failure(fails, "efficiency", json_real(x->efficiency),
				    ef ? json_incref(ef) : json_null());
	}
	if (x->sectors_per_request >= 0) {
		json_t *sp = json_object_get(acc, "sectors_per_request");
		if (!json_is_integer(sp) || json_integer_value(sp) > x->sectors_per_request)
			add_failure(fails, "sectors_per_request",
				    json_integer(x->sectors_per_request),
				    sp ? json_incref(sp) : json_null());
	}
	if (x->layout)
		expect_layout(out, x->layout, fails);
	/* a structural answer past the limits has no fingerprint (null) */
	if (x->fingerprint && (!fingerprint || strcmp(x->fingerprint, fingerprint) != 0))
		add_failure(fails, "fingerprint", json_string(x->fingerprint),
			    fingerprint ? json_string(fingerprint) : json_null());
	if (x->equals && (!fingerprint || strcmp(x->equals_fp, fingerprint) != 0))
		json_array_append_new(
			fails,
			json_pack("{s:s,s:s,s:o,s:s}", "field", "equals", "expected", x->equals_fp,
				  "actual", fingerprint ? json_string(fingerprint) : json_null(),
				  "ref", x->equals));
	bool ok = json_array_size(fails) == 0;
	static const int required[] = { V_COMPLETE, V_COLLISION_FREE, V_REPLICAS_DISTINCT,
					V_IN_BOUNDS };
	for (size_t k = 0; k < sizeof required / sizeof required[0]; k++)
		if (x->verdict[required[k]] < 0 && !v[required[k]])
			ok = false;
	if (json_is_false(json_object_get(json_object_get(out, "tmem"), "ok")))
		ok = false; /* tmem.c: the layout does not fit or breaks a sub-partition */
	*okp = ok;
	*expectp = json_pack("{s:b,s:o}", "passed", json_array_size(fails) == 0, "failures", fails);
}

static void eval_expect(json_t *out, const struct expect *x)
{
	bool ok;
	json_t *e;
	eval_expect_into(out, x, &ok, &e);
	json_object_set_new(out, "ok", json_boolean(ok));
	json_object_set_new(out, "expect", e);
}

int lay_expect_eval(json_t *analysis, json_t *expect, const char *ptr,
		    const struct lay_options *opt, bool *ok, json_t **result, struct lay_error *err)
{
	struct expect x;
	int rc = parse_expect(expect, ptr, opt, &x, err);
	if (rc)
		return rc;
	eval_expect_into(analysis, &x, ok, result);
	return 0;
}

int lay_expect_apply(json_t *analysis, json_t *expect, const char *ptr,
		     const struct lay_options *opt, struct lay_error *err)
{
	struct expect x;
	int rc = parse_expect(expect, ptr, opt, &x, err);
	if (rc)
		return rc;
	eval_expect(analysis, &x);
	return 0;
}

/* Name order of the axes: the fingerprint linearizes points over it. */
static void name_order(const struct lay_def *def, struct ana *A)
{
	for (int a = 0; a < def->naxes; a++)
		A->order[a] = a;
	for (int a = 1; a < def->naxes; a++) /* insertion sort by name: few axes */
		for (int b = a; b > 0 && strcmp(def->axes[A->order[b - 1]].name,
						def->axes[A->order[b]].name) > 0;
		     b--) {
			int t = A->order[b];
			A->order[b] = A->order[b - 1];
			A->order[b - 1] = t;
		}
	for (int a = 0; a < def->naxes; a++)
		A->resort = A->resort || A->order[a] != a;
}

/* fingerprint = sha256(header || sha256(body)), the body hashed into A->sha. */
static void fingerprint_final(const struct lay_def *def, struct ana *A, const int64_t *ext,
			      char fingerprint[72])
{
	if (A->flen)
		sha256_update(&A->sha, A->flen, A->fbuf);
	A->flen = 0;
	run_fingerprint(def, A->order, ext, &A->sha, fingerprint);
}

/*
 * The fingerprint of a structurally decided layout whose placements are
 * few enough to list but whose physical space has no flat array: an
 * element-ordered walk, every point in bounds (proven), hashed element by
 * element.
 */
struct fpwalk {
	struct ana *A;
	int64_t stride[LAYOUTD_MAX_AXES]; /* per axis, over the name order */
	int64_t cur;
	int64_t *buf;
	size_t n, cap;
};

static void fpwalk_flush(struct fpwalk *w)
{
	if (w->cur < 0)
		return;
	qsort(w->buf, w->n, sizeof *w->buf, cmp_i64);
	size_t d = 0;
	for (size_t k = 0; k < w->n; k++)
		if (d == 0 || w->buf[k] != w->buf[d - 1])
			w->buf[d++] = w->buf[k];
	fp_u32(w->A, (uint32_t)d);
	for (size_t k = 0; k < d; k++)
		fp_u64(w->A, (uint64_t)w->buf[k]);
	w->n = 0;
}

static int fpwalk_emit(void *ctx, int64_t elem, const int64_t *coord, int64_t outside)
{
	struct fpwalk *w = ctx;
	(void)outside;
	if (elem != w->cur) {
		fpwalk_flush(w);
		for (int64_t e = w->cur + 1; e < elem; e++) /* never: each element is placed */
			fp_u32(w->A, 0);
		w->cur = elem;
	}
	if (w->n == w->cap) {
		size_t cap = w->cap ? 2 * w->cap : 64;
		int64_t *nb = realloc(w->buf, cap * sizeof *nb);
		if (!nb)
			return LAY_ENOMEM;
		w->buf = nb;
		w->cap = cap;
	}
	int64_t p = 0;
	for (int a = 0; a < LAYOUTD_MAX_AXES && w->stride[a] >= 0; a++)
		p += coord[a] * w->stride[a];
	w->buf[w->n++] = p;
	return 0;
}

static int struct_fingerprint(const struct lay_def *def, struct ana *A, const struct facts *F,
			      char fingerprint[72], struct lay_error *err)
{
	struct fpwalk w = { .A = A, .cur = -1 };
	int64_t s = 1;
	for (int a = 0; a < LAYOUTD_MAX_AXES; a++)
		w.stride[a] = a < def->naxes ? 0 : -1;
	for (int a = def->naxes - 1; a >= 0; a--) {
		w.stride[A->order[a]] = s;
		s *= F->ext[A->order[a]];
	}
	int rc = def->ops->walk(def, fpwalk_emit, &w, err);
	if (!rc) {
		fpwalk_flush(&w);
		for (int64_t e = w.cur + 1; e < def->size; e++)
			fp_u32(A, 0);
		fingerprint_final(def, A, F->ext, fingerprint);
	} else if (rc == LAY_ENOMEM) {
		lay_error_set(err, LAY_ENOMEM, def->ptr, -1, "out of memory");
	}
	free(w.buf);
	return rc;
}

/* The examples a report lists; NULL members are empty. */
struct report_ex {
	json_t *coll, *dup, *holes, *unplaced, *oob, *rt;
};

/* The §3 analysis from the facts, whichever method found them. */
static json_t *build_report(const struct lay_def *def, const struct facts *F,
			    const char *fingerprint, struct report_ex *ex, const struct expect *x)
{
	char buf[256];
	bool v[NVERDICT];
	v[V_COMPLETE] = F->unplaced == 0;
	v[V_COLLISION_FREE] = F->collisions == 0;
	v[V_REPLICAS_DISTINCT] = F->duplicates == 0;
	v[V_IN_BOUNDS] = F->oob == 0;
	v[V_HOLE_FREE] = F->holes == 0;
	v[V_BIJECTIVE] = v[V_COMPLETE] && v[V_COLLISION_FREE] && v[V_REPLICAS_DISTINCT] &&
			 v[V_HOLE_FREE] && v[V_IN_BOUNDS] && F->rep_min == 1 && F->rep_max == 1;
	v[V_ROUND_TRIP] = F->mismatches == 0;

	json_t *own_axes = json_array();
	for (int k = 0; k < F->nown; k++)
		json_array_append_new(own_axes, json_string(def->axes[F->own_axes[k]].name));

	/* warnings: the parser's, hardware limits, uneven slots */
	json_t *warnings = json_deep_copy(def->warnings);
	for (int a = 0; a < def->naxes; a++) {
		const struct lay_axis *ax = &def->axes[a];
		if (ax->hw_limit && F->any && F->mx[a] >= ax->hw_limit) {
			snprintf(buf, sizeof buf,
				 "%s reaches %lld, past the hardware limit (%s < %lld)", ax->name,
				 (long long)F->mx[a], ax->name, (long long)ax->hw_limit);
			json_array_append_new(warnings,
					      json_pack("{s:s,s:s,s:s}", "code", "hardware_limit",
							"axis", ax->name, "message", buf));
		} else if (ax->hw_limit && ax->declared && ax->extent > ax->hw_limit) {
			snprintf(buf, sizeof buf,
				 "%s is declared with extent %lld, past the hardware limit (%s < "
				 "%lld)",
				 ax->name, (long long)ax->extent, ax->name,
				 (long long)ax->hw_limit);
			json_array_append_new(warnings,
					      json_pack("{s:s,s:s,s:s}", "code", "hardware_limit",
							"axis", ax->name, "message", buf));
		}
	}
	if (F->own_count && F->slot_min != F->slot_max) {
		snprintf(buf, sizeof buf, "owners hold between %lld and %lld slots",
			 (long long)F->slot_min, (long long)F->slot_max);
		json_array_append_new(
			warnings, json_pack("{s:s,s:s}", "code", "uneven_slots", "message", buf));
	}

	json_t *shape = json_array(), *names = json_array(), *axes = json_array();
	for (int d = 0; d < def->rank; d++) {
		json_array_append_new(shape, json_integer(def->shape[d]));
		json_array_append_new(names, json_string(def->names[d]));
	}
	for (int a = 0; a < def->naxes; a++)
		json_array_append_new(axes,
				      json_pack("{s:s,s:I,s:s,s:b}", "name", def->axes[a].name,
						"extent", (json_int_t)F->ext[a], "kind",
						lay_kind_name(def->axes[a].kind), "declared",
						def->axes[a].declared));
	json_t *verdict = json_object();
	for (int k = 0; k < NVERDICT; k++)
		json_object_set_new(verdict, verdict_names[k], json_boolean(v[k]));

	json_t *out = json_object();
	json_object_set_new(out, "id", json_string(def->id));
	json_object_set_new(out, "fingerprint",
			    fingerprint ? json_string(fingerprint) : json_null());
	json_object_set_new(out, "notation", json_string(def->notation_key));
	json_object_set_new(out, "logical",
			    json_pack("{s:o,s:o,s:I}", "shape", shape, "names", names, "size",
				      (json_int_t)def->size));
	json_object_set_new(out, "physical",
			    json_pack("{s:o,s:I}", "axes", axes, "size", (json_int_t)F->phys_size));
	json_object_set_new(out, "placements", json_integer(F->placements));
	json_object_set_new(out, "ok", json_false()); /* set by eval_expect */
	json_object_set_new(out, "verdict", verdict);
	json_object_set_new(out, "replication",
			    json_pack("{s:I,s:I}", "min", (json_int_t)F->rep_min, "max",
				      (json_int_t)F->rep_max));
	json_object_set_new(out, "collisions", counted(F->collisions, ex->coll));
	json_object_set_new(out, "duplicates", counted(F->duplicates, ex->dup));
	json_object_set_new(out, "holes", counted(F->holes, ex->holes));
	json_object_set_new(out, "unplaced", counted(F->unplaced, ex->unplaced));
	json_object_set_new(out, "out_of_bounds", counted(F->oob, ex->oob));
	json_object_set_new(out, "round_trip",
			    json_pack("{s:I,s:o}", "mismatches", (json_int_t)F->mismatches,
				      "examples", ex->rt ? ex->rt : json_array()));
	memset(ex, 0, sizeof *ex); /* stolen */
	json_object_set_new(out, "owners",
			    json_pack("{s:o,s:I,s:{s:I,s:I}}", "axes", own_axes, "count",
				      (json_int_t)F->own_count, "slots", "min",
				      (json_int_t)F->slot_min, "max", (json_int_t)F->slot_max));
	json_object_set_new(out, "warnings", warnings);
	if (def->algebra) /* before expect.layout reads it */
		json_object_set_new(out, "algebra", json_deep_copy(def->algebra));
	eval_expect(out, x);
	return out;
}

static void finish_report(json_t *out, const struct lay_def *def, const char *method, int64_t t0)
{
	if (def->ops->structure) {
		json_t *s = def->ops->structure(def);
		if (s)
			json_object_set_new(out, "structure", s);
	}
	if (def->swizzle.present) {
		/* structure is keyed by kind: add "swizzle" beside the others */
		json_t *s = json_object_get(out, "structure");
		if (!json_is_object(s)) {
			s = json_object();
			json_object_set_new(out, "structure", s);
		}
		json_object_set_new(s, "swizzle", lay_swizzle_json(def));
	}
	json_object_set_new(out, "method", json_string(method));
	json_object_set_new(out, "elapsed_us", json_integer(now_us() - t0));
	json_object_set_new(out, "cached", json_false());
}

static void ana_free(struct ana *A)
{
	if (!A)
		return;
	json_decref(A->ex_unplaced);
	json_decref(A->ex_dup);
	free(A->rt_elem);
	free(A->rt_point);
	free(A->coll);
	free(A->tmp);
	free(A);
}

static struct ana *ana_new(const struct lay_def *def, const struct lay_options *opt,
			   struct lay_error *err)
{
	struct ana *A = calloc(1, sizeof *A);
	if (!A) {
		lay_error_set(err, LAY_ENOMEM, def->ptr, -1, "out of memory");
		return NULL;
	}
	A->examples = opt && opt->examples > 0 ? opt->examples : LAYOUTD_DEFAULT_EXAMPLES;
	if (A->examples > LAYOUTD_MAX_EXAMPLES)
		A->examples = LAYOUTD_MAX_EXAMPLES;
	A->coll = calloc((size_t)A->examples, sizeof *A->coll);
	A->ex_unplaced = json_array();
	A->ex_dup = json_array();
	A->rt_elem = calloc((size_t)A->examples, sizeof *A->rt_elem);
	A->rt_point = calloc((size_t)A->examples, sizeof *A->rt_point);
	A->rep_min = INT64_MAX;
	A->rep_max = 0;
	sha256_init(&A->sha);
	name_order(def, A);
	if (!A->coll || !A->rt_elem || !A->rt_point) {
		lay_error_set(err, LAY_ENOMEM, def->ptr, -1, "out of memory");
		ana_free(A);
		return NULL;
	}
	return A;
}

/*
 * Decide structurally when the definition is past the enumeration limits
 * (or the options ask for it) and a structural method proves the answer.
 * Returns the report, or NULL with *refused set when the layout must be
 * refused (err filled), or NULL to enumerate.
 */
static json_t *try_structural(struct lay_def *def, struct ana *A, const struct expect *x,
			      json_t *probe_v, struct run *r, const struct probe_req *pq,
			      const struct lay_options *opt, bool *refused, struct lay_error *err)
{
	struct facts F;
	char why[128];
	*refused = false;
	int s = lay_structural(def, &F, why, sizeof why);
	if (s < 0 || (F.fast_only && !(opt && opt->method == LAY_METHOD_STRUCTURAL)))
		return NULL; /* no closed form to answer with: def->limit is not set */
	/* The bounds are known before any walk: refuse a space over the limit
	 * that no structural method decides, with the enumeration's message. */
	struct lay_error perr;
	int64_t ext[LAYOUTD_MAX_AXES], phys;
	lay_error_clear(&perr);
	bool phys_over = run_extents(def, true, F.mx, def->max_points, ext, &phys, &perr) != 0;
	bool want = def->limit || phys_over || (opt && opt->method == LAY_METHOD_STRUCTURAL);
	if (!want)
		return NULL;
	/* probes of a forward layout: each element's places come from its
	 * iters (the walk's own order, capped as the walk caps them) */
	bool probes_ok = !probe_v;
	if (s == 1 && probe_v) {
		struct lay_form *f = calloc(1, sizeof *f);
		if (f) {
			def->ops->form(def, f);
			probes_ok = f->kind == LAY_FORM_FORWARD && f->nord > 0;
			size_t places = 1; /* per element: the replica combinations */
			for (int k = 0; k < f->n; k++)
				if (f->it[k].replica)
					places = places * (size_t)f->it[k].extent >
								 LAYOUTD_MAX_PROBE_PLACES
							 ? LAYOUTD_MAX_PROBE_PLACES + 1
							 : places * (size_t)f->it[k].extent;
			if (places > LAYOUTD_MAX_PROBE_PLACES)
				places = LAYOUTD_MAX_PROBE_PLACES;
			for (size_t u = 0; probes_ok && u < r->nprobe_elems; u++) {
				struct run_probe *pr = &r->probes[u];
				if (pr->cap < places) {
					int64_t *nc = realloc(
						pr->coords,
						sizeof(int64_t) * places *
							(size_t)(def->naxes ? def->naxes : 1));
					if (!nc) {
						probes_ok = false;
						break;
					}
					pr->coords = nc;
					pr->cap = places;
				}
				pr->n = run_form_places(def, f, r->probe_elems[u], pr->coords,
							places, &pr->truncated);
			}
			free(f);
		}
		memcpy(r->ext, F.ext, sizeof r->ext);
	}
	if (s == 1 && probes_ok) {
		char fingerprint[72];
		bool has_fp = false;
		if (!def->limit && def->ops->ordered && F.placements <= def->max_points) {
			if (struct_fingerprint(def, A, &F, fingerprint, err)) {
				*refused = true;
				return NULL;
			}
			has_fp = true;
		}
		struct report_ex ex = { 0 };
		json_t *out = build_report(def, &F, has_fp ? fingerprint : NULL, &ex, x);
		if (probe_v)
			json_object_set_new(out, "probe", probe_json(def, r, pq));
		return out;
	}
	if (def->limit) {
		if (err)
			*err = *def->limit;
		*refused = true;
	} else if (phys_over) {
		if (err)
			*err = perr;
		*refused = true;
	}
	return NULL;
}

json_t *lay_analyze_def(struct lay_def *def, json_t *expect_v, const char *expect_ptr,
			json_t *probe_v, const char *probe_ptr, const struct lay_options *opt,
			struct lay_error *err)
{
	int64_t t0 = now_us();
	struct run r = { 0 };
	struct ana *A = NULL;
	struct expect x;
	struct probe_req pq = { 0 };
	json_t *out = NULL;

	if (parse_expect(expect_v, expect_ptr, opt, &x, err))
		goto out;
	if (json_object_get(def->algebra, "value")) {
		/* an integer-valued expression (max_common_vector): no placement */
		json_t *fails = json_array();
		if (x.layout)
			expect_layout(def->algebra, x.layout, fails);
		bool passed = json_array_size(fails) == 0;
		out = json_pack("{s:s,s:O,s:b,s:{s:b,s:o},s:s,s:I,s:b}", "id", def->id, "algebra",
				def->algebra, "ok", passed, "expect", "passed", passed, "failures",
				fails, "method", "algebra", "elapsed_us",
				(json_int_t)(now_us() - t0), "cached", false);
		goto out;
	}
	if (parse_probe(probe_v, probe_ptr, def, &r, &pq, err))
		goto out;
	if (!(A = ana_new(def, opt, err)))
		goto out;
	bool refused;
	const char *method = "structural";
	out = try_structural(def, A, &x, probe_v, &r, &pq, opt, &refused, err);
	if (out || refused)
		goto done;

	if (!probe_v && !(opt && opt->method == LAY_METHOD_GENERIC)) {
		struct fast_out fo;
		int rc = run_fast(def, A->order, A->examples, &fo, err);
		if (rc < 0)
			goto out;
		if (rc == 1) {
			struct report_ex ex = { .holes = fo.holes, .unplaced = fo.unplaced };
			out = build_report(def, &fo.F, fo.fingerprint, &ex, &x);
			method = "enumerated";
			goto done;
		}
	}
	r.ex_oob = json_array();
	r.examples = A->examples;
	r.want_owners = true;
	r.want_occ = true;
	r.step = ana_step;
	r.user = A;
	r.on_extents = ana_extents;
	if (run_enumerate(&r, def, err))
		goto out;
	json_t *ex_rt = NULL;
	if (resolve_firsts(&r, A, &ex_rt)) {
		json_decref(ex_rt);
		goto out;
	}
	char fingerprint[72];
	fingerprint_final(def, A, r.ext, fingerprint);

	struct facts F = { 0 };
	F.placements = r.emitted;
	F.unplaced = A->unplaced;
	F.collisions = A->collisions;
	F.duplicates = A->duplicates;
	F.oob = r.oob;
	F.holes = r.phys_size - A->occupied;
	F.mismatches = A->mismatches;
	F.rep_min = def->size == 0 ? 0 : A->rep_min;
	F.rep_max = A->rep_max;
	F.phys_size = r.phys_size;
	memcpy(F.ext, r.ext, sizeof F.ext);
	memcpy(F.mx, r.mx, sizeof F.mx);
	F.any = r.any;
	F.nown = r.nown;
	memcpy(F.own_axes, r.own_axes, sizeof F.own_axes);
	for (int64_t o = 0; r.owners.lo && o < r.owner_size; o++) {
		int64_t c = run_tally_get(&r.owners, o);
		if (!c)
			continue;
		if (F.own_count == 0 || c < F.slot_min)
			F.slot_min = c;
		if (c > F.slot_max)
			F.slot_max = c;
		F.own_count++;
	}

	struct report_ex ex = { 0 };
	ex.holes = json_array();
	for (int64_t p = 0; p < r.phys_size && (int)json_array_size(ex.holes) < A->examples; p++)
		if (!((r.occ[p >> 6] >> (p & 63)) & 1))
			json_array_append_new(
				ex.holes, json_pack("{s:o}", "physical", run_point_json(&r, p)));
	ex.coll = json_array();
	for (int k = 0; k < A->ncoll; k++) {
		json_t *els = json_array();
		for (int m = 0; m < A->coll[k].n; m++)
			json_array_append_new(els, run_elem_json(def, A->coll[k].elems[m]));
		json_array_append_new(ex.coll, json_pack("{s:o,s:o}", "physical",
							 run_point_json(&r, A->coll[k].point),
							 "logical", els));
	}
	ex.dup = json_incref(A->ex_dup);
	ex.unplaced = json_incref(A->ex_unplaced);
	ex.oob = json_incref(r.ex_oob);
	ex.rt = ex_rt;
	out = build_report(def, &F, fingerprint, &ex, &x);
	method = "enumerated";
	if (probe_v)
		json_object_set_new(out, "probe", probe_json(def, &r, &pq));
done:
	if (out && lay_tmem_attach(out, def, opt, err)) {
		json_decref(out);
		out = NULL;
	}
	if (out)
		finish_report(out, def, method, t0);
out:
	ana_free(A);
	free(pq.elems);
	run_free(&r);
	return out;
}

json_t *lay_analyze_request(struct lay_def *def, json_t *layout_json, json_t *expect, json_t *probe,
			    json_t *access, json_t *suggest, const struct lay_options *opt,
			    struct lay_error *err)
{
	struct expect x;
	if (!access) {
		if (suggest) {
			lay_error_set(err, LAY_ESCHEMA, "/suggest", -1,
				      "suggest needs an \"access\": the threads that read the "
				      "layout");
			return NULL;
		}
		if (parse_expect(expect, "/expect", opt, &x, err))
			return NULL;
		const char *need = x.bank_conflicts >= 0	? "bank_conflicts"
				   : x.vector_bits >= 0		? "vector_bits"
				   : x.efficiency >= 0		? "efficiency"
				   : x.sectors_per_request >= 0 ? "sectors_per_request"
								: NULL;
		if (need) {
			char q[LAY_ERR_PTR];
			lay_ptr_join(q, sizeof q, "/expect", need);
			lay_error_set(err, LAY_ESCHEMA, q, -1,
				      "expect.%s needs an \"access\" in the request: the "
				      "threads that read the layout and the element width",
				      need);
			return NULL;
		}
		return lay_analyze_def(def, expect, "/expect", probe, "/probe", opt, err);
	}
	if (parse_expect(expect, "/expect", opt, &x, err))
		return NULL;
	json_t *out = lay_analyze_def(def, NULL, "/expect", probe, "/probe", opt, err);
	if (!out)
		return NULL;
	if (lay_access_attach(out, def, layout_json, access, suggest, "/suggest", opt, err)) {
		json_decref(out);
		return NULL;
	}
	eval_expect(out, &x);
	return out;
}

json_t *lay_analyze(json_t *req, const struct lay_options *opt, struct lay_error *err)
{
	json_t *layout = req, *expect = NULL, *probe = NULL, *out = NULL;
	json_t *access = NULL, *suggest = NULL, *convert = NULL;
	const char *ptr = "";
	if (json_is_object(req) && json_object_get(req, "layout")) {
		const char *key;
		json_t *val;
		json_object_foreach(req, key, val)
		{
			if (strcmp(key, "layout") && strcmp(key, "expect") &&
			    strcmp(key, "probe") && strcmp(key, "description") &&
			    strcmp(key, "access") && strcmp(key, "suggest") &&
			    strcmp(key, "convert") && strcmp(key, "tmem")) {
				char q[LAY_ERR_PTR];
				lay_ptr_join(q, sizeof q, "", key);
				lay_error_set(err, LAY_ESCHEMA, q, -1,
					      "unknown member \"%s\" in the request (layout, "
					      "expect, probe, access, suggest, convert, tmem)",
					      key);
				return NULL;
			}
		}
		layout = json_object_get(req, "layout");
		expect = json_object_get(req, "expect");
		probe = json_object_get(req, "probe");
		access = json_object_get(req, "access");
		suggest = json_object_get(req, "suggest");
		convert = json_object_get(req, "convert");
		ptr = "/layout";
	}
	struct lay_def *def = lay_def_new(layout, ptr, opt, err);
	if (!def)
		return NULL;
	out = lay_analyze_request(def, layout, expect, probe, access, suggest, opt, err);
	if (out && ((convert && lay_convert_attach(out, def, convert, opt, err)) ||
		    lay_tmem_request(out, def, json_object_get(req, "tmem"), "/tmem", err))) {
		json_decref(out);
		out = NULL;
	}
	lay_def_free(def);
	return out;
}
