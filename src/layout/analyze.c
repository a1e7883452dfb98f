/*
 * analyze.c - enumeration of the placement relation and its analysis.
 *
 * A notation's walk() emits every placement twice: the first pass finds the
 * inferred extents (and, for notations that emit in hardware order, the
 * number of placements per element); the second linearizes each point and
 * hands every element's points, in ascending element order, to a per-element
 * step.  Working memory is flat arrays over the logical and physical spaces
 * (4 bytes per point), never an allocation per point; time is linear in
 * placements plus physical size.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <nettle/sha2.h>

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

/* Every 65536 placements the caller may stop the enumeration. */
static inline int poll_interrupt(struct run *r)
{
	if (!r->def->interrupt || (++r->ticks & 0xFFFF) != 0)
		return 0;
	return r->def->interrupt(r->def->interrupt_ctx, r->err);
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
	if (r->off && elem >= 0)
		r->off[elem + 1]++;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Pass 2: linearize and hand each element's points to the step.       */

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

static int flush_until(struct run *r, int64_t upto)
{
	/* Process the buffered element, then every element before `upto` that
	 * emitted nothing in bounds. */
	int rc = 0;
	if (r->cur >= 0) {
		r->elem_oob = r->cur_oob;
		rc = r->step(r, r->cur, r->buf, r->nbuf);
		r->nbuf = 0;
		if (rc)
			return rc;
	}
	r->elem_oob = false;
	for (int64_t e = r->cur + 1; e < upto; e++)
		if ((rc = r->step(r, e, NULL, 0)))
			return rc;
	r->cur = upto;
	r->cur_oob = false;
	return 0;
}

static int emit_place(void *ctx, int64_t elem, const int64_t *coord, int64_t outside)
{
	struct run *r = ctx;
	int64_t p = 0;
	int irc = poll_interrupt(r);
	if (irc)
		return irc;
	bool oob = elem < 0;
	for (int a = 0; a < r->naxes && !oob; a++) {
		if (coord[a] < 0 || coord[a] >= r->ext[a])
			oob = true;
		else
			p += coord[a] * r->stride[a];
	}
	if (r->nprobe_elems && elem >= 0)
		probe_capture(r, elem, coord);
	if (r->owner_count) {
		/* slots count every placement an owner makes, in the tile or not */
		int64_t o = 0;
		for (int k = 0; k < r->nown && o >= 0; k++) {
			int64_t c = coord[r->own_axes[k]];
			o = c < 0 || c >= r->ext[r->own_axes[k]] ? -1 : o + c * r->own_stride[k];
		}
		if (o >= 0)
			r->owner_count[o]++;
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
		if (r->off && elem >= 0) {
			r->pts[r->off[elem]++] = -1;
		} else if (elem >= 0) {
			if (elem != r->cur) {
				int rc = flush_until(r, elem);
				if (rc)
					return rc;
			}
			r->cur_oob = true;
		}
		return 0;
	}
	if (r->off) {
		r->pts[r->off[elem]++] = (int32_t)p;
		return 0;
	}
	if (elem != r->cur) {
		int rc = flush_until(r, elem);
		if (rc)
			return rc;
	}
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

void run_free(struct run *r)
{
	free(r->first);
	free(r->off);
	free(r->pts);
	free(r->buf);
	free(r->owner_count);
	for (size_t i = 0; i < r->nprobe_elems; i++)
		free(r->probes[i].coords);
	free(r->probes);
	free(r->probe_elems);
	json_decref(r->ex_oob);
}

/*
 * Enumerate def: extents, then every element's distinct-sorted-ready points
 * through r->step.  The caller sets r->step, r->user and optional probe and
 * owner wishes before the call; r is cleaned with run_free.
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

int run_enumerate(struct run *r, const struct lay_def *def, struct lay_error *err)
{
	int rc;
	if (def->limit)
		return refuse_over_limit(def, err);
	r->def = def;
	r->err = err;
	r->naxes = def->naxes;
	r->cur = -1;
	if (!def->ops->ordered) {
		if (def->reserve &&
		    (rc = def->reserve(def->reserve_ctx, (int64_t)sizeof *r->off * (def->size + 1),
				       err)))
			return rc;
		r->off = calloc((size_t)def->size + 1, sizeof *r->off);
		if (!r->off)
			return lay_error_set(err, LAY_ENOMEM, def->ptr, -1, "out of memory");
	}
	if ((rc = def->ops->walk(def, emit_scan, r, err)))
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
	if (def->reserve) {
		/* the rest of the working set, now that its sizes are known:
		 * first[] and owner counts per point, the CSR points per
		 * placement, and what the caller said it adds */
		int64_t need =
			(int64_t)sizeof *r->first * r->phys_size +
			(r->want_owners ? (int64_t)sizeof *r->owner_count * r->phys_size : 0) +
			(r->off ? (int64_t)sizeof *r->pts * r->emitted : 0) +
			r->extra_per_point * r->phys_size + r->extra_per_place * r->emitted;
		if ((rc = def->reserve(def->reserve_ctx, need, err)))
			return rc;
	}
	r->first = malloc(sizeof *r->first * (size_t)r->phys_size);
	if (!r->first)
		return lay_error_set(err, LAY_ENOMEM, def->ptr, -1, "out of memory");
	memset(r->first, 0xff, sizeof *r->first * (size_t)r->phys_size);

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
		if (r->nown) {
			r->owner_count = calloc((size_t)s, sizeof *r->owner_count);
			if (!r->owner_count)
				return lay_error_set(err, LAY_ENOMEM, def->ptr, -1,
						     "out of memory");
		}
	}
	if (r->off) {
		for (int64_t e = 0; e < def->size; e++)
			r->off[e + 1] += r->off[e];
		r->pts = malloc(sizeof *r->pts *
				(size_t)(r->off[def->size] ? r->off[def->size] : 1));
		if (!r->pts)
			return lay_error_set(err, LAY_ENOMEM, def->ptr, -1, "out of memory");
	}
	if ((rc = def->ops->walk(def, emit_place, r, err)))
		return rc;
	if (r->off) {
		/* off[e] now ends element e; element e starts at off[e-1]. */
		for (int64_t e = 0; e < def->size; e++) {
			uint32_t lo = e ? r->off[e - 1] : 0, hi = r->off[e];
			int32_t *p = r->pts + lo;
			size_t n = 0;
			for (uint32_t k = lo; k < hi; k++)
				if (r->pts[k] >= 0)
					p[n++] = r->pts[k];
			r->elem_oob = n < hi - lo;
			if ((rc = r->step(r, e, p, n)))
				return rc;
		}
		return 0;
	}
	return flush_until(r, def->size);
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
