/*
 * access.c - how a warp reads or writes a shared-memory layout: vector
 * width, instructions, wavefronts and bank conflicts, counted by
 * enumeration under the CUDA bank rule, with Triton's GF(2) formula beside
 * it when both layouts are linear, and a swizzle search on request.
 *
 * The request's layout is the memory side: one memory axis whose
 * coordinate is the element offset.  `threads` is a second definition over
 * the same logical tile that says which lane, warp and register holds each
 * element.  Composing them gives, for every (warp, lane, register), the
 * offset it touches; everything below works on that table, so every
 * notation is analysed the same way.
 *
 * The bank rule: 32 banks of 4 bytes; word = floor(offset * bits / 32),
 * bank = word mod 32.  A lane's access covers ceil(vector * bits / 32)
 * words, so a wavefront (128 bytes) serves 32 / that many lanes.  A
 * wavefront costs the largest number of distinct words in one bank; lanes
 * touching the same word are served together (broadcast).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/access.h"

bool acc_is_pow2(int64_t x)
{
	return x > 0 && (x & (x - 1)) == 0;
}

int acc_log2i(int64_t x)
{
	int k = 0;
	while ((INT64_C(1) << k) < x)
		k++;
	return k;
}

/* ------------------------------------------------------------------ */
/* The report                                                          */

/* The user's coordinates of compacted point (g, l, r2) of the threads layout. */
json_t *acc_point_json(const struct acc *A, int64_t g, int64_t l, int64_t r2)
{
	const struct lay_def *d = A->thr;
	int64_t c[LAYOUTD_MAX_AXES] = { 0 };
	int64_t r = acc_expand_reg(A, r2);
	for (int k = A->nslot - 1; k >= 0; k--) {
		c[A->slot_axes[k]] = r % A->ext[A->slot_axes[k]];
		r /= A->ext[A->slot_axes[k]];
	}
	if (A->lane_axis >= 0) {
		c[A->lane_axis] = l;
	} else {
		c[A->thread_axis] = (g % A->twarps) * A->lanes + l;
		g /= A->twarps;
	}
	for (int k = 0; k < A->ngrp; k++) {
		c[A->grp_axes[k]] = g % A->ext[A->grp_axes[k]];
		g /= A->ext[A->grp_axes[k]];
	}
	json_t *o = json_object();
	for (int a = 0; a < d->naxes; a++)
		json_object_set_new(o, d->axes[a].name, json_integer(c[a]));
	return o;
}

json_t *acc_number(int64_t num, int64_t den)
{
	if (den && num % den == 0)
		return json_integer(num / den);
	return json_real(den ? (double)num / (double)den : 0.0);
}

/* One wavefront in full: which lanes touch which word of which bank. */
static json_t *wavefront_json(const struct acc *A, const struct count *C, int64_t g, int64_t ig,
			      int64_t wf, bool all_banks, int64_t only_bank)
{
	int64_t lanes[ACC_MAX_LANES];
	int64_t nl = acc_phase_lanes(A, C, wf, lanes);
	json_t *regs = json_array();
	for (int64_t s = 0; s < C->v; s++)
		json_array_append_new(regs,
				      json_integer(acc_expand_reg(A, acc_reg_of(A, C, ig, s))));
	json_t *o = json_pack("{s:I,s:I,s:o,s:[I,I]}", "instruction",
			      (json_int_t)(g * C->instr_regs + ig), "wavefront", (json_int_t)wf,
			      "registers", regs, "lanes", (json_int_t)(nl ? lanes[0] : 0),
			      (json_int_t)(nl ? lanes[nl - 1] : 0));
	if (!acc_phase_consecutive(A, C)) {
		json_t *pl = json_array();
		for (int64_t k = 0; k < nl; k++)
			json_array_append_new(pl, json_integer(lanes[k]));
		json_object_set_new(o, "phase_lanes", pl);
	}
	/* per bank: its distinct words, each with the accesses that touch it */
	json_t *banks = json_array(), *conflicting = json_array();
	int64_t worst = 0, worst_bank = -1;
	for (int64_t b = 0; b < A->banks; b++) {
		if (!all_banks && b != only_bank)
			continue;
		json_t *ws = json_array();
		int64_t wl[ACC_MAX_ACCESS * ACC_LANES];
		size_t nw = 0;
		for (int64_t kl = 0; kl < nl; kl++)
			for (int64_t s = 0; s < C->v; s++) {
				int64_t l = lanes[kl];
				int64_t o2 = acc_phys(
					A, A->f[(g * A->L + l) * A->R2 + acc_reg_of(A, C, ig, s)]);
				if (o2 < 0 || (o2 * A->bits / 32) % A->banks != b)
					continue;
				int64_t w = o2 * A->bits / 32;
				bool seen = false;
				for (size_t k = 0; k < nw && !seen; k++)
					seen = wl[k] == w;
				if (!seen)
					wl[nw++] = w;
			}
		qsort(wl, nw, sizeof *wl, acc_cmp_i64);
		for (size_t k = 0; k < nw; k++) {
			json_t *acc = json_array();
			for (int64_t kl = 0; kl < nl; kl++)
				for (int64_t s = 0; s < C->v; s++) {
					int64_t l = lanes[kl];
					int64_t r2 = acc_reg_of(A, C, ig, s);
					int64_t o2 = acc_phys(A, A->f[(g * A->L + l) * A->R2 + r2]);
					if (o2 < 0 || o2 * A->bits / 32 != wl[k])
						continue;
					int32_t e = A->pelem[(g * A->L + l) * A->R +
							     acc_expand_reg(A, r2)];
					json_array_append_new(
						acc, json_pack("{s:I,s:o,s:o,s:I}", "lane",
							       (json_int_t)l, "place",
							       acc_point_json(A, g, l, r2),
							       "logical", acc_elem_json(A->mem, e),
							       "offset", (json_int_t)o2));
				}
			json_array_append_new(ws, json_pack("{s:I,s:o}", "word", (json_int_t)wl[k],
							    "accesses", acc));
		}
		if ((int64_t)nw > worst) {
			worst = (int64_t)nw;
			worst_bank = b;
		}
		if (nw > 1)
			json_array_append_new(conflicting, json_integer(b));
		if (all_banks)
			json_array_append_new(
				banks, json_pack("{s:I,s:o}", "bank", (json_int_t)b, "words", ws));
		else
			json_object_set_new(o, "words", ws);
	}
	if (all_banks) {
		json_object_set_new(o, "ways", json_integer(worst));
		json_object_set_new(o, "conflicting_banks", conflicting);
		json_object_set_new(o, "banks", banks);
	} else {
		json_decref(banks);
		json_decref(conflicting);
		json_object_set_new(o, "bank", json_integer(worst_bank));
		json_object_set_new(o, "ways", json_integer(worst));
	}
	return o;
}

json_t *acc_count_json(const struct acc *A, const struct count *C)
{
	json_t *o = json_pack(
		"{s:s,s:s,s:i,s:{s:I,s:I},s:I,s:I,s:I,s:I,s:I,s:o,s:I}", "target",
		acc_target_name(A->target), "op", A->op, "element_bits", A->bits, "vector",
		"elements", (json_int_t)C->v, "bits", (json_int_t)(C->v * A->bits),
		"lanes_per_wavefront", (json_int_t)C->lanes_per_wf, "instructions",
		(json_int_t)C->instructions, "wavefronts_per_instruction",
		(json_int_t)C->wf_per_instr, "wavefronts", (json_int_t)C->total, "ideal_wavefronts",
		(json_int_t)C->ideal, "bank_conflicts", acc_number(C->total - C->ideal, C->ideal),
		"max_ways", (json_int_t)C->max_ways);
	if (C->analytic >= 0)
		json_object_set_new(o, "analytic", json_integer(C->analytic));
	/* the target's hardware, for a reader drawing the banks of a wave */
	json_object_set_new(o, "banks", json_integer(A->banks));
	json_object_set_new(o, "wave_lanes", json_integer(A->lanes));
	return o;
}

/* ------------------------------------------------------------------ */
/* Entry point                                                         */

int acc_parse_bits(json_t *val, const char *q, int *bits, struct lay_error *err)
{
	int64_t b;
	if (lay_json_int(val, q, &b, err))
		return err ? err->code : LAY_ESCHEMA;
	if (!acc_is_pow2(b) || b > ACC_MAX_ACCESS)
		return lay_error_set(
			err, LAY_ERANGE, q, -1,
			"element_bits is %lld: the bank rule needs a power of two from "
			"1 to 128, so that elements tile 32-bit words",
			(long long)b);
	*bits = (int)b;
	return 0;
}

/* access.origin: [x0, x1, ...], where the threads' tile sits in the
 * layout's (a view of an allocation: Triton's memdesc_subslice offsets). */
static int parse_origin(struct acc *A, json_t *val, const char *q, struct lay_error *err)
{
	char qi[LAY_ERR_PTR];
	size_t n = json_array_size(val);
	if (!json_is_array(val) || n == 0 || n > LAYOUTD_MAX_RANK)
		return lay_error_set(
			err, LAY_ESCHEMA, q, -1,
			"origin is an array of 1 to %d coordinates: where the threads' "
			"tile sits in the layout's",
			LAYOUTD_MAX_RANK);
	for (size_t i = 0; i < n; i++) {
		lay_ptr_index(qi, sizeof qi, q, i);
		if (lay_json_int(json_array_get(val, i), qi, &A->origin[i], err))
			return err ? err->code : LAY_ESCHEMA;
	}
	A->norigin = (int)n;
	return 0;
}

static int parse_spec(struct acc *A, json_t *access, const char *aptr, json_t **threads,
		      json_t **show, json_t **sug, const char **sug_ptr, struct lay_error *err)
{
	char q[LAY_ERR_PTR];
	const char *key;
	json_t *val;
	if (!json_is_object(access))
		return lay_error_set(err, LAY_ESCHEMA, aptr, -1,
				     "access must be an object: {\"threads\": {...}, "
				     "\"element_bits\": 16}");
	json_object_foreach(access, key, val)
	{
		lay_ptr_join(q, sizeof q, aptr, key);
		if (strcmp(key, "threads") == 0) {
			*threads = val;
		} else if (strcmp(key, "element_bits") == 0) {
			if (acc_parse_bits(val, q, &A->bits, err))
				return err ? err->code : LAY_ESCHEMA;
		} else if (strcmp(key, "vector") == 0) {
			if (lay_json_int(val, q, &A->vec_req, err))
				return err ? err->code : LAY_ESCHEMA;
			if (!acc_is_pow2(A->vec_req))
				return lay_error_set(
					err, LAY_ERANGE, q, -1,
					"vector is %lld elements per lane: it must be a "
					"power of two",
					(long long)A->vec_req);
		} else if (strcmp(key, "op") == 0) {
			const char *s = json_string_value(val);
			if (!s || (strcmp(s, "load") && strcmp(s, "store")))
				return lay_error_set(err, LAY_ESCHEMA, q, -1,
						     "op is \"load\" or \"store\"");
			A->op = s;
		} else if (strcmp(key, "target") == 0) {
			if (acc_parse_target(A, val, q, err))
				return err ? err->code : LAY_ESCHEMA;
		} else if (strcmp(key, "space") == 0) {
			const char *s = json_string_value(val);
			if (!s || (strcmp(s, "shared") && strcmp(s, "global")))
				return lay_error_set(err, LAY_ESCHEMA, q, -1,
						     "space is \"shared\" (bank conflicts) or "
						     "\"global\" (coalescing into sectors)");
			A->global = strcmp(s, "global") == 0;
		} else if (strcmp(key, "origin") == 0) {
			if (parse_origin(A, val, q, err))
				return err ? err->code : LAY_ESCHEMA;
		} else if (strcmp(key, "show") == 0) {
			*show = val;
		} else if (strcmp(key, "suggest") == 0) {
			*sug = val;
			*sug_ptr = "/access/suggest";
		} else {
			return lay_error_set(
				err, LAY_ESCHEMA, q, -1,
				"unknown member \"%s\" in access (threads, "
				"element_bits, vector, op, target, space, origin, show, "
				"suggest)",
				key);
		}
	}
	if (!*threads)
		return lay_error_set(err, LAY_ESCHEMA, aptr, -1,
				     "access needs \"threads\": the distributed layout (lane, "
				     "warp, registers) that reads or writes the shared layout");
	return 0;
}

/* A definition's TTGIR text: a bare string, or its "ttgir" / "text". */
static const char *def_text(json_t *d)
{
	if (json_is_string(d))
		return json_string_value(d);
	const char *t = json_string_value(json_object_get(d, "ttgir"));
	return t ? t : json_string_value(json_object_get(d, "text"));
}

/* With no access.target, the target the TTGIR modules of the memory and
 * threads layouts name (ttg.target = "hip:gfx950"): they must agree. */
static int module_target(struct acc *A, json_t *layout_json, json_t *threads, struct lay_error *err)
{
	const char *m = NULL, *t = NULL;
	if (acc_text_target(def_text(layout_json), "/layout", &m, err) ||
	    acc_text_target(def_text(threads), "/access/threads", &t, err))
		return err ? err->code : LAY_ERANGE;
	if (m && t && strcmp(m, t) != 0)
		return lay_error_set(err, LAY_ERANGE, "/access/threads", -1,
				     "the memory layout's module targets %s, the threads "
				     "layout's %s: give access.target",
				     m, t);
	if (!m && !t)
		return 0;
	json_t *v = json_string(m ? m : t);
	int rc = acc_parse_target(A, v, "/access/target", err);
	json_decref(v);
	return rc;
}

/* A definition's own element width: its "element_bits" member, or what its
 * notation read from a type or a flag (structure.swizzle / .ttgir). */
static int def_bits(json_t *def_json, json_t *structure)
{
	json_t *v = json_object_get(def_json, "element_bits");
	if (json_is_integer(v) && json_integer_value(v) > 0)
		return (int)json_integer_value(v);
	static const char *const kinds[] = { "swizzle", "ttgir" };
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
		v = json_object_get(json_object_get(structure, kinds[k]), "element_bits");
		if (json_is_integer(v) && json_integer_value(v) > 0)
			return (int)json_integer_value(v);
	}
	return 0;
}

/*
 * The element width: access.element_bits, else the layout's, else the
 * threads layout's.  A given width that contradicts the layout's is kept
 * (the request says so explicitly) with a warning.
 */
static int settle_bits(struct acc *A, json_t *analysis, json_t *layout_json, json_t *threads,
		       json_t *warnings, struct lay_error *err)
{
	int lb = def_bits(layout_json, json_object_get(analysis, "structure"));
	if (!lb) {
		json_t *ts = A->thr->ops->structure ? A->thr->ops->structure(A->thr) : NULL;
		lb = def_bits(threads, ts);
		json_decref(ts);
	}
	if (A->bits && lb && lb != A->bits) {
		char m[256];
		snprintf(m, sizeof m,
			 "access.element_bits is %d but the layouts say %d bits: the access uses "
			 "%d",
			 A->bits, lb, A->bits);
		json_array_append_new(warnings, json_pack("{s:s,s:s}", "code",
							  "element_bits_differs", "message", m));
	}
	if (!A->bits)
		A->bits = lb;
	if (!A->bits)
		return lay_error_set(err, LAY_ESCHEMA, "/access", -1,
				     "access needs \"element_bits\" (the element width: 16 for "
				     "f16, 32 for f32) unless the layout carries it");
	if (!acc_is_pow2(A->bits) || A->bits > ACC_MAX_ACCESS)
		return lay_error_set(
			err, LAY_ERANGE, "/access", -1,
			"the layout's elements are %d bits wide: the bank rule needs a "
			"power of two from 1 to 128",
			A->bits);
	if (A->vec_req && A->vec_req * A->bits > ACC_MAX_ACCESS)
		return lay_error_set(err, LAY_ERANGE, "/access/vector", -1,
				     "vector %lld of %d-bit elements is %lld bits: one lane "
				     "moves at most 128 bits per instruction",
				     (long long)A->vec_req, A->bits,
				     (long long)(A->vec_req * A->bits));
	return 0;
}

static int parse_show(const struct count *C, json_t *show, int64_t *instr, int64_t *wf,
		      struct lay_error *err)
{
	if (!show)
		return 0;
	if (!json_is_object(show))
		return lay_error_set(err, LAY_ESCHEMA, "/access/show", -1,
				     "show is {\"instruction\": i, \"wavefront\": k}");
	const char *key;
	json_t *val;
	json_object_foreach(show, key, val)
	{
		char q[LAY_ERR_PTR];
		lay_ptr_join(q, sizeof q, "/access/show", key);
		int64_t *dst = strcmp(key, "instruction") == 0 ? instr
			       : strcmp(key, "wavefront") == 0 ? wf
							       : NULL;
		if (!dst)
			return lay_error_set(err, LAY_ESCHEMA, q, -1,
					     "unknown member \"%s\" in show (instruction, "
					     "wavefront)",
					     key);
		if (lay_json_int(val, q, dst, err))
			return err ? err->code : LAY_ESCHEMA;
		int64_t lim = dst == instr ? C->instructions : C->wf_per_instr;
		if (*dst < 0 || *dst >= lim)
			return lay_error_set(err, LAY_ERANGE, q, -1, "%s %lld is outside 0..%lld",
					     key, (long long)*dst, (long long)lim - 1);
	}
	return 0;
}

/* The warnings of a shared-memory count: Triton's closed form differs, an
 * element read at one of several offsets. */
static void shared_warnings(const struct acc *A, const struct count *C, json_t *warnings)
{
	if (C->analytic >= 0 && C->total % C->ideal == 0 &&
	    C->analytic != (C->total - C->ideal) / C->ideal) {
		char m[256];
		snprintf(m, sizeof m,
			 "Triton's closed form gives %lld conflicts, the enumeration %lld: the "
			 "closed form only counts lanes that differ in whole 128-byte rows",
			 (long long)C->analytic, (long long)((C->total - C->ideal) / C->ideal));
		json_array_append_new(
			warnings, json_pack("{s:s,s:s}", "code", "analytic_differs", "message", m));
	}
	if (A->replicated) {
		char m[256];
		snprintf(m, sizeof m,
			 "%lld placements put an element at a second offset: the access "
			 "reads each element at its lowest offset",
			 (long long)A->replicated);
		json_array_append_new(warnings, json_pack("{s:s,s:s}", "code", "replicated_offsets",
							  "message", m));
	}
}

/* The worst wavefronts in full, as res.examples. */
static int worst_examples(const struct acc *A, const struct count *C, json_t *res,
			  struct lay_error *err)
{
	json_t *ex = json_array();
	int64_t *words = malloc(sizeof *words * (size_t)(C->lanes_per_wf * C->v + 1));
	if (!words) {
		json_decref(ex);
		return lay_error_set(err, LAY_ENOMEM, "/access", -1, "out of memory");
	}
	for (int k = 0; k < C->nworst; k++) {
		int64_t bank = 0;
		size_t n = acc_wavefront_words(A, C, C->worst[k][0], C->worst[k][1], C->worst[k][2],
					       words);
		acc_wavefront_cost(A, words, n, &bank);
		json_array_append_new(ex, wavefront_json(A, C, C->worst[k][0], C->worst[k][1],
							 C->worst[k][2], false, bank));
	}
	free(words);
	json_object_set_new(res, "examples", ex);
	return 0;
}

/* The threads' tile is the layout's, or a view of it at access.origin
 * (which suggest cannot search). */
static int same_tile(const struct acc *A, json_t *suggest_v, const char *suggest_ptr,
		     struct lay_error *err)
{
	char a[128], b[128];
	if (A->norigin && suggest_v)
		return lay_error_set(err, LAY_ESCHEMA, suggest_ptr, -1,
				     "suggest searches a swizzle for the whole layout, not for a "
				     "view of it at an origin");
	if (!A->norigin && acc_tiles_differ(A->thr, A->mem, a, b, sizeof a))
		return lay_error_set(err, LAY_ESHAPE, "/access/threads", -1,
				     "the access covers a [%s] tile and the layout a [%s] one: "
				     "both must describe the same logical tile",
				     a, b);
	return 0;
}

/* The defaults of an access: a load by one NVIDIA warp, per CTA. */
static void access_defaults(struct acc *A, struct lay_def *layout, const struct lay_options *opt)
{
	A->mem = layout;
	A->per_cta = true;
	A->op = "load";
	A->target = ACC_NVIDIA;
	A->lanes = ACC_LANES;
	A->banks = ACC_BANKS;
	A->examples = opt && opt->examples > 0 ? opt->examples : LAYOUTD_DEFAULT_EXAMPLES;
	if (A->examples > ACC_MAX_EX)
		A->examples = ACC_MAX_EX;
}

/* The access member read and checked against the layout: its spec, its
 * target (the module's when not given), the threads' layout (*thr, owned
 * by the caller, and A->thr) and its bits, the tile both describe, the memory and the
 * threads as the count reads them. */
static int read_access(struct acc *A, json_t *analysis, json_t *layout_json, json_t *access,
		       struct lay_def **thr, json_t **show, json_t **suggest_v,
		       const char **suggest_ptr, json_t *warnings, const struct lay_options *opt,
		       struct lay_error *err)
{
	json_t *threads = NULL;
	int rc;
	if ((rc = parse_spec(A, access, "/access", &threads, show, suggest_v, suggest_ptr, err)))
		return rc;
	if (!json_object_get(access, "target") &&
	    (rc = module_target(A, layout_json, threads, err)))
		return rc;
	if (*suggest_v) {
		const char *s = json_string_value(*suggest_v);
		if (!s || strcmp(s, "swizzle") != 0)
			return lay_error_set(err, LAY_ESCHEMA, *suggest_ptr, -1,
					     "suggest takes \"swizzle\"");
	}
	if (!(*thr = lay_def_new(threads, "/access/threads", opt, err)))
		return err ? err->code : LAY_ESCHEMA;
	A->thr = *thr;
	if ((rc = settle_bits(A, analysis, layout_json, threads, warnings, err)) ||
	    (rc = same_tile(A, *suggest_v, *suggest_ptr, err)))
		return rc;
	if ((rc = acc_read_memory(A, A->mem->ptr, err)) ||
	    (rc = acc_view_origin(A, "/access/origin", err)) ||
	    (rc = acc_read_threads(A, "/access/threads", err)) ||
	    (rc = acc_threads_cover(A, "/access/threads", err)) ||
	    (rc = acc_cta_split(A, "/access/threads", err)) ||
	    (rc = acc_check_lanes(A, warnings, err)))
		return rc;
	if (A->global && (*suggest_v || *show))
		return lay_error_set(err, LAY_ESCHEMA, *suggest_v ? *suggest_ptr : "/access/show",
				     -1,
				     "%s belongs to a shared-memory access: a global access has no "
				     "banks",
				     *suggest_v ? "suggest" : "show");
	return 0;
}

/* What a shared-memory count shows beyond its numbers: the worst
 * wavefronts in full, the one asked for (access.show, else the worst) and
 * the swizzle suggest finds. */
static int shared_views(struct acc *A, struct count *C, json_t *res, json_t *show,
			json_t *suggest_v, json_t *layout_json, const struct lay_options *opt,
			struct lay_error *err)
{
	int rc;
	if (opt && opt->counts_only)
		json_object_set_new(res, "examples", json_array());
	else if ((rc = worst_examples(A, C, res, err)))
		return rc;
	int64_t si = C->nworst ? C->worst[0][0] * C->instr_regs + C->worst[0][1] : 0;
	int64_t sw = C->nworst ? C->worst[0][2] : 0;
	if ((rc = parse_show(C, show, &si, &sw, err)))
		return rc;
	if (C->instructions && C->wf_per_instr && !(opt && opt->counts_only))
		json_object_set_new(
			res, "view",
			wavefront_json(A, C, si / C->instr_regs, si % C->instr_regs, sw, true, -1));
	if (suggest_v) {
		json_t *s = acc_suggest(A, C, layout_json, opt, err);
		if (!s)
			return err ? err->code : LAY_ENOMEM;
		json_object_set_new(res, "suggestion", s);
	}
	return 0;
}

int lay_access_attach(json_t *analysis, struct lay_def *layout, json_t *layout_json, json_t *access,
		      json_t *suggest_v, const char *suggest_ptr, const struct lay_options *opt,
		      struct lay_error *err)
{
	struct acc A = { 0 };
	struct count C;
	json_t *show = NULL, *res = NULL, *warnings = json_array();
	struct lay_def *thr = NULL;
	int rc;
	access_defaults(&A, layout, opt);
	if ((rc = read_access(&A, analysis, layout_json, access, &thr, &show, &suggest_v,
			      &suggest_ptr, warnings, opt, err)) ||
	    (rc = acc_count_access(&A, A.eoff, &C, true, "/access/vector", 0, err)))
		goto out;
	if (A.global) {
		if (!(res = acc_global_json(&A, &C, err))) {
			rc = err ? err->code : LAY_ENOMEM;
			goto out;
		}
		json_object_set_new(res, "warnings", warnings);
		warnings = NULL;
	} else {
		res = acc_count_json(&A, &C);
		if (A.ctas > 1) /* counted on CTA 0; every CTA reads its own alike */
			json_object_set_new(res, "ctas", json_integer(A.ctas));
		shared_warnings(&A, &C, warnings);
		json_object_set_new(res, "warnings", warnings);
		warnings = NULL;
		if ((rc = shared_views(&A, &C, res, show, suggest_v, layout_json, opt, err)))
			goto out;
	}
	json_object_set_new(analysis, "access", res);
	res = NULL;
out:
	json_decref(res);
	json_decref(warnings);
	lay_def_free(thr);
	lay_ctx_free(A.eoff);
	lay_ctx_free(A.eoff_cta);
	lay_ctx_free(A.pelem);
	lay_ctx_free(A.f);
	lay_ctx_free(A.regmap);
	return rc;
}
