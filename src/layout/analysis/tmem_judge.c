/*
 * tmem_judge.c - a TMEM layout is judged on the tensor memory it touches.
 * When a layout places elements on TMEM cells (TLane, TCol, TSub, block)
 * and also says who moves them (a copy atom's thread and value, a
 * tmem_load's lane and warp, an expr's thread), its physical space is the
 * TMEM cells, not the product of every axis: the cells form its codomain.
 * Holes are the cells of that box that hold nothing, a collision is a cell
 * holding two elements, replication counts the cells an element is in, and
 * the inverse reads a cell back (docs/tmem.md, "Judged on tensor memory").
 * Duplicates, bounds, completeness and owners stay as the engine found them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run.h"
#include "analysis/tmem.h"

/* The largest box of cells judged: 128 lanes x 512 columns x 4 slots x 16
 * CTAs.  A layout past it keeps the engine's judgement. */
#define JUDGE_MAX_CELLS ((int64_t)1 << 22)

static bool codomain_axis(const char *name)
{
	return strcmp(name, "TLane") == 0 || strcmp(name, "TCol") == 0 ||
	       strcmp(name, "TSub") == 0 || strcmp(name, "block") == 0;
}

struct judge {
	const struct lay_def *def;
	int n, ax[4];	       /* codomain axes, in the definition's order */
	int64_t ext[4], cells; /* their extents and product */
	uint64_t *pair;	       /* cell << 32 | element */
	size_t npair, cap;
	bool bad; /* out of memory */
};

static int judge_emit(void *ctx, int64_t elem, const int64_t *c, int64_t outside)
{
	(void)outside;
	struct judge *j = ctx;
	int64_t cell = 0;
	if (elem < 0 || j->bad)
		return 0;
	for (int k = 0; k < j->n; k++) {
		int64_t x = c[j->ax[k]];
		if (x < 0 || x >= j->ext[k])
			return 0; /* out of bounds: occupies nothing */
		cell = cell * j->ext[k] + x;
	}
	if (j->npair == j->cap) {
		size_t cap = j->cap ? 2 * j->cap : 4096;
		uint64_t *p = lay_ctx_realloc(j->def->ctx, j->pair, cap * sizeof *p);
		if (!p) {
			j->bad = true;
			return 0;
		}
		j->pair = p;
		j->cap = cap;
	}
	j->pair[j->npair++] = (uint64_t)cell << 32 | (uint64_t)elem;
	return 0;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

static size_t sort_unique(uint64_t *p, size_t n)
{
	size_t m = 0;
	if (n == 0)
		return 0; /* no pairs: p may be NULL, which qsort may not take */
	qsort(p, n, sizeof *p, cmp_u64);
	for (size_t i = 0; i < n; i++)
		if (m == 0 || p[m - 1] != p[i])
			p[m++] = p[i];
	return m;
}

static json_t *cell_json(const struct judge *j, int64_t cell)
{
	int64_t c[4];
	json_t *o = json_object();
	for (int k = j->n - 1; k >= 0; k--) {
		c[k] = cell % j->ext[k];
		cell /= j->ext[k];
	}
	for (int k = 0; k < j->n; k++)
		json_object_set_new(o, j->def->axes[j->ax[k]].name, json_integer(c[k]));
	return o;
}

static json_t *counted(int64_t n, json_t *examples)
{
	return json_pack("{s:I,s:o}", "count", (json_int_t)n, "examples", examples);
}

struct facts_t {
	int64_t holes, collisions, mismatches, rep_min, rep_max;
	json_t *ex_holes, *ex_coll, *ex_rt;
};

/* Holes and collisions from the (cell, element) pairs, sorted and
 * distinct; inv[cell] = the first element there (row-major), -1 when empty. */
static void by_cell(const struct judge *j, int32_t *inv, int examples, struct facts_t *F)
{
	int64_t occupied = 0;
	for (size_t i = 0; i < j->npair;) {
		int64_t cell = (int64_t)(j->pair[i] >> 32);
		size_t e = i;
		while (e < j->npair && (int64_t)(j->pair[e] >> 32) == cell)
			e++;
		inv[cell] = (int32_t)(j->pair[i] & 0xffffffffu);
		occupied++;
		F->collisions += (int64_t)(e - i) - 1;
		if (e - i > 1 && (int)json_array_size(F->ex_coll) < examples) {
			json_t *els = json_array();
			for (size_t k = i; k < e && k < i + 8; k++)
				json_array_append_new(
					els,
					run_elem_json(j->def, (int64_t)(j->pair[k] & 0xffffffffu)));
			json_array_append_new(F->ex_coll,
					      json_pack("{s:o,s:o}", "physical", cell_json(j, cell),
							"logical", els));
		}
		i = e;
	}
	F->holes = j->cells - occupied;
	for (int64_t c = 0; c < j->cells && (int)json_array_size(F->ex_holes) < examples; c++)
		if (inv[c] < 0)
			json_array_append_new(F->ex_holes,
					      json_pack("{s:o}", "physical", cell_json(j, c)));
}

/* Replication and the inverse, element by element (the pairs re-sorted as
 * element << 32 | cell). */
static void by_element(const struct judge *j, const int32_t *inv, int examples, struct facts_t *F)
{
	int64_t size = j->def->size, seen = 0;
	for (size_t i = 0; i < j->npair; i++) {
		uint64_t p = j->pair[i];
		j->pair[i] = (p & 0xffffffffu) << 32 | p >> 32;
	}
	if (j->npair)
		qsort(j->pair, j->npair, sizeof *j->pair, cmp_u64);
	F->rep_min = INT64_MAX;
	F->rep_max = 0;
	for (size_t i = 0; i < j->npair;) {
		int64_t elem = (int64_t)(j->pair[i] >> 32);
		size_t e = i;
		bool bad = false;
		while (e < j->npair && (int64_t)(j->pair[e] >> 32) == elem) {
			int64_t cell = (int64_t)(j->pair[e] & 0xffffffffu);
			if (inv[cell] != elem && !bad) {
				bad = true;
				if ((int)json_array_size(F->ex_rt) < examples)
					json_array_append_new(
						F->ex_rt,
						json_pack("{s:o,s:o,s:o}", "logical",
							  run_elem_json(j->def, elem), "physical",
							  cell_json(j, cell), "inverse",
							  run_elem_json(j->def, inv[cell])));
			}
			e++;
		}
		int64_t n = (int64_t)(e - i);
		F->rep_min = n < F->rep_min ? n : F->rep_min;
		F->rep_max = n > F->rep_max ? n : F->rep_max;
		F->mismatches += bad;
		seen++;
		i = e;
	}
	if (seen < size || F->rep_min == INT64_MAX)
		F->rep_min = 0; /* an element on no cell */
}

/* The new verdicts, counts and physical size into the analysis. */
static void apply(json_t *a, const struct judge *j, struct facts_t *F)
{
	json_t *phys = json_object_get(a, "physical"), *v = json_object_get(a, "verdict");
	json_t *names = json_array();
	for (int k = 0; k < j->n; k++)
		json_array_append_new(names, json_string(j->def->axes[j->ax[k]].name));
	json_object_set_new(phys, "size", json_integer(j->cells));
	json_object_set_new(phys, "codomain", names);
	json_object_set_new(a, "holes", counted(F->holes, F->ex_holes));
	json_object_set_new(a, "collisions", counted(F->collisions, F->ex_coll));
	json_object_set_new(a, "round_trip",
			    json_pack("{s:I,s:o}", "mismatches", (json_int_t)F->mismatches,
				      "examples", F->ex_rt));
	json_object_set_new(a, "replication",
			    json_pack("{s:I,s:I}", "min", (json_int_t)F->rep_min, "max",
				      (json_int_t)F->rep_max));
	bool hole_free = F->holes == 0, coll_free = F->collisions == 0;
	json_object_set_new(v, "hole_free", json_boolean(hole_free));
	json_object_set_new(v, "collision_free", json_boolean(coll_free));
	json_object_set_new(v, "round_trip", json_boolean(F->mismatches == 0));
	bool bij = hole_free && coll_free && F->rep_min == 1 && F->rep_max == 1;
	static const char *const also[] = { "complete", "replicas_distinct", "in_bounds" };
	for (size_t k = 0; k < sizeof also / sizeof also[0]; k++)
		bij = bij && json_is_true(json_object_get(v, also[k]));
	json_object_set_new(v, "bijective", json_boolean(bij));
}

/* The codomain axes and their extents (the analysis's), false when the
 * layout has no axis besides them or its box is too large. */
static bool judge_axes(const json_t *a, const struct lay_def *def, struct judge *j)
{
	json_t *axes = json_object_get(json_object_get(a, "physical"), "axes");
	bool other = false;
	j->cells = 1;
	for (int k = 0; k < def->naxes; k++) {
		if (!codomain_axis(def->axes[k].name)) {
			other = true;
			continue;
		}
		json_t *x = json_array_get(axes, (size_t)k);
		int64_t e = (int64_t)json_integer_value(json_object_get(x, "extent"));
		if (j->n == 4 || e < 1 || e > JUDGE_MAX_CELLS / j->cells)
			return false;
		j->ax[j->n] = k;
		j->ext[j->n++] = e;
		j->cells *= e;
	}
	return other && j->n > 0 && json_array_size(axes) == (size_t)def->naxes &&
	       def->size < ((int64_t)1 << 31);
}

int lay_tmem_judge(json_t *analysis, const struct lay_def *def, const struct lay_options *opt,
		   struct lay_error *err)
{
	struct judge j = { .def = def };
	if (!json_object_get(analysis, "tmem") || def->limit || !judge_axes(analysis, def, &j))
		return 0;
	int examples = opt && opt->examples > 0 ? opt->examples : LAYOUTD_DEFAULT_EXAMPLES;
	if (examples > LAYOUTD_MAX_EXAMPLES)
		examples = LAYOUTD_MAX_EXAMPLES;
	int rc = def->ops->walk(def, judge_emit, &j, err);
	int32_t *inv = rc || j.bad ? NULL : lay_ctx_malloc(def->ctx, sizeof *inv * (size_t)j.cells);
	if (!rc && inv) {
		struct facts_t F = { .ex_holes = json_array(),
				     .ex_coll = json_array(),
				     .ex_rt = json_array() };
		memset(inv, 0xff, sizeof *inv * (size_t)j.cells);
		j.npair = sort_unique(j.pair, j.npair);
		by_cell(&j, inv, examples, &F);
		by_element(&j, inv, examples, &F);
		apply(analysis, &j, &F);
	}
	if (!rc && !inv)
		rc = lay_ctx_error(def->ctx, err, def->ptr);
	lay_ctx_free(inv);
	lay_ctx_free(j.pair);
	return rc;
}
