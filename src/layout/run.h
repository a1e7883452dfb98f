/*
 * run.h - internal to the engine: the state of one enumeration, shared by
 * the analysis, the table views and the comparison.  Not installed.
 */
#ifndef LAYOUTD_RUN_H
#define LAYOUTD_RUN_H

#include "layout.h"

struct run;

/* Called once per logical element in ascending order with its in-bounds
 * points (linear indices, unsorted, possibly repeated; the step may reorder
 * the array). */
typedef int (*run_step_fn)(struct run *r, int64_t elem, int32_t *pts, size_t n);

struct run_probe {
	int64_t *coords; /* n * naxes raw coordinates, grown as places come */
	size_t n, cap;
	bool truncated;
};

/*
 * Counters over [0, n) in one byte each: the rare count past 255 keeps its
 * carries (count / 256) in a small hash, so a count is exact at any size
 * and the array costs 1 byte per counter plus 1/8 byte per increment at
 * worst.  Indices are below 2^31 (LAYOUTD_MAX_POINTS_CAP).
 */
struct run_tally {
	uint8_t *lo;
	uint32_t *key; /* index + 1, 0 empty */
	uint32_t *hi;
	size_t cap, n;
};
int run_tally_init(struct run_tally *t, int64_t n);
int run_tally_carry(struct run_tally *t, int64_t i);
static inline int run_tally_add(struct run_tally *t, int64_t i)
{
	if (__builtin_expect(++t->lo[i] == 0, 0))
		return run_tally_carry(t, i);
	return 0;
}
int64_t run_tally_get(const struct run_tally *t, int64_t i);
void run_tally_free(struct run_tally *t);
/* The bytes a tally of n counters over `adds` increments may take. */
int64_t run_tally_bytes(int64_t n, int64_t adds);

/* The smallest window an enumeration gives itself, whatever the size: the
 * constant of "4 bytes per point + a constant". */
#define RUN_WINDOW_MIN ((int64_t)1 << 20)
/* The bytes of a window the budget allows: at least RUN_WINDOW_MIN, or
 * exactly run_window_test when that is set (unit tests make every window
 * tiny, so small layouts take many windows). */
extern int64_t run_window_test;
int64_t run_window(int64_t budget);
/* A step's or an emit's request to stop the walk early (not an error). */
#define RUN_STOP 1

struct run {
	const struct lay_def *def;
	struct lay_error *err;
	int naxes;
	/* the walk: the notation's, or a GF(2) layout's in element order */
	int (*walk)(const struct lay_def *def, lay_emit_fn emit, void *ctx, struct lay_error *err);
	bool ordered;
	/* pass 1 */
	bool any;
	int64_t emitted;
	int64_t mn[LAYOUTD_MAX_AXES], mx[LAYOUTD_MAX_AXES];
	/* the physical space */
	int64_t ext[LAYOUTD_MAX_AXES], stride[LAYOUTD_MAX_AXES];
	int64_t phys_size;
	/* occupancy, one bit per point (want_occ): the step's to set */
	bool want_occ;
	uint64_t *occ;
	/* owners: placements per owner (in the tile or not) */
	bool want_owners;
	int nown;
	int own_axes[LAYOUTD_MAX_AXES];
	int64_t own_stride[LAYOUTD_MAX_AXES];
	int64_t owner_size;
	struct run_tally owners;
	/* element-ordered streaming */
	int64_t cur;
	int32_t *buf;
	size_t nbuf, capbuf;
	/* hardware-ordered notations: each element's placement count, then
	 * the points of a window of elements [wlo, whi) in CSR, re-walking
	 * the notation once per window (off: wmax + 1, pts: cap) */
	struct run_tally ecount;
	uint32_t *off;
	int32_t *pts;
	int64_t wmax, cap;
	/* the range of elements the walk in progress hands to the step */
	int64_t wlo, whi;
	/* placements counted, checked, captured (oob, owners, probes): on
	 * the first walk of run_enumerate only */
	bool side;
	/* no steps will follow run_begin (run_points only): no window */
	bool points_only;
	/* run_range stops after one window [wlo, whi), whose CSR stays as the
	 * steps left it (an element's points end at the first -1) */
	bool one_window;
	/* the window's bytes (0: what the budget of 4 bytes per point leaves,
	 * at least RUN_WINDOW_MIN); set before run_alloc when runs share it */
	int64_t window_bytes;
	/* out of bounds */
	int64_t oob;
	/* the element handed to the step also has places out of bounds (it
	 * is placed, though it occupies no point): elem_oob of them, at
	 * elem_oob_distinct distinct points.  The coordinates of the
	 * out-of-bounds places of r->cur (streaming) or of the window
	 * (windows, each -2 - k in pts names entry k) wait in obuf. */
	int64_t elem_oob, elem_oob_distinct;
	/* their coordinates, sorted (elem_oob tuples of naxes; NULL when none) */
	const int64_t *elem_oob_coords;
	int64_t *obuf, *otmp;
	size_t nobuf, capobuf, capotmp;
	json_t *ex_oob;
	int examples;
	/* probes: sorted unique element indices and their captured places */
	int64_t *probe_elems;
	struct run_probe *probes;
	size_t nprobe_elems;
	/* memory beyond the run's own arrays that the caller will allocate,
	 * per physical point, per placement and in all, reserved with them */
	int64_t extra_per_point, extra_per_place, extra_bytes;
	/* bytes reserved in def->ctx for the working set, released by run_free */
	int64_t held;
	/* the step */
	run_step_fn step;
	int (*on_extents)(struct run *r); /* optional, after pass 1 */
	void *user;
};

/* Pass 1 (extents, counts) and the working set; then run_range hands the
 * elements [lo, hi) to r->step in ascending order (returning what a step
 * returned to stop, RUN_STOP included), and run_points calls fn for every
 * in-bounds placement of a logical element in the walk's order. */
int run_begin(struct run *r, const struct lay_def *def, struct lay_error *err);
/* run_begin in two halves, for runs that share a budget: the scan (pass 1,
 * sizes known), then the working set, once window_bytes is set. */
int run_scan(struct run *r, const struct lay_def *def, struct lay_error *err);
int run_alloc(struct run *r);
int run_range(struct run *r, int64_t lo, int64_t hi);
int run_points(struct run *r, int (*fn)(void *ctx, int64_t elem, int64_t p), void *ctx);
/* max(physical points, logical elements, placements): what "per point" means */
int64_t run_points_count(const struct run *r);
/* run_begin, then every element with the placements counted (side). */
int run_enumerate(struct run *r, const struct lay_def *def, struct lay_error *err);
/* A GF(2) layout in element order (enumerate.c): element e's points are
 * h0(e) xor span(ker), h0 linear in e's bits; cum_h[k] / cum_v[k] are what
 * e -> e+1 flips (bits 0..k) in h0 and in the residue, which is 0 exactly
 * for the elements in the image. */
struct run_gf2 {
	int nin, nrows, out_bits, nker;
	int rowlo[LAYOUTD_MAX_AXES], bits[LAYOUTD_MAX_AXES], axis[LAYOUTD_MAX_AXES];
	uint64_t cum_h[64], cum_v[64];
	uint64_t ker[64];
};
/* 1 with *g filled when def is a GF(2) layout whose placements are all in
 * bounds; 0 otherwise. */
int run_gf2_setup(const struct lay_def *def, struct run_gf2 *g);
/* Axis extents (declared, else max+1) and the physical size from each
 * axis's largest coordinate; refuses a space over `limit` points with the
 * enumeration's own message. */
int run_extents(const struct lay_def *def, bool any, const int64_t *mx, int64_t limit, int64_t *ext,
		int64_t *phys_size, struct lay_error *err);

/* The counts an analysis reports, from either method. */
struct facts {
	int64_t placements, unplaced, collisions, duplicates, oob, holes, mismatches;
	int64_t rep_min, rep_max;
	int64_t phys_size;
	int64_t ext[LAYOUTD_MAX_AXES], mx[LAYOUTD_MAX_AXES];
	bool any;
	int nown;
	int own_axes[LAYOUTD_MAX_AXES];
	int64_t own_count, slot_min, slot_max;
	bool fast_only; /* the closed form may not answer past the limits */
};

/*
 * structural.c: decide def from its closed form.  Returns 1 with *f filled
 * when proven; 0 when the form is known but no structural method decides it
 * (why says which step failed), with f->phys_size the physical size when
 * the bounds are known, else -1; -1 when the notation has no closed form.
 */
int lay_structural(const struct lay_def *def, struct facts *f, char *why, size_t nwhy);

/* enumerate_fast.c: a clean layout (decided structurally, no collision, duplicate or
 * out-of-bounds placement) enumerated in one pass for its fingerprint and
 * its hole and unplaced examples.  Returns 1 with *o filled, 0 when the
 * general enumeration must answer, or a negative code with err filled. */
struct fast_out {
	struct facts F;
	char fingerprint[72];
	json_t *holes, *unplaced; /* new references */
};
int run_fast(const struct lay_def *def, const int *order, int examples, struct fast_out *o,
	     struct lay_error *err);
/* Table pages of clean forward layouts (enumerate_fast.c): any row found directly. */
struct run_page {
	struct facts F;
	struct lay_form f;
	int64_t ps[LAYOUTD_MAX_AXES];	       /* point strides, definition axis order */
	int64_t weight[2 * LAYOUTD_MAX_ITERS]; /* element weight of each shard iter */
	int64_t R;			       /* points per element */
	bool invertible;		       /* nested positive strides: point -> element */
	int nax_it[LAYOUTD_MAX_AXES];
	int ax_it[LAYOUTD_MAX_AXES][2 * LAYOUTD_MAX_ITERS];
	/* a surjective GF(2) layout whose space is exactly its in-dims' */
	bool gf2;
	struct run_gf2 g;
	uint64_t h_of_bit[64]; /* h0(1 << b) */
};
int run_page_setup(const struct lay_def *def, struct run_page *pg);
size_t run_page_elem(const struct lay_def *def, const struct run_page *pg, int64_t e,
		     int64_t *coords);
int64_t run_page_point(const struct lay_def *def, const struct run_page *pg, const int64_t *coord);
size_t run_form_places(const struct lay_def *def, const struct lay_form *f, int64_t e,
		       int64_t *coords, size_t max, bool *truncated);

/* fingerprint = sha256(header || sha256(body)); `order` the axes by name. */
struct sha256_ctx;
void run_fingerprint(const struct lay_def *def, const int *order, const int64_t *ext,
		     struct sha256_ctx *body, char fingerprint[72]);
/* Reserve bytes of the working set in the request's context (r->def,
 * r->err set), given back by run_free. */
int run_reserve(struct run *r, int64_t bytes);
void run_free(struct run *r);
size_t run_unique(int32_t *p, size_t n);
void run_sort(int32_t *p, size_t n);
/* Ascending point order of m coordinate tuples of n axes (enumerate_fast.c). */
void run_sort_coords(int64_t *coords, size_t m, int n);
void run_decode_point(const struct run *r, int64_t p, int64_t *coord);
void run_decode_elem(const struct lay_def *def, int64_t e, int64_t *x);
json_t *run_elem_json(const struct lay_def *def, int64_t e);
json_t *run_coord_json(const struct lay_def *def, const int64_t *coord);
json_t *run_point_json(const struct run *r, int64_t p);

#endif
