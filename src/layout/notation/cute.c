/*
 * cute.c - the cute notation (docs/notations.md): CuTe `Shape:Stride` layouts,
 * in the printed form `((4,8),(2,2)):((32,1),(16,8))` or as the C++ type
 * text pasted from CUTLASS headers (`Layout<Shape<...>, Stride<...>>`,
 * `_N`, `Int<N>`, `cute::`, comments).  Coordinates are colexicographic
 * (leftmost mode fastest).  Two roles: "memory" (logical -> index, the
 * default) and "tv" (thread, value -> colex index into the tile).
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/cute_expr.h"
#include "notation/cute_atoms.h"
#include "notation/cute_print.h"
#include "notation/cute_text.h"
#include "notation/notation.h"
#include "notation/cute_tmem.h"
#include "notation/scan.h"
#include "layout.h"

enum cute_role { ROLE_MEMORY, ROLE_TV };

struct cute_state {
	int role;
	int nleaf;
	int64_t ext[LAYOUTD_MAX_ITERS];
	int64_t stride[LAYOUTD_MAX_ITERS];
	int axis[LAYOUTD_MAX_ITERS]; /* memory: def axis index; tv: unused */
	/* tv: leaves [0, tv_split) are the thread mode, the rest the values */
	int tv_split;
	int64_t threads, values;
	/* top-level modes: leaves [mlo[m], mlo[m+1]) and the mode sizes */
	int nmodes;
	int mlo[LAYOUTD_MAX_ITERS + 1];
	int64_t msize[LAYOUTD_MAX_ITERS];
	int a_thread, a_value;
};

/* ------------------------------------------------------------------ */
/* Walks                                                               */

static int cute_walk_memory(const struct lay_def *def, lay_emit_fn emit, void *ctx)
{
	const struct cute_state *st = def->state;
	int64_t coord[LAYOUTD_MAX_AXES];
	for (int64_t e = 0; e < def->size; e++) {
		/* row-major element -> its coordinates -> colex 1-D index */
		int64_t rem = e, x[LAYOUTD_MAX_RANK], idx = 0, mul = 1;
		for (int d = def->rank - 1; d >= 0; d--) {
			x[d] = rem % def->shape[d];
			rem /= def->shape[d];
		}
		for (int d = 0; d < def->rank; d++) {
			idx += x[d] * mul;
			mul *= def->shape[d];
		}
		memset(coord, 0, sizeof coord);
		for (int k = 0; k < st->nleaf; k++) {
			coord[st->axis[k]] += idx % st->ext[k] * st->stride[k];
			idx /= st->ext[k];
		}
		if (def->swizzle.present)
			coord[def->swizzle.axis] =
				lay_swizzle_apply(&def->swizzle, coord[def->swizzle.axis]);
		int rc = emit(ctx, e, coord, 0);
		if (rc)
			return rc;
	}
	return 0;
}

static int cute_walk_tv(const struct lay_def *def, lay_emit_fn emit, void *ctx)
{
	const struct cute_state *st = def->state;
	int64_t coord[LAYOUTD_MAX_AXES];
	int64_t M = def->shape[0], N = def->shape[1], tile = M * N;
	memset(coord, 0, sizeof coord);
	for (int64_t v = 0; v < st->values; v++) {
		int64_t rem = v, vi = 0;
		for (int k = st->tv_split; k < st->nleaf; k++) {
			vi += rem % st->ext[k] * st->stride[k];
			rem /= st->ext[k];
		}
		for (int64_t t = 0; t < st->threads; t++) {
			int64_t idx = vi;
			rem = t;
			for (int k = 0; k < st->tv_split; k++) {
				idx += rem % st->ext[k] * st->stride[k];
				rem /= st->ext[k];
			}
			if (def->swizzle.present)
				idx = lay_swizzle_apply(&def->swizzle, idx);
			coord[st->a_thread] = t;
			coord[st->a_value] = v;
			int rc = idx >= 0 && idx < tile ? emit(ctx, idx % M * N + idx / M, coord, 0)
							: emit(ctx, -1, coord, idx);
			if (rc)
				return rc;
		}
	}
	return 0;
}

static int cute_walk(const struct lay_def *def, lay_emit_fn emit, void *ctx, struct lay_error *err)
{
	const struct cute_state *st = def->state;
	(void)err;
	return st->role == ROLE_TV ? cute_walk_tv(def, emit, ctx)
				   : cute_walk_memory(def, emit, ctx);
}

/* Memory: leaves are the shard iters on their axes; tv: leaves carry tile
 * index strides, the first tv_split of them the thread mode. */
static void cute_form(const struct lay_def *def, struct lay_form *f)
{
	const struct cute_state *st = def->state;
	const struct lay_swizzle *sw = &def->swizzle;
	if (sw->present && (sw->eB > 0 || st->role == ROLE_TV)) {
		f->kind = LAY_FORM_NONE; /* the XOR is no iterator: enumerate */
		return;
	}
	memset(f->offset, 0, sizeof f->offset);
	if (sw->present)
		f->offset[sw->axis] = sw->offset; /* an identity swizzle: only the offset */
	f->n = st->nleaf;
	for (int k = 0; k < st->nleaf; k++)
		f->it[k] = (struct lay_form_iter){ st->ext[k], st->stride[k],
						   st->role == ROLE_TV ? -1 : st->axis[k], false };
	if (st->role == ROLE_TV) {
		f->kind = LAY_FORM_TV;
		f->split = st->tv_split;
		f->a_thread = st->a_thread;
		f->a_value = st->a_value;
		f->tile = def->shape[0] * def->shape[1];
	} else {
		f->kind = LAY_FORM_FORWARD;
		/* Row-major element order as an odometer over the leaves: the
		 * last mode fastest, colex inside a mode; a flat logical shape
		 * is the colex index itself.  Other logical shapes: none. */
		bool modes = def->rank == st->nmodes;
		for (int d = 0; modes && d < def->rank; d++)
			modes = def->shape[d] == st->msize[d];
		f->nord = 0;
		if (modes)
			for (int m = st->nmodes - 1; m >= 0; m--)
				for (int k = st->mlo[m]; k < st->mlo[m + 1]; k++)
					f->ord[f->nord++] = k;
		else if (def->rank == 1)
			for (int k = 0; k < st->nleaf; k++)
				f->ord[f->nord++] = k;
	}
}

static const struct lay_notation_ops cute_memory_ops = {
	.walk = cute_walk,
	.free = free,
	.ordered = true,
	.form = cute_form,
};
static const struct lay_notation_ops cute_tv_ops = {
	.walk = cute_walk,
	.free = free,
	.ordered = false,
	.form = cute_form,
};

/* ------------------------------------------------------------------ */
/* Setup                                                               */

/* Size of a mode: product of its leaf extents, overflow located. */
static int mode_size(struct cute_parser *p, const int *lv, int lo, int hi, int pos, int64_t *out)
{
	int64_t s = 1;
	for (int k = lo; k < hi; k++)
		if (__builtin_mul_overflow(s, p->nodes[lv[k]].val, &s))
			return lay_scan_error(&p->sc, LAY_EOVERFLOW, pos,
					      "the size of the layout overflows 64 bits");
	*out = s;
	return 0;
}

/* Every sum of coordinate*stride on one axis must fit 64 bits: the
 * lowest is the sum of the negative (extent-1)*stride over its leaves, the
 * highest that of the positive ones (every partial sum lies between).
 * grp[k] groups the leaves that add up together (axis, or one for tv). */
static int check_range(struct cute_parser *p, const struct cute_state *st, const int *grp,
		       const int *spos)
{
	int64_t lo[LAYOUTD_MAX_ITERS] = { 0 }, hi[LAYOUTD_MAX_ITERS] = { 0 };
	for (int k = 0; k < st->nleaf; k++) {
		int64_t t, *sum = st->stride[k] < 0 ? &lo[grp[k]] : &hi[grp[k]];
		if (__builtin_mul_overflow(st->stride[k], st->ext[k] - 1, &t) ||
		    __builtin_add_overflow(*sum, t, sum))
			return lay_scan_error(&p->sc, LAY_EOVERFLOW, spos[k],
					      "coordinate times stride overflows 64 bits");
	}
	return 0;
}

/* The swizzle of a composed layout: element width, range, def->swizzle and
 * its warnings (swizzle.c). */
static int cute_swizzle(struct lay_def *def, const struct cute_state *st,
			const struct lay_cute_compose *cc, const char *text, const char *ptr,
			struct lay_error *err)
{
	char q[LAY_ERR_PTR], msg[LAY_ERR_MSG];
	int bits = cc->flag_bits, axis = -1, n = 0;
	int64_t ext[LAYOUTD_MAX_ITERS], str[LAYOUTD_MAX_ITERS];
	int64_t span = cc->offset < 0 ? -cc->offset : cc->offset;
	if (!cc->has_swizzle)
		return 0;
	if (bits && def->element_bits && def->element_bits != bits) {
		lay_ptr_join(q, sizeof q, def->ptr, "element_bits");
		return lay_error_set(err, LAY_ESHAPE, q, -1,
				     "element_bits %d differs from the %d-bit elements the layout "
				     "names (%s)",
				     def->element_bits, bits,
				     cc->is_synth ? "its atom's element type"
						  : "its smem_ptr flag");
	}
	if (bits)
		def->element_bits = bits;
	if (st->role == ROLE_MEMORY) {
		axis = lay_def_axis(def, "m", ptr, err);
		if (axis < 0)
			return err ? err->code : LAY_ELIMIT;
	}
	for (int k = 0; k < st->nleaf; k++) {
		if (st->role == ROLE_MEMORY && st->axis[k] != axis)
			continue;
		int64_t t, s = st->stride[k] == INT64_MIN ? INT64_MAX
			       : st->stride[k] < 0	  ? -st->stride[k]
							  : st->stride[k];
		if (__builtin_mul_overflow(s, st->ext[k] - 1, &t) ||
		    __builtin_add_overflow(span, t, &span) || span > ((int64_t)1 << 62))
			return lay_text_error(err, LAY_EOVERFLOW, ptr, text, cc->sw_pos,
					      "the offset plus the layout's offsets overflow");
		ext[n] = st->ext[k];
		str[n++] = st->stride[k];
	}
	const char *why = NULL;
	if (lay_swizzle_set(def, cc->B, cc->M, cc->S, bits > 0, bits, cc->offset, axis, &why)) {
		snprintf(msg, sizeof msg, "%d-bit elements: %s", bits, why);
		return lay_text_error(err, LAY_ERANGE, ptr, text, cc->flag_pos, "%s", msg);
	}
	lay_swizzle_warnings(def, n, ext, str, 0);
	const struct lay_swizzle *sw = &def->swizzle;
	int64_t period = (int64_t)1 << (sw->eM + sw->eB + (sw->eS < 0 ? -sw->eS : sw->eS));
	if (cc->tile && sw->eB > 0 && cc->atom_size % period != 0) {
		snprintf(msg, sizeof msg,
			 "tile_to_shape repeats the atom every %lld elements, which is no multiple "
			 "of "
			 "the %lld-element period of the swizzle Sw<%d,%d,%d> on element offsets: "
			 "the copies of the atom see different XOR patterns (the swizzle mixes "
			 "whole atoms instead of acting inside each)",
			 (long long)cc->atom_size, (long long)period, sw->eB, sw->eM, sw->eS);
		json_array_append_new(def->warnings,
				      json_pack("{s:s,s:s,s:I,s:I}", "code",
						"swizzle_period_exceeds_atom", "message", msg,
						"atom", (json_int_t)cc->atom_size, "period",
						(json_int_t)period));
	}
	return 0;
}

/* What the role setups read of the leaves. */
struct cute_leafs {
	int stride;	 /* the stride tree, -1 when compact */
	const int *sv;	 /* stride leaves */
	const int *spos; /* where each leaf's stride was written */
	const int *mpos; /* where each top-level mode starts */
	int64_t size;	 /* the layout's size */
};

/* The top-level modes (the children of the shape, or the shape itself):
 * their leaf ranges and sizes into st, their positions into mpos. */
static int top_modes(struct cute_parser *p, struct cute_state *st, int shape, const int *lv,
		     int *mpos, int64_t *size)
{
	int nmodes = p->nodes[shape].leaf ? 1 : p->nodes[shape].nkids;
	int mlo[LAYOUTD_MAX_ITERS + 1], rc;
	int64_t msize[LAYOUTD_MAX_ITERS];
	*size = 1;
	if (nmodes > LAYOUTD_MAX_ITERS)
		return lay_scan_error(&p->sc, LAY_ELIMIT, p->nodes[shape].pos, "more than %d modes",
				      LAYOUTD_MAX_ITERS);
	mlo[0] = 0;
	for (int m = 0, kid = p->nodes[shape].kid; m < nmodes; m++) {
		int node = p->nodes[shape].leaf ? shape : kid;
		int cnt = 0, tmp[LAYOUTD_MAX_ITERS];
		cute_leaves(p, node, tmp, &cnt);
		mlo[m + 1] = mlo[m] + cnt;
		mpos[m] = p->nodes[node].pos;
		if ((rc = mode_size(p, lv, mlo[m], mlo[m + 1], mpos[m], &msize[m])))
			return rc;
		if (__builtin_mul_overflow(*size, msize[m], size))
			return lay_scan_error(&p->sc, LAY_EOVERFLOW, mpos[m],
					      "the size of the layout overflows 64 bits");
		if (!p->nodes[shape].leaf)
			kid = p->nodes[kid].next;
	}

	st->nmodes = nmodes;
	memcpy(st->mlo, mlo, sizeof(int) * (size_t)(nmodes + 1));
	memcpy(st->msize, msize, sizeof(int64_t) * (size_t)nmodes);
	return 0;
}

/* Memory role: axes in first-appearance order (plain strides on m), the
 * range, and logical from the top-level modes. */
static int memory_setup(struct lay_def *def, struct cute_parser *p, struct cute_state *st,
			const struct cute_leafs *lf, const char *text, const char *ptr)
{
	struct lay_error *err = p->sc.err;
	char q[LAY_ERR_PTR];
	int grp[LAYOUTD_MAX_ITERS], rc, nl = st->nleaf;
	/* axes in first-appearance order; plain strides on m */
	for (int k = 0; k < nl; k++) {
		const char *axis = lf->stride >= 0 && p->nodes[lf->sv[k]].axis[0]
					   ? p->nodes[lf->sv[k]].axis
					   : "m";
		int a = lay_def_axis(def, axis, ptr, err);
		if (a < 0) {
			if (err)
				err->position = lay_utf8_offset(text, lf->spos[k]);
			lay_error_source(err, text);
			rc = err ? err->code : LAY_ELIMIT;
			return rc;
		}
		st->axis[k] = a;
		grp[k] = a;
	}
	if ((rc = check_range(p, st, grp, lf->spos)))
		return rc;
	if (def->logical_given) {
		if (def->size != lf->size) {
			lay_ptr_join(q, sizeof q, def->ptr, "logical");
			rc = lay_error_set(err, LAY_ESHAPE, q, -1,
					   "logical size %lld differs from the layout size "
					   "%lld (product of the shape)",
					   (long long)def->size, (long long)lf->size);
			return rc;
		}
	} else if ((rc = lay_def_set_shape(def, st->nmodes, st->msize, ptr, err))) {
		return rc;
	}
	def->placements_bound = lf->size;
	return 0;
}

/* Thread-value role: two top-level modes (thread, value), no named axes,
 * a 2-D logical tile. */
static int tv_setup(struct lay_def *def, struct cute_parser *p, struct cute_state *st,
		    const struct cute_leafs *lf, int shape)
{
	struct lay_error *err = p->sc.err;
	const char *ptr = p->sc.ptr;
	char q[LAY_ERR_PTR];
	int grp[LAYOUTD_MAX_ITERS], rc, nl = st->nleaf;
	if (st->nmodes != 2) {
		return lay_scan_error(
			&p->sc, LAY_ESHAPE, st->nmodes > 2 ? lf->mpos[2] : p->nodes[shape].pos,
			"a tv layout has exactly two top-level modes (thread, value), "
			"this one has %d",
			st->nmodes);
	}
	for (int k = 0; k < nl; k++) {
		if (lf->stride >= 0 && p->nodes[lf->sv[k]].axis[0]) {
			return lay_scan_error(
				&p->sc, LAY_ESCHEMA, lf->spos[k],
				"a tv layout maps to a tile index: stride %lld@%s names "
				"an axis",
				(long long)st->stride[k], p->nodes[lf->sv[k]].axis);
		}
		grp[k] = 0;
	}
	if ((rc = check_range(p, st, grp, lf->spos)))
		return rc;
	if (!def->logical_given) {
		return lay_error_set(err, LAY_ESCHEMA, def->ptr, -1,
				     "a tv layout needs \"logical\": [M, N], the tile its "
				     "index addresses");
	}
	if (def->rank != 2) {
		lay_ptr_join(q, sizeof q, def->ptr, "logical");
		rc = lay_error_set(err, LAY_ESHAPE, q, -1,
				   "a tv layout addresses a 2-D tile: logical must be [M, "
				   "N], not rank %d",
				   def->rank);
		return rc;
	}
	st->tv_split = st->mlo[1];
	st->threads = st->msize[0];
	st->values = st->msize[1];
	const char *names[2] = { "thread", "value" };
	int *slot[2] = { &st->a_thread, &st->a_value };
	for (int i = 0; i < 2; i++) {
		int a = lay_def_axis(def, names[i], ptr, err);
		if (a < 0) {
			return err ? err->code : LAY_ELIMIT;
		}
		*slot[i] = a;
		if (!def->axes[a].declared) {
			def->axes[a].declared = true;
			def->axes[a].extent = st->msize[i];
		}
	}
	def->placements_bound = lf->size;
	return 0;
}

/* The tree of the layout text: a composed layout's inner layout (read
 * from a copy cut at its end, *inner, so positions stay those of the whole
 * text), a named atom's generated layout, then a tile applied. */
static int read_tree(struct cute_parser *p, struct lay_cute_compose *cc, char **inner, int *shape,
		     int *stride)
{
	const char *text = p->sc.s, *ptr = p->sc.ptr;
	struct lay_error *err = p->sc.err;
	int rc = lay_cute_compose_parse(text, ptr, cc, err);
	if (rc)
		return rc;
	if (cc->composed && cc->is_synth) {
		p->sc.s = cc->synth; /* a named atom: its layout, generated */
	} else if (cc->composed) {
		/* the inner layout: the text up to its end, read from its start,
		 * so positions stay those of the whole text */
		if (!(*inner = strndup(text, (size_t)cc->inner_hi)))
			return lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
		p->sc.s = *inner;
		p->sc.pos = cc->inner_lo;
	}
	rc = cute_parse_text(p, shape, stride);
	if (cc->composed) {
		if (cc->is_synth)
			for (int k = 0; k < p->nnodes; k++)
				p->nodes[k].pos = cc->atom_pos;
		if (rc && cc->is_synth && err)
			err->position = lay_utf8_offset(text, cc->atom_pos);
		if (rc)
			lay_error_source(err, text);
		p->sc.s = text;
	}
	if (!rc && cc->tile)
		rc = cute_tile_nodes(p, shape, stride, cc);
	return rc;
}

/* "cute_role": "memory" (the default) or "tv". */
static int cute_role(const struct lay_def *def, json_t *whole, int *role, struct lay_error *err)
{
	char q[LAY_ERR_PTR];
	json_t *r = json_object_get(whole, "cute_role");
	if (!r)
		return 0;
	const char *s = json_string_value(r);
	lay_ptr_join(q, sizeof q, def->ptr, "cute_role");
	if (s && strcmp(s, "tv") == 0)
		*role = ROLE_TV;
	else if (!s || strcmp(s, "memory") != 0)
		return lay_error_set(err, LAY_ESCHEMA, q, -1,
				     "cute_role must be \"memory\" (the default) or \"tv\"");
	return 0;
}

/* The text the reader reads: an algebra expression's result layout (the
 * expression's "algebra" object goes to def) or the layout of a pasted
 * print (its role tv when the print is of a TV layout); *picked, malloc'd,
 * is NULL when the text is read as it is. */
static int cute_pick(struct lay_def *def, const char *text, const char *ptr, int *role,
		     char **picked, json_t **alg, struct lay_error *err)
{
	bool tv = *role == ROLE_TV;
	int rc;
	if ((rc = lay_cute_algebra_in(def->ctx, text, ptr, picked, alg, err)))
		return rc;
	if (*alg) {
		json_decref(def->algebra);
		def->algebra = *alg; /* the result layout is analysed below */
	} else if ((rc = lay_cute_print_pick(def, &tv, text, ptr, picked, err))) {
		return rc;
	}
	if (tv)
		*role = ROLE_TV;
	return 0;
}

/* Extents, congruence, leaves: every extent positive, the stride (when
 * written) congruent to the shape, and the leaves' extents and strides into
 * st (without a stride, the compact column-major one); lv and sv are the
 * leaves' nodes, spos each leaf's stride position (its extent's when there
 * is no stride). */
static int cute_read_leaves(struct cute_parser *p, struct cute_state *st, int shape, int stride,
			    int *lv, int *sv, int *spos)
{
	int nl = 0, ns = 0, rc;
	cute_leaves(p, shape, lv, &nl);
	for (int k = 0; k < nl; k++)
		if (p->nodes[lv[k]].val <= 0)
			return lay_scan_error(&p->sc, LAY_EEXTENT, p->nodes[lv[k]].pos,
					      "extent %lld is not positive",
					      (long long)p->nodes[lv[k]].val);
	if (stride >= 0) {
		if ((rc = cute_congruent(p, shape, stride)))
			return rc;
		cute_leaves(p, stride, sv, &ns);
	}
	st->nleaf = nl;
	int64_t compact = 1;
	for (int k = 0; k < nl; k++) {
		st->ext[k] = p->nodes[lv[k]].val;
		if (stride >= 0) {
			st->stride[k] = p->nodes[sv[k]].val;
			spos[k] = p->nodes[sv[k]].pos;
		} else {
			st->stride[k] = compact;
			spos[k] = p->nodes[lv[k]].pos;
			if (__builtin_mul_overflow(compact, st->ext[k], &compact))
				compact = INT64_MAX;
		}
	}
	return 0;
}

/* A warning for each leaf whose coordinates share one place. */
static void warn_stride_zero(struct lay_def *def, const struct cute_state *st)
{
	for (int k = 0; k < st->nleaf; k++)
		if (st->stride[k] == 0 && st->ext[k] > 1)
			lay_def_warn(def, "stride_zero",
				     "leaf mode %d (extent %lld) has stride 0: its %lld "
				     "coordinates share one place",
				     k, (long long)st->ext[k], (long long)st->ext[k]);
}

/* The layout of the text in st, by its role: the leaves, the top-level
 * modes (the children of the shape, or the shape itself), then the memory
 * or tv view of them. */
static int cute_setup(struct lay_def *def, struct cute_parser *p, struct cute_state *st, int shape,
		      int stride, const char *text, const char *ptr)
{
	int lv[LAYOUTD_MAX_ITERS], sv[LAYOUTD_MAX_ITERS], spos[LAYOUTD_MAX_ITERS];
	int mpos[LAYOUTD_MAX_ITERS];
	int64_t size = 1;
	int rc;
	if ((rc = cute_read_leaves(p, st, shape, stride, lv, sv, spos)) ||
	    (rc = top_modes(p, st, shape, lv, mpos, &size)))
		return rc;
	struct cute_leafs lf = {
		.stride = stride, .sv = sv, .spos = spos, .mpos = mpos, .size = size
	};
	if (st->role == ROLE_MEMORY)
		return memory_setup(def, p, st, &lf, text, ptr);
	return tv_setup(def, p, st, &lf, shape);
}

int lay_cute_parse(struct lay_def *def, json_t *v, json_t *whole, struct lay_error *err)
{
	char ptr[LAY_ERR_PTR];
	struct cute_parser p = { 0 };
	struct cute_state *st = NULL;
	struct lay_cute_compose cc;
	char *inner = NULL;
	int shape = -1, stride = -1, rc = 0;
	int role = ROLE_MEMORY;

	lay_ptr_join(ptr, sizeof ptr, def->ptr, "cute");
	if ((rc = cute_role(def, whole, &role, err)))
		return rc;
	if (!json_is_string(v))
		return lay_error_set(err, LAY_ESCHEMA, ptr, -1,
				     "cute is a string like \"((4,8),(2,2)):((32,1),(16,8))\" or "
				     "pasted C++ \"Layout<Shape<...>, Stride<...>>\"");
	const char *text = json_string_value(v);
	if (strlen(text) > (size_t)def->max_expr_len)
		return lay_error_set(err, LAY_ELIMIT, ptr, -1,
				     "CuTe text of %zu characters is over the limit %d",
				     strlen(text), def->max_expr_len);
	if (lay_cute_tmem_text(text))
		return lay_cute_tmem_parse(def, text, ptr, whole, err);
	if (lay_cute_tmem_addressed(text))
		return lay_cute_tmem_addr_parse(def, v, whole, err);
	char *picked = NULL;
	json_t *alg = NULL;
	if ((rc = cute_pick(def, text, ptr, &role, &picked, &alg, err)))
		return rc;
	if (picked)
		text = picked;
	lay_scan_init(&p.sc, text, ptr, err, LAY_SCAN_CXX);
	p.nodes = calloc(CUTE_MAX_NODES, sizeof *p.nodes);
	st = calloc(1, sizeof *st);
	if (!p.nodes || !st) {
		rc = lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
		goto out;
	}
	if ((rc = read_tree(&p, &cc, &inner, &shape, &stride)))
		goto out;
	st->role = role;
	if ((rc = cute_setup(def, &p, st, shape, stride, text, ptr)))
		goto out;
	warn_stride_zero(def, st);
	rc = cute_swizzle(def, st, &cc, text, ptr, err);
	if (!rc && !alg) {
		free(def->cute_text);
		def->cute_text = lay_cute_layout_text(text);
	}
out:
	free(p.nodes);
	free(inner);
	free(picked);
	if (rc) {
		free(st);
		return rc;
	}
	def->ops = role == ROLE_TV ? &cute_tv_ops : &cute_memory_ops;
	def->state = st;
	return 0;
}

/* ------------------------------------------------------------------ */
/* The cute notation: how its text is detected, its swizzle written back, its descriptor       */

static bool is_cute(const char *s)
{
	static const char *const words[] = {
		"Layout<",
		"Layout (",
		"Sw<",
		"Swizzle<",
		"Swizzle(",
		"SW_",
		"smem_ptr",
		"gmem_ptr",
		"composition(",
		"complement(",
		"coalesce(",
		"filter(",
		"left_inverse(",
		"right_inverse(",
		"logical_divide(",
		"zipped_divide(",
		"tiled_divide(",
		"flat_divide(",
		"logical_product(",
		"zipped_product(",
		"tiled_product(",
		"flat_product(",
		"blocked_product(",
		"raked_product(",
		"make_layout(",
		"tile_to_shape",
		"upcast<",
		"downcast<",
		"recast_layout<",
		"max_common_vector(",
		"max_common_layout(",
		"GMMA::",
		"UMMA::",
		"SM100_TMEM_",
		"tmem_[",
		"TiledCopy",
		"TiledMMA",
		"Tiled MMA",
		"MMA_Atom",
		"Copy_Atom",
	};
	for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
		if (strstr(s, words[k]))
			return true;
	/* pycute's repr, Layout(shape, stride); a bare shape (an algebra
	 * operand, or a layout missing its stride: cute says which) */
	if (lay_text_starts(s, "Layout(") || lay_text_starts(s, "ComposedLayout(") ||
	    lay_text_starts(s, "("))
		return true;
	/* Shape:Stride, the stride a tuple, an integer or a k@axis */
	for (const char *p = strchr(s, ':'); p; p = strchr(p + 1, ':')) {
		if (p[1] == ':') { /* a C++ scope, GMMA:: and the like */
			p++;
			continue;
		}
		const char *q = p + 1;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q == '(' || *q == '_' || *q == '-' || isdigit((unsigned char)*q))
			return true;
	}
	return false;
}

static int detect_cute(const char *s)
{
	if (lay_cute_is_expression(s))
		return LAY_PASS_ALGEBRA; /* CuTe's layout algebra, docs/algebra.md */
	return is_cute(s) ? LAY_PASS_CUTE : 0;
}

/* cute: composed with Sw<B,M,S> as CuTe prints it, or in C++. */
static json_t *write_swizzle_cute(json_t *def, const struct lay_def *d, int axis, int B, int M,
				  int S, int form)
{
	(void)d;
	(void)axis;
	const char *t = lay_swizzle_plain_text(def, "cute");
	if (!t || form < 0 || form > 1)
		return NULL;
	size_t need = strlen(t) + 96;
	char *buf = malloc(need);
	if (buf && form == 0)
		snprintf(buf, need, "Sw<%d,%d,%d> o 0 o %s", B, M, S, t);
	else if (buf)
		snprintf(buf, need, "composition(Swizzle<%d,%d,%d>{}, %s{})", B, M, S, t);
	return lay_swizzle_replaced(def, "cute", buf);
}

/* The role of a CuTe layout in an MMA (A, B, C). */
static const char *const cute_members[] = { "cute_role", NULL };

const struct lay_notation lay_notation_cute = {
	.key = "cute",
	.text_hint = "CuTe Shape:Stride or Layout<...>",
	.members = cute_members,
	.parse = lay_cute_parse,
	.detect = detect_cute,
	.write_swizzle = write_swizzle_cute,
	.prints = LAY_PRINTS_CUTE,
};
