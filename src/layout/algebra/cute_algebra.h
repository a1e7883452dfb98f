/*
 * cute_algebra.h - CuTe's layout algebra on in-memory nested Shape:Stride
 * layouts with static integers (cute_algebra.c), and the algebra
 * expressions of the cute notation (cute_expr.c).  docs/algebra.md
 * describes each function and the canonical form of its results.
 */
#ifndef LAYOUTD_CUTE_ALGEBRA_H
#define LAYOUTD_CUTE_ALGEBRA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "layout.h"

/* A layout (or an integer tuple): n < 0 is a leaf s:d, else n modes. */
struct ca {
	int n;
	int64_t s, d;
	struct ca **m;
};

/* A tiler or a shape operand: a layout, a tuple of tilers (`<A, B>`,
 * make_tile, a shape's modes), an integer N (N:1), or `_`. */
enum ct_kind { CT_LAYOUT, CT_TUPLE, CT_INT, CT_UNDER };
struct ct {
	int kind;
	struct ca *l;
	int64_t v;
	int n;
	struct ct **k;
};

#define CA_MAX_CHECKS 6

struct ca_check {
	const char *name;
	bool holds;
	bool proven; /* on the generators (cute_proof.c), not point by point */
	char example[200];
};

/* The working state of one evaluation: an arena of nodes, the failure
 * (code LAY_EALGEBRA for a refused precondition or a failed
 * post-condition, or another code), and the checks of the last step. */
struct ca_ctx {
	void *blocks;
	int64_t nodes; /* allocated so far, capped */
	int code;
	char msg[LAY_ERR_MSG];
	struct ca_check checks[CA_MAX_CHECKS];
	int nchecks;
	bool check; /* verify post-conditions (on by default) */
	/* cap on the points a check enumerates, LAYOUTD_MAX_CHECK_POINTS
	 * unless set */
	int64_t check_points;
	struct lay_ctx *lay; /* the request's bounds (borrowed, may be NULL) */
};
/* The request's bounds over a scan: n more points; false with the
 * refusal recorded (past the deadline, cancelled). */
bool ca_tick(struct ca_ctx *c, int64_t n);

void ca_init(struct ca_ctx *c);
void ca_free(struct ca_ctx *c);
int ca_fail(struct ca_ctx *c, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

void *ca_alloc(struct ca_ctx *c, size_t n);
struct ca *ca_leaf(struct ca_ctx *c, int64_t s, int64_t d);
struct ca *ca_tuple(struct ca_ctx *c, int n);
int ca_rank(const struct ca *l);
int64_t ca_size(const struct ca *l);
int64_t ca_cosize(const struct ca *l);
int ca_leaves(const struct ca *l, int64_t *s, int64_t *d, int max);
/* L(i), the colex function extended along the last leaf (CuTe's crd2idx). */
int64_t ca_eval(const int64_t *s, const int64_t *d, int n, int64_t i);
bool ca_equal(const struct ca *a, const struct ca *b);
/* Printed text, underscores dropped ("((2,2),3):((1,4),8)"), and the C++
 * type ("Layout<Shape<Shape<_2,_2>,_3>,Stride<Stride<_1,_4>,_8>>"). */
void ca_print(const struct ca *l, char *out, size_t n);
void ca_cpp(const struct ca *l, char *out, size_t n);
/* A shape (or profile) as text: "(4,(2,2))". */
void ct_print(const struct ct *t, char *out, size_t n);
struct ca *ca_compact(struct ca_ctx *c, const struct ca *shape, int64_t start);

/* The functions: NULL on failure with c->code and c->msg set; each fills
 * c->checks with its post-conditions when c->check. */
struct ca *ca_coalesce(struct ca_ctx *c, const struct ca *l, const struct ct *profile);
struct ca *ca_filter(struct ca_ctx *c, const struct ca *l, const struct ct *profile);
struct ca *ca_composition(struct ca_ctx *c, const struct ca *a, const struct ct *b);
/*
 * How composition, logical_divide and logical_product take a tiler: a
 * layout goes to `layout`, _ leaves A as it is, an integer n is the layout
 * n:1 (n:0 for n = 1 where unit_stride0), a tuple applies mode by mode,
 * and the modes of A past the tuple are kept or, when !keep_rest, dropped.
 * A tuple of more modes than A is refused with CuTe's words, too_many.
 */
struct ca_tiler_op {
	struct ca *(*layout)(struct ca_ctx *c, const struct ca *a, const struct ca *b);
	const char *too_many;
	bool keep_rest;
	bool unit_stride0;
};
struct ca *ca_by_tiler(struct ca_ctx *c, const struct ca *a, const struct ct *b,
		       const struct ca_tiler_op *op);
struct ca *ca_complement(struct ca_ctx *c, const struct ca *a, const struct ct *cotarget);
struct ca *ca_right_inverse(struct ca_ctx *c, const struct ca *l);
struct ca *ca_left_inverse(struct ca_ctx *c, const struct ca *l);
enum ca_regroup { CA_LOGICAL, CA_ZIPPED, CA_TILED, CA_FLAT, CA_BLOCKED, CA_RAKED };
struct ca *ca_divide(struct ca_ctx *c, int how, const struct ca *a, const struct ct *b);
struct ca *ca_product(struct ca_ctx *c, int how, const struct ca *a, const struct ct *b);
struct ca *ca_concat(struct ca_ctx *c, struct ca *const *ls, int n);
struct ca *ca_upcast(struct ca_ctx *c, const struct ca *l, int64_t n);
struct ca *ca_downcast(struct ca_ctx *c, const struct ca *l, int64_t n);
struct ca *ca_max_common_layout(struct ca_ctx *c, const struct ca *a, const struct ca *b,
				int64_t *vector);
struct ca *ca_tile_to_shape(struct ca_ctx *c, const struct ca *block, const struct ct *shape,
			    const struct ct *order);

/* A swizzled operand Sw<B,M,S> o off o L (cute_swizzled.c): the layout's
 * value x goes to Sw(off + x); sw false: the plain layout. */
struct ca_sw {
	bool sw;
	int B, M, S;
	int64_t off;
};
int64_t ca_sw_apply(const struct ca_sw *w, int64_t x);
/* CuTe's right_inverse/left_inverse of Sw o _0 o L: rinv(L) composed with
 * Sw, which CuTe writes as Sw' o _0 o rinv(L) (*out, sw false when Sw' is
 * the identity), with the round-trip check on the swizzled function. */
struct ca *ca_sw_inverse(struct ca_ctx *c, bool left, const struct ca *l, const struct ca_sw *in,
			 struct ca_sw *out);
/* CuTe's max_common_layout / max_common_vector where a or b is swizzled:
 * the common layout of the unswizzled layouts cut to 2^M elements. */
struct ca *ca_sw_max_common(struct ca_ctx *c, bool want_layout, const struct ca *a,
			    const struct ca_sw *wa, const struct ca *b, const struct ca_sw *wb,
			    int64_t *vector);

/* Shared by cute_algebra.c and cute_products.c. */
struct ca *ca_mode(const struct ca *l, int i);
bool ca_mul_ok(struct ca_ctx *c, int64_t a, int64_t b, int64_t *out);
struct ca *ca_from_leaves(struct ca_ctx *c, const int64_t *s, const int64_t *d, int n);
int ca_flat(struct ca_ctx *c, const struct ca *l, int64_t *s, int64_t *d);
struct ca *ca_coalesce_flat(struct ca_ctx *c, const struct ca *l, bool x);
struct ca *ca_ct_shape(struct ca_ctx *c, const struct ct *t);
struct ca *ca_pad(struct ca_ctx *c, const struct ca *l, int R);
struct ca *ca_pair(struct ca_ctx *c, struct ca *a, struct ca *b);
void ca_check(struct ca_ctx *c, const char *name, bool holds, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* A check that holds by a proof on the generators: `proven` stays true
 * while every instance of the check in the step is proven. */
void ca_check_proven(struct ca_ctx *c, const char *name);
int64_t *ca_image(struct ca_ctx *c, const struct ca *l, int64_t *n);
/* n points are within the check limit; else LAY_ELIMIT, false. */
bool ca_points_ok(struct ca_ctx *c, int64_t n);
bool ca_in_image(const int64_t *v, int64_t n, int64_t x);
int64_t ca_ceil_div(int64_t a, int64_t b);

/* Proofs on the generators (cute_proof.c), flat leaves s:d in, for the
 * points [0, N) of the layouts' own sizes.  ca_prove_same: 1 when f and g
 * are the same function, 0 when they differ (at the point *where), -1 when
 * their shapes have no common refinement (undecided).  ca_prove_compose:
 * true when A(B(c)) = L(c) for every c of B, L = rs:rd (*nr <= max leaves,
 * a refinement of B's shape), A extended along its last leaf; false when B's
 * strides do not fall into A's modes without carries (undecided).
 * ca_prove_injective: true when the modes of extent > 1 and stride != 0,
 * sorted by stride, each step past the span of those below (distinct
 * coordinates of those modes give distinct values); false: undecided.
 * ca_prove_increasing: 1 when L is strictly increasing on [0, N), 0 when
 * not (L(*where) <= L(*where - 1)), -1 undecided. */
int ca_prove_same(const int64_t *fs, const int64_t *fd, int nf, const int64_t *gs,
		  const int64_t *gd, int ng, int64_t *where);
bool ca_prove_compose(const int64_t *as, const int64_t *ad, int na, const int64_t *bs,
		      const int64_t *bd, int nb, int64_t *rs, int64_t *rd, int *nr, int max);
bool ca_prove_injective(const int64_t *s, const int64_t *d, int n);
int ca_prove_increasing(const int64_t *s, const int64_t *d, int n, int64_t *where);
/* R(c) = A(B(c)) for every c of B (sizes equal): ca_prove_compose, then
 * ca_prove_same against R; 1, 0 (at *where) or -1 as ca_prove_same. */
int ca_prove_composition(const struct ca *a, const struct ca *b, const struct ca *r,
			 int64_t *where);
/* The post-conditions of composition (R = A o B on B's points: proven, or
 * checked at every point, refused with LAY_EALGEBRA where it fails) and of
 * complement (R ordered and disjoint from A: true when proven; false when
 * the caller must enumerate). */
bool ca_comp_check(struct ca_ctx *c, const struct ca *a, const struct ca *b, const struct ca *r);
bool ca_prove_complement(struct ca_ctx *c, const struct ca *a, const int64_t *s, const int64_t *d,
			 int n);

/* The values of a layout at 0, 1, 2, ... without divisions: an odometer
 * over its leaves (colex), for the enumerating checks. */
struct odo {
	int n;
	int64_t s[LAYOUTD_MAX_ITERS], d[LAYOUTD_MAX_ITERS], k[LAYOUTD_MAX_ITERS], v;
};

static inline void odo_init(struct odo *o, const int64_t *s, const int64_t *d, int n)
{
	o->n = 0;
	o->v = 0;
	for (int i = 0; i < n; i++)
		if (s[i] > 1 || i == n - 1) { /* the last leaf extends */
			o->s[o->n] = s[i];
			o->d[o->n] = d[i];
			o->k[o->n++] = 0;
		}
}

static inline void odo_next(struct odo *o)
{
	for (int j = 0; j < o->n; j++) {
		if (++o->k[j] < o->s[j] || j == o->n - 1) {
			o->v += o->d[j];
			return;
		}
		o->v -= (o->s[j] - 1) * o->d[j];
		o->k[j] = 0;
	}
}

#endif
