/*
 * test_suggest.c - the swizzle search picks what an exhaustive search
 * picks: for random GF(2) thread and memory layouts, every Sw<B,M,S> the
 * search may try is analysed on its own (the swizzled offset written as
 * an expression, no suggestion asked), the best chosen by the documented
 * order (fewest wavefronts, then fewest conflicts per wavefront, then the
 * smaller B, S, M), and the suggestion must be that one.  The search's
 * own order and its early stops must not change the choice.
 */
#include "unit.h"

/* bits(e, perm[lo..hi)) packed from bit 0: "(((e >> p) & 1) << k) + ..." */
static int bits_expr(char *out, size_t n, const int *perm, int lo, int hi)
{
	size_t len = 0;
	len += (size_t)snprintf(out + len, n - len, "(0");
	for (int k = lo; k < hi; k++)
		len += (size_t)snprintf(out + len, n - len, " + (((i * 64 + j) >> %d) & 1) * %d",
					perm[k], 1 << (k - lo));
	len += (size_t)snprintf(out + len, n - len, ")");
	return (int)len;
}

static uint64_t rng = 88172645463325252ULL;
static int next_rand(int n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (int)(rng % (uint64_t)n);
}

static void shuffle(int *p, int n)
{
	for (int i = 0; i < n; i++)
		p[i] = i;
	for (int i = n - 1; i > 0; i--) {
		int k = next_rand(i + 1), t = p[i];
		p[i] = p[k];
		p[k] = t;
	}
}

/* The access analysis of offset text `off` (no suggestion): wavefronts
 * and ideal wavefronts; or with suggest, the suggestion's B, M, S. */
static bool any_vector; /* no "vector": the widest each offset assignment allows */

static int run(const char *off, const char *threads, bool suggest, int64_t *total, int64_t *ideal,
	       int *bms)
{
	static char req[16384];
	snprintf(req, sizeof req,
		 "{\"layout\": {\"logical\": [64, 64], \"expr\": {\"offset\": \"%s\"}},"
		 " \"access\": {\"threads\": {\"logical\": [64, 64], \"expr\": %s},"
		 " \"element_bits\": 32%s}%s}",
		 off, threads, any_vector ? "" : ", \"vector\": 1",
		 suggest ? ", \"suggest\": \"swizzle\"" : "");
	struct lay_error err;
	json_t *a = analyze_text(req, &err);
	CU_ASSERT_PTR_NOT_NULL(a);
	if (!a) {
		fprintf(stderr, "\n  %s: %s\n", lay_code_name(err.code), err.message);
		return -1;
	}
	json_t *acc = json_object_get(a, "access");
	*total = json_integer_value(json_object_get(acc, "wavefronts"));
	*ideal = json_integer_value(json_object_get(acc, "ideal_wavefronts"));
	if (suggest) {
		json_t *s = json_object_get(acc, "suggestion");
		bms[0] = (int)json_integer_value(json_object_get(s, "B"));
		bms[1] = (int)json_integer_value(json_object_get(s, "M"));
		bms[2] = (int)json_integer_value(json_object_get(s, "S"));
		/* the suggestion's own count, for the exhaustive one's */
		bms[3] = (int)json_integer_value(
			json_object_get(json_object_get(s, "access"), "wavefronts"));
	}
	json_decref(a);
	return 0;
}

struct pick {
	int B, M, S;
	int64_t total, ideal;
};

/* The documented order: is x better than y? */
static bool better(const struct pick *x, const struct pick *y)
{
	if (x->total != y->total)
		return x->total < y->total;
	int64_t lx = (x->total - x->ideal) * y->ideal, ly = (y->total - y->ideal) * x->ideal;
	if (lx != ly)
		return lx < ly;
	if (x->B != y->B)
		return x->B < y->B;
	if (x->S != y->S)
		return x->S < y->S;
	return x->M < y->M;
}

/* padded: rows of 65 offsets, so warp groups are no translates of each
 * other (every group's count matters); blocked: registers run along a
 * row four at a time (vectors a swizzle keeps or breaks row by row) */
static void one_case(bool padded, bool blocked)
{
	int tp[12], mp[12];
	shuffle(tp, 12);
	shuffle(mp, 12);
	char lane[1024], warp[512], reg[1024], off[1024], threads[4096];
	bits_expr(lane, sizeof lane, tp, 0, 5);
	bits_expr(warp, sizeof warp, tp, 5, 7);
	bits_expr(reg, sizeof reg, tp, 7, 12);
	if (padded)
		snprintf(off, sizeof off, "i * 65 + j");
	else
		bits_expr(off, sizeof off, mp, 0, 12);
	if (blocked) {
		snprintf(off, sizeof off, padded ? "i * 65 + j" : "i * 64 + j");
		snprintf(lane, sizeof lane, "(j // 4) %% 8 + 8 * (i %% 4)");
		snprintf(warp, sizeof warp, "(i // 4) %% 4");
		snprintf(reg, sizeof reg, "j %% 4 + 4 * (j // 32) + 8 * (i // 16)");
	}
	snprintf(threads, sizeof threads,
		 "{\"lane\": \"%s\", \"warp\": \"%s\", \"register\": \"%s\"}", lane, warp, reg);
	struct pick best = { 0 };
	int got[4];
	if (run(off, threads, true, &best.total, &best.ideal, got))
		return;
	/* offsets 0..4095 (0..4158 padded): 12 bits; 32 banks: B up to 5 */
	for (int B = 1; B <= 5; B++)
		for (int M = 0; M + 2 * B <= 12; M++)
			for (int S = B; M + S + B <= 12; S++) {
				char sw[4096];
				snprintf(sw, sizeof sw, "(%s) ^ (((%s) & %d) >> %d)", off, off,
					 ((1 << B) - 1) << (M + S), S);
				struct pick c = { B, M, S, 0, 0 };
				if (run(sw, threads, false, &c.total, &c.ideal, NULL))
					return;
				if (better(&c, &best))
					best = c;
			}
	CU_ASSERT_EQUAL(got[0], best.B);
	CU_ASSERT_EQUAL(got[1], best.M);
	CU_ASSERT_EQUAL(got[2], best.S);
	CU_ASSERT_EQUAL(got[3], best.total);
	if (got[0] != best.B || got[1] != best.M || got[2] != best.S)
		fprintf(stderr, "\n  suggested Sw<%d,%d,%d>, exhaustive Sw<%d,%d,%d>\n", got[0],
			got[1], got[2], best.B, best.M, best.S);
}

static void test_exhaustive(void)
{
	for (int k = 0; k < 3; k++)
		one_case(false, false);
	for (int k = 0; k < 2; k++)
		one_case(true, false);
	any_vector = true;
	for (int k = 0; k < 2; k++)
		one_case(false, false);
	one_case(false, true);
	one_case(true, true);
	any_vector = false;
}

int main(void)
{
	static const struct unit_test tests[] = {
		{ "the search picks what an exhaustive search picks", test_exhaustive },
		{ NULL, NULL },
	};
	return unit_main("suggest", tests);
}
