/*
 * structural.c - verdicts and counts decided from a layout's closed form
 * (struct lay_form), without enumerating its points.  Every answer here is
 * a proof: when a step cannot be proven the layout is left undecided and
 * the analysis enumerates it (or refuses it past the limits).
 *
 * FORWARD (axe, cute memory): the iters on different axes are independent,
 * so the map from iter coordinates to points is the product of one map per
 * axis.  Iters of stride 0 (or extent 1) move nothing; the others must be
 * injective on each axis, which is proven when their strides nest (sorted by
 * |stride|, each is past the reach of the smaller ones) or, for a few
 * thousand combinations, by listing their sums.  Then every point reached
 * holds exactly the shard coordinates of stride 0 varied (zs elements), and
 * every element reaches R / zr distinct points.
 * TV (cute tv) and GF2 (linear) map hardware points to elements: each point
 * holds one element, and the element map's image and fibres (injective
 * strides as above, or the GF(2) rank) give the rest.
 * Out-of-bounds placements are never decided here (their count is a subset
 * sum problem); such layouts are enumerated.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf2.h"
#include "layout.h"
#include "run.h"

/* Largest number of sums listed to prove injectivity without nesting. */
#define STRUCT_LIST_MAX (1 << 16)

struct sv {
	int64_t extent, stride; /* stride > 0 */
};

static int cmp_sv(const void *a, const void *b)
{
	const struct sv *x = a, *y = b;
	return (x->stride > y->stride) - (x->stride < y->stride);
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

/*
 * Is c -> sum(c_k * s_k) injective on the box of extents v[k].extent?
 * 1 yes (then *image = product of the extents), 0 no, -1 not decided.
 * Past 64 bits (the strides' magnitudes may sum past it where the signed
 * coordinates do not) it is not decided.
 */
static int injective(struct sv *v, int n, int64_t *image)
{
	int64_t prod = 1, reach = 0;
	bool nested = true;
	qsort(v, (size_t)n, sizeof *v, cmp_sv);
	for (int k = 0; k < n; k++) {
		int64_t t;
		if (v[k].stride <= reach)
			nested = false;
		if (__builtin_mul_overflow(v[k].extent - 1, v[k].stride, &t) ||
		    __builtin_add_overflow(reach, t, &reach) ||
		    __builtin_mul_overflow(prod, v[k].extent, &prod))
			return -1;
	}
	*image = prod;
	if (nested)
		return 1;
	if (prod > STRUCT_LIST_MAX)
		return -1;
	int64_t *sums = malloc(sizeof *sums * (size_t)prod);
	if (!sums)
		return -1;
	int64_t c[2 * LAYOUTD_MAX_ITERS] = { 0 }, s = 0;
	for (int64_t i = 0; i < prod; i++) {
		sums[i] = s;
		for (int k = 0; k < n; k++) { /* odometer, first iter fastest */
			if (++c[k] < v[k].extent) {
				s += v[k].stride;
				break;
			}
			s -= (v[k].extent - 1) * v[k].stride;
			c[k] = 0;
		}
	}
	qsort(sums, (size_t)prod, sizeof *sums, cmp_i64);
	int ok = 1;
	for (int64_t i = 1; i < prod && ok; i++)
		ok = sums[i] != sums[i - 1];
	free(sums);
	return ok;
}

/* |s|, INT64_MIN's taken as INT64_MAX: injective() then never decides
 * a box it reaches (its sums overflow) */
static int64_t magnitude(int64_t s)
{
	return s == INT64_MIN ? INT64_MAX : s < 0 ? -s : s;
}

static int undecided(char *why, size_t n, const char *msg)
{
	snprintf(why, n, "%s", msg);
	return 0;
}

/* In bounds on every axis, extents and physical size; 0 when decided so far. */
static int bounds(const struct lay_def *def, struct facts *f, const int64_t *lo, char *why,
		  size_t nwhy)
{
	struct lay_error e;
	f->any = true;
	for (int a = 0; a < def->naxes; a++)
		if (lo[a] < 0 || (def->axes[a].declared && f->mx[a] >= def->axes[a].extent))
			return undecided(why, nwhy, "some placements are out of bounds");
	if (run_extents(def, true, f->mx, INT64_MAX, f->ext, &f->phys_size, &e)) {
		f->phys_size = -1;
		return undecided(why, nwhy, "the physical size overflows 64 bits");
	}
	return 1;
}

/* Owners: the product of the distinct values used on each owner axis. */
static void owners(const struct lay_def *def, struct facts *f, const int64_t *used)
{
	f->nown = 0;
	f->own_count = 1;
	for (int a = 0; a < def->naxes; a++)
		if (def->axes[a].kind != LAY_KIND_MEMORY) {
			f->own_axes[f->nown++] = a;
			f->own_count *= used[a];
		}
	if (!f->nown) {
		f->own_count = f->slot_min = f->slot_max = 0;
		return;
	}
	f->slot_min = f->slot_max = f->placements / f->own_count;
}

static int forward(const struct lay_def *def, const struct lay_form *F, struct facts *f, char *why,
		   size_t nwhy)
{
	int64_t lo[LAYOUTD_MAX_AXES], used[LAYOUTD_MAX_AXES];
	int64_t R = 1, zs = 1, zr = 1, occupied = 1;
	for (int a = 0; a < def->naxes; a++)
		lo[a] = f->mx[a] = F->offset[a];
	for (int k = 0; k < F->n; k++) {
		const struct lay_form_iter *it = &F->it[k];
		int64_t span = (it->extent - 1) * it->stride; /* fits: checked at parse */
		if (span < 0)
			lo[it->axis] += span;
		else
			f->mx[it->axis] += span;
		if (it->replica && __builtin_mul_overflow(R, it->extent, &R))
			return undecided(why, nwhy, "the replica count overflows 64 bits");
		if (it->stride == 0) {
			if (it->replica)
				zr *= it->extent;
			else
				zs *= it->extent;
		}
	}
	if (__builtin_mul_overflow(def->size, R, &f->placements))
		return undecided(why, nwhy, "the placement count overflows 64 bits");
	int rc = bounds(def, f, lo, why, nwhy);
	if (rc <= 0)
		return rc;
	for (int a = 0; a < def->naxes; a++) {
		struct sv v[2 * LAYOUTD_MAX_ITERS];
		int n = 0;
		for (int k = 0; k < F->n; k++)
			if (F->it[k].axis == a && F->it[k].stride != 0 && F->it[k].extent > 1)
				v[n++] = (struct sv){ F->it[k].extent, magnitude(F->it[k].stride) };
		int inj = injective(v, n, &used[a]);
		if (inj == 0)
			return undecided(why, nwhy, "two iters on one axis overlap");
		if (inj < 0)
			return undecided(why, nwhy,
					 "the strides on one axis neither nest nor are few enough "
					 "to list");
		occupied *= used[a];
	}
	f->unplaced = 0;
	f->oob = 0;
	f->collisions = occupied * (zs - 1);
	f->rep_min = f->rep_max = R / zr;
	f->duplicates = f->placements - def->size * (R / zr);
	f->mismatches = def->size - def->size / zs;
	f->holes = f->phys_size - occupied;
	owners(def, f, used);
	return 1;
}

static int tv(const struct lay_def *def, const struct lay_form *F, struct facts *f, char *why,
	      size_t nwhy)
{
	int64_t threads = 1, values = 1, lo = 0, hi = 0, z = 1, image;
	int64_t zero[LAYOUTD_MAX_AXES] = { 0 }, used[LAYOUTD_MAX_AXES];
	struct sv v[2 * LAYOUTD_MAX_ITERS];
	int n = 0;
	for (int k = 0; k < F->n; k++) {
		const struct lay_form_iter *it = &F->it[k];
		int64_t span = (it->extent - 1) * it->stride;
		if (k < F->split)
			threads *= it->extent;
		else
			values *= it->extent;
		if (span < 0)
			lo += span;
		else
			hi += span;
		if (it->stride == 0)
			z *= it->extent;
		else if (it->extent > 1)
			v[n++] = (struct sv){ it->extent, magnitude(it->stride) };
	}
	f->placements = threads * values; /* the placement bound, checked at parse */
	for (int a = 0; a < def->naxes; a++) {
		f->mx[a] = a == F->a_thread ? threads - 1 : a == F->a_value ? values - 1 : 0;
		used[a] = f->mx[a] + 1;
	}
	if (lo < 0 || hi >= F->tile)
		return undecided(why, nwhy, "some tile indices are outside the tile");
	int rc = bounds(def, f, zero, why, nwhy);
	if (rc <= 0)
		return rc;
	int inj = injective(v, n, &image);
	if (inj == 0)
		return undecided(why, nwhy, "two modes overlap in the tile");
	if (inj < 0)
		return undecided(why, nwhy, "the strides neither nest nor are few enough to list");
	f->unplaced = F->tile - image;
	f->collisions = f->duplicates = f->mismatches = f->oob = 0;
	f->rep_max = z;
	f->rep_min = f->unplaced ? 0 : z;
	f->holes = f->phys_size - f->placements;
	owners(def, f, used);
	return 1;
}

static int gf2(const struct lay_def *def, const struct lay_form *F, struct facts *f, char *why,
	       size_t nwhy)
{
	int64_t zero[LAYOUTD_MAX_AXES] = { 0 }, used[LAYOUTD_MAX_AXES];
	if (F->nrows > 62)
		return undecided(why, nwhy, "more than 2^62 hardware points");
	for (int a = 0; a < def->naxes; a++)
		f->mx[a] = 0;
	for (int i = 0; i < F->nin; i++)
		f->mx[F->in_axis[i]] = ((int64_t)1 << F->in_bits[i]) - 1;
	for (int a = 0; a < def->naxes; a++)
		used[a] = f->mx[a] + 1;
	f->placements = (int64_t)1 << F->nrows;
	int rc = bounds(def, f, zero, why, nwhy);
	if (rc <= 0)
		return rc;
	int r = lay_gf2_rank(F->rows, F->nrows);
	f->unplaced = def->size - ((int64_t)1 << r);
	f->collisions = f->duplicates = f->mismatches = f->oob = 0;
	f->rep_max = (int64_t)1 << (F->nrows - r);
	f->rep_min = f->unplaced ? 0 : f->rep_max;
	f->holes = f->phys_size - f->placements;
	owners(def, f, used);
	return 1;
}

int lay_structural(const struct lay_def *def, struct facts *f, char *why, size_t nwhy)
{
	struct lay_form F;
	memset(f, 0, sizeof *f);
	f->phys_size = -1;
	snprintf(why, nwhy, "no closed form");
	if (!def->ops->form)
		return -1;
	memset(&F, 0, sizeof F);
	def->ops->form(def, &F);
	f->fast_only = F.fast_only;
	switch (F.kind) {
	case LAY_FORM_FORWARD:
		return forward(def, &F, f, why, nwhy);
	case LAY_FORM_TV:
		return tv(def, &F, f, why, nwhy);
	case LAY_FORM_GF2:
		return gf2(def, &F, f, why, nwhy);
	default:
		return -1;
	}
}
