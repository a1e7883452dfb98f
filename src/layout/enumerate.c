/*
 * enumerate.c - enumeration of the placement relation.
 *
 * A notation's walk() emits every placement twice: the first pass finds the
 * inferred extents (and, for notations that emit in hardware order, the
 * number of placements per element); the second linearizes each point and
 * hands every element's points, in ascending element order, to a per-element
 * step.  Working memory stays within 4 bytes per point (the most of
 * physical points, logical elements and placements) plus a constant, never
 * an allocation per point: a notation that walks in hardware order is
 * re-walked once per window of elements (run_begin).  Time is linear in
 * placements plus physical size, times the number of windows.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <nettle/sha2.h>

#include "gf2.h"
#include "layout.h"
#include "run.h"

static int cmp_i32(const void *a, const void *b)
{
	int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
	return (x > y) - (x < y);
}

void run_sort(int32_t *p, size_t n)
{
	if (n < 16) {
		for (size_t i = 1; i < n; i++) {
			int32_t v = p[i];
			size_t j = i;
			while (j > 0 && p[j - 1] > v) {
				p[j] = p[j - 1];
				j--;
			}
			p[j] = v;
		}
	} else {
		qsort(p, n, sizeof *p, cmp_i32);
	}
}

void run_decode_point(const struct run *r, int64_t p, int64_t *coord)
{
	for (int a = 0; a < r->naxes; a++)
		coord[a] = (p / r->stride[a]) % r->ext[a];
}

void run_decode_elem(const struct lay_def *def, int64_t e, int64_t *x)
{
	for (int d = def->rank - 1; d >= 0; d--) {
		x[d] = e % def->shape[d];
		e /= def->shape[d];
	}
}

json_t *run_elem_json(const struct lay_def *def, int64_t e)
{
	int64_t x[LAYOUTD_MAX_RANK];
	run_decode_elem(def, e, x);
	json_t *a = json_array();
	for (int d = 0; d < def->rank; d++)
		json_array_append_new(a, json_integer(x[d]));
	return a;
}

json_t *run_coord_json(const struct lay_def *def, const int64_t *coord)
{
	json_t *o = json_object();
	for (int a = 0; a < def->naxes; a++)
		json_object_set_new(o, def->axes[a].name, json_integer(coord[a]));
	return o;
}

json_t *run_point_json(const struct run *r, int64_t p)
{
	int64_t c[LAYOUTD_MAX_AXES];
	run_decode_point(r, p, c);
	return run_coord_json(r->def, c);
}

/* ------------------------------------------------------------------ */
/* Pass 1: extents and per-element counts.                             */

int64_t run_window_test;

int64_t run_window(int64_t budget)
{
	if (run_window_test > 0)
		return run_window_test;
	return budget < RUN_WINDOW_MIN ? RUN_WINDOW_MIN : budget;
}

int run_tally_init(struct run_tally *t, int64_t n)
{
	memset(t, 0, sizeof *t);
	t->lo = calloc((size_t)(n > 0 ? n : 1), 1);
	return t->lo ? 0 : -1;
}

static inline size_t tally_slot(const struct run_tally *t, int64_t i)
{
	return (size_t)(((uint64_t)i * 0x9E3779B97F4A7C15ull) >> 20) & (t->cap - 1);
}

/* Counter i wrapped to 0: one more carry of 256. */
int run_tally_carry(struct run_tally *t, int64_t i)
{
	if (2 * (t->n + 1) > t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 64;
		uint32_t *key = calloc(cap, sizeof *key), *hi = calloc(cap, sizeof *hi);
		if (!key || !hi) {
			free(key);
			free(hi);
			return LAY_ENOMEM;
		}
		struct run_tally nt = { .key = key, .hi = hi, .cap = cap };
		for (size_t k = 0; k < t->cap; k++)
			if (t->key[k]) {
				size_t s = tally_slot(&nt, t->key[k] - 1);
				while (key[s])
					s = (s + 1) & (cap - 1);
				key[s] = t->key[k];
				hi[s] = t->hi[k];
			}
		free(t->key);
		free(t->hi);
		t->key = key;
		t->hi = hi;
		t->cap = cap;
	}
	size_t s = tally_slot(t, i);
	while (t->key[s] && t->key[s] != (uint32_t)i + 1)
		s = (s + 1) & (t->cap - 1);
	if (!t->key[s]) {
		t->key[s] = (uint32_t)i + 1;
		t->n++;
	}
	t->hi[s]++;
	return 0;
}

int64_t run_tally_get(const struct run_tally *t, int64_t i)
{
	int64_t v = t->lo[i];
	if (t->n) {
		size_t s = tally_slot(t, i);
		while (t->key[s]) {
			if (t->key[s] == (uint32_t)i + 1)
				return v + 256 * (int64_t)t->hi[s];
			s = (s + 1) & (t->cap - 1);
		}
	}
	return v;
}

void run_tally_free(struct run_tally *t)
{
	free(t->lo);
	free(t->key);
	free(t->hi);
	memset(t, 0, sizeof *t);
}

/* n bytes, and at most adds / 256 carries in a table at least 1/4 full
 * (8 bytes a slot; half again while it grows) */
int64_t run_tally_bytes(int64_t n, int64_t adds)
{
	return n + adds * 3 / 16 + 512;
}

/* Every 65536 placements the caller may stop the enumeration. */
static inline int poll_interrupt(struct run *r)
{
	return lay_ctx_tick(r->def->ctx, 1, r->err);
}

static int emit_scan(void *ctx, int64_t elem, const int64_t *coord, int64_t outside)
{
	struct run *r = ctx;
	(void)outside;
	int rc = poll_interrupt(r);
	if (rc)
		return rc;
	if (++r->emitted > r->def->max_points)
		return lay_error_set(r->err, LAY_ELIMIT, r->def->ptr, -1,
				     "enumeration passed the limit of %lld placements",
				     (long long)r->def->max_points);
	for (int a = 0; a < r->naxes; a++) {
		if (!r->any || coord[a] < r->mn[a])
			r->mn[a] = coord[a];
		if (!r->any || coord[a] > r->mx[a])
			r->mx[a] = coord[a];
	}
	r->any = true;
	if (r->ecount.lo && elem >= 0 && run_tally_add(&r->ecount, elem))
		return lay_error_set(r->err, LAY_ENOMEM, r->def->ptr, -1, "out of memory");
	return 0;
}

/* ------------------------------------------------------------------ */
/* GF(2) layouts in element order.                                     */

/*
 * A linear layout maps hardware point h (its bits, row by row) to element
 * L h.  Element e's points are h0(e) xor span(ker L) when e is in the
 * image of L, none otherwise; Gaussian elimination once gives h0 as a
 * linear function of e's bits and a basis of the kernel.  Walking the
 * elements in order this way emits what the notation's walk emits (same
 * placements, same coordinates), so no regrouping by element is needed.
 */

/* 1 with *g filled when def is a GF(2) layout whose placements are all in
 * bounds; 0 otherwise. */
int run_gf2_setup(const struct lay_def *def, struct run_gf2 *g)
{
	struct lay_form f;
	if (!def->ops->form || def->swizzle.present)
		return 0;
	memset(&f, 0, sizeof f);
	def->ops->form(def, &f);
	if (f.kind != LAY_FORM_GF2 || f.nrows >= 63 || f.out_bits >= 63 ||
	    def->size != (int64_t)1 << f.out_bits)
		return 0;
	g->nin = f.nin;
	g->nrows = f.nrows;
	g->out_bits = f.out_bits;
	for (int i = 0, r = 0; i < f.nin; i++) {
		const struct lay_axis *ax = &def->axes[f.in_axis[i]];
		if (ax->declared && ax->extent < (int64_t)1 << f.in_bits[i])
			return 0; /* out-of-bounds placements: kept in the walk's order */
		g->rowlo[i] = r;
		g->bits[i] = f.in_bits[i];
		g->axis[i] = f.in_axis[i];
		r += f.in_bits[i];
	}
	/* reduced row echelon form of the rows, each tagged with the hardware
	 * bits it combines; a row reduced to 0 is a kernel vector */
	uint64_t val[64], tag[64], red_v[64] = { 0 }, red_h[64] = { 0 };
	int piv[64];
	int npiv = lay_gf2_echelon(f.rows, f.nrows, val, tag, piv, g->ker, &g->nker);
	/* element bit b reduces to (residue, preimage): its pivot row when b
	 * is a pivot (the other pivots' bits are not in it), else itself */
	for (int b = 0; b < f.out_bits; b++) {
		uint64_t v = (uint64_t)1 << b, h = 0;
		for (int p = 0; p < npiv; p++)
			if (v & ((uint64_t)1 << piv[p]))
				v ^= val[p], h ^= tag[p];
		red_v[b] = v;
		red_h[b] = h;
	}
	uint64_t av = 0, ah = 0;
	for (int b = 0; b < f.out_bits; b++) {
		av ^= red_v[b];
		ah ^= red_h[b];
		g->cum_v[b] = av;
		g->cum_h[b] = ah;
	}
	return 1;
}

static int gf2_walk(const struct lay_def *def, lay_emit_fn emit, void *ctx, struct lay_error *err)
{
	struct run_gf2 g;
	int64_t coord[LAYOUTD_MAX_AXES] = { 0 };
	if (!run_gf2_setup(def, &g))
		return lay_error_set(err, LAY_ERANGE, def->ptr, -1, "not a GF(2) layout");
	uint64_t v = 0, h = 0, total = (uint64_t)1 << g.out_bits;
	uint64_t R = (uint64_t)1 << g.nker;
	for (uint64_t e = 0; e < total; e++) {
		if (v == 0) { /* in the image: h is a preimage */
			uint64_t x = h;
			for (uint64_t s = 0; s < R; s++) { /* Gray order over the kernel */
				for (int i = 0; i < g.nin; i++)
					coord[g.axis[i]] =
						(int64_t)((x >> g.rowlo[i]) &
							  (((uint64_t)1 << g.bits[i]) - 1));
				int rc = emit(ctx, (int64_t)e, coord, 0);
				if (rc)
					return rc;
				if (s + 1 < R)
					x ^= g.ker[__builtin_ctzll(s + 1)];
			}
		}
		if (e + 1 < total) {
			int k = __builtin_ctzll(e + 1);
			v ^= g.cum_v[k];
			h ^= g.cum_h[k];
		}
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* Pass 2: linearize and hand each element's points to the step.       */

/* Internal: an element-ordered walk went past its range. */
#define RUN_DONE 0x4000

static void probe_capture(struct run *r, int64_t elem, const int64_t *coord)
{
	size_t lo = 0, hi = r->nprobe_elems;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (r->probe_elems[mid] < elem)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo >= r->nprobe_elems || r->probe_elems[lo] != elem)
		return;
	struct run_probe *pr = &r->probes[lo];
	if (pr->n >= LAYOUTD_MAX_PROBE_PLACES) {
		pr->truncated = true;
		return;
	}
	if (pr->n == pr->cap) {
		/* grown on demand: 4096 probes of one place each stay small */
		size_t cap = pr->cap ? 2 * pr->cap : 4;
		int64_t *nc = realloc(pr->coords,
				      sizeof(int64_t) * cap * (size_t)(r->naxes ? r->naxes : 1));
		if (!nc) {
			pr->truncated = true;
			return;
		}
		pr->coords = nc;
		pr->cap = cap;
	}
	memcpy(pr->coords + pr->n * r->naxes, coord, sizeof(int64_t) * (size_t)r->naxes);
	pr->n++;
}

/* Keep the coordinates of an out-of-bounds place; its entry's index. */
static int oob_keep(struct run *r, const int64_t *coord, size_t *at)
{
	size_t w = (size_t)(r->naxes ? r->naxes : 1);
	if (r->nobuf == r->capobuf) {
		size_t cap = r->capobuf ? 2 * r->capobuf : 16;
		int64_t *nb =
			cap > (size_t)INT32_MAX - 2 ? NULL : realloc(r->obuf, cap * w * sizeof *nb);
		if (!nb)
			return lay_error_set(r->err, LAY_ENOMEM, r->def->ptr, -1, "out of memory");
		r->obuf = nb;
		r->capobuf = cap;
	}
	memcpy(r->obuf + r->nobuf * w, coord, sizeof(int64_t) * (size_t)r->naxes);
	*at = r->nobuf++;
	return 0;
}

/* Distinct tuples among n coordinate tuples of r->naxes (sorted in place). */
static int64_t coords_distinct(struct run *r, int64_t *c, size_t n)
{
	size_t w = (size_t)(r->naxes ? r->naxes : 1);
	if (n < 2)
		return (int64_t)n;
	run_sort_coords(c, n, (int)w);
	int64_t d = 1;
	for (size_t k = 1; k < n; k++)
		d += memcmp(c + (k - 1) * w, c + k * w, w * sizeof *c) != 0;
	return d;
}

static int flush_until(struct run *r, int64_t upto)
{
	/* Process the buffered element, then every element before `upto` that
	 * emitted nothing in bounds. */
	int rc = 0;
	if (r->cur >= r->wlo) {
		r->elem_oob = (int64_t)r->nobuf;
		r->elem_oob_distinct = coords_distinct(r, r->obuf, r->nobuf);
		r->elem_oob_coords = r->obuf;
		rc = r->step(r, r->cur, r->buf, r->nbuf);
		r->nbuf = 0;
		r->nobuf = 0;
		if (rc)
			return rc;
	}
	r->elem_oob = r->elem_oob_distinct = 0;
	r->elem_oob_coords = NULL;
	for (int64_t e = r->cur + 1; e < upto; e++)
		if ((rc = r->step(r, e, NULL, 0)))
			return rc;
	r->cur = upto;
	return 0;
}

/* The side effects of one placement: out-of-bounds count and examples,
 * probes, owner slots. */
static int place_side(struct run *r, int64_t elem, const int64_t *coord, int64_t outside, bool oob)
{
	if (r->nprobe_elems && elem >= 0)
		probe_capture(r, elem, coord);
	if (r->owners.lo) {
		/* slots count every placement an owner makes, in the tile or not */
		int64_t o = 0;
		for (int k = 0; k < r->nown && o >= 0; k++) {
			int64_t c = coord[r->own_axes[k]];
			o = c < 0 || c >= r->ext[r->own_axes[k]] ? -1 : o + c * r->own_stride[k];
		}
		if (o >= 0 && run_tally_add(&r->owners, o))
			return lay_error_set(r->err, LAY_ENOMEM, r->def->ptr, -1, "out of memory");
	}
	if (oob) {
		r->oob++;
		if (r->ex_oob && (int)json_array_size(r->ex_oob) < r->examples) {
			json_t *ex = json_object();
			json_object_set_new(ex, "logical",
					    elem >= 0 ? run_elem_json(r->def, elem) : json_null());
			json_object_set_new(ex, "physical", run_coord_json(r->def, coord));
			if (elem < 0)
				json_object_set_new(ex, "index", json_integer(outside));
			json_array_append_new(r->ex_oob, ex);
		}
	}
	return 0;
}

/* The point at coord, false when coord is outside the extents (an
 * out-of-bounds place, which occupies nothing). */
static bool point_of(const struct run *r, const int64_t *coord, int64_t *p)
{
	*p = 0;
	for (int a = 0; a < r->naxes; a++) {
		if (coord[a] < 0 || coord[a] >= r->ext[a])
			return false;
		*p += coord[a] * r->stride[a];
	}
	return true;
}

static int emit_place(void *ctx, int64_t elem, const int64_t *coord, int64_t outside)
{
	struct run *r = ctx;
	int64_t p = 0;
	int rc = poll_interrupt(r);
	if (rc)
		return rc;
	bool oob = elem < 0 || !point_of(r, coord, &p);
	if (r->side && (rc = place_side(r, elem, coord, outside, oob)))
		return rc;
	if (elem < r->wlo) /* elem < 0 included */
		return 0;
	if (elem >= r->whi) {
		if (r->off)
			return 0;
		/* element order: nothing in range follows */
		return (rc = flush_until(r, r->whi)) ? rc : RUN_DONE;
	}
	size_t k = 0;
	if (r->off) {
		if (oob && (rc = oob_keep(r, coord, &k)))
			return rc;
		r->pts[r->off[elem - r->wlo]++] = oob ? -2 - (int32_t)k : (int32_t)p;
		return 0;
	}
	if (elem != r->cur && (rc = flush_until(r, elem)))
		return rc;
	if (oob)
		return oob_keep(r, coord, &k);
	if (r->nbuf == r->capbuf) {
		size_t cap = r->capbuf ? 2 * r->capbuf : 64;
		int32_t *nb = realloc(r->buf, cap * sizeof *nb);
		if (!nb)
			return lay_error_set(r->err, LAY_ENOMEM, r->def->ptr, -1, "out of memory");
		r->buf = nb;
		r->capbuf = cap;
	}
	r->buf[r->nbuf++] = (int32_t)p;
	return 0;
}

int run_reserve(struct run *r, int64_t bytes)
{
	int rc = lay_ctx_reserve(r->def ? r->def->ctx : NULL, bytes, r->err);
	if (!rc && bytes > 0)
		r->held += bytes;
	return rc;
}

void run_free(struct run *r)
{
	if (r->def)
		lay_ctx_release(r->def->ctx, r->held);
	r->held = 0;
	free(r->occ);
	run_tally_free(&r->owners);
	run_tally_free(&r->ecount);
	free(r->off);
	free(r->pts);
	free(r->buf);
	free(r->obuf);
	free(r->otmp);
	for (size_t i = 0; i < r->nprobe_elems; i++)
		free(r->probes[i].coords);
	free(r->probes);
	free(r->probe_elems);
	json_decref(r->ex_oob);
}

/*
 * Axis extents (declared, else max+1) and the physical size, refusing a
 * space over `limit` points.
 */
int run_extents(const struct lay_def *def, bool any, const int64_t *mx, int64_t limit, int64_t *ext,
		int64_t *phys_size, struct lay_error *err)
{
	*phys_size = 1;
	for (int a = 0; a < def->naxes; a++) {
		const struct lay_axis *ax = &def->axes[a];
		if (!ax->declared && any && mx[a] >= limit)
			return lay_error_set(err, LAY_ELIMIT, def->ptr, -1,
					     "axis %s reaches %lld: the physical space is larger "
					     "than the limit of %lld points",
					     ax->name, (long long)mx[a], (long long)limit);
		ext[a] = ax->declared ? ax->extent : (any && mx[a] >= 0 ? mx[a] + 1 : 1);
		if (__builtin_mul_overflow(*phys_size, ext[a], phys_size) || *phys_size > limit)
			return lay_error_set(err, LAY_ELIMIT, def->ptr, -1,
					     "the physical space is larger than the limit of "
					     "%3$lld points (reached at axis %1$s, extent %2$lld)",
					     ax->name, (long long)ext[a], (long long)limit);
	}
	return 0;
}

/* The refusal of a definition that is over a limit (kept for structural
 * decisions), for anything that would enumerate it. */
static int refuse_over_limit(const struct lay_def *def, struct lay_error *err)
{
	if (err)
		*err = *def->limit;
	return def->limit->code;
}

int64_t run_points_count(const struct run *r)
{
	int64_t m = r->phys_size;
	if (r->def->size > m)
		m = r->def->size;
	return r->emitted > m ? r->emitted : m;
}

/*
 * Pass 1 and the working set.  Memory, for every notation: a bit per point
 * (occupancy, when wanted), a byte per owner (slots), and for a notation
 * that walks in hardware order a byte per element (its placement count)
 * and a window of elements in CSR that takes what is left of 4 bytes per
 * point (at least RUN_WINDOW_MIN bytes): the elements are handed over one
 * window at a time, the notation re-walked once per window.  The caller
 * sets r->step, r->user, its wishes and its extra_* before the call; r is
 * cleaned with run_free.
 */
int run_begin(struct run *r, const struct lay_def *def, struct lay_error *err)
{
	int rc = run_scan(r, def, err);
	return rc ? rc : run_alloc(r);
}

int run_scan(struct run *r, const struct lay_def *def, struct lay_error *err)
{
	int rc;
	if (def->limit)
		return refuse_over_limit(def, err);
	r->def = def;
	r->err = err;
	r->naxes = def->naxes;
	r->cur = -1;
	struct run_gf2 g;
	r->walk = def->ops->walk;
	r->ordered = def->ops->ordered;
	/* a GF(2) layout walks in element order (probes capture at most 1024
	 * places each in the walk's order: kept when an element has more) */
	if (!r->ordered && run_gf2_setup(def, &g) && (!r->nprobe_elems || g.nker <= 10)) {
		r->walk = gf2_walk;
		r->ordered = true;
	}
	bool windows = !r->ordered && !r->points_only;
	if (windows) {
		if ((rc = run_reserve(r, run_tally_bytes(def->size, 0))))
			return rc;
		if (run_tally_init(&r->ecount, def->size))
			return lay_error_set(err, LAY_ENOMEM, def->ptr, -1, "out of memory");
	}
	if ((rc = r->walk(def, emit_scan, r, err)))
		return rc;

	if ((rc = run_extents(def, r->any, r->mx, def->max_points, r->ext, &r->phys_size, err)))
		return rc;
	int64_t s = 1;
	for (int a = r->naxes - 1; a >= 0; a--) {
		r->stride[a] = s;
		s *= r->ext[a];
	}
	if (r->on_extents && (rc = r->on_extents(r)))
		return rc;
	if (r->want_owners) {
		s = 1;
		for (int a = r->naxes - 1; a >= 0; a--)
			if (def->axes[a].kind != LAY_KIND_MEMORY)
				r->nown++;
		for (int a = r->naxes - 1, k = r->nown - 1; a >= 0; a--)
			if (def->axes[a].kind != LAY_KIND_MEMORY) {
				r->own_axes[k] = a;
				r->own_stride[k--] = s;
				s *= r->ext[a];
			}
		r->owner_size = s;
	}
	return 0;
}

int run_alloc(struct run *r)
{
	const struct lay_def *def = r->def;
	struct lay_error *err = r->err;
	bool windows = r->ecount.lo != NULL;
	int rc;
	/* the rest of the working set, now that its sizes are known */
	int64_t occ_bytes = r->want_occ ? (r->phys_size + 63) / 64 * 8 : 0;
	int64_t own_bytes =
		r->want_owners && r->nown ? run_tally_bytes(r->owner_size, r->emitted) : 0;
	int64_t extra = r->extra_per_point * r->phys_size + r->extra_per_place * r->emitted +
			r->extra_bytes;
	int64_t window = 0;
	if (windows) {
		int64_t whole = 4 * (def->size + 1) + 4 * r->emitted;
		window = r->window_bytes;
		if (!window) {
			window = 4 * run_points_count(r) - run_tally_bytes(def->size, 0) -
				 occ_bytes - own_bytes - extra;
		}
		window = run_window(window);
		if (window > whole && !run_window_test)
			window = whole;
		r->window_bytes = window;
	}
	int64_t need = occ_bytes + own_bytes + extra + window +
		       (windows ? r->emitted / 8 : 0); /* the counts' carries */
	if ((rc = run_reserve(r, need)))
		return rc;
	if (occ_bytes && !(r->occ = calloc((size_t)occ_bytes / 8, sizeof *r->occ)))
		return lay_error_set(err, LAY_ENOMEM, def->ptr, -1, "out of memory");
	if (own_bytes && run_tally_init(&r->owners, r->owner_size))
		return lay_error_set(err, LAY_ENOMEM, def->ptr, -1, "out of memory");
	if (windows) {
		/* a window of wmax elements and cap points: a quarter of the
		 * bytes for offsets when the elements are that many */
		r->wmax = window / 8;
		if (r->wmax > def->size)
			r->wmax = def->size;
		if (r->wmax < 1)
			r->wmax = 1;
		r->cap = (window - 4 * (r->wmax + 1)) / 4;
		if (r->cap < 1)
			r->cap = 1;
		r->off = malloc(sizeof *r->off * (size_t)(r->wmax + 1));
		r->pts = malloc(sizeof *r->pts * (size_t)r->cap);
		if (!r->off || !r->pts)
			return lay_error_set(err, LAY_ENOMEM, def->ptr, -1, "out of memory");
	}
	return 0;
}

/* The out-of-bounds places among an element's n window points: their
 * count and distinct coordinates into r->elem_oob(_distinct). */
static int window_oob(struct run *r, const int32_t *p, size_t n)
{
	size_t w = (size_t)(r->naxes ? r->naxes : 1), m = 0;
	for (size_t k = 0; k < n; k++)
		m += p[k] < 0;
	if (m > r->capotmp) {
		int64_t *t = realloc(r->otmp, m * w * sizeof *t);
		if (!t)
			return lay_error_set(r->err, LAY_ENOMEM, r->def->ptr, -1, "out of memory");
		r->otmp = t;
		r->capotmp = m;
	}
	m = 0;
	for (size_t k = 0; k < n; k++)
		if (p[k] < 0)
			memcpy(r->otmp + w * m++, r->obuf + w * (size_t)(-2 - p[k]),
			       w * sizeof(int64_t));
	r->elem_oob = (int64_t)m;
	r->elem_oob_distinct = coords_distinct(r, r->otmp, m);
	r->elem_oob_coords = r->otmp;
	return 0;
}

/* Hardware order: windows of elements within [lo, hi), each collected by
 * one walk (the first walk also does the side effects). */
static int range_windows(struct run *r, int64_t lo, int64_t hi)
{
	const struct lay_def *def = r->def;
	int rc;
	int64_t wlo = lo;
	do {
		int64_t whi = wlo, sum = 0;
		while (whi < hi && whi - wlo < r->wmax) {
			int64_t c = run_tally_get(&r->ecount, whi);
			if (sum + c > r->cap && whi > wlo)
				break;
			sum += c;
			whi++;
		}
		if (sum > r->cap) { /* one element with more places than the window */
			int32_t *np = realloc(r->pts, sizeof *np * (size_t)sum);
			if (!np)
				return lay_error_set(r->err, LAY_ENOMEM, def->ptr, -1,
						     "out of memory");
			r->pts = np;
			r->cap = sum;
		}
		/* off[k]: where element wlo + k starts; after the walk, ends */
		uint32_t at = 0;
		for (int64_t e = wlo; e < whi; e++) {
			r->off[e - wlo] = at;
			at += (uint32_t)run_tally_get(&r->ecount, e);
		}
		r->wlo = wlo;
		r->whi = whi;
		r->nobuf = 0;
		rc = r->walk(def, emit_place, r, r->err);
		r->side = false;
		if (rc)
			return rc;
		for (int64_t e = wlo; e < whi; e++) {
			uint32_t b = e > wlo ? r->off[e - wlo - 1] : 0, end = r->off[e - wlo];
			int32_t *p = r->pts + b;
			size_t n = 0;
			if ((rc = window_oob(r, p, end - b)))
				return rc;
			for (uint32_t k = b; k < end; k++)
				if (r->pts[k] >= 0)
					p[n++] = r->pts[k];
			for (uint32_t k = b + (uint32_t)n; k < end; k++)
				r->pts[k] = -1; /* the element's points end at the first -1 */
			if ((rc = r->step(r, e, p, n)))
				return rc;
		}
		if (r->one_window)
			return 0;
		wlo = whi;
	} while (wlo < hi);
	return 0;
}

int run_range(struct run *r, int64_t lo, int64_t hi)
{
	if (lo < 0)
		lo = 0;
	if (hi > r->def->size)
		hi = r->def->size;
	if (r->off)
		return range_windows(r, lo, hi);
	r->wlo = lo;
	r->whi = hi;
	r->cur = lo - 1;
	r->nbuf = 0;
	r->nobuf = 0;
	int rc = r->walk(r->def, emit_place, r, r->err);
	r->side = false;
	if (rc == RUN_DONE)
		return 0;
	return rc ? rc : flush_until(r, hi);
}

int run_enumerate(struct run *r, const struct lay_def *def, struct lay_error *err)
{
	int rc = run_begin(r, def, err);
	if (rc)
		return rc;
	r->side = true;
	return run_range(r, 0, def->size);
}

struct raw {
	struct run *r;
	int (*fn)(void *ctx, int64_t elem, int64_t p);
	void *ctx;
};

static int emit_raw(void *ctx, int64_t elem, const int64_t *coord, int64_t outside)
{
	struct raw *w = ctx;
	struct run *r = w->r;
	int64_t p = 0;
	(void)outside;
	int rc = poll_interrupt(r);
	if (rc || elem < 0)
		return rc;
	if (!point_of(r, coord, &p))
		return 0;
	return w->fn(w->ctx, elem, p);
}

int run_points(struct run *r, int (*fn)(void *ctx, int64_t elem, int64_t p), void *ctx)
{
	struct raw w = { r, fn, ctx };
	return r->walk(r->def, emit_raw, &w, r->err);
}

/* Sort and deduplicate an element's points; returns the distinct count. */
size_t run_unique(int32_t *p, size_t n)
{
	run_sort(p, n);
	size_t d = 0;
	for (size_t k = 0; k < n; k++)
		if (d == 0 || p[k] != p[d - 1])
			p[d++] = p[k];
	return d;
}
