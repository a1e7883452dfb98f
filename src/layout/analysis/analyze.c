/*
 * analyze.c - the analysis of a request: a structural decision or an
 * enumeration, then the JSON report, the expectations and the sections
 * the request names (the section table, sections.c).  The per-element step is in
 * analyze_step.c, expectations and probes in analyze_expect.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "algebra/cute_algebra.h"
#include "analysis/analyze.h"
#include "analysis/sections.h"
#include "analysis/tmem.h"

/* ------------------------------------------------------------------ */
/* The report                                                          */

static json_t *counted(int64_t count, json_t *examples)
{
	return json_pack("{s:I,s:o}", "count", (json_int_t)count, "examples",
			 examples ? examples : json_array());
}

static int64_t now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

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
		json_object_set_new(verdict, ana_verdict_names[k], json_boolean(v[k]));

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
	json_object_set_new(out, "ok", json_false()); /* set by ana_eval_expect */
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
	ana_eval_expect(out, x);
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
			if (ana_struct_fingerprint(def, A, &F, fingerprint, err)) {
				*refused = true;
				return NULL;
			}
			has_fp = true;
		}
		struct report_ex ex = { 0 };
		json_t *out = build_report(def, &F, has_fp ? fingerprint : NULL, &ex, x);
		if (probe_v)
			json_object_set_new(out, lay_section_probe.key, ana_probe_json(def, r, pq));
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

	if (ana_parse_expect(expect_v, expect_ptr, opt, &x, err))
		goto out;
	x.self = def->cute_text;
	if (json_object_get(def->algebra, "value")) {
		/* an integer-valued expression (max_common_vector): no placement */
		json_t *fails = json_array();
		if (x.layout)
			ana_expect_layout(def->algebra, x.layout, NULL, fails);
		bool passed = json_array_size(fails) == 0;
		out = json_pack("{s:s,s:O,s:b,s:{s:b,s:o},s:s,s:I,s:b}", "id", def->id, "algebra",
				def->algebra, "ok", passed, "expect", "passed", passed, "failures",
				fails, "method", "algebra", "elapsed_us",
				(json_int_t)(now_us() - t0), "cached", false);
		goto out;
	}
	if (ana_parse_probe(probe_v, probe_ptr, def, &r, &pq, err))
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
	if (ana_resolve_firsts(&r, A, &ex_rt)) {
		json_decref(ex_rt);
		goto out;
	}
	char fingerprint[72];
	ana_fingerprint_final(def, A, r.ext, fingerprint);

	struct facts F;
	struct report_ex ex;
	ana_facts(def, &r, A, ex_rt, &F, &ex);
	out = build_report(def, &F, fingerprint, &ex, &x);
	method = "enumerated";
	if (probe_v)
		json_object_set_new(out, lay_section_probe.key, ana_probe_json(def, &r, &pq));
done:
	if (out && (lay_tmem_attach(out, def, opt, err) || lay_tmem_judge(out, def, opt, err))) {
		json_decref(out);
		out = NULL;
	}
	if (out && json_object_get(out, lay_section_tmem.key) && json_object_get(out, "verdict"))
		ana_eval_expect(out, &x); /* on the verdicts judged on tensor memory */
	if (out)
		finish_report(out, def, method, t0);
out:
	ana_free(A);
	free(pq.elems);
	run_free(&r);
	return out;
}

json_t *lay_analyze_request(struct lay_def *def, json_t *request, const struct lay_options *opt,
			    struct lay_error *err)
{
	char eptr[LAY_ERR_PTR], pptr[LAY_ERR_PTR];
	if (lay_sections_check(request, opt, err))
		return NULL;
	lay_ptr_join(eptr, sizeof eptr, "", lay_section_expect.key);
	lay_ptr_join(pptr, sizeof pptr, "", lay_section_probe.key);
	json_t *out =
		lay_analyze_def(def, json_object_get(request, lay_section_expect.key), eptr,
				json_object_get(request, lay_section_probe.key), pptr, opt, err);
	if (out && lay_sections_attach(out, def, request, opt, err)) {
		json_decref(out);
		out = NULL;
	}
	return out;
}

/* The request members that are not sections: the definition, and what
 * the registry keeps beside it.  The sections are all analysis members,
 * and store members when the registry keeps them (sections.c). */
static const struct {
	const char *key;
	unsigned kinds; /* enum lay_request_kind */
} request_members[] = {
	{ "layout", LAY_REQ_ANALYZE | LAY_REQ_STORE },
	{ "description", LAY_REQ_STORE },
};

static unsigned section_kinds(const struct lay_section *s)
{
	return LAY_REQ_ANALYZE | (s->flags & LAY_SECTION_STORED ? LAY_REQ_STORE : 0);
}

bool lay_request_member(const char *key, unsigned kinds)
{
	for (size_t i = 0; i < sizeof request_members / sizeof request_members[0]; i++)
		if ((request_members[i].kinds & kinds) && strcmp(request_members[i].key, key) == 0)
			return true;
	const struct lay_section *s = lay_section_find(key);
	return s && (section_kinds(s) & kinds);
}

void lay_request_list(char *buf, size_t n, unsigned kinds)
{
	if (n)
		buf[0] = '\0';
	for (size_t i = 0; i < sizeof request_members / sizeof request_members[0]; i++) {
		if (request_members[i].kinds & kinds)
			lay_list_add(buf, n, ", ", request_members[i].key);
		for (int k = 0; i == 0 && k < lay_nsections; k++) /* after the layout */
			if (section_kinds(lay_sections[k]) & kinds)
				lay_list_add(buf, n, ", ", lay_sections[k]->key);
	}
}

json_t *lay_analyze(json_t *req, const struct lay_options *opt, struct lay_error *err)
{
	json_t *layout = req, *request = NULL, *out = NULL;
	const char *ptr = "";
	if (json_is_object(req) && json_object_get(req, "layout")) {
		const char *key;
		json_t *val;
		json_object_foreach(req, key, val)
		{
			if (!lay_request_member(key, LAY_REQ_ANALYZE | LAY_REQ_STORE)) {
				char q[LAY_ERR_PTR], list[128];
				lay_ptr_join(q, sizeof q, "", key);
				lay_request_list(list, sizeof list, LAY_REQ_ANALYZE);
				lay_error_set(err, LAY_ESCHEMA, q, -1,
					      "unknown member \"%s\" in the request (%s)", key,
					      list);
				return NULL;
			}
		}
		layout = json_object_get(req, "layout");
		request = req;
		ptr = "/layout";
	}
	struct lay_def *def = lay_def_new(layout, ptr, opt, err);
	if (!def)
		return NULL;
	out = lay_analyze_request(def, request, opt, err);
	lay_def_free(def);
	return out;
}
