/*
 * access_suggest.c - the swizzle search of the access analysis: every
 * Sw<B,M,S> that fits the tile is counted under the bank rule, the best is
 * verified by analysing the swizzled layout again, and written back in the
 * notation the user wrote.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/access.h"
#include "notation/notation.h"

/* ------------------------------------------------------------------ */
/* Swizzle search                                                      */

static int64_t swz(int64_t x, int B, int M, int S)
{
	return acc_swz(x, B, M, S);
}

struct cand {
	int B, M, S;
	struct count c;
};

/* The simpler swizzle, which wins a tie (better's last rule). */
static bool precedes(const struct cand *x, const struct cand *y)
{
	if (x->B != y->B)
		return x->B < y->B;
	if (x->S != y->S)
		return x->S < y->S;
	return x->M < y->M;
}

/* Better: fewer wavefronts in all, then fewer conflicts per wavefront,
 * then the simpler swizzle. */
static bool better(const struct cand *x, const struct cand *y)
{
	if (x->c.total != y->c.total)
		return x->c.total < y->c.total;
	int64_t lx = (x->c.total - x->c.ideal) * y->c.ideal,
		ly = (y->c.total - y->c.ideal) * x->c.ideal;
	if (lx != ly)
		return lx < ly;
	return precedes(x, y);
}

/* Linear bases (offset -> logical) of the layout under offsets eoff, or
 * NULL when it is not GF(2)-linear onto a power-of-two tile. */
static json_t *linear_def(const struct acc *A, const int64_t *eoff)
{
	const struct lay_def *d = A->mem;
	if (!A->bijective || !acc_is_pow2(A->noff))
		return NULL;
	for (int k = 0; k < d->rank; k++)
		if (!acc_is_pow2(d->shape[k]))
			return NULL;
	int64_t *inv = lay_ctx_malloc(acc_ctx(A), sizeof *inv * (size_t)A->noff);
	if (!inv)
		return NULL;
	for (int64_t e = 0; e < d->size; e++)
		inv[eoff[e]] = e;
	int total = 0;
	for (int k = 0; k < d->rank; k++)
		total += acc_log2i(d->shape[k]);
	bool linear = total <= 62;
	for (int64_t o = 1; o < A->noff && linear; o++) {
		int64_t lowbit = o & -o;
		/* with row-major element indices over power-of-two dims, the
		 * element index is the packed coordinate: XOR is per dim */
		linear = inv[o] == (inv[o ^ lowbit] ^ inv[lowbit]) && inv[0] == 0;
	}
	json_t *out = NULL;
	if (linear) {
		json_t *bases = json_array(), *outs = json_array();
		for (int64_t b = 1; b < A->noff; b <<= 1)
			json_array_append_new(bases, acc_elem_json(d, inv[b]));
		for (int k = 0; k < d->rank; k++)
			json_array_append_new(
				outs, json_pack("[s,I]", d->names[k], (json_int_t)d->shape[k]));
		out = json_pack("{s:{s:{s:o},s:o}}", "linear", "bases",
				A->mem->axes[A->off_axis].name, bases, "out", outs);
	}
	lay_ctx_free(inv);
	return out;
}

/* Offsets of a definition's single memory axis, for re-analysis. */
static int reread_offsets(struct acc *A, json_t *defj, const char *ptr,
			  const struct lay_options *opt, int64_t *eoff, struct lay_error *err)
{
	struct lay_def *d = lay_def_new(defj, ptr, opt, err);
	if (!d)
		return err ? err->code : LAY_ESCHEMA;
	struct acc B = { 0 };
	B.mem = d;
	int rc = d->rank != A->mem->rank || d->size != A->mem->size
			 ? lay_error_set(err, LAY_ESHAPE, ptr, -1, "the tile changed")
			 : acc_read_memory(&B, ptr, err);
	if (!rc)
		memcpy(eoff, B.eoff, sizeof *eoff * (size_t)d->size);
	lay_ctx_free(B.eoff);
	lay_def_free(d);
	return rc;
}

/*
 * The layout as the user wrote it, with the swizzle composed in the same
 * notation: an expr offset wrapped in the XOR, a CuTe text composed with
 * Sw<B,M,S> (printed or C++ form), an Axe text inside TVM's ComposeLayout.
 * NULL when the notation or text has no such form (or is swizzled already).
 */
static json_t *written_def(const struct acc *A, json_t *layout_json, int B, int M, int S, int form)
{
	const struct lay_notation *n = lay_notation_find(A->mem->notation_key);
	if (!json_is_object(layout_json) || !n || !n->write_swizzle)
		return NULL;
	return n->write_swizzle(layout_json, A->mem, A->off_axis, B, M, S, form);
}

/*
 * The swizzle as Triton's #ttg.swizzled_shared attribute, when the layout
 * is a plain row-major (order [1, 0]) or column-major ([0, 1]) 2-D tile
 * and Sw<B,M,S> only moves column bits by row bits: vec = 2^M, maxPhase =
 * 2^B, perPhase = 2^(M+S) / columns.  NULL otherwise.
 */
static json_t *triton_def(const struct acc *A, int B, int M, int S, bool nvmma)
{
	const struct lay_def *d = A->mem;
	if (d->rank != 2 || !A->bijective)
		return NULL;
	int major = -1;
	for (int m = 0; m < 2 && major < 0; m++) {
		bool ok = true;
		for (int64_t e = 0; e < d->size && ok; e++) {
			int64_t r = e / d->shape[1], c = e % d->shape[1];
			ok = A->eoff[e] == (m == 0 ? e : c * d->shape[0] + r);
		}
		if (ok)
			major = m;
	}
	int64_t cols = major == 0 ? d->shape[1] : d->shape[0];
	if (major < 0 || !acc_is_pow2(cols))
		return NULL;
	int cb = acc_log2i(cols);
	if (M + B > cb || M + S < cb)
		return NULL;
	char txt[160];
	if (nvmma) {
		/* NVMMA's 32/64/128-byte swizzles are Sw<1|2|3,4,3> on bytes over
		 * rows of that many bytes */
		int bytes = A->bits / 8;
		if (A->bits < 8 || S != 3 || B > 3 || M != 4 - acc_log2i(bytes) ||
		    cols * bytes != (16 << B))
			return NULL;
		snprintf(txt, sizeof txt,
			 "#ttg.nvmma_shared<{swizzlingByteWidth = %d, transposed = %s, "
			 "elementBitWidth = %d}>",
			 16 << B, major == 0 ? "false" : "true", A->bits);
		return json_pack("{s:s,s:[I,I]}", "ttgir", txt, "shape", (json_int_t)d->shape[0],
				 (json_int_t)d->shape[1]);
	}
	snprintf(txt, sizeof txt,
		 "#ttg.swizzled_shared<{vec = %d, perPhase = %d, maxPhase = %d, order = [%s]}>",
		 1 << M, 1 << (M + S - cb), 1 << B, major == 0 ? "1, 0" : "0, 1");
	return json_pack("{s:s,s:[I,I]}", "ttgir", txt, "shape", (json_int_t)d->shape[0],
			 (json_int_t)d->shape[1]);
}

/*
 * Every Sw<B,M,S> that fits the offsets, counted under the bank rule; the
 * better one into *best (which starts as the unswizzled count).  Each
 * candidate's offsets are the swizzle of the unswizzled ones (A->f as the
 * count left it), written as its count reads them; 0 or a located error.
 */
static int search(struct acc *A, struct cand *best, struct lay_error *err)
{
	struct lay_ctx *ctx = acc_ctx(A);
	int64_t np = A->G * A->L * A->R2;
	int64_t *f0 = lay_ctx_malloc(ctx, sizeof *f0 * (size_t)(np ? np : 1));
	if (!f0)
		return lay_ctx_error(ctx, err, "/access");
	memcpy(f0, A->f, sizeof *f0 * (size_t)np);
	/* every point active: of one vector width every candidate has the
	 * same non-empty wavefronts, so the best's count floors the others'
	 * (a count that cannot beat it stops early; the choice is the same) */
	bool active = true;
	for (int64_t q = 0; q < np && active; q++)
		active = f0[q] >= 0;
	int64_t mx = 0;
	for (int64_t e = 0; e < A->mem->size; e++)
		if (A->eoff[e] > mx)
			mx = A->eoff[e];
	int n = acc_log2i(mx + 1), rc = 0;
	int maxb = acc_log2i(A->banks); /* 5 on NVIDIA and gfx942, 6 on gfx950 */
	struct cand c;
	/* the widest swizzles first: the best is found early, and the floor
	 * stops the others at their first wavefront (better is a total order,
	 * so the order of the search changes nothing it picks) */
	for (int B = maxb < n ? maxb : n; B >= 1 && rc >= 0; B--)
		for (int M = 0; M + 2 * B <= n && rc >= 0; M++)
			for (int S = B; M + S + B <= n && rc >= 0; S++) {
				A->f_src = f0; /* filled as the count reads it */
				A->sw_B = B, A->sw_M = M, A->sw_S = S;
				A->f_ready = 0;
				c.B = B;
				c.M = M;
				c.S = S;
				A->floor_v = active ? best->c.v : 0;
				A->floor_ideal = best->c.ideal;
				A->ties_lose = !precedes(&c, best);
				rc = lay_ctx_tick(ctx, (uint64_t)A->R2, err);
				if (!rc)
					rc = acc_count_access(A, NULL, &c.c, false, NULL,
							      best->c.total, err);
				if (rc == 0 && better(&c, best))
					*best = c;
			}
	A->floor_v = 0;
	A->f_src = NULL;
	lay_ctx_free(f0);
	return rc < 0 ? rc : 0;
}

json_t *acc_suggest(struct acc *A, const struct count *orig, json_t *layout_json,
		    const struct lay_options *opt, struct lay_error *err)
{
	const struct lay_def *d = A->mem;
	struct lay_ctx *ctx = acc_ctx(A);
	int64_t *w = lay_ctx_malloc(ctx, sizeof *w * (size_t)(d->size ? d->size : 1));
	json_t *out = NULL;
	struct cand best = { 0, 0, 0, *orig };
	if (!w) {
		lay_ctx_error(ctx, err, "/access");
		goto out;
	}
	if (search(A, &best, err))
		goto out;
	char txt[64];
	snprintf(txt, sizeof txt, "Sw<%d,%d,%d>", best.B, best.M, best.S);
	out = json_pack("{s:s,s:i,s:i,s:i,s:s,s:b,s:b}", "swizzle", txt, "B", best.B, "M", best.M,
			"S", best.S, "on", "elements", "needed", best.B > 0, "conflict_free",
			best.c.total == best.c.ideal);
	if (A->bits >= 8 && best.B > 0) {
		snprintf(txt, sizeof txt, "Sw<%d,%d,%d>", best.B, best.M + acc_log2i(A->bits / 8),
			 best.S);
		json_object_set_new(out, "bytes", json_string(txt));
	}
	json_object_set_new(out, "access", acc_count_json(A, &best.c));
	for (int64_t e = 0; e < d->size; e++)
		w[e] = swz(A->eoff[e], best.B, best.M, best.S);
	json_t *lin = linear_def(A, w);
	if (lin) {
		/* Re-analyse the printed bases from scratch: they are the proof. */
		int64_t *w2 = lay_ctx_malloc(ctx, sizeof *w2 * (size_t)(d->size ? d->size : 1));
		struct count v;
		int rc = w2 ? reread_offsets(A, lin, "/access/suggestion/layout", opt, w2, err)
			    : lay_ctx_error(ctx, err, "/access");
		if (!rc)
			rc = acc_count_access(A, w2, &v, true, "/access/vector", 0, err);
		lay_ctx_free(w2);
		if (rc) {
			json_decref(lin);
			json_decref(out);
			out = NULL;
			goto out;
		}
		json_object_set_new(out, "layout", lin);
		json_object_set_new(
			out, "verified",
			json_pack("{s:s,s:o,s:I,s:I}", "by",
				  "re-analysis of the linear layout above", "bank_conflicts",
				  acc_number(v.total - v.ideal, v.ideal), "wavefronts",
				  (json_int_t)v.total, "vector_bits", (json_int_t)(v.v * A->bits)));
	}
	/* Triton's attributes, verified by reading them back: the same
	 * offsets as the swizzle, element by element. */
	for (int nv = 0; best.B > 0 && nv < 2; nv++) {
		json_t *tt = triton_def(A, best.B, best.M, best.S, nv);
		int64_t *w3 = tt ? lay_ctx_malloc(ctx, sizeof *w3 * (size_t)(d->size ? d->size : 1))
				 : NULL;
		struct lay_error scratch;
		bool same = w3 != NULL;
		lay_error_clear(&scratch);
		if (same)
			same = !reread_offsets(A, tt, "/access/suggestion/triton", opt, w3,
					       &scratch);
		for (int64_t e = 0; same && e < d->size; e++)
			same = w3[e] == swz(A->eoff[e], best.B, best.M, best.S);
		lay_ctx_free(w3);
		if (same)
			json_object_set_new(out, nv ? "triton_nvmma" : "triton", tt);
		else
			json_decref(tt);
	}
	/* The same swizzle in the layout's own notation, when that notation can
	 * say it and the result re-analyses to the same counts. */
	for (int form = 0; best.B > 0 && form < 2; form++) {
		json_t *wd = written_def(A, layout_json, best.B, best.M, best.S, form);
		struct lay_error scratch;
		struct count v;
		if (!wd)
			continue;
		lay_error_clear(&scratch);
		if (!reread_offsets(A, wd, "/access/suggestion/written", opt, w, &scratch) &&
		    !acc_count_access(A, w, &v, false, NULL, 0, &scratch) &&
		    v.total == best.c.total && v.ideal == best.c.ideal && v.v == best.c.v) {
			json_object_set_new(out, "written", wd);
			break;
		}
		json_decref(wd);
	}
out:
	lay_ctx_free(w);
	return out;
}
