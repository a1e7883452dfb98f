/*
 * test_algebra_proof.c - the proofs on the generators behind the algebra's
 * checks (src/layout/algebra/cute_proof.c) against enumeration: for many
 * thousands of random flat layouts, every "proven" verdict holds at every
 * point, every counter-example is one, and the checks of typical
 * expressions are reported as proven.
 */
#include "algebra/cute_algebra.h"
#include "notation/cute_expr.h"
#include "unit.h"

static uint64_t rng = 0x2545f4914f6cdd1dULL;

static int64_t pick(int64_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (int64_t)(rng % (uint64_t)n);
}

static const int64_t extents[] = { 1, 2, 2, 3, 4, 4, 6, 8 };

/* Random flat leaves: compact (permuted, sometimes with gaps), or
 * arbitrary small strides, sometimes negative. */
static int rand_leaves(int64_t *s, int64_t *d, int64_t max_size)
{
	int n;
	int64_t size;
	do {
		n = 1 + (int)pick(4);
		size = 1;
		for (int i = 0; i < n; i++)
			size *= s[i] = extents[pick(8)];
	} while (size > max_size);
	if (pick(3)) {
		int order[8];
		for (int i = 0; i < n; i++)
			order[i] = i;
		for (int i = n - 1; i > 0; i--) {
			int j = (int)pick(i + 1), x = order[i];
			order[i] = order[j];
			order[j] = x;
		}
		int64_t acc = 1 + (pick(4) == 0);
		for (int i = 0; i < n; i++) {
			d[order[i]] = acc;
			acc *= s[order[i]] + (pick(4) == 0);
		}
	} else {
		static const int64_t strides[] = { 0, 1, 2, 3, 4, 8, 16, -1, 5 };
		for (int i = 0; i < n; i++)
			d[i] = strides[pick(9)];
	}
	return n;
}

static int64_t size_of(const int64_t *s, int n)
{
	int64_t p = 1;
	for (int i = 0; i < n; i++)
		p *= s[i];
	return p;
}

static int proven_compose, proven_same, proven_inj, proven_inc;

/* A(B(c)) = L(c) at every c wherever ca_prove_compose says so. */
static void test_compose(void)
{
	for (int t = 0; t < 20000; t++) {
		int64_t as[8], ad[8], bs[8], bd[8], ls[128], ld[128];
		int na = rand_leaves(as, ad, 256), nb = rand_leaves(bs, bd, 256), nl = 0;
		if (!ca_prove_compose(as, ad, na, bs, bd, nb, ls, ld, &nl, 128))
			continue;
		proven_compose++;
		int64_t N = size_of(bs, nb);
		CU_ASSERT_EQUAL(size_of(ls, nl), N);
		for (int64_t c = 0; c < N; c++) {
			int64_t want = ca_eval(as, ad, na, ca_eval(bs, bd, nb, c));
			if (ca_eval(ls, ld, nl, c) != want) {
				CU_FAIL("a proven composition differs at a point");
				break;
			}
		}
	}
	CU_ASSERT(proven_compose > 2000);
}

/* ca_prove_same: 1 only for equal functions, 0 only at a real difference. */
static void test_same(void)
{
	for (int t = 0; t < 20000; t++) {
		int64_t fs[8], fd[8], gs[8], gd[8], w = -1;
		int nf = rand_leaves(fs, fd, 64), ng;
		if (pick(2)) { /* a regrouping of f's function, perhaps perturbed */
			ng = 0;
			for (int i = 0; i < nf; i++) {
				if (fs[i] == 4 && pick(2)) {
					gs[ng] = 2;
					gd[ng++] = fd[i];
					gs[ng] = 2;
					gd[ng++] = 2 * fd[i];
				} else {
					gs[ng] = fs[i];
					gd[ng++] = fd[i];
				}
			}
			if (pick(3) == 0)
				gd[pick(ng)] += 1;
		} else {
			ng = rand_leaves(gs, gd, 64);
		}
		int64_t N = size_of(fs, nf);
		if (size_of(gs, ng) != N)
			continue;
		int v = ca_prove_same(fs, fd, nf, gs, gd, ng, &w);
		bool equal = true;
		for (int64_t i = 0; i < N; i++)
			equal &= ca_eval(fs, fd, nf, i) == ca_eval(gs, gd, ng, i);
		if (v == 1) {
			proven_same++;
			CU_ASSERT(equal);
		} else if (v == 0) {
			CU_ASSERT(w >= 0 && w < N);
			CU_ASSERT(ca_eval(fs, fd, nf, w) != ca_eval(gs, gd, ng, w));
		}
	}
	CU_ASSERT(proven_same > 2000);
}

/* ca_prove_injective and ca_prove_increasing against enumeration. */
static void test_order(void)
{
	for (int t = 0; t < 20000; t++) {
		int64_t s[8], d[8], w = -1;
		int n = rand_leaves(s, d, 128);
		int64_t N = size_of(s, n);
		bool inc = true;
		for (int64_t i = 1; i < N; i++)
			inc &= ca_eval(s, d, n, i) > ca_eval(s, d, n, i - 1);
		int v = ca_prove_increasing(s, d, n, &w);
		CU_ASSERT(v != -1);
		CU_ASSERT_EQUAL(v == 1, inc);
		if (v == 0)
			CU_ASSERT(w > 0 && w < N && ca_eval(s, d, n, w) <= ca_eval(s, d, n, w - 1));
		proven_inc += v == 1;
		if (ca_prove_injective(s, d, n)) {
			/* distinct values for distinct coordinates of the modes of stride != 0 */
			int64_t ks[8], kd[8];
			int m = 0;
			for (int i = 0; i < n; i++)
				if (d[i] != 0) {
					ks[m] = s[i];
					kd[m++] = d[i];
				}
			int64_t M = size_of(ks, m);
			char *seen = calloc((size_t)(M * 64 + 1), 1);
			for (int64_t i = 0; seen && m > 0 && i < M; i++) {
				int64_t v2 = ca_eval(ks, kd, m, i);
				CU_ASSERT(v2 >= 0 && v2 <= M * 64 && !seen[v2]);
				if (v2 >= 0 && v2 <= M * 64)
					seen[v2] = 1;
			}
			free(seen);
			proven_inj++;
		}
	}
	CU_ASSERT(proven_inj > 1000);
	CU_ASSERT(proven_inc > 1000);
}

static json_t *algebra_of(const char *text)
{
	char *res = NULL;
	json_t *alg = NULL;
	struct lay_error err;
	CU_ASSERT_EQUAL(lay_cute_algebra(text, "/cute", &res, &alg, &err), 0);
	free(res);
	return alg;
}

/* A typical expression's checks are proofs; a composition CuTe gets wrong
 * (cutlass#3177) is still caught: its proof finds the counter-example. */
static void test_reported(void)
{
	json_t *alg = algebra_of(
		"zipped_divide(composition((256,256):(256,1), (256,256):(1,256)), <16:1, 16:1>)");
	json_t *steps = json_object_get(alg, "steps");
	CU_ASSERT(json_array_size(steps) >= 2);
	size_t i, j;
	json_t *st, *k;
	int proofs = 0;
	json_array_foreach(steps, i, st)
	{
		json_array_foreach(json_object_get(st, "checks"), j, k)
		{
			CU_ASSERT(json_is_true(json_object_get(k, "holds")));
			proofs += json_object_get(k, "proof") != NULL;
		}
	}
	CU_ASSERT(proofs >= 3);
	json_decref(alg);

	alg = algebra_of("composition((8,3):(8,5), 6:3)");
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(alg, "result")), "(3,2):(24,13)");
	json_decref(alg);

	/* a 2^24-point composition, past what enumeration does quickly, proven */
	alg = algebra_of("composition((4096,4096):(4096,1), (4096,4096):(1,4096))");
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(alg, "result")),
			       "(4096,4096):(4096,1)");
	json_decref(alg);
}

/* One call with a tiny check limit: either every check it reports is a
 * proof (and holds), or it is refused with LAY_ELIMIT; never a check that
 * holds after enumerating part of the points.  Returns 1 for a refusal. */
static int capped(int fn, const int64_t *s, const int64_t *d, int n, const int64_t *s2,
		  const int64_t *d2, int n2)
{
	struct ca_ctx c;
	ca_init(&c);
	c.check_points = 2;
	struct ca *l = ca_from_leaves(&c, s, d, n), *l2 = ca_from_leaves(&c, s2, d2, n2), *r;
	struct ct t = { CT_INT, NULL, 64, 0, NULL };
	int64_t vec;
	switch (fn) {
	case 0:
		r = ca_coalesce(&c, l, NULL);
		break;
	case 1:
		r = ca_complement(&c, l, &t);
		break;
	case 2:
		r = ca_right_inverse(&c, l);
		break;
	case 3:
		r = ca_left_inverse(&c, l);
		break;
	default:
		r = ca_max_common_layout(&c, l, l2, &vec);
		break;
	}
	int refused = 0;
	if (r) {
		for (int i = 0; i < c.nchecks; i++)
			CU_ASSERT(c.checks[i].holds &&
				  (c.checks[i].proven || strstr(c.checks[i].name, "size")));
	} else {
		CU_ASSERT(c.code == LAY_ELIMIT || c.code == LAY_EALGEBRA);
		refused = c.code == LAY_ELIMIT;
		if (refused)
			CU_ASSERT(strstr(c.msg, "over the limit 2") != NULL);
	}
	ca_free(&c);
	return refused;
}

/* Every enumerating check (coalesce, complement, the inverses,
 * max_common_layout) refuses past its limit rather than stopping there. */
static void test_check_limit(void)
{
	int refusals[5] = { 0 };
	for (int t = 0; t < 4000; t++) {
		int64_t s[8], d[8], s2[8], d2[8];
		int n = rand_leaves(s, d, 64), n2 = rand_leaves(s2, d2, 64);
		for (int k = 0; k < n; k++)
			d[k] = d[k] < 0 ? -d[k] : d[k]; /* the inverses take no negative strides */
		refusals[t % 5] += capped(t % 5, s, d, n, s2, d2, n2);
	}
	/* coalesce, complement and right_inverse prove these draws; the left
	 * inverse and max_common_layout meet their limit */
	CU_ASSERT(refusals[3] > 0);
	CU_ASSERT(refusals[4] > 0);
}

/* A check of exactly the point limit enumerates every point and holds;
 * one point more is refused (LAY_ELIMIT), never answered unchecked. */
static void test_points_at_limit(void)
{
	struct ca_ctx c;
	ca_init(&c);
	CU_ASSERT_EQUAL(c.check_points, LAYOUTD_MAX_CHECK_POINTS);
	c.check_points = 8;
	CU_ASSERT_TRUE(ca_points_ok(&c, 8));
	CU_ASSERT_EQUAL(c.code, 0);
	CU_ASSERT_TRUE(ca_points_ok(&c, 0));
	CU_ASSERT_FALSE(ca_points_ok(&c, 9));
	CU_ASSERT_EQUAL(c.code, LAY_ELIMIT);
	ca_free(&c);
	/* the default limit, 2^26: at it and one past */
	ca_init(&c);
	CU_ASSERT_TRUE(ca_points_ok(&c, (int64_t)1 << 26));
	CU_ASSERT_FALSE(ca_points_ok(&c, ((int64_t)1 << 26) + 1));
	CU_ASSERT_EQUAL(c.code, LAY_ELIMIT);
	ca_free(&c);
}

static int64_t sw_at(const struct ca_sw *w, const int64_t *s, const int64_t *d, int n, int64_t x)
{
	int64_t v = ca_eval(s, d, n, x) + (w->sw ? w->off : 0);
	if (!w->sw)
		return v;
	int64_t y = v & ((((int64_t)1 << w->B) - 1) << (w->M + (w->S > 0 ? w->S : 0)));
	return v ^ (w->S >= 0 ? y >> w->S : y << -w->S);
}

/* Random compact layouts of power-of-two extents under random swizzles:
 * the right and left inverses CuTe defines either invert the swizzled
 * function at every point (checked here independently) or are refused;
 * max_common_layout's elements are contiguous in the swizzled layout. */
static void test_swizzled(void)
{
	int answered = 0, refused = 0, proven = 0;
	for (int t = 0; t < 3000; t++) {
		struct ca_ctx c;
		ca_init(&c);
		int64_t s[4], d[4], acc = 1;
		int n = 1 + (int)pick(3), order[4] = { 0, 1, 2, 3 };
		for (int i = n - 1; i > 0; i--) {
			int j = (int)pick(i + 1), x = order[i];
			order[i] = order[j];
			order[j] = x;
		}
		for (int i = 0; i < n; i++)
			s[i] = (int64_t)2 << pick(4);
		for (int i = 0; i < n; i++) {
			d[order[i]] = acc;
			acc *= s[order[i]];
		}
		int B = 1 + (int)pick(3);
		struct ca_sw in = { true, B, (int)pick(4), B + (int)pick(2), 0 }, out;
		if (pick(4) == 0)
			in.S = -in.S;
		struct ca *l = ca_from_leaves(&c, s, d, n);
		bool left = t & 1;
		struct ca *r = ca_sw_inverse(&c, left, l, &in, &out);
		if (!r) {
			CU_ASSERT_EQUAL(c.code, LAY_EALGEBRA);
			refused++;
			ca_free(&c);
			continue;
		}
		answered++;
		proven += c.nchecks == 1 && c.checks[0].proven;
		int64_t rs[64], rd[64];
		int nr = ca_leaves(r, rs, rd, 64);
		int64_t N = left ? ca_size(l) : ca_size(r);
		for (int64_t i = 0; i < N; i++) {
			int64_t want = left ? sw_at(&in, s, d, n, i) : i;
			int64_t x = sw_at(&out, rs, rd, nr, want);
			if (sw_at(&in, s, d, n, x) != want) {
				CU_FAIL("a swizzled inverse answered does not invert");
				break;
			}
		}
		int64_t vec;
		struct ca_sw plain = { 0 };
		struct ca *m = ca_sw_max_common(&c, true, l, &in, l, &plain, &vec);
		CU_ASSERT_PTR_NOT_NULL(m);
		if (m) {
			int64_t ms[64], md[64];
			int nm = ca_leaves(m, ms, md, 64);
			CU_ASSERT(ca_size(m) <= ((int64_t)1 << in.M));
			for (int64_t i = 0; i < ca_size(m); i++)
				CU_ASSERT_EQUAL(sw_at(&in, s, d, n, ca_eval(ms, md, nm, i)), i);
		}
		ca_free(&c);
	}
	CU_ASSERT(answered > 100);
	CU_ASSERT(refused > 0);
	CU_ASSERT(proven > 0 && proven < answered); /* both ways of checking */
}

int main(void)
{
	static const struct unit_test tests[] = {
		{ "proven compositions hold at every point", test_compose },
		{ "equal functions, or a counter-example", test_same },
		{ "increasing and injective", test_order },
		{ "checks reported as proofs", test_reported },
		{ "no check stops at its limit", test_check_limit },
		{ "a check of exactly the point limit", test_points_at_limit },
		{ "swizzled inverses invert or are refused", test_swizzled },
		{ NULL, NULL },
	};
	return unit_main("algebra_proof", tests);
}
