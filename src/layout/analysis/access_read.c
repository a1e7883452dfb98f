/*
 * access_read.c - the two tables of an access: the memory layout's offset
 * for every element (acc_read_memory), and the threads layout's element
 * for every (warp group, lane, register) point (acc_read_threads), read
 * through acc_table (access_table.c); a GF(2) threads layout whose point
 * index is a concatenation of bit fields fills its table in one pass.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/access.h"

static const char *lane_names[] = { "lane", "laneid", NULL };
static const char *thread_names[] = { "thread", "tid", "tx", "tid_in_wg", NULL };

static bool name_in(const char *name, const char **set)
{
	for (; *set; set++)
		if (strcmp(*set, name) == 0)
			return true;
	return false;
}

/* ------------------------------------------------------------------ */
/* Reading both definitions                                            */

struct mem_rows {
	struct acc *A;
	int64_t bad_owner_elem, bad_owner_axis, bad_owner_coord;
};

/* Room for CTAs 1 .. n - 1 in eoff_cta, the new ones' offsets -1. */
static int cta_grow(struct acc *A, int64_t n)
{
	int64_t size = A->mem->size;
	int64_t *nb =
		lay_ctx_realloc(A->mem->ctx, A->eoff_cta, sizeof *nb * (size_t)((n - 1) * size));
	if (!nb)
		return LAY_ENOMEM;
	for (int64_t i = (A->nblk - 1) * size; i < (n - 1) * size; i++)
		nb[i] = -1;
	A->eoff_cta = nb;
	A->nblk = n;
	A->cta_stride = size;
	return 0;
}

/* Is element e in the shared memory of a CTA other than CTA 0? */
static bool in_other_cta(const struct acc *A, int64_t e)
{
	for (int64_t b = 1; b < A->nblk; b++)
		if (A->eoff_cta[(b - 1) * A->cta_stride + e] >= 0)
			return true;
	return false;
}

static int mem_row(void *ctx, const struct lay_table_row *row)
{
	struct mem_rows *m = ctx;
	struct acc *A = m->A;
	if (row->elem < 0)
		return 0;
	for (int a = 0; a < A->mem->naxes; a++)
		if (a != A->off_axis && a != A->mem_blk && row->coord[a] != 0 &&
		    m->bad_owner_elem < 0) {
			m->bad_owner_elem = row->elem;
			m->bad_owner_axis = a;
			m->bad_owner_coord = row->coord[a];
		}
	int64_t o = row->coord[A->off_axis];
	if (A->pad) /* padded_shared: the linear offset Triton vectorises */
		o = lay_padding_invert(A->pad, o);
	int64_t b = A->mem_blk >= 0 ? row->coord[A->mem_blk] : 0, *cur;
	if (b > 0) { /* another CTA's shared memory */
		if (b >= A->nblk && cta_grow(A, b + 1))
			return LAY_ENOMEM;
		cur = &A->eoff_cta[(b - 1) * A->cta_stride + row->elem];
		if (*cur == -1 || o < *cur) /* its lowest, as CTA 0's */
			*cur = o;
		return 0;
	}
	cur = &A->eoff[row->elem];
	if (*cur >= 0 && *cur != o)
		A->replicated++;
	if (*cur < 0 || o < *cur)
		*cur = o;
	return 0;
}

struct thr_rows {
	struct acc *A;
	int64_t *buf; /* per row: elem, then naxes coordinates */
	size_t n, cap;
	int64_t mx[LAYOUTD_MAX_AXES];
};

static int thr_row(void *ctx, const struct lay_table_row *row)
{
	struct thr_rows *t = ctx;
	int w = t->A->thr->naxes + 1;
	if (row->elem < 0)
		return 0;
	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 1024;
		int64_t *nb = lay_ctx_realloc(acc_ctx(t->A), t->buf, cap * (size_t)w * sizeof *nb);
		if (!nb)
			return LAY_ENOMEM;
		t->buf = nb;
		t->cap = cap;
	}
	int64_t *r = t->buf + t->n * (size_t)w;
	r[0] = row->elem;
	for (int a = 0; a < w - 1; a++) {
		r[a + 1] = row->coord[a];
		if (row->coord[a] > t->mx[a])
			t->mx[a] = row->coord[a];
	}
	t->n++;
	return 0;
}

static int elem_str(const struct lay_def *def, int64_t e, char *out, size_t n)
{
	int64_t x[LAYOUTD_MAX_RANK];
	for (int d = def->rank - 1; d >= 0; d--) {
		x[d] = e % def->shape[d];
		e /= def->shape[d];
	}
	size_t len = 0;
	len += (size_t)snprintf(out + len, n - len, "(");
	for (int d = 0; d < def->rank && len < n; d++)
		len += (size_t)snprintf(out + len, n - len, "%s%lld", d ? ", " : "",
					(long long)x[d]);
	if (len < n)
		snprintf(out + len, n - len, ")");
	return 0;
}

json_t *acc_elem_json(const struct lay_def *def, int64_t e)
{
	int64_t x[LAYOUTD_MAX_RANK];
	for (int d = def->rank - 1; d >= 0; d--) {
		x[d] = e % def->shape[d];
		e /= def->shape[d];
	}
	json_t *a = json_array();
	for (int d = 0; d < def->rank; d++)
		json_array_append_new(a, json_integer(x[d]));
	return a;
}

/* The memory side: one memory axis, owner axes (block) only at 0. */
int acc_read_memory(struct acc *A, const char *lptr, struct lay_error *err)
{
	const struct lay_def *d = A->mem;
	int nmem = 0;
	char names[256] = "";
	A->off_axis = A->mem_blk = -1;
	A->nblk = 1;
	for (int a = 0; a < d->naxes; a++) {
		if (A->per_cta && d->axes[a].kind != LAY_KIND_MEMORY &&
		    strcmp(d->axes[a].name, "block") == 0)
			A->mem_blk = a; /* Triton's CTA: each reads its own */
		if (d->axes[a].kind == LAY_KIND_MEMORY) {
			if (nmem++ == 0)
				A->off_axis = a;
			size_t l = strlen(names);
			snprintf(names + l, sizeof names - l, "%s%s", l ? ", " : "",
				 d->axes[a].name);
		}
	}
	if (nmem == 0)
		return lay_error_set(err, LAY_ESCHEMA, lptr, -1,
				     "an access reads shared memory, but the layout places its "
				     "elements on no memory axis (its axes are all owners)");
	if (nmem > 1)
		return lay_error_set(err, LAY_ESCHEMA, lptr, -1,
				     "an access needs one shared-memory offset per element, but "
				     "the layout has %d memory axes (%s)",
				     nmem, names);
	A->eoff = lay_ctx_malloc(d->ctx, sizeof *A->eoff * (size_t)(d->size ? d->size : 1));
	if (!A->eoff)
		return lay_ctx_error(d->ctx, err, lptr);
	for (int64_t e = 0; e < d->size; e++)
		A->eoff[e] = -1;
	A->pad = d->padding.n && d->padding.axis == A->off_axis ? &d->padding : NULL;
	struct mem_rows m = { A, -1, -1, 0 };
	int rc = acc_table(d, mem_row, &m, err);
	if (rc == LAY_ENOMEM && A->mem_blk >= 0 && !(err && err->code))
		return lay_ctx_error(d->ctx, err, lptr);
	if (rc)
		return rc;
	char es[128];
	if (m.bad_owner_elem >= 0) {
		elem_str(d, m.bad_owner_elem, es, sizeof es);
		return lay_error_set(err, LAY_ESCHEMA, lptr, -1,
				     "the layout places element %s on %s %lld: an access reads "
				     "one shared-memory space, so owner axes must stay at 0",
				     es, d->axes[m.bad_owner_axis].name,
				     (long long)m.bad_owner_coord);
	}
	int64_t mx = -1;
	for (int64_t e = 0; e < d->size; e++) {
		if (A->eoff[e] < 0 && A->nblk > 1 && in_other_cta(A, e))
			continue; /* another CTA's: its own threads read it */
		if (A->eoff[e] < 0) {
			elem_str(d, e, es, sizeof es);
			return lay_error_set(
				err, LAY_ESCHEMA, lptr, -1,
				"element %s has no offset in the layout (none, or only "
				"out-of-bounds ones): every element the threads access "
				"needs one",
				es);
		}
		if (A->eoff[e] > mx)
			mx = A->eoff[e];
	}
	const struct lay_axis *ax = &d->axes[A->off_axis];
	A->noff = ax->declared ? ax->extent : mx + 1;
	if (A->pad) /* the linear offsets' extent */
		A->noff = lay_padding_invert(A->pad, acc_phys(A, mx)) + 1;
	/* bijective onto [0, noff): distinct offsets, as many as elements */
	A->bijective = false;
	if (A->noff == d->size && A->replicated == 0 && A->nblk == 1) {
		uint8_t *seen = lay_ctx_calloc(d->ctx, (size_t)A->noff, 1);
		if (!seen)
			return lay_ctx_error(d->ctx, err, lptr);
		bool ok = true;
		for (int64_t e = 0; e < d->size && ok; e++) {
			if (seen[A->eoff[e]])
				ok = false;
			seen[A->eoff[e]] = 1;
		}
		lay_ctx_free(seen);
		A->bijective = ok;
	}
	return 0;
}

/* The threads side's axes: lane (or thread), registers, warp groups. */
static int thr_roles(struct acc *A, const char *tptr, struct lay_error *err)
{
	const struct lay_def *d = A->thr;
	A->lane_axis = A->thread_axis = A->thr_blk = -1;
	for (int a = 0; a < d->naxes; a++) {
		const struct lay_axis *ax = &d->axes[a];
		if (ax->kind == LAY_KIND_MEMORY) {
			A->slot_axes[A->nslot++] = a;
			continue;
		}
		bool lane = name_in(ax->name, lane_names), thread = name_in(ax->name, thread_names);
		if (lane || thread) {
			if (A->lane_axis >= 0 || A->thread_axis >= 0)
				return lay_error_set(
					err, LAY_ESCHEMA, tptr, -1,
					"the threads layout names the lane twice (%s and %s): "
					"give one of lane, laneid, or a thread index (thread, tid, "
					"tx, tid_in_wg)",
					d->axes[A->lane_axis >= 0 ? A->lane_axis : A->thread_axis]
						.name,
					ax->name);
			if (lane)
				A->lane_axis = a;
			else
				A->thread_axis = a;
			continue;
		}
		if (A->per_cta && strcmp(ax->name, "block") == 0)
			A->thr_blk = a; /* the CTA: the outermost warp group */
		else
			A->grp_axes[A->ngrp++] = a;
	}
	if (A->thr_blk >= 0)
		A->grp_axes[A->ngrp++] = A->thr_blk;
	if (A->lane_axis < 0 && A->thread_axis < 0)
		return lay_error_set(err, LAY_ESCHEMA, tptr, -1,
				     "the threads layout has no lane axis: name one lane, laneid, "
				     "or a thread index (thread, tid, tx, tid_in_wg; lane = "
				     "thread %% 32)");
	return 0;
}

/* L, R, G from the axis extents A->ext; pelem allocated, every point -1. */
static int thr_shape(struct acc *A, const char *tptr, struct lay_error *err)
{
	int64_t T = A->lane_axis >= 0 ? A->ext[A->lane_axis] : A->ext[A->thread_axis];
	if (A->lane_axis >= 0) {
		A->L = T;
		A->twarps = 1;
	} else {
		A->L = T < A->lanes ? T : A->lanes;
		A->twarps = (T + A->lanes - 1) / A->lanes;
	}
	A->R = 1;
	for (int k = 0; k < A->nslot; k++)
		A->R *= A->ext[A->slot_axes[k]];
	A->G = A->twarps;
	for (int k = 0; k < A->ngrp; k++)
		A->G *= A->ext[A->grp_axes[k]];
	int64_t npts = A->R * A->L * A->G; /* <= the threads layout's physical size */
	A->pelem = lay_ctx_malloc(acc_ctx(A), sizeof *A->pelem * (size_t)(npts ? npts : 1));
	if (!A->pelem)
		return lay_ctx_error(acc_ctx(A), err, tptr);
	memset(A->pelem, 0xff, sizeof *A->pelem * (size_t)(npts ? npts : 1));
	return 0;
}

/* Element elem at axis coordinates c into pelem; a point that already
 * holds another element is the error below (*clash its element). */
static int64_t thr_index(const struct acc *A, const int64_t *c)
{
	int64_t r = 0, l, g = 0, gs = 1;
	for (int k = 0; k < A->nslot; k++)
		r = r * A->ext[A->slot_axes[k]] + c[A->slot_axes[k]];
	if (A->lane_axis >= 0) {
		l = c[A->lane_axis];
	} else {
		l = c[A->thread_axis] % A->lanes;
		g = c[A->thread_axis] / A->lanes;
		gs = A->twarps;
	}
	for (int k = 0; k < A->ngrp; k++) {
		g += gs * c[A->grp_axes[k]];
		gs *= A->ext[A->grp_axes[k]];
	}
	return (g * A->L + l) * A->R + r;
}

static bool thr_place(struct acc *A, int64_t elem, const int64_t *c, int64_t *clash)
{
	int64_t p = thr_index(A, c);
	if (A->pelem[p] >= 0 && A->pelem[p] != elem) {
		*clash = A->pelem[p];
		return false;
	}
	A->pelem[p] = (int32_t)elem;
	return true;
}

static int thr_clash(const struct acc *A, int64_t e1, int64_t e2, const char *tptr,
		     struct lay_error *err)
{
	char s1[128], s2[128];
	elem_str(A->thr, e1, s1, sizeof s1);
	elem_str(A->thr, e2, s2, sizeof s2);
	return lay_error_set(err, LAY_ESCHEMA, tptr, -1,
			     "the threads layout puts elements %s and %s in one register of one "
			     "thread: a register holds one element",
			     s1, s2);
}

/* The rows straight into pelem, when the extents are known beforehand. */
struct thr_direct {
	struct acc *A;
	int64_t clash, elem;
};

static int thr_direct_row(void *ctx, const struct lay_table_row *row)
{
	struct thr_direct *t = ctx;
	if (row->elem < 0)
		return 0;
	if (!thr_place(t->A, row->elem, row->coord, &t->clash)) {
		t->elem = row->elem;
		return LAY_ESCHEMA;
	}
	return 0;
}

/* A GF(2) threads layout whose point index is a concatenation of bit
 * fields of its coordinates (every extent a power of two): the point and
 * the element both XOR-linear in the hardware bits, pelem filled in one
 * pass (access_table.c).  1 when not such a layout. */
static int thr_gf2(struct acc *A, struct thr_direct *t)
{
	if (!acc_is_pow2(A->L) || !acc_is_pow2(A->R) || !acc_is_pow2(A->G) ||
	    !acc_is_pow2(A->lanes))
		return 1;
	for (int a = 0; a < A->thr->naxes; a++)
		if (!acc_is_pow2(A->ext[a]))
			return 1;
	int64_t c[LAYOUTD_MAX_AXES] = { 0 }, pbit[64];
	int nin, in_axis[LAYOUTD_MAX_AXES], in_bits[LAYOUTD_MAX_AXES], k = 0;
	if (!acc_gf2_dims(A->thr, &nin, in_axis, in_bits))
		return 1;
	for (int i = 0; i < nin; i++)
		for (int b = 0; b < in_bits[i]; b++) {
			c[in_axis[i]] = INT64_C(1) << b;
			pbit[k++] = thr_index(A, c);
			c[in_axis[i]] = 0;
		}
	return acc_gf2_fill(A->thr, pbit, A->pelem, &t->clash, &t->elem);
}

/* The rows through a buffer, the extents from their largest coordinates. */
static int thr_buffered(struct acc *A, const char *tptr, struct lay_error *err)
{
	const struct lay_def *d = A->thr;
	struct thr_rows t = { A, NULL, 0, 0, { 0 } };
	if (d->placements_bound > 0 && d->placements_bound <= (INT64_C(1) << 22)) {
		/* room for every row at once: no regrowth while walking */
		t.buf = lay_ctx_malloc(d->ctx, (size_t)d->placements_bound *
						       (size_t)(d->naxes + 1) * sizeof *t.buf);
		t.cap = t.buf ? (size_t)d->placements_bound : 0;
	}
	int rc = acc_table(d, thr_row, &t, err);
	for (int a = 0; !rc && a < d->naxes; a++)
		A->ext[a] = d->axes[a].declared ? d->axes[a].extent : t.mx[a] + 1;
	if (!rc)
		rc = thr_shape(A, tptr, err);
	int w = d->naxes + 1;
	for (size_t i = 0; !rc && i < t.n; i++) {
		const int64_t *row = t.buf + i * (size_t)w;
		int64_t clash;
		if (!thr_place(A, row[0], row + 1, &clash))
			rc = thr_clash(A, clash, row[0], tptr, err);
	}
	lay_ctx_free(t.buf);
	return rc;
}

/* Every element of the tile is held by some thread: an element the threads
 * layout places only out of its declared axes (or not at all) would go
 * unread, and the counts would describe a part of the access. */
int acc_threads_cover(const struct acc *A, const char *tptr, struct lay_error *err)
{
	int64_t n = A->thr->size, npts = A->R * A->L * A->G, missing = -1, held = 0;
	unsigned char *seen = lay_ctx_calloc(acc_ctx(A), (size_t)(n ? n : 1), 1);
	if (!seen)
		return lay_ctx_error(acc_ctx(A), err, tptr);
	for (int64_t p = 0; p < npts; p++)
		if (A->pelem[p] >= 0 && A->pelem[p] < n && !seen[A->pelem[p]]) {
			seen[A->pelem[p]] = 1;
			held++;
		}
	for (int64_t e = 0; e < n && missing < 0; e++)
		if (!seen[e])
			missing = e;
	lay_ctx_free(seen);
	if (missing < 0)
		return 0;
	char es[128];
	elem_str(A->thr, missing, es, sizeof es);
	return lay_error_set(err, LAY_ESCHEMA, tptr, -1,
			     "the threads layout holds %lld of its %lld elements on its axes "
			     "(element %s is on none, or only out of bounds): an access reads "
			     "every element",
			     (long long)held, (long long)n, es);
}

/* The threads side: lane, warp groups and registers from the axis names. */
int acc_read_threads(struct acc *A, const char *tptr, struct lay_error *err)
{
	int rc = thr_roles(A, tptr, err);
	if (rc)
		return rc;
	if (acc_table_extents(A->thr, A->ext)) {
		struct thr_direct t = { A, -1, -1 };
		if ((rc = thr_shape(A, tptr, err)))
			return rc;
		rc = thr_gf2(A, &t);
		if (rc > 0)
			rc = acc_table(A->thr, thr_direct_row, &t, err);
		if (rc == LAY_ESCHEMA && t.elem >= 0)
			return thr_clash(A, t.clash, t.elem, tptr, err);
	} else {
		rc = thr_buffered(A, tptr, err);
	}
	if (rc)
		return rc;

	/* Registers that repeat another register's element for every thread
	 * are one value held twice: no instruction reads them (Triton drops
	 * such broadcast register bases the same way). */
	A->rpow2 = acc_is_pow2(A->R);
	A->R2 = A->R;
	if (A->rpow2) {
		int nb = acc_log2i(A->R);
		for (int j = 0; j < nb; j++) {
			int64_t bit = INT64_C(1) << j;
			bool same = true;
			for (int64_t gl = 0; gl < A->G * A->L && same; gl++)
				for (int64_t r = 0; r < A->R && same; r++)
					if (!(r & bit))
						same = A->pelem[gl * A->R + r] ==
						       A->pelem[gl * A->R + (r | bit)];
			if (!same)
				A->kept[A->nkept++] = j;
		}
		A->R2 = INT64_C(1) << A->nkept;
	}
	return 0;
}

/* Register index of the compacted register r2. */
int64_t acc_expand_reg(const struct acc *A, int64_t r2)
{
	if (!A->rpow2)
		return r2;
	int64_t r = 0;
	for (int k = 0; k < A->nkept; k++)
		if (r2 & (INT64_C(1) << k))
			r |= INT64_C(1) << A->kept[k];
	return r;
}

static void shape_text(const struct lay_def *d, char *out, size_t n)
{
	size_t len = 0;
	out[0] = '\0';
	for (int k = 0; k < d->rank && len < n; k++)
		len += (size_t)snprintf(out + len, n - len, "%s%lld", k ? ", " : "",
					(long long)d->shape[k]);
}

bool acc_tiles_differ(const struct lay_def *a, const struct lay_def *b, char *ta, char *tb,
		      size_t n)
{
	bool same = a->rank == b->rank;
	for (int k = 0; same && k < a->rank; k++)
		same = a->shape[k] == b->shape[k];
	if (same)
		return false;
	shape_text(a, ta, n);
	shape_text(b, tb, n);
	return true;
}
