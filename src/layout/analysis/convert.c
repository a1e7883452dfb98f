/*
 * convert.c - what moving a tile from one distributed layout to another
 * costs, in the classes Triton's layout conversion uses:
 *
 *   none            the same placement: the conversion is folded away;
 *   registers       each thread rearranges or drops its own registers;
 *   warp_shuffle    within each warp, with fewer than two register<->lane
 *                   transpositions (Triton lowers those to shuffles);
 *   shared_memory   otherwise: a store of the source and a load of the
 *                   destination through a scratch buffer.
 *
 * GF(2) layouts are classified by Triton's rule (convert_rule.c: the
 * first of block, warp, lane, register whose bases differ); others by
 * where the source holds each element the destination wants.
 *
 * Both layouts are read as (warp group, lane, register) -> element tables
 * by the access analysis' reader.  For shared_memory the store and load
 * are counted under the bank rule over the scratch layout Triton's generic
 * swizzling picks (convert_swizzle.c) when both layouts are GF(2), else
 * over the best Sw<B,M,S> of a row-major scratch for the pair (fewest
 * wavefronts for the store and the load together).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/access.h"
#include "analysis/convert.h"

struct side {
	struct acc A;
	struct lay_def *def;
	int64_t *first; /* element -> first point holding it, -1 none */
	int64_t *start; /* element e's holders: thr[start[e] .. start[e + 1]) */
	int64_t *thr;	/* holders as g * L + l; NULL when each element has one */
};

static void side_free(struct side *s)
{
	lay_ctx_free(s->A.eoff);
	lay_ctx_free(s->A.pelem);
	lay_ctx_free(s->A.f);
	lay_ctx_free(s->A.regmap);
	lay_ctx_free(s->first);
	lay_ctx_free(s->start);
	lay_ctx_free(s->thr);
}

/* Read one side; the source (holders) also keeps, for every element, the
 * first point and the threads that hold it. */
static int side_read(struct side *s, struct lay_def *def, const char *ptr, const struct acc *tgt,
		     bool holders, json_t *warnings, struct lay_error *err)
{
	s->def = def;
	s->A.mem = def;
	s->A.thr = def;
	s->A.bits = tgt->bits;
	s->A.op = "load";
	s->A.target = tgt->target;
	s->A.lanes = tgt->lanes;
	s->A.banks = tgt->banks;
	s->A.examples = ACC_MAX_EX;
	int rc = acc_read_threads(&s->A, ptr, err);
	if (!rc)
		rc = acc_check_lanes(&s->A, warnings, err);
	if (rc && err && strncmp(err->message, "the threads layout", 18) == 0) {
		char m[sizeof err->message];
		snprintf(m, sizeof m, "%s%s", ptr[1] == 'c' ? "convert.to" : "the layout",
			 err->message + 18);
		snprintf(err->message, sizeof err->message, "%s", m);
	}
	if (rc || !holders)
		return rc;
	struct lay_ctx *ctx = def->ctx;
	s->first = lay_ctx_malloc(ctx, sizeof *s->first * (size_t)(def->size ? def->size : 1));
	if (!s->first)
		return lay_ctx_error(ctx, err, ptr);
	for (int64_t e = 0; e < def->size; e++)
		s->first[e] = -1;
	int64_t n = s->A.G * s->A.L * s->A.R, m = 0, held1 = 0;
	for (int64_t p = 0; p < n; p++) {
		int32_t e = s->A.pelem[p];
		if (e >= 0 && s->first[e] < 0)
			s->first[e] = p, held1++;
		m += e >= 0;
	}
	if (m == held1)
		return 0; /* every element held once: first[] says where */
	s->start = lay_ctx_calloc(ctx, (size_t)def->size + 1, sizeof *s->start);
	for (int64_t p = 0; p < n && s->start; p++)
		if (s->A.pelem[p] >= 0)
			s->start[s->A.pelem[p] + 1]++;
	s->thr = s->start ? lay_ctx_malloc(ctx, sizeof *s->thr * (size_t)(m ? m : 1)) : NULL;
	if (!s->start || !s->thr)
		return lay_ctx_error(ctx, err, ptr);
	for (int64_t e = 0; e < def->size; e++)
		s->start[e + 1] += s->start[e];
	int64_t *fill = lay_ctx_malloc(ctx, sizeof *fill * (size_t)(def->size ? def->size : 1));
	if (!fill)
		return lay_ctx_error(ctx, err, ptr);
	memcpy(fill, s->start, sizeof *fill * (size_t)def->size);
	for (int64_t gl = 0, p = 0; gl < n / s->A.R; gl++)
		for (int64_t r = 0; r < s->A.R; r++, p++) {
			int32_t e = s->A.pelem[p];
			if (e >= 0)
				s->thr[fill[e]++] = gl;
		}
	lay_ctx_free(fill);
	return lay_ctx_tick(ctx, (uint64_t)n, err);
}

/* Where side s holds element e against thread (g, l): 0 in that thread,
 * 1 elsewhere in warp group g only, 2 not in g at all. */
static int held(const struct side *s, int64_t e, int64_t g, int64_t l)
{
	int64_t L = s->A.L, want = g * L + l, lo = g * L, hi = lo + L;
	int best = 2;
	if (!s->thr) { /* one holder: its point p is (g * L + l) * R + r */
		int64_t p = s->first[e], R = s->A.R;
		if (l < L && p >= want * R && p < (want + 1) * R)
			return 0;
		return p >= lo * R && p < hi * R ? 1 : 2;
	}
	for (int64_t k = s->start[e]; k < s->start[e + 1]; k++) {
		int64_t gl = s->thr[k];
		if (gl == want && l < L)
			return 0;
		if (gl >= lo && gl < hi)
			best = 1;
	}
	return best;
}

/* The user's coordinates of full point p of a side. */
static json_t *place_json(const struct side *s, int64_t p)
{
	const struct acc *A = &s->A;
	int64_t r = p % A->R, gl = p / A->R;
	/* the compacted register of r, when r is one */
	int64_t r2 = 0;
	if (A->rpow2) {
		for (int k = 0; k < A->nkept; k++)
			if (r >> A->kept[k] & 1)
				r2 |= INT64_C(1) << k;
	} else {
		r2 = r;
	}
	return acc_point_json(A, gl / A->L, gl % A->L, r2);
}

/* Store of the source and load of the destination over scratch offsets. */
static int scratch_counts(struct side *src, struct side *dst, const int64_t *eoff, struct count *st,
			  struct count *ld, struct lay_error *err)
{
	src->A.op = "store";
	dst->A.op = "load";
	int rc = acc_count_access(&src->A, eoff, st, false, NULL, 0, err);
	if (rc == 0)
		rc = acc_count_access(&dst->A, eoff, ld, false, NULL, 0, err);
	return rc < 0 ? rc : rc ? lay_error_set(err, LAY_ERANGE, "/convert", -1, "no vector") : 0;
}

static json_t *ldst_json(const struct side *src, const struct side *dst, const struct count *st,
			 const struct count *ld)
{
	return json_pack("{s:{s:I,s:I,s:I,s:o},s:{s:I,s:I,s:I,s:o}}", "store", "vector_bits",
			 (json_int_t)(st->v * src->A.bits), "wavefronts", (json_int_t)st->total,
			 "ideal_wavefronts", (json_int_t)st->ideal, "bank_conflicts",
			 acc_number(st->total - st->ideal, st->ideal), "load", "vector_bits",
			 (json_int_t)(ld->v * dst->A.bits), "wavefronts", (json_int_t)ld->total,
			 "ideal_wavefronts", (json_int_t)ld->ideal, "bank_conflicts",
			 acc_number(ld->total - ld->ideal, ld->ideal));
}

static int64_t swz(int64_t x, int B, int M, int S)
{
	int64_t msk = ((INT64_C(1) << B) - 1) << (M + S);
	return x ^ ((x & msk) >> S);
}

/* The best Sw<B,M,S> of the row-major scratch for store + load together,
 * for layouts the GF(2) rule does not cover. */
static int search(struct side *src, struct side *dst, int64_t *eoff, json_t *out,
		  struct lay_error *err)
{
	int64_t n = src->def->size;
	struct count st, ld, bst, bld;
	for (int64_t e = 0; e < n; e++)
		eoff[e] = e;
	int rc = scratch_counts(src, dst, eoff, &st, &ld, err);
	if (rc)
		return rc;
	int bb = 0, bm = 0, bs = 0, nb = acc_log2i(n);
	int64_t best = st.total + ld.total, ideal = st.ideal + ld.ideal;
	bst = st;
	bld = ld;
	for (int B = 1; B <= acc_log2i(src->A.banks) && best > ideal; B++)
		for (int M = 0; M + 2 * B <= nb; M++)
			for (int S = B; M + S + B <= nb; S++) {
				for (int64_t e = 0; e < n; e++)
					eoff[e] = swz(e, B, M, S);
				if ((rc = lay_ctx_tick(src->def->ctx, (uint64_t)n, err)) ||
				    (rc = scratch_counts(src, dst, eoff, &st, &ld, err)))
					return rc;
				if (st.total + ld.total < best) {
					best = st.total + ld.total;
					bb = B, bm = M, bs = S, bst = st, bld = ld;
				}
			}
	char txt[48];
	snprintf(txt, sizeof txt, "Sw<%d,%d,%d>", bb, bm, bs);
	json_t *sw = ldst_json(src, dst, &bst, &bld);
	json_object_set_new(sw, "swizzle", json_string(txt));
	json_object_set_new(sw, "method",
			    json_string("search: the Sw<B,M,S> of the row-major scratch with the "
					"fewest store and load wavefronts"));
	json_object_set_new(out, "swizzle", sw);
	return 0;
}

/* The scratch buffer's size as Triton allocates it
 * (getNumScratchElemsSwizzledCvt, lib/Analysis/Allocation.cpp): the tile's
 * elements over its repetitions and over the CTAs the source splits it
 * into (2^nblk: each CTA holds its own part), the source's elements wide. */
static void scratch_size(const struct side *src, int nreps, int nblk, json_t *out)
{
	int64_t elems = src->def->size >> (nreps + nblk);
	json_object_set_new(out, "scratch",
			    json_pack("{s:I,s:I,s:I}", "elements", (json_int_t)elems, "bytes",
				      (json_int_t)(elems * src->A.bits / 8), "repetitions",
				      (json_int_t)(INT64_C(1) << nreps)));
}

/* The scratch: Triton's swizzle (GF(2) layouts) or the search;
 * convert.store / convert.load count over it. */
static int scratch(struct side *src, struct side *dst, json_t *out, struct lay_error *err)
{
	int64_t n = src->def->size;
	int64_t *eoff = lay_ctx_malloc(src->def->ctx, sizeof *eoff * (size_t)(n ? n : 1));
	if (!eoff)
		return lay_ctx_error(src->def->ctx, err, "/convert");
	struct count st, ld;
	int64_t bases[64];
	int nbases = 0, nreps = 0, nblk = 0, rc = 0;
	int built = cvt_scratch_swizzle(&src->A, &dst->A, src->def, src->A.bits, eoff, bases,
					&nbases, &nreps, &nblk);
	if (built < 0) {
		rc = lay_ctx_error(src->def->ctx, err, "/convert");
		goto out;
	}
	if (built) {
		if ((rc = scratch_counts(src, dst, eoff, &st, &ld, err)))
			goto out;
		json_t *sw = ldst_json(src, dst, &st, &ld), *b = json_array(), *outs = json_array();
		for (int i = 0; i < nbases; i++)
			json_array_append_new(b, acc_elem_json(src->def, bases[i]));
		for (int k = 0; k < src->def->rank; k++)
			json_array_append_new(outs, json_pack("[s,I]", src->def->names[k],
							      (json_int_t)src->def->shape[k]));
		json_object_set_new(sw, "layout",
				    json_pack("{s:{s:{s:o},s:o}}", "linear", "bases", "offset", b,
					      "out", outs));
		json_object_set_new(sw, "method",
				    json_string("Triton's optimalSwizzlingLdSt rule (GF(2))"));
		json_object_set_new(out, "swizzle", sw);
		scratch_size(src, nreps, nblk, out);
	} else if ((rc = search(src, dst, eoff, out, err))) {
		goto out;
	}
	json_t *sw = json_object_get(out, "swizzle");
	json_object_set_new(out, "store", json_deep_copy(json_object_get(sw, "store")));
	json_object_set_new(out, "load", json_deep_copy(json_object_get(sw, "load")));
out:
	lay_ctx_free(eoff);
	return rc;
}

/* The same placement: both tables alike point for point (a broadcast
 * register dropped is a change). */
static bool same_table(const struct acc *S, const struct acc *T)
{
	return S->G == T->G && S->L == T->L && S->R == T->R &&
	       memcmp(S->pelem, T->pelem, sizeof *S->pelem * (size_t)(S->G * S->L * S->R)) == 0;
}

/* The kind of layouts Triton's rule does not cover (not GF(2)): by where
 * the elements are held. */
static void fallback(const struct acc *S, const struct acc *T, int64_t change_warp,
		     int64_t change_thread, bool gf2, struct cvt_verdict *v)
{
	bool same = same_table(S, T);
	const char *why = "elements change lane within their warp, but the layouts are not "
			  "GF(2)-linear, so no shuffle decomposition is known: shared memory";
	if (gf2)
		why = "elements change lane within their warp, but a destination basis is no "
		      "combination of the source's (Triton's conversion map does not exist), so "
		      "no shuffle decomposition is known: shared memory";
	if (same)
		why = "both layouts place every element at the same points";
	else if (change_warp)
		why = "some elements change warp: they go through shared memory";
	else if (!change_thread)
		why = "every thread already holds what it needs: registers move";
	v->kind = same ? "none" : change_warp || change_thread ? "shared_memory" : "registers";
	snprintf(v->why, sizeof v->why, "%s", why);
}

/* Classify; examples of elements that change lane or warp. */
static json_t *classify(const struct side *src, const struct side *dst, int examples,
			struct lay_error *err)
{
	const struct acc *S = &src->A, *T = &dst->A;
	int64_t change_thread = 0, change_warp = 0;
	json_t *ex = json_array();
	int64_t n = T->G * T->L * T->R;
	struct lay_ctx *ctx = dst->def->ctx;
	uint8_t *seen = lay_ctx_calloc(ctx, (size_t)(dst->def->size ? dst->def->size : 1), 1);
	int64_t *to =
		seen ? lay_ctx_malloc(ctx,
				      sizeof *to * (size_t)(dst->def->size ? dst->def->size : 1))
		     : NULL;
	if (!seen || !to) {
		lay_ctx_free(seen);
		json_decref(ex);
		lay_ctx_error(ctx, err, "/convert");
		return NULL;
	}
	for (int64_t p = 0, g = 0, l = 0, r = 0; p < n; p++) {
		int32_t e = T->pelem[p];
		if (p > 0 && ++r == T->R) { /* p = (g * L + l) * R + r */
			r = 0;
			if (++l == T->L)
				l = 0, g++;
		}
		if (e < 0)
			continue;
		if (src->first[e] < 0) {
			char m[64] = "";
			json_t *c = acc_elem_json(dst->def, e);
			char *txt = json_dumps(c, JSON_COMPACT);
			snprintf(m, sizeof m, "%s", txt ? txt : "?");
			free(txt);
			json_decref(c);
			json_decref(ex);
			lay_ctx_free(seen);
			lay_ctx_free(to);
			lay_error_set(err, LAY_ESCHEMA, src->def->ptr, -1,
				      "the source layout holds no copy of element %s, which the "
				      "destination places: a conversion moves what the source has",
				      m);
			return NULL;
		}
		if (seen[e] == 2)
			continue; /* changes warp already */
		int where = held(src, e, g, l);
		if (where == 2 || (where == 1 && !seen[e])) {
			seen[e] = (uint8_t)where;
			to[e] = p;
		}
	}
	for (int64_t e = 0; e < dst->def->size; e++) {
		if (!seen[e])
			continue;
		change_warp += seen[e] == 2;
		change_thread += seen[e] == 1;
		if ((int)json_array_size(ex) < examples)
			json_array_append_new(ex, json_pack("{s:o,s:s,s:o,s:o}", "logical",
							    acc_elem_json(dst->def, e), "changes",
							    seen[e] == 2 ? "warp" : "lane", "from",
							    place_json(src, src->first[e]), "to",
							    place_json(dst, to[e])));
	}
	lay_ctx_free(to);
	lay_ctx_free(seen);
	if (lay_ctx_tick(ctx, (uint64_t)n, err)) {
		json_decref(ex);
		return NULL;
	}
	struct cvt_verdict v;
	int rule = cvt_rule(S, src->def, T, dst->def, &v);
	if (rule != 1)
		fallback(S, T, change_warp, change_thread, rule == 2, &v);
	json_t *o = json_pack("{s:s,s:s,s:{s:I,s:I},s:o}", "kind", v.kind, "reason", v.why,
			      "elements", "change_lane", (json_int_t)change_thread, "change_warp",
			      (json_int_t)change_warp, "examples", ex);
	if (o && v.mixed >= 0)
		json_object_set_new(o, "mixed_transpositions", json_integer(v.mixed));
	return o;
}

static int parse_convert(json_t *conv, json_t **to, struct acc *tgt, struct lay_error *err)
{
	if (!json_is_object(conv))
		return lay_error_set(
			err, LAY_ESCHEMA, "/convert", -1,
			"convert must be an object: {\"to\": {...a distributed layout of "
			"the same tile...}}");
	const char *key;
	json_t *val;
	json_object_foreach(conv, key, val)
	{
		char q[LAY_ERR_PTR];
		lay_ptr_join(q, sizeof q, "/convert", key);
		if (strcmp(key, "to") == 0) {
			*to = val;
		} else if (strcmp(key, "element_bits") == 0) {
			if (acc_parse_bits(val, q, &tgt->bits, err))
				return err ? err->code : LAY_ESCHEMA;
		} else if (strcmp(key, "target") == 0) {
			if (acc_parse_target(tgt, val, q, err))
				return err ? err->code : LAY_ESCHEMA;
		} else {
			return lay_error_set(err, LAY_ESCHEMA, q, -1,
					     "unknown member \"%s\" in convert (to, element_bits, "
					     "target)",
					     key);
		}
	}
	if (!*to)
		return lay_error_set(err, LAY_ESCHEMA, "/convert", -1,
				     "convert needs \"to\": the layout the tile moves into");
	return 0;
}

int lay_convert_attach(json_t *analysis, struct lay_def *layout, json_t *convert,
		       const struct lay_options *opt, struct lay_error *err)
{
	json_t *to = NULL, *res = NULL, *warnings = json_array();
	struct acc tgt = { 0 };
	tgt.bits = layout->element_bits > 0 ? layout->element_bits : 32;
	tgt.target = ACC_NVIDIA;
	tgt.lanes = ACC_LANES;
	tgt.banks = ACC_BANKS;
	struct side src = { 0 }, dst = { 0 };
	struct lay_def *dd = NULL;
	int rc = parse_convert(convert, &to, &tgt, err);
	if (rc) {
		json_decref(warnings);
		return rc;
	}
	if (!(dd = lay_def_new(to, "/convert/to", opt, err))) {
		json_decref(warnings);
		return err ? err->code : LAY_ESCHEMA;
	}
	char a[128], b[128];
	if (acc_tiles_differ(layout, dd, a, b, sizeof a)) {
		rc = lay_error_set(err, LAY_ESHAPE, "/convert/to", -1,
				   "the layout covers a [%s] tile and convert.to a [%s] one: a "
				   "conversion moves one tile",
				   a, b);
		goto out;
	}
	if ((rc = side_read(&src, layout, layout->ptr[0] ? layout->ptr : "/layout", &tgt, true,
			    warnings, err)) ||
	    (rc = side_read(&dst, dd, "/convert/to", &tgt, false, warnings, err)))
		goto out;
	int examples = opt && opt->examples > 0 ? opt->examples : LAYOUTD_DEFAULT_EXAMPLES;
	if (examples > ACC_MAX_EX)
		examples = ACC_MAX_EX;
	if (!(res = classify(&src, &dst, examples, err))) {
		rc = err ? err->code : LAY_ENOMEM;
		goto out;
	}
	json_object_set_new(res, "element_bits", json_integer(tgt.bits));
	json_object_set_new(res, "target", json_string(acc_target_name(tgt.target)));
	json_object_set_new(res, "warnings", warnings);
	warnings = NULL;
	if (strcmp(json_string_value(json_object_get(res, "kind")), "shared_memory") == 0 &&
	    (rc = scratch(&src, &dst, res, err)))
		goto out;
	json_object_set_new(analysis, "convert", res);
	res = NULL;
out:
	json_decref(res);
	json_decref(warnings);
	side_free(&src);
	side_free(&dst);
	lay_def_free(dd);
	return rc;
}
