/*
 * analyze_expect.c - a request's expectations and probes: read and
 * checked before any enumeration, evaluated on the finished report
 * ("expect", "ok", "probe").
 */
#define _GNU_SOURCE /* qsort_r */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algebra/cute_algebra.h"
#include "notation/cute_expr.h"
#include "analysis/analyze.h"
#include "analysis/sections.h"

const char *const ana_verdict_names[NVERDICT] = { "complete",	       "collision_free",
						  "replicas_distinct", "in_bounds",
						  "hole_free",	       "bijective",
						  "round_trip" };

/* ------------------------------------------------------------------ */
/* Expectations and probes: validated before any enumeration.          */

/* Every expectation unset. */
static void expect_unset(struct expect *x)
{
	memset(x, 0, sizeof *x);
	for (int k = 0; k < NVERDICT; k++)
		x->verdict[k] = -1;
	x->owners = x->slots = x->replication = -1;
	x->bank_conflicts = x->vector_bits = x->sectors_per_request = -1;
	x->efficiency = -1;
	x->copy_legal = x->copy_matches = -1;
}

/* The slot of a true/false expectation (a verdict or a copy's), or NULL. */
static int *flag_slot(struct expect *x, const char *key)
{
	int vk = -1;
	for (int k = 0; k < NVERDICT; k++)
		if (strcmp(ana_verdict_names[k], key) == 0)
			vk = k;
	if (vk >= 0)
		return &x->verdict[vk];
	if (strcmp(key, "copy_legal") == 0 || strcmp(key, "copy_matches_layout") == 0)
		return key[5] == 'l' ? &x->copy_legal : &x->copy_matches;
	return NULL;
}

/* The slot of a count expectation (at least 0), or NULL. */
static int64_t *count_slot(struct expect *x, const char *key)
{
	return strcmp(key, "owners") == 0		 ? &x->owners
	       : strcmp(key, "slots") == 0		 ? &x->slots
	       : strcmp(key, "replication") == 0	 ? &x->replication
	       : strcmp(key, "bank_conflicts") == 0	 ? &x->bank_conflicts
	       : strcmp(key, "vector_bits") == 0	 ? &x->vector_bits
	       : strcmp(key, "sectors_per_request") == 0 ? &x->sectors_per_request
							 : NULL;
}

static int expect_efficiency(json_t *val, const char *q, struct expect *x, struct lay_error *err)
{
	if (!json_is_number(val) || json_number_value(val) < 0 || json_number_value(val) > 1)
		return lay_error_set(err, LAY_ESCHEMA, q, -1,
				     "expect.efficiency is the least acceptable "
				     "fraction of moved bytes, a number from 0 to 1");
	x->efficiency = json_number_value(val);
	return 0;
}

static int expect_fingerprint(json_t *val, const char *q, struct expect *x, struct lay_error *err)
{
	const char *s = json_string_value(val);
	if (!s || strlen(s) != 71 || strncmp(s, "sha256:", 7) != 0 ||
	    strspn(s + 7, "0123456789abcdef") != 64)
		return lay_error_set(err, LAY_ESCHEMA, q, -1,
				     "expect.fingerprint must be \"sha256:\" and "
				     "64 lowercase hex digits");
	x->fingerprint = s;
	return 0;
}

/* expect.layout: a cute layout text, read now so a bad one fails before
 * any enumeration. */
static int expect_layout(json_t *val, const char *q, struct expect *x, struct lay_error *err)
{
	int same;
	x->layout = json_string_value(val);
	if (!x->layout)
		return lay_error_set(err, LAY_ESCHEMA, q, -1,
				     "expect.layout must be a cute layout text");
	if (lay_cute_layout_equal(x->layout, x->layout, &same, q, err) < 0)
		return err ? err->code : LAY_ESYNTAX;
	return 0;
}

/* expect.equals: a registry entry's name, resolved to its fingerprint by
 * the caller's hook (the CLI's --server, the daemon's store). */
static int expect_equals(json_t *val, const char *q, const struct lay_options *opt,
			 struct expect *x, struct lay_error *err)
{
	const char *s = json_string_value(val);
	if (!s || !*s)
		return lay_error_set(err, LAY_ESCHEMA, q, -1,
				     "expect.equals must be \"name\" or \"name@version\"");
	if (!opt || !opt->resolve_equals)
		return lay_error_set(err, LAY_EOFFLINE, q, -1,
				     "expect.equals (\"%.128s\") needs the "
				     "registry: run with --server URL",
				     s);
	x->equals = s;
	int rc = opt->resolve_equals(opt->resolve_ctx, s, x->equals_fp, err);
	if (rc && err && !err->pointer[0])
		snprintf(err->pointer, sizeof err->pointer, "%s", q);
	return rc;
}

/* One expectation "key": val, its pointer q. */
static int expect_key(const char *key, json_t *val, const char *q, const struct lay_options *opt,
		      struct expect *x, struct lay_error *err)
{
	int *flag;
	int64_t *iv;
	if ((flag = flag_slot(x, key))) {
		if (!json_is_boolean(val))
			return lay_error_set(err, LAY_ESCHEMA, q, -1,
					     "expect.%s must be true or false", key);
		*flag = json_is_true(val);
		return 0;
	}
	if ((iv = count_slot(x, key))) {
		if (lay_json_int(val, q, iv, err))
			return err ? err->code : LAY_ESCHEMA;
		if (*iv < 0)
			return lay_error_set(err, LAY_ERANGE, q, -1,
					     "expect.%s must not be negative", key);
		return 0;
	}
	if (strcmp(key, "efficiency") == 0)
		return expect_efficiency(val, q, x, err);
	if (strcmp(key, "fingerprint") == 0)
		return expect_fingerprint(val, q, x, err);
	if (strcmp(key, "layout") == 0)
		return expect_layout(val, q, x, err);
	if (strcmp(key, "equals") == 0)
		return expect_equals(val, q, opt, x, err);
	return lay_error_set(err, LAY_ESCHEMA, q, -1,
			     "unknown expectation \"%s\" (verdict fields, owners, slots, "
			     "replication, fingerprint, equals, layout, bank_conflicts, "
			     "vector_bits, efficiency, sectors_per_request, copy_legal, "
			     "copy_matches_layout)",
			     key);
}

int ana_parse_expect(json_t *v, const char *ptr, const struct lay_options *opt, struct expect *x,
		     struct lay_error *err)
{
	char q[LAY_ERR_PTR];
	const char *key;
	json_t *val;
	int rc;
	expect_unset(x);
	if (!v)
		return 0;
	if (!json_is_object(v))
		return lay_error_set(err, LAY_ESCHEMA, ptr, -1, "expect must be an object");
	json_object_foreach(v, key, val)
	{
		lay_ptr_join(q, sizeof q, ptr, key);
		if ((rc = expect_key(key, val, q, opt, x, err)))
			return rc;
	}
	return 0;
}

int ana_parse_probe(json_t *v, const char *ptr, const struct lay_def *def, struct run *r,
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
	qsort(r->probe_elems, n, sizeof *r->probe_elems, ana_cmp_i64);
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

json_t *ana_probe_json(const struct lay_def *def, struct run *r, const struct probe_req *pq)
{
	json_t *out = json_array();
	for (size_t i = 0; i < pq->n; i++) {
		const int64_t *at = bsearch(&pq->elems[i], r->probe_elems, r->nprobe_elems,
					    sizeof *r->probe_elems, ana_cmp_i64);
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

static void add_failure(json_t *fails, const char *field, json_t *expected, json_t *actual)
{
	json_array_append_new(fails, json_pack("{s:s,s:o,s:o}", "field", field, "expected",
					       expected, "actual", actual));
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
void ana_expect_layout(json_t *out, const char *want, const char *self, json_t *fails)
{
	const char *got =
		json_string_value(json_object_get(json_object_get(out, "algebra"), "result"));
	if (!got)
		got = self; /* a plain layout is its own result */
	int same = -1;
	int eq = got ? lay_cute_layout_equal(want, got, &same, "", NULL) : 0;
	if (eq == 1)
		return;
	json_t *f = json_pack("{s:s,s:s,s:o}", "field", "layout", "expected", want, "actual",
			      got ? json_string(got) : json_null());
	if (same >= 0) /* undecided past the check limit, or nothing to compare: not said */
		json_object_set_new(f, "same_function", json_boolean(same == 1));
	json_object_set_new(
		f, "message",
		json_string(!got	? "the layout is not a cute layout or algebra expression"
			    : same == 1 ? "a different layout that is the same function (they "
					  "share a fingerprint)"
			    : same == 0 ? "a different layout, and a different function"
					: "a different layout; too large to compare as functions"));
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
		v[k] = json_is_true(json_object_get(verdict, ana_verdict_names[k]));
	for (int k = 0; k < NVERDICT; k++)
		if (x->verdict[k] >= 0 && (bool)x->verdict[k] != v[k])
			add_failure(fails, ana_verdict_names[k], json_boolean(x->verdict[k]),
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
	json_t *acc = json_object_get(out, lay_section_access.key);
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
	json_t *cp = json_object_get(out, lay_section_copy.key);
	static const char *const ck[] = { "copy_legal", "copy_matches_layout" };
	const int cw[] = { x->copy_legal, x->copy_matches };
	for (int k = 0; k < 2; k++) {
		json_t *got = json_object_get(cp, ck[k] + 5);
		if (cw[k] >= 0 && !(json_is_boolean(got) && json_is_true(got) == (bool)cw[k]))
			add_failure(fails, ck[k], json_boolean(cw[k]),
				    got ? json_incref(got) : json_null());
	}
	if (x->layout)
		ana_expect_layout(out, x->layout, x->self, fails);
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
	if (json_is_false(json_object_get(json_object_get(out, lay_section_tmem.key), "ok")))
		ok = false; /* tmem.c: the layout does not fit or breaks a sub-partition */
	if (json_is_false(json_object_get(cp, "ok")))
		ok = false; /* copy.c: the named instruction cannot move the tile */
	*okp = ok;
	*expectp = json_pack("{s:b,s:o}", "passed", json_array_size(fails) == 0, "failures", fails);
}

void ana_eval_expect(json_t *out, const struct expect *x)
{
	bool ok;
	json_t *e;
	eval_expect_into(out, x, &ok, &e);
	json_object_set_new(out, "ok", json_boolean(ok));
	json_object_set_new(out, lay_section_expect.key, e);
}

int lay_expect_eval(json_t *analysis, json_t *expect, const char *ptr,
		    const struct lay_options *opt, bool *ok, json_t **result, struct lay_error *err)
{
	struct expect x;
	int rc = ana_parse_expect(expect, ptr, opt, &x, err);
	if (rc)
		return rc;
	eval_expect_into(analysis, &x, ok, result);
	return 0;
}

int lay_expect_apply(json_t *analysis, json_t *expect, const char *ptr,
		     const struct lay_options *opt, struct lay_error *err)
{
	struct expect x;
	int rc = ana_parse_expect(expect, ptr, opt, &x, err);
	if (rc)
		return rc;
	ana_eval_expect(analysis, &x);
	return 0;
}
