/*
 * linear.c - the linear notation: Triton linear layouts over GF(2), a map
 * from hardware in-dims (register, lane, warp, block, offset, ...) to
 * logical out-dims (docs/notations.md).  In-dim d with n bases is an axis of
 * declared extent 2^n; the value at a hardware point is the XOR of the bases
 * of its set bits.
 *
 * Because every out size is a power of two, the logical row-major flat index
 * is the concatenation of the out coordinates' bits (dim 0 most
 * significant).  Each basis is therefore packed into one uint64 "row" in that
 * order, and applying the layout is XORing rows: the packed value IS the flat
 * element index the engine wants.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gf2.h"
#include "layout.h"
#include "notation/notation.h"

/* A basis may not exceed this many bits per in-dim: 2^62 is the largest
 * extent an int64 holds with room for the engine's max+1 arithmetic. */
#define LIN_MAX_DIM_BITS 62
/* Total out bits: the logical size is a product checked to fit int64. */
#define LIN_MAX_BITS 64

struct lin_state {
	int nin;		    /* in-dims, in JSON order */
	int axis[LAYOUTD_MAX_AXES]; /* axis index of in-dim i */
	int bits[LAYOUTD_MAX_AXES]; /* number of bases of in-dim i */
	int nrows;		    /* total in bits */
	/* Packed image of each in bit, in-dim by in-dim, low bit first. */
	uint64_t rows[LAYOUTD_MAX_AXES * LIN_MAX_DIM_BITS];
	int out_bits; /* total out bits */
	/* Unpacking a row into out coordinates (structure.linear). */
	int rank;
	int shift[LAYOUTD_MAX_RANK], width[LAYOUTD_MAX_RANK];
	/* Extra members of "structure" from the notation that built the
	 * bases (ttgir), owned; NULL for a plain linear layout. */
	json_t *extra;
	/* Tensor memory in-bits that mark cells holding nothing (Triton's
	 * "Zeros in TMEM LinearLayouts"): hole[r] for row r; a point with one
	 * of them set is placed nowhere.  nholes of them. */
	bool hole[LAYOUTD_MAX_AXES * LIN_MAX_DIM_BITS];
	int nholes;
};

static void lin_free(void *p)
{
	struct lin_state *st = p;
	if (st)
		json_decref(st->extra);
	free(st);
}

/* log2 of a power of two >= 1, or -1 when v is not one. */
static int log2_exact(int64_t v)
{
	if (v < 1 || (v & (v - 1)) != 0)
		return -1;
	return __builtin_ctzll((unsigned long long)v);
}

/*
 * "out": [["dim0", 16], ["dim1", 16]] -> the logical shape, its names and
 * each dim's bit width.  The names overwrite def->names; a given `logical`
 * must agree with the out sizes (and with the names when it gives names).
 */
static int parse_out(struct lay_def *def, json_t *out, json_t *whole, const char *ptr, int *width,
		     struct lay_error *err)
{
	char q[LAY_ERR_PTR], q2[LAY_ERR_PTR];
	int64_t shape[LAYOUTD_MAX_RANK];
	char names[LAYOUTD_MAX_RANK][LAYOUTD_MAX_NAME];
	int rc;

	if (!json_is_array(out) || json_array_size(out) == 0)
		return lay_error_set(err, LAY_ESCHEMA, ptr, -1,
				     "out must be a non-empty array of [\"name\", size] pairs, "
				     "e.g. [[\"dim0\", 16]]");
	size_t rank = json_array_size(out);
	if (rank > LAYOUTD_MAX_RANK)
		return lay_error_set(err, LAY_ELIMIT, ptr, -1, "%zu out dims, over the limit %d",
				     rank, LAYOUTD_MAX_RANK);
	for (size_t d = 0; d < rank; d++) {
		json_t *pair = json_array_get(out, d);
		lay_ptr_index(q, sizeof q, ptr, d);
		if (!json_is_array(pair) || json_array_size(pair) != 2)
			return lay_error_set(err, LAY_ESCHEMA, q, -1,
					     "an out dim is a [\"name\", size] pair");
		lay_ptr_index(q2, sizeof q2, q, 0);
		const char *name = json_string_value(json_array_get(pair, 0));
		if (!name)
			return lay_error_set(err, LAY_ESCHEMA, q2, -1,
					     "the name of out dim %zu must be a string", d);
		if (!lay_is_ident(name))
			return lay_error_set(err, LAY_ENAME, q2, -1,
					     "out dim name \"%.64s\" is not an identifier "
					     "([A-Za-z_][A-Za-z0-9_]*, < %d chars)",
					     name, LAYOUTD_MAX_NAME);
		for (size_t e = 0; e < d; e++)
			if (strcmp(names[e], name) == 0)
				return lay_error_set(err, LAY_ENAME, q2, -1,
						     "out dim name \"%s\" repeats", name);
		snprintf(names[d], sizeof names[d], "%s", name);
		lay_ptr_index(q2, sizeof q2, q, 1);
		if (lay_json_int(json_array_get(pair, 1), q2, &shape[d], err))
			return err ? err->code : LAY_ESCHEMA;
		if ((width[d] = log2_exact(shape[d])) < 0)
			return lay_error_set(
				err, LAY_ERANGE, q2, -1,
				"out dim %s has size %lld, which is not a power of two >= 1", name,
				(long long)shape[d]);
	}

	lay_ptr_join(q, sizeof q, def->ptr, "logical");
	if (def->logical_given) {
		bool same = def->rank == (int)rank;
		for (size_t d = 0; same && d < rank; d++)
			same = def->shape[d] == shape[d];
		if (!same)
			return lay_error_set(err, LAY_ESHAPE, q, -1,
					     "logical differs from the out sizes of the linear "
					     "layout (they are its shape, in the order given)");
		json_t *lg = json_object_get(whole, "logical");
		if (json_is_object(lg) && json_object_get(lg, "names")) {
			lay_ptr_join(q, sizeof q, q, "names");
			for (size_t d = 0; d < rank; d++)
				if (strcmp(def->names[d], names[d]) != 0)
					return lay_error_set(
						err, LAY_ESHAPE, q, -1,
						"logical name \"%s\" differs from out dim \"%s\"",
						def->names[d], names[d]);
		}
	} else if ((rc = lay_def_set_shape(def, (int)rank, shape, ptr, err))) {
		return rc;
	}
	for (size_t d = 0; d < rank; d++)
		snprintf(def->names[d], sizeof def->names[d], "%.63s", names[d]);
	return 0;
}

/*
 * Triton's note "Zeros in TMEM LinearLayouts": in tensor memory a zero
 * basis of row 32 or 64 (TLane bits 5, 6) is a broadcast, a copy of the
 * element in another sub-partition; any other zero basis of TLane, TCol or
 * TSub marks cells that hold nothing (DESIGN section 13).  Zeros of other
 * in-dims are copies, as everywhere in a linear layout.
 */
static bool tmem_hole_bit(const char *in_dim, int bit)
{
	if (strcmp(in_dim, "TLane") == 0)
		return bit != 5 && bit != 6;
	return strcmp(in_dim, "TCol") == 0 || strcmp(in_dim, "TSub") == 0;
}

/*
 * One in-dim's bases: each an array with one value per out dim, packed into
 * st->rows.  `shift[d]` is the bit position of out dim d in the packed
 * value.  Sets the axis's declared extent to 2^(number of bases).
 */
static int parse_in_dim(struct lay_def *def, struct lin_state *st, const char *name, json_t *bases,
			const char *ptr, const int *shift, struct lay_error *err)
{
	char q[LAY_ERR_PTR], q2[LAY_ERR_PTR];
	int ax = lay_def_axis(def, name, ptr, err);
	if (ax < 0)
		return err ? err->code : LAY_ENAME;
	if (!json_is_array(bases))
		return lay_error_set(
			err, LAY_ESCHEMA, ptr, -1,
			"the bases of in-dim %s must be an array of bases, e.g. [[0, 1], [1, 0]]",
			name);
	size_t n = json_array_size(bases);
	if (n > LIN_MAX_DIM_BITS)
		return lay_error_set(err, LAY_ELIMIT, ptr, -1,
				     "in-dim %s has %zu bases; at most %d fit a 64-bit extent",
				     name, n, LIN_MAX_DIM_BITS);
	int i = st->nin;
	st->axis[i] = ax;
	st->bits[i] = (int)n;
	for (size_t b = 0; b < n; b++) {
		json_t *basis = json_array_get(bases, b);
		lay_ptr_index(q, sizeof q, ptr, b);
		if (!json_is_array(basis) || (int)json_array_size(basis) != def->rank)
			return lay_error_set(err, LAY_ESCHEMA, q, -1,
					     "basis %zu of in-dim %s must be an array of %d "
					     "values, one per out dim",
					     b, name, def->rank);
		uint64_t row = 0;
		for (int d = 0; d < def->rank; d++) {
			int64_t v;
			lay_ptr_index(q2, sizeof q2, q, (size_t)d);
			if (lay_json_int(json_array_get(basis, (size_t)d), q2, &v, err))
				return err ? err->code : LAY_ESCHEMA;
			if (v < 0 || v >= def->shape[d])
				return lay_error_set(err, LAY_ERANGE, q2, -1,
						     "in-dim %s, basis %zu: value %lld for out dim "
						     "%s is outside 0..%lld (its size is %lld)",
						     name, b, (long long)v, def->names[d],
						     (long long)def->shape[d] - 1,
						     (long long)def->shape[d]);
			row |= (uint64_t)v << shift[d];
		}
		if (row == 0 && tmem_hole_bit(name, (int)b)) {
			st->hole[st->nrows] = true;
			st->nholes++;
		}
		st->rows[st->nrows++] = row;
	}
	/* A declared extent in "physical" must be the one the bases imply. */
	int64_t extent = (int64_t)1 << n;
	struct lay_axis *a = &def->axes[ax];
	if (a->declared && a->extent != extent) {
		lay_ptr_join(q, sizeof q, def->ptr, "physical");
		lay_ptr_join(q, sizeof q, q, name);
		return lay_error_set(
			err, LAY_ESHAPE, q, -1,
			"physical declares %s = %lld, but its %zu bases give extent %lld", name,
			(long long)a->extent, n, (long long)extent);
	}
	a->extent = extent;
	a->declared = true;
	st->nin++;
	return 0;
}

/*
 * Every hardware point, in-dims as a mixed counter with the last in-dim
 * fastest.  Moving the counter from h to h+1 flips its k+1 low bits, so the
 * packed logical value changes by the XOR of the first k+1 rows (cum[k]).
 */
static int lin_walk(const struct lay_def *def, lay_emit_fn fn, void *ctx, struct lay_error *err)
{
	const struct lin_state *st = def->state;
	int64_t coord[LAYOUTD_MAX_AXES] = { 0 };
	uint64_t cum[LAYOUTD_MAX_AXES * LIN_MAX_DIM_BITS + 1];
	int shift[LAYOUTD_MAX_AXES];
	int idx = 0;
	uint64_t x = 0, c = 0;
	if (st->nrows >= 63) /* refused by placements_bound before any walk */
		return lay_error_set(err, LAY_ELIMIT, def->ptr, -1, "too many points");
	/* rows are stored in-dim by in-dim; the counter puts the last in-dim
	 * lowest, so build cum in counter bit order. */
	for (int i = st->nin - 1, s = 0; i >= 0; i--) {
		shift[i] = s;
		s += st->bits[i];
	}
	for (int i = st->nin - 1, r0 = st->nrows; i >= 0; i--) {
		r0 -= st->bits[i];
		for (int b = 0; b < st->bits[i]; b++) {
			c ^= st->rows[r0 + b];
			cum[idx++] = c;
		}
	}
	uint64_t total = (uint64_t)1 << st->nrows, holes = 0;
	const struct lay_padding *pad = &def->padding;
	for (int i = 0, r0 = 0; i < st->nin; r0 += st->bits[i++])
		for (int b = 0; b < st->bits[i]; b++)
			if (st->hole[r0 + b])
				holes |= (uint64_t)1 << (shift[i] + b);
	for (uint64_t h = 0; h < total; h++) {
		for (int i = 0; i < st->nin; i++)
			coord[st->axis[i]] =
				(int64_t)((h >> shift[i]) & (((uint64_t)1 << st->bits[i]) - 1));
		if (pad->n) /* padded_shared: the offset in-dim padded */
			coord[pad->axis] = lay_padding_apply(pad, coord[pad->axis]);
		int rc = (h & holes) ? 0 : fn(ctx, (int64_t)x, coord, 0);
		if (rc)
			return rc;
		if (h + 1 < total)
			x ^= cum[__builtin_ctzll(h + 1)];
	}
	return 0;
}

/*
 * Structural facts, decided without enumeration: the map is surjective iff
 * its rank is the number of out bits, injective iff it is the number of in
 * bits, and every reachable element has 2^(in - rank) preimages.
 */
static json_t *lin_gf2(const struct lin_state *st)
{
	uint64_t rows[LAYOUTD_MAX_AXES * LIN_MAX_DIM_BITS];
	int n = 0;
	for (int k = 0; k < st->nrows; k++) /* the bits of cells that hold nothing: out */
		if (!st->hole[k])
			rows[n++] = st->rows[k];
	int r = lay_gf2_rank(rows, n);
	int free_bits = n - r;
	json_t *pre =
		free_bits < 63 ? json_integer((json_int_t)((int64_t)1 << free_bits)) : json_null();
	json_t *o = json_pack("{s:s,s:i,s:i,s:i,s:b,s:b,s:o}", "method", "gf2_rank", "rank", r,
			      "in_bits", n, "out_bits", st->out_bits, "injective", r == n,
			      "surjective", r == st->out_bits, "preimages", pre);
	if (st->nholes)
		json_object_set_new(o, "empty_bits", json_integer(st->nholes));
	return o;
}

/* The bases and out dims as Triton writes them: {"bases": {in: [[...]]},
 * "out": [[name, size]]}, each basis in out-dim order. */
static json_t *lin_bases_json(const struct lay_def *def, const struct lin_state *st)
{
	json_t *bases = json_object(), *out = json_array();
	for (int i = 0, r0 = 0; i < st->nin; i++) {
		json_t *list = json_array();
		for (int b = 0; b < st->bits[i]; b++) {
			json_t *v = json_array();
			uint64_t row = st->rows[r0 + b];
			for (int d = 0; d < st->rank; d++)
				json_array_append_new(
					v,
					json_integer((json_int_t)((row >> st->shift[d]) &
								  ((1ULL << st->width[d]) - 1))));
			json_array_append_new(list, v);
		}
		r0 += st->bits[i];
		json_object_set_new(bases, def->axes[st->axis[i]].name, list);
	}
	for (int d = 0; d < st->rank; d++)
		json_array_append_new(out,
				      json_pack("[s,I]", def->names[d], (json_int_t)def->shape[d]));
	return json_pack("{s:o,s:o}", "bases", bases, "out", out);
}

/* structure = {"gf2": rank facts, "linear": bases} plus the building
 * notation's own members; one object keyed by kind.  Returns a new object. */
static json_t *lin_structure(const struct lay_def *def)
{
	const struct lin_state *st = def->state;
	json_t *s = json_object();
	json_object_set_new(s, "gf2", lin_gf2(st));
	json_object_set_new(s, "linear", lin_bases_json(def, st));
	if (st->extra)
		json_object_update(s, st->extra);
	return s;
}

static void lin_form(const struct lay_def *def, struct lay_form *f)
{
	const struct lin_state *st = def->state;
	/* a point placed nowhere, or padding, is no GF(2) form: enumerate */
	if (st->nholes || def->padding.n) {
		f->kind = LAY_FORM_NONE;
		return;
	}
	f->kind = LAY_FORM_GF2;
	f->nin = st->nin;
	for (int i = 0; i < st->nin; i++) {
		f->in_axis[i] = st->axis[i];
		f->in_bits[i] = st->bits[i];
	}
	f->nrows = st->nrows;
	f->rows = st->rows;
	f->out_bits = st->out_bits;
}

static const struct lay_notation_ops lin_ops = {
	.walk = lin_walk,
	.free = lin_free,
	.ordered = false,
	.structure = lin_structure,
	.form = lin_form,
};

/* The {"bases", "out"} object at `ptr` (borrowed) -> def's state. */
static int linear_from_json(struct lay_def *def, json_t *v, json_t *whole, const char *ptr,
			    struct lay_error *err)
{
	char q[LAY_ERR_PTR], q2[LAY_ERR_PTR];
	int width[LAYOUTD_MAX_RANK], shift[LAYOUTD_MAX_RANK];
	const char *key;
	json_t *val;
	int rc;

	if (!json_is_object(v))
		return lay_error_set(err, LAY_ESCHEMA, ptr, -1,
				     "linear must be an object {\"bases\": {...}, \"out\": "
				     "[[\"dim0\", 16], ...]} or LinearLayout::toString() text");
	json_object_foreach(v, key, val)
	{
		if (strcmp(key, "bases") != 0 && strcmp(key, "out") != 0) {
			lay_ptr_join(q, sizeof q, ptr, key);
			return lay_error_set(
				err, LAY_ESCHEMA, q, -1,
				"unknown member \"%s\" in the linear layout (bases, out)", key);
		}
	}
	json_t *out = json_object_get(v, "out"), *bases = json_object_get(v, "bases");
	if (!out)
		return lay_error_set(err, LAY_ESCHEMA, ptr, -1,
				     "linear needs \"out\": [[\"dim0\", size], ...]");
	if (!bases)
		return lay_error_set(
			err, LAY_ESCHEMA, ptr, -1,
			"linear needs \"bases\": {\"register\": [...], \"lane\": [...], ...}");

	struct lin_state *st = calloc(1, sizeof *st);
	if (!st)
		return lay_error_set(err, LAY_ENOMEM, ptr, -1, "out of memory");
	def->ops = &lin_ops;
	def->state = st; /* owned by def from here on */

	lay_ptr_join(q, sizeof q, ptr, "out");
	if ((rc = parse_out(def, out, whole, q, width, err)))
		return rc;
	/* dim 0 most significant: the packed value is the row-major index */
	for (int d = def->rank - 1, s = 0; d >= 0; d--) {
		shift[d] = s;
		s += width[d];
	}
	for (int d = 0; d < def->rank; d++) {
		st->out_bits += width[d];
		st->shift[d] = shift[d];
		st->width[d] = width[d];
	}
	st->rank = def->rank;

	lay_ptr_join(q, sizeof q, ptr, "bases");
	if (!json_is_object(bases) || json_object_size(bases) == 0)
		return lay_error_set(err, LAY_ESCHEMA, q, -1,
				     "bases must be a non-empty object of in-dims, e.g. {\"lane\": "
				     "[[1, 0], [2, 0]]}");
	json_object_foreach(bases, key, val)
	{
		lay_ptr_join(q2, sizeof q2, q, key);
		if ((rc = parse_in_dim(def, st, key, val, q2, shift, err)))
			return rc;
	}

	/* 2^(total in bits) placements; past int64 it is simply too many. */
	int placed = st->nrows - st->nholes;
	def->placements_bound = placed >= 63 ? INT64_MAX : (int64_t)1 << placed;
	return 0;
}

int64_t lay_padding_invert(const struct lay_padding *p, int64_t x)
{
	if (x < 0)
		return -1;
	int64_t lo = 0, hi = x; /* P(o) >= o: o lies in [0, x] */
	while (lo < hi) {
		int64_t mid = lo + (hi - lo) / 2;
		if (lay_padding_apply(p, mid) < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lay_padding_apply(p, lo) == x ? lo : -1;
}

static int lay_linear_parse(struct lay_def *def, json_t *v, json_t *whole, struct lay_error *err)
{
	char ptr[LAY_ERR_PTR];
	lay_ptr_join(ptr, sizeof ptr, def->ptr, "linear");
	if (json_is_string(v)) {
		json_t *obj = lay_linear_text(json_string_value(v), ptr, def->max_expr_len, err);
		if (!obj)
			return err ? err->code : LAY_ESYNTAX;
		int rc = linear_from_json(def, obj, whole, ptr, err);
		json_decref(obj);
		return rc;
	}
	return linear_from_json(def, v, whole, ptr, err);
}

int lay_linear_from_bases(struct lay_def *def, json_t *linear, json_t *whole, json_t *extra,
			  const char *ptr, struct lay_error *err)
{
	int rc = linear_from_json(def, linear, whole, ptr, err);
	json_decref(linear);
	if (rc == 0 && def->state)
		((struct lin_state *)def->state)->extra = extra;
	else
		json_decref(extra);
	return rc;
}

/* ------------------------------------------------------------------ */
/* The linear notation: how its text is detected, its descriptor       */

/* A LinearLayout::toString() line: "name=digits -> (". */
static bool is_linear_text(const char *s)
{
	for (const char *p = strstr(s, "->"); p; p = strstr(p + 2, "->")) {
		const char *q = p;
		while (q > s && (q[-1] == ' ' || q[-1] == '\t'))
			q--;
		const char *d = q;
		while (d > s && isdigit((unsigned char)d[-1]))
			d--;
		if (d == q || d == s || d[-1] != '=')
			continue;
		const char *r = p + 2;
		while (*r == ' ' || *r == '\t')
			r++;
		if (*r == '(')
			return true;
	}
	return false;
}

static int detect_linear(const char *s)
{
	return is_linear_text(s) ? LAY_PASS_LINEAR : 0;
}

const struct lay_notation lay_notation_linear = {
	.key = "linear",
	.text_hint = "a linear layout's \"register=1 -> (0, 1)\" lines",
	.parse = lay_linear_parse,
	.detect = detect_linear,
	.prints = LAY_PRINTS_TRITON,
};
