/*
 * cute_swizzled.c - the inverses and max_common_layout/max_common_vector of
 * swizzled layouts Sw<B,M,S> o off o L, as CuTe C++ defines them
 * (swizzle_layout.hpp), with their post-conditions checked on the swizzled
 * function itself.
 *
 * right_inverse(Sw o _0 o L) is rinv(L) o Sw; CuTe moves the swizzle to the
 * outside, Sw' o _0 o rinv(L), Sw' the swizzle whose bit masks are rinv(L)
 * applied to Sw's.  That holds only where rinv(L) maps Sw's bits to bits,
 * so the round trip is checked at every point and a result that does not
 * invert the layout is refused.  A nonzero offset gives CuTe's
 * rinv(L) o -off o Sw, which is no layout of the form Sw o offset o L:
 * refused.  max_common_layout(Sw o off o A, B) is the common layout of A
 * and B cut to its first 2^M elements (the swizzle leaves the M low bits
 * alone); max_common_vector likewise, and with two swizzles the vector of
 * the two layouts, cut to 2^M of each swizzle unless they are the same.
 *
 * The checks are proven rather than enumerated where every function in
 * them moves the bits of its argument (GF(2)-linear): a swizzle with a zero
 * offset always does, and a layout does when its extents are powers of two
 * and its strides 0 or powers of two whose bit ranges do not overlap (the
 * last mode extending upward above all others).  Then both sides of a check
 * are linear and agree on [0, 2^k) exactly when they agree at 1, 2, 4, ...
 */
#include <stdio.h>
#include <string.h>

#include "algebra/cute_algebra.h"

#define CA_MAXL LAYOUTD_MAX_ITERS

int64_t ca_sw_apply(const struct ca_sw *w, int64_t x)
{
	if (!w->sw)
		return x;
	x += w->off;
	int64_t yyy = (((int64_t)1 << w->B) - 1) << (w->M + (w->S > 0 ? w->S : 0));
	int64_t y = x & yyy;
	return x ^ (w->S >= 0 ? y >> w->S : y << -w->S);
}

static int log2_exact(int64_t x)
{
	return x > 0 && !(x & (x - 1)) ? __builtin_ctzll((unsigned long long)x) : -1;
}

/* l moves the bits of every x < size(l) = 2^*dom to other places, no two
 * to the same place, into the bits *out: GF(2)-linear on [0, size(l)). */
static bool bit_linear(const struct ca *l, int *dom, int64_t *out)
{
	int64_t s[CA_MAXL], d[CA_MAXL];
	int n = ca_leaves(l, s, d, CA_MAXL);
	*dom = 0;
	*out = 0;
	for (int k = 0; k < n; k++) {
		int e = log2_exact(s[k]), t = d[k] ? log2_exact(d[k]) : 0;
		if (e < 0 || t < 0 || t + e > 62 || *dom + e > 62)
			return false;
		*dom += e;
		int64_t bits = d[k] ? (((int64_t)1 << e) - 1) << t : 0;
		if (*out & bits)
			return false;
		*out |= bits;
	}
	return n >= 1;
}

/* The bits a swizzle with a zero offset may set, given its argument's. */
static int64_t sw_bits(const struct ca_sw *w, int64_t m)
{
	if (!w->sw)
		return m;
	int64_t y = m & ((((int64_t)1 << w->B) - 1) << (w->M + (w->S > 0 ? w->S : 0)));
	int64_t z = w->S >= 0 ? y >> w->S : y << -w->S;
	return z >> 62 ? -1 : m | z;
}

/* m is a set of bits below 2^dom. */
static bool within(int64_t m, int dom)
{
	return m >= 0 && (m >> dom) == 0;
}

static int64_t mask_at(const struct ca *r, int64_t m)
{
	int64_t s[CA_MAXL], d[CA_MAXL];
	int n = ca_leaves(r, s, d, CA_MAXL);
	return n > 0 ? ca_eval(s, d, n, m) : -1;
}

/* CuTe's make_swizzle<Y, Z>: the swizzle whose bit masks are Y and Z, or a
 * refusal where CuTe's static_asserts refuse. */
static bool make_swizzle(struct ca_ctx *c, const char *fn, int64_t Y, int64_t Z, struct ca_sw *out)
{
	if (Y < 0 || Z < 0 || Y > INT32_MAX || Z > INT32_MAX) {
		ca_fail(c, LAY_EALGEBRA,
			"%s: the inverse maps the swizzle's bit masks to %lld and %lld, outside "
			"CuTe's 32-bit swizzle masks",
			fn, (long long)Y, (long long)Z);
		return false;
	}
	int by = __builtin_popcountll((unsigned long long)Y);
	int bz = __builtin_popcountll((unsigned long long)Z);
	if (by != bz) {
		ca_fail(c, LAY_EALGEBRA,
			"%s: the inverse maps the swizzle's bit masks to %lld and %lld, which have "
			"%d and %d bits (CuTe: \"Number of bits in Y and Z don't match\")",
			fn, (long long)Y, (long long)Z, by, bz);
		return false;
	}
	int ty = Y ? __builtin_ctzll((unsigned long long)Y) : 32;
	int tz = Z ? __builtin_ctzll((unsigned long long)Z) : 32;
	int B = by, M = (ty < tz ? ty : tz) % 32, S = ty - tz, as = S < 0 ? -S : S;
	if (as < B) {
		ca_fail(c, LAY_EALGEBRA,
			"%s: the inverse's swizzle would be Sw<%d,%d,%d> (bit masks %lld and "
			"%lld), "
			"whose shift is smaller than its bits (CuTe: \"abs(SShift) must be more "
			"than BBits.\")",
			fn, B, M, S, (long long)Y, (long long)Z);
		return false;
	}
	int64_t bm = ((int64_t)1 << B) - 1;
	int64_t code = (bm << (M + (S > 0 ? S : 0))) | (bm << (M - (S < 0 ? S : 0)));
	if (code != (Y | Z)) {
		ca_fail(c, LAY_EALGEBRA,
			"%s: the inverse maps the swizzle's bit masks to %lld and %lld, which are "
			"no swizzle's masks (CuTe: \"Something went wrong.\")",
			fn, (long long)Y, (long long)Z);
		return false;
	}
	*out = (struct ca_sw){ B > 0, B, M, S, 0 };
	return true;
}

/* The functions of the round trip are GF(2)-linear where they are applied,
 * each one's bits within the next one's domain. */
static bool lin_round_trip(bool left, const struct ca *l, const struct ca_sw *in,
			   const struct ca *r, const struct ca_sw *out)
{
	int dl, dr;
	int64_t ml, mr;
	if ((in->sw && in->off) || (out->sw && out->off) || !bit_linear(l, &dl, &ml) ||
	    !bit_linear(r, &dr, &mr))
		return false;
	int64_t f = sw_bits(in, ml), g = sw_bits(out, mr);
	return within(g, dl) && (!left || within(f, dr));
}

/* The round trip of the inverse R = out o r of F = in o l: F(R(i)) = i on
 * R's points (right), F(R(F(i))) = F(i) on F's (left). */
static bool inverse_check(struct ca_ctx *c, bool left, const struct ca *l, const struct ca_sw *in,
			  const struct ca *r, const struct ca_sw *out)
{
	int64_t ls[CA_MAXL], ld[CA_MAXL], rs[CA_MAXL], rd[CA_MAXL];
	int nl = ca_flat(c, l, ls, ld), nr = ca_flat(c, r, rs, rd);
	int64_t N = left ? ca_size(l) : ca_size(r);
	const char *name = left ? "L(R(L(i))) = L(i)" : "L(R(i)) = i";
	bool lin = lin_round_trip(left, l, in, r, out);
	if (nl < 0 || nr < 0)
		return false;
	for (int64_t i = 0; i < N && (lin || i < c->check_points);
	     i = lin ? (i ? 2 * i : 1) : i + 1) {
		int64_t want = left ? ca_sw_apply(in, ca_eval(ls, ld, nl, i)) : i;
		int64_t x = ca_sw_apply(out, ca_eval(rs, rd, nr, want));
		int64_t got = ca_sw_apply(in, ca_eval(ls, ld, nl, x));
		if (got != want) {
			char rt[256];
			ca_print(r, rt, sizeof rt);
			ca_check(c, name, false, "i = %lld: %lld, not %lld", (long long)i,
				 (long long)got, (long long)want);
			ca_fail(c, LAY_EALGEBRA,
				"%s: CuTe's result Sw<%d,%d,%d> o 0 o %s does not invert the "
				"swizzled "
				"layout: at i = %lld it gives %lld, not %lld (CuTe moves the "
				"swizzle "
				"through the inverse, which holds only where the inverse maps the "
				"swizzle's bits to bits)",
				left ? "left_inverse" : "right_inverse", out->B, out->M, out->S, rt,
				(long long)i, (long long)got, (long long)want);
			return false;
		}
	}
	if (!lin && !ca_points_ok(c, N)) /* no counter-example, not every point */
		return false;
	if (lin)
		ca_check_proven(c, name);
	else
		ca_check(c, name, true, NULL);
	return true;
}

struct ca *ca_sw_inverse(struct ca_ctx *c, bool left, const struct ca *l, const struct ca_sw *in,
			 struct ca_sw *out)
{
	const char *fn = left ? "left_inverse" : "right_inverse";
	if (in->off != 0) {
		ca_fail(c, LAY_EALGEBRA,
			"%s: of a swizzled layout with the offset %lld, CuTe's result is "
			"inverse(L) o %lld o Sw<%d,%d,%d>, a swizzle inside a layout, which no "
			"Sw o offset o layout text can write",
			fn, (long long)in->off, (long long)-in->off, in->B, in->M, in->S);
		return NULL;
	}
	bool check = c->check;
	c->check = false; /* the round trip is checked on the swizzled function */
	struct ca *r = left ? ca_left_inverse(c, l) : ca_right_inverse(c, l);
	c->check = check;
	if (!r)
		return NULL;
	int64_t bm = ((int64_t)1 << in->B) - 1;
	int64_t yyy = bm << (in->M + (in->S > 0 ? in->S : 0));
	int64_t zzz = bm << (in->M - (in->S < 0 ? in->S : 0));
	if (!make_swizzle(c, fn, mask_at(r, yyy), mask_at(r, zzz), out))
		return NULL;
	c->nchecks = 0;
	if (check && !inverse_check(c, left, l, in, r, out))
		return NULL;
	return r;
}

/* a(R(i)) - a(R(0)) = b(R(i)) - b(R(0)) for i < n: the n elements are at
 * the same relative places in both (contiguous when one is unswizzled). */
static bool common_check(struct ca_ctx *c, const char *fn, const struct ca *a,
			 const struct ca_sw *wa, const struct ca *b, const struct ca_sw *wb,
			 const struct ca *r, int64_t n)
{
	int64_t as[CA_MAXL], ad[CA_MAXL], bs[CA_MAXL], bd[CA_MAXL], rs[CA_MAXL], rd[CA_MAXL];
	int na = ca_flat(c, a, as, ad), nb = ca_flat(c, b, bs, bd), nr = ca_flat(c, r, rs, rd);
	const char *name = "a(R(i)) - a(R(0)) = b(R(i)) - b(R(0))";
	int da, db, dr;
	int64_t ma, mb, mr;
	bool lin = log2_exact(n) >= 0 && !(wa->sw && wa->off) && !(wb->sw && wb->off) &&
		   bit_linear(a, &da, &ma) && bit_linear(b, &db, &mb) && bit_linear(r, &dr, &mr) &&
		   n <= ca_size(r) && within(mr, da) && within(mr, db);
	if (na < 0 || nb < 0 || nr < 0)
		return false;
	int64_t a0 = 0, b0 = 0;
	for (int64_t i = 0; i < n && (lin || i < c->check_points);
	     i = lin ? (i ? 2 * i : 1) : i + 1) {
		int64_t x = ca_eval(rs, rd, nr, i);
		int64_t va = ca_sw_apply(wa, ca_eval(as, ad, na, x));
		int64_t vb = ca_sw_apply(wb, ca_eval(bs, bd, nb, x));
		if (i == 0) {
			a0 = va;
			b0 = vb;
		}
		if (va - a0 != vb - b0) {
			ca_check(c, name, false, "i = %lld: a(R(i)) = %lld, b(R(i)) = %lld",
				 (long long)i, (long long)va, (long long)vb);
			ca_fail(c, LAY_EALGEBRA,
				"%s: CuTe's common part of %lld elements is not common to the "
				"swizzled layouts: at i = %lld, a(R(i)) = %lld and b(R(i)) = %lld "
				"(from %lld and %lld; CuTe assumes the offset leaves the swizzle's "
				"low bits alone)",
				fn, (long long)n, (long long)i, (long long)va, (long long)vb,
				(long long)a0, (long long)b0);
			return false;
		}
	}
	if (!lin && !ca_points_ok(c, n))
		return false;
	if (lin)
		ca_check_proven(c, name);
	else
		ca_check(c, name, true, NULL);
	return true;
}

struct ca *ca_sw_max_common(struct ca_ctx *c, bool want_layout, const struct ca *a,
			    const struct ca_sw *wa, const struct ca *b, const struct ca_sw *wb,
			    int64_t *vector)
{
	const char *fn = want_layout ? "max_common_layout" : "max_common_vector";
	if (want_layout && wa->sw && wb->sw) {
		ca_fail(c, LAY_EALGEBRA,
			"max_common_layout: of two swizzled layouts CuTe defines none (it has "
			"max_common_vector for two, max_common_layout for one swizzled layout)");
		return NULL;
	}
	struct ca *common = ca_max_common_layout(c, a, b, vector);
	if (!common)
		return NULL;
	int64_t vec = *vector, base;
	struct ca *r = common;
	if (wa->sw && wb->sw) {
		if (wa->B != wb->B || wa->M != wb->M || wa->S != wb->S) {
			int m = wa->M < wb->M ? wa->M : wb->M;
			base = (int64_t)1 << m;
			vec = vec < base ? vec : base;
		}
	} else {
		base = (int64_t)1 << (wa->sw ? wa->M : wb->M);
		vec = vec < base ? vec : base;
		if (want_layout && base < ca_size(common)) {
			struct ct t = { CT_INT, NULL, base, 0, NULL };
			if (!(r = ca_composition(c, common, &t)))
				return NULL;
		}
	}
	*vector = vec;
	c->nchecks = 0;
	if (c->check && !common_check(c, fn, a, wa, b, wb, r, want_layout ? ca_size(r) : vec))
		return NULL;
	return r;
}
