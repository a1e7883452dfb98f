/*
 * analyze_step.c - the per-element step of an enumerated analysis: it
 * counts collisions, duplicates, replication and round-trip mismatches,
 * keeps the examples, and hashes the placement into the fingerprint.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analyze.h"

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

int ana_cmp_i64(const void *a, const void *b)
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
int ana_extents(struct run *r)
{
	struct ana *A = r->user;
	int64_t s = 1;
	for (int a = r->naxes - 1; a >= 0; a--) {
		A->nstride[a] = s;
		s *= r->ext[A->order[a]];
	}
	return 0;
}

/* Examples of an element's repeated out-of-bounds places (sorted tuples):
 * counted in duplicates with the in-bounds ones, shown as they are. */
static void oob_dup_examples(struct ana *A, struct run *r, int64_t e)
{
	size_t w = (size_t)(r->naxes ? r->naxes : 1), n = (size_t)r->elem_oob;
	const int64_t *c = r->elem_oob_coords;
	for (size_t k = 0; c && k < n;) {
		size_t end = k + 1;
		while (end < n && memcmp(c + k * w, c + end * w, w * sizeof *c) == 0)
			end++;
		if (end - k > 1 && (int)json_array_size(A->ex_dup) < A->examples)
			json_array_append_new(A->ex_dup,
					      json_pack("{s:o,s:o,s:I}", "logical",
							run_elem_json(r->def, e), "physical",
							run_coord_json(r->def, c + k * w), "count",
							(json_int_t)(end - k)));
		k = end;
	}
}

int ana_step(struct run *r, int64_t e, int32_t *pts, size_t n)
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
	if (r->elem_oob > r->elem_oob_distinct)
		oob_dup_examples(A, r, e);
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
		qsort(A->tmp, d, sizeof *A->tmp, ana_cmp_i64);
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
	const int64_t *at = bsearch(&p, f->pts, f->n, sizeof *f->pts, ana_cmp_i64);
	return f->first[at - f->pts];
}

int ana_resolve_firsts(struct run *r, struct ana *A, json_t **ex_rt)
{
	struct firsts f = { .n = 0 };
	*ex_rt = json_array();
	for (int k = 0; k < A->ncoll; k++)
		f.pts[f.n++] = A->coll[k].point;
	for (int k = 0; k < A->nrt; k++)
		f.pts[f.n++] = A->rt_point[k];
	if (!f.n)
		return 0;
	qsort(f.pts, f.n, sizeof *f.pts, ana_cmp_i64);
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
void ana_fingerprint_final(const struct lay_def *def, struct ana *A, const int64_t *ext,
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
	qsort(w->buf, w->n, sizeof *w->buf, ana_cmp_i64);
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

int ana_struct_fingerprint(const struct lay_def *def, struct ana *A, const struct facts *F,
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
		ana_fingerprint_final(def, A, F->ext, fingerprint);
	} else if (rc == LAY_ENOMEM) {
		lay_error_set(err, LAY_ENOMEM, def->ptr, -1, "out of memory");
	}
	free(w.buf);
	return rc;
}

void ana_free(struct ana *A)
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

struct ana *ana_new(const struct lay_def *def, const struct lay_options *opt, struct lay_error *err)
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

void ana_facts(const struct lay_def *def, struct run *r, struct ana *A, json_t *ex_rt,
	       struct facts *F, struct report_ex *ex)
{
	memset(F, 0, sizeof *F);
	F->placements = r->emitted;
	F->unplaced = A->unplaced;
	F->collisions = A->collisions;
	F->duplicates = A->duplicates;
	F->oob = r->oob;
	F->holes = r->phys_size - A->occupied;
	F->mismatches = A->mismatches;
	F->rep_min = def->size == 0 ? 0 : A->rep_min;
	F->rep_max = A->rep_max;
	F->phys_size = r->phys_size;
	memcpy(F->ext, r->ext, sizeof F->ext);
	memcpy(F->mx, r->mx, sizeof F->mx);
	F->any = r->any;
	F->nown = r->nown;
	memcpy(F->own_axes, r->own_axes, sizeof F->own_axes);
	for (int64_t o = 0; r->owners.lo && o < r->owner_size; o++) {
		int64_t c = run_tally_get(&r->owners, o);
		if (!c)
			continue;
		if (F->own_count == 0 || c < F->slot_min)
			F->slot_min = c;
		if (c > F->slot_max)
			F->slot_max = c;
		F->own_count++;
	}
	memset(ex, 0, sizeof *ex);
	ex->holes = json_array();
	for (int64_t p = 0; p < r->phys_size && (int)json_array_size(ex->holes) < A->examples; p++)
		if (!((r->occ[p >> 6] >> (p & 63)) & 1))
			json_array_append_new(ex->holes,
					      json_pack("{s:o}", "physical", run_point_json(r, p)));
	ex->coll = json_array();
	for (int k = 0; k < A->ncoll; k++) {
		json_t *els = json_array();
		for (int m = 0; m < A->coll[k].n; m++)
			json_array_append_new(els, run_elem_json(def, A->coll[k].elems[m]));
		json_array_append_new(ex->coll, json_pack("{s:o,s:o}", "physical",
							  run_point_json(r, A->coll[k].point),
							  "logical", els));
	}
	ex->dup = json_incref(A->ex_dup);
	ex->unplaced = json_incref(A->ex_unplaced);
	ex->oob = json_incref(r->ex_oob);
	ex->rt = ex_rt;
}
